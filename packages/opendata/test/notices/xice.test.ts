// Nasdaq Iceland against the exchange's holiday notices, its hours notices and the Icelandic holidays.
import { checkNotices, closed, trades } from './notices.js';

const N = 'Nasdaq Nordic trading hours and holiday calendar (Iceland 2026)';
const R07 = 'OMX Nordic Exchange notice 9/07: Iceland closed on 5-6 and 9 April 2007';
const CSD = 'Nasdaq Iceland notice of 7 June 2024: the Icelandic holidays and New Year Eve';
checkNotices('IS.NASDAQ', [
  closed('2007-04-05', `${R07}: Maundy Thursday`),
  closed('2007-04-09', `${R07}: Easter Monday`),
  closed('2024-12-31', `${CSD}: New Year's Eve`),
  closed('2024-04-25', `${CSD}: First Day of Summer 2024`),
  trades('2026-03-27', '09:30', '15:30', '+00:00', `${N}: regular day (Iceland keeps GMT all year)`),
  trades('2026-03-30', '09:30', '15:30', '+00:00', `${N}: same local hours after Europe's clock change`),
  closed('2026-04-02', `${N}: Maundy Thursday 2026`),
  closed('2026-04-03', `${N}: Good Friday 2026`),
  closed('2026-04-06', `${N}: Easter Monday 2026`),
  closed('2026-04-23', `${N}: First Day of Summer 2026`),
  closed('2026-05-01', `${N}: Labour Day 2026`),
  closed('2026-05-14', `${N}: Ascension Day 2026`),
  closed('2026-05-25', `${N}: Whit Monday 2026`),
  closed('2026-06-17', `${N}: National Day 2026`),
  closed('2026-08-03', `${N}: Commerce Day 2026`),
  closed('2026-12-24', `${N}: Christmas Eve 2026`),
  closed('2026-12-31', `${N}: New Year's Eve 2026`),
  closed('2027-04-22', `${CSD}: First Day of Summer 2027 (first Thursday after 18 April)`),
  closed('2027-08-02', `${CSD}: Commerce Day 2027 (first Monday of August)`),
]);
