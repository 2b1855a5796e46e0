// Eurasia family: Moscow Exchange, Borsa Istanbul, Astana International Exchange and the Tel Aviv
// Stock Exchange, with the rouble, lira, tenge and shekel.
import { addDays, weekday, yearOf, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import {
  hebrewDate,
  hebrewLeap,
  islamicFirstDays,
  RU_WORKING_WEEKENDS,
  russianHolidays,
} from './eurasia-calendars.mjs';

const isSatSun = (d) => weekday(d) === 0 || weekday(d) === 6;
const inSample = (d) => d >= '2000-01-01' && d <= '2030-12-31';

// =====================================================================================
// Moscow Exchange (MICEX until the 2011 merger with RTS)
// =====================================================================================

// MICEX moved the start of its main trading mode from 10:30 to 10:00 on 1 September 2011.
const MOEX_HOURS_CHANGE = '2011-09-01';

/** The weekday closures of the MOEX equity market in a year as {date, name, memo}. */
export function moexClosures(year) {
  const out = [];
  const add = (date, name, memo = '') => {
    if (!isSatSun(date) && !out.some((c) => c.date === date)) out.push({ date, name, memo });
  };
  const jan = (d) => d.slice(5, 7) === '01' && Number(d.slice(8)) <= 8;
  for (const h of russianHolidays(year)) {
    const day = Number(h.date.slice(8));
    const newYearBridge = jan(h.date) && h.kind === 'holiday' && day !== 1 && day !== 2 && day !== 7;
    if (year <= 2012) {
      add(h.date, h.name, h.kind === 'holiday' ? '' : 'Official non-working day');
    } else if (year <= 2021) {
      // The exchange trades on the decrees' transfer days and on 3-6 and 8 January, and closes
      // on the holidays themselves and on the weekday a weekend holiday moves to.
      if (h.kind === 'transfer' && !['2020-06-24', '2020-07-01'].includes(h.date)) continue;
      if (newYearBridge) continue;
      if (['2021-05-10', '2021-06-14'].includes(h.date)) continue;
      add(h.date, h.name, h.kind === 'substitute' ? 'Holiday moved from the weekend' : '');
    } else if (year === 2022) {
      if (h.kind === 'transfer' || newYearBridge || h.date === '2022-06-13') continue;
      add(h.date, h.name, h.kind === 'substitute' ? 'Holiday moved from the weekend' : '');
    } else {
      // From 2023 only the holidays' own dates close the exchange.
      if (h.kind !== 'holiday' || newYearBridge) continue;
      const weekendSession = year >= 2026 && /Defender|Spring|Russia Day|Unity/.test(h.name);
      add(
        h.date,
        h.name,
        weekendSession ? 'No main session; a weekend-format session (09:50-19:00) runs on the stock market' : '',
      );
    }
  }
  // Exchange notices that depart from the rule above.
  const extra = {
    2013: ['2013-01-03', '2013-01-04'],
    2014: ['2014-01-03', '2014-06-13'],
    2018: ['2018-01-08'],
  }[year];
  for (const d of extra ?? []) add(d, d.endsWith('06-13') ? 'Russia Day' : 'New Year Holidays', 'Exchange notice');
  if (year >= 2012) add(ymd(year, 12, 31), "New Year's Eve", 'Non-trading day by exchange notice');
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function moex() {
  const id = 'RU.MOEX';
  const TZ = 'Europe/Moscow';
  const s = scheduleFor(id, TZ, {
    Regular: 'Main trading session of the equity market (T+ central order book)',
    Reopening: 'Shortened session after the March 2022 suspension (to 14:00)',
    'Reopening Extended': 'Shortened session after the March 2022 suspension (to 15:50)',
  });
  s.row('Regular', 'Pre-Open', 'Pre-Trading Period', 'Mon-Fri', '10:15', '10:30', {
    until: addDays(MOEX_HOURS_CHANGE, -1),
  });
  s.row('Regular', 'Primary Trading Session', 'Main Trading Mode', 'Mon-Fri', '10:30', '18:45', {
    until: addDays(MOEX_HOURS_CHANGE, -1),
    memo: 'MICEX stock exchange main trading mode',
  });
  s.row('Regular', 'Trading-at-Last', 'Post-Trading Period', 'Mon-Fri', '18:45', '18:50', {
    until: addDays(MOEX_HOURS_CHANGE, -1),
  });
  // The T0 main mode ran its opening auction 09:45-10:00 and closing auction 18:45-18:50; the
  // T+ order book (the main one from the T+2 move of 2 September 2013) runs 09:50-10:00 and
  // 18:40-18:50. The closing auction moved to 18:55-19:00 on 23 March 2026.
  const T_PLUS = '2013-09-02';
  const LATE_CLOSE = '2026-03-23';
  for (const [opts, open, close, auction] of [
    [{ from: MOEX_HOURS_CHANGE, until: addDays(T_PLUS, -1) }, '09:45', '18:50', '18:45'],
    [{ from: T_PLUS, until: addDays(LATE_CLOSE, -1) }, '09:50', '18:50', '18:40'],
    [{ from: LATE_CLOSE }, '09:50', '19:00', '18:55'],
  ]) {
    s.row('Regular', 'Pre-Open', 'Opening Auction', 'Mon-Fri', open, '10:00', opts);
    s.row('Regular', 'Primary Trading Session', 'Main Trading Session', 'Mon-Fri', '10:00', close, opts);
    s.row('Regular', 'Pre-Close', 'Closing Auction', 'Mon-Fri', auction, close, {
      ...opts,
      memo: `The main session ends with the closing auction; continuous trading stops at ${auction}`,
    });
  }
  for (const [group, close] of [
    ['Reopening', '14:00'],
    ['Reopening Extended', '15:50'],
  ]) {
    s.row(group, 'Pre-Open', 'Opening Auction', 'Mon-Fri', '09:50', '10:00');
    s.row(group, 'Primary Trading Session', 'Main Trading Session', 'Mon-Fri', '10:00', close);
  }

  const h = holidaysFor(id);
  for (const y of years()) for (const c of moexClosures(y)) h.closed(c.date, c.name, { memo: c.memo });
  // Equity trading suspended by the Bank of Russia from 28 February 2022.
  for (let d = '2022-02-28'; d <= '2022-03-23'; d = addDays(d, 1)) {
    if (!isSatSun(d))
      h.closed(d, 'Trading Suspension', { memo: 'Equity market closed by the Bank of Russia', ifFree: true });
  }
  for (const d of ['2022-03-24', '2022-03-25']) {
    h.open(d, 'Trading Suspension', 'Reopening', { memo: 'Shortened session (to 14:00) for a limited list of shares' });
  }
  for (const d of ['2022-03-28', '2022-03-29', '2022-03-30']) {
    h.open(d, 'Trading Suspension', 'Reopening Extended', { memo: 'Shortened session (to 15:50)' });
  }
  // Working Saturdays by government decree, traded as regular days (exchange notices from 2018).
  for (const y of years(2018)) {
    for (const d of RU_WORKING_WEEKENDS[y] ?? []) {
      if (d === '2022-03-05') continue; // fell inside the 2022 suspension
      h.open(d, 'Working Saturday', 'Regular', { memo: 'Working day by government decree' });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Moscow Exchange',
        'Market Name': 'Equity Market (Main Trading Session)',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XMOS',
        Acronym: 'MOEX',
        'Asset Type': 'Equities',
        Memo:
          'Main session only (the morning, evening and weekend sessions are not modelled); ' +
          'MICEX hours 10:30-18:45 until 2011-08-31; holiday days follow the Labour Code, the ' +
          "government's transfer decrees and the exchange's notices; transfers before 2005 not listed",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XMOS', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'Moscow Exchange: trading in the 2026 holidays (as reported by Interfax, 30 December 2025)',
            url: 'https://www.interfax.ru/business/1065802',
          },
          {
            title: 'Moscow Exchange: closing auction 18:55-19:00 from 23 March 2026 (as reported by Interfax)',
            url: 'https://www.interfax.ru/business/1072262',
          },
          { title: 'Moscow Exchange: equity market trading modes and hours', url: 'https://moex.com/s1167' },
          {
            title: 'MICEX extends trading time in the stock market from 1 September 2011 (Oreanda)',
            url: 'https://oreanda-news.com/en/promyshlennost/article562455',
          },
          {
            title: 'Moscow Exchange schedule for the New Year period 2014',
            url: 'https://www.moex.com/n4035/?nt=0',
          },
          { title: 'Moscow Exchange trading schedule for January-February 2017', url: 'https://www.moex.com/n13879/' },
          { title: 'Trading on MOEX on non-business days (June-July 2020)', url: 'https://www.moex.com/n28671?nt=210' },
          { title: 'Moscow Exchange trading schedule in February 2023', url: 'https://moex.com/n54134/?nt=112' },
          {
            title: 'Moscow Exchange trading schedule for 2021 holidays',
            url: 'https://www.moex.com/n32545/?nt=120',
          },
          {
            title: 'Moscow Exchange trading schedule for 2018 public holidays',
            url: 'https://www.moex.com/n17269/?nt=120',
          },
          {
            title: 'Moscow Exchange to add trading hours (main session 09:50-18:50)',
            url: 'https://moex.com/n51152?nt=207',
          },
          { title: 'Labour Code of the Russian Federation, article 112', url: 'https://www.consultant.ru/' },
        ],
      },
    ],
  };
}

