// Eurex (EURO STOXX 50 and DAX futures) against its circulars, trading hours and holiday regulations.
import { checkNotices, closed, trades } from './notices.js';

const F = 'Eurex Feiertagsregelungen';
const X = 'Eurex trading hours (Annex C): FESX/FDAX trading 01:10-22:00 CET, 02:10-22:00 CEST, from 10 December 2018';
checkNotices('DE.EUREX', [
  closed('2000-10-03', 'Deutsche Börse/Eurex joint notice: no equity and index products on 3 October 2000'),
  trades('2005-11-18', '08:50', '20:00', '+01:00', 'Eurex: index futures until 20:00 before 21 November 2005'),
  trades('2005-11-21', '08:50', '22:00', '+01:00', 'Eurex: benchmark futures until 22:00 CET from 21 November 2005'),
  trades(
    '2006-06-01',
    '07:50',
    '22:00',
    '+02:00',
    'Eurex: index products from 8 a.m. (auction from 07:50) from 1 June 2006',
  ),
  trades(
    '2015-10-28',
    '07:50',
    '22:00',
    '+01:00',
    'Eurex product pages: index futures trading 07:50-22:00 (pre-trading 07:30-07:50)',
  ),
  trades('2018-12-07', '07:50', '22:00', '+01:00', `${X}: the last day before`),
  trades('2018-12-10', '01:10', '22:00', '+01:00', X),
  closed('2018-03-30', `${F} 2018: Good Friday`),
  closed('2018-04-02', `${F} 2018: Easter Monday`),
  closed('2018-05-01', `${F} 2018: Labour Day`),
  trades('2018-10-03', '07:50', '22:00', '+02:00', 'Eurex circular 055/2018: other products trade on 3 October 2018'),
  trades('2026-03-27', '01:10', '22:00', '+01:00', `${X}: winter time`),
  trades('2026-03-30', '02:10', '22:00', '+02:00', `${X}: summer time`),
  trades(
    '2021-12-30',
    '01:10',
    '22:00',
    '+01:00',
    'Eurex circular 107/21: German index futures keep regular hours on 30 Dec 2021',
  ),
  closed('2026-12-24', 'Eurex trading calendar 2026: Christmas Eve'),
  closed('2026-12-31', "Eurex trading calendar 2026: New Year's Eve"),
  trades('2027-05-17', '02:10', '22:00', '+02:00', 'Eurex trading calendar 2027: trading on Whit Monday'),
  closed('2027-03-26', 'Eurex trading calendar 2027: Good Friday'),
]);
