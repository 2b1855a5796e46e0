// SIX Swiss Exchange: the exchange's trading calendar (Swiss holidays plus the eves of
// Christmas and the New Year) and its auction-continuous-auction day.
import { addDays, easterSunday, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const TZ = 'Europe/Zurich';

/** Weekday closures of SIX in a year as {date, name}. */
export function sixClosures(year) {
  const e = easterSunday(year);
  return (
    [
      [ymd(year, 1, 1), "New Year's Day"],
      [ymd(year, 1, 2), "Berchtold's Day"],
      [addDays(e, -2), 'Good Friday'],
      [addDays(e, 1), 'Easter Monday'],
      [ymd(year, 5, 1), 'Labour Day'],
      [addDays(e, 39), 'Ascension Day'],
      [addDays(e, 50), 'Whit Monday'],
      [ymd(year, 8, 1), 'Swiss National Day'],
      [ymd(year, 12, 24), 'Christmas Eve'],
      [ymd(year, 12, 25), 'Christmas'],
      [ymd(year, 12, 26), "St. Stephen's Day"],
      [ymd(year, 12, 31), "New Year's Eve"],
    ]
      // Ascension Day fell on 1 May in 2008: one closure, under the first name.
      .filter(([d], i, all) => weekday(d) !== 0 && weekday(d) !== 6 && all.findIndex(([x]) => x === d) === i)
      .map(([date, name]) => ({ date, name }))
      .sort((a, b) => (a.date < b.date ? -1 : 1))
  );
}

export function six() {
  const id = 'CH.SIX';
  const s = scheduleFor(id, TZ, { Regular: 'Swiss equities: opening auction, continuous trading, closing auction' });
  s.row('Regular', 'Pre-Open', 'Pre-Opening', 'Mon-Fri', '06:00', '09:00', {
    memo: 'Order collection for the opening auction',
  });
  // SWX closed equities at 17:00 until it extended trading when virt-x opened (notice of
  // 15 May 2001, effective 25 June 2001). It soon settled on 17:30; the months it traded to
  // 18:00 are not in the sample (the date of that change is not in the notices it follows).
  const VIRT_X = '2001-06-25';
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '17:00', {
    until: '2001-06-24',
  });
  // Continuous trading stops at 17:20 for the closing auction, which sets the 17:30 close.
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '17:30', { from: VIRT_X });
  s.row('Regular', 'Pre-Close', 'Closing Auction', 'Mon-Fri', '17:20', '17:30', {
    from: VIRT_X,
    memo: 'The closing price is set at the end of the auction',
  });
  // Trading at the closing price for ten minutes after the auction, since 22 June 2020.
  s.row('Regular', 'Trading-at-Last', 'Trading-At-Last', 'Mon-Fri', '17:30', '17:40', { from: '2020-06-22' });
  const h = holidaysFor(id);
  for (const y of years()) for (const c of sixClosures(y)) h.closed(c.date, c.name);
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'SIX Swiss Exchange',
        'Market Name': 'Equities',
        'Security Group': 'SMI, SPI',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XSWX',
        Acronym: 'SIX',
        'Asset Type': 'Equities',
        Memo: 'Session times by period (17:00 close until June 2001); sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XSWX', id]],
  };
}
