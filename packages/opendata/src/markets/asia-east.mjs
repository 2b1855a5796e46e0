// East Asia and the Pacific: Philippine Stock Exchange, Stock Exchange of Thailand, Taiwan Stock
// Exchange and NZX. Holidays announced year by year (proclamations, the Bank of Thailand's
// financial-institution holidays, Taiwan's personnel-administration calendars) come from the
// tables in asia-east-tables.mjs for the years they cover; the other years follow the laws'
// rules, with lunar dates from the Chinese almanac (lunar.mjs), Islamic dates from the Umm
// al-Qura calendar and Thai Buddhist holy days from computed full moons.
import { addDays, easterSunday, nthWeekday, weekday, ymd, years } from '../lib/dates.mjs';
import { islamicDatesIn } from '../lib/intl-calendars.mjs';
import { lunarDate } from '../lib/lunar.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { qingming, SPRING_FESTIVAL } from './china.mjs';
import { nearestFullMoonDay } from './asia-east-moon.mjs';
import {
  PH_EID,
  PSE_CLOSURES,
  PSE_ONE_OFFS,
  SET_CLOSURES,
  SET_ONE_OFFS,
  THAI_BUDDHIST,
  TWSE_BRIDGES,
  TWSE_CLOSURES,
  TWSE_MAKEUP_SATURDAYS,
  TWSE_TYPHOONS,
} from './asia-east-tables.mjs';

