// Singapore Exchange securities market: Singapore public holidays (a Sunday holiday moves to
// the next working day), half-day trading on the eves of the Lunar New Year, Christmas and
// the New Year, polling days, and the lunch break SGX removed on 1 August 2011.
import { addDays, easterSunday, weekday, ymd, years } from '../lib/dates.mjs';
import { SPRING_FESTIVAL } from './china.mjs';
import { islamicDatesIn, nextFreeDay } from '../lib/intl-calendars.mjs';
import { lunarDate } from '../lib/lunar.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const TZ = 'Asia/Singapore';
const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;

// Gazetted dates where the Ministry of Manpower's list differs from the Umm al-Qura calendar
// (Singapore follows its own moon sighting, usually a day later).
const HARI_RAYA_PUASA = {
  2002: '2002-12-06',
  2006: '2006-10-24',
  2019: '2019-06-05',
  2022: '2022-05-03',
  2023: '2023-04-22',
  2025: '2025-03-31',
  2026: '2026-03-21',
};
const HARI_RAYA_HAJI = {
  2001: '2001-03-06',
  2002: '2002-02-23',
  2003: '2003-02-12',
  2010: '2010-11-17',
  2014: '2014-10-05',
  2015: '2015-09-24',
  2016: '2016-09-12',
  2018: '2018-08-22',
  2022: '2022-07-10',
  2023: '2023-06-29',
  2024: '2024-06-17',
  2025: '2025-06-07',
};
// Deepavali follows the Hindu calendar, which Intl does not carry: gazetted dates only.
const DEEPAVALI = {
  2000: '10-26',
  2001: '11-14',
  2002: '11-03',
  2003: '10-23',
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
};
const POLLING_DAYS = [
  ['2001-11-03', 'Polling Day'],
  ['2006-05-06', 'Polling Day'],
  ['2011-05-07', 'Polling Day'],
  ['2011-08-27', 'Polling Day'],
  ['2015-09-11', 'Polling Day'],
  ['2020-07-10', 'Polling Day'],
  ['2023-09-01', 'Polling Day'],
  ['2025-05-03', 'Polling Day'],
];
const ISLAMIC_MEMO = 'Umm al-Qura date where no gazetted date is in the sample';

/** Named public holidays of a year, before Sunday substitution. */
function namedHolidays(year) {
  const sf = `${year}-${SPRING_FESTIVAL[year]}`;
  const e = easterSunday(year);
  const named = [
    [ymd(year, 1, 1), "New Year's Day"],
    [sf, 'Chinese New Year'],
    [addDays(sf, 1), 'Chinese New Year'],
    [addDays(e, -2), 'Good Friday'],
    [ymd(year, 5, 1), 'Labour Day'],
    [lunarDate(sf, 4, 15), 'Vesak Day'],
    [ymd(year, 8, 9), 'National Day'],
    [ymd(year, 12, 25), 'Christmas Day'],
  ].map(([date, name]) => ({ date, name, memo: '' }));
  const puasa = HARI_RAYA_PUASA[year] ? [HARI_RAYA_PUASA[year]] : islamicDatesIn(year, 10, 1);
  for (const d of puasa)
    named.push({ date: d, name: 'Hari Raya Puasa', memo: HARI_RAYA_PUASA[year] ? '' : ISLAMIC_MEMO });
  const haji = HARI_RAYA_HAJI[year] ? [HARI_RAYA_HAJI[year]] : islamicDatesIn(year, 12, 10);
  for (const d of haji) named.push({ date: d, name: 'Hari Raya Haji', memo: HARI_RAYA_HAJI[year] ? '' : ISLAMIC_MEMO });
  if (DEEPAVALI[year]) named.push({ date: `${year}-${DEEPAVALI[year]}`, name: 'Deepavali', memo: '' });
  if (year === 2015)
    named.push({ date: '2015-08-07', name: 'SG50 Public Holiday', memo: "The nation's 50th anniversary" });
  for (const [d, name] of POLLING_DAYS) if (d.startsWith(`${year}-`)) named.push({ date: d, name, memo: '' });
  return named;
}

