// Nasdaq Vilnius against Nasdaq Baltic's hours and holidays and the Lithuanian Labour Code.
import { checkNotices, closed, trades } from './notices.js';

const B = 'Nasdaq Baltic trading day structure and holidays';
const LC = "Lithuanian Labour Code, art. 123 (All Souls' Day a holiday from 2020)";
const VSE = 'Vilnius Stock Exchange market holidays notice of 22 Dec 2005';
checkNotices('LT.NASDAQ', [
  closed('2005-12-27', `${VSE}: closed for Christmas Day on a Sunday`),
  closed('2006-01-02', `${VSE}: closed for New Year's Day on a Sunday`),
  trades('2009-01-30', '10:00', '14:00', '+02:00', `${B}: trading to 14:00 until February 2009`),
  trades('2018-11-02', '10:00', '16:00', '+02:00', `${LC}: All Souls' Day was a working day in 2018`),
  closed('2020-11-02', `${LC}: first All Souls' Day holiday`),
  closed('2026-02-16', `${B}: Day of Restoration of the State 2026`),
  closed('2026-03-11', `${B}: Day of Restoration of Independence 2026`),
  trades('2026-03-27', '10:00', '16:00', '+02:00', `${B}: regular day before the clock change`),
  trades('2026-03-30', '10:00', '16:00', '+03:00', `${B}: regular day after the clock change`),
  closed('2026-04-06', `${B}: Easter Monday 2026`),
  closed('2026-06-24', `${B}: St John's Day 2026`),
  closed('2026-07-06', `${B}: Statehood Day 2026`),
  trades('2026-08-14', '10:00', '16:00', '+03:00', `${B}: no bridge before a Saturday Assumption Day`),
  closed('2026-11-02', `${B}: All Souls' Day 2026`),
  closed('2026-12-24', `${B}: Christmas Eve 2026`),
  closed('2027-02-16', `${B}: Day of Restoration of the State 2027`),
  closed('2027-11-01', `${B}: All Saints' Day 2027`),
  closed('2027-11-02', `${B}: All Souls' Day 2027`),
]);
