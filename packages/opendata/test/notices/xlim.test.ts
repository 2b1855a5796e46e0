import { checkNotices, closed, trades } from './notices.js';

// Continuous trading of equities in step with New York: 09:30-16:00 Lima, 08:30-15:00 while New
// York is on summer time.
const N = 'nuam notice: BVL special hours for December 24 and 31, 2025';
const G = 'BVL hours as reported by Gestión (close at 15:00 March-November, 16:00 November-March)';
const F = 'Decreto Legislativo 713, art. 6, with the holidays added in 2022-2023 (Laws 31788, 31822; 2024 calendar)';
checkNotices('PE.BVL', [
  trades(
    '2023-06-07',
    '08:30',
    '15:00',
    '-05:00',
    'June 7, 2023 a working day: the Flag Day law was not yet published',
  ),
  closed('2024-03-28', `${F}: Holy Thursday`),
  closed('2024-06-07', `${F}: Battle of Arica and Flag Day`),
  closed('2024-07-23', `${F}: Peruvian Air Force Day`),
  closed('2024-08-06', `${F}: Battle of Junín`),
  closed('2024-10-08', `${F}: Battle of Angamos`),
  closed('2024-12-09', `${F}: Battle of Ayacucho`),
  trades('2025-12-24', '09:30', '12:00', '-05:00', `${N}: equities 09:00-12:10`),
  trades('2025-12-31', '09:30', '12:00', '-05:00', `${N}: equities 09:00-12:10`),
  trades('2026-03-06', '09:30', '16:00', '-05:00', `${G}: New York on standard time`),
  trades('2026-03-09', '08:30', '15:00', '-05:00', `${G}: New York on summer time`),
  closed('2026-07-28', `${F}: Independence Day`),
  closed('2026-07-29', `${F}: Independence Day`),
  trades('2026-11-02', '09:30', '16:00', '-05:00', `${G}: New York back on standard time`),
  closed('2027-06-07', `${F}: Battle of Arica and Flag Day`),
  closed('2027-12-08', `${F}: Immaculate Conception`),
]);
