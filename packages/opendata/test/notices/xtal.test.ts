// Nasdaq Tallinn against Nasdaq Baltic's hours and holiday notices and the Estonian holidays act.
import { checkNotices, closed, trades } from './notices.js';

const B = 'Nasdaq Baltic trading day structure and holidays';
const EXT = 'Baltic exchanges trade to 16:00 instead of 14:00 from 2 February 2009';
const AP = 'Äripäev, 23 Dec 2021: the Baltic exchanges close on 24-26 and 31 December';
checkNotices('EE.NASDAQ', [
  trades('2009-01-30', '10:00', '14:00', '+02:00', `${EXT}: the last day to 14:00`),
  trades('2009-02-02', '10:00', '16:00', '+02:00', `${EXT}: the first day to 16:00`),
  closed('2021-12-24', `${AP}: Christmas Eve`),
  closed('2021-12-31', `${AP}: New Year's Eve`),
  closed('2026-02-24', `${B}: Independence Day 2026`),
  trades('2026-03-27', '10:00', '16:00', '+02:00', `${B}: regular day before the clock change`),
  trades('2026-03-30', '10:00', '16:00', '+03:00', `${B}: regular day after the clock change`),
  closed('2026-04-03', `${B}: Good Friday 2026`),
  closed('2026-04-06', `${B}: Easter Monday 2026`),
  closed('2026-06-23', `${B}: Victory Day 2026`),
  closed('2026-06-24', `${B}: Midsummer Day 2026`),
  closed('2026-08-20', `${B}: Day of Restoration of Independence 2026`),
  closed('2026-12-24', `${B}: Christmas Eve 2026`),
  closed('2026-12-31', `${B}: New Year's Eve 2026`),
  closed('2027-02-24', `${B}: Independence Day 2027`),
  trades('2027-11-18', '10:00', '16:00', '+02:00', `${B}: a Latvian holiday is a trading day in Tallinn`),
]);
