// Mainland China: exchange closures under the State Council's holiday arrangements, the
// Shanghai Gold Exchange (day and night sessions) and the interbank bond market, which also
// works on the weekend make-up days that the arrangements designate.
import { addDays, LAST_YEAR, weekday, yearOf, ymd, years } from '../lib/dates.mjs';
import { EXCHANGE_BEFORE_2004, EXCHANGE_EXTRA, STATE_COUNCIL } from './china-notices.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const TZ = 'Asia/Shanghai';

// Gregorian dates of lunar festivals (published almanac dates).
export const SPRING_FESTIVAL = {
  2000: '02-05',
  2001: '01-24',
  2002: '02-12',
  2003: '02-01',
  2004: '01-22',
  2005: '02-09',
  2006: '01-29',
  2007: '02-18',
  2008: '02-07',
  2009: '01-26',
  2010: '02-14',
  2011: '02-03',
  2012: '01-23',
  2013: '02-10',
  2014: '01-31',
  2015: '02-19',
  2016: '02-08',
  2017: '01-28',
  2018: '02-16',
  2019: '02-05',
  2020: '01-25',
  2021: '02-12',
  2022: '02-01',
  2023: '01-22',
  2024: '02-10',
  2025: '01-29',
  2026: '02-17',
  2027: '02-06',
  2028: '01-26',
  2029: '02-13',
  2030: '02-03',
};
export const DRAGON_BOAT = {
  2008: '06-08',
  2009: '05-28',
  2010: '06-16',
  2011: '06-06',
  2012: '06-23',
  2013: '06-12',
  2014: '06-02',
  2015: '06-20',
  2016: '06-09',
  2017: '05-30',
  2018: '06-18',
  2019: '06-07',
  2020: '06-25',
  2021: '06-14',
  2022: '06-03',
  2023: '06-22',
  2024: '06-10',
  2025: '05-31',
  2026: '06-19',
  2027: '06-09',
  2028: '05-28',
  2029: '06-16',
  2030: '06-05',
};
export const MID_AUTUMN = {
  2008: '09-14',
  2009: '10-03',
  2010: '09-22',
  2011: '09-12',
  2012: '09-30',
  2013: '09-19',
  2014: '09-08',
  2015: '09-27',
  2016: '09-15',
  2017: '10-04',
  2018: '09-24',
  2019: '09-13',
  2020: '10-01',
  2021: '09-21',
  2022: '09-10',
  2023: '09-29',
  2024: '09-17',
  2025: '10-06',
  2026: '09-25',
  2027: '09-15',
  2028: '10-03',
  2029: '09-22',
  2030: '09-12',
};

const NOTICE_MEMO = "Under the State Council's holiday arrangement";
const EXCHANGE_MEMO = "Under the exchanges' closure notice";
const MAKE_UP_MEMO = 'Weekend working day under the holiday arrangement';
const APPROX_MEMO = 'Approximated from the usual arrangement: the notice for this year is not in the sample';
const APPROX_MAKE_UP_MEMO =
  'Weekend working day of the usual arrangement (approximated: the notice is not in the sample)';

/** Qingming, the solar term at 15° solar longitude: April 4 or 5 in 2000-2099 (the 21st-century term formula). */
export function qingming(year) {
  const y = year % 100;
  return ymd(year, 4, Math.floor(y * 0.2422 + 4.81) - Math.floor(y / 4));
}

const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;

/**
 * Weekend working days that pay for a block's weekdays off beyond its statutory days (and the
 * weekdays that make up for statutory days on a weekend), as the 2025 and 2026 notices place
 * them: the nearest free weekend day after the block, then the nearest before it, then further out
 * (before first when only the day before the block is a weekend day).
 */
function makeUpDays(from, to, statutory, taken) {
  let weekdaysOff = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) if (!isWeekend(d)) weekdaysOff++;
  const need = Math.max(0, weekdaysOff - statutory.length);
  const free = (d) => isWeekend(d) && !taken(d);
  const out = [];
  let after = to;
  let before = from;
  // A weekend day touching the block only on its start side comes first (a Tuesday festival).
  const beforeFirst = free(addDays(from, -1)) && !free(addDays(to, 1));
  for (let i = beforeFirst ? 1 : 0; out.length < need; i++) {
    if (i % 2 === 0) {
      do after = addDays(after, 1);
      while (!free(after));
      out.push(after);
    } else {
      do before = addDays(before, -1);
      while (!free(before));
      out.push(before);
    }
  }
  return out.sort();
}

