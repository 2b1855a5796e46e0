import { checkNotices, closed, trades } from './notices.js';

// Equities (continuous instruments) in step with New York: 09:30-16:00 Bogotá, 08:30-15:00 while
// New York is on summer time; the closing auction ends the day.
const B = 'BVC notice';
const L = 'Ley 51 de 1983 (Ley Emiliani)';
checkNotices('CO.BVC', [
  trades('2019-12-24', '09:30', '13:00', '-05:00', `${B}: Christmas Eve hours 2019`),
  closed('2019-12-31', `${B}: December 31, 2019 a business day without trading`),
  trades('2022-03-14', '08:30', '15:00', '-05:00', `${B}: hours while New York is on summer time (2022)`),
  trades('2026-03-06', '09:30', '16:00', '-05:00', `${B}: regular hours before March 9, 2026`),
  trades('2026-03-09', '08:30', '15:00', '-05:00', `${B}: adjusted hours from March 9, 2026`),
  trades('2026-11-03', '09:30', '16:00', '-05:00', `${B}: regular hours again after October 30, 2026`),
  closed('2026-01-12', `${L}: Epiphany moved to Monday`),
  closed('2026-03-23', `${L}: Saint Joseph moved to Monday`),
  closed('2026-04-02', `${L}: Holy Thursday`),
  closed('2026-05-18', `${L}: Ascension moved to Monday`),
  closed('2026-06-08', `${L}: Corpus Christi moved to Monday`),
  closed('2026-06-15', `${L}: Sacred Heart moved to Monday`),
  closed('2026-11-02', `${L}: All Saints' Day moved to Monday`),
  trades('2026-12-24', '09:30', '13:00', '-05:00', `${B}: Christmas Eve closes at 13:00`),
  closed('2026-12-31', `${B}: last business day of the year`),
  closed('2027-01-11', `${L}: Epiphany moved to Monday`),
]);
