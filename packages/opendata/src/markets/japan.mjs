// Japan: national holidays by the Public Holiday Act as amended over 2000-2030, and the
// Japan Exchange Group (Tokyo Stock Exchange) cash equity market.
import { addDays, nthWeekday, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const TZ = 'Asia/Tokyo';

// The equinox days are fixed each February by the government from astronomical tables; this
// linear approximation reproduces them for 1980-2099.
function equinox(year, base) {
  return Math.floor(base + 0.242194 * (year - 1980) - Math.floor((year - 1980) / 4));
}

/** Named national holidays of a year, before substitute and in-between days. */
function namedHolidays(year) {
  const h = [];
  const add = (date, name) => h.push({ date, name });
  add(ymd(year, 1, 1), "New Year's Day");
  add(nthWeekday(year, 1, 1, 2), 'Coming of Age Day');
  add(ymd(year, 2, 11), 'National Foundation Day');
  if (year >= 2020) add(ymd(year, 2, 23), "Emperor's Birthday");
  add(ymd(year, 3, equinox(year, 20.8431)), 'Vernal Equinox Day');
  add(ymd(year, 4, 29), year >= 2007 ? 'Showa Day' : 'Greenery Day');
  add(ymd(year, 5, 3), 'Constitution Memorial Day');
  if (year >= 2007) add(ymd(year, 5, 4), 'Greenery Day');
  add(ymd(year, 5, 5), "Children's Day");
  // The 2020 Olympics moved three holidays in 2020 and again (after the postponement) in 2021.
  const marine = { 2020: '2020-07-23', 2021: '2021-07-22' }[year];
  add(marine ?? (year <= 2002 ? ymd(year, 7, 20) : nthWeekday(year, 7, 1, 3)), 'Marine Day');
  if (year >= 2016) add({ 2020: '2020-08-10', 2021: '2021-08-08' }[year] ?? ymd(year, 8, 11), 'Mountain Day');
  add(year <= 2002 ? ymd(year, 9, 15) : nthWeekday(year, 9, 1, 3), 'Respect for the Aged Day');
  add(ymd(year, 9, equinox(year, 23.2488)), 'Autumnal Equinox Day');
  add(
    { 2020: '2020-07-24', 2021: '2021-07-23' }[year] ?? nthWeekday(year, 10, 1, 2),
    year >= 2020 ? 'Sports Day' : 'Health and Sports Day',
  );
  add(ymd(year, 11, 3), 'Culture Day');
  add(ymd(year, 11, 23), 'Labour Thanksgiving Day');
  if (year <= 2018) add(ymd(year, 12, 23), "Emperor's Birthday");
  if (year === 2019) {
    add('2019-05-01', 'Enthronement Day');
    add('2019-10-22', 'Enthronement Ceremony Day');
  }
  return h.sort((a, b) => (a.date < b.date ? -1 : 1));
}

/**
 * All national holidays of a year as {date, name, observed}: the named ones, substitute
 * holidays for a named holiday on a Sunday, and citizens' holidays (a day between two holidays).
 */
export function japaneseHolidays(year) {
  const named = namedHolidays(year);
  const dates = new Map(named.map((h) => [h.date, { ...h, observed: false }]));
  for (const h of named) {
    if (weekday(h.date) !== 0) continue;
    let d = addDays(h.date, 1);
    // Before 2007 the substitute was only the Monday; since then the next non-holiday.
    if (year < 2007) {
      if (!dates.has(d)) dates.set(d, { date: d, name: h.name, observed: true });
      continue;
    }
    while (dates.has(d)) d = addDays(d, 1);
    dates.set(d, { date: d, name: h.name, observed: true });
  }
  for (const h of named) {
    const mid = addDays(h.date, 1);
    if (!dates.has(mid) && dates.has(addDays(h.date, 2)) && weekday(mid) !== 0 && mid.startsWith(`${year}`)) {
      dates.set(mid, { date: mid, name: "Citizens' Holiday", observed: false });
    }
  }
  return [...dates.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Exchange (and Bank of Japan) closures of a year: holidays plus the year-end break. */
export function japaneseMarketClosures(year) {
  const out = japaneseHolidays(year).filter((h) => weekday(h.date) !== 0 && weekday(h.date) !== 6);
  const have = new Set(out.map((h) => h.date));
  for (const [m, d] of [
    [1, 2],
    [1, 3],
    [12, 31],
  ]) {
    const date = ymd(year, m, d);
    if (!have.has(date) && weekday(date) !== 0 && weekday(date) !== 6)
      out.push({ date, name: 'Year-End Holiday', observed: false });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function jpx() {
  const id = 'JP.JPX';
  const s = scheduleFor(id, TZ, { Regular: 'Morning and afternoon sessions with a lunch break' });
  s.row('Regular', 'Pre-Open', 'Pre-Opening Session', 'Mon-Fri', '08:00', '09:00');
  s.row('Regular', 'Primary Trading Session', 'Morning Session', 'Mon-Fri', '09:00', '11:30');
  s.row('Regular', 'Intermission', 'Lunch Break', 'Mon-Fri', '11:30', '12:30');
  s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', '12:30', '15:00', {
    until: '2024-11-04',
  });
  s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', '12:30', '15:30', {
    from: '2024-11-05',
    memo: 'Trading hours extended by 30 minutes with arrowhead 4.0',
  });
  s.row('Regular', 'Pre-Close', 'Closing Auction', 'Mon-Fri', '15:25', '15:30', { from: '2024-11-05' });

  const h = holidaysFor(id);
  for (const y of years()) {
    for (const c of japaneseMarketClosures(y)) h.closed(c.date, c.name, { observed: c.observed });
  }
  h.closed('2020-10-01', 'System Failure', {
    memo: 'Trading suspended all day after an equipment failure of the arrowhead system',
  });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Japan Exchange Group',
        'Market Name': 'Tokyo Stock Exchange',
        'Security Group': 'Stocks, ETFs, REITs',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XTKS',
        Acronym: 'JPX',
        'Asset Type': 'Equities',
        Memo: 'Sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [
      ['XTKS', id],
      ['XJPX', id],
    ],
  };
}
