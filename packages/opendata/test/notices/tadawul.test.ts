import { checkNotices, closed, trades } from './notices.js';

const T = 'Saudi Exchange holiday announcements';
checkNotices('SA.TADAWUL', [
  trades('2012-06-02', '11:00', '15:30', '+03:00', 'Tadawul: Saturday to Wednesday week before June 29, 2013'),
  trades('2013-06-30', '10:00', '15:00', '+03:00', 'Tadawul: Sunday to Thursday week from June 29, 2013'),
  closed('2021-05-16', `${T}: Eid al-Fitr 2021`),
  closed('2022-07-13', `${T}: Eid al-Adha 2022`),
  closed('2023-04-25', `${T}: Eid al-Fitr 2023`),
  trades('2023-04-26', '10:00', '15:00', '+03:00', `${T}: trading resumes after Eid al-Fitr 2023`),
  trades('2024-04-04', '10:00', '15:00', '+03:00', `${T}: last day before Eid al-Fitr 2024`),
  closed('2024-04-07', `${T}: Eid al-Fitr 2024`),
  closed('2024-04-15', `${T}: Eid al-Fitr 2024`),
  trades('2024-04-16', '10:00', '15:00', '+03:00', `${T}: trading resumes after Eid al-Fitr 2024`),
  closed('2026-02-22', `${T}: Founding Day`),
  closed('2026-09-23', `${T}: National Day`),
  closed('2027-02-22', `${T}: Founding Day`),
  closed('2027-09-23', `${T}: National Day`),
]);
