import { checkNotices, closed, trades } from './notices.js';

const NYSE = 'NYSE holiday and early-close notices';
checkNotices('US.NYSE', [
  trades('2003-12-26', '09:30', '13:00', '-05:00', 'NYSE: early close on the day after Christmas 2003'),
  closed('2001-09-11', 'NYSE: closed after the attacks of September 11'),
  closed('2012-10-30', 'NYSE: closed for Hurricane Sandy'),
  closed('2025-01-09', 'NYSE: national day of mourning for President Carter'),
  trades('2021-12-31', '09:30', '16:00', '-05:00', `${NYSE}: New Year's Day 2022 on a Saturday is not observed`),
  trades('2026-03-06', '09:30', '16:00', '-05:00', `${NYSE}: regular day before the clock change`),
  trades('2026-03-09', '09:30', '16:00', '-04:00', `${NYSE}: regular day after the clock change`),
  closed('2026-07-03', `${NYSE}: Independence Day observed`),
  trades('2026-11-27', '09:30', '13:00', '-05:00', `${NYSE}: day after Thanksgiving`),
  trades('2026-12-24', '09:30', '13:00', '-05:00', `${NYSE}: Christmas Eve`),
  closed('2027-06-18', `${NYSE}: Juneteenth observed`),
  closed('2027-07-05', `${NYSE}: Independence Day observed`),
  trades('2027-11-26', '09:30', '13:00', '-05:00', `${NYSE}: day after Thanksgiving`),
  closed('2027-12-24', `${NYSE}: Christmas observed`),
]);
