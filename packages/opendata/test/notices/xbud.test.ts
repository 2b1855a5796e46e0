// Budapest Stock Exchange against its yearly lists of trading holidays, the working-arrangement
// decrees (bridge days; their working Saturdays are not trading days) and its trading hours.
import { checkNotices, closed, trades } from './notices.js';

const HOURS = 'BSE: trading hours (continuous trading to 17:00)';
checkNotices('HU.BSE', [
  trades(
    '2010-11-30',
    '09:00',
    '16:30',
    '+01:00',
    'BSE: free period to 16:30 before the extension (origo, November 2010)',
  ),
  trades('2010-12-01', '09:00', '17:00', '+01:00', 'BBJ: trading hours extended by 30 minutes from 1 December 2010'),
  closed('2012-03-16', 'BSE: trading holidays 2012 (bridge day)'),
  closed('2012-11-02', 'BSE: trading holidays 2012 (bridge day)'),
  closed('2012-12-31', "BSE: trading holidays 2012 (New Year's Eve)"),
  closed('2012-04-06', 'BSE: trading holidays 2012 (Good Friday, before it was a public holiday)'),
  closed('2013-12-27', 'BSE: trading holidays 2013 (bridge day)'),
  closed('2014-10-24', 'BSE: trading holidays 2014 (bridge day)'),
  closed('2014-05-10', 'BSE: trading holidays 2014 (working Saturday not a trading day)'),
  closed('2022-03-14', 'BSE: trading holidays 2022 (rest day)'),
  closed('2022-03-26', 'BSE: trading holidays 2022 (working Saturday not a trading day)'),
  closed('2021-12-24', 'BSE: trading holidays 2021 (MTI)'),
  closed('2025-10-24', '11/2024 NGM decree on the working arrangements of 2025'),
  trades('2025-10-22', '09:00', '17:00', '+02:00', HOURS),
  closed('2026-01-02', 'Decree on the working arrangements of 2026 (bridge day)'),
  closed('2026-08-21', 'Decree on the working arrangements of 2026 (bridge day)'),
  trades('2026-03-27', '09:00', '17:00', '+01:00', `${HOURS}, last day of winter time`),
  trades('2026-03-30', '09:00', '17:00', '+02:00', `${HOURS}, first Monday of summer time`),
  closed('2027-03-15', 'Labour Code s. 102: national holiday'),
  closed('2027-05-17', 'Labour Code s. 102: Whit Monday'),
]);