/**
 * The usual arrangement under the 2025 rules, for years whose notice the sample does not hold
 * (checked against the 2025 and 2026 notices by a test). Statutory days: New Year's Day, four
 * days from the Spring Festival's eve, Qingming, May 1-2, the Dragon Boat and Mid-Autumn
 * festivals, October 1-3. A single festival joins the weekend it touches or falls on, and one on a
 * Tuesday or Thursday is bridged to it. The Spring Festival's block is eight days from the eve
 * (joined by the Sunday before an eve on a Monday, and by the weekend after a block ending on a
 * Friday); Labour Day is five days from May 1 (or from the Saturday before a May 1 on a Sunday to
 * Tuesday); National Day is October 1-7 (eight days with a Mid-Autumn Festival near it). Each
 * block's weekdays beyond its statutory days are paid for by weekend working days (`makeUpDays`).
 */
export function usualArrangement(year) {
  const sf = `${year}-${SPRING_FESTIVAL[year]}`;
  const run = (from, n) => Array.from({ length: n }, (_, i) => addDays(from, i));
  const blocks = [];
  const block = (name, from, to, statutoryDays) => {
    // Each statutory day pays for one weekday of the block (one on a weekend is made good on a weekday).
    blocks.push({ name, from, to, statutory: statutoryDays });
  };
  const single = (name, d) => {
    const wd = weekday(d);
    if (wd === 6) block(name, d, addDays(d, 2), [d]);
    else if (wd === 0) block(name, addDays(d, -1), addDays(d, 1), [d]);
    else if (wd === 5) block(name, d, addDays(d, 2), [d]);
    else if (wd === 1) block(name, addDays(d, -2), d, [d]);
    // A Tuesday or Thursday festival is bridged to the weekend (2021, 2024, 2026).
    else if (wd === 2) block(name, addDays(d, -2), d, [d]);
    else if (wd === 4) block(name, d, addDays(d, 2), [d]);
    else block(name, d, d, [d]);
  };
  single("New Year's Day", ymd(year, 1, 1));
  let sfFrom = addDays(sf, -1);
  let sfTo = addDays(sfFrom, 7);
  if (weekday(sfFrom) === 1) sfFrom = addDays(sfFrom, -1);
  if (weekday(sfTo) === 5) sfTo = addDays(sfTo, 2);
  block('Spring Festival', sfFrom, sfTo, run(addDays(sf, -1), 4));
  single('Qingming Festival', qingming(year));
  // Five days: from May 1, or from the Saturday before a May 1 on a Sunday to Tuesday (2022, 2023).
  const may1 = ymd(year, 5, 1);
  const labourFrom = [0, 1, 2].includes(weekday(may1)) ? addDays(may1, -((weekday(may1) + 1) % 7)) : may1;
  block('Labour Day', labourFrom, addDays(labourFrom, 4), run(may1, 2));
  single('Dragon Boat Festival', `${year}-${DRAGON_BOAT[year]}`);
  const midAutumn = `${year}-${MID_AUTUMN[year]}`;
  const national = run(ymd(year, 10, 1), 3);
  // A Mid-Autumn Festival near National Day joins its block, one day longer (2017, 2020, 2023, 2025).
  if (midAutumn < ymd(year, 9, 29) || midAutumn > ymd(year, 10, 8)) {
    single('Mid-Autumn Festival', midAutumn);
    block('National Day', ymd(year, 10, 1), ymd(year, 10, 7), national);
  } else if (midAutumn < ymd(year, 10, 1)) block('National Day', midAutumn, ymd(year, 10, 6), [midAutumn, ...national]);
  else block('National Day', ymd(year, 10, 1), ymd(year, 10, 8), [...national, midAutumn]);
  const inBlock = (d) => blocks.some((b) => b.from <= d && d <= b.to);
  return blocks.map((b) => [b.name, b.from, b.to, makeUpDays(b.from, b.to, b.statutory, inBlock)]);
}

function arrangementOf(year) {
  if (STATE_COUNCIL[year]) return { spans: STATE_COUNCIL[year], memo: NOTICE_MEMO };
  const exchange = EXCHANGE_BEFORE_2004[year];
  if (exchange) return { spans: exchange.map((s) => [s.name, s.from, s.to, []]), memo: EXCHANGE_MEMO };
  return { spans: usualArrangement(year), memo: APPROX_MEMO };
}

/**
 * Weekday closures and weekend make-up working days dated in a year: the State Council's notices
 * (2004-2026), the exchanges' closure notices (2000-2003, and closures beyond the State Council's),
 * and the usual arrangement after the last notice the sample holds.
 */
