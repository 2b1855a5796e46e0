// Bursa Malaysia against its holiday announcements and trading-session rules.
import { checkNotices, closed, trades } from './notices.js';

const MYT = '+08:00';
checkNotices('MY.BURSA', [
  closed('2026-02-17', 'Bursa Malaysia holidays 2026: Chinese New Year'),
  closed('2026-02-18', 'Bursa Malaysia holidays 2026: Chinese New Year (second day)'),
  trades('2026-02-19', '09:00', '17:00', MYT, 'Bursa trading hours: 9.00 am-12.30 pm, 2.30 pm-5.00 pm'),
  closed('2026-05-01', 'Bursa Malaysia holidays 2026: Labour Day'),
  closed('2026-08-31', 'Bursa Malaysia holidays 2026: National Day'),
  closed('2026-09-16', 'Bursa Malaysia holidays 2026: Malaysia Day'),
  closed('2026-12-25', 'Bursa Malaysia holidays 2026: Christmas Day'),
  closed('2025-09-15', 'Bursa Malaysia release: closed on the 15 September 2025 special holiday'),
  closed('2025-05-01', 'Bursa Malaysia release: closed on Labour Day, 1 May 2025'),
  closed('2025-06-27', 'Bursa Malaysia release: closed for Awal Muharram, 27 June 2025'),
  trades('2024-02-09', '09:00', '17:00', MYT, 'Bursa notice: full-day trading reinstated on Chinese New Year eve 2024'),
  trades('2022-01-31', '09:00', '12:30', MYT, 'Bursa: half-day trading on the eve of Chinese New Year (until 2023)'),
  closed('2022-05-04', 'Bursa release of 2 May 2022: remains closed on 4 May 2022'),
  closed('2025-03-18', 'Bursa release: closed for Nuzul Al-Quran, 18 March 2025'),
  closed('2024-02-12', 'Bursa: Chinese New Year on a Sunday, replacement holiday'),
  closed('2022-12-26', 'Bursa release: closed 26 December 2022 (Christmas on a Sunday)'),
  closed('2023-01-02', 'Bursa release: closed 2 January 2023 (New Year on a Sunday)'),
  trades(
    '2017-01-27',
    '09:00',
    '12:30',
    MYT,
    'Bursa release: afternoon closed on Chinese New Year eve, 27 January 2017',
  ),
  closed('2017-02-01', 'Bursa release: closed on Federal Territory Day 2017'),
  closed('2020-06-08', "Bursa release of 1 June 2020: closed on Monday 8 June for the Agong's Birthday"),
  trades('2020-06-01', '09:00', '17:00', MYT, "Bursa release of 1 June 2020: the Agong's Birthday holiday is 8 June"),
  closed('2021-06-07', "Agong's Birthday: the first Monday of June from 2021"),
  closed('2021-12-03', 'Bursa statement of 2 December 2021: closed for the Federal Territories holiday'),
  trades('2024-09-17', '09:00', '17:00', MYT, 'Bursa: business as usual on 17 September 2024 (no replacement holiday)'),
  trades('2010-06-04', '09:00', '17:00', MYT, 'Bursa Trade Securities phases from 1 December 2008'),
  closed('2027-01-01', "New Year's Day 2027"),
  closed('2027-08-31', 'National Day 2027'),
]);
