// Oslo Børs against its opening-hours page (closed dates, half days) and hours announcements.
import { checkNotices, closed, trades } from './notices.js';

const OB = 'Oslo Børs: åpningstider and closed dates';
const CUT = 'Oslo Børs to cut trading hours from 6 August 2012 (continuous trading to 16:20)';
const E = 'Euronext Oslo Børs trading calendar';
checkNotices('NO.OSE', [
  trades('2012-08-03', '09:00', '17:20', '+02:00', `${CUT}: the last day of the longer hours`),
  trades('2012-08-06', '09:00', '16:20', '+02:00', `${CUT}: the first day of the shorter hours`),
  trades('2017-04-12', '09:00', '13:00', '+02:00', `${OB}: half day, Wednesday before Easter 2017`),
  trades('2018-03-28', '09:00', '13:00', '+02:00', `${OB}: half day, Wednesday before Easter 2018`),
  closed('2018-03-29', `${OB}: Maundy Thursday 2018`),
  closed('2018-05-17', `${OB}: Constitution Day 2018`),
  closed('2018-05-21', `${OB}: Whit Monday 2018`),
  closed('2018-12-24', `${OB}: Christmas Eve 2018`),
  closed('2018-12-31', `${OB}: New Year's Eve 2018`),
  trades('2024-03-27', '09:00', '13:00', '+01:00', `${E}: half day, Wednesday before Easter 2024 (winter time)`),
  trades('2025-04-16', '09:00', '13:00', '+02:00', `${E}: half day, Wednesday before Easter 2025`),
  trades('2026-04-01', '09:00', '13:00', '+02:00', `${E}: half day, Wednesday before Easter 2026`),
  closed('2026-04-02', `${E}: Maundy Thursday 2026`),
  closed('2026-05-01', `${E}: Labour Day 2026`),
  closed('2026-05-14', `${E}: Ascension Day 2026`),
  trades('2026-05-18', '09:00', '16:20', '+02:00', `${E}: no substitute for a Sunday Constitution Day`),
  closed('2026-05-25', `${E}: Whit Monday 2026`),
  trades('2026-10-23', '09:00', '16:20', '+02:00', `${E}: regular day before the clock change`),
  trades('2026-10-26', '09:00', '16:20', '+01:00', `${E}: regular day after the clock change`),
  closed('2026-12-24', `${E}: Christmas Eve 2026`),
  trades('2027-03-24', '09:00', '13:00', '+01:00', `${E}: half day, Wednesday before Easter 2027`),
  closed('2027-05-17', `${E}: Constitution Day 2027`),
  trades(
    '2021-03-31',
    '09:00',
    '13:00',
    '+02:00',
    'Finansavisen, 31 Mar 2021: Oslo Børs has a half day, regular trading to 13:00',
  ),
]);
