// EEX power derivatives against its exchange-day calendar and trading hours.
import { checkNotices, closed, trades } from './notices.js';

const C = 'EEX trading calendar (exchange days), power derivatives';
const T = 'EEX Power Futures: exchange trading 8:00 am to 6:00 pm CET';
checkNotices('DE.EEX', [
  closed('2018-01-01', `${C} 2018: New Year's Day`),
  closed('2019-04-19', `${C} 2019: Good Friday`),
  trades('2019-06-10', '08:00', '18:00', '+02:00', `${C} 2019: Whit Monday is an exchange day`),
  trades('2022-10-03', '08:00', '18:00', '+02:00', `${C} 2022: German Unity Day is an exchange day`),
  closed('2024-12-24', `${C} 2024: Christmas Eve`),
  closed('2024-12-26', `${C} 2024: St. Stephen's Day`),
  trades('2024-12-30', '08:00', '18:00', '+01:00', `${C} 2024: the day before New Year's Eve trades in full`),
  trades('2026-03-27', '08:00', '18:00', '+01:00', `${T}: before the clock change`),
  trades('2026-03-30', '08:00', '18:00', '+02:00', `${T}: after the clock change`),
  closed('2026-05-01', `${C} 2026: Labour Day`),
  closed('2026-12-31', `${C} 2026: New Year's Eve`),
  closed('2027-03-29', `${C} 2027: Easter Monday`),
]);
