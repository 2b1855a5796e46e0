import { checkNotices, closed, trades } from './notices.js';

const N = 'NZX market holidays';
const H = 'NZX: trading hours 10:00 to 17:00 from 30 June 2003';
checkNotices('NZ.NZX', [
  trades('2001-12-24', '09:00', '12:30', '+13:00', 'NZSE notice of 28 November 2001: Christmas Eve 9am to 12.30pm'),
  trades('2001-12-27', '09:00', '16:00', '+13:00', 'NZSE notice of 28 November 2001: 27-28 December 9am to 4pm'),
  trades('2003-06-27', '09:00', '16:00', '+12:00', 'NZX: 09:00-16:00 before 30 June 2003'),
  trades('2003-06-30', '10:00', '17:00', '+12:00', H),
  closed('2022-06-24', `${N}: Matariki`),
  closed('2022-09-26', 'NZX class ruling: Queen Elizabeth II Memorial Day'),
  trades('2026-04-02', '10:00', '17:00', '+13:00', `${H}; daylight saving time before 5 April 2026`),
  closed('2026-04-03', `${N}: Good Friday`),
  trades('2026-04-07', '10:00', '17:00', '+12:00', `${H}; standard time after 5 April 2026`),
  closed('2026-04-27', `${N}: ANZAC Day (Saturday) Mondayised`),
  closed('2026-06-01', `${N}: King's Birthday`),
  closed('2026-07-10', `${N}: Matariki`),
  closed('2026-10-26', `${N}: Labour Day`),
  closed('2026-12-28', `${N}: Boxing Day (Saturday) Mondayised`),
  closed('2027-01-04', `${N}: Day after New Year's Day (Saturday) Mondayised`),
  closed('2027-02-08', `${N}: Waitangi Day (Saturday) Mondayised`),
  closed('2027-06-25', `${N}: Matariki`),
  trades('2027-01-05', '10:00', '17:00', '+13:00', H),
]);