// =====================================================================================
// Borsa Istanbul
// =====================================================================================

// First days of the Ramadan Feast (Ramazan Bayramı) and the Sacrifice Feast (Kurban Bayramı) as
// Turkey's Presidency of Religious Affairs (Diyanet) publishes them.
const TR_RAMAZAN = {
  2000: ['2000-01-08', '2000-12-27'],
  2001: ['2001-12-16'],
  2002: ['2002-12-05'],
  2003: ['2003-11-25'],
  2004: ['2004-11-14'],
  2005: ['2005-11-03'],
  2006: ['2006-10-23'],
  2007: ['2007-10-12'],
  2008: ['2008-09-30'],
  2009: ['2009-09-20'],
  2010: ['2010-09-09'],
  2011: ['2011-08-30'],
  2012: ['2012-08-19'],
  2013: ['2013-08-08'],
  2014: ['2014-07-28'],
  2015: ['2015-07-17'],
  2016: ['2016-07-05'],
  2017: ['2017-06-25'],
  2018: ['2018-06-15'],
  2019: ['2019-06-04'],
  2020: ['2020-05-24'],
  2021: ['2021-05-13'],
  2022: ['2022-05-02'],
  2023: ['2023-04-21'],
  2024: ['2024-04-10'],
  2025: ['2025-03-30'],
  2026: ['2026-03-20'],
  2027: ['2027-03-09'],
};
const TR_KURBAN = {
  2000: ['2000-03-16'],
  2001: ['2001-03-06'],
  2002: ['2002-02-23'],
  2003: ['2003-02-11'],
  2004: ['2004-02-01'],
  2005: ['2005-01-20'],
  2006: ['2006-01-10', '2006-12-31'],
  2007: ['2007-12-20'],
  2008: ['2008-12-08'],
  2009: ['2009-11-27'],
  2010: ['2010-11-16'],
  2011: ['2011-11-06'],
  2012: ['2012-10-25'],
  2013: ['2013-10-15'],
  2014: ['2014-10-04'],
  2015: ['2015-09-24'],
  2016: ['2016-09-12'],
  2017: ['2017-09-01'],
  2018: ['2018-08-21'],
  2019: ['2019-08-11'],
  2020: ['2020-07-31'],
  2021: ['2021-07-20'],
  2022: ['2022-07-09'],
  2023: ['2023-06-28'],
  2024: ['2024-06-16'],
  2025: ['2025-06-06'],
  2026: ['2026-05-27'],
  2027: ['2027-05-16'],
};

