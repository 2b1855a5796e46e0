import { checkNotices, closed, trades } from './notices.js';

const L = 'London Stock Exchange business days and early closes';
checkNotices('GB.LSE', [
  trades('2016-12-23', '08:00', '12:30', '+00:00', `${L}: early close on the Friday before a Saturday Christmas Eve`),
  closed('2022-09-19', `${L}: state funeral of Queen Elizabeth II`),
  trades('2022-12-23', '08:00', '12:30', '+00:00', `${L}: early close on the Friday before a Saturday Christmas Eve`),
  trades('2022-12-30', '08:00', '12:30', '+00:00', `${L}: early close on the Friday before a Saturday New Year's Eve`),
  trades('2023-12-22', '08:00', '12:30', '+00:00', `${L}: early close on the Friday before a Sunday Christmas Eve`),
  closed('2023-05-08', `${L}: coronation of King Charles III`),
  trades('2026-03-27', '08:00', '16:30', '+00:00', `${L}: regular day before the clock change`),
  trades('2026-03-30', '08:00', '16:30', '+01:00', `${L}: regular day after the clock change`),
  trades('2026-12-24', '08:00', '12:30', '+00:00', `${L}: early close on Christmas Eve`),
  closed('2026-12-28', `${L}: Boxing Day substitute`),
  trades('2026-12-31', '08:00', '12:30', '+00:00', `${L}: early close on New Year's Eve`),
  trades('2027-12-24', '08:00', '12:30', '+00:00', `${L}: early close on Christmas Eve`),
  closed('2027-12-28', `${L}: Boxing Day substitute`),
  trades('2027-12-31', '08:00', '12:30', '+00:00', `${L}: early close on New Year's Eve`),
]);
