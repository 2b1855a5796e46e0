// Wiener Börse against its trading calendar notices and trading hours.
import { checkNotices, closed, trades } from './notices.js';

const K19 = 'Wiener Börse erweitert ihren Handelskalender ab 2019';
const K21 = 'Wiener Börse: Handel am Drei-Königs-Tag und weiteren Feiertagen 2021';
const T = 'Wiener Börse: prime market 09:00, closing auction 17:30-17:35';
checkNotices('AT.WBAG', [
  trades('2008-12-30', '09:20', '17:35', '+01:00', 'Wiener Börse: continuous trading from 09:20 before 2 January 2009'),
  trades('2009-01-02', '09:00', '17:35', '+01:00', 'Wiener Börse: Längere Handelszeiten ab 2. Jänner 2009'),
  closed('2017-06-15', 'Wiener Börse 2017: Corpus Christi (13 holiday closures in 2017)'),
  trades('2017-12-29', '09:00', '14:20', '+01:00', 'Wiener Börse: last trading day 2017, closing auction from 14:15'),
  trades(
    '2021-12-30',
    '09:00',
    '14:20',
    '+01:00',
    'Eurex circular 107/21: shortened last trading day at Wiener Börse 2021',
  ),
  trades('2016-12-30', '09:00', '17:35', '+01:00', 'Wiener Börse: regular hours on the last trading day before 2017'),
  closed('2018-05-10', 'Wiener Börse 2018: Ascension Day'),
  trades('2019-05-30', '09:00', '17:35', '+02:00', `${K19}: Ascension Day traded`),
  trades('2019-08-15', '09:00', '17:35', '+02:00', `${K19}: Assumption Day traded`),
  closed('2019-06-10', `${K19}: Whit Monday stays closed`),
  trades('2021-12-08', '09:00', '17:35', '+01:00', `${K21}: Immaculate Conception traded`),
  closed('2021-10-26', `${K21}: National Day not among the traded holidays`),
  trades('2026-03-27', '09:00', '17:35', '+01:00', `${T}: before the clock change`),
  trades('2026-03-30', '09:00', '17:35', '+02:00', `${T}: after the clock change`),
  trades('2026-01-06', '09:00', '17:35', '+01:00', `${K19}: Epiphany traded`),
  closed('2026-10-26', 'Wiener Börse 2026: Austrian National Day'),
  closed('2026-12-24', 'Wiener Börse 2026: Christmas Eve'),
  closed('2027-05-17', 'Wiener Börse 2027: Whit Monday'),
]);
