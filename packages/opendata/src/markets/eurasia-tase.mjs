// Tel Aviv Stock Exchange, of the eurasia family.
import { addDays, weekday, yearOf } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { hebrewDate, hebrewLeap } from './eurasia-calendars.mjs';
import { inSample } from './eurasia-lib.mjs';

// =====================================================================================
// Tel Aviv Stock Exchange
// =====================================================================================

const TASE_WEEK_CHANGE = '2026-01-05';
/** Closed days on which clearing still runs (TASE vacation schedules), so Friday before them trades. */
const CLEARING_EVES = /^(Passover Eve|Seventh Day of Passover Eve|Sukkot Eve|Simchat Torah Eve|Memorial Day)$/;

/** Knesset and municipal election days (public holidays; the exchange closes). */
const ISRAEL_ELECTIONS = [
  ['2001-02-06', 'Prime Minister Election'],
  ['2003-01-28', 'Knesset Election'],
  ['2003-10-28', 'Municipal Election'],
  ['2006-03-28', 'Knesset Election'],
  ['2008-11-11', 'Municipal Election'],
  ['2009-02-10', 'Knesset Election'],
  ['2013-01-22', 'Knesset Election'],
  ['2013-10-22', 'Municipal Election'],
  ['2015-03-17', 'Knesset Election'],
  ['2018-10-30', 'Municipal Election'],
  ['2019-04-09', 'Knesset Election'],
  ['2019-09-17', 'Knesset Election'],
  ['2020-03-02', 'Knesset Election'],
  ['2021-03-23', 'Knesset Election'],
  ['2022-11-01', 'Knesset Election'],
  ['2024-02-27', 'Municipal Election'],
];

/** TASE closures and short days of Hebrew year hYear as {date, name, kind: 'closed'|'short'}. */
function taseHebrewYear(hy) {
  const out = [];
  const add = (date, name, kind = 'closed') => out.push({ date, name, kind });
  const prev = hy - 1;
  // Autumn festivals of year hy.
  add(hebrewDate(prev, 'Elul', 29), 'Rosh Hashanah Eve');
  add(hebrewDate(hy, 'Tishri', 1), 'Rosh Hashanah');
  add(hebrewDate(hy, 'Tishri', 2), 'Rosh Hashanah');
  add(hebrewDate(hy, 'Tishri', 9), 'Yom Kippur Eve');
  add(hebrewDate(hy, 'Tishri', 10), 'Yom Kippur');
  add(hebrewDate(hy, 'Tishri', 14), 'Sukkot Eve');
  add(hebrewDate(hy, 'Tishri', 15), 'Sukkot');
  for (let d = 16; d <= 20; d++) add(hebrewDate(hy, 'Tishri', d), 'Sukkot Intermediate Days', 'short');
  add(hebrewDate(hy, 'Tishri', 21), 'Simchat Torah Eve');
  add(hebrewDate(hy, 'Tishri', 22), 'Simchat Torah');
  // Spring and summer festivals of year hy.
  add(hebrewDate(hy, hebrewLeap(hy) ? 'Adar II' : 'Adar', 14), 'Purim');
  add(hebrewDate(hy, 'Nisan', 14), 'Passover Eve');
  add(hebrewDate(hy, 'Nisan', 15), 'Passover');
  for (let d = 16; d <= 19; d++) add(hebrewDate(hy, 'Nisan', d), 'Passover Intermediate Days', 'short');
  add(hebrewDate(hy, 'Nisan', 20), 'Seventh Day of Passover Eve');
  add(hebrewDate(hy, 'Nisan', 21), 'Seventh Day of Passover');
  // Independence Day: 5 Iyar, brought forward from a Friday or Saturday to the Thursday, and
  // (from 2004) put back from a Monday to the Tuesday; Memorial Day is the day before.
  let indep = hebrewDate(hy, 'Iyar', 5);
  if (weekday(indep) === 5) indep = addDays(indep, -1);
  else if (weekday(indep) === 6) indep = addDays(indep, -2);
  else if (weekday(indep) === 1 && yearOf(indep) >= 2004) indep = addDays(indep, 1);
  add(addDays(indep, -1), 'Memorial Day');
  add(indep, 'Independence Day');
  add(hebrewDate(hy, 'Sivan', 5), 'Shavuot Eve');
  add(hebrewDate(hy, 'Sivan', 6), 'Shavuot');
  let av9 = hebrewDate(hy, 'Av', 9);
  if (weekday(av9) === 6) av9 = addDays(av9, 1);
  add(av9, "Tisha B'Av");
  return out;
}

