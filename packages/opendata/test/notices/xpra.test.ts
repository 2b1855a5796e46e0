// Prague Stock Exchange against its trading calendars, its trading hours and the holiday act.
import { checkNotices, closed, trades } from './notices.js';

const CAL = 'PSE: calendar of trading days';
const LAW = 'Act 245/2000 Coll. on public holidays';
checkNotices('CZ.PSE', [
  closed('2008-03-24', 'PSE: trading calendar 2008 (Easter Monday)'),
  trades(
    '2008-03-21',
    '09:15',
    '16:20',
    '+01:00',
    'PSE: trading calendar 2008 (Good Friday not a holiday before 2016)',
  ),
  closed('2008-12-31', "PSE: trading calendar 2008 (New Year's Eve)"),
  trades('2012-11-29', '09:15', '16:20', '+01:00', 'PSE: SPAD session before Xetra'),
  trades('2012-11-30', '09:00', '16:20', '+01:00', 'PSE: trading on Xetra from 30 November 2012'),
  closed('2022-10-28', `${CAL} 2022`),
  closed('2023-04-07', `${CAL} 2023 (Good Friday)`),
  closed('2023-07-06', `${CAL} 2023 (Jan Hus Day)`),
  closed('2023-09-28', `${CAL} 2023 (Statehood Day)`),
  closed('2023-11-17', `${CAL} 2023`),
  trades('2020-11-27', '09:00', '16:20', '+01:00', 'PSE: closing auction at 16:20 before 30 November 2020'),
  trades(
    '2020-11-30',
    '09:00',
    '16:10',
    '+01:00',
    'PSE (J&T notice): closing auction 16:10, trading at close from 30 November 2020',
  ),
  trades('2026-03-27', '09:00', '16:10', '+01:00', 'PSE: trading hours, last day of winter time'),
  trades('2026-03-30', '09:00', '16:10', '+02:00', 'PSE: trading hours, first Monday of summer time'),
  closed('2026-04-03', `${LAW} (Good Friday from 2016)`),
  closed('2026-12-24', `${LAW} (Christmas Eve)`),
  closed('2026-12-31', `${CAL} (New Year's Eve closure)`),
  closed('2027-03-29', `${LAW} (Easter Monday 2027)`),
  trades('2027-01-04', '09:00', '16:10', '+01:00', 'PSE: trading hours'),
  closed('2022-07-05', `${CAL} 2022: Saints Cyril and Methodius Day`),
  closed('2023-05-08', `${CAL} 2023: Liberation Day`),
]);
