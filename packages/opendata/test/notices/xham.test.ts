// Börse Hamburg against the BÖAG exchanges' calendars and the German floor exchanges' notices.
import { checkNotices, closed, trades } from './notices.js';

const B = 'BÖAG exchanges (Hamburg, Hannover, Düsseldorf) trading calendar';
checkNotices('DE.BHAM', [
  closed('2016-10-03', `${B}: closed with the FWB calendar on Unity Day 2016`),
  closed('2020-06-01', 'Whit Monday 2020: no trading at Hamburg (bank notice of the exchanges’ calendars)'),
  trades('2020-06-11', '08:00', '20:00', '+02:00', 'Corpus Christi 2020: all German exchanges trade as usual'),
  trades('2020-12-30', '08:00', '14:00', '+01:00', 'Year-end 2020: all German floor exchanges close at 14:00'),
  closed('2024-12-24', `${B} 2024: Christmas Eve`),
  trades('2025-06-09', '08:00', '20:00', '+02:00', `${B} 2025: Whit Monday 08:00-20:00`),
  trades('2025-12-30', '08:00', '14:00', '+01:00', `${B} 2025: last trading day 08:00-14:00`),
  closed('2026-04-03', `${B}: Good Friday 2026`),
  closed('2026-05-01', `${B}: Labour Day 2026`),
  trades('2026-10-23', '08:00', '22:00', '+02:00', `${B}: regular day before the clock change`),
  trades('2026-10-26', '08:00', '22:00', '+01:00', `${B}: regular day after the clock change`),
  closed('2026-12-31', `${B}: New Year's Eve 2026`),
  closed('2027-01-01', `${B}: New Year's Day 2027`),
  trades(
    '2020-05-21',
    '08:00',
    '20:00',
    '+02:00',
    'Waldecker Bank, holiday trading 2020: regular trading on Ascension Day at all German exchanges',
  ),
]);
