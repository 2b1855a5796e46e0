// BSE against its trading-holiday notices, Muhurat and special-session notices.
import { checkNotices, closed, trades } from './notices.js';

const H = 'BSE equity segment trading holidays';
const IST = '+05:30';
checkNotices('IN.BSE', [
  closed('2026-01-26', `${H} 2026: Republic Day`),
  closed('2026-03-03', `${H} 2026: Holi`),
  closed('2026-10-02', `${H} 2026: Mahatma Gandhi Jayanti`),
  closed('2026-12-25', `${H} 2026: Christmas`),
  trades('2026-11-09', '09:15', '15:30', IST, `${H} 2026: a regular day before Diwali Balipratipada`),
  closed('2025-10-22', `${H} 2025: Diwali Balipratipada`),
  trades('2025-10-21', '13:45', '14:45', IST, 'BSE notice: Muhurat trading on Diwali Laxmi Pujan 2025'),
  trades('2024-01-20', '09:15', '15:30', IST, 'BSE notice: special live trading session on Saturday 20 January 2024'),
  closed('2024-01-22', 'BSE notice: trading holiday for the Ram Mandir consecration, 22 January 2024'),
  trades('2024-03-02', '09:15', '12:30', IST, 'BSE notice: live session from the primary and DR sites, 2 March 2024'),
  closed('2024-05-20', 'BSE notice: holiday for the general elections in Mumbai, 20 May 2024'),
  trades('2025-02-01', '09:15', '15:30', IST, 'BSE notice: trading on Saturday 1 February 2025 (Union Budget)'),
  trades('2009-12-18', '09:55', '15:30', IST, 'BSE-NSE joint statement of 17 Dec 2009: 09:55 open continues'),
  trades('2010-01-04', '09:00', '15:30', IST, 'BSE-NSE joint statement: 09:00 open from 4 January 2010'),
  trades('2010-10-18', '09:15', '15:30', IST, 'BSE: pre-open call auction from 18 October 2010'),
  closed('2027-01-26', 'Republic Day (national holiday), 2027'),
  trades('2027-08-16', '09:15', '15:30', IST, 'Independence Day 2027 falls on a Sunday: Monday trades'),
]);
