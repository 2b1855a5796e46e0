// Moscow Exchange, of the eurasia family.
import { addDays, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { RU_WORKING_WEEKENDS, russianHolidays } from './eurasia-calendars.mjs';
import { isSatSun } from './eurasia-lib.mjs';

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
