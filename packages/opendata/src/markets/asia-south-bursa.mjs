// Bursa Malaysia (Kuala Lumpur), part of the South and South-East Asia family (asia-south.mjs).
import { addDays, weekday, ymd, years } from '../lib/dates.mjs';
import { lunarDate } from '../lib/lunar.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { hijri, isWeekend, LUNAR_MEMO } from './asia-south-lib.mjs';
import { SPRING_FESTIVAL } from './china.mjs';

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
