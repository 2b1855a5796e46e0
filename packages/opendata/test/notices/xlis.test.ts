// Euronext Lisbon against Euronext's holiday calendars; Lisbon trades the Euronext session in
// Western European time (one hour behind Paris).
import { checkNotices, closed, trades } from './notices.js';

const E = 'Euronext trading hours and holidays (cash markets)';
checkNotices('PT.EURONEXT', [
  closed('2019-05-01', 'Euronext 2019 holiday calendar (18 October 2018): Labour Day'),
  trades('2019-12-31', '08:00', '13:00', '+00:00', 'Euronext 2019 holiday calendar: half day, closing by 14:05 CET'),
  closed('2026-01-01', `${E}: New Year's Day 2026`),
  closed('2026-04-03', `${E}: Good Friday 2026`),
  closed('2026-04-06', `${E}: Easter Monday 2026`),
  trades('2026-06-04', '08:00', '16:30', '+01:00', `${E}: Corpus Christi is a trading day`),
  trades('2026-06-10', '08:00', '16:30', '+01:00', `${E}: Portugal Day is a trading day`),
  trades('2026-03-27', '08:00', '16:30', '+00:00', `${E}: regular day before the clock change`),
  trades('2026-03-30', '08:00', '16:30', '+01:00', `${E}: regular day after the clock change`),
  trades('2026-12-24', '08:00', '13:00', '+00:00', `${E}: early close on Christmas Eve 2026`),
  closed('2026-12-25', `${E}: Christmas 2026`),
  closed('2027-03-29', `${E}: Easter Monday 2027`),
  trades('2027-12-24', '08:00', '13:00', '+00:00', `${E}: early close on Christmas Eve 2027`),
]);
