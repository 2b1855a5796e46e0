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
  // 2027: no notice yet; the usual arrangement (docs/sample-rules.md), as the 2025-2026 notices place days.
  closed('2027-02-05', "Approximation: the Spring Festival's eve is statutory since 2025"),
  closed('2027-02-12', 'Approximation: eight days from the eve, to the weekend'),
  trades('2027-01-31', '09:00', '17:00', '+08:00', 'Approximation: Sunday working day before the Spring Festival'),
  trades('2027-02-20', '09:00', '17:00', '+08:00', 'Approximation: Saturday working day after the Spring Festival'),
  closed('2027-05-05', 'Approximation: Labour Day, May 1-5'),
  trades('2027-05-08', '09:00', '17:00', '+08:00', 'Approximation: Saturday working day after Labour Day'),
  trades('2027-09-26', '09:00', '17:00', '+08:00', 'Approximation: Sunday working day before National Day'),
  closed('2027-10-07', 'Approximation: National Day, October 1-7'),
  trades('2027-10-09', '09:00', '17:00', '+08:00', 'Approximation: Saturday working day after National Day'),
]);
