// Luxembourg Stock Exchange against its published closing days and opening hours.
import { checkNotices, closed, trades } from './notices.js';

const C = 'LuxSE: Opening hours and closing days';
checkNotices('LU.LUXSE', [
  closed('2017-04-14', `${C} 2017: Good Friday`),
  closed('2017-04-17', `${C} 2017: Easter Monday`),
  closed('2017-05-01', `${C} 2017: Labour Day`),
  trades('2017-05-25', '09:00', '17:35', '+02:00', `${C} 2017: open on other Luxembourg bank holidays (Ascension)`),
  trades('2017-06-23', '09:00', '17:35', '+02:00', `${C} 2017: open on National Day`),
  closed('2017-12-26', `${C} 2017: Boxing Day`),
  trades('2019-05-09', '09:00', '17:35', '+02:00', `${C}: open on Europe Day (a bank holiday from 2019)`),
  trades('2026-03-27', '09:00', '17:35', '+01:00', `${C}: 09:00-17:35 before the clock change`),
  trades('2026-03-30', '09:00', '17:35', '+02:00', `${C}: 09:00-17:35 after the clock change`),
  closed('2026-04-03', 'LuxSE trading calendar 2026: Good Friday'),
  trades('2026-12-24', '09:00', '14:00', '+01:00', 'LuxSE trading calendar 2026: Christmas Eve closes at 14:00'),
  trades('2026-12-31', '09:00', '14:00', '+01:00', "LuxSE trading calendar 2026: New Year's Eve closes at 14:00"),
  closed('2027-01-01', "LuxSE trading calendar 2027: New Year's Day"),
  trades('2027-06-23', '09:00', '17:35', '+02:00', 'LuxSE 2027: open on National Day'),
]);