function feastDays(table, hMonth, hDay) {
  const out = [];
  for (const y of years()) {
    const listed = table[y];
    if (listed) out.push(...listed.map((d) => ({ date: d, memo: '' })));
    else {
      for (const d of islamicFirstDays(hMonth, hDay).filter((x) => yearOf(x) === y)) {
        out.push({ date: d, memo: 'Date by the Umm al-Qura calendar; Diyanet may differ by a day' });
      }
    }
  }
  return out;
}

/** Turkey's public holidays as {date, name, half?} (half = the afternoon off, an eve). */
export function turkishHolidays(year) {
  const out = [];
  const add = (date, name, extra = {}) => out.push({ date, name, ...extra });
  add(ymd(year, 1, 1), "New Year's Day");
  add(ymd(year, 4, 23), 'National Sovereignty and Children’s Day');
  if (year >= 2009) add(ymd(year, 5, 1), 'Labour and Solidarity Day');
  add(ymd(year, 5, 19), 'Commemoration of Atatürk, Youth and Sports Day');
  if (year >= 2017) add(ymd(year, 7, 15), 'Democracy and National Unity Day');
  add(ymd(year, 8, 30), 'Victory Day');
  add(ymd(year, 10, 28), 'Republic Day Eve', { half: true });
  add(ymd(year, 10, 29), 'Republic Day');
  for (const [table, m, d, name, n] of [
    [TR_RAMAZAN, 10, 1, 'Ramadan Feast', 3],
    [TR_KURBAN, 12, 10, 'Sacrifice Feast', 4],
  ]) {
    for (const f of feastDays(table, m, d).filter((x) => Math.abs(yearOf(x.date) - year) <= 1)) {
      const eve = addDays(f.date, -1);
      if (yearOf(eve) === year) add(eve, `${name} Eve`, { half: true, memo: f.memo });
      for (let i = 0; i < n; i++) {
        const day = addDays(f.date, i);
        if (yearOf(day) === year) add(day, name, { memo: f.memo });
      }
    }
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function bist() {
  const id = 'TR.BIST';
  const TZ = 'Europe/Istanbul';
  const s = scheduleFor(id, TZ, {
    Regular: 'Equity market (Pay Piyasası) continuous trading',
    Partial: 'Half day: the eve of a religious feast or of Republic Day',
  });
  const P2 = { from: '2015-11-30', until: '2016-03-27' };
  const P3 = { from: '2016-03-28', until: '2016-11-13' };
  const P4 = { from: '2016-11-14', until: '2019-10-03' };
  const P5 = { from: '2019-10-04' };
  const D = 'Mon-Fri';
  // Two sessions (morning and afternoon) on the old trading system: the second session ran to
  // 17:00 until 2009-10-16 and to 17:30 from 2009-10-19 (İMKB circular 306); a closing session
  // followed from 2012-03-02 (continuous trading to 17:17, to 17:30 from 2012-07-16); the
  // morning's continuous trading started at 09:45 until the board decision of 30 May 2013 moved
  // it to 09:35.
  for (const [from, until, open, close, auction] of [
    ['', '2009-10-16', '09:45', '17:00', null],
    ['2009-10-19', '2012-03-01', '09:45', '17:30', null],
    ['2012-03-02', '2012-07-13', '09:45', '17:17', '17:30'],
    ['2012-07-16', '2013-06-02', '09:45', '17:30', '17:40'],
    ['2013-06-03', '2015-11-27', '09:35', '17:30', '17:40'],
  ]) {
    const o = from ? { from, until } : { until };
    s.row('Regular', 'Pre-Open', 'First Session Opening Auction', D, open === '09:45' ? '09:30' : '09:15', open, o);
    s.row('Regular', 'Primary Trading Session', 'First Session', D, open, '12:30', o);
    s.row('Regular', 'Intermission', 'Midday Break', D, '12:30', '14:15', {
      ...o,
      memo: 'Second session opening auction from 14:00',
    });
    s.row('Regular', 'Primary Trading Session', 'Second Session', D, '14:15', close, o);
    if (auction) s.row('Regular', 'Call Auction', 'Closing Session', D, close, auction, o);
  }
  // BISTECH (30 November 2015): one session with a midday single-price auction.
  for (const [p, am, pm] of [
    [P2, '12:30', '13:30'],
    [P3, '13:00', '14:00'],
  ]) {
    s.row('Regular', 'Pre-Open', 'Opening Session', D, '09:15', '09:35', p);
    s.row('Regular', 'Primary Trading Session', 'Continuous Trading', D, '09:35', am, p);
    s.row('Regular', 'Intermission', 'Midday Single-Price Auction', D, am, pm, p);
    s.row('Regular', 'Primary Trading Session', 'Continuous Trading', D, pm, '17:30', p);
    s.row('Regular', 'Call Auction', 'Closing Session', D, '17:30', '17:37', p);
    s.row('Regular', 'Trading-at-Last', 'Trades at Closing Price', D, '17:37', '17:40', p);
  }
  for (const p of [P4, P5]) {
    s.row('Regular', 'Pre-Open', 'Opening Session', D, '09:40', '10:00', p);
    if (p === P4) {
      s.row('Regular', 'Primary Trading Session', 'Continuous Trading', D, '10:00', '13:00', p);
      s.row('Regular', 'Intermission', 'Midday Single-Price Auction', D, '13:00', '14:00', p);
      s.row('Regular', 'Primary Trading Session', 'Continuous Trading', D, '14:00', '18:00', p);
    } else {
      s.row('Regular', 'Primary Trading Session', 'Continuous Trading', D, '10:00', '18:00', p);
    }
    s.row('Regular', 'Call Auction', 'Closing Session', D, '18:00', '18:07', p);
    s.row('Regular', 'Trading-at-Last', 'Trades at Closing Price', D, '18:07', '18:10', p);
  }
  // Half days: the morning only.
  s.row('Partial', 'Pre-Open', 'Opening Session', D, '09:30', '09:45', { until: '2013-06-02' });
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', D, '09:45', '12:30', { until: '2013-06-02' });
  s.row('Partial', 'Pre-Open', 'Opening Session', D, '09:15', '09:35', { from: '2013-06-03', until: '2016-11-13' });
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', D, '09:35', '12:30', {
    from: '2013-06-03',
    until: '2016-11-13',
  });
  s.row('Partial', 'Pre-Open', 'Opening Session', D, '09:40', '10:00', { from: '2016-11-14' });
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', D, '10:00', '12:30', { from: '2016-11-14' });
  s.row('Partial', 'Call Auction', 'Closing Session', D, '12:30', '12:40', { from: '2016-11-14' });
  s.row('Partial', 'Trading-at-Last', 'Trades at Closing Price', D, '12:40', '12:50', { from: '2016-11-14' });

  const h = holidaysFor(id);
  // After the 6 February 2023 earthquakes the exchange halted the session of 8 February minutes
  // after the open, cancelled that day's trades and closed the markets to 14 February.
  h.closed('2023-02-08', 'Earthquake Closure', { memo: 'Session halted after the open; the day’s trades cancelled' });
  for (const d of ['2023-02-09', '2023-02-10', '2023-02-13', '2023-02-14'])
    h.closed(d, 'Earthquake Closure', { memo: 'Markets closed after the 6 February 2023 earthquakes' });
  for (const y of years()) {
    const list = turkishHolidays(y);
    for (const x of list.filter((x) => !x.half)) {
      if (!isSatSun(x.date)) h.closed(x.date, x.name, { memo: x.memo, ifFree: true });
    }
    for (const x of list.filter((x) => x.half)) {
      if (!isSatSun(x.date) && inSample(x.date)) {
        h.open(x.date, x.name, 'Partial', { memo: 'Half day: trading ends at 12:30', ifFree: true });
      }
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Borsa Istanbul',
        'Market Name': 'Equity Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XIST',
        Acronym: 'BIST',
        'Asset Type': 'Equities',
        Memo:
          'Two sessions before BISTECH (2015-11-30), their times from the exchange circulars of 2009-2013 ' +
          '(earlier years take the 2009 times); ' +
          'midday auction as a break until 2019-10-03; half days on feast eves and 28 October; ' +
          'administrative-leave bridge days not modelled (the exchange trades on them)',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XIST', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'Borsa İstanbul: Resmi tatil günleri',
            url: 'https://borsaistanbul.com/tr/sayfa/143/resmi-tatil-gunleri',
          },
          {
            title: 'Borsa İstanbul duyuru 2019/56: gün ortası tek fiyat bölümünün kaldırılması (4 Ekim 2019)',
            url: 'https://www.borsaistanbul.com/duyuru/11640/pay-piyasasi-seansinda-gun-ortasi-tek-fiyat-bolumu-hk-201956-sayili-duyuru',
          },
          {
            title: 'Borsa İstanbul: closing session',
            url: 'https://www.borsaistanbul.com/en/products-and-markets/markets/equity-market/closing-session',
          },
          { title: 'Law 2429 on national holidays and general holidays', url: 'https://www.mevzuat.gov.tr/' },
        ],
      },
    ],
  };
}

