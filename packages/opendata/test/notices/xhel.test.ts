// Nasdaq Helsinki against the exchange's notices, hours announcements and the Finnish holidays.
import { checkNotices, closed, trades } from './notices.js';

const N = 'Nasdaq Nordic trading hours and holiday calendar';
const SAX = 'Helsinki, Tallinn and Riga adopt SAXESS on 27 September 2004 (harmonised hours)';
const R09 = 'NASDAQ OMX Nordic notice 6/09: Helsinki closed on Ascension, no half days';
checkNotices('FI.NASDAQ', [
  trades('2004-09-24', '10:00', '18:00', '+03:00', `${SAX}: the old day ended at 17:00 CET`),
  trades('2004-09-27', '10:00', '18:30', '+03:00', `${SAX}: 09:00-17:30 CET from the switch`),
  trades('2009-05-20', '10:00', '18:30', '+03:00', `${R09}: full day before Ascension`),
  closed('2009-05-21', `${R09}: Ascension Day`),
  closed('2026-01-06', `${N}: Epiphany 2026`),
  trades('2026-03-27', '10:00', '18:30', '+02:00', `${N}: regular day before the clock change`),
  trades('2026-03-30', '10:00', '18:30', '+03:00', `${N}: regular day after the clock change`),
  trades('2026-04-02', '10:00', '18:30', '+03:00', `${N}: full day on Maundy Thursday`),
  closed('2026-04-03', `${N}: Good Friday 2026`),
  closed('2026-04-06', `${N}: Easter Monday 2026`),
  closed('2026-05-01', `${N}: May Day 2026`),
  closed('2026-05-14', `${N}: Ascension Day 2026`),
  closed('2026-06-19', `${N}: Midsummer Eve 2026`),
  trades('2026-12-07', '10:00', '18:30', '+02:00', `${N}: no substitute for a Sunday Independence Day`),
  closed('2026-12-24', `${N}: Christmas Eve 2026`),
  closed('2026-12-31', `${N}: New Year's Eve 2026`),
  closed('2027-01-06', `${N}: Epiphany 2027`),
  closed('2027-12-06', `${N}: Independence Day 2027`),
]);
