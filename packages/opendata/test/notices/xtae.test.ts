// Tel Aviv Stock Exchange equity market against its vacation schedules and trading-hours notices.
import { checkNotices, closed, trades } from './notices.js';

const V18 = 'TASE vacation schedule 2018';
const W20 = 'TASE new trading hours (WFE Focus, February 2020)';
const WK = 'TASE: Monday-Friday trading week from 5 January 2026';
checkNotices('IL.TASE', [
  closed('2018-03-01', `${V18}: Purim`),
  closed('2018-04-18', `${V18}: Memorial Day`),
  closed('2018-04-19', `${V18}: Independence Day`),
  closed('2018-09-10', `${V18}: Jewish New Year I`),
  closed('2018-10-30', `${V18}: municipal election day`),
  trades('2018-09-13', '09:45', '17:25', '+03:00', 'TASE trading schedule: opening 09:45, closing auction 17:24-17:25'),
  trades('2020-03-01', '10:00', '16:25', '+02:00', `${W20}: opening at 10:00 from 2 February`),
  trades('2020-03-08', '10:00', '15:50', '+02:00', `${W20}: Sunday closing 15:49-15:50 from 8 March`),
  // Israel summer time began on 29 March 2019: the Sunday after trades at +03:00.
  trades('2019-03-31', '09:45', '16:25', '+03:00', 'TASE trading schedule: Sunday closing 16:24-16:25'),
  trades('2025-12-28', '10:00', '15:50', '+02:00', `${WK}: the last Sunday session`),
  closed('2026-01-04', `${WK}: no trading on Sunday 4 January`),
  trades('2026-01-05', '10:00', '17:25', '+02:00', `${WK}: Monday trading`),
  trades('2026-01-09', '10:00', '13:50', '+02:00', 'Globes: first Friday session, 10:00-13:50'),
  closed('2026-04-02', 'TASE 2026 holidays: Passover'),
  closed('2026-04-22', 'TASE 2026 holidays: Independence Day'),
  closed('2026-09-11', 'TASE 2026 holidays: Rosh Hashanah eve (Friday)'),
  closed('2026-09-21', 'TASE 2026 holidays: Yom Kippur'),
  closed('2027-04-22', 'Hebrew calendar: Passover 2027'),
  closed('2027-10-11', 'Hebrew calendar: Yom Kippur 2027'),
]);
