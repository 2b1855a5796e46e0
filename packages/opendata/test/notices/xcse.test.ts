// Nasdaq Copenhagen against the exchange's holiday notices and the Danish holiday laws.
import { checkNotices, closed, trades } from './notices.js';

const N = 'Nasdaq Nordic trading hours and holiday calendar';
const R07 = 'OMX Nordic Exchange notice 9/07: Easter 2007 closed days';
const R09 = 'NASDAQ OMX Nordic notices 6/09 and 8/09: Ascension and Constitution Day 2009';
const GPD = 'Act no. 140 of 2023 abolishing Great Prayer Day';
checkNotices('DK.NASDAQ', [
  closed('2007-04-05', `${R07}: Maundy Thursday`),
  closed('2009-05-22', `${R09}: closed the Friday after Ascension`),
  closed('2009-06-05', `${R09}: Constitution Day`),
  closed('2018-04-27', `${N}: Great Prayer Day 2018`),
  closed('2018-05-11', `${N}: the Friday after Ascension 2018`),
  trades('2024-04-26', '09:00', '17:00', '+02:00', `${GPD}: the former Great Prayer Day is a trading day from 2024`),
  trades('2024-05-01', '09:00', '17:00', '+02:00', `${N}: Copenhagen trades on 1 May`),
  closed('2024-05-10', `${N}: the Friday after Ascension 2024`),
  trades('2026-01-06', '09:00', '17:00', '+01:00', `${N}: no Epiphany closure in Copenhagen`),
  trades('2026-03-27', '09:00', '17:00', '+01:00', `${N}: regular day before the clock change`),
  trades('2026-03-30', '09:00', '17:00', '+02:00', `${N}: regular day after the clock change`),
  closed('2026-04-02', `${N}: Maundy Thursday 2026`),
  closed('2026-04-03', `${N}: Good Friday 2026`),
  closed('2026-05-15', `${N}: the Friday after Ascension 2026`),
  closed('2026-05-25', `${N}: Whit Monday 2026`),
  closed('2026-06-05', `${N}: Constitution Day 2026`),
  closed('2026-12-24', `${N}: Christmas Eve 2026`),
  closed('2026-12-31', `${N}: New Year's Eve 2026`),
  closed('2027-03-25', `${N}: Maundy Thursday 2027`),
  trades('2027-04-23', '09:00', '17:00', '+02:00', `${GPD}: no Great Prayer Day in 2027`),
  closed('2027-05-07', `${N}: the Friday after Ascension 2027`),
]);
