// Korea Exchange (KOSPI market): Korean public holidays with the substitute-holiday rules as
// they widened (2014, 2021, 2023), the exchange's own year-end closure, election days and
// temporary holidays from the government's notices, and the late open on the day of the
// college entrance exam (CSAT), when the whole trading day moves one hour later.
import { addDays, weekday, ymd, years } from '../lib/dates.mjs';
import { koreanLunarDate, nextFreeDay } from '../lib/intl-calendars.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const TZ = 'Asia/Seoul';
const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;

// Election days (public holidays by law) and temporary public holidays, as designated.
const ONE_OFF = [
  ['2000-01-03', 'Year-Start Closure', 'Exchange closed for the year 2000 changeover'],
  ['2000-04-13', 'National Assembly Election'],
  ['2002-06-13', 'Local Election'],
  ['2002-07-01', 'Temporary Holiday', 'World Cup temporary holiday'],
  ['2002-12-19', 'Presidential Election'],
  ['2004-04-15', 'National Assembly Election'],
  ['2006-05-31', 'Local Election'],
  ['2007-12-19', 'Presidential Election'],
  ['2008-04-09', 'National Assembly Election'],
  ['2010-06-02', 'Local Election'],
  ['2012-04-11', 'National Assembly Election'],
  ['2012-12-19', 'Presidential Election'],
  ['2014-06-04', 'Local Election'],
  ['2015-08-14', 'Temporary Holiday', 'Temporary holiday for the 70th Liberation Day'],
  ['2016-04-13', 'National Assembly Election'],
  ['2016-05-06', 'Temporary Holiday'],
  ['2017-05-09', 'Presidential Election'],
  ['2017-10-02', 'Temporary Holiday'],
  ['2018-06-13', 'Local Election'],
  ['2020-04-15', 'National Assembly Election'],
  ['2020-08-17', 'Temporary Holiday'],
  ['2022-03-09', 'Presidential Election'],
  ['2022-06-01', 'Local Election'],
  ['2023-10-02', 'Temporary Holiday'],
  ['2024-04-10', 'National Assembly Election'],
  ['2024-10-01', 'Temporary Holiday', 'Armed Forces Day designated a temporary holiday'],
  ['2025-01-27', 'Temporary Holiday'],
  ['2025-06-03', 'Presidential Election'],
  ['2026-06-03', 'Local Election'],
  // Future elections on the dates the election law fixes (a Wednesday); a presidential
  // election in 2030 depends on the term and is not in the sample.
  ['2028-04-12', 'National Assembly Election', 'Date fixed by the election law'],
  ['2030-06-05', 'Local Election', 'Date fixed by the election law'],
];

// College Scholastic Ability Test days, as announced by the Ministry of Education; trading
// starts and ends one hour late. 2017's exam moved a week after an earthquake, the day before
// it was due, and the exchange kept the announced late open on the first date as well.
export const CSAT_DAYS = [
  '2000-11-15',
  '2001-11-07',
  '2002-11-06',
  '2003-11-05',
  '2004-11-17',
  '2005-11-23',
  '2006-11-16',
  '2007-11-15',
  '2008-11-13',
  '2009-11-12',
  '2010-11-18',
  '2011-11-10',
  '2012-11-08',
  '2013-11-07',
  '2014-11-13',
  '2015-11-12',
  '2016-11-17',
  '2017-11-16',
  '2017-11-23',
  '2018-11-15',
  '2019-11-14',
  '2020-12-03',
  '2021-11-18',
  '2022-11-17',
  '2023-11-16',
  '2024-11-14',
  '2025-11-13',
  '2026-11-19',
];

/**
 * Exam days not announced yet: every exam since 2018 but 2020's (moved for the pandemic) fell on
 * the Thursday of 13-19 November, so later years follow that rule (the generator marks them
 * projected, after the market's confirmed-through date).
 */
export function projectedCsatDay(year) {
  const d = ymd(year, 11, 13);
  return addDays(d, (4 - weekday(d) + 7) % 7);
}

/**
 * Public holidays of a year as {date, name, observed, memo}, with substitute holidays: for
 * Seollal, Chuseok and Children's Day since 2014, for the national days since August 2021 and
 * for Buddha's Birthday and Christmas since May 2023.
 */
