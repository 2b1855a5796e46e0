// Borsa Italiana (Euronext Milan) against its published trading calendars.
import { checkNotices, closed, trades } from './notices.js';

const B08 = 'Borsa Italiana: il calendario di negoziazione 2008';
const B = 'Borsa Italiana trading calendar';
checkNotices('IT.EURONEXT', [
  closed('2008-08-15', `${B08}: Assunzione`),
  closed('2008-12-24', `${B08}: Vigilia di Natale`),
  closed('2008-12-31', `${B08}: Ultimo giorno dell'anno`),
  trades(
    '2005-06-01',
    '09:10',
    '17:25',
    '+02:00',
    'Borsa Italiana notice of 6 December 2005: continuous trading from 09:10',
  ),
  trades(
    '2006-01-02',
    '09:05',
    '17:25',
    '+01:00',
    'Borsa Italiana notice of 6 December 2005: 09:05 from 2 January 2006',
  ),
  trades(
    '2009-09-29',
    '09:00',
    '17:25',
    '+02:00',
    'Borsa Italiana notice of 8 September 2009: 09:00 from 29 September',
  ),
  trades('2015-11-20', '09:00', '17:25', '+01:00', 'Borsa Italiana avviso 17016: 17:25 until 20 November 2015'),
  trades('2015-11-23', '09:00', '17:30', '+01:00', 'Borsa Italiana avviso 17016: 17:30 from 23 November 2015'),
  trades('2020-06-02', '09:00', '17:30', '+02:00', `${B} 2020: open on Festa della Repubblica`),
  trades('2020-12-08', '09:00', '17:30', '+01:00', `${B} 2020: open on the Immaculate Conception`),
  closed('2024-08-15', `${B} 2024: Ferragosto`),
  trades('2024-04-25', '09:00', '17:30', '+02:00', `${B} 2024: open on Liberation Day`),
  closed('2024-12-31', `${B} 2024: San Silvestro`),
  closed('2026-04-03', `${B} 2026: Good Friday`),
  trades('2026-03-27', '09:00', '17:30', '+01:00', `${B}: regular day before the clock change`),
  trades('2026-03-30', '09:00', '17:30', '+02:00', `${B}: regular day after the clock change`),
  closed('2026-12-24', `${B} 2026: Christmas Eve`),
  closed('2026-12-31', `${B} 2026: New Year's Eve`),
  trades('2027-08-16', '09:00', '17:30', '+02:00', `${B} 2027: Ferragosto falls on a Sunday, no substitute`),
  closed('2027-12-24', `${B} 2027: Christmas Eve`),
]);
