import { checkNotices, closed, trades } from './notices.js';

const A = 'ADX market holidays';
checkNotices('AE.ADX', [
  trades('2021-12-26', '10:00', '14:45', '+04:00', 'ADX: Sunday to Thursday week until January 2, 2022'),
  closed('2021-12-31', 'ADX: Friday weekend until January 2, 2022'),
  trades('2022-01-03', '10:00', '14:45', '+04:00', 'ADX: Monday to Friday week from January 3, 2022'),
  closed('2022-01-09', 'ADX: Sunday weekend from January 3, 2022'),
  closed('2026-01-01', `${A}: New Year's Day`),
  closed('2026-12-01', `${A}: Commemoration Day`),
  closed('2026-12-02', `${A}: National Day`),
  closed('2026-12-03', `${A}: National Day`),
  trades('2026-12-04', '10:00', '14:45', '+04:00', `${A}: Friday trading after National Day`),
  closed('2027-01-01', `${A}: New Year's Day`),
  closed('2027-12-02', `${A}: National Day`),
  closed('2027-12-03', `${A}: National Day`),
]);
