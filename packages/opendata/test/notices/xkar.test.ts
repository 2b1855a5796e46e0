// Pakistan Stock Exchange against its holiday notices and designated time schedules.
import { checkNotices, closed, trades } from './notices.js';

const H = 'PSX notice: holidays 2026';
const PKT = '+05:00';
checkNotices('PK.PSX', [
  closed('2026-02-05', `${H}: Kashmir Day`),
  closed('2026-03-20', `${H}: Juma-tul-Wida`),
  closed('2026-03-23', `${H}: Pakistan Day and Eid-ul-Fitr`),
  closed('2026-05-27', `${H}: Eid-ul-Azha`),
  closed('2026-05-28', `${H}: Youm-e-Takbeer and Eid-ul-Azha`),
  closed('2026-05-29', `${H}: Eid-ul-Azha`),
  closed('2026-06-24', `${H}: Ashura (9 Muharram)`),
  closed('2026-06-25', `${H}: Ashura (10 Muharram)`),
  closed('2026-08-25', `${H}: Eid Milad-un-Nabi`),
  closed('2026-11-09', `${H}: Allama Iqbal Day`),
  trades('2026-11-10', '09:32', '15:30', PKT, 'PSX trading hours: Monday to Thursday'),
  trades('2026-11-13', '09:17', '16:30', PKT, 'PSX trading hours: Friday, two sessions around the prayer break'),
  closed('2024-04-05', 'PSX notice: closed on Jumu-atul-Wida, 5 April 2024'),
  closed('2024-04-10', 'PSX notice: Eid-ul-Fitr holidays 10-12 April 2024'),
  closed('2024-07-17', 'PSX notice: Ashura holidays 16-17 July 2024'),
  closed('2024-02-08', 'PSX notice: general election, 8 February 2024'),
  trades('2024-03-13', '09:17', '13:30', PKT, 'PSX notice: Ramadan 1445 time schedule, Monday to Thursday'),
  trades('2024-03-15', '09:17', '12:30', PKT, 'PSX notice: Ramadan 1445 time schedule, Friday'),
  trades('2024-04-15', '09:32', '15:30', PKT, 'PSX notice: pre-Ramadan timings resume 15 April 2024'),
  closed('2023-04-14', 'PSX notice of 10 April 2023: closed on Juma-tul-Wida, Friday 14 April 2023'),
  trades('2023-04-13', '09:17', '13:30', PKT, 'PSX notice: Ramadan 1444 time schedule, Monday to Thursday'),
  closed('2023-04-21', 'PSX notice: closed 21-25 April 2023 for Eid-ul-Fitr'),
  closed('2023-04-25', 'PSX notice: closed 21-25 April 2023 for Eid-ul-Fitr'),
  trades('2021-04-29', '09:17', '12:30', PKT, 'PSX notice of 29 April 2021: Ramadan hours cut with banking hours'),
  trades('2021-04-16', '10:17', '13:00', PKT, 'PSX notice: Ramadan 1442 time schedule, Friday'),
  trades('2021-05-17', '09:32', '15:30', PKT, 'PSX notice of 16 May 2021: normal timings restored'),
  trades('2022-04-18', '09:17', '13:30', PKT, 'PSX notice: revised Ramadan schedule from 18 April 2022'),
  closed('2022-08-08', 'PSX notice: Ashura holidays 8-9 August 2022'),
  closed('2027-02-05', 'Kashmir Solidarity Day 2027 (federal holiday)'),
  closed('2027-03-23', 'Pakistan Day 2027 (federal holiday)'),
]);