// =====================================================================================
// Astana International Exchange (and Kazakhstan's public holidays)
// =====================================================================================

/**
 * The government's transfers of days off (Labour Code art. 85): weekdays made days off, and
 * weekday substitutes a resolution moved elsewhere. Years not listed had none that are known here.
 */
const KZ_TRANSFERS = {
  2018: { off: ['2018-03-09', '2018-04-30', '2018-05-08', '2018-08-31', '2018-12-31'] },
  2020: { off: ['2020-01-03', '2020-05-08', '2020-12-18'], cancelled: ['2020-05-11'] },
  2022: { off: ['2022-10-24'] },
  2023: { off: ['2023-07-07'] },
  2024: { off: ['2024-05-08'] },
  2025: { off: ['2025-01-03'] },
};

/** Kazakhstan's public holidays (law on holidays) as {date, name, observed}. */
export function kazakhHolidays(year) {
  const out = [];
  const taken = new Set();
  const list = [];
  const push = (d, name, moves = true) => list.push([d, name, moves]);
  push(ymd(year, 1, 1), "New Year's Day");
  push(ymd(year, 1, 2), "New Year's Day");
  if (year >= 2006) push(ymd(year, 1, 7), 'Orthodox Christmas', false);
  push(ymd(year, 3, 8), "International Women's Day");
  if (year >= 2010) for (const d of [21, 22, 23]) push(ymd(year, 3, d), 'Nauryz');
  else push(ymd(year, 3, 22), 'Nauryz');
  push(ymd(year, 5, 1), 'Unity Day');
  if (year >= 2013) push(ymd(year, 5, 7), 'Defender of the Fatherland Day');
  push(ymd(year, 5, 9), 'Victory Day');
  if (year >= 2009) push(ymd(year, 7, 6), 'Capital Day');
  push(ymd(year, 8, 30), 'Constitution Day');
  if (year <= 2008 || year >= 2022) push(ymd(year, 10, 25), 'Republic Day');
  if (year >= 2012 && year <= 2021) push(ymd(year, 12, 1), 'First President Day');
  push(ymd(year, 12, 16), 'Independence Day');
  if (year <= 2021) push(ymd(year, 12, 17), 'Independence Day');
  if (year >= 2006) {
    for (const d of islamicFirstDays(12, 10).filter((x) => yearOf(x) === year)) {
      push(d, 'Kurban Ait', false);
    }
  }
  for (const [d] of list) taken.add(d);
  for (const [d, name] of list) out.push({ date: d, name, observed: false });
  const moved = KZ_TRANSFERS[year] ?? {};
  for (const [d, name, moves] of list) {
    if (!moves || !isSatSun(d)) continue;
    let s = addDays(d, 1);
    while (isSatSun(s) || taken.has(s)) s = addDays(s, 1);
    taken.add(s);
    if (!(moved.cancelled ?? []).includes(s)) out.push({ date: s, name, observed: true });
  }
  for (const d of moved.off ?? []) {
    if (!taken.has(d)) out.push({ date: d, name: 'Transferred Day Off', observed: false, memo: 'Government transfer' });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

const AIX_FIRST_TRADE = '2018-11-14';

export function aix() {
  const id = 'KZ.AIX';
  const TZ = 'Asia/Almaty';
  const s = scheduleFor(id, TZ, { Regular: 'AIX trading day (Astana time)' });
  s.row('Regular', 'Pre-Open', 'Pre-Opening', 'Mon-Fri', '11:00', '11:30', { memo: 'Order entry, no matching' });
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '11:30', '17:00', {
    memo: 'Opening auction at 11:30; the day ends with the closing auction',
  });
  s.row('Regular', 'Pre-Close', 'Pre-Close and Closing Auction', 'Mon-Fri', '16:45', '17:00');
  s.row('Regular', 'Trading-at-Last', 'Trading at Last', 'Mon-Fri', '17:00', '17:05');
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const x of kazakhHolidays(y)) {
      if (isSatSun(x.date)) continue;
      const memo = x.date < AIX_FIRST_TRADE ? 'Kazakh public holiday; AIX had not started trading' : '';
      h.closed(x.date, x.name, { observed: x.observed, memo, ifFree: true });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Astana International Exchange',
        'Market Name': 'Main Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'AIXK',
        Acronym: 'AIX',
        'Asset Type': 'Equities',
        Memo:
          'Trading from November 2018; earlier years carry the Kazakh holiday calendar only. ' +
          "Public holidays with the law's weekend moves and the government's transfers of days off known for 2018-2026",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['AIXK', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'AIX market notice 2020-10-23_01: trading hours',
            url: 'https://aix.kz/aix-market-notices/2020-10-23_01-market-notice-aix-changes-trading-hours-for-rusb-ruse-ixu-ixa-ixe-ixb-ixo-ixt-ixd-ixy-ixg-and-far',
          },
          {
            title: 'FEAS member profile: Astana International Exchange',
            url: 'https://feas.org/users/astana-international-exchange/',
          },
          { title: 'Law of the Republic of Kazakhstan on holidays', url: 'https://adilet.zan.kz/' },
          {
            title: 'Government of Kazakhstan: non-working days in 2018 rescheduled',
            url: 'https://primeminister.kz/en/news/15835',
          },
          {
            title: 'Official holiday calendar of Kazakhstan for 2026 (e-government portal), alau.kz',
            url: 'https://alau.kz/perenosy-vyhodnyh-prazdnichnyj-kalendar-kazahstana-na-2026-god/',
          },
        ],
      },
    ],
  };
}

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

