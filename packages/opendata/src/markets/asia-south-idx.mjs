// Indonesia Stock Exchange (Jakarta), part of the South and South-East Asia family (asia-south.mjs).
import { addDays, easterSunday, ymd, years } from '../lib/dates.mjs';
import { lunarDate } from '../lib/lunar.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { hijri, isWeekend, LUNAR_MEMO, spec } from './asia-south-lib.mjs';
import { SPRING_FESTIVAL } from './china.mjs';

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
