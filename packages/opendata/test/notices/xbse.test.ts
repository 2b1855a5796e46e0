// Bucharest Stock Exchange against its schedule notices, its year-end decisions and the Labour Code.
import { checkNotices, closed, trades } from './notices.js';

const CODE = 'Labour Code art. 139';
checkNotices('RO.BVB', [
  closed('2008-12-29', 'BVB: market closed 24-31 December 2008'),
  closed('2009-12-28', 'BVB: last session of 2009 on 24 December'),
  trades('2014-01-03', '10:00', '17:45', '+02:00', 'BVB: trading extended to 18:00 from 3 January 2014'),
  trades('2015-05-21', '09:45', '18:15', '+03:00', 'BVB: programme extended from 21 May 2015'),
  closed('2023-01-24', `${CODE}: Union Day (from 2017)`),
  closed('2023-04-14', `${CODE}: Orthodox Good Friday (from 2018)`),
  closed('2023-06-01', `${CODE}: Children's Day (from 2017)`),
  closed('2023-06-05', `${CODE}: Orthodox Whit Monday`),
  closed('2023-11-30', `${CODE}: St. Andrew's Day`),
  closed('2025-01-06', `${CODE}: Epiphany (from 2024)`),
  closed('2025-01-07', `${CODE}: St. John (from 2024)`),
  trades('2026-03-27', '10:00', '17:45', '+02:00', 'BVB: trading sessions schedule, last day of winter time'),
  trades('2026-03-30', '10:00', '17:45', '+03:00', 'BVB: trading sessions schedule, first Monday of summer time'),
  closed('2026-04-10', `${CODE}: Orthodox Good Friday`),
  closed('2026-04-13', `${CODE}: Orthodox Easter Monday`),
  closed('2027-04-30', `${CODE}: Orthodox Good Friday`),
  closed('2027-06-21', `${CODE}: Orthodox Whit Monday`),
  closed(
    '2020-12-24',
    'UniCredit holiday reminder, 18 Dec 2020: 24 December a non-trading day for the Bucharest Stock Exchange',
  ),
  closed(
    '2020-12-31',
    'UniCredit holiday reminder, 18 Dec 2020: 31 December a non-trading day for the Bucharest Stock Exchange',
  ),
]);