const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;
const byDate = (a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
const src = (title, url) => ({ title, url });
const RULE_MEMO = 'By rule; no announced date in the sources followed';

/** Weekday closures from [date, name] pairs, first name kept on a shared date. */
function weekdayRows(pairs, memo = '') {
  const seen = new Set();
  const out = [];
  for (const [date, name, m] of pairs) {
    if (isWeekend(date) || seen.has(date)) continue;
    seen.add(date);
    out.push({ date, name, memo: m ?? memo });
  }
  return out.sort(byDate);
}

/** Moves each weekend holiday to the next weekday not already taken (Thai and NZ style). */
function substitute(pairs, label = (n) => `${n} (observed)`) {
  const sorted = [...pairs].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const taken = new Set(sorted.filter(([d]) => !isWeekend(d)).map(([d]) => d));
  const out = [];
  for (const [d, name] of sorted) {
    if (!isWeekend(d)) {
      out.push([d, name]);
      continue;
    }
    let s = addDays(d, 1);
    while (isWeekend(s) || taken.has(s)) s = addDays(s, 1);
    taken.add(s);
    out.push([s, label(name)]);
  }
  return out;
}

// ===================================================================== Philippines

/** Islamic holiday dates of a year for the Philippines (proclaimed, else Umm al-Qura). */
function phEid(year) {
  const out = [];
  if (year >= 2002) {
    const d = PH_EID[year]?.fitr;
    for (const x of d ? [d] : islamicDatesIn(year, 10, 1)) out.push([x, "Eid'l Fitr", d ? '' : RULE_MEMO]);
  }
  if (year >= 2010) {
    const d = PH_EID[year]?.adha;
    for (const x of d ? [d] : islamicDatesIn(year, 12, 10)) out.push([x, "Eid'l Adha", d ? '' : RULE_MEMO]);
  }
  return out;
}

/** Philippine holidays by the Administrative Code as amended, for years without a table. */
function philippineRuleHolidays(year) {
  const e = easterSunday(year);
  const pairs = [
    [ymd(year, 1, 1), "New Year's Day"],
    [addDays(e, -3), 'Maundy Thursday'],
    [addDays(e, -2), 'Good Friday'],
    [ymd(year, 4, 9), 'Araw ng Kagitingan'],
    [ymd(year, 5, 1), 'Labor Day'],
    [ymd(year, 6, 12), 'Independence Day'],
    [ymd(year, 11, 1), "All Saints' Day"],
    [ymd(year, 11, 30), 'Bonifacio Day'],
    [ymd(year, 12, 25), 'Christmas Day'],
    [ymd(year, 12, 30), 'Rizal Day'],
    [ymd(year, 12, 31), 'Last day of the year'],
  ];
  // National Heroes Day: the last Monday of August since Republic Act 9492 (2007).
  if (year >= 2007) pairs.push([nthWeekday(year, 8, 1, -1), 'National Heroes Day']);
  if (year >= 2004) pairs.push([ymd(year, 8, 21), 'Ninoy Aquino Day']);
  if (year >= 2012) pairs.push([`${year}-${SPRING_FESTIVAL[year]}`, 'Chinese New Year']);
  if (year >= 2010 && year <= 2023) pairs.push([ymd(year, 2, 25), 'EDSA People Power Revolution Anniversary']);
  if (year >= 2007) pairs.push([ymd(year, 12, 24), 'Christmas Eve (special non-working day)']);
  if (year >= 2018) pairs.push([ymd(year, 12, 8), 'Feast of the Immaculate Conception']);
  const rows = pairs.map(([d, n]) => [d, n, '']);
  return [...rows, ...phEid(year)];
}

/** Weekday closures of the PSE in a year, as {date, name, memo}. */
export function pseClosures(year) {
  const pairs = PSE_CLOSURES[year] ? PSE_CLOSURES[year].map(([d, n]) => [d, n, '']) : philippineRuleHolidays(year);
  for (const [d, n] of PSE_ONE_OFFS) if (d.startsWith(`${year}-`)) pairs.push([d, n, '']);
  return weekdayRows(pairs);
}

/** Bangko Sentral (PhilPaSS) closures: the holidays without the exchange's own suspensions. */
function phpHolidays(year) {
  return pseClosures(year)
    .filter((c) => !c.name.startsWith('Trading suspended'))
    .map((c) => ({ date: c.date, name: c.name, observed: false, memo: c.memo }));
}

export function pse() {
  const id = 'PH.PSE';
  const TZ = 'Asia/Manila';
  const s = scheduleFor(id, TZ, {
    Regular: 'Equities: pre-open, continuous trading (with the market recess where one applies), pre-close and run-off',
    Partial: 'Half-day trading',
  });
  // Eras of the regular day: [from, until, morning, afternoon or null, pre-close start, pre-open start].
  const eras = [
    [null, '2002-02-19', ['09:30', '12:10'], null, '12:00'],
    ['2002-02-20', '2002-10-14', ['09:30', '12:00'], ['13:00', '14:30'], '14:20'],
    ['2002-10-15', '2011-09-30', ['09:30', '12:10'], null, '12:00'],
    ['2011-10-03', '2011-12-31', ['09:30', '13:00'], null, '12:47'],
    ['2012-01-02', '2020-03-13', ['09:30', '12:00'], ['13:30', '15:30'], '15:15'],
    ['2020-03-16', '2020-03-16', ['09:30', '13:00'], null, '12:45'],
    // Luzon lockdown (PSE memorandum of 15 March 2020): 08:30 pre-open, 09:00 open, 13:00 close
    // from 17 March to 14 April (no trading on 17-18 March); the 09:30 open again after that.
    ['2020-03-17', '2020-04-14', ['09:00', '13:00'], null, '12:45', '08:30'],
    ['2020-04-15', '2021-12-03', ['09:30', '13:00'], null, '12:45'],
    ['2021-12-06', '2022-01-13', ['09:30', '12:00'], ['13:00', '15:00'], '14:45'],
    ['2022-01-14', '2022-02-28', ['09:30', '13:00'], null, '12:45'],
    ['2022-03-01', null, ['09:30', '12:00'], ['13:00', '15:00'], '14:45'],
  ];
  for (const [from, until, am, pm, pre, preOpen = '09:00'] of eras) {
    const o = { from: from ?? undefined, until: until ?? undefined };
    s.row('Regular', 'Pre-Open', 'Pre-Open', 'Mon-Fri', preOpen, am[0], o);
    s.row('Regular', 'Primary Trading Session', pm ? 'Morning Session' : 'Continuous Trading', 'Mon-Fri', ...am, o);
    if (pm) {
      s.row('Regular', 'Intermission', 'Market Recess', 'Mon-Fri', am[1], pm[0], o);
      s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', ...pm, o);
    }
    s.row('Regular', 'Pre-Close', 'Pre-Close and Run-Off', 'Mon-Fri', pre, (pm ?? am)[1], {
      ...o,
      memo: 'Closing auction, then trading at the closing price until the market close',
    });
  }
  s.row('Partial', 'Pre-Open', 'Pre-Open', 'Mon-Fri', '09:00', '09:30');
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:30', '12:10');
  s.row('Partial', 'Pre-Close', 'Pre-Close and Run-Off', 'Mon-Fri', '11:55', '12:10', {
    memo: 'Closing auction, then trading at the closing price until the market close',
  });
  const h = holidaysFor(id);
  for (const y of years()) for (const c of pseClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  // Christmas Eve and the last day of 2021 were proclaimed special working days: half-day trading.
  for (const d of ['2021-12-24', '2021-12-31'])
    h.open(d, d.endsWith('24') ? 'Christmas Eve' : 'Last day of the year', 'Partial', {
      memo: 'Special working day; half-day trading',
    });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Philippine Stock Exchange',
        'Market Name': 'Equities Market',
        'Security Group': 'Stocks, ETFs, REITs',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XPHS',
        Acronym: 'PSE',
        'Asset Type': 'Equities',
        Memo:
          'Closures as proclaimed for 2018-2025; other years by the holiday law (Islamic holidays by Umm ' +
          "al-Qura, no moved 'holiday economics' days before 2018); the close is the end of the run-off; sample data",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XPHS', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2025-12-31',
        sources: [
          src('PSE: trading schedule and market holidays', 'https://www.pse.com.ph/'),
          src(
            'Official Gazette: proclamations on regular holidays and special days',
            'https://www.officialgazette.gov.ph/',
          ),
          src('PSE memoranda on trading hours (2011, 2020-2022) and suspensions', 'https://edge.pse.com.ph/'),
          src(
            'Rappler: PSE trading hours during the Metro Manila lockdown, 16 March-14 April 2020',
            'https://www.rappler.com/business/254633-pse-trading-hours-metro-manila-lockdown-march-16-april-14-2020',
          ),
        ],
      },
    ],
  };
}

