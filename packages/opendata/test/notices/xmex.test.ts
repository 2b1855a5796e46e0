import { checkNotices, closed, trades } from './notices.js';

// The capital market keeps New York's 09:30-16:00: 08:30-15:00 Mexico City, 07:30-14:00 while the
// two clocks are two hours apart.
const D = 'CNBV calendar of non-working days (Diario Oficial)';
checkNotices('MX.BMV', [
  trades(
    '2010-03-16',
    '07:30',
    '14:00',
    '-06:00',
    'BMV: the session is always aligned with New York (US summer time before Mexico)',
  ),
  closed('2014-04-17', `${D} 2014: Holy Thursday`),
  closed('2014-04-18', `${D} 2014: Good Friday`),
  trades('2023-03-13', '07:30', '14:00', '-06:00', 'BMV/BIVA notice: 07:30-14:00 from March 13, 2023'),
  closed('2024-10-01', `${D} 2024: transmission of the federal executive`),
  trades('2025-10-31', '07:30', '14:00', '-06:00', 'BMV: adjusted hours until the end of US summer time'),
  trades('2025-11-03', '08:30', '15:00', '-06:00', 'BMV notice: regular hours again from November 3, 2025'),
  closed('2025-11-17', `${D} 2025: Revolution Day (third Monday)`),
  closed('2025-12-12', `${D} 2025: Our Lady of Guadalupe`),
  closed('2026-02-02', `${D} 2026: Constitution Day (first Monday)`),
  closed('2026-03-16', `${D} 2026: Benito Juárez (third Monday)`),
  closed('2026-11-02', `${D} 2026: All Souls' Day`),
  closed('2026-11-16', `${D} 2026: Revolution Day (third Monday)`),
  closed('2027-03-15', 'Ley Federal del Trabajo art. 74: Benito Juárez (third Monday of March)'),
  closed('2027-03-25', 'CNBV: Holy Thursday'),
]);
