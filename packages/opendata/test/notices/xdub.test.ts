// Euronext Dublin: the Irish Stock Exchange's business days and ISE Xetra hours, then the
// Euronext calendar from the 2019 migration.
import { checkNotices, closed, trades } from './notices.js';

const ISE = 'Irish Stock Exchange: 2016 holidays and ISE Xetra trading hours';
const E = 'Euronext trading hours and holidays (cash markets)';
checkNotices('IE.EURONEXT', [
  closed('2013-06-03', 'WFE profile of the Irish Stock Exchange: 2013 holidays (June Bank Holiday)'),
  closed('2013-12-24', 'WFE profile of the Irish Stock Exchange: 2013 holidays (Christmas Eve)'),
  trades('2016-03-17', '08:00', '16:30', '+00:00', `${ISE}: St Patrick's Day is not an ISE holiday`),
  closed('2016-05-02', `${ISE}: May Bank Holiday`),
  trades('2016-12-23', '08:00', '12:30', '+00:00', `${ISE}: half day, closing auction 12:28-12:30`),
  closed('2016-12-27', `${ISE}: Christmas (observed)`),
  trades('2019-05-06', '08:00', '16:30', '+01:00', 'Euronext 2019 holiday calendar applies to Dublin after migration'),
  trades('2019-12-24', '08:00', '13:00', '+00:00', 'Euronext 2019 holiday calendar: half day, closing by 14:05 CET'),
  trades('2021-05-03', '08:00', '16:30', '+01:00', 'BFM Bourse 2021 calendar: Dublin closes with Paris only'),
  closed('2022-05-02', 'BFM Bourse 2022 calendar: Dublin also closed on 2 May'),
  closed('2022-12-27', 'BFM Bourse 2022 calendar: Dublin also closed on 27 December'),
  closed('2025-05-05', 'Bourseo 2025 calendar: Dublin also closed on 5 May'),
  closed('2026-05-04', 'BFM Bourse 2026 calendar: Dublin also closed on 4 May'),
  trades('2026-12-28', '08:00', '16:30', '+00:00', 'BFM Bourse 2026 calendar: 4 May is the only extra Dublin closure'),
  trades('2026-03-17', '08:00', '16:30', '+00:00', `${E}: St Patrick's Day is not on the Euronext calendar`),
  trades('2026-03-27', '08:00', '16:30', '+00:00', `${E}: regular day before the clock change`),
  trades('2026-03-30', '08:00', '16:30', '+01:00', `${E}: regular day after the clock change`),
  closed('2026-04-03', `${E}: Good Friday 2026`),
  trades('2026-12-31', '08:00', '13:00', '+00:00', `${E}: early close on New Year's Eve 2026`),
  closed('2027-03-26', `${E}: Good Friday 2027`),
  closed('2027-05-03', `${E}: May Bank Holiday 2027 (Dublin closure as in 2022-2026)`),
]);
