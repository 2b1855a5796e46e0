// Euronext Brussels against Euronext's holiday calendars (harmonised across its cash markets).
import { checkNotices, closed, trades } from './notices.js';

const E = 'Euronext trading hours and holidays (cash markets)';
checkNotices('BE.EURONEXT', [
  closed('2019-04-19', 'Euronext 2019 holiday calendar (18 October 2018): Good Friday'),
  trades('2019-12-24', '09:00', '14:00', '+01:00', 'Euronext 2019 holiday calendar: half day on Christmas Eve'),
  closed('2025-12-26', `${E}: Boxing Day 2025`),
  closed('2026-01-01', `${E}: New Year's Day 2026`),
  closed('2026-04-03', `${E}: Good Friday 2026`),
  closed('2026-04-06', `${E}: Easter Monday 2026`),
  closed('2026-05-01', `${E}: Labour Day 2026`),
  trades('2026-05-14', '09:00', '17:30', '+02:00', `${E}: Ascension Day is a trading day`),
  trades('2026-07-21', '09:00', '17:30', '+02:00', `${E}: Belgian National Day is a trading day`),
  trades('2026-03-27', '09:00', '17:30', '+01:00', `${E}: regular day before the clock change`),
  trades('2026-03-30', '09:00', '17:30', '+02:00', `${E}: regular day after the clock change`),
  trades('2026-12-24', '09:00', '14:00', '+01:00', `${E}: early close on Christmas Eve 2026`),
  closed('2026-12-25', `${E}: Christmas 2026`),
  closed('2027-03-26', `${E}: Good Friday 2027`),
  trades('2027-12-31', '09:00', '14:00', '+01:00', `${E}: early close on New Year's Eve 2027`),
]);