// ===================================================================== Thailand

/** Makha, Visakha and Asarnha Bucha of a year (announced where tabled, else computed full moons). */
export function thaiBuddhistDays(year) {
  if (THAI_BUDDHIST[year]) return THAI_BUDDHIST[year];
  // Makha Bucha: the full moon of the third lunar month (the fourth in a leap year), between
  // about 8 February and 8 March; Visakha three lunations later, Asarnha two after that.
  let makha = nearestFullMoonDay(ymd(year, 2, 22));
  if (makha < ymd(year, 2, 8)) makha = nearestFullMoonDay(addDays(makha, 30));
  const visakha = nearestFullMoonDay(addDays(makha, 89));
  const asarnha = nearestFullMoonDay(addDays(visakha, 59));
  return [makha, visakha, asarnha];
}

/** SET holidays by rule for the years without a table. */
function thaiRuleClosures(year) {
  const [makha, visakha, asarnha] = thaiBuddhistDays(year);
  const pairs = [
    [ymd(year, 1, 1), "New Year's Day"],
    [makha, 'Makha Bucha Day'],
    [ymd(year, 4, 6), 'Chakri Memorial Day'],
    [ymd(year, 5, 1), 'National Labour Day'],
    [visakha, 'Visakha Bucha Day'],
    // Banks kept the beginning of Buddhist Lent, the day after Asarnha Bucha, until 2006.
    year <= 2006 ? [addDays(asarnha, 1), 'Buddhist Lent Day'] : [asarnha, 'Asarnha Bucha Day'],
    [ymd(year, 8, 12), "H.M. Queen Sirikit's Birthday"],
    [ymd(year, 10, 23), 'Chulalongkorn Day'],
    [ymd(year, 12, 5), "King Bhumibol's Birthday"],
    [ymd(year, 12, 10), 'Constitution Day'],
    [ymd(year, 12, 31), "New Year's Eve"],
  ];
  if (year <= 2016) pairs.push([ymd(year, 5, 5), 'Coronation Day']);
  if (year >= 2020) pairs.push([ymd(year, 5, 4), 'Coronation Day']);
  if (year >= 2017)
    pairs.push([ymd(year, 7, 28), "H.M. the King's Birthday"], [ymd(year, 10, 13), 'King Bhumibol Memorial Day']);
  if (year >= 2019) pairs.push([ymd(year, 6, 3), "H.M. Queen Suthida's Birthday"]);
  const subbed = substitute(pairs, (n) => `Substitution for ${n}`);
  // The previous New Year's Eve on a weekend is made up in January; when it and New Year's Day
  // both fall on the weekend they give one day in lieu (Cabinet resolution of 3 February 2004).
  const eve = ymd(year - 1, 12, 31);
  if (isWeekend(eve) && !isWeekend(ymd(year, 1, 1))) {
    const taken = new Set(subbed.map(([d]) => d));
    let d = addDays(eve, 1);
    while (isWeekend(d) || taken.has(d)) d = addDays(d, 1);
    subbed.push([d, "Substitution for New Year's Eve"]);
  }
  // Songkran, 13-15 April: the banks make up one day when two of the three fall on a weekend.
  const songkran = [13, 14, 15].map((d) => ymd(year, 4, d));
  for (const d of songkran) subbed.push([d, 'Songkran Festival']);
  if (songkran.filter(isWeekend).length >= 2) {
    let d = ymd(year, 4, 16);
    while (isWeekend(d)) d = addDays(d, 1);
    subbed.push([d, 'Substitution for Songkran Festival']);
  }
  // The banks' mid-year closing day, 1 July, until 2018.
  if (year <= 2018) subbed.push([ymd(year, 7, 1), 'Mid-Year Closing Day of Banks']);
  return subbed.filter(([d]) => d.startsWith(`${year}-`));
}

