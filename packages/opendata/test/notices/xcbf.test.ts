import { checkNotices, closed, trades } from './notices.js';

// VIX futures regular trading hours (08:30-15:15 CT); early closes end them at 12:15 CT.
const C = 'Cboe Futures Exchange holiday calendar (VX)';
const H = 'CFE VX futures contract specifications: regular trading hours 08:30-15:15 CT';
checkNotices('US.CFE', [
  closed('2012-10-29', 'Cboe: markets closed for Hurricane Sandy'),
  closed('2012-10-30', 'Cboe: markets closed for Hurricane Sandy'),
  trades(
    '2014-06-23',
    '08:30',
    '15:15',
    '-05:00',
    'CFE circular on VX extended hours (June 2014): regular hours unchanged',
  ),
  closed('2025-01-01', `${C}: New Year's Day`),
  closed('2025-04-18', `${C}: Good Friday`),
  trades('2025-07-03', '08:30', '12:15', '-05:00', `${C}: early close ahead of Independence Day`),
  closed('2025-07-04', `${C}: Independence Day`),
  trades('2025-11-28', '08:30', '12:15', '-06:00', `${C}: early close the day after Thanksgiving`),
  trades('2025-12-24', '08:30', '12:15', '-06:00', `${C}: early close on Christmas Eve`),
  closed('2026-01-19', `${C}: Martin Luther King Jr. Day`),
  closed('2026-04-03', `${C}: Good Friday`),
  trades('2026-03-06', '08:30', '15:15', '-06:00', `${H} (before the clock change)`),
  trades('2026-03-09', '08:30', '15:15', '-05:00', `${H} (after the clock change)`),
  closed('2026-11-26', `${C}: Thanksgiving Day`),
  trades('2026-11-27', '08:30', '12:15', '-06:00', `${C}: early close the day after Thanksgiving`),
  closed('2027-01-01', `${C}: New Year's Day`),
  closed('2027-12-24', `${C}: Christmas observed`),
]);
