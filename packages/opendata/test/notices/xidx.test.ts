// Indonesia Stock Exchange against its holiday calendars (libur bursa) and trading-hours notices.
import { checkNotices, closed, trades } from './notices.js';

const H26 = 'IDX Peng-00171/BEI.POP/09-2025: libur bursa 2026';
const WIB = '+07:00';
checkNotices('ID.IDX', [
  closed('2026-01-16', `${H26}: Isra Mikraj`),
  closed('2026-02-16', `${H26}: cuti bersama Imlek`),
  closed('2026-03-19', `${H26}: Nyepi`),
  closed('2026-03-24', `${H26}: cuti bersama Idul Fitri`),
  closed('2026-05-15', `${H26}: cuti bersama Kenaikan Yesus Kristus`),
  closed('2026-05-28', `${H26}: cuti bersama Idul Adha`),
  trades('2026-03-25', '09:00', '16:00', WIB, `${H26}: trading resumes after Idul Fitri`),
  trades('2026-05-29', '09:00', '16:00', WIB, 'IDX trading hours: Friday session II 14:00 to the 16:00 close'),
  closed('2025-08-18', 'IDX revision of the 2025 calendar: cuti bersama Proklamasi'),
  closed('2025-04-07', 'IDX 2025 calendar: cuti bersama Idul Fitri 1446 H'),
  closed('2024-02-14', 'IDX announcement of 5 February 2024: general election day'),
  closed('2024-12-31', 'IDX 2024 calendar: year-end exchange holiday'),
  trades('2023-03-31', '09:00', '15:00', WIB, 'IDX pandemic hours until 31 March 2023'),
  trades('2023-04-03', '09:00', '16:00', WIB, 'IDX normal hours from 3 April 2023'),
  trades('2012-12-28', '09:30', '16:00', WIB, 'IDX: 09:30 open until the end of 2012'),
  trades(
    '2018-06-27',
    '09:00',
    '16:00',
    WIB,
    'IDX (Liputan6/kumparan, 25 June 2018): open on the regional elections day',
  ),
  closed('2018-06-19', 'IDX 2018 holiday list (okezone, 26 December 2018): cuti bersama Idul Fitri'),
  trades('2018-06-20', '09:00', '16:00', WIB, 'OJK (tirto, 7 May 2018): trading resumes on 20 June 2018'),
  closed('2027-01-01', "New Year's Day 2027 (national holiday)"),
  closed('2027-08-17', 'Independence Day 2027 (national holiday)'),
]);
