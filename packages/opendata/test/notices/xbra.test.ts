// Bratislava Stock Exchange against its trading days, its phases and the holiday act.
import { checkNotices, closed, trades } from './notices.js';

const BCPB = 'BCPB: days that are not trading days in 2023';
const ACT = 'Act 241/1993 as amended';
checkNotices('SK.BSSE', [
  closed('2023-01-06', BCPB),
  closed('2023-04-07', BCPB),
  closed('2023-05-08', BCPB),
  closed('2023-08-29', BCPB),
  closed('2023-09-01', BCPB),
  closed('2023-09-15', BCPB),
  closed('2023-11-17', BCPB),
  closed('2023-12-26', BCPB),
  trades('2023-10-20', '11:00', '15:30', '+02:00', 'BCPB: phases of the trading day'),
  trades('2026-03-27', '11:00', '15:30', '+01:00', 'BCPB: phases of the trading day, last day of winter time'),
  trades('2026-03-30', '11:00', '15:30', '+02:00', 'BCPB: phases of the trading day, first Monday of summer time'),
  trades('2025-09-01', '11:00', '15:30', '+02:00', `${ACT}: 1 September not a day of rest from 2024`),
  trades('2025-11-17', '11:00', '15:30', '+01:00', `${ACT}: 17 November not a day of rest from 2025`),
  trades('2026-05-08', '11:00', '15:30', '+02:00', `${ACT}: 8 May not a day of rest in 2026`),
  trades('2026-09-15', '11:00', '15:30', '+02:00', `${ACT}: 15 September not a day of rest in 2026`),
  closed('2026-04-03', `${ACT}: Good Friday`),
  closed('2027-01-06', `${ACT}: Epiphany`),
  closed('2027-12-24', `${ACT}: Christmas Eve`),
]);
