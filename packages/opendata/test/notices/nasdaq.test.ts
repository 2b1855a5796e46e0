import { checkNotices, closed, trades } from './notices.js';

const N = 'Nasdaq holiday and early-close notices';
checkNotices('US.NASDAQ', [
  trades('2003-12-26', '09:30', '13:00', '-05:00', 'Nasdaq: early close on the day after Christmas 2003'),
  closed('2012-10-29', 'Nasdaq: closed for Hurricane Sandy'),
  closed('2025-01-09', 'Nasdaq: national day of mourning for President Carter'),
  closed('2026-01-19', `${N}: Martin Luther King Jr. Day`),
  trades('2026-03-06', '09:30', '16:00', '-05:00', `${N}: regular day before the clock change`),
  trades('2026-03-09', '09:30', '16:00', '-04:00', `${N}: regular day after the clock change`),
  closed('2026-04-03', `${N}: Good Friday`),
  closed('2026-06-19', `${N}: Juneteenth`),
  trades('2026-12-24', '09:30', '13:00', '-05:00', `${N}: Christmas Eve`),
  closed('2027-03-26', `${N}: Good Friday`),
  closed('2027-07-05', `${N}: Independence Day observed`),
  trades('2027-11-26', '09:30', '13:00', '-05:00', `${N}: day after Thanksgiving`),
]);
