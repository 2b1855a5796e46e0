// Euronext Paris and Euronext Amsterdam: the harmonised Euronext trading calendar (closed on
// New Year's Day, Good Friday, Easter Monday, 1 May, Christmas and 26 December; early close on
// the weekday eves of Christmas and the New Year), with Amsterdam's own closures before 2002.
import { addDays, easterSunday, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;

/**
 * The common Euronext session; `from` limits its Regular rows to a date on (a market that
 * joined the Euronext market model later).
 */
function euronextSchedules(id, tz, from) {
  const s = scheduleFor(id, tz, {
    Regular: 'Optiq cash market: opening auction, continuous trading, closing auction, trading at last',
    Partial: 'Early close: continuous trading ends at 14:00 on the eves of Christmas and the New Year',
  });
  for (const [g, close] of [
    ['Regular', '17:30'],
    ['Partial', '14:00'],
  ]) {
    const [hh, mm] = close.split(':').map(Number);
    const pad = (n) => String(n).padStart(2, '0');
    const at = (min) => `${pad(hh + Math.floor((mm + min) / 60))}:${pad((mm + min) % 60)}`;
    const o = g === 'Regular' ? { from } : {};
    s.row(g, 'Pre-Open', 'Pre-Opening Phase', 'Mon-Fri', '07:15', '09:00', {
      ...o,
      memo: 'Order collection for the opening auction',
    });
    s.row(g, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', close, o);
    s.row(g, 'Call Auction', 'Closing Auction', 'Mon-Fri', close, at(5), o);
    s.row(g, 'Trading-at-Last', 'Trading at Last', 'Mon-Fri', at(5), at(10), o);
  }
  return s;
}

/** Weekday closures and early closes of the common Euronext calendar in a year. */
function euronextDays(h, y) {
  const e = easterSunday(y);
  for (const [d, name] of [
    [ymd(y, 1, 1), "New Year's Day"],
    [addDays(e, -2), 'Good Friday'],
    [addDays(e, 1), 'Easter Monday'],
    [ymd(y, 5, 1), 'Labour Day'],
    [ymd(y, 12, 25), 'Christmas'],
    [ymd(y, 12, 26), 'Boxing Day'],
  ])
    if (!isWeekend(d)) h.closed(d, name, { ifFree: true });
  for (const [d, name] of [
    [ymd(y, 12, 24), 'Christmas'],
    [ymd(y, 12, 31), "New Year's Day"],
  ]) {
    if (!isWeekend(d)) h.open(d, name, 'Partial', { memo: 'Early close at 14:05', ifFree: true });
  }
}

function euronextMarket({ id, tz, mic, city, memo, before, model }) {
  const s = euronextSchedules(id, tz, model?.from);
  model?.rows(s);
  const h = holidaysFor(id);
  for (const y of years()) {
    before?.(h, y);
    euronextDays(h, y);
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': `Euronext ${city}`,
        'Market Name': 'Cash Market',
        'Security Group': 'Stocks, ETFs',
        Timezone: tz,
        'Weekend Definition': 'Sat-Sun',
        MIC: mic,
        Acronym: 'Euronext',
        'Asset Type': 'Equities',
        Memo: memo,
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [[mic, id]],
  };
}

export function euronextParis() {
  return euronextMarket({
    id: 'FR.EURONEXT',
    tz: 'Europe/Paris',
    mic: 'XPAR',
    city: 'Paris',
    memo: 'Euronext harmonised calendar; current session times applied to all years; sample data',
  });
}

export function euronextAmsterdam() {
  // Before the harmonised calendar took effect in 2002, Amsterdam also closed on Queen's Day,
  // Ascension Day (2000), Whit Monday and New Year's Eve.
  const before = (h, y) => {
    if (y > 2001) return;
    const e = easterSunday(y);
    const memo = 'Amsterdam closure before the harmonised Euronext calendar (2002)';
    const days = [
      [ymd(y, 4, 30), "Queen's Day"],
      [addDays(e, 50), 'Whit Monday'],
      [ymd(y, 12, 31), "New Year's Eve"],
    ];
    if (y === 2000) days.push([addDays(e, 39), 'Ascension Day']);
    for (const [d, name] of days) if (!isWeekend(d)) h.closed(d, name, { memo });
  };
  // Amsterdam Exchanges' hours from 1 August 1999 (shares 09:00-16:30) held until Euronext
  // Amsterdam moved to the Euronext market model on NSC on 29 October 2001.
  const EMM = '2001-10-29';
  const model = {
    from: EMM,
    rows: (s) => {
      const o = { until: addDays(EMM, -1) };
      s.row('Regular', 'Pre-Open', 'Pre-Opening', 'Mon-Fri', '08:00', '09:00', o);
      s.row('Regular', 'Primary Trading Session', 'Official Market', 'Mon-Fri', '09:00', '16:30', o);
    },
  };
  return euronextMarket({
    id: 'NL.EURONEXT',
    model,
    tz: 'Europe/Amsterdam',
    mic: 'XAMS',
    city: 'Amsterdam',
    before,
    memo:
      "Euronext harmonised calendar from 2002, Amsterdam's own closures before; 16:30 close until October 2001; " +
      'sample data',
  });
}
