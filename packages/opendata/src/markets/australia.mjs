// ASX (Sydney) and the New South Wales holidays it closes for.
import { addDays, easterSunday, nthWeekday, weekday, ymd, years } from '../lib/dates.mjs';
import { fridayIfWeekend } from './europe.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

/** Fixed holidays that fall on a weekend (`movable`) go to the next free weekday. */
function mondayised(list) {
  const taken = new Set();
  const out = [];
  for (const [date, name, movable] of list) {
    let d = date;
    let observed = false;
    // A clash (Anzac Day on Easter Monday, 2011) also moves the later holiday on.
    if (movable || taken.has(d)) {
      while (weekday(d) === 0 || weekday(d) === 6 || taken.has(d)) {
        d = addDays(d, 1);
        observed = true;
      }
    }
    taken.add(d);
    if (weekday(d) !== 0 && weekday(d) !== 6) out.push({ date: d, name, observed });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** ASX trading holidays; with `bank`, the Sydney bank holidays that also stop AUD settlement. */
export function australianHolidays(year, { bank = false } = {}) {
  const e = easterSunday(year);
  const list = [
    [ymd(year, 1, 1), "New Year's Day", true],
    [ymd(year, 1, 26), 'Australia Day', true],
    [addDays(e, -2), 'Good Friday', false],
    [addDays(e, 1), 'Easter Monday', false],
    // Anzac Day on a Sunday was observed on the Monday in 2010 only.
    [ymd(year, 4, 25), 'Anzac Day', year === 2010],
    [nthWeekday(year, 6, 1, 2), year >= 2023 ? "King's Birthday" : "Queen's Birthday", false],
    [ymd(year, 12, 25), 'Christmas', true],
    [ymd(year, 12, 26), 'Boxing Day', true],
  ];
  if (bank) {
    list.push([nthWeekday(year, 8, 1, 1), 'Bank Holiday', false], [nthWeekday(year, 10, 1, 1), 'Labour Day', false]);
  }
  // Christmas must claim its substitute day before Boxing Day does.
  list.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return mondayised(list);
}

export function asx() {
  const id = 'AU.ASX';
  const TZ = 'Australia/Sydney';
  const s = scheduleFor(id, TZ, { Regular: 'Regular trading day', Partial: 'Early close at 14:10' });
  for (const [g, close] of [
    ['Regular', '16:00'],
    ['Partial', '14:10'],
  ]) {
    const [hh, mm] = close.split(':').map(Number);
    const at = (m) =>
      `${String(hh + Math.floor((mm + m) / 60)).padStart(2, '0')}:${String((mm + m) % 60).padStart(2, '0')}`;
    s.row(g, 'Pre-Open', 'Pre-Open', 'Mon-Fri', '07:00', '10:00');
    s.row(g, 'Primary Trading Session', 'Normal Trading', 'Mon-Fri', '10:00', close, {
      memo: 'Staggered open by alphabet until 10:09',
    });
    s.row(g, 'Pre-Close', 'Pre-CSPA', 'Mon-Fri', close, at(10));
    s.row(g, 'Call Auction', 'Closing Single Price Auction', 'Mon-Fri', at(10), at(12));
    s.row(g, 'Post-Trading Session', 'Adjust', 'Mon-Fri', at(12), at(50));
  }
  const h = holidaysFor(id);
  h.closed('2022-09-22', 'National Day of Mourning', { memo: 'Day of mourning for Queen Elizabeth II' });
  for (const y of years()) {
    for (const a of australianHolidays(y)) h.closed(a.date, a.name, { observed: a.observed });
    // From 2010 the last trading days before Christmas and of the year close early, on the Friday
    // before when the eve falls on a weekend; in 2022 the ASX traded full days instead.
    if (y < 2010 || y === 2022) continue;
    for (const [d, name] of [
      [ymd(y, 12, 24), 'Christmas'],
      [ymd(y, 12, 31), "New Year's Day"],
    ]) {
      h.open(fridayIfWeekend(d), name, 'Partial', { memo: 'Early close at 14:10', ifFree: true });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Australian Securities Exchange',
        'Market Name': 'Equities',
        'Security Group': 'Stocks, ETFs',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XASX',
        Acronym: 'ASX',
        'Asset Type': 'Equities',
        Memo: 'Sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XASX', id]],
  };
}
