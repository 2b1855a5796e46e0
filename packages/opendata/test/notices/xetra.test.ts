import { checkNotices, closed, trades } from './notices.js';

const X = 'Deutsche Börse Xetra trading calendar';
checkNotices('DE.XETR', [
  closed('2007-05-28', `${X}: Whit Monday 2007`),
  closed('2017-10-31', `${X}: 500th anniversary of the Reformation`),
  closed('2019-10-03', `${X}: Day of German Unity`),
  trades('2019-12-30', '09:00', '14:00', '+01:00', `${X}: last trading day of the year`),
  closed('2021-05-24', `${X}: Whit Monday`),
  trades('2022-06-06', '09:00', '17:30', '+02:00', `${X}: trading on Whit Monday from 2022`),
  trades('2022-10-03', '09:00', '17:30', '+02:00', `${X}: trading on German Unity Day from 2022`),
  trades('2022-12-30', '09:00', '14:00', '+01:00', `${X}: last trading day of the year`),
  trades('2026-10-23', '09:00', '17:30', '+02:00', `${X}: regular day before the clock change`),
  trades('2026-10-26', '09:00', '17:30', '+01:00', `${X}: regular day after the clock change`),
  closed('2026-12-24', `${X}: Christmas Eve`),
  trades('2026-12-30', '09:00', '14:00', '+01:00', `${X}: last trading day of the year`),
  closed('2026-12-31', `${X}: New Year's Eve`),
  trades('2027-05-17', '09:00', '17:30', '+02:00', `${X}: trading on Whit Monday`),
  trades('2027-12-30', '09:00', '14:00', '+01:00', `${X}: last trading day of the year`),
]);
