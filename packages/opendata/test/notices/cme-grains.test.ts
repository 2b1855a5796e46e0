import { checkNotices, closed, trades } from './notices.js';

// The overnight session from 19:00 CT belongs to the next trade date.
const C = 'CME Group holiday calendar, grain products';
checkNotices('US.CME.AGRI.GRAINS', [
  trades('2023-11-24', '2023-11-23T19:00', '12:05', '-06:00', `${C}: early close on the day after Thanksgiving`),
  closed('2024-03-29', `${C}: Good Friday`),
  trades('2026-03-09', '2026-03-08T19:00', '13:20', '-05:00', `${C}: first session after the clock change`),
  closed('2026-04-03', `${C}: Good Friday`),
  trades('2026-06-22', '2026-06-21T19:00', '13:20', '-05:00', `${C}: regular session`),
  closed('2026-07-03', `${C}: Independence Day observed`),
  closed('2026-11-26', `${C}: Thanksgiving`),
  trades('2026-11-27', '2026-11-26T19:00', '12:05', '-06:00', `${C}: early close on the day after Thanksgiving`),
  closed('2026-12-25', `${C}: Christmas`),
  closed('2027-01-01', `${C}: New Year's Day`),
  closed('2027-11-25', `${C}: Thanksgiving`),
  closed('2027-12-24', `${C}: Christmas observed`),
]);