export function koreanHolidays(year) {
  const named = [];
  const add = (date, name, substitute = null) => named.push({ date, name, substitute });
  add(ymd(year, 1, 1), "New Year's Day");
  const seollal = koreanLunarDate(year, 1, 1);
  const sub = (from) => (year >= from ? 'weekend' : null);
  for (const d of [addDays(seollal, -1), seollal, addDays(seollal, 1)])
    add(d, 'Seollal', year >= 2014 ? 'sunday' : null);
  add(ymd(year, 3, 1), 'Independence Movement Day', sub(2022));
  if (year <= 2005) add(ymd(year, 4, 5), 'Arbor Day');
  add(koreanLunarDate(year, 4, 8), "Buddha's Birthday", sub(2023));
  add(ymd(year, 5, 5), "Children's Day", sub(2014));
  add(ymd(year, 6, 6), 'Memorial Day');
  if (year <= 2007) add(ymd(year, 7, 17), 'Constitution Day');
  add(ymd(year, 8, 15), 'Liberation Day', sub(2021));
  const chuseok = koreanLunarDate(year, 8, 15);
  for (const d of [addDays(chuseok, -1), chuseok, addDays(chuseok, 1)])
    add(d, 'Chuseok', year >= 2014 ? 'sunday' : null);
  add(ymd(year, 10, 3), 'National Foundation Day', sub(2021));
  if (year >= 2013) add(ymd(year, 10, 9), 'Hangul Day', sub(2021));
  add(ymd(year, 12, 25), 'Christmas', sub(2023));

  const out = new Map();
  const count = new Map();
  for (const h of named) count.set(h.date, (count.get(h.date) ?? 0) + 1);
  for (const h of named)
    if (!out.has(h.date)) out.set(h.date, { date: h.date, name: h.name, observed: false, memo: '' });
  const taken = new Set(out.keys());
  // Two holidays on one date give one substitute day, whichever rule grants it.
  const compensated = new Set();
  // Seollal and Chuseok are three-day spans: one substitute day after the span when one of
  // its days is a Sunday or another holiday (a Saturday does not count).
  for (const name of ['Seollal', 'Chuseok']) {
    const span = named.filter((h) => h.name === name);
    if (!span[0].substitute) continue;
    const hits = span.filter((h) => weekday(h.date) === 0 || count.get(h.date) > 1);
    if (hits.length) {
      for (const h of hits) compensated.add(h.date);
      const d = nextFreeDay(span.at(-1).date, taken);
      taken.add(d);
      out.set(d, { date: d, name, observed: true, memo: 'Substitute holiday' });
    }
  }
  for (const h of named) {
    if (h.substitute !== 'weekend' || compensated.has(h.date)) continue;
    if (!isWeekend(h.date) && count.get(h.date) === 1) continue;
    compensated.add(h.date);
    const d = nextFreeDay(h.date, taken);
    taken.add(d);
    out.set(d, { date: d, name: h.name, observed: true, memo: 'Substitute holiday' });
  }
  return [...out.values()].filter((h) => h.date.startsWith(`${year}-`)).sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Weekday closures of the exchange in a year: holidays, Labour Day, one-offs and the year-end day. */
export function krxClosures(year) {
  const out = koreanHolidays(year).filter((h) => !isWeekend(h.date));
  const have = new Set(out.map((h) => h.date));
  const push = (date, name, memo = '') => {
    if (isWeekend(date) || have.has(date) || !date.startsWith(`${year}-`)) return;
    have.add(date);
    out.push({ date, name, observed: false, memo });
  };
  push(ymd(year, 5, 1), 'Labour Day', "Workers' Day: the exchange closes");
  for (const [d, name, memo] of ONE_OFF) push(d, name, memo ?? '');
  if (year === 2000) {
    for (const d of ['2000-12-27', '2000-12-28', '2000-12-29'])
      push(d, 'Year-End Closure', 'Three-day year-end closure');
  } else {
    // The last trading day of the year is closed for the year-end settlement.
    let d = ymd(year, 12, 31);
    while (isWeekend(d)) d = addDays(d, -1);
    push(d, 'Year-End Closure', 'Last business day of the year');
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

const FIRST_LATE_OPENING = 2008;

export function krx() {
  const id = 'KR.KRX';
  const s = scheduleFor(id, TZ, {
    Regular: 'KOSPI market: call auctions at the open and the close around continuous trading',
    'CSAT Late Open': 'College entrance exam day: the trading day starts and ends one hour late',
    'New Year Late Open': "The year's first trading day: trading starts an hour late, after the opening ceremony",
  });
  const eras = [
    {
      until: '2000-05-21',
      pre: ['08:30', '09:00'],
      sessions: [
        ['09:00', '12:00'],
        ['13:00', '15:00'],
      ],
      close: ['14:50', '15:00'],
    },
    {
      from: '2000-05-22',
      until: '2016-07-31',
      pre: ['08:30', '09:00'],
      sessions: [['09:00', '15:00']],
      close: ['14:50', '15:00'],
    },
    { from: '2016-08-01', pre: ['08:30', '09:00'], sessions: [['09:00', '15:30']], close: ['15:20', '15:30'] },
  ];
  for (const era of eras) {
    const o = { from: era.from, until: era.until };
    s.row('Regular', 'Pre-Open', 'Opening Call Auction', 'Mon-Fri', ...era.pre, o);
    if (era.sessions.length === 2) {
      s.row('Regular', 'Primary Trading Session', 'Morning Session', 'Mon-Fri', ...era.sessions[0], o);
      s.row('Regular', 'Intermission', 'Lunch Break', 'Mon-Fri', era.sessions[0][1], era.sessions[1][0], o);
      s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', ...era.sessions[1], o);
    } else {
      s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', ...era.sessions[0], o);
    }
    s.row('Regular', 'Pre-Close', 'Closing Call Auction', 'Mon-Fri', ...era.close, {
      ...o,
      memo: 'Single-price auction for the close',
    });
    if (era.sessions.length === 2) continue;
    const late = (t) => `${String(Number(t.slice(0, 2)) + 1).padStart(2, '0')}${t.slice(2)}`;
    // The first trading day of the year opens an hour late for the opening ceremony; the close stays.
    const ny = 'New Year Late Open';
    s.row(ny, 'Pre-Open', 'Opening Call Auction', 'Mon-Fri', late(era.pre[0]), late(era.pre[1]), o);
    s.row(
      ny,
      'Primary Trading Session',
      'Continuous Trading',
      'Mon-Fri',
      late(era.sessions[0][0]),
      era.sessions[0][1],
      o,
    );
    s.row(ny, 'Pre-Close', 'Closing Call Auction', 'Mon-Fri', ...era.close, o);
    const g = 'CSAT Late Open';
    s.row(g, 'Pre-Open', 'Opening Call Auction', 'Mon-Fri', late(era.pre[0]), late(era.pre[1]), o);
    s.row(
      g,
      'Primary Trading Session',
      'Continuous Trading',
      'Mon-Fri',
      late(era.sessions[0][0]),
      late(era.sessions[0][1]),
      o,
    );
    s.row(g, 'Pre-Close', 'Closing Call Auction', 'Mon-Fri', late(era.close[0]), late(era.close[1]), o);
  }
  const h = holidaysFor(id);
  for (const y of years())
    for (const c of krxClosures(y)) h.closed(c.date, c.name, { observed: c.observed, memo: c.memo });
  // KRX's notices of the late opening on the year's first trading day (2008, 2013, 2016, 2021,
  // 2022, 2025: "every year, for the opening ceremony"); earlier years are left at 09:00.
  for (const y of years(FIRST_LATE_OPENING)) {
    let d = ymd(y, 1, 2);
    while (weekday(d) === 0 || weekday(d) === 6 || h.has(d)) d = addDays(d, 1);
    h.open(d, 'First Trading Day', 'New Year Late Open', { memo: 'Opening ceremony: trading from 10:00' });
  }
  for (const d of CSAT_DAYS)
    h.open(d, 'College Scholastic Ability Test', 'CSAT Late Open', { memo: 'Trading one hour later than usual' });
  const lastAnnounced = Number(CSAT_DAYS.at(-1).slice(0, 4));
  for (const y of years(lastAnnounced + 1)) {
    h.open(projectedCsatDay(y), 'College Scholastic Ability Test', 'CSAT Late Open', {
      memo: 'Trading one hour later than usual; exam on the Thursday of 13-19 November, as since 2018',
      ifFree: true,
    });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Korea Exchange',
        'Market Name': 'KOSPI Market',
        'Security Group': 'Stocks, ETFs',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XKRX',
        Acronym: 'KRX',
        'Asset Type': 'Equities',
        Memo:
          'Lunar holidays from the Korean calendar; CSAT late opens for the announced exam days (to 2026), later ones projected; ' +
          'sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XKRX', id]],
  };
}
