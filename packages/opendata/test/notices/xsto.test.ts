// Nasdaq Stockholm against the exchange's half-day and holiday notices and the Swedish holidays act.
import { checkNotices, closed, trades } from './notices.js';

const N = 'Nasdaq Nordic trading hours and holiday calendar';
const R07 = 'OMX Nordic Exchange notice 9/07: Easter 2007 closed days and half days';
const R09 = 'NASDAQ OMX Nordic notice 6/09: Ascension 2009';
const LAW = 'Swedish public holidays act (lag 1989:253)';
checkNotices('SE.NASDAQ', [
  closed('2000-06-12', `${LAW}: Whit Monday was a public holiday until 2004`),
  trades('2007-04-05', '09:00', '13:00', '+02:00', `${R07}: half day trading on Maundy Thursday`),
  closed('2007-04-06', `${R07}: Good Friday`),
  trades('2009-05-20', '09:00', '13:00', '+02:00', `${R09}: half day trading on the eve of Ascension`),
  closed('2009-05-21', `${R09}: Ascension Day`),
  trades('2018-11-02', '09:00', '13:00', '+01:00', `${N}: half day on the eve of All Saints' Day`),
  trades('2024-01-05', '09:00', '13:00', '+01:00', `${N}: half day on the eve of Epiphany`),
  closed('2024-06-06', `${N}: National Day of Sweden`),
  closed('2024-06-21', `${N}: Midsummer Eve`),
  trades('2024-05-10', '09:00', '17:30', '+02:00', `${N}: the Friday after Ascension is a full day in Stockholm`),
  trades('2026-01-05', '09:00', '13:00', '+01:00', `${N}: half day on the eve of Epiphany 2026`),
  closed('2026-01-06', `${N}: Epiphany 2026`),
  trades('2026-03-27', '09:00', '17:30', '+01:00', `${N}: regular day before the clock change`),
  trades('2026-03-30', '09:00', '17:30', '+02:00', `${N}: regular day after the clock change`),
  trades('2026-04-02', '09:00', '13:00', '+02:00', `${N}: half day on Maundy Thursday 2026`),
  closed('2026-04-03', `${N}: Good Friday 2026`),
  closed('2026-04-06', `${N}: Easter Monday 2026`),
  trades('2026-04-30', '09:00', '13:00', '+02:00', `${N}: half day on Walpurgis Night 2026`),
  trades('2026-05-13', '09:00', '13:00', '+02:00', `${N}: half day on the eve of Ascension 2026`),
  closed('2026-05-14', `${N}: Ascension Day 2026`),
  closed('2026-06-19', `${N}: Midsummer Eve 2026`),
  trades('2026-10-30', '09:00', '13:00', '+01:00', `${N}: half day on the eve of All Saints' Day 2026`),
  closed('2026-12-24', `${N}: Christmas Eve 2026`),
  closed('2026-12-31', `${N}: New Year's Eve 2026`),
  trades('2027-03-25', '09:00', '13:00', '+01:00', `${N}: half day on Maundy Thursday 2027`),
  closed('2027-06-25', `${N}: Midsummer Eve 2027`),
  trades('2027-11-05', '09:00', '13:00', '+01:00', `${N}: half day on the eve of All Saints' Day 2027`),
]);
