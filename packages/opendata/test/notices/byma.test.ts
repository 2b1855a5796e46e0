import { checkNotices, closed, trades } from './notices.js';

const B = 'BYMA market holidays (national holidays and bridge days by decree)';
checkNotices('AR.BYMA', [
  closed('2018-11-30', `${B}: G20 summit in Buenos Aires`),
  closed('2022-12-20', `${B}: World Cup celebration`),
  closed('2023-10-13', `${B}: bridge day`),
  closed('2025-06-16', `${B}: Güemes Day moved to Monday`),
  closed('2025-11-21', `${B}: bridge day`),
  closed('2025-11-24', `${B}: National Sovereignty Day moved to Monday`),
  closed('2026-03-23', `${B}: bridge day`),
  closed('2026-07-10', `${B}: bridge day`),
  trades('2026-12-24', '11:00', '13:00', '-03:00', `${B}: early close on Christmas Eve`),
  trades('2026-12-30', '11:00', '17:00', '-03:00', `${B}: regular day`),
  trades('2026-12-31', '11:00', '13:00', '-03:00', `${B}: early close on New Year's Eve`),
  closed('2027-03-24', `${B}: Day of Remembrance for Truth and Justice`),
  trades('2027-12-24', '11:00', '13:00', '-03:00', `${B}: early close on Christmas Eve`),
]);
