import { checkNotices, closed, trades } from './notices.js';

// The night session (20:00-02:30) belongs to the next trading day; none runs before a closure.
const S = "Shanghai Gold Exchange holiday notice (the State Council's arrangement)";
checkNotices('CN.SGE', [
  closed('2005-02-07', "The exchanges' 2005 Spring Festival closure, two days longer than the State Council's"),
  closed('2007-12-31', `${S}: New Year's Day 2008 break`),
  closed('2015-09-04', `${S}: Victory Day break`),
  closed('2020-01-31', 'SGE: Spring Festival break extended (COVID-19)'),
  closed('2024-02-09', 'SGE: closed on the eve of the 2024 Spring Festival'),
  closed('2026-01-02', `${S}: New Year's Day`),
  closed('2026-02-14', `${S}: a make-up working day, but a Saturday: the exchange does not trade`),
  closed('2026-02-23', `${S}: Spring Festival`),
  trades('2026-02-24', '09:00', '15:30', '+08:00', `${S}: first day after the break, no night session before it`),
  trades('2026-03-04', '2026-03-03T20:00', '15:30', '+08:00', `${S}: regular day with the night session before it`),
  closed('2026-04-06', `${S}: Qingming Festival`),
  closed('2026-10-07', `${S}: National Day`),
  closed('2027-01-01', "State Council: New Year's Day is a statutory holiday"),
  closed('2027-10-01', 'State Council: National Day is a statutory holiday'),
]);
