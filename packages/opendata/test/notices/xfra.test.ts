// Börse Frankfurt (specialist floor) against Deutsche Börse's FWB trading calendar and notices.
import { checkNotices, closed, trades } from './notices.js';

const K = 'Börse Frankfurt Handelskalender';
const H = 'Börse Frankfurt: Handelszeiten und Handelskalender 2021';
const N = 'Deutsche Börse notice: XFRA trading on public holidays ends at 20:00 (Oct 2022)';
checkNotices('DE.FWB', [
  closed('2000-10-03', 'Deutsche Börse/Eurex: no trading at FWB on 3 October 2000 (10th anniversary of unity)'),
  closed('2016-05-16', `${K} 2016: Whit Monday`),
  closed('2016-10-03', `${K} 2016: Day of German Unity`),
  closed('2017-10-31', `${K} 2017: Reformation Day`),
  trades('2017-12-29', '08:00', '14:00', '+01:00', `${K} 2017: year-end hours, post-trading from 14:00`),
  closed('2021-05-24', `${H}: Whit Monday`),
  trades('2011-05-31', '09:00', '20:00', '+02:00', 'Börse Frankfurt: trading from 09:00 until May 2011'),
  trades('2011-06-01', '08:00', '20:00', '+02:00', 'Börse Frankfurt: trading from 08:00 since 1 June 2011'),
  trades('2021-11-26', '08:00', '20:00', '+01:00', `${H}: shares until 20:00 before 29 November`),
  trades('2021-11-29', '08:00', '22:00', '+01:00', `${H}: shares until 22:00 from 29 November 2021`),
  trades('2022-10-03', '08:00', '20:00', '+02:00', N),
  trades('2026-03-27', '08:00', '22:00', '+01:00', `${H}: regular day before the clock change`),
  trades('2026-03-30', '08:00', '22:00', '+02:00', `${H}: regular day after the clock change`),
  closed('2026-04-03', `${K} 2026: Good Friday`),
  closed('2026-12-24', `${K} 2026: Christmas Eve`),
  trades('2026-12-30', '08:00', '14:00', '+01:00', `${K}: last trading day of the year`),
  closed('2027-03-29', `${K} 2027: Easter Monday`),
  trades('2027-05-17', '08:00', '20:00', '+02:00', `${N}: Whit Monday`),
]);
