// Hong Kong Exchanges: general holidays of Hong Kong (several on lunar dates), half-day
// sessions on the eves of the Lunar New Year, Christmas and the New Year, and the lunch break
// that HKEX shortened in 2011 and 2012.
import { addDays, easterSunday, weekday, ymd, years } from '../lib/dates.mjs';
import { qingming, SPRING_FESTIVAL } from './china.mjs';
import { lunarDate } from '../lib/lunar.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const TZ = 'Asia/Hong_Kong';
const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;

// The General Holidays and Employment Legislation (Substitution of Holidays) (Amendment)
// Ordinance 2011 changed two substitutions from 2012 on.
const NEW_SUBSTITUTION = 2012;

/**
 * General holidays of a year as {date, name, observed}, with the Sunday rule: a holiday on a
 * Sunday moves to the next day that is not already a holiday. Saturdays are not compensated.
 * Before 2012 a Lunar New Year day on a Sunday made the day before Lunar New Year's Day the
 * holiday (since then, the fourth day), and a day after the Mid-Autumn Festival on a Sunday made
 * the festival itself the holiday (since then, the second day after it).
 */
export function hongKongHolidays(year) {
  const sf = `${year}-${SPRING_FESTIVAL[year]}`;
  const e = easterSunday(year);
  const old = year < NEW_SUBSTITUTION;
  const lny = [sf, addDays(sf, 1), addDays(sf, 2)];
  const lnySunday = lny.find((d) => weekday(d) === 0);
  const midAutumnAfter = addDays(lunarDate(sf, 8, 15), 1);
  const named = [
    [ymd(year, 1, 1), 'The first day of January'],
    ...lny.filter((d) => !(old && d === lnySunday)).map((d) => [d, 'Lunar New Year']),
    ...(old && lnySunday ? [[addDays(sf, -1), "The day preceding Lunar New Year's Day"]] : []),
    [qingming(year), 'Ching Ming Festival'],
    [addDays(e, -2), 'Good Friday'],
    [addDays(e, -1), 'Day after Good Friday'],
    [addDays(e, 1), 'Easter Monday'],
    [ymd(year, 5, 1), 'Labour Day'],
    [lunarDate(sf, 4, 8), "Buddha's Birthday"],
    [lunarDate(sf, 5, 5), 'Tuen Ng Festival'],
    [ymd(year, 7, 1), 'HKSAR Establishment Day'],
    old && weekday(midAutumnAfter) === 0
      ? [addDays(midAutumnAfter, -1), 'Chinese Mid-Autumn Festival']
      : [midAutumnAfter, 'Day after Mid-Autumn Festival'],
    [ymd(year, 10, 1), 'National Day'],
    [lunarDate(sf, 9, 9), 'Chung Yeung Festival'],
    [ymd(year, 12, 25), 'Christmas'],
    [ymd(year, 12, 26), 'Boxing Day'],
    ...(year === 2015 ? [['2015-09-03', 'Victory Day']] : []),
  ].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const taken = new Map();
  const moved = [];
  for (const [date, name] of named) {
    // Two festivals on one date (Chung Yeung on National Day) give one more day off.
    if (weekday(date) === 0 || taken.has(date)) moved.push([date, name]);
    else taken.set(date, { date, name, observed: false });
  }
  for (const [date, name] of moved) {
    let d = addDays(date, 1);
    while (taken.has(d) || weekday(d) === 0) d = addDays(d, 1);
    taken.set(d, { date: d, name, observed: true });
  }
  return [...taken.values()].filter((h) => h.date.startsWith(`${year}`)).sort((a, b) => (a.date < b.date ? -1 : 1));
}

// Whole days without trading for severe weather (typhoon signal No. 8 or the black rainstorm
// warning in force at noon), from HKEX's announcements. Half days lost (a cancelled morning) are
// not in the sample; since 2024-09-23 HKEX trades through severe weather.
const WEATHER_CLOSURES = [
  ['2016-08-02', 'Typhoon Nida'],
  ['2017-08-23', 'Typhoon Hato'],
  ['2023-07-17', 'Typhoon Talim'],
  ['2023-09-01', 'Typhoon Saola'],
  ['2023-09-08', 'Black rainstorm warning'],
  ['2024-09-06', 'Typhoon Yagi'],
];

export function hkex() {
  const id = 'HK.HKEX';
  const s = scheduleFor(id, TZ, {
    Regular: 'Morning and afternoon sessions with a lunch break',
    Partial: 'Half-day trading: morning session only',
  });
  const eras = [
    { until: '2011-03-06', pre: ['09:30', '10:00'], am: ['10:00', '12:30'], pm: ['14:30', '16:00'] },
    {
      from: '2011-03-07',
      until: '2012-03-04',
      pre: ['09:00', '09:30'],
      am: ['09:30', '12:00'],
      pm: ['13:30', '16:00'],
    },
    { from: '2012-03-05', pre: ['09:00', '09:30'], am: ['09:30', '12:00'], pm: ['13:00', '16:00'] },
  ];
  for (const era of eras) {
    const o = { from: era.from, until: era.until };
    s.row('Regular', 'Pre-Open', 'Pre-Opening Session', 'Mon-Fri', ...era.pre, o);
    s.row('Regular', 'Primary Trading Session', 'Morning Session', 'Mon-Fri', ...era.am, o);
    s.row('Regular', 'Intermission', 'Lunch Break', 'Mon-Fri', era.am[1], era.pm[0], o);
    s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', ...era.pm, o);
    s.row('Partial', 'Pre-Open', 'Pre-Opening Session', 'Mon-Fri', ...era.pre, o);
    s.row('Partial', 'Primary Trading Session', 'Morning Session', 'Mon-Fri', ...era.am, o);
  }
  // The closing auction ends at a random moment in its last two minutes.
  const random = (end) => ({
    'Min End': `${end.slice(0, 3)}${String(Number(end.slice(3, 5)) - 2).padStart(2, '0')}:00`,
    'Max End': `${end}:00`,
  });
  s.row('Regular', 'Call Auction', 'Closing Auction Session', 'Mon-Fri', '16:00', '16:10', {
    from: '2016-07-25',
    random: random('16:10'),
  });
  s.row('Partial', 'Call Auction', 'Closing Auction Session', 'Mon-Fri', '12:00', '12:10', {
    from: '2016-07-25',
    random: random('12:10'),
  });

  const h = holidaysFor(id);
  for (const y of years()) {
    for (const hol of hongKongHolidays(y))
      if (!isWeekend(hol.date)) h.closed(hol.date, hol.name, { observed: hol.observed });
    for (const [d, name] of WEATHER_CLOSURES) {
      if (d.startsWith(`${y}`)) h.closed(d, name, { memo: 'Trading cancelled for the whole day (severe weather)' });
    }
    const sf = `${y}-${SPRING_FESTIVAL[y]}`;
    for (const [d, name] of [
      [addDays(sf, -1), 'Lunar New Year'],
      [ymd(y, 12, 24), 'Christmas'],
      [ymd(y, 12, 31), "New Year's Day"],
    ]) {
      if (!isWeekend(d)) h.open(d, name, 'Partial', { memo: 'Half-day trading', ifFree: true });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Hong Kong Exchanges and Clearing',
        'Market Name': 'Securities Market',
        'Security Group': 'Stocks, ETFs',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XHKG',
        Acronym: 'HKEX',
        'Asset Type': 'Equities',
        Memo: 'Lunar holidays from computed new moons; whole-day severe-weather closures from 2016; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XHKG', id]],
  };
}