/** Weekday closures of the SET in a year, as {date, name, memo}. */
export function setClosures(year) {
  const pairs = SET_CLOSURES[year] ? [...SET_CLOSURES[year]] : thaiRuleClosures(year);
  for (const [d, n] of SET_ONE_OFFS) if (d.startsWith(`${year}-`)) pairs.push([d, n]);
  return weekdayRows(pairs.map(([d, n]) => [d, n, '']));
}

export function set() {
  const id = 'TH.SET';
  const TZ = 'Asia/Bangkok';
  const s = scheduleFor(id, TZ, {
    Regular: 'Morning and afternoon sessions, each opened by a pre-open auction; the close by a pre-close auction',
  });
  const PM_EARLIER = '2024-03-25'; // the afternoon session opens at 14:00 instead of 14:30
  const old = { until: addDays(PM_EARLIER, -1) };
  const now = { from: PM_EARLIER };
  s.row('Regular', 'Pre-Open', 'Pre-Open I', 'Mon-Fri', '09:30', '10:00', { memo: 'Random open 09:55-10:00' });
  s.row('Regular', 'Primary Trading Session', 'Morning Session', 'Mon-Fri', '10:00', '12:30');
  s.row('Regular', 'Intermission', 'Intermission', 'Mon-Fri', '12:30', '14:00', old);
  s.row('Regular', 'Pre-Open', 'Pre-Open II', 'Mon-Fri', '14:00', '14:30', old);
  s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', '14:30', '16:30', old);
  s.row('Regular', 'Intermission', 'Intermission', 'Mon-Fri', '12:30', '13:30', now);
  s.row('Regular', 'Pre-Open', 'Pre-Open II', 'Mon-Fri', '13:30', '14:00', now);
  s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', '14:00', '16:30', now);
  s.row('Regular', 'Call Auction', 'Pre-Close', 'Mon-Fri', '16:30', '16:40', {
    memo: 'Closing auction; the close is matched at random between 16:35 and 16:40',
    random: { 'Min End': '16:35:00', 'Max End': '16:40:00' },
  });
  const h = holidaysFor(id);
  for (const y of years()) for (const c of setClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Stock Exchange of Thailand',
        'Market Name': 'SET Main Board',
        'Security Group': 'Stocks, ETFs, DRs',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XBKK',
        Acronym: 'SET',
        'Asset Type': 'Equities',
        Memo:
          'Financial-institution holidays as announced for 2018-2026; other years by rule, the Buddhist holy ' +
          'days from computed full moons (may differ by a day from the Thai lunar calendar); sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XBKK', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          src('SET: holiday calendar', 'https://www.set.or.th/en/about/event-calendar/holiday'),
          src(
            'Bank of Thailand: financial institutions holidays',
            'https://www.bot.or.th/en/financial-institutions-holiday.html',
          ),
          src(
            'SET: trading hours (afternoon session from 14:00 since 25 March 2024)',
            'https://www.set.or.th/en/market/information/trading-procedure/trading-hours',
          ),
        ],
      },
    ],
  };
}

