// Bolsa de Madrid (SIBE) against BME's calendario de sesiones.
import { checkNotices, closed, trades } from './notices.js';

const B = 'BME calendario de sesiones';
checkNotices('ES.BME', [
  closed('2006-01-06', 'Sociedad de Bolsas: Epiphany closed until 2008 (first opened on 6 January 2009)'),
  trades(
    '2009-01-06',
    '09:00',
    '17:30',
    '+01:00',
    'Sociedad de Bolsas 2009 calendar: open on Epiphany for the first time',
  ),
  trades('2009-10-12', '09:00', '17:30', '+02:00', 'Sociedad de Bolsas 2009 calendar: open on the Hispanidad holiday'),
  closed('2009-12-24', 'Sociedad de Bolsas 2009 calendar: Christmas Eve closed'),
  closed('2010-12-31', "Sociedad de Bolsas 2010 calendar: New Year's Eve closed"),
  trades('2013-12-24', '09:00', '14:00', '+01:00', `${B} 2013: open until 14:00 on Christmas Eve`),
  trades('2018-12-31', '09:00', '14:00', '+01:00', `${B} 2018: open until 14:00 on New Year's Eve`),
  closed('2024-03-29', `${B} 2024: Good Friday`),
  closed('2024-04-01', `${B} 2024: Easter Monday`),
  closed('2024-12-26', `${B} 2024: St Stephen's Day`),
  trades('2024-12-24', '09:00', '14:00', '+01:00', `${B} 2024: open until 14:00 on Christmas Eve`),
  trades('2026-01-06', '09:00', '17:30', '+01:00', `${B} 2026: Epiphany is a trading day`),
  closed('2026-04-06', `${B} 2026: Easter Monday`),
  closed('2026-05-01', `${B} 2026: Labour Day`),
  trades('2026-03-27', '09:00', '17:30', '+01:00', `${B}: regular day before the clock change`),
  trades('2026-03-30', '09:00', '17:30', '+02:00', `${B}: regular day after the clock change`),
  trades('2026-12-31', '09:00', '14:00', '+01:00', `${B} 2026: open until 14:00 on New Year's Eve`),
  closed('2026-12-25', `${B} 2026: Christmas`),
  closed('2027-03-26', `${B}: Good Friday 2027 (European closing day)`),
  trades('2027-12-24', '09:00', '14:00', '+01:00', `${B}: Christmas Eve 2027, open until 14:00`),
]);
