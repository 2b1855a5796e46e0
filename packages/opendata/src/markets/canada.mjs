// Toronto Stock Exchange: Ontario statutory holidays as the exchange observes them (weekend
// holidays move to the next weekday), the 1 p.m. close on Christmas Eve since 2010 and the
// closure after the attacks of 11 September 2001.
import { addDays, easterSunday, nthWeekday, weekday, weekdayBefore, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const TZ = 'America/Toronto';
const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;

/** Weekday closures of the TSX in a year as {date, name, observed}. */
export function tsxClosures(year) {
  const out = [];
  const taken = new Set();
  const fixed = (date, name) => {
    let d = date;
    while (isWeekend(d) || taken.has(d)) d = addDays(d, 1);
    taken.add(d);
    out.push({ date: d, name, observed: d !== date });
  };
  const plain = (date, name) => {
    taken.add(date);
    out.push({ date, name, observed: false });
  };
  fixed(ymd(year, 1, 1), "New Year's Day");
  if (year >= 2008) plain(nthWeekday(year, 2, 1, 3), 'Family Day');
  plain(addDays(easterSunday(year), -2), 'Good Friday');
  plain(weekdayBefore(ymd(year, 5, 25), 1), 'Victoria Day');
  fixed(ymd(year, 7, 1), 'Canada Day');
  plain(nthWeekday(year, 8, 1, 1), 'Civic Holiday');
  plain(nthWeekday(year, 9, 1, 1), 'Labour Day');
  plain(nthWeekday(year, 10, 1, 2), 'Thanksgiving Day');
  // A weekday Boxing Day keeps its date and a weekend Christmas moves past it.
  const boxing = ymd(year, 12, 26);
  if (!isWeekend(boxing)) fixed(boxing, 'Boxing Day');
  fixed(ymd(year, 12, 25), 'Christmas');
  if (isWeekend(boxing)) fixed(boxing, 'Boxing Day');
  if (year === 2001) {
    for (const d of ['2001-09-11', '2001-09-12']) out.push({ date: d, name: 'September 11 Closure', observed: false });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function tsx() {
  const id = 'CA.TSX';
  const s = scheduleFor(id, TZ, {
    Regular: 'TSX continuous trading with the market-on-close call',
    Partial: 'Christmas Eve: trading ends at 13:00',
  });
  for (const [g, close, mocEnd] of [
    ['Regular', '16:00', '16:10'],
    ['Partial', '13:00', '13:10'],
  ]) {
    s.row(g, 'Pre-Open', 'Pre-Open', 'Mon-Fri', '07:00', '09:30', { memo: 'Orders collected for the opening call' });
    s.row(g, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:30', close);
    s.row(g, 'Call Auction', 'Market on Close', 'Mon-Fri', close, mocEnd, {
      memo: 'The closing price is set by the call',
    });
  }
  s.row('Regular', 'Post-Trading Session', 'Post-Market Crossing', 'Mon-Fri', '16:15', '17:00');
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const c of tsxClosures(y)) h.closed(c.date, c.name, { observed: c.observed });
    const eve = ymd(y, 12, 24);
    if (y >= 2010 && !isWeekend(eve))
      h.open(eve, 'Christmas', 'Partial', { memo: 'Early close at 13:00', ifFree: true });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Toronto Stock Exchange',
        'Market Name': 'TSX',
        'Security Group': 'S&P/TSX Composite',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XTSE',
        Acronym: 'TSX',
        'Asset Type': 'Equities',
        Memo: 'Current session times applied to all years; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XTSE', id]],
  };
}