// ===================================================================== Taiwan

/** Taiwan holidays by rule (years without a table): Sat -> Friday before, Sun -> Monday after. */
function taiwanRuleClosures(year) {
  const sf = `${year}-${SPRING_FESTIVAL[year]}`;
  const out = [];
  const shift = year >= 2013;
  const memorial = (d, name) => {
    if (!shift || !isWeekend(d)) return out.push([d, name]);
    // Saturday: the Friday before; Sunday: the Monday after (further on if that day is taken).
    const step = weekday(d) === 6 ? -1 : 1;
    let o = addDays(d, step);
    const taken = (x) => out.some(([y]) => y === x) || x === qingming(year);
    while (isWeekend(o) || taken(o)) o = addDays(o, step);
    out.push([o, `${name} (observed)`]);
  };
  memorial(ymd(year, 1, 1), 'Founding of the Republic of China');
  memorial(ymd(year, 2, 28), 'Peace Memorial Day');
  const qm = qingming(year);
  if (year >= 2011) {
    const kids = ymd(year, 4, 4);
    if (kids === qm) out.push([addDays(kids, weekday(kids) === 4 ? 1 : -1), "Children's Day (observed)"]);
    else memorial(kids, "Children's Day");
  }
  memorial(qm, 'Tomb-Sweeping Day');
  if (year >= 2025) memorial(ymd(year, 5, 1), 'Labor Day');
  else out.push([ymd(year, 5, 1), 'Labor Day']);
  memorial(lunarDate(sf, 5, 5), 'Dragon Boat Festival');
  memorial(lunarDate(sf, 8, 15), 'Mid-Autumn Festival');
  memorial(ymd(year, 10, 10), 'National Day');
  if (year >= 2025) {
    memorial(ymd(year, 9, 28), "Teachers' Day");
    memorial(ymd(year, 10, 25), 'Taiwan Retrocession Day');
    memorial(ymd(year, 12, 25), 'Constitution Day');
  }
  if (year === 2000) {
    for (const [d, n] of [
      ['2000-03-29', 'Youth Day'],
      ['2000-09-28', "Teachers' Day"],
      ['2000-10-25', 'Taiwan Retrocession Day'],
      ['2000-10-31', "Chiang Kai-shek's Birthday"],
      ['2000-12-25', 'Constitution Day'],
    ])
      out.push([d, n]);
  }
  // The next year's 1 January on a Saturday is observed on 31 December.
  if (shift && weekday(ymd(year + 1, 1, 1)) === 6)
    out.push([ymd(year, 12, 31), 'Founding of the Republic of China (observed)']);
  // Lunar New Year: the eve through the third day (from 2025 also the day before the eve), the
  // weekend days among them made up by the weekdays after; the exchange stops trading on the
  // two weekdays before the break (clearing and settlement only).
  const first = year >= 2025 ? -2 : -1;
  const lny = [];
  for (let i = first; i <= 3 - 1; i++) lny.push(addDays(sf, i));
  const names = new Map(
    lny.map((d) => [
      d,
      d < sf ? (d === addDays(sf, -1) ? "Lunar New Year's Eve" : "Day before Lunar New Year's Eve") : 'Lunar New Year',
    ]),
  );
  let extra = lny.filter(isWeekend).length;
  let d = lny.at(-1);
  const closed = lny.filter((x) => !isWeekend(x));
  while (extra > 0) {
    d = addDays(d, 1);
    if (isWeekend(d)) continue;
    closed.push(d);
    names.set(d, 'Lunar New Year (observed)');
    extra--;
  }
  for (const x of closed) out.push([x, names.get(x)]);
  let nt = closed[0];
  for (let i = 0; i < 2; i++) {
    nt = addDays(nt, -1);
    while (isWeekend(nt)) nt = addDays(nt, -1);
    out.push([nt, 'No trading (clearing and settlement only)']);
  }
  return out.filter(([x]) => x.startsWith(`${year}-`));
}

