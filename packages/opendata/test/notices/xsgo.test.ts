import { checkNotices, closed, trades } from './notices.js';

// Equities 09:30-16:00 Santiago; 13:00 on the year-end days.
const N = 'nuam notice: Bolsa de Santiago special hours, December 2025';
const L = 'Chilean holiday laws (19.668, 20.299, 20.983, 21.357)';
checkNotices('CL.BCS', [
  trades('2019-11-12', '09:30', '16:00', '-03:00', 'Bolsa de Santiago website: market close 16:00 (November 2019)'),
  closed('2023-01-02', `${L}: January 2 after a Sunday New Year`),
  closed('2024-06-20', `${L}: National Indigenous Peoples' Day`),
  closed('2024-09-20', `${L}: September 20 on a Friday`),
  closed('2024-10-31', `${L}: Reformation Day`),
  closed('2024-12-31', 'General Banking Law art. 38: December 31 bank holiday'),
  trades('2025-12-24', '09:30', '13:00', '-03:00', `${N}: closes at 13:00`),
  trades('2025-12-30', '09:30', '13:00', '-03:00', `${N}: last trading day closes at 13:00`),
  closed('2025-12-31', `${N}: closed for the bank holiday (Law 21.791)`),
  trades('2026-04-06', '09:30', '16:00', '-04:00', 'Bolsa de Santiago hours (after the end of Chilean summer time)'),
  closed('2026-06-29', `${L}: Saints Peter and Paul`),
  closed('2026-07-16', `${L}: Our Lady of Mount Carmel`),
  trades('2026-09-07', '09:30', '16:00', '-03:00', 'Bolsa de Santiago hours (after the start of Chilean summer time)'),
  closed('2026-10-12', `${L}: Meeting of Two Worlds`),
  closed('2027-10-11', `${L}: Meeting of Two Worlds moved to Monday`),
  closed('2027-12-31', 'General Banking Law art. 38: December 31 bank holiday'),
]);