// =====================================================================================
// Currencies
// =====================================================================================

const rubHolidays = (y) =>
  russianHolidays(y).map((x) => ({
    date: x.date,
    name: x.name,
    observed: x.kind === 'substitute',
    memo: x.kind === 'transfer' ? 'Non-working day by government decree' : '',
  }));

const tryHolidays = (y) =>
  turkishHolidays(y)
    .filter((x) => !x.half)
    .map((x) => ({ date: x.date, name: x.name, observed: false, memo: x.memo }));

const ilsHolidays = (y) =>
  taseClosures()
    .filter((x) => x.kind === 'closed' && yearOf(x.date) === y && !/Eve|Memorial|Purim/.test(x.name))
    .map((x) => ({ date: x.date, name: x.name, observed: false, memo: 'Approximated by the festival days' }));

export const MARKETS = [moex, bist, aix, tase];

export const CURRENCIES = [
  ['RUB', 'Russian Ruble', 'RU', 'Bank of Russia', 'Moscow', 'Europe/Moscow', rubHolidays],
  ['TRY', 'Turkish Lira', 'TR', 'Central Bank of the Republic of Türkiye', 'Istanbul', 'Europe/Istanbul', tryHolidays],
  ['KZT', 'Kazakhstani Tenge', 'KZ', 'National Bank of Kazakhstan', 'Almaty', 'Asia/Almaty', kazakhHolidays],
  ['ILS', 'Israeli New Shekel', 'IL', 'Bank of Israel', 'Tel Aviv', 'Asia/Jerusalem', ilsHolidays],
];