/** Weekday closures of the TWSE in a year, as {date, name, memo}. */
export function twseClosures(year) {
  const pairs = TWSE_CLOSURES[year] ? [...TWSE_CLOSURES[year]] : taiwanRuleClosures(year);
  for (const d of TWSE_BRIDGES) if (d.startsWith(`${year}-`)) pairs.push([d, 'Adjusted holiday']);
  for (const [d, n] of TWSE_TYPHOONS) if (d.startsWith(`${year}-`)) pairs.push([d, n]);
  return weekdayRows(
    pairs.map(([d, n]) => [d, n, n.startsWith('Typhoon') ? 'Closed for the typhoon (Taipei work suspension)' : '']),
  );
}

export function twse() {
  const id = 'TW.TWSE';
  const TZ = 'Asia/Taipei';
  const s = scheduleFor(id, TZ, {
    Regular: 'Centralized market: order entry from 08:30, trading 09:00-13:30 ending with a closing call auction',
    'Make-Up Trading Day': 'A make-up working Saturday on which the exchange traded',
  });
  const LONGER = '2001-01-01'; // the five-day week: trading to 13:30 and no Saturday sessions
  const CLOSING_CALL = '2002-07-01';
  for (const [g, days] of [
    ['Regular', 'Mon-Fri'],
    ['Make-Up Trading Day', 'Sat'],
  ]) {
    s.row(g, 'Pre-Open', 'Order Entry', days, '08:30', '09:00');
    s.row(g, 'Primary Trading Session', 'Regular Trading', days, '09:00', '12:00', { until: addDays(LONGER, -1) });
    s.row(g, 'Primary Trading Session', 'Regular Trading', days, '09:00', '13:30', { from: LONGER });
    s.row(g, 'Pre-Close', 'Closing Call Auction', days, '13:25', '13:30', {
      from: CLOSING_CALL,
      memo: 'The closing price is set by a call auction at 13:30',
    });
  }
  const h = holidaysFor(id);
  for (const y of years()) for (const c of twseClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  for (const d of TWSE_MAKEUP_SATURDAYS)
    h.open(d, 'Make-up trading day', 'Make-Up Trading Day', { memo: 'Saturday trading for a bridge holiday' });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Taiwan Stock Exchange',
        'Market Name': 'Centralized Securities Market',
        'Security Group': 'Stocks, ETFs',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XTAI',
        Acronym: 'TWSE',
        'Asset Type': 'Equities',
        Memo:
          'Holiday schedules as announced for 2018-2026; other years by rule (lunar dates from the almanac); ' +
          'make-up Saturdays and typhoon days only where established; Saturday trading of 2000 not modelled; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XTAI', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          src('TWSE: holiday schedule', 'https://www.twse.com.tw/en/trading/holiday.html'),
          src('TWSE: trading hours and mechanism', 'https://www.twse.com.tw/en/page/trading/introduction.html'),
          src(
            'Directorate-General of Personnel Administration: government office calendars',
            'https://www.dgpa.gov.tw/',
          ),
          src('Implementation Act of Commemorative Days and Holidays (2025)', 'https://law.moj.gov.tw/'),
        ],
      },
    ],
  };
}

