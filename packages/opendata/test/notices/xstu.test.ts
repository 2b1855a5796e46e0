// Börse Stuttgart against its holiday regulations and trading times.
import { checkNotices, closed, trades } from './notices.js';

const R = 'Börse Stuttgart holiday regulations 2017';
const T = 'Börse Stuttgart trading times (shares 08:00-22:00 since 1 March 2013)';
checkNotices('DE.BSTU', [
  trades('2013-02-28', '09:00', '20:00', '+01:00', `${T}: 09:00-20:00 before`),
  trades('2013-03-01', '08:00', '22:00', '+01:00', T),
  closed('2017-06-05', `${R}: Whit Monday`),
  closed('2017-10-03', `${R}: German Unification Day`),
  closed('2017-10-31', `${R}: Reformation Day`),
  trades('2017-05-25', '08:00', '22:00', '+02:00', `${R}: trading on Ascension Day`),
  trades('2017-11-01', '08:00', '22:00', '+01:00', `${R}: trading on All Saints' Day`),
  closed('2020-06-01', 'Whit Monday 2020: no trading at Stuttgart (bank notice of the exchanges’ calendars)'),
  trades('2020-12-30', '08:00', '14:00', '+01:00', 'Year-end 2020: all German floor exchanges close at 14:00'),
  trades('2026-03-27', '08:00', '22:00', '+01:00', `${T}: regular day before the clock change`),
  trades('2026-03-30', '08:00', '22:00', '+02:00', `${T}: regular day after the clock change`),
  closed('2026-12-25', 'Börse Stuttgart calendar 2026: Christmas Day'),
  closed('2027-03-26', 'Börse Stuttgart calendar 2027: Good Friday'),
]);