export function chineseClosures(year) {
  const closures = new Map();
  const makeUp = new Map();
  // A notice reaches into the year before it (a New Year's break starting December 30), so the
  // next year's notice contributes too.
  for (const y of [year, year + 1].filter((n) => n <= LAST_YEAR)) {
    const { spans, memo } = arrangementOf(y);
    for (const [name, from, to, work] of spans) {
      for (let d = from; d <= to; d = addDays(d, 1)) {
        const weekend = weekday(d) === 0 || weekday(d) === 6;
        if (yearOf(d) === year && !weekend && !closures.has(d)) closures.set(d, { date: d, name, memo });
      }
      for (const d of work) {
        if (yearOf(d) === year)
          makeUp.set(d, { date: d, name, memo: memo === APPROX_MEMO ? APPROX_MAKE_UP_MEMO : MAKE_UP_MEMO });
      }
    }
  }
  for (const [d, name] of EXCHANGE_EXTRA) {
    if (yearOf(d) === year) closures.set(d, { date: d, name, memo: EXCHANGE_MEMO });
  }
  const sorted = (m) => [...m.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  return { closures: sorted(closures), makeUp: sorted(makeUp) };
}

const allYears = () => years().map(chineseClosures);

export function sge() {
  const id = 'CN.SGE';
  const s = scheduleFor(id, TZ, {
    Regular: 'Day session and night session; the night session belongs to the next trading day',
    'No Night Session': 'Day session only: no night session before a holiday',
  });
  for (const g of ['Regular', 'No Night Session']) {
    s.row(g, 'Call Auction', 'Opening Call Auction', 'Mon-Fri', '08:50', '09:00');
    s.row(g, 'Primary Trading Session', 'Day Session', 'Mon-Fri', '09:00', '15:30');
  }
  // The exchange also trades Friday night into Saturday for Monday's trading day. Phases belong
  // to the date they end on, so that session would make every Saturday a trading day; the
  // sample leaves it out.
  const night = { memo: 'Belongs to the next trading day; the Friday night session is not in the sample' };
  s.row('Regular', 'Call Auction', 'Night Call Auction', 'Mon-Thu', '19:50', '20:00');
  s.row('Regular', 'Primary Trading Session', 'Night Session', 'Mon-Thu', '20:00', '02:30', { offset: 1, ...night });

  const h = holidaysFor(id);
  const closedDates = new Set();
  for (const { closures } of allYears()) {
    for (const c of closures) {
      h.closed(c.date, c.name, { memo: c.memo });
      closedDates.add(c.date);
    }
  }
  // The last trading day before a closure runs its day session only.
  for (const d of [...closedDates].sort()) {
    const prev = addDays(d, -1);
    if (weekday(prev) === 0 || weekday(prev) >= 5 || closedDates.has(prev) || prev < '2000-01-01') continue;
    const next = chineseClosures(Number(d.slice(0, 4))).closures.find((c) => c.date === d);
    h.open(prev, next.name, 'No Night Session', { memo: `No night session before ${next.name}`, ifFree: true });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Shanghai Gold Exchange',
        'Market Name': 'Precious Metals',
        'Security Group': 'Gold and Silver Spot and Deferred',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'SGEX',
        Acronym: 'SGE',
        'Asset Type': 'Commodities',
        Memo:
          'Night session 20:00-02:30 (Monday to Thursday in the sample) belongs to the next trading day. ' +
          "Closures follow the State Council's notices (2004-2026) and the exchanges' (2000-2003); " +
          'later years approximated; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['SGEX', id]],
  };
}

export function cibm() {
  const id = 'CN.CIBM';
  const s = scheduleFor(id, TZ, { Regular: 'Interbank trading day; also used on weekend make-up working days' });
  s.row('Regular', 'Primary Trading Session', 'Morning Session', 'Mon-Fri', '09:00', '12:00');
  s.row('Regular', 'Intermission', 'Lunch Break', 'Mon-Fri', '12:00', '13:30');
  s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', '13:30', '17:00');
  const h = holidaysFor(id);
  for (const { closures, makeUp } of allYears()) {
    for (const c of closures) h.closed(c.date, c.name, { memo: c.memo });
    for (const m of makeUp) h.open(m.date, m.name, 'Regular', { memo: m.memo });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'China Foreign Exchange Trade System',
        'Market Name': 'China Interbank Bond Market',
        'Security Group': 'Bonds, Repo',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XCFE',
        Acronym: 'CIBM',
        'Asset Type': 'Fixed Income',
        Memo:
          "Trades on the weekend make-up working days of the State Council's notices (2004-2026); " +
          "closures as the exchanges'; later years approximated; sample data",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XCFE', id]],
  };
}
