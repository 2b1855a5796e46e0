// Zagreb Stock Exchange against its non-trading days, its euro changeover notices and the act.
import { checkNotices, closed, trades } from './notices.js';

const CAL21 = 'ZSE: trading calendar for 2021';
const ACT = 'Act on Holidays, Memorial Days and Non-Working Days';
checkNotices('HR.ZSE', [
  trades(
    '2014-04-18',
    '09:15',
    '13:00',
    '+02:00',
    'HINA (a Good Friday of 2013-2014): the exchange works until 13:00 on Good Friday',
  ),
  closed('2021-04-02', `${CAL21} (Good Friday)`),
  closed('2021-06-03', `${CAL21} (Corpus Christi)`),
  closed('2021-11-18', `${CAL21} (Remembrance Day)`),
  closed('2021-12-24', `${CAL21} (Christmas Eve)`),
  closed('2021-12-31', `${CAL21} (New Year's Eve)`),
  closed('2022-05-30', 'ZSE: non-trading days 2022 (Statehood Day)'),
  trades('2022-12-28', '09:30', '16:00', '+01:00', 'ZSE: last day in kuna, regular hours 9:00-16:00'),
  closed('2022-12-29', 'ZSE: 29 and 30 December 2022 non-working days for the euro'),
  trades('2023-01-02', '11:00', '16:00', '+01:00', 'ZSE: first day in the euro, opening auction to 11:00'),
  closed('2024-04-17', 'ZSE: closed on the parliamentary election day'),
  trades('2026-03-27', '09:30', '16:00', '+01:00', 'ZSE: trading hours, last day of winter time'),
  trades('2026-03-30', '09:30', '16:00', '+02:00', 'ZSE: trading hours, first Monday of summer time'),
  closed('2026-06-22', `${ACT}: Anti-Fascist Struggle Day`),
  closed('2026-11-18', `${ACT}: Remembrance Day`),
  closed('2027-05-27', `${ACT}: Corpus Christi`),
  closed('2027-12-31', "ZSE: New Year's Eve non-trading day"),
  closed('2022-06-22', 'ZSE: non-trading days 2022 (Anti-Fascist Struggle Day)'),
  closed('2022-08-05', 'ZSE: non-trading days 2022 (Victory and Homeland Thanksgiving Day)'),
  closed('2022-11-18', 'ZSE: non-trading days 2022 (Remembrance Day)'),
]);
