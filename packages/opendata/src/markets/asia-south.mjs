// South and South-East Asia: BSE (Mumbai), Pakistan Stock Exchange (Karachi), Indonesia Stock
// Exchange (Jakarta) and Bursa Malaysia (Kuala Lumpur). Islamic festivals come from ICU's
// Umm al-Qura calendar shifted by each country's usual moon-sighting lag, and are overridden by
// the closures the exchanges announced year by year (a table of announced dates always wins).
import { addDays, easterSunday, islamicDatesBetween, weekday, ymd, years } from '../lib/dates.mjs';
import { lunarDate } from '../lib/lunar.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { SPRING_FESTIVAL } from './china.mjs';
import { indianCashSchedule, MUHURAT, nseClosures } from './india.mjs';

const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;
const LUNAR_MEMO = 'Date from the Umm al-Qura calendar (ICU) shifted by the local sighting lag; not announced';

/** Dates of day `day` of Hijri month `month` falling in Gregorian `year`, shifted by `lag` days. */
function hijri(year, month, day, lag = 0) {
  return islamicDatesBetween(month, day, year <= 1999 ? '1999-01-01' : `${year - 1}-11-01`, `${year}-12-31`)
    .map((d) => addDays(d, lag))
    .filter((d) => d.startsWith(`${year}-`));
}

/** `'01-01 02-05'`-style spec of a year → ISO dates (a weekend date is a typo: refused). */
const spec = (year, text) =>
  text.split(/\s+/).map((md) => {
    const d = `${year}-${md}`;
    if (isWeekend(d)) throw new Error(`announced closure ${d} falls on a weekend`);
    return d;
  });

// ---------------------------------------------------------------------------------------------
// BSE (Bombay Stock Exchange), equity cash segment.
// ---------------------------------------------------------------------------------------------

// Saturdays the exchanges traded a full session (Union Budget days; 20 January 2024 instead of
// the Ram Mandir holiday of the 22nd): BSE's circulars match NSE's.
const BSE_WEEKEND_SESSIONS = [
  ['2015-02-28', 'Union Budget'],
  ['2020-02-01', 'Union Budget'],
  ['2024-01-20', 'Special Trading Session'],
  ['2025-02-01', 'Union Budget'],
];
// Saturday live sessions from the primary site, then the disaster-recovery site.
const BSE_DR_SESSIONS = ['2024-03-02', '2024-05-18'];

