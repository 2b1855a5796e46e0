// Ljubljana Stock Exchange against its trading calendars, its trading schedule and the holiday act.
import { checkNotices, closed, trades } from './notices.js';

const CAL21 = 'LJSE: trading calendar for 2021';
const CAL24 = 'LJSE: non-trading days 2024';
const ACT = 'Holidays and Work-Free Days Act';
checkNotices('SI.LJSE', [
  closed('2002-05-03', 'LJSE: 3 May 2002 not a trading day (the depository moved)'),
  trades('2006-12-27', '09:30', '13:00', '+01:00', 'LJSE: last trading day of 2006, 9:30 to 13:00'),
  closed('2006-12-28', 'LJSE: trading halted on 28 and 29 December 2006 for the euro'),
  closed('2007-04-06', 'LJSE: no trading on Good Friday 2007'),
  closed('2021-02-08', CAL21),
  closed('2021-04-02', `${CAL21} (Good Friday)`),
  closed('2021-12-24', `${CAL21} (other non-trading day)`),
  closed('2021-12-31', `${CAL21} (other non-trading day)`),
  closed('2024-01-02', CAL24),
  closed('2024-10-31', CAL24),
  trades('2020-08-18', '09:15', '15:15', '+02:00', 'LJSE: trading schedule (continuous 9:15-15:15)'),
  trades('2026-03-27', '09:15', '15:15', '+01:00', 'LJSE: trading schedule, last day of winter time'),
  trades('2026-03-30', '09:15', '15:15', '+02:00', 'LJSE: trading schedule, first Monday of summer time'),
  closed('2026-04-27', `${ACT}: Day of Uprising Against Occupation`),
  closed('2026-12-24', 'LJSE: Christmas Eve non-trading day'),
  closed('2027-03-26', 'LJSE: Good Friday non-trading day'),
  closed('2027-04-27', `${ACT}: Day of Uprising Against Occupation`),
  trades('2027-05-03', '09:15', '15:15', '+02:00', `${ACT}: holidays on a weekend are not moved`),
  closed('2018-12-31', "STA, 31 Dec 2018: the Ljubljana Stock Exchange is already closed on New Year's Eve"),
  closed('2025-12-24', 'Siol, 16 Dec 2025: no trading on the Ljubljana Stock Exchange on 24 December'),
  closed('2025-12-31', 'Siol, 16 Dec 2025: no trading on the Ljubljana Stock Exchange on 31 December'),
]);
