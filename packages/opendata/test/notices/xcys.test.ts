// Cyprus Stock Exchange against its announcements.
import { checkNotices, closed, trades } from './notices.js';

const C = 'CSE announcement';
checkNotices('CY.CSE', [
  trades('2008-09-26', '10:30', '17:00', '+03:00', `${C} (September 2008): markets close at 17:00 until 26 September`),
  trades('2008-09-29', '10:30', '17:20', '+03:00', `${C} (September 2008): markets close at 17:20 from 29 September`),
  closed('2013-03-28', 'CSE: the exchange stays shut on 28 March 2013 although the banks reopen'),
  trades('2013-04-02', '10:30', '17:20', '+03:00', 'CSE: trading resumes on 2 April 2013'),
  closed('2019-06-25', `${C} (24 June 2019): public holiday for the funeral of former President Christofias`),
  closed('2019-12-24', `${C} (28 November 2019): Christmas Eve`),
  trades('2019-12-31', '10:30', '15:20', '+02:00', `${C} (28 November 2019): trading ends at 15:20 instead of 17:20`),
  closed('2020-01-06', `${C} (28 November 2019): Epiphany`),
  closed('2025-04-18', `${C} (April 2025): Orthodox Good Friday`),
  closed('2025-04-22', `${C} (April 2025): Orthodox Easter Tuesday`),
  closed('2025-05-01', `${C} (April 2025): Labour Day`),
  closed('2026-04-01', 'CSE trading calendar 2026: Cyprus National Day'),
  closed('2026-04-03', 'CSE trading calendar 2026: Good Friday (TARGET)'),
  closed('2026-10-01', 'CSE trading calendar 2026: Cyprus Independence Day'),
  trades('2026-03-27', '10:30', '17:20', '+02:00', 'CSE trading hours: regular day before the clock change'),
  trades('2026-03-30', '10:30', '17:20', '+03:00', 'CSE trading hours: regular day after the clock change'),
  closed('2027-05-04', 'Cyprus public holidays: Orthodox Easter Tuesday 2027'),
  closed('2027-06-21', 'Cyprus public holidays: Kataklysmos 2027'),
]);
