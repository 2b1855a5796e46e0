import { checkNotices, closed, trades } from './notices.js';

// Globex sessions start the evening before the trade date they belong to.
const C = 'CME Group holiday calendar, equity index products';
checkNotices('US.CME.EQUITY.USINDEX1', [
  trades('2019-12-24', '2019-12-23T17:00', '12:15', '-06:00', `${C}: early close on Christmas Eve`),
  trades('2019-12-31', '2019-12-30T17:00', '16:00', '-06:00', `${C}: New Year's Eve is a regular session`),
  trades('2021-12-23', '2021-12-22T17:00', '16:00', '-06:00', `${C}: regular session before the observed Christmas`),
  closed('2021-12-24', `${C}: Christmas observed`),
  trades('2024-12-24', '2024-12-23T17:00', '12:15', '-06:00', `${C}: early close on Christmas Eve`),
  trades('2024-12-31', '2024-12-30T17:00', '16:00', '-06:00', `${C}: New Year's Eve is a regular session`),
  trades('2026-03-09', '2026-03-08T17:00', '16:00', '-05:00', `${C}: first session after the clock change`),
  trades('2026-11-27', '2026-11-26T17:00', '12:15', '-06:00', `${C}: early close on the day after Thanksgiving`),
  trades('2026-12-24', '2026-12-23T17:00', '12:15', '-06:00', `${C}: early close on Christmas Eve`),
  closed('2026-12-25', `${C}: Christmas`),
  closed('2027-01-01', `${C}: New Year's Day`),
  trades('2027-11-26', '2027-11-25T17:00', '12:15', '-06:00', `${C}: early close on the day after Thanksgiving`),
  closed('2027-12-24', `${C}: Christmas observed`),
]);