export function bse() {
  const id = 'IN.BSE';
  const TZ = 'Asia/Kolkata';
  // BSE and NSE changed their hours together (india.mjs).
  const s = indianCashSchedule(id, {
    segment: 'Equity cash segment',
    buffer: 'Pre-Open Matching and Buffer',
    drSessions: BSE_DR_SESSIONS,
  });
  const h = holidaysFor(id);
  for (const [d] of MUHURAT)
    h.open(d, 'Diwali Laxmi Pujan', 'Muhurat Trading', { memo: 'Holiday with the evening Muhurat session only' });
  for (const [d, name] of BSE_WEEKEND_SESSIONS)
    h.open(d, name, 'Regular', { memo: 'Full trading session on a Saturday' });
  for (const d of BSE_DR_SESSIONS)
    h.open(d, 'Special Trading Session', 'Special Session', { memo: 'Live trading from the disaster-recovery site' });
  for (const y of years()) for (const c of nseClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'BSE (Bombay Stock Exchange)',
        'Market Name': 'Equity Cash Segment',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XBOM',
        Acronym: 'BSE',
        'Asset Type': 'Equities',
        Memo:
          "Trading holidays and Muhurat sessions shared with NSE (India's exchanges publish one holiday list); " +
          'years not yet announced carry only fixed-date holidays and Good Friday; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XBOM', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'BSE: List of trading holidays (equity segment), notices by year',
            url: 'https://www.bseindia.com/static/markets/marketinfo/listholi.aspx',
          },
          {
            title: 'BSE: Trading hours (pre-open session and continuous trading)',
            url: 'https://www.bseindia.com/static/markets/marketinfo/tradinghours.aspx',
          },
          {
            title: 'BSE notices: Muhurat trading sessions',
            url: 'https://www.bseindia.com/markets/MarketInfo/NoticesCirculars.aspx',
          },
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Pakistan Stock Exchange, ready market.
// ---------------------------------------------------------------------------------------------

// Weekday closures from the exchange's holiday notices (Eid breaks as the federal government
// declared them; Jumu'atul-Wida, the last Friday of Ramadan, closes the exchange since 2021).
const PSX_ANNOUNCED = {
  2018: '02-05 03-23 05-01 06-15 06-18 07-25 08-14 08-22 08-23 08-24 09-20 09-21 11-21 12-25',
  2019: '02-05 05-01 06-04 06-05 06-06 06-07 08-12 08-13 08-14 08-15 09-09 09-10 12-25',
  2020: '02-05 03-23 05-01 05-25 05-26 05-27 07-31 08-14 10-30 12-25',
  2021: '02-05 03-23 05-07 05-10 05-11 05-12 05-13 05-14 07-20 07-21 07-22 08-18 08-19 10-19',
  2022: '03-23 04-29 05-02 05-03 05-04 05-05 07-08 07-11 07-12 08-08 08-09 11-09',
  2023: '03-23 04-14 04-21 04-24 04-25 05-01 06-28 06-29 06-30 07-28 08-14 09-29 11-09 12-25',
  2024: '02-05 02-08 04-05 04-10 04-11 04-12 05-01 05-28 06-17 06-18 06-19 07-16 07-17 08-14 09-17 12-25',
  2025: '02-05 03-28 03-31 04-01 04-02 05-01 05-28 06-06 06-09 08-14 12-25',
  2026: '02-05 03-20 03-23 05-01 05-27 05-28 05-29 06-24 06-25 08-14 08-25 11-09 12-25',
};
const PSX_NAMES = {
  '02-05': 'Kashmir Solidarity Day',
  '03-23': 'Pakistan Day',
  '05-01': 'Labour Day',
  '05-28': 'Youm-e-Takbeer',
  '08-14': 'Independence Day',
  '11-09': 'Allama Iqbal Day',
  '12-25': 'Quaid-e-Azam Day / Christmas',
};
const PSX_ONE_OFF = {
  '2002-10-10': 'General Election',
  '2007-12-28': 'Mourning for Benazir Bhutto',
  '2007-12-31': 'Mourning for Benazir Bhutto',
  '2008-02-18': 'General Election',
  '2018-07-25': 'General Election',
  '2024-02-08': 'General Election',
};
const PSX_LAG = 1; // Pakistan's moon sighting usually follows Umm al-Qura by a day
// First day of Ramadan and Eid al-Fitr in Pakistan (Ruet-e-Hilal Committee), for Ramadan hours.
const PSX_RAMADAN = {
  2018: ['2018-05-17', '2018-06-16'],
  2019: ['2019-05-07', '2019-06-05'],
  2020: ['2020-04-25', '2020-05-25'],
  2021: ['2021-04-14', '2021-05-13'],
  2022: ['2022-04-03', '2022-05-03'],
  2023: ['2023-03-24', '2023-04-22'],
  2024: ['2024-03-12', '2024-04-10'],
  2025: ['2025-03-02', '2025-03-31'],
  2026: ['2026-02-19', '2026-03-21'],
};

/** Festival names of the Islamic closures of a year, by date (Pakistan's sighting). */
function psxIslamic(year) {
  const out = new Map();
  const add = (dates, name) => {
    for (const d of dates) if (!out.has(d)) out.set(d, name);
  };
  for (const d of hijri(year, 10, 1, PSX_LAG)) add([d, addDays(d, 1), addDays(d, 2)], 'Eid-ul-Fitr');
  for (const d of hijri(year, 12, 10, PSX_LAG)) add([d, addDays(d, 1), addDays(d, 2)], 'Eid-ul-Azha');
  for (const d of hijri(year, 1, 9, PSX_LAG)) add([d, addDays(d, 1)], 'Ashura');
  add(hijri(year, 3, 12, PSX_LAG), 'Eid Milad-un-Nabi');
  return out;
}

/** Weekday closures of the PSX in a year as {date, name, memo}. */
export function psxClosures(year) {
  const islamic = new Map();
  for (const y of [year - 1, year]) for (const [d, n] of psxIslamic(y)) islamic.set(d, n);
  // Eid breaks that spill over from a festival late in the previous year.
  const announced = PSX_ANNOUNCED[year];
  if (announced) {
    const near = (d) =>
      islamic.get(d) ?? islamic.get(addDays(d, 1)) ?? islamic.get(addDays(d, -1)) ?? islamic.get(addDays(d, 2));
    return spec(year, announced)
      .sort()
      .map((date) => ({
        date,
        name: PSX_ONE_OFF[date] ?? PSX_NAMES[date.slice(5)] ?? near(date) ?? "Jumu'atul-Wida",
        memo: 'Announced by the exchange',
      }));
  }
  const out = new Map();
  const fixed = [
    ['02-05', 'Kashmir Solidarity Day'],
    ['03-23', 'Pakistan Day'],
    ['05-01', 'Labour Day'],
    ['08-14', 'Independence Day'],
    ['12-25', 'Quaid-e-Azam Day / Christmas'],
  ];
  if (year < 2015 || year >= 2022) fixed.push(['11-09', 'Allama Iqbal Day']);
  if (year >= 2024) fixed.push(['05-28', 'Youm-e-Takbeer']);
  for (const [md, name] of fixed) out.set(`${year}-${md}`, { name, memo: '' });
  for (const [d, name] of Object.entries(PSX_ONE_OFF)) if (d.startsWith(`${year}-`)) out.set(d, { name, memo: '' });
  for (const [d, name] of psxIslamic(year)) if (!out.has(d)) out.set(d, { name, memo: LUNAR_MEMO });
  if (year >= 2021) {
    // Jumu'atul-Wida: the last Friday before Eid al-Fitr.
    for (const eid of hijri(year, 10, 1, PSX_LAG)) {
      let d = addDays(eid, -1);
      while (weekday(d) !== 5) d = addDays(d, -1);
      if (!out.has(d)) out.set(d, { name: "Jumu'atul-Wida", memo: LUNAR_MEMO });
    }
  }
  return [...out]
    .filter(([d]) => d.startsWith(`${year}-`) && !isWeekend(d))
    .map(([date, v]) => ({ date, ...v }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Ramadan weekdays of a year with the hours era they fall in (2018 onwards). */
function psxRamadanDays(year) {
  const known = PSX_RAMADAN[year];
  const [first, eid] = known ?? [hijri(year, 9, 1, PSX_LAG)[0], hijri(year, 10, 1, PSX_LAG)[0]];
  if (!first || !eid) return [];
  const out = [];
  for (let d = first; d < eid; d = addDays(d, 1)) if (!isWeekend(d)) out.push(d);
  return out;
}

export function psx() {
  const id = 'PK.PSX';
  const TZ = 'Asia/Karachi';
  const s = scheduleFor(id, TZ, {
    Regular: 'Ready market: pre-open, order matching, continuous trading; Friday split by the prayer break',
    Ramadan: 'Designated time schedule of the month of Ramadan (one session, earlier close)',
  });
  // Monday to Thursday: pre-open 09:15-09:30, matching and confirmation to 09:32, market open
  // to 15:30. Friday: pre-open 09:00-09:15, open 09:17-12:00, Jumu'ah prayer break, second
  // pre-open 14:15-14:30, open 14:32-16:30.
  s.row('Regular', 'Pre-Open', 'Pre-Open Session', 'Mon-Thu', '09:15', '09:30', {
    memo: 'Orders entered, not matched',
  });
  s.row('Regular', 'Call Auction', 'Order Matching and Confirmation', 'Mon-Thu', '09:30', '09:32');
  s.row('Regular', 'Primary Trading Session', 'Normal Market', 'Mon-Thu', '09:32', '15:30');
  s.row('Regular', 'Post-Trading Session', 'Post-Close Session', 'Mon-Thu', '16:00', '16:15');
  s.row('Regular', 'Pre-Open', 'Pre-Open Session', 'Fri', '09:00', '09:15');
  s.row('Regular', 'Call Auction', 'Order Matching and Confirmation', 'Fri', '09:15', '09:17');
  s.row('Regular', 'Primary Trading Session', 'First Session', 'Fri', '09:17', '12:00');
  s.row('Regular', 'Intermission', "Jumu'ah Prayer Break", 'Fri', '12:00', '14:15');
  s.row('Regular', 'Pre-Open', 'Second Pre-Open Session', 'Fri', '14:15', '14:30');
  s.row('Regular', 'Call Auction', 'Order Matching and Confirmation', 'Fri', '14:30', '14:32');
  s.row('Regular', 'Primary Trading Session', 'Second Session', 'Fri', '14:32', '16:30');
  s.row('Regular', 'Post-Trading Session', 'Post-Close Session', 'Fri', '17:00', '17:15');
  // Ramadan: 10:00 pre-open and a 14:00 (Friday 13:00) close; from 29 April 2021, with banking
  // hours cut for COVID-19, a 09:00 pre-open and a 12:30 (Friday 11:30) close for the rest of
  // that Ramadan; from 18 April 2022, after the SBP moved bank hours earlier, a 09:00 pre-open
  // and a 13:30 (Friday 12:30) close, repeated in 2023 and 2024.
  const eras = [
    [{ until: '2021-04-28' }, ['10:00', '10:15', '10:17'], '14:00', '13:00'],
    [{ from: '2021-04-29', until: '2021-12-31' }, ['09:00', '09:15', '09:17'], '12:30', '11:30'],
    [{ from: '2022-01-01', until: '2022-04-17' }, ['10:00', '10:15', '10:17'], '14:00', '13:00'],
    [{ from: '2022-04-18' }, ['09:00', '09:15', '09:17'], '13:30', '12:30'],
  ];
  for (const [o, [pre, match, open], close, friClose] of eras) {
    s.row('Ramadan', 'Pre-Open', 'Pre-Open Session', 'Mon-Fri', pre, match, o);
    s.row('Ramadan', 'Call Auction', 'Order Matching and Confirmation', 'Mon-Fri', match, open, o);
    s.row('Ramadan', 'Primary Trading Session', 'Normal Market', 'Mon-Thu', open, close, o);
    s.row('Ramadan', 'Primary Trading Session', 'Normal Market', 'Fri', open, friClose, o);
  }
  const h = holidaysFor(id);
  for (const y of years()) for (const c of psxClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  for (const y of years(2018)) {
    for (const d of psxRamadanDays(y))
      h.open(d, 'Ramadan', 'Ramadan', {
        memo: PSX_RAMADAN[y] ? 'Ramadan hours' : `Ramadan hours; ${LUNAR_MEMO}`,
        ifFree: true,
      });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Pakistan Stock Exchange',
        'Market Name': 'Ready Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XKAR',
        Acronym: 'PSX',
        'Asset Type': 'Equities',
        Memo:
          'Karachi Stock Exchange until January 2016. Current Monday-Thursday and Friday hours applied to all ' +
          'years; Ramadan hours from 2018 only; Islamic holidays announced 2018-2026, otherwise Umm al-Qura ' +
          'plus one day; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XKAR', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          { title: 'PSX: Holidays 2026 notice', url: 'https://www.psx.com.pk/psx/exchange/general/calendar-holidays' },
          {
            title: 'PSX: Trading hours (designated time schedule)',
            url: 'https://www.psx.com.pk/psx/exchange/general/trading-hours',
          },
          {
            title: 'ProPakistani: PSX closed on Juma-tul-Wida, 14 April 2023',
            url: 'https://propakistani.pk/2023/04/10/pakistan-stock-exchange-to-remain-closed-on-friday/',
          },
          {
            title: 'PSX notices: Ramadan designated time schedules 2021-2024',
            url: 'https://www.psx.com.pk/psx/resources-and-tools/notices',
          },
          {
            title: 'Cabinet Division, Government of Pakistan: public holiday notifications',
            url: 'https://cabinet.gov.pk/',
          },
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Indonesia Stock Exchange.
// ---------------------------------------------------------------------------------------------

// Libur bursa: every weekday the exchange's calendar closes (national holidays, cuti bersama,
// election days and the year-end holiday of 31 December), as announced and revised. The regional
// elections of 27 June 2018 were a national holiday, but the exchange traded (Bank Indonesia ran
// clearing), as its year-end list of 2018 holidays shows.
const IDX_ANNOUNCED = {
  2015: '01-01 02-19 04-03 05-01 05-14 06-02 07-16 07-17 07-20 07-21 08-17 09-24 10-14 12-09 12-24 12-25 12-31',
  2016: '01-01 02-08 03-09 03-25 05-05 05-06 07-04 07-05 07-06 07-07 07-08 08-17 09-12 12-12 12-26',
  2017:
    '01-02 02-15 03-28 04-14 04-19 04-24 05-01 05-11 05-25 06-01 06-23 06-26 06-27 06-28 06-29 06-30 08-17 ' +
    '09-01 09-21 12-01 12-25 12-26',
  2018:
    '01-01 02-16 03-30 05-01 05-10 05-29 06-01 06-13 06-14 06-15 06-18 06-19 08-17 ' +
    '08-22 09-11 11-20 12-24 12-25 12-31',
  2019: '01-01 02-05 03-07 04-03 04-17 04-19 05-01 05-30 06-03 06-04 06-05 06-06 06-07 08-12 12-24 12-25 12-31',
  2020: '01-01 03-25 04-10 05-01 05-07 05-21 05-22 05-25 07-31 08-17 08-20 08-21 10-28 10-29 10-30 12-09 12-24 12-25 12-31',
  2021: '01-01 02-12 03-11 04-02 05-12 05-13 05-14 05-26 06-01 07-20 08-11 08-17 10-20 12-31',
  2022: '02-01 02-28 03-03 04-15 04-29 05-02 05-03 05-04 05-05 05-06 05-16 05-26 06-01 08-17 12-26',
  2023:
    '01-23 03-22 03-23 04-07 04-19 04-20 04-21 04-24 04-25 05-01 05-18 06-01 06-02 06-28 06-29 06-30 07-19 08-17 ' +
    '09-28 12-25 12-26',
  2024:
    '01-01 02-08 02-09 02-14 03-11 03-12 03-29 04-08 04-09 04-10 04-11 04-12 04-15 05-01 05-09 05-10 05-23 05-24 ' +
    '06-17 06-18 09-16 11-27 12-25 12-26 12-31',
  2025:
    '01-01 01-27 01-28 01-29 03-28 03-31 04-01 04-02 04-03 04-04 04-07 04-18 05-01 05-12 05-13 05-29 05-30 06-06 ' +
    '06-09 06-27 08-18 09-05 12-25 12-26 12-31',
  2026:
    '01-01 01-16 02-16 02-17 03-18 03-19 03-20 03-23 03-24 04-03 05-01 05-14 05-15 05-27 05-28 06-01 06-16 08-17 ' +
    '08-25 12-24 12-25 12-31',
};
// Nyepi (Balinese Saka new year), from the government's yearly decrees.
const NYEPI = {
  2000: '04-04',
  2001: '03-25',
  2002: '04-13',
  2003: '04-02',
  2004: '03-22',
  2005: '03-11',
  2006: '03-30',
  2007: '03-19',
  2008: '03-07',
  2009: '03-26',
  2010: '03-16',
  2011: '03-05',
  2012: '03-23',
  2013: '03-12',
  2014: '03-31',
  2015: '03-21',
  2016: '03-09',
  2017: '03-28',
  2018: '03-17',
  2019: '03-07',
  2020: '03-25',
  2021: '03-14',
  2022: '03-03',
  2023: '03-22',
  2024: '03-11',
  2025: '03-29',
  2026: '03-19',
  2027: '03-08',
  2028: '03-26',
  2029: '03-15',
  2030: '03-05',
};

// National polling days of the years without an announced calendar in the sample.
const IDX_ELECTIONS = [
  ['2004-04-05', 'Legislative Election'],
  ['2004-07-05', 'Presidential Election'],
  ['2004-09-20', 'Presidential Election (Second Round)'],
  ['2009-04-09', 'Legislative Election'],
  ['2009-07-08', 'Presidential Election'],
  ['2014-04-09', 'Legislative Election'],
  ['2014-07-09', 'Presidential Election'],
];

/** Indonesian holidays of a year by rule (before cuti bersama), as Map date → name. */
function indonesianRuleHolidays(year) {
  const out = new Map();
  const add = (d, name) => {
    if (d.startsWith(`${year}-`) && !out.has(d)) out.set(d, name);
  };
  const e = easterSunday(year);
  add(ymd(year, 1, 1), "New Year's Day");
  if (year >= 2003) add(`${year}-${SPRING_FESTIVAL[year]}`, 'Chinese New Year');
  if (NYEPI[year]) add(`${year}-${NYEPI[year]}`, 'Nyepi');
  add(addDays(e, -2), 'Good Friday');
  if (year >= 2014) add(ymd(year, 5, 1), 'Labour Day');
  add(addDays(e, 39), 'Ascension of Jesus Christ');
  add(lunarDate(`${year}-${SPRING_FESTIVAL[year]}`, 4, 15), 'Vesak');
  if (year >= 2017) add(ymd(year, 6, 1), 'Pancasila Day');
  add(ymd(year, 8, 17), 'Independence Day');
  for (const d of hijri(year, 7, 27)) add(d, "Isra Mi'raj");
  for (const d of hijri(year, 10, 1)) {
    // Idul Fitri (two days) with the usual cuti bersama around it.
    for (let i = -2; i <= 4; i++) add(addDays(d, i), i === 0 || i === 1 ? 'Idul Fitri' : 'Cuti Bersama Idul Fitri');
  }
  for (const d of hijri(year, 12, 10)) add(d, 'Idul Adha');
  for (const d of hijri(year, 1, 1)) add(d, 'Islamic New Year');
  for (const d of hijri(year, 3, 12)) add(d, "Prophet Muhammad's Birthday");
  add(ymd(year, 12, 25), 'Christmas Day');
  add(ymd(year, 12, 24), 'Cuti Bersama Christmas');
  add(ymd(year, 12, 31), 'Year-End Exchange Holiday');
  for (const [d, name] of IDX_ELECTIONS) add(d, name);
  return out;
}

/** Weekday closures of the IDX in a year as {date, name, memo}. */
export function idxClosures(year) {
  const rule = indonesianRuleHolidays(year);
  const announced = IDX_ANNOUNCED[year];
  if (announced) {
    const ONE_OFF = {
      '2015-12-09': 'Regional Elections',
      '2017-02-15': 'Regional Elections',
      '2017-04-19': 'Jakarta Gubernatorial Election',
      '2019-04-17': 'General Election',
      '2020-12-09': 'Regional Elections',
      '2024-02-14': 'General Election',
      '2024-11-27': 'Regional Elections',
    };
    return spec(year, announced).map((date) => ({
      date,
      name: ONE_OFF[date] ?? rule.get(date) ?? 'Cuti Bersama',
      memo: 'Exchange holiday calendar (libur bursa)',
    }));
  }
  return [...rule]
    .filter(([d]) => !isWeekend(d))
    .map(([date, name]) => ({
      date,
      name,
      memo: /Idul|Isra|Islamic|Prophet/.test(name) ? LUNAR_MEMO : 'By rule; not announced',
    }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function idx() {
  const id = 'ID.IDX';
  const TZ = 'Asia/Jakarta';
  const s = scheduleFor(id, TZ, {
    Regular: 'Regular market: pre-opening, session I, lunch break (longer on Fridays), session II, pre-closing',
  });
  // Until 2012: sessions 09:30-12:00 and 13:30-16:00 (Friday 09:30-11:30 and 14:00-16:00).
  // From 2 January 2013: open at 09:00, continuous trading to 15:49:59 and the pre-closing call
  // auction 15:50-16:00, which sets the close (modelled as a Pre-Close inside session II).
  // Pandemic hours from 30 March 2020 to 31 March 2023: 09:00-11:30 and 13:30-15:00 every day.
  const OPEN_0900 = '2013-01-02';
  const COVID = '2020-03-30';
  const NORMAL = '2023-04-03';
  const eras = [
    [
      { until: addDays(OPEN_0900, -1) },
      ['09:25', '09:30'],
      ['09:30', '12:00', '13:30', '16:00'],
      ['09:30', '11:30', '14:00', '16:00'],
      null,
    ],
    [
      { from: OPEN_0900, until: addDays(COVID, -1) },
      ['08:45', '09:00'],
      ['09:00', '12:00', '13:30', '16:00'],
      ['09:00', '11:30', '14:00', '16:00'],
      '15:50',
    ],
    [
      { from: COVID, until: addDays(NORMAL, -1) },
      ['08:45', '09:00'],
      ['09:00', '11:30', '13:30', '15:00'],
      ['09:00', '11:30', '13:30', '15:00'],
      '14:50',
    ],
    [
      { from: NORMAL },
      ['08:45', '09:00'],
      ['09:00', '12:00', '13:30', '16:00'],
      ['09:00', '11:30', '14:00', '16:00'],
      '15:50',
    ],
  ];
  for (const [o, pre, monThu, fri, preClose] of eras) {
    s.row('Regular', 'Pre-Open', 'Pre-Opening', 'Mon-Fri', pre[0], pre[1], { ...o, memo: 'Call auction for the open' });
    for (const [days, [a, b, c, d]] of [
      ['Mon-Thu', monThu],
      ['Fri', fri],
    ]) {
      s.row('Regular', 'Primary Trading Session', 'Session I', days, a, b, o);
      s.row('Regular', 'Intermission', 'Lunch Break', days, b, c, o);
      s.row('Regular', 'Primary Trading Session', 'Session II', days, c, d, o);
      if (preClose) {
        s.row('Regular', 'Pre-Close', 'Pre-Closing', days, preClose, d, {
          ...o,
          memo: 'Call auction that sets the closing price',
        });
        const post = d === '16:00' ? ['16:01', '16:15'] : ['15:01', '15:15'];
        s.row('Regular', 'Trading-at-Last', 'Post-Trading', days, post[0], post[1], {
          ...o,
          memo: 'Trades at the closing price',
        });
      }
    }
  }
  const h = holidaysFor(id);
  for (const y of years()) for (const c of idxClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Indonesia Stock Exchange',
        'Market Name': 'Regular Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XIDX',
        Acronym: 'IDX',
        'Asset Type': 'Equities',
        Memo:
          'Holiday calendars (libur bursa) as announced 2015-2026; other years by rule: national holidays, ' +
          'Idul Fitri with an estimated cuti bersama, Christmas Eve and 31 December; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XIDX', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'IDX: Kalender Libur Bursa 2026 (Peng-00171/BEI.POP/09-2025)',
            url: 'https://www.idx.co.id/en/about-idx/trading-holiday',
          },
          {
            title: 'IDX: Kalender Libur Bursa 2025 (Peng-00213/BEI.POP/10-2024) and its revision of August 2025',
            url: 'https://www.idx.co.id/en/about-idx/trading-holiday',
          },
          {
            title: 'Liputan6: IDX open on the regional elections holiday of 27 June 2018',
            url: 'https://m.liputan6.com/bisnis/read/3568446/libur-pilkada-serentak-27-juni-2018-bei-tetap-buka-perdagangan-saham',
          },
          {
            title: 'Okezone: IDX holiday list of 2018 (from the IDX site, 26 December 2018)',
            url: 'https://economy.okezone.com/amp/2018/12/26/278/1996184/tahun-baru-pasar-saham-tutup-jumat-28-desember-2018-hingga-1-januari-2019?page=all',
          },
          {
            title: 'IDX: normalisation of trading hours from 3 April 2023',
            url: 'https://www.idx.co.id/en/news/press-release',
          },
          {
            title: 'IDX: trading hours during the pandemic (Kep-00031/BEI/03-2020)',
            url: 'https://www.idx.co.id/en/news/announcement',
          },
          {
            title: 'SKB Tiga Menteri: Hari Libur Nasional dan Cuti Bersama (yearly joint decrees)',
            url: 'https://www.menpan.go.id/',
          },
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Bursa Malaysia, securities (equities).
// ---------------------------------------------------------------------------------------------

// Gazetted dates (Federal Territory of Kuala Lumpur) of the moving holidays, 2014-2026 (two
// dates where a Hijri festival falls twice in one Gregorian year).
const MY_GAZETTED = {
  'Hari Raya Puasa': {
    2014: '07-28',
    2015: '07-17',
    2016: '07-06',
    2017: '06-25',
    2018: '06-15',
    2019: '06-05',
    2020: '05-24',
    2021: '05-13',
    2022: '05-02',
    2023: '04-22',
    2024: '04-10',
    2025: '03-31',
    2026: '03-21',
  },
  'Hari Raya Haji': {
    2014: '10-05',
    2015: '09-24',
    2016: '09-12',
    2017: '09-01',
    2018: '08-22',
    2019: '08-11',
    2020: '07-31',
    2021: '07-20',
    2022: '07-10',
    2023: '06-29',
    2024: '06-17',
    2025: '06-07',
    2026: '05-27',
  },
  'Awal Muharram': {
    2014: '10-25',
    2015: '10-14',
    2016: '10-02',
    2017: '09-22',
    2018: '09-11',
    2019: '09-01',
    2020: '08-20',
    2021: '08-10',
    2022: '07-30',
    2023: '07-19',
    2024: '07-07',
    2025: '06-27',
    2026: '06-16',
  },
  'Prophet Muhammad’s Birthday': {
    2014: '01-14',
    2015: '01-03 12-24',
    2016: '12-12',
    2017: '12-01',
    2018: '11-20',
    2019: '11-09',
    2020: '10-29',
    2021: '10-19',
    2022: '10-08',
    2023: '09-28',
    2024: '09-16',
    2025: '09-05',
    2026: '08-25',
  },
  'Nuzul Al-Quran': {
    2015: '07-04',
    2016: '06-22',
    2017: '06-12',
    2018: '06-02',
    2019: '05-22',
    2020: '05-10',
    2021: '04-29',
    2022: '04-19',
    2023: '04-08',
    2024: '03-28',
    2025: '03-18',
    2026: '03-07',
  },
  Thaipusam: {
    2008: '01-23',
    2009: '02-08',
    2010: '01-30',
    2011: '01-20',
    2012: '02-07',
    2013: '01-28',
    2014: '01-17',
    2015: '02-03',
    2016: '01-24',
    2017: '02-09',
    2018: '01-31',
    2019: '01-21',
    2020: '02-08',
    2021: '01-28',
    2022: '01-18',
    2023: '02-05',
    2024: '01-25',
    2025: '02-11',
    2026: '02-01',
    2027: '01-22',
  },
  'Wesak Day': {
    2014: '05-13',
    2015: '05-03',
    2016: '05-21',
    2017: '05-10',
    2018: '05-29',
    2019: '05-19',
    2020: '05-07',
    2021: '05-26',
    2022: '05-15',
    2023: '05-04',
    2024: '05-22',
    2025: '05-12',
    2026: '05-31',
  },
};
// Deepavali follows the Hindu calendar (no ICU calendar): gazetted dates.
const DEEPAVALI = {
  2000: '10-26',
  2001: '11-14',
  2002: '11-03',
  2003: '10-24',
  2004: '11-11',
  2005: '11-01',
  2006: '10-21',
  2007: '11-08',
  2008: '10-27',
  2009: '10-17',
  2010: '11-05',
  2011: '10-26',
  2012: '11-13',
  2013: '11-02',
  2014: '10-22',
  2015: '11-10',
  2016: '10-29',
  2017: '10-18',
  2018: '11-06',
  2019: '10-27',
  2020: '11-14',
  2021: '11-04',
  2022: '10-24',
  2023: '11-12',
  2024: '10-31',
  2025: '10-20',
  2026: '11-08',
  2027: '10-28',
  2028: '10-17',
  2029: '11-05',
  2030: '10-26',
};
// Special public holidays the exchange closed on (elections, royal installations, the PM's
// declarations); Bursa may stay open on "surprise holidays" since 10 January 2023.
const MY_SPECIAL = [
  ['2007-04-26', 'Installation of the Yang di-Pertuan Agong'],
  ['2012-04-11', 'Installation of the Yang di-Pertuan Agong'],
  ['2013-05-06', 'Special Holiday after the General Election'],
  ['2017-04-24', 'Installation of the Yang di-Pertuan Agong'],
  ['2017-09-04', 'Special Holiday (SEA Games)'],
  ['2018-05-09', 'General Election'],
  ['2018-05-10', 'Special Holiday after the General Election'],
  ['2018-05-11', 'Special Holiday after the General Election'],
  ['2019-07-30', 'Installation of the Yang di-Pertuan Agong'],
  ['2022-11-18', 'General Election Holiday'],
  ['2022-11-28', 'Special Holiday'],
  ['2023-04-21', 'Hari Raya Puasa Special Holiday'],
  ['2025-09-15', 'Special Holiday (Malaysia Day)'],
];

// Closures of the exchange alone (the banks and Bank Negara's markets stayed open).
const BURSA_ONLY = [
  [
    '2021-12-03',
    'Federal Territories Holiday (Malaysia Cup)',
    'Declared by the Federal Territories Minister after KL City won the Malaysia Cup; Bursa closed, banks open',
  ],
];

/** The King's (Agong's) official birthday of a year. */
function agongBirthday(year) {
  // 2020: moved from 6 June to Monday 8 June (Bursa closed that day); the first Monday of June since.
  if (year === 2020) return '2020-06-08';
  if (year >= 2021) {
    let d = ymd(year, 6, 1);
    while (weekday(d) !== 1) d = addDays(d, 1);
    return d;
  }
  if (year >= 2017) return ymd(year, 9, 9);
  let d = ymd(year, 6, 1);
  while (weekday(d) !== 6) d = addDays(d, 1);
  return d;
}

// Malaysia's declared dates matched Umm al-Qura in most years until the MABIMS visibility
// criteria changed in 2022; since then they mostly fall a day later.
const myLag = (year) => (year >= 2022 ? 1 : 0);

function gazetted(year, name, fallback) {
  const md = MY_GAZETTED[name]?.[year];
  if (md) return { dates: md.split(' ').map((x) => `${year}-${x}`), memo: '' };
  return { dates: fallback(), memo: LUNAR_MEMO };
}

/** Kuala Lumpur public holidays of a year (before Sunday substitution) as {date, name, memo}. */
function klNamed(year) {
  const sf = `${year}-${SPRING_FESTIVAL[year]}`;
  const out = [];
  const push = (date, name, memo = '') => out.push({ date, name, memo });
  push(ymd(year, 1, 1), "New Year's Day");
  push(ymd(year, 2, 1), 'Federal Territory Day');
  push(sf, 'Chinese New Year');
  push(addDays(sf, 1), 'Chinese New Year (Second Day)');
  push(ymd(year, 5, 1), 'Labour Day');
  push(agongBirthday(year), "Agong's Birthday");
  push(ymd(year, 8, 31), 'National Day');
  if (year >= 2010) push(ymd(year, 9, 16), 'Malaysia Day');
  push(ymd(year, 12, 25), 'Christmas Day');
  if (DEEPAVALI[year]) push(`${year}-${DEEPAVALI[year]}`, 'Deepavali');
  const wesak = gazetted(year, 'Wesak Day', () => {
    // The full moon of the fourth lunar month, or of the third where the fourth falls in June.
    const d = lunarDate(sf, 4, 15);
    return [d.slice(5, 7) === '06' ? lunarDate(sf, 3, 15) : d];
  });
  for (const d of wesak.dates) push(d, 'Wesak Day', wesak.memo ? 'Lunar 4/15; not announced' : '');
  const thaipusam = MY_GAZETTED.Thaipusam[year];
  if (thaipusam) push(`${year}-${thaipusam}`, 'Thaipusam');
  for (const [name, [m, d, n]] of [
    ['Hari Raya Puasa', [10, 1, 2]],
    ['Hari Raya Haji', [12, 10, 1]],
    ['Awal Muharram', [1, 1, 1]],
    ['Prophet Muhammad’s Birthday', [3, 12, 1]],
    ['Nuzul Al-Quran', [9, 17, 1]],
  ]) {
    const g = gazetted(year, name, () => hijri(year, m, d, myLag(year)));
    for (const first of g.dates)
      for (let i = 0; i < n; i++) push(addDays(first, i), i ? `${name} (Second Day)` : name, g.memo);
  }
  for (const [d, name] of MY_SPECIAL) if (d.startsWith(`${year}-`)) push(d, name);
  return out;
}

/** Bursa Malaysia's weekday closures of a year as {date, name, observed, memo}. */
export function bursaClosures(year) {
  const named = [...(year > 2000 ? klNamed(year - 1) : []), ...klNamed(year)].sort((a, b) =>
    a.date < b.date ? -1 : 1,
  );
  const taken = new Set(named.map((h) => h.date));
  const replaced = new Set();
  const out = [];
  for (const h of named) {
    out.push({ ...h, observed: false });
    // Two holidays on one Sunday give one replacement day.
    if (weekday(h.date) === 0 && !replaced.has(h.date)) {
      replaced.add(h.date);
      // A Sunday holiday gives the next day that is not already a holiday.
      let d = addDays(h.date, 1);
      while (taken.has(d) || weekday(d) === 6 || weekday(d) === 0) d = addDays(d, 1);
      taken.add(d);
      out.push({ date: d, name: `${h.name} (Replacement)`, observed: true, memo: h.memo });
    }
  }
  const seen = new Set();
  return out
    .filter((h) => h.date.startsWith(`${year}-`) && !isWeekend(h.date))
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .filter((h) => (seen.has(h.date) ? false : seen.add(h.date)));
}

/**
 * Eves of Chinese New Year and Hari Raya Puasa with half-day trading (morning session only),
 * until Bursa reinstated full-day trading on these eves from Chinese New Year 2024.
 */
function bursaHalfDays(year) {
  if (year >= 2024) return [];
  const sf = `${year}-${SPRING_FESTIVAL[year]}`;
  const raya = gazetted(year, 'Hari Raya Puasa', () => hijri(year, 10, 1, myLag(year))).dates;
  return [
    [addDays(sf, -1), 'Chinese New Year Eve'],
    ...raya.map((d) => [addDays(d, -1), 'Hari Raya Puasa Eve']),
  ].filter(([d]) => d.startsWith(`${year}-`) && !isWeekend(d));
}

export function bursa() {
  const id = 'MY.BURSA';
  const TZ = 'Asia/Kuala_Lumpur';
  const s = scheduleFor(id, TZ, {
    Regular: 'Main and ACE markets: pre-opening, morning session, lunch break, afternoon session, closing auction',
    Partial: 'Half-day trading on the eves of Chinese New Year and Hari Raya Puasa (morning session only) until 2023',
  });
  // Bursa Trade Securities (1 December 2008) brought the pre-opening and closing auctions: the
  // morning session then ended with a pre-close 12:15-12:20 and trading at last to 12:30, until
  // day orders replaced session orders on 18 April 2011 (the morning now ends at 12:30). The
  // afternoon's pre-closing 16:45-16:50 sets the closing price and trading at last follows until
  // 17:00. Bursa's trading hours end at 5.00 pm (its session table: 2.30 pm - 5.00 pm), so both
  // are phases inside the session, as for SIX (the market's close is 17:00).
  const BTS = '2008-12-01';
  const DAY_ORDER = '2011-04-18';
  const old = { until: addDays(BTS, -1) };
  const bts = { from: BTS, until: addDays(DAY_ORDER, -1) };
  const now = { from: DAY_ORDER };
  for (const g of ['Regular', 'Partial']) {
    s.row(g, 'Primary Trading Session', 'Morning Session', 'Mon-Fri', '09:00', '12:30', old);
    s.row(g, 'Pre-Open', 'Pre-Opening', 'Mon-Fri', '08:30', '09:00', { from: BTS, memo: 'Opening auction at 09:00' });
    s.row(g, 'Primary Trading Session', 'Morning Session', 'Mon-Fri', '09:00', '12:30', bts);
    s.row(g, 'Pre-Close', 'Morning Pre-Closing', 'Mon-Fri', '12:15', '12:20', bts);
    s.row(g, 'Trading-at-Last', 'Morning Trading at Last', 'Mon-Fri', '12:20', '12:30', bts);
    s.row(g, 'Primary Trading Session', 'Morning Session', 'Mon-Fri', '09:00', '12:30', now);
  }
  s.row('Regular', 'Intermission', 'Lunch Break', 'Mon-Fri', '12:30', '14:30', old);
  s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', '14:30', '17:00', old);
  s.row('Regular', 'Intermission', 'Lunch Break', 'Mon-Fri', '12:30', '14:00', { from: BTS });
  s.row('Regular', 'Pre-Open', 'Afternoon Pre-Opening', 'Mon-Fri', '14:00', '14:30', { from: BTS });
  s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', '14:30', '17:00', { from: BTS });
  s.row('Regular', 'Pre-Close', 'Pre-Closing', 'Mon-Fri', '16:45', '16:50', {
    from: BTS,
    memo: 'Closing auction inside the session; the closing price is set at 16:50',
  });
  s.row('Regular', 'Trading-at-Last', 'Trading at Last', 'Mon-Fri', '16:50', '17:00', { from: BTS });
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const c of bursaClosures(y)) h.closed(c.date, c.name, { observed: c.observed, memo: c.memo });
    // Exchange-only closures: Federal Territories holidays on which Bank Negara and the banks
    // stayed open (so not in the ringgit's calendar).
    for (const [d, name, memo] of BURSA_ONLY) if (d.startsWith(`${y}-`)) h.closed(d, name, { memo });
    for (const [d, name] of bursaHalfDays(y))
      h.open(d, name, 'Partial', { memo: 'Half-day trading: no afternoon session', ifFree: true });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Bursa Malaysia',
        'Market Name': 'Securities Market (Equities)',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XKLS',
        Acronym: 'Bursa',
        'Asset Type': 'Equities',
        Memo:
          'Kuala Lumpur public holidays (a Sunday holiday moves to the next working day); moving holidays as ' +
          'gazetted 2018-2026, otherwise Umm al-Qura (a day later from 2022) and lunar 4/15 for Wesak; Thaipusam ' +
          'only where gazetted; half days on the eves of Chinese New Year and Hari Raya Puasa until 2023; ' +
          'the 16:45-16:50 closing auction and trading at last to 17:00 sit inside the session, which ends at ' +
          '17:00; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XKLS', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'Bursa Malaysia: Trading holidays',
            url: 'https://www.bursamalaysia.com/about_bursa/about_us/calendar',
          },
          {
            title: 'Bursa Malaysia: Trading sessions (securities)',
            url: 'https://www.bursamalaysia.com/trade/trading_resources/equities/trading_sessions',
          },
          {
            title: 'Bursa Malaysia media releases: closures for public holidays',
            url: 'https://www.bursamalaysia.com/bm/about_bursa/media_centre/media_releases',
          },
          {
            title: 'The Malaysian Reserve: Bursa Malaysia closed on 3 December 2021 (Federal Territories holiday)',
            url: 'https://themalaysianreserve.com/2021/12/02/bursa-malaysia-will-be-closed-tomorrow/',
          },
          {
            title: "Bursa Malaysia: closure on 8 June 2020 for the Yang di-Pertuan Agong's Birthday (Mondo Visione)",
            url: 'https://mondovisione.com/media-and-resources/news/closure-of-bursa-malaysia-in-conjunction-with-yang-di-pertuan-agongs-birthday-1-202061',
          },
          {
            title: 'Bursa Malaysia: day orders from 18 April 2011 (R/R No. 2 of 2011)',
            url: 'https://www.bursamalaysia.com/regulation/securities/rules_of_bursa_malaysia_securities',
          },
          { title: 'Holidays Act 1951 and the federal gazette of public holidays', url: 'https://www.kabinet.gov.my/' },
        ],
      },
    ],
  };
}

export const MARKETS = [bse, psx, idx, bursa];

// ---------------------------------------------------------------------------------------------
// Currencies: days the central bank's RTGS system is closed, approximated by the public
// holidays that close the exchanges (memos say so).
// ---------------------------------------------------------------------------------------------
const memoed = (memo, rows) =>
  rows.map((r) => ({ ...r, observed: r.observed ?? false, memo: r.memo ? `${r.memo}; ${memo}` : memo }));

export const CURRENCIES = [
  [
    'PKR',
    'Pakistani Rupee',
    'PK',
    'State Bank of Pakistan',
    'Karachi',
    'Asia/Karachi',
    (y) =>
      memoed('Approximated by the PSX closures and the 1 July bank holiday', [
        ...psxClosures(y),
        { date: ymd(y, 7, 1), name: 'Bank Holiday' },
      ]).sort((a, b) => (a.date < b.date ? -1 : 1)),
  ],
  [
    'IDR',
    'Indonesian Rupiah',
    'ID',
    'Bank Indonesia',
    'Jakarta',
    'Asia/Jakarta',
    (y) =>
      memoed(
        'Approximated by the IDX closures (national holidays and cuti bersama)',
        idxClosures(y).filter((c) => !c.date.endsWith('-12-31')),
      ),
  ],
  [
    'MYR',
    'Malaysian Ringgit',
    'MY',
    'Bank Negara Malaysia',
    'Kuala Lumpur',
    'Asia/Kuala_Lumpur',
    (y) => memoed('Approximated by the Bursa Malaysia closures (Kuala Lumpur holidays)', bursaClosures(y)),
  ],
];
