import { checkNotices, closed, trades } from './notices.js';

// US Dollar Index futures: the session starts the evening before (Sunday 18:00 ET) and belongs to
// the trade date it ends on; on US holidays ICE's currency and index contracts trade with an
// early close (footnote 1 of the holiday calendar), modelled as a close at 13:00 ET.
const C = 'ICE Futures U.S. 2025 Trading Holiday Calendar (currency contracts)';
const H = 'ICE Futures U.S. US Dollar Index futures trading hours';
checkNotices('US.ICEUS', [
  closed('2025-01-01', `${C}: New Year's Day closed`),
  trades('2025-01-20', '2025-01-19T18:00', '13:00', '-05:00', `${C}: Martin Luther King Day open with early close`),
  trades('2025-02-17', '2025-02-16T18:00', '13:00', '-05:00', `${C}: Presidents Day open with early close`),
  closed('2025-04-18', `${C}: Good Friday closed`),
  trades('2025-05-26', '2025-05-25T18:00', '13:00', '-04:00', `${C}: Memorial Day open with early close`),
  trades('2025-06-19', '2025-06-18T20:00', '13:00', '-04:00', `${C}: Juneteenth open with early close`),
  trades('2025-07-04', '2025-07-03T20:00', '13:00', '-04:00', `${C}: Independence Day open with early close`),
  trades('2025-09-01', '2025-08-31T18:00', '13:00', '-04:00', `${C}: Labor Day open with early close`),
  trades('2025-10-13', '2025-10-12T18:00', '17:00', '-04:00', `${C}: Columbus Day open`),
  trades('2025-11-11', '2025-11-10T20:00', '17:00', '-05:00', `${C}: Veterans Day open`),
  trades('2025-11-27', '2025-11-26T20:00', '13:00', '-05:00', `${C}: Thanksgiving open with early close`),
  closed('2025-12-25', `${C}: Christmas Day closed`),
  trades('2026-03-09', '2026-03-08T18:00', '17:00', '-04:00', `${H}: Sunday 18:00 open after the clock change`),
  trades('2026-03-10', '2026-03-09T20:00', '17:00', '-04:00', `${H}: 20:00-17:00 ET`),
  closed('2026-12-25', `${C}: Christmas Day (same rule)`),
  closed('2027-01-01', `${C}: New Year's Day (same rule)`),
  trades('2027-01-18', '2027-01-17T18:00', '13:00', '-05:00', `${C}: Martin Luther King Day (same rule)`),
]);
