// Shanghai Stock Exchange: weekday closures under the State Council's yearly holiday
// arrangements. The weekend days those arrangements make working days are NOT trading days:
// the mainland exchanges stay closed on them, so they need no rows here (unlike CN.CIBM).
import { addDays, weekday, years } from '../lib/dates.mjs';
import { chineseClosures, DRAGON_BOAT, MID_AUTUMN, SPRING_FESTIVAL } from './china.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const TZ = 'Asia/Shanghai';
const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;

// Exchange closures announced for each year from the State Council notices (including the
// 2015 Victory Day holiday and the 2020 Spring Festival extension). `a..b` is a run of days.
const ANNOUNCED = {
  2000: '01-03 01-31..02-11 05-01..05-05 10-02..10-06',
  2001: '01-01 01-22..02-02 05-01..05-07 10-01..10-05',
  2002: '01-01..01-03 02-11..02-22 05-01..05-07 09-30..10-07',
  2003: '01-01 01-30..02-07 05-01..05-09 10-01..10-07',
  2004: '01-01 01-19..01-28 05-03..05-07 10-01..10-07',
  2005: '01-03 02-07..02-15 05-02..05-06 10-03..10-07',
  2006: '01-02 01-03 01-26..02-03 05-01..05-05 10-02..10-06',
  2007: '01-01..01-03 02-19..02-23 05-01..05-07 10-01..10-05 12-31',
  2008: '01-01 02-06..02-12 04-04 05-01 05-02 06-09 09-15 09-29..10-03',
  2009: '01-01 01-02 01-26..01-30 04-06 05-01 05-28 05-29 10-01..10-08',
  2010: '01-01 02-15..02-19 04-05 05-03 06-14..06-16 09-22..09-24 10-01..10-07',
  2011: '01-03 02-02..02-08 04-04 04-05 05-02 06-06 09-12 10-03..10-07',
  2012: '01-02 01-03 01-23..01-27 04-02..04-04 04-30 05-01 06-22 10-01..10-05',
  2013: '01-01..01-03 02-11..02-15 04-04 04-05 04-29..05-01 06-10..06-12 09-19 09-20 10-01..10-07',
  2014: '01-01 01-31..02-06 04-07 05-01 05-02 06-02 09-08 10-01..10-07',
  2015: '01-01 01-02 02-18..02-24 04-06 05-01 06-22 09-03 09-04 10-01..10-07',
  2016: '01-01 02-08..02-12 04-04 05-02 06-09 06-10 09-15 09-16 10-03..10-07',
  2017: '01-02 01-27..02-02 04-03 04-04 05-01 05-29 05-30 10-02..10-06',
  2018: '01-01 02-15..02-21 04-05 04-06 04-30 05-01 06-18 09-24 10-01..10-05 12-31',
  2019: '01-01 02-04..02-08 04-05 05-01..05-03 06-07 09-13 10-01..10-07',
  2020: '01-01 01-24..01-31 04-06 05-01..05-05 06-25 06-26 10-01..10-08',
  2021: '01-01 02-11..02-17 04-05 05-03..05-05 06-14 09-20 09-21 10-01..10-07',
  2022: '01-03 01-31..02-04 04-04 04-05 05-02..05-04 06-03 09-12 10-03..10-07',
  2023: '01-02 01-23..01-27 04-05 05-01..05-03 06-22 06-23 09-29 10-02..10-06',
  2024: '01-01 02-09..02-16 04-04 04-05 05-01..05-03 06-10 09-16 09-17 10-01..10-07',
  2025: '01-01 01-28..02-04 04-04 05-01..05-05 06-02 10-01..10-08',
  2026: '01-01 01-02 02-16..02-23 04-06 05-01..05-05 06-19 09-25 10-01..10-07',
};

/** The festivals a closure can belong to in a year, as [date, name]. */
function festivals(year) {
  const out = [
    [`${year}-01-01`, "New Year's Day"],
    [`${year + 1}-01-01`, "New Year's Day"],
    [`${year}-${SPRING_FESTIVAL[year]}`, 'Spring Festival'],
    [`${year}-05-01`, 'Labour Day'],
    [`${year}-10-01`, 'National Day'],
  ];
  if (year >= 2008) {
    out.push([`${year}-04-04`, 'Qingming Festival'], [`${year}-${DRAGON_BOAT[year]}`, 'Dragon Boat Festival']);
    out.push([`${year}-${MID_AUTUMN[year]}`, 'Mid-Autumn Festival']);
  }
  if (year === 2015) out.push(['2015-09-03', 'Victory Day']);
  return out;
}

const days = (iso) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** Weekday closures of a year as {date, name, memo}. */
export function sseClosures(year) {
  const spec = ANNOUNCED[year];
  if (!spec) {
    // Not announced yet: the usual arrangement shared with the other mainland markets.
    return chineseClosures(year).closures.map((c) => ({ ...c, memo: c.memo || 'Arrangement not yet announced' }));
  }
  const out = [];
  const fest = festivals(year);
  for (const part of spec.split(' ')) {
    const [a, b = a] = part.split('..');
    for (let d = `${year}-${a}`; d <= `${year}-${b}`; d = addDays(d, 1)) {
      if (isWeekend(d)) continue;
      // Each closure takes the name of the nearest festival: a bridged day belongs to its break.
      const [, name] = fest.reduce((best, f) =>
        Math.abs(days(f[0]) - days(d)) < Math.abs(days(best[0]) - days(d)) ? f : best,
      );
      out.push({ date: d, name, memo: '' });
    }
  }
  return out;
}

export function sse() {
  const id = 'CN.SSE';
  const s = scheduleFor(id, TZ, { Regular: 'Main Board: opening call auction, morning and afternoon sessions' });
  s.row('Regular', 'Call Auction', 'Opening Call Auction', 'Mon-Fri', '09:15', '09:25');
  s.row('Regular', 'Order Collection Period', 'Pre-Open Order Entry', 'Mon-Fri', '09:25', '09:30', {
    memo: 'Orders are accepted but not matched',
  });
  s.row('Regular', 'Primary Trading Session', 'Morning Session', 'Mon-Fri', '09:30', '11:30');
  s.row('Regular', 'Intermission', 'Lunch Break', 'Mon-Fri', '11:30', '13:00');
  s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', '13:00', '15:00');
  s.row('Regular', 'Pre-Close', 'Closing Call Auction', 'Mon-Fri', '14:57', '15:00', {
    from: '2018-08-20',
    memo: 'Closing call auction introduced on 2018-08-20',
  });
  const h = holidaysFor(id);
  for (const y of years()) for (const c of sseClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Shanghai Stock Exchange',
        'Market Name': 'Main Board',
        'Security Group': 'A shares, B shares',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XSHG',
        Acronym: 'SSE',
        'Asset Type': 'Equities',
        Memo:
          'Closed on the weekend make-up working days of the holiday arrangements; closures announced to 2026, ' +
          'usual pattern after; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XSHG', id]],
  };
}