export function taseClosures() {
  const all = [];
  for (let hy = 5760; hy <= 5791; hy++) all.push(...taseHebrewYear(hy));
  for (const [d, n] of ISRAEL_ELECTIONS) all.push({ date: d, name: n, kind: 'closed' });
  return all.filter((x) => inSample(x.date)).sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function tase() {
  const id = 'IL.TASE';
  const TZ = 'Asia/Jerusalem';
  const s = scheduleFor(id, TZ, {
    Regular: 'Equity market (TA-125 shares): opening auction, continuous trading, closing auction',
    Short: 'Intermediate days of Passover and Sukkot: shortened trading',
  });
  const OLD = { until: '2026-01-01' };
  const NEW = { from: TASE_WEEK_CHANGE };
  const preClose = (g, days, close, opts) => {
    const [hh, mm] = close.split(':').map(Number);
    const t = hh * 60 + mm - 11;
    const start = `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
    s.row(g, 'Pre-Close', 'Pre-Closing and Closing Auction', days, start, close, opts);
  };
  const day = (g, days, open, close, opts) => {
    s.row(g, 'Primary Trading Session', 'Continuous Trading', days, open, close, opts);
    preClose(g, days, close, opts);
  };
  // Sunday to Thursday week.
  day('Regular', 'Mon-Thu', '09:45', '17:25', { until: '2020-02-01' });
  day('Regular', 'Mon-Thu', '10:00', '17:25', { from: '2020-02-02', until: OLD.until });
  day('Regular', 'Sun', '09:45', '16:25', { until: '2020-02-01' });
  day('Regular', 'Sun', '10:00', '16:25', { from: '2020-02-02', until: '2020-03-07' });
  day('Regular', 'Sun', '10:00', '15:50', { from: '2020-03-08', until: OLD.until });
  // Monday to Friday week from 5 January 2026, Friday short.
  day('Regular', 'Mon-Thu', '10:00', '17:25', NEW);
  day('Regular', 'Fri', '10:00', '13:50', NEW);
  day('Short', 'Sun-Thu', '09:45', '14:25', { until: '2020-02-01' });
  day('Short', 'Sun-Thu', '10:00', '14:25', { from: '2020-02-02', until: OLD.until });
  day('Short', 'Mon-Thu', '10:00', '14:25', NEW);
  day('Short', 'Fri', '10:00', '13:50', NEW);
  const h = holidaysFor(id);
  const isWeekend = (d) => (d < TASE_WEEK_CHANGE ? [5, 6] : [0, 6]).includes(weekday(d));
  const list = taseClosures();
  const closedSet = new Set(list.filter((x) => x.kind === 'closed').map((x) => x.date));
  const nameOf = new Map(list.map((x) => [x.date, x.name]));
  for (const x of list) {
    if (isWeekend(x.date) || h.has(x.date)) continue;
    if (x.kind === 'closed') h.closed(x.date, x.name);
    else h.open(x.date, x.name, 'Short', { memo: 'Shortened trading day (intermediate festival day)' });
  }
  // From 2026, no trading on a Friday before a Sunday holiday (clearing of Friday runs on Sunday).
  for (const d of closedSet) {
    if (d >= TASE_WEEK_CHANGE && weekday(d) === 0 && !CLEARING_EVES.test(nameOf.get(d))) {
      const fri = addDays(d, -2);
      if (!h.has(fri))
        h.closed(fri, 'Friday before a Sunday Holiday', {
          memo: 'No Friday trading before a Sunday holiday (Friday clearing runs on Sunday)',
        });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Tel Aviv Stock Exchange',
        'Market Name': 'Equity Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XTAE',
        Acronym: 'TASE',
        'Asset Type': 'Equities',
        Memo:
          'Sunday to Thursday until 2026-01-01 (Fri-Sat weekend), Monday to Friday from 2026-01-05 with a ' +
          'short Friday; the close is the closing auction; hours before 2020 simplified (open 09:30); ' +
          'intermediate festival days shortened to 14:25 (approximate)',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XTAE', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'TASE vacation schedule 2018',
            url: 'https://info.tase.co.il/Eng/about_tase/corporate/Pages/2018.aspx',
          },
          {
            title: 'TASE announces new trading hours (WFE Focus, February 2020)',
            url: 'https://focus.world-exchanges.org/articles/tase-announces-new-trading-hours',
          },
          {
            title: 'Israel Securities Authority: Monday-Friday trading from 5 January 2026',
            url: 'https://www.israelnationalnews.com/news/412778',
          },
          {
            title: 'Globes: new trading week on TASE (Mon-Thu 10:00-17:35, Fri 10:00-13:50)',
            url: 'https://en.globes.co.il/en/article-New-trading-week-on-Tel-Aviv-Stock-Exchange-underway-1001531000',
          },
          {
            title: 'TASE: timetable for the pre-closing phase, 9 February 2017 (closing at 17:24-17:25)',
            url: 'https://www.tase.co.il/Eng/NewsandEvents/PRArchive/2017/Pages/PR_20170202.aspx',
          },
        ],
      },
    ],
  };
}