// ===================================================================== New Zealand

const MATARIKI = {
  2022: '06-24',
  2023: '07-14',
  2024: '06-28',
  2025: '06-20',
  2026: '07-10',
  2027: '06-25',
  2028: '07-14',
  2029: '07-06',
  2030: '06-21',
};

/** New Zealand public holidays with Mondayisation, as {date, name, observed}. */
export function newZealandHolidays(year) {
  const e = easterSunday(year);
  const out = [];
  // New Year and Christmas pairs: a weekend day moves to the next weekday not taken.
  for (const pair of [
    [
      [ymd(year, 1, 1), "New Year's Day"],
      [ymd(year, 1, 2), "Day after New Year's Day"],
    ],
    [
      [ymd(year, 12, 25), 'Christmas Day'],
      [ymd(year, 12, 26), 'Boxing Day'],
    ],
  ]) {
    for (const [d, name] of substitute(pair, (n) => n))
      out.push({ date: d, name, observed: !pair.some(([x]) => x === d) });
  }
  // Waitangi and ANZAC Days are Mondayised from 2014 (Holidays (Full Recognition of Waitangi Day
  // and ANZAC Day) Amendment Act 2013).
  for (const [d, name] of [
    [ymd(year, 2, 6), 'Waitangi Day'],
    [ymd(year, 4, 25), 'ANZAC Day'],
  ]) {
    if (!isWeekend(d)) out.push({ date: d, name, observed: false });
    else if (year >= 2014) out.push({ date: addDays(d, weekday(d) === 6 ? 2 : 1), name, observed: true });
  }
  out.push({ date: addDays(e, -2), name: 'Good Friday', observed: false });
  out.push({ date: addDays(e, 1), name: 'Easter Monday', observed: false });
  out.push({
    date: nthWeekday(year, 6, 1, 1),
    name: year >= 2023 ? "King's Birthday" : "Queen's Birthday",
    observed: false,
  });
  if (MATARIKI[year]) out.push({ date: `${year}-${MATARIKI[year]}`, name: 'Matariki', observed: false });
  out.push({ date: nthWeekday(year, 10, 1, 4), name: 'Labour Day', observed: false });
  if (year === 2022) out.push({ date: '2022-09-26', name: 'Queen Elizabeth II Memorial Day', observed: false });
  const seen = new Set();
  return out.filter((h) => !isWeekend(h.date) && !seen.has(h.date) && seen.add(h.date)).sort(byDate);
}

