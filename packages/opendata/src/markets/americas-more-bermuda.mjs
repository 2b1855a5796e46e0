// The Bermuda Stock Exchange and Bermuda's public holidays.
import { addDays, easterSunday, nthWeekday, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { SAT, SUN, isWeekend, clean, addHolidays } from './americas-more-lib.mjs';

// ---------------------------------------------------------------------------------------------
// Bermuda Stock Exchange.

/** Bermuda public holidays (Public Holidays Act 1947 as amended). */
export function bermudaHolidays(year) {
  const out = [];
  const e = easterSunday(year);
  // A holiday on a Saturday or Sunday is kept on the Monday after.
  const moved = (date, name) => {
    if (weekday(date) === SAT) out.push({ date: addDays(date, 2), name, observed: true });
    else if (weekday(date) === SUN) out.push({ date: addDays(date, 1), name, observed: true });
    else out.push({ date, name, observed: false });
  };
  moved(ymd(year, 1, 1), "New Year's Day");
  out.push({ date: addDays(e, -2), name: 'Good Friday' });
  if (year <= 2017) moved(ymd(year, 5, 24), 'Bermuda Day');
  else out.push({ date: nthWeekday(year, 5, 5, -1), name: 'Bermuda Day' });
  out.push({
    date: nthWeekday(year, 6, 1, 3),
    name: year <= 2008 ? "Queen's Birthday" : 'National Heroes Day',
  });
  if (year === 2008) out.push({ date: '2008-10-13', name: 'National Heroes Day' });
  const aug = nthWeekday(year, 8, 1, 1);
  out.push({ date: addDays(aug, -4), name: 'Emancipation Day' });
  out.push({ date: addDays(aug, -3), name: year >= 2020 ? 'Mary Prince Day' : 'Somers Day' });
  out.push({ date: nthWeekday(year, 9, 1, 1), name: 'Labour Day' });
  moved(ymd(year, 11, 11), 'Remembrance Day');
  const xmas = ymd(year, 12, 25);
  if (weekday(xmas) === SAT) {
    out.push({ date: addDays(xmas, 2), name: 'Christmas Day', observed: true });
    out.push({ date: addDays(xmas, 3), name: 'Boxing Day', observed: true });
  } else if (weekday(xmas) === SUN) {
    out.push({ date: addDays(xmas, 2), name: 'Christmas Day', observed: true });
    out.push({ date: addDays(xmas, 1), name: 'Boxing Day' });
  } else {
    out.push({ date: xmas, name: 'Christmas Day' });
    moved(ymd(year, 12, 26), 'Boxing Day');
  }
  if (year === 2022)
    out.push({ date: '2022-09-19', name: 'State Funeral of Queen Elizabeth II', memo: 'One-off public holiday' });
  return clean(out);
}

export function bsx() {
  const id = 'BM.BSX';
  const TZ = 'Atlantic/Bermuda';
  const s = scheduleFor(id, TZ, {
    Regular: 'BEST: price discovery 08:30, continuous trading 09:00-15:30',
    Partial: 'Early close at 13:00',
    'Christmas Eve': 'Christmas Eve early closure: the exchange operates until 14:00',
  });
  s.row('Regular', 'Pre-Open', 'Price Discovery', 'Mon-Fri', '08:30', '09:00');
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '15:30');
  s.row('Partial', 'Pre-Open', 'Price Discovery', 'Mon-Fri', '08:30', '09:00');
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '13:00');
  s.row('Christmas Eve', 'Pre-Open', 'Price Discovery', 'Mon-Fri', '08:30', '09:00');
  s.row('Christmas Eve', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '14:00');
  const h = holidaysFor(id);
  h.open('2014-10-16', 'Hurricane Gonzalo', 'Partial', { memo: 'Closed at 13:00 ahead of Hurricane Gonzalo' });
  h.closed('2014-10-17', 'Hurricane Gonzalo', { memo: 'Closed for Hurricane Gonzalo; not a settlement day' });
  for (const y of years()) {
    addHolidays(h, bermudaHolidays(y));
    const eve = ymd(y, 12, 24);
    if (y >= 2018 && !isWeekend(eve) && !h.has(eve))
      h.open(eve, 'Christmas Eve', 'Christmas Eve', { memo: 'Early closure: the exchange operates 09:00-14:00' });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Bermuda Stock Exchange',
        'Market Name': 'Equities',
        'Security Group': 'Equities, Bonds (BEST)',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XBDA',
        Acronym: 'BSX',
        'Asset Type': 'Equities',
        Memo: 'Continuous trading 09:00-15:30 through the years; Christmas Eve early closure at 14:00 (2024 notice) applied from 2018',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XBDA', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'World Federation of Exchanges: Bermuda Stock Exchange key information (trading hours)',
            url: 'https://www.world-exchanges.org/member-exchanges/key-information-/bermuda-stock-exchange',
          },
          { title: 'Bermuda Public Holidays Act 1947 (as amended)', url: 'https://www.bermudalaws.bm/' },
          {
            title: 'BSX: closure due to Hurricane Gonzalo (October 16, 2014)',
            url: 'https://mondovisione.com/media-and-resources/news/bermuda-stock-exchange-to-close-due-to-hurricane-gonzalo-20141016',
          },
          {
            title: 'BSX: 2024 festive holiday closure notice',
            url: 'https://mondovisione.com/media-and-resources/news/bermuda-stock-exchange-2024-festive-holiday-closure-notice/',
          },
        ],
      },
    ],
  };
}
