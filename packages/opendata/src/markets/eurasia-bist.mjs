// Borsa Istanbul and Turkey's public holidays, of the eurasia family.
import { addDays, yearOf, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { islamicFirstDays } from './eurasia-calendars.mjs';
import { inSample, isSatSun } from './eurasia-lib.mjs';

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
