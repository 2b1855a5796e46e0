// Athens Exchange against the ATHEX Group trading calendars and notices.
import { checkNotices, closed, trades } from './notices.js';

const A = 'ATHEX Group trading calendar';
checkNotices('GR.ATHEX', [
  closed('2015-04-03', `${A} 2015: Good Friday (Catholic)`),
  closed('2015-06-01', `${A} 2015: Whit Monday`),
  closed('2015-07-15', 'ATHEX: market closed from 29 June 2015 during the bank holiday'),
  trades('2015-08-03', '10:30', '17:20', '+03:00', 'ATHEX: market reopens on 3 August 2015'),
  closed('2022-05-02', 'Ministerial decision 33566/2022: May Day moved to Monday 2 May; businesses closed'),
  closed('2024-05-07', 'Gazette B 1406/4.3.2024: May Day moved to 7 May; ATHEX closed'),
  trades(
    '2019-12-31',
    '10:30',
    '15:20',
    '+02:00',
    'CSE notice of 28 November 2019: Athens special hours, two hours early',
  ),
  closed('2026-02-23', `${A} 2026: Clean Monday`),
  closed('2026-03-25', `${A} 2026: National Holiday`),
  closed('2026-04-06', `${A} 2026: Easter Monday (Catholic)`),
  closed('2026-04-10', `${A} 2026: Good Friday (Orthodox)`),
  closed('2026-04-13', `${A} 2026: Easter Monday (Orthodox)`),
  closed('2026-06-01', `${A} 2026: Whit Monday`),
  trades('2026-03-27', '10:30', '17:20', '+02:00', `${A}: regular day before the clock change`),
  trades('2026-03-30', '10:30', '17:20', '+03:00', `${A}: regular day after the clock change`),
  closed('2026-10-28', `${A} 2026: National Holiday`),
  closed('2027-04-30', `${A} 2027: Good Friday (Orthodox)`),
  closed('2027-05-03', `${A} 2027: Easter Monday (Orthodox)`),
]);