export function nzx() {
  const id = 'NZ.NZX';
  const TZ = 'Pacific/Auckland';
  const s = scheduleFor(id, TZ, {
    Regular: 'NZX Main Board: pre-open, opening auction, normal trading, pre-close and closing auction',
    Partial: 'Early close on the last business days before Christmas and the New Year',
  });
  const NEW_HOURS = '2003-06-30'; // NZX moved from 09:00-16:00 to 10:00-17:00
  const old = { until: addDays(NEW_HOURS, -1) };
  const now = { from: NEW_HOURS };
  s.row('Regular', 'Pre-Open', 'Pre-Open', 'Mon-Fri', '08:00', '09:00', old);
  s.row('Regular', 'Primary Trading Session', 'Normal Trading', 'Mon-Fri', '09:00', '16:00', old);
  s.row('Regular', 'Pre-Open', 'Pre-Open', 'Mon-Fri', '08:30', '10:00', {
    ...now,
    memo: 'The opening auction runs at a random time 09:59:30-10:00:30',
  });
  s.row('Regular', 'Primary Trading Session', 'Normal Trading', 'Mon-Fri', '10:00', '17:00', now);
  s.row('Regular', 'Pre-Close', 'Pre-Close and Closing Auction', 'Mon-Fri', '16:45', '17:00', {
    ...now,
    memo: 'Orders collected from 16:45; the closing auction runs at a random time 16:59:30-17:00:30',
  });
  s.row('Partial', 'Primary Trading Session', 'Normal Trading', 'Mon-Fri', '09:00', '12:30', old);
  s.row('Partial', 'Pre-Open', 'Pre-Open', 'Mon-Fri', '08:30', '10:00', now);
  s.row('Partial', 'Primary Trading Session', 'Normal Trading', 'Mon-Fri', '10:00', '12:45', now);
  s.row('Partial', 'Pre-Close', 'Pre-Close and Closing Auction', 'Mon-Fri', '12:30', '12:45', now);
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const c of newZealandHolidays(y)) h.closed(c.date, c.name, { observed: c.observed });
    for (const [d, name] of [
      [ymd(y, 12, 24), 'Christmas Eve'],
      [ymd(y, 12, 31), "New Year's Eve"],
    ])
      if (!isWeekend(d)) h.open(d, name, 'Partial', { memo: 'Early close', ifFree: true });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'NZX',
        'Market Name': 'NZX Main Board',
        'Security Group': 'Stocks, ETFs',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XNZE',
        Acronym: 'NZX',
        'Asset Type': 'Equities',
        Memo:
          'National public holidays only (no regional anniversary days); the close is the closing auction at 17:00; ' +
          'early-close time on the eves of Christmas and the New Year approximated; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XNZE', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2027-12-31',
        sources: [
          src('NZX: trading hours and market holidays', 'https://www.nzx.com/investing/nzx-trading-hours'),
          src(
            'NZX: anatomy of a trading day',
            'https://www.nzx.com/investing/nzx-trading-hours/anatomy-of-a-trading-day',
          ),
          src(
            'Employment New Zealand: public holidays and Mondayisation',
            'https://www.employment.govt.nz/leave-and-holidays/public-holidays/',
          ),
          src(
            'Te Kāhui o Matariki Public Holiday Act 2022',
            'https://www.legislation.govt.nz/act/public/2022/0014/latest/whole.html',
          ),
          src('NZX: change to market trading hours from 30 June 2003', 'https://www.nzx.com/'),
        ],
      },
    ],
  };
}

// ===================================================================== Currencies

// Auckland and Wellington anniversary days: the Monday nearest 29 and 22 January.
function nearestMonday(iso) {
  const w = weekday(iso);
  return addDays(iso, w <= 4 ? 1 - w : 8 - w);
}

function nzdHolidays(year) {
  const out = newZealandHolidays(year).map((h) => ({ ...h }));
  out.push({ date: nearestMonday(ymd(year, 1, 22)), name: 'Wellington Anniversary Day', observed: false });
  out.push({ date: nearestMonday(ymd(year, 1, 29)), name: 'Auckland Anniversary Day', observed: false });
  return out.sort(byDate);
}

const closuresAsHolidays = (rows, memo) =>
  rows
    .filter(
      (c) =>
        !c.name.startsWith('No trading') &&
        !c.name.startsWith('Typhoon') &&
        !c.name.startsWith('Trading suspended') &&
        !c.name.startsWith('Closure'),
    )
    .map((c) => ({ date: c.date, name: c.name, observed: false, memo }));

export const MARKETS = [pse, set, twse, nzx];

export const CURRENCIES = [
  ['PHP', 'Philippine Peso', 'PH', 'Bangko Sentral ng Pilipinas', 'Manila', 'Asia/Manila', phpHolidays],
  [
    'THB',
    'Thai Baht',
    'TH',
    'Bank of Thailand',
    'Bangkok',
    'Asia/Bangkok',
    (y) => closuresAsHolidays(setClosures(y), 'Financial-institution holiday'),
  ],
  [
    'TWD',
    'New Taiwan Dollar',
    'TW',
    'Central Bank of the Republic of China (Taiwan)',
    'Taipei',
    'Asia/Taipei',
    (y) => closuresAsHolidays(twseClosures(y), 'Approximated by the TWSE holidays'),
  ],
  ['NZD', 'New Zealand Dollar', 'NZ', 'Reserve Bank of New Zealand', 'Wellington', 'Pacific/Auckland', nzdHolidays],
];
