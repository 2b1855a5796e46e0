import { checkNotices, closed, trades } from './notices.js';

const J = 'JPX market holidays';
checkNotices('JP.JPX', [
  closed('2019-04-30', `${J}: national holiday between Showa Day and the Enthronement`),
  closed('2019-05-02', `${J}: national holiday between the Enthronement and Constitution Day`),
  closed('2020-10-01', 'JPX: trading suspended all day after the arrowhead failure'),
  closed('2021-07-23', `${J}: Sports Day moved for the Olympics`),
  trades('2024-11-01', '09:00', '15:00', '+09:00', 'JPX: close at 15:00 before arrowhead 4.0'),
  trades('2024-11-05', '09:00', '15:30', '+09:00', 'JPX: close at 15:30 from November 5, 2024'),
  closed('2026-01-02', `${J}: year-end holidays`),
  trades('2026-01-05', '09:00', '15:30', '+09:00', `${J}: first trading day of 2026`),
  closed('2026-09-22', `${J}: national holiday between Respect for the Aged Day and the equinox`),
  closed('2026-12-31', `${J}: year-end holidays`),
  closed('2027-03-22', `${J}: substitute for the vernal equinox on a Sunday`),
  trades('2027-01-04', '09:00', '15:30', '+09:00', `${J}: first trading day of 2027`),
]);
