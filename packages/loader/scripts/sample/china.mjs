// Mainland China: exchange closures under the State Council's holiday arrangements, the
// Shanghai Gold Exchange (day and night sessions) and the interbank bond market, which also
// works on the weekend make-up days that the arrangements designate.
import { addDays, weekday, ymd, years } from './dates.mjs';
import { holidaysFor, market, scheduleFor } from './model.mjs';

const TZ = 'Asia/Shanghai';

// Gregorian dates of lunar festivals (published almanac dates).
export const SPRING_FESTIVAL = {
  2000: '02-05', 2001: '01-24', 2002: '02-12', 2003: '02-01', 2004: '01-22', 2005: '02-09', 2006: '01-29',
  2007: '02-18', 2008: '02-07', 2009: '01-26', 2010: '02-14', 2011: '02-03', 2012: '01-23', 2013: '02-10',
  2014: '01-31', 2015: '02-19', 2016: '02-08', 2017: '01-28', 2018: '02-16', 2019: '02-05', 2020: '01-25',
  2021: '02-12', 2022: '02-01', 2023: '01-22', 2024: '02-10', 2025: '01-29', 2026: '02-17', 2027: '02-06',
  2028: '01-26', 2029: '02-13', 2030: '02-03',
};
export const DRAGON_BOAT = {
  2008: '06-08', 2009: '05-28', 2010: '06-16', 2011: '06-06', 2012: '06-23', 2013: '06-12', 2014: '06-02',
  2015: '06-20', 2016: '06-09', 2017: '05-30', 2018: '06-18', 2019: '06-07', 2020: '06-25', 2021: '06-14',
  2022: '06-03', 2023: '06-22', 2024: '06-10', 2025: '05-31', 2026: '06-19', 2027: '06-09', 2028: '05-28',
  2029: '06-16', 2030: '06-05',
};
export const MID_AUTUMN = {
  2008: '09-14', 2009: '10-03', 2010: '09-22', 2011: '09-12', 2012: '09-30', 2013: '09-19', 2014: '09-08',
  2015: '09-27', 2016: '09-15', 2017: '10-04', 2018: '09-24', 2019: '09-13', 2020: '10-01', 2021: '09-21',
  2022: '09-10', 2023: '09-29', 2024: '09-17', 2025: '10-06', 2026: '09-25', 2027: '09-15', 2028: '10-03',
  2029: '09-22', 2030: '09-12',
};

// Years whose arrangements the sample copies from the State Council notices: weekday closures
// and the weekend days that are working days.
const OFFICIAL = {
  2023: {
    closures: [
      ['2023-01-02', "New Year's Day"],
      ...['01-23', '01-24', '01-25', '01-26', '01-27'].map((d) => [`2023-${d}`, 'Spring Festival']),
      ['2023-04-05', 'Qingming Festival'],
      ...['05-01', '05-02', '05-03'].map((d) => [`2023-${d}`, 'Labour Day']),
      ['2023-06-22', 'Dragon Boat Festival'], ['2023-06-23', 'Dragon Boat Festival'],
      ['2023-09-29', 'Mid-Autumn Festival'],
      ...['10-02', '10-03', '10-04', '10-05', '10-06'].map((d) => [`2023-${d}`, 'National Day']),
    ],
    makeUp: [
      ['2023-01-28', 'Spring Festival'], ['2023-01-29', 'Spring Festival'], ['2023-04-23', 'Labour Day'],
      ['2023-05-06', 'Labour Day'], ['2023-06-25', 'Dragon Boat Festival'], ['2023-10-07', 'National Day'],
      ['2023-10-08', 'National Day'],
    ],
  },
  2024: {
    closures: [
      ['2024-01-01', "New Year's Day"],
      ...['02-09', '02-12', '02-13', '02-14', '02-15', '02-16'].map((d) => [`2024-${d}`, 'Spring Festival']),
      ['2024-04-04', 'Qingming Festival'], ['2024-04-05', 'Qingming Festival'],
      ...['05-01', '05-02', '05-03'].map((d) => [`2024-${d}`, 'Labour Day']),
      ['2024-06-10', 'Dragon Boat Festival'],
      ['2024-09-16', 'Mid-Autumn Festival'], ['2024-09-17', 'Mid-Autumn Festival'],
      ...['10-01', '10-02', '10-03', '10-04', '10-07'].map((d) => [`2024-${d}`, 'National Day']),
    ],
    makeUp: [
      ['2024-02-04', 'Spring Festival'], ['2024-02-18', 'Spring Festival'], ['2024-04-07', 'Qingming Festival'],
      ['2024-04-28', 'Labour Day'], ['2024-05-11', 'Labour Day'], ['2024-09-14', 'Mid-Autumn Festival'],
      ['2024-09-29', 'National Day'], ['2024-10-12', 'National Day'],
    ],
  },
};

