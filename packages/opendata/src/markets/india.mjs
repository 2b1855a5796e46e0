// National Stock Exchange of India (capital market segment). NSE announces its trading holidays
// each year by circular (many fall on Hindu, Muslim, Sikh and Jain festivals that follow local
// almanacs), so closures are listed by year as announced; years not yet announced get only the
// fixed-date national holidays and Good Friday. The Diwali Muhurat session is an evening
// session on a day that is otherwise a holiday, modelled as its own schedule group per date.
import { addDays, easterSunday, weekday, WEEKDAYS, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const TZ = 'Asia/Kolkata';
const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;
const LAST_ANNOUNCED = 2026;

// Weekday closures from the exchange's holiday circulars.
const ANNOUNCED = {
  2000: '01-26 03-17 03-20 04-14 04-21 05-01 08-15 09-01 10-02 12-25',
  2001:
    '01-26 03-06 03-08 03-21 04-05 04-13 05-01 06-20 08-15 08-22 08-23 09-10 10-02 10-26 11-16 11-29 11-30 ' +
    '12-17 12-25',
  2002: '01-18 01-28 03-25 03-29 05-01 08-15 08-16 09-10 10-02 10-15 11-06 11-19 12-25',
  2003: '02-13 03-14 03-18 04-10 04-14 04-18 05-01 08-15 10-02 10-16 11-26 12-25',
  2004: '01-26 02-02 03-02 04-09 04-14 04-26 10-12 10-13 10-15 10-22 11-15 11-26',
  2005: '01-21 01-26 03-25 04-14 07-27 07-28 08-15 09-07 10-12 11-03 11-04 11-15',
  2006: '01-11 01-26 02-09 03-15 04-06 04-11 04-14 05-01 08-15 10-02 10-24 10-25 12-25',
  2007: '01-01 01-26 01-30 02-16 03-27 04-06 05-01 05-02 08-15 10-02 12-21 12-25',
  2008: '03-06 03-20 03-21 04-14 04-18 05-01 05-19 08-15 09-03 10-02 10-09 10-30 11-13 11-27 12-09 12-25',
  2009:
    '01-08 01-26 02-23 03-10 03-11 04-03 04-07 04-10 04-14 04-30 05-01 09-21 09-28 10-02 10-13 10-19 11-02 ' +
    '12-25 12-28',
  2010: '01-01 01-26 02-12 03-01 03-24 04-02 04-14 09-10 11-17 12-17',
  2011: '01-26 03-02 04-12 04-14 04-22 08-15 08-31 09-01 10-06 10-27 11-07 11-10 12-06',
  2012: '01-26 02-20 03-08 04-05 04-06 05-01 08-15 08-20 09-19 10-02 10-24 11-14 11-28 12-25',
  2013: '03-27 03-29 04-19 04-24 05-01 08-09 08-15 09-09 10-02 10-16 11-04 11-15 12-25',
  2014: '02-27 03-17 04-08 04-14 04-18 04-24 05-01 07-29 08-15 08-29 10-02 10-03 10-06 10-15 10-24 11-04 11-06 12-25',
  2015: '01-26 02-17 03-06 04-02 04-03 04-14 05-01 09-17 09-25 10-02 10-22 11-12 11-25 12-25',
  2016: '01-26 03-07 03-24 03-25 04-14 04-15 04-19 07-06 08-15 09-05 09-13 10-11 10-12 10-31 11-14',
  2017: '01-26 02-24 03-13 04-04 04-14 05-01 06-26 08-15 08-25 10-02 10-20 12-25',
  2018: '01-26 02-13 03-02 03-29 03-30 05-01 08-15 08-22 09-13 09-20 10-02 10-18 11-08 11-23 12-25',
  2019: '03-04 03-21 04-17 04-19 04-29 05-01 06-05 08-12 08-15 09-02 09-10 10-02 10-08 10-21 10-28 11-12 12-25',
  2020: '02-21 03-10 04-02 04-06 04-10 04-14 05-01 05-25 10-02 11-16 11-30 12-25',
  2021: '01-26 03-11 03-29 04-02 04-14 04-21 05-13 07-21 08-19 09-10 10-15 11-05 11-19',
  2022: '01-26 03-01 03-18 04-14 04-15 05-03 08-09 08-15 08-31 10-05 10-26 11-08',
  2023: '01-26 03-07 03-30 04-04 04-07 04-14 05-01 06-29 08-15 09-19 10-02 10-24 11-14 11-27 12-25',
  2024: '01-22 01-26 03-08 03-25 03-29 04-11 04-17 05-01 05-20 06-17 07-17 08-15 10-02 11-15 11-20 12-25',
  2025: '02-26 03-14 03-31 04-10 04-14 04-18 05-01 08-15 08-27 10-02 10-22 11-05 12-25',
  2026: '01-15 01-26 03-03 03-26 03-31 04-03 04-14 05-01 05-28 06-26 09-14 10-02 10-20 11-10 11-24 12-25',
};

// Names of the holidays whose date alone tells them apart; the others are festival holidays
// of the circular, named generically.
const FIXED_NAMES = {
  '01-26': 'Republic Day',
  '04-14': 'Dr. Baba Saheb Ambedkar Jayanti',
  '05-01': 'Maharashtra Day',
  '08-15': 'Independence Day',
  '10-02': 'Mahatma Gandhi Jayanti',
  '12-25': 'Christmas',
};
const ONE_OFF_NAMES = {
  '2024-01-22': 'Ram Mandir Consecration',
  '2024-05-20': 'General Elections (Mumbai)',
  '2024-11-20': 'Maharashtra Assembly Elections',
  '2026-01-15': 'Municipal Elections (Mumbai)',
};

// Diwali Muhurat trading: [date, start, end] of the one-hour evening session (times from the
// exchange's circulars). Sessions of 2003, 2006, 2009 and 2013 are not in the sample.
export const MUHURAT = [
  ['2000-10-26', '18:30', '19:45'],
  ['2001-11-14', '17:00', '18:15'],
  ['2002-11-04', '17:00', '18:15'],
  ['2004-11-12', '17:30', '18:45'],
  ['2005-11-01', '18:05', '19:20'],
  ['2007-11-09', '18:00', '19:00'],
  ['2008-10-28', '18:15', '19:15'],
  ['2010-11-05', '18:15', '19:15'],
  ['2011-10-26', '16:45', '18:00'],
  ['2012-11-13', '15:45', '17:00'],
  ['2014-10-23', '18:30', '19:30'],
  ['2015-11-11', '17:45', '18:45'],
  ['2016-10-30', '18:30', '19:30'],
  ['2017-10-19', '18:30', '19:30'],
  ['2018-11-07', '17:30', '18:30'],
  ['2019-10-27', '18:15', '19:15'],
  ['2020-11-14', '18:15', '19:15'],
  ['2021-11-04', '18:15', '19:15'],
  ['2022-10-24', '18:15', '19:15'],
  ['2023-11-12', '18:15', '19:15'],
  ['2024-11-01', '18:00', '19:00'],
  ['2025-10-21', '13:45', '14:45'],
];

// Weekend days the exchange traded a full session (Union Budget days, and 2024-01-20, traded
// instead of the Ram Mandir holiday two days later).
const WEEKEND_SESSIONS = [
  ['2015-02-28', 'Union Budget'],
  ['2020-02-01', 'Union Budget'],
  ['2024-01-20', 'Special Trading Session'],
  ['2025-02-01', 'Union Budget'],
];
// Saturday sessions that switched to the disaster-recovery site between two short sessions.
const DR_SESSIONS = ['2024-03-02', '2024-05-18'];

/** Weekday closures of a year as {date, name, memo}. */
export function nseClosures(year) {
  const spec = ANNOUNCED[year];
  if (!spec) {
    const fixed = Object.entries(FIXED_NAMES).map(([md, name]) => ({ date: `${year}-${md}`, name, memo: '' }));
    const goodFriday = addDays(easterSunday(year), -2);
    if (!fixed.some((h) => h.date === goodFriday)) fixed.push({ date: goodFriday, name: 'Good Friday', memo: '' });
    const memo = `Holidays not yet announced: fixed-date holidays and Good Friday only`;
    return fixed
      .filter((h) => !isWeekend(h.date))
      .map((h) => ({ ...h, memo }))
      .sort((a, b) => (a.date < b.date ? -1 : 1));
  }
  const goodFriday = addDays(easterSunday(year), -2);
  return spec.split(' ').map((md) => {
    const date = `${year}-${md}`;
    const name = ONE_OFF_NAMES[date] ?? (date === goodFriday ? 'Good Friday' : (FIXED_NAMES[md] ?? 'Trading Holiday'));
    return { date, name, memo: name === 'Trading Holiday' ? 'Festival holiday of the exchange circular' : '' };
  });
}

/**
 * The schedule of India's equity cash markets, which NSE and BSE changed together: open 09:55
 * until both moved it to 09:00 on 4 January 2010 (the 18 December 2009 start first announced
 * was deferred by their joint statement of 17 December 2009), the pre-open call auction from
 * 18 October 2010, the closing session, the Diwali Muhurat sessions and the Saturday live
 * sessions from the primary and disaster-recovery sites (`drSessions`).
 */
export function indianCashSchedule(id, { segment, buffer, drSessions }) {
  const s = scheduleFor(id, TZ, {
    Regular: `${segment}: pre-open call auction, continuous trading, closing session`,
    'Muhurat Trading': 'Diwali Muhurat trading: a one-hour evening session on the festival day',
    'Special Session': 'Saturday live session from the primary site, then from the disaster-recovery site',
  });
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:55', '15:30', {
    until: '2010-01-03',
  });
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '15:30', {
    from: '2010-01-04',
    until: '2010-10-17',
    memo: 'Opening brought forward to 09:00 on 2010-01-04',
  });
  const now = { from: '2010-10-18' };
  s.row('Regular', 'Call Auction', 'Pre-Open Call Auction', 'Mon-Fri', '09:00', '09:08', {
    ...now,
    memo: 'Order entry; the open is set by the auction',
  });
  s.row('Regular', 'Order Collection Period', buffer, 'Mon-Fri', '09:08', '09:15', now);
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:15', '15:30', now);
  s.row('Regular', 'Post-Trading Session', 'Closing Session', 'Mon-Fri', '15:40', '16:00', {
    memo: 'Trades at the closing price',
  });
  for (const [d, start, end] of MUHURAT) {
    s.row('Muhurat Trading', 'Primary Trading Session', 'Muhurat Session', WEEKDAYS[weekday(d)], start, end, {
      from: d,
      until: d,
    });
  }
  for (const d of drSessions) {
    const o = { from: d, until: d };
    s.row('Special Session', 'Primary Trading Session', 'Primary Site Session', 'Sat', '09:15', '10:00', o);
    s.row('Special Session', 'Intermission', 'Switch to Disaster-Recovery Site', 'Sat', '10:00', '11:30', o);
    s.row('Special Session', 'Primary Trading Session', 'Disaster-Recovery Site Session', 'Sat', '11:30', '12:30', o);
  }
  return s;
}

export function nse() {
  const id = 'IN.NSE';
  const s = indianCashSchedule(id, {
    segment: 'Capital market segment',
    buffer: 'Pre-Open Buffer',
    drSessions: DR_SESSIONS,
  });
  const h = holidaysFor(id);
  for (const [d] of MUHURAT)
    h.open(d, 'Diwali Laxmi Pujan', 'Muhurat Trading', { memo: 'Holiday with the evening Muhurat session only' });
  for (const [d, name] of WEEKEND_SESSIONS) h.open(d, name, 'Regular', { memo: 'Full trading session on a Saturday' });
  for (const d of DR_SESSIONS)
    h.open(d, 'Special Trading Session', 'Special Session', { memo: 'Live trading from the disaster-recovery site' });
  for (const y of years()) for (const c of nseClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'National Stock Exchange of India',
        'Market Name': 'Capital Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XNSE',
        Acronym: 'NSE',
        'Asset Type': 'Equities',
        Memo:
          `Holidays as announced to ${LAST_ANNOUNCED}; later years carry only fixed-date holidays and Good Friday; ` +
          'sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XNSE', id]],
  };
}
