// Nasdaq Riga against Nasdaq Baltic's hours and the Latvian public holidays law and Cabinet orders.
import { checkNotices, closed, trades } from './notices.js';

const B = 'Nasdaq Baltic trading day structure and holidays';
const LAW = 'Latvian Law on Public Holidays: 4 May and 18 November move to Monday off a weekend';
const ONE = 'Latvian one-off public holidays';
checkNotices('LV.NASDAQ', [
  trades('2009-02-02', '10:00', '16:00', '+02:00', `${B}: trading to 16:00 from 2 February 2009`),
  closed('2008-05-02', `${ONE}: bridge day of 2 May 2008`),
  closed('2018-11-19', `${LAW}: Proclamation Day on a Sunday in 2018`),
  closed('2021-06-25', `${ONE}: bridge day after Midsummer 2021 (Saturday 19 June worked)`),
  closed('2025-05-02', `${ONE}: bridge day of 2 May 2025 (Saturday 10 May worked)`),
  closed('2023-05-29', `${ONE}: ice hockey world championship bronze, 2023`),
  closed('2023-07-10', `${ONE}: closing day of the Song and Dance Festival, 2023`),
  closed('2023-11-20', `${LAW}: Proclamation Day on a Saturday in 2023`),
  trades('2026-03-30', '10:00', '16:00', '+03:00', `${B}: regular day after the clock change`),
  closed('2026-04-03', `${B}: Good Friday 2026`),
  closed('2026-05-04', `${B}: Restoration of Independence Day 2026`),
  closed('2026-06-23', `${B}: Līgo 2026`),
  closed('2026-06-24', `${B}: Jāņi 2026`),
  closed('2026-11-18', `${B}: Proclamation Day 2026`),
  closed('2026-12-31', `${B}: New Year's Eve 2026`),
  trades('2026-02-24', '10:00', '16:00', '+02:00', `${B}: an Estonian holiday is a trading day in Riga`),
  closed('2027-05-04', `${B}: Restoration of Independence Day 2027`),
  closed('2027-11-18', `${B}: Proclamation Day 2027`),
  closed('2023-05-05', 'Cabinet order (nra.lv): working day of Friday 5 May 2023 moved to Saturday 20 May'),
  closed('2024-12-23', 'Cabinet order no. 348 of 13 June 2023: 23 December 2024 a day off, worked on 14 December'),
  closed('2024-12-30', 'Cabinet order no. 348 of 13 June 2023: 30 December 2024 a day off, worked on 28 December'),
  closed('2026-01-02', 'jauns.lv, 9 Dec 2025: working day of Friday 2 January 2026 moved to Saturday 17 January'),
  closed('2017-05-05', 'ovv.lv, Apr 2017: Cabinet order moves the working day of Friday 5 May 2017 to 13 May'),
]);
