import { checkNotices, closed, trades } from './notices.js';

// BEST continuous trading 09:00-15:30 Bermuda time.
const W = 'WFE key information on the BSX (2013 holidays, trading hours)';
const L = 'Bermuda Public Holidays Act';
checkNotices('BM.BSX', [
  closed('2013-03-29', `${W}: Good Friday`),
  closed('2013-05-24', `${W}: Bermuda Day`),
  closed('2013-06-17', `${W}: National Heroes Day`),
  closed('2013-08-01', `${W}: Emancipation Day`),
  closed('2013-08-02', `${W}: Somers Day`),
  closed('2013-09-02', `${W}: Labour Day`),
  closed('2013-11-11', `${W}: Remembrance Day`),
  trades('2014-10-16', '09:00', '13:00', '-03:00', 'BSX notice: closing at 13:00 ahead of Hurricane Gonzalo'),
  closed('2014-10-17', 'BSX notice: closed for Hurricane Gonzalo, not a trading or settlement day'),
  closed('2023-06-19', 'BSX notice: closed for National Heroes Day 2023'),
  closed('2024-12-26', 'BSX 2024 festive holiday notice: Boxing Day'),
  trades('2024-12-24', '09:00', '14:00', '-04:00', 'BSX 2024 festive holiday notice: early closure 09:00-14:00'),
  trades('2024-12-27', '09:00', '15:30', '-04:00', 'BSX 2024 festive holiday notice: normal operating day'),
  trades('2024-12-31', '09:00', '15:30', '-04:00', 'BSX 2024 festive holiday notice: normal operating day'),
  closed('2025-01-01', "BSX 2024 festive holiday notice: New Year's Day"),
  trades('2026-03-09', '09:00', '15:30', '-03:00', `${W}: hours on Atlantic daylight time`),
  closed('2026-05-29', `${L}: Bermuda Day, last Friday in May`),
  closed('2026-07-30', `${L}: Emancipation Day (Cup Match)`),
  closed('2026-07-31', `${L}: Mary Prince Day (Cup Match)`),
  closed('2027-06-21', `${L}: National Heroes Day, third Monday in June`),
]);
