import { checkNotices, closed, trades } from './notices.js';

const S = "the State Council's holiday arrangement, which the interbank market follows";
checkNotices('CN.CIBM', [
  trades('2008-09-27', '09:00', '17:00', '+08:00', `${S}: Saturday working day before National Day 2008`),
  trades('2019-02-02', '09:00', '17:00', '+08:00', `${S}: Saturday working day before the Spring Festival`),
  closed('2020-01-31', 'PBOC: interbank market reopened February 3, 2020'),
  closed('2020-02-01', 'State Council: the extended break cancelled the February 1 working day'),
  trades('2026-01-04', '09:00', '17:00', '+08:00', `${S}: Sunday working day after New Year's Day`),
  closed('2026-01-02', `${S}: New Year's Day`),
  trades('2026-02-14', '09:00', '17:00', '+08:00', `${S}: Saturday working day before the Spring Festival`),
  closed('2026-02-23', `${S}: Spring Festival`),
  closed('2026-04-06', `${S}: Qingming Festival`),
  trades('2026-09-20', '09:00', '17:00', '+08:00', `${S}: Sunday working day before National Day`),
  trades('2026-10-10', '09:00', '17:00', '+08:00', `${S}: Saturday working day after National Day`),
  closed('2027-01-01', "State Council: New Year's Day is a statutory holiday"),
  closed('2027-10-01', 'State Council: National Day is a statutory holiday'),
]);
