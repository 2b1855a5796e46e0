import { checkNotices, closed, trades } from './notices.js';

const T = 'TWSE holiday schedule';
checkNotices('TW.TWSE', [
  trades('2017-06-03', '09:00', '13:30', '+08:00', `${T} 2017: additional trading day on Saturday`),
  closed('2017-05-29', `${T} 2017: adjusted holiday`),
  trades('2018-03-31', '09:00', '13:30', '+08:00', `${T} 2018: additional trading day on Saturday`),
  closed('2018-02-13', `${T} 2018: no trading, clearing and settlement only`),
  closed('2019-10-11', `${T} 2019: adjusted holiday`),
  closed('2019-01-19', 'FSC: no trading on make-up Saturdays from 2019'),
  closed('2024-02-06', `${T} 2024: no trading before the Lunar New Year`),
  closed('2024-07-25', 'TWSE: market closed for Typhoon Gaemi'),
  trades('2024-02-15', '09:00', '13:30', '+08:00', `${T} 2024: first trading day after the Lunar New Year`),
  closed('2025-12-25', `${T} 2025: Constitution Day`),
  closed('2026-02-12', `${T} 2026: no trading before the Lunar New Year`),
  closed('2026-02-20', `${T} 2026: Lunar New Year`),
  trades('2026-02-23', '09:00', '13:30', '+08:00', `${T} 2026: market reopens`),
  closed('2026-09-28', `${T} 2026: Teachers' Day`),
  closed('2026-10-26', `${T} 2026: Taiwan Retrocession Day observed`),
  closed('2027-01-01', `${T}: Founding of the Republic of China`),
  closed('2027-06-09', `${T}: Dragon Boat Festival (fifth day of the fifth lunar month)`),
  trades('2027-06-10', '09:00', '13:30', '+08:00', `${T}: regular trading day`),
]);
