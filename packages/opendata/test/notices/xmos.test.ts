// Moscow Exchange equity market against the exchange's holiday notices and its trading-hours notices.
import { checkNotices, closed, trades } from './notices.js';

const N26 = 'MOEX notice of 30 December 2025 on trading in 2026 holidays';
const N25 = 'MOEX notice on trading in 2025 holidays';
const N21 = 'MOEX notice of 10 February 2021 on 2021 holidays (n32545)';
const N18 = 'MOEX notice of 3 October 2017 on 2018 holidays (n17269)';
const LAW = 'Labour Code art. 112 (public holidays)';
checkNotices('RU.MOEX', [
  closed('2026-01-01', N26),
  closed('2026-01-02', N26),
  closed('2026-01-07', N26),
  trades('2026-01-05', '10:00', '18:50', '+03:00', `${N26}: 5 January is a trading day`),
  trades('2026-03-09', '10:00', '18:50', '+03:00', `${N26}: 9 March is a trading day`),
  trades(
    '2026-03-23',
    '10:00',
    '19:00',
    '+03:00',
    'MOEX notice (February 2026): closing auction 18:55-19:00 from 23 March',
  ),
  closed('2026-05-01', `${N26}: holiday, weekend-format session only`),
  trades('2026-05-11', '10:00', '19:00', '+03:00', `${N26}: 11 May is a trading day`),
  closed('2026-12-31', N26),
  closed('2025-05-09', N25),
  trades('2025-05-08', '10:00', '18:50', '+03:00', `${N25}: 8 May is a trading day`),
  trades('2025-11-01', '10:00', '18:50', '+03:00', 'MOEX November 2025 schedule: working Saturday 1 November'),
  closed('2021-05-03', N21),
  trades('2021-05-10', '10:00', '18:50', '+03:00', `${N21}: 10 May is a trading day`),
  trades('2021-02-20', '10:00', '18:50', '+03:00', `${N21}: Saturday 20 February is a trading day`),
  closed('2020-06-24', 'MOEX notice of 3 June 2020 (n28671): 24 June non-business day'),
  closed('2022-03-01', 'Bank of Russia: equity trading suspended from 28 February 2022'),
  trades('2022-03-31', '10:00', '18:50', '+03:00', 'MOEX: trading schedule on 31 March 2022 (main session 9:50-18:50)'),
  trades(
    '2018-12-29',
    '10:00',
    '18:50',
    '+03:00',
    'MOEX notice of 24 December 2018 on 2019 holidays: Saturday 29 December trades',
  ),
  trades(
    '2019-01-03',
    '10:00',
    '18:50',
    '+03:00',
    'MOEX notice of 24 December 2018 on 2019 holidays: 3 January trades',
  ),
  trades(
    '2019-02-25',
    '10:00',
    '18:50',
    '+03:00',
    'MOEX notice of 24 December 2018: 25 February 2019 is a business day',
  ),
  trades(
    '2023-02-24',
    '10:00',
    '18:50',
    '+03:00',
    'MOEX notice of 3 October 2022 on 2023 holidays: 24 February trades',
  ),
  closed('2023-06-12', 'MOEX trading schedule in June 2023: closed on 12 June'),
  closed('2018-01-08', N18),
  trades('2018-03-09', '10:00', '18:50', '+03:00', `${N18}: 9 March trades`),
  closed('2013-01-03', 'MOEX notice of 17 December 2012 (n2225): 1-7 January 2013 holidays'),
  trades(
    '2013-01-08',
    '10:00',
    '18:50',
    '+04:00',
    'MOEX notice of 17 December 2012 (n2225): 8 January is a trading day',
  ),
  // Moscow summer time ended on 31 October 2010: the same hours, another offset.
  trades('2010-10-29', '10:30', '18:45', '+04:00', 'MICEX main session 10:30-18:45 (Moscow summer time)'),
  trades('2010-11-01', '10:30', '18:45', '+03:00', 'MICEX main session 10:30-18:45 (Moscow winter time)'),
  trades(
    '2011-09-01',
    '10:00',
    '18:50',
    '+04:00',
    'MICEX (July 2011): main trading mode from 10:00 from 1 September 2011',
  ),
  closed('2027-01-01', LAW),
  closed('2027-01-07', LAW),
  closed('2027-03-08', LAW),
]);
