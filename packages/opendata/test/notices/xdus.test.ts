// Börse Düsseldorf against its own trading calendars and year-end notices.
import { checkNotices, closed, trades } from './notices.js';

const C17 = 'Börse Düsseldorf Handelskalender 2017';
const C25 = 'Börse Düsseldorf Handelskalender und Handelszeiten 2025';
checkNotices('DE.BDUS', [
  closed('2017-04-14', `${C17}: Good Friday`),
  trades('2017-06-05', '08:00', '20:00', '+02:00', `${C17}: trading on Whit Monday`),
  trades('2017-10-31', '08:00', '20:00', '+01:00', `${C17}: trading on Reformation Day`),
  trades('2017-12-29', '08:00', '14:00', '+01:00', 'Börse Düsseldorf Bekanntmachung Jahresschlussbörse 2017'),
  closed('2020-06-01', 'Whit Monday 2020: no trading at Düsseldorf (bank notice of the exchanges’ calendars)'),
  closed('2025-01-01', `${C25}: New Year's Day`),
  trades('2025-01-06', '08:00', '22:00', '+01:00', `${C25}: Epiphany traded 08:00-22:00`),
  trades('2025-05-29', '08:00', '20:00', '+02:00', `${C25}: Ascension Day 08:00-20:00`),
  trades('2025-06-09', '08:00', '20:00', '+02:00', `${C25}: Whit Monday 08:00-20:00`),
  trades('2025-10-03', '08:00', '20:00', '+02:00', `${C25}: Day of German Unity 08:00-20:00`),
  trades('2025-10-24', '08:00', '22:00', '+02:00', `${C25}: regular day before the clock change`),
  trades('2025-10-27', '08:00', '22:00', '+01:00', `${C25}: regular day after the clock change`),
  closed('2025-12-24', `${C25}: Christmas Eve`),
  trades('2025-12-30', '08:00', '14:00', '+01:00', `${C25}: last trading day 08:00-14:00`),
  trades(
    '2022-06-06',
    '08:00',
    '20:00',
    '+02:00',
    'Börse Düsseldorf: Whit Monday traded again from 2022 (broker trading to 20:00)',
  ),
  closed('2026-04-06', 'Börse Düsseldorf calendar rule: Easter Monday 2026'),
  closed('2027-12-31', "Börse Düsseldorf calendar rule: New Year's Eve 2027"),
  trades(
    '2020-05-21',
    '08:00',
    '20:00',
    '+02:00',
    'Waldecker Bank, holiday trading 2020: regular trading on Ascension Day at all German exchanges',
  ),
]);
