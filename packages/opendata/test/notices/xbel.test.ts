// Belgrade Stock Exchange against its exchange calendars, its trading phases and the holiday act.
import { checkNotices, closed, trades } from './notices.js';

const CAL25 = 'BELEX: non-trading days in 2025';
const ACT = 'Act on State and Other Holidays';
checkNotices('RS.BELEX', [
  closed('2010-05-03', 'BELEX: calendar of trading sessions 2010 (May Day moved from Sunday)'),
  closed('2013-01-07', 'BELEX: trading calendar 2013 (Christmas)'),
  closed('2013-05-03', 'BELEX: trading calendar 2013 (Good Friday)'),
  trades('2015-11-02', '09:30', '14:00', '+01:00', 'BELEX: new trading hours from 2 November 2015'),
  closed('2023-12-29', 'BELEX: market holiday on the last weekday of 2023'),
  closed('2024-02-16', 'BELEX: non-trading days in 2024'),
  closed('2024-05-06', 'BELEX: non-trading days in 2024 (Easter Monday)'),
  closed('2024-12-31', 'BELEX: non-trading days in 2024 (platform)'),
  closed('2025-01-03', `${CAL25} (platform upgrade)`),
  closed('2025-02-17', `${CAL25} (Statehood Day moved from the weekend)`),
  closed('2025-04-18', `${CAL25} (Good Friday)`),
  trades('2025-03-31', '09:30', '14:00', '+02:00', 'BELEX: trading phases, first Monday of summer time'),
  trades('2026-03-27', '09:30', '14:00', '+01:00', 'BELEX: trading phases, last day of winter time'),
  closed('2026-02-17', `${ACT}: Statehood Day moved from Sunday`),
  closed('2026-04-13', `${ACT}: Orthodox Easter Monday`),
  closed('2027-01-07', `${ACT}: Orthodox Christmas`),
  closed('2027-05-04', `${ACT}: Labour Day moved from Sunday past Easter Monday`),
  closed('2023-01-04', 'BELEX calendar for 2023 (UniCredit, 4 Nov 2022): no session, segmentation of securities'),
  closed('2023-01-06', 'BELEX calendar for 2023 (UniCredit, 4 Nov 2022): no session, trading platform update'),
  closed('2023-05-02', 'BELEX calendar for 2023 (UniCredit, 4 Nov 2022): Labour Day'),
  trades(
    '2023-01-09',
    '09:30',
    '14:00',
    '+01:00',
    'BELEX listing rules in force from 9 January 2023; trading phases 09:30-14:00',
  ),
]);
