import { checkNotices, closed, trades } from './notices.js';

const P = 'Proclamation on regular holidays and special days';
const M = 'PSE memorandum';
checkNotices('PH.PSE', [
  trades('2011-09-30', '09:30', '12:10', '+08:00', `${M}: 09:30-12:10 until afternoon trading began (Inquirer, 2011)`),
  trades('2011-10-03', '09:30', '13:00', '+08:00', `${M}: trading to 13:00 from 3 October 2011`),
  trades('2019-07-01', '09:30', '15:30', '+08:00', `${M}: 09:30-12:00 and 13:30-15:30 from 2 January 2012`),
  trades('2020-03-16', '09:30', '13:00', '+08:00', `${M} of 15 March 2020 (Rappler): 09:30-13:00 on 16 March`),
  closed('2020-03-17', `${M}: no trading from 17 March 2020 (Luzon enhanced community quarantine)`),
  trades('2020-03-19', '09:00', '13:00', '+08:00', `${M} of 15 March 2020 (Rappler): 09:00-13:00, 17 March-14 April`),
  trades('2020-04-14', '09:00', '13:00', '+08:00', `${M} of 15 March 2020 (Rappler): 09:00-13:00, 17 March-14 April`),
  trades('2021-03-01', '09:30', '13:00', '+08:00', `${M}: shortened trading hours from 16 March 2020`),
  trades('2021-12-24', '09:30', '12:10', '+08:00', `${M}: half-day trading on 24 December 2021 (special working day)`),
  trades('2022-01-20', '09:30', '13:00', '+08:00', `${M}: shortened hours from 14 January 2022`),
  trades('2022-03-01', '09:30', '15:00', '+08:00', `${M}: full-day 5-hour schedule from 1 March 2022`),
  closed('2022-09-26', `${M}: no trading (Super Typhoon Karding)`),
  closed('2023-04-10', `${P} 90 (2022): Araw ng Kagitingan moved to Monday`),
  closed('2023-11-27', `${P} 90 (2022): Bonifacio Day moved to Monday`),
  closed('2024-04-10', `${P} 514 (2024): Eid'l Fitr`),
  closed('2025-05-12', `${P}: national and local elections`),
  closed('2026-04-02', `${P} (2026): Maundy Thursday`),
  closed('2026-04-03', `${P} (2026): Good Friday`),
  closed('2026-08-31', `${P} (2026): National Heroes Day, last Monday of August`),
  closed('2026-11-02', `${P} 1006 (2025): All Souls' Day, special non-working day in 2026`),
  trades('2026-02-25', '09:30', '15:00', '+08:00', `${P} 1006 (2025): EDSA anniversary a special working day`),
  trades('2026-12-28', '09:30', '15:00', '+08:00', `${M}: regular trading day between the holidays`),
  closed('2026-12-30', `${P} (2026): Rizal Day`),
  closed('2027-01-01', `${P}: New Year's Day`),
  closed('2027-03-25', `${P}: Maundy Thursday`),
  trades('2027-03-29', '09:30', '15:00', '+08:00', `${M}: regular trading day after Holy Week`),
]);