const APPROX_MEMO = 'Lunar and bridged holidays approximated from the usual arrangement';

/**
 * Weekday closures and make-up working days of a year. Years without an OFFICIAL entry use
 * the usual pattern: a week for the Spring Festival from its eve, the Golden Weeks of May
 * (until 2007) and October, and one day each for Qingming, Dragon Boat and Mid-Autumn (from
 * 2008), with no make-up days.
 */
export function chineseClosures(year) {
  const off = OFFICIAL[year];
  if (off) {
    return {
      closures: off.closures.map(([date, name]) => ({ date, name, memo: '' })),
      makeUp: off.makeUp.map(([date, name]) => ({ date, name, memo: 'Weekend working day under the holiday arrangement' })),
    };
  }
  const days = new Map();
  const span = (from, n, name) => {
    for (let i = 0; i < n; i++) {
      const d = addDays(from, i);
      if (!days.has(d)) days.set(d, name);
    }
  };
  const jan1 = ymd(year, 1, 1);
  const nyShift = weekday(jan1) === 6 ? 2 : weekday(jan1) === 0 ? 1 : 0;
  span(addDays(jan1, nyShift), 1, "New Year's Day");
  span(addDays(`${year}-${SPRING_FESTIVAL[year]}`, -1), 7, 'Spring Festival');
  if (year >= 2008) {
    span(ymd(year, 4, year % 4 <= 1 ? 4 : 5), 1, 'Qingming Festival');
    span(`${year}-${DRAGON_BOAT[year]}`, 1, 'Dragon Boat Festival');
    span(`${year}-${MID_AUTUMN[year]}`, 1, 'Mid-Autumn Festival');
  }
  span(ymd(year, 5, 1), year <= 2007 ? 7 : year >= 2020 ? 5 : 3, 'Labour Day');
  span(ymd(year, 10, 1), 7, 'National Day');
  const closures = [...days]
    .filter(([d]) => weekday(d) !== 0 && weekday(d) !== 6 && d.startsWith(`${year}`))
    .map(([date, name]) => ({ date, name, memo: APPROX_MEMO }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  return { closures, makeUp: [] };
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
        FinID: id, 'Exchange Name': 'Shanghai Gold Exchange', 'Market Name': 'Precious Metals',
        'Security Group': 'Gold and Silver Spot and Deferred', Timezone: TZ, 'Weekend Definition': 'Sat-Sun', MIC: 'SGEX',
        Acronym: 'SGE', 'Asset Type': 'Commodities',
        Memo: `Night session 20:00-02:30 (Monday to Thursday in the sample) belongs to the next trading day. ${APPROX_MEMO} outside 2023-2024; sample data`,
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
        FinID: id, 'Exchange Name': 'China Foreign Exchange Trade System', 'Market Name': 'China Interbank Bond Market',
        'Security Group': 'Bonds, Repo', Timezone: TZ, 'Weekend Definition': 'Sat-Sun', MIC: 'XCFE',
        Acronym: 'CIBM', 'Asset Type': 'Fixed Income',
        Memo: `Trades on weekend make-up working days. ${APPROX_MEMO} outside 2023-2024, where no make-up days are listed; sample data`,
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XCFE', id]],
  };
}
