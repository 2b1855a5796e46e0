// Borsa Istanbul equity market against its holiday list, session-hours notices and one-off closures.
import { checkNotices, closed, trades } from './notices.js';

const H = 'Borsa İstanbul official holidays (resmi tatil günleri)';
checkNotices('TR.BIST', [
  closed('2026-01-01', H),
  trades('2026-03-19', '10:00', '12:30', '+03:00', `${H}: Ramadan Feast eve, half day`),
  closed('2026-03-20', `${H}: Ramadan Feast`),
  closed('2026-04-23', H),
  closed('2026-05-19', H),
  trades('2026-05-26', '10:00', '12:30', '+03:00', `${H}: Sacrifice Feast eve, half day`),
  closed('2026-05-27', `${H}: Sacrifice Feast`),
  closed('2026-05-29', `${H}: Sacrifice Feast`),
  closed('2026-07-15', H),
  trades('2026-10-28', '10:00', '12:30', '+03:00', `${H}: Republic Day eve, half day`),
  closed('2026-10-29', H),
  trades('2025-06-05', '10:00', '12:30', '+03:00', `${H} 2025: Sacrifice Feast eve, trading to 12:30`),
  closed('2025-06-09', `${H} 2025: Sacrifice Feast`),
  closed('2023-02-10', 'Borsa İstanbul: markets closed after the February 2023 earthquakes'),
  trades('2019-10-04', '10:00', '18:00', '+03:00', 'Borsa İstanbul notice 2019/56: 10:00-18:00 without a midday break'),
  trades(
    '2016-11-14',
    '10:00',
    '18:00',
    '+03:00',
    'Borsa İstanbul board decision of 27 October 2016: 10:00 open, 18:00 close',
  ),
  // Turkish summer time began on 27 March 2016: the same session, another offset.
  trades('2016-03-25', '09:35', '17:30', '+02:00', 'Borsa İstanbul: session hours before 28 March 2016'),
  trades('2016-03-28', '09:35', '17:30', '+03:00', 'Borsa İstanbul: midday auction 13:00-14:00 from 28 March 2016'),
  trades('2010-03-03', '09:45', '17:30', '+02:00', 'İMKB circular 306: second session to 17:30 from 19 October 2009'),
  trades(
    '2014-03-05',
    '09:35',
    '17:30',
    '+02:00',
    'Borsa İstanbul board decision of 30 May 2013: continuous from 09:35',
  ),
  closed('2027-03-09', 'Diyanet: Ramadan Feast 2027'),
  closed('2027-05-19', 'Law 2429: Commemoration of Atatürk, Youth and Sports Day'),
]);