/** Public holidays of a year as {date, name, observed, memo}, weekends left out. */
export function singaporeHolidays(year) {
  // A Sunday holiday late in December can move into the new year (Hari Raya Haji 2006).
  const named = [...(year > 2000 ? namedHolidays(year - 1) : []), ...namedHolidays(year)];
  named.sort((a, b) => (a.date < b.date ? -1 : 1));
  const taken = new Set(named.map((h) => h.date));
  const out = [];
  for (const h of named) {
    out.push({ ...h, observed: false });
    // A Sunday holiday gives the next day that is not already a holiday.
    if (weekday(h.date) === 0) {
      const d = nextFreeDay(h.date, taken, [0]);
      taken.add(d);
      out.push({ date: d, name: h.name, observed: true, memo: h.memo });
    }
  }
  return out
    .filter((h) => !isWeekend(h.date) && h.date.startsWith(`${year}-`))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function sgx() {
  const id = 'SG.SGX';
  const s = scheduleFor(id, TZ, {
    Regular: 'Securities market: pre-open, continuous trading and the closing routine',
    Partial: 'Half-day trading on the eves of the Lunar New Year, Christmas and the New Year',
  });
  // The 12:30-14:00 lunch break ended on 1 August 2011 (all-day trading); SGX brought back a
  // mid-day break, 12:00-13:00, from 13 November 2017 (SGX, 18 July 2017).
  const ALL_DAY = '2011-08-01';
  const MID_DAY_BREAK = '2017-11-13';
  const o1 = { until: addDays(ALL_DAY, -1) };
  const o2 = { from: ALL_DAY };
  const allDay = { from: ALL_DAY, until: addDays(MID_DAY_BREAK, -1) };
  const o3 = { from: MID_DAY_BREAK };
  for (const g of ['Regular', 'Partial']) {
    s.row(g, 'Pre-Open', 'Pre-Open', 'Mon-Fri', '08:30', '09:00', { memo: 'Orders collected; the open is an auction' });
    s.row(g, 'Primary Trading Session', 'Morning Session', 'Mon-Fri', '09:00', '12:30', o1);
  }
  s.row('Regular', 'Intermission', 'Lunch Break', 'Mon-Fri', '12:30', '14:00', o1);
  s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', '14:00', '17:00', o1);
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '17:00', {
    ...allDay,
    memo: 'No lunch break from 2011-08-01 to 2017-11-10',
  });
  s.row('Regular', 'Primary Trading Session', 'Morning Session', 'Mon-Fri', '09:00', '12:00', o3);
  s.row('Regular', 'Intermission', 'Mid-Day Break', 'Mon-Fri', '12:00', '13:00', {
    ...o3,
    memo: 'A pre-open phase collects orders for the afternoon',
  });
  s.row('Regular', 'Primary Trading Session', 'Afternoon Session', 'Mon-Fri', '13:00', '17:00', o3);
  s.row('Regular', 'Pre-Close', 'Closing Routine', 'Mon-Fri', '17:00', '17:06', o2);
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '12:00', o2);
  s.row('Partial', 'Pre-Close', 'Closing Routine', 'Mon-Fri', '12:00', '12:06', o2);
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const c of singaporeHolidays(y))
      h.closed(c.date, c.name, { observed: c.observed, memo: c.memo, ifFree: true });
    const sf = `${y}-${SPRING_FESTIVAL[y]}`;
    for (const [d, name] of [
      [addDays(sf, -1), 'Chinese New Year'],
      [ymd(y, 12, 24), 'Christmas Day'],
      [ymd(y, 12, 31), "New Year's Day"],
    ]) {
      if (!isWeekend(d)) h.open(d, name, 'Partial', { memo: 'Half-day trading', ifFree: true });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Singapore Exchange',
        'Market Name': 'Securities Market',
        'Security Group': 'Stocks, ETFs, REITs',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XSES',
        Acronym: 'SGX',
        'Asset Type': 'Equities',
        Memo:
          'Hari Raya dates from the Umm al-Qura calendar where no gazetted date is listed; Deepavali only for ' +
          'gazetted years (to 2026); sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XSES', id]],
  };
}
