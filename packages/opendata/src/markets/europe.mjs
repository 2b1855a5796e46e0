// London Stock Exchange (England and Wales bank holidays) and Xetra (Deutsche Börse).
import { addDays, easterSunday, nthWeekday, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

/**
 * England and Wales bank holidays of a year as {date, name, observed, memo}, with substitute
 * days when a fixed holiday falls on a weekend and the one-off holidays proclaimed in
 * 2002, 2011, 2012, 2020, 2022 and 2023.
 */
export function ukBankHolidays(year) {
  const out = [];
  const add = (date, name, observed = false, memo = '') => out.push({ date, name, observed, memo });
  const taken = new Set();
  const fixed = (date, name) => {
    let d = date;
    let observed = false;
    while (weekday(d) === 0 || weekday(d) === 6 || taken.has(d)) {
      d = addDays(d, 1);
      observed = true;
    }
    taken.add(d);
    add(d, name, observed);
  };
  fixed(ymd(year, 1, 1), "New Year's Day");
  const easter = easterSunday(year);
  add(addDays(easter, -2), 'Good Friday');
  add(addDays(easter, 1), 'Easter Monday');
  if (year === 2020) add('2020-05-08', 'Early May Bank Holiday', false, 'Moved to the 75th anniversary of VE Day');
  else add(nthWeekday(year, 5, 1, 1), 'Early May Bank Holiday');
  const spring = { 2002: '2002-06-04', 2012: '2012-06-04', 2022: '2022-06-02' }[year];
  add(spring ?? nthWeekday(year, 5, 1, -1), 'Spring Bank Holiday', false, spring ? 'Moved for a royal jubilee' : '');
  add(nthWeekday(year, 8, 1, -1), 'Summer Bank Holiday');
  const boxing = ymd(year, 12, 26);
  // A weekday Boxing Day keeps its date and Christmas's substitute goes after it.
  if (weekday(boxing) !== 0 && weekday(boxing) !== 6) fixed(boxing, 'Boxing Day');
  fixed(ymd(year, 12, 25), 'Christmas');
  if (!out.some((h) => h.name === 'Boxing Day')) fixed(boxing, 'Boxing Day');
  const special =
    {
      2002: [['2002-06-03', 'Golden Jubilee']],
      2011: [['2011-04-29', 'Royal Wedding']],
      2012: [['2012-06-05', 'Diamond Jubilee']],
      2022: [
        ['2022-06-03', 'Platinum Jubilee'],
        ['2022-09-19', 'State Funeral of Queen Elizabeth II'],
      ],
      2023: [['2023-05-08', 'Coronation of King Charles III']],
    }[year] ?? [];
  for (const [d, n] of special) add(d, n, false, 'One-off bank holiday');
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** The date itself on a weekday; the Friday before on a weekend. */
export function fridayIfWeekend(d) {
  return weekday(d) === 6 ? addDays(d, -1) : weekday(d) === 0 ? addDays(d, -2) : d;
}

export function lse() {
  const id = 'GB.LSE';
  const TZ = 'Europe/London';
  const s = scheduleFor(id, TZ, {
    Regular: 'SETS regular trading day',
    Partial: "Early close at 12:30 on Christmas Eve and New Year's Eve",
  });
  for (const [g, close] of [
    ['Regular', '16:30'],
    ['Partial', '12:30'],
  ]) {
    s.row(g, 'Pre-Open', 'Opening Auction Call', 'Mon-Fri', '07:50', '08:00');
    s.row(g, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '08:00', close);
    const [hh, mm] = close.split(':');
    s.row(
      g,
      'Call Auction',
      'Closing Auction Call',
      'Mon-Fri',
      close,
      `${hh}:${String(Number(mm) + 5).padStart(2, '0')}`,
    );
  }
  s.row('Regular', 'Post-Trading Session', 'Trade Reporting Only', 'Mon-Fri', '16:40', '17:15');
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const b of ukBankHolidays(y)) h.closed(b.date, b.name, { observed: b.observed, memo: b.memo });
    // An eve on a weekend moves its early close to the Friday before (2016-12-23, 2022-12-30).
    for (const [d, name] of [
      [ymd(y, 12, 24), 'Christmas'],
      [ymd(y, 12, 31), "New Year's Day"],
    ]) {
      h.open(fridayIfWeekend(d), name, 'Partial', { memo: 'Early close at 12:30', ifFree: true });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'London Stock Exchange',
        'Market Name': 'SETS',
        'Security Group': 'FTSE 100, FTSE 250',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XLON',
        Acronym: 'LSE',
        'Asset Type': 'Equities',
        Memo: 'Sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XLON', id]],
  };
}

export function xetra() {
  const id = 'DE.XETR';
  const TZ = 'Europe/Berlin';
  const s = scheduleFor(id, TZ, {
    Regular: 'Xetra continuous trading with auctions',
    Partial: 'Last trading day of the year: closing auction at 14:00',
  });
  for (const [g, close, auctionEnd] of [
    ['Regular', '17:30', '17:35'],
    ['Partial', '14:00', '14:05'],
  ]) {
    s.row(g, 'Pre-Trading Session', 'Pre-Trading', 'Mon-Fri', '07:30', '08:50');
    s.row(g, 'Call Auction', 'Opening Auction', 'Mon-Fri', '08:50', '09:00');
    s.row(g, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', close);
    const pause = { memo: 'Continuous trading pauses for the auction' };
    s.row(g, 'Call Auction', 'Intraday Auction', 'Mon-Fri', '13:00', '13:02', pause);
    s.row(g, 'Call Auction', 'Closing Auction', 'Mon-Fri', close, auctionEnd);
  }
  s.row('Regular', 'Post-Trading Session', 'Post-Trading', 'Mon-Fri', '17:35', '20:00');
  const h = holidaysFor(id);
  for (const y of years()) {
    const easter = easterSunday(y);
    const list = [
      [ymd(y, 1, 1), "New Year's Day"],
      [addDays(easter, -2), 'Good Friday'],
      [addDays(easter, 1), 'Easter Monday'],
      [ymd(y, 5, 1), 'Labour Day'],
      [ymd(y, 12, 24), 'Christmas'],
      [ymd(y, 12, 25), 'Christmas'],
      [ymd(y, 12, 26), 'Boxing Day'],
      [ymd(y, 12, 31), "New Year's Day"],
    ];
    // Deutsche Börse closed Xetra on Whit Monday and German Unity Day for some years only.
    if ((y >= 2015 && y <= 2021) || y === 2007) list.push([addDays(easter, 50), 'Whit Monday']);
    if (y >= 2014 && y <= 2021) list.push([ymd(y, 10, 3), 'Day of German Unity']);
    if (y === 2017) list.push(['2017-10-31', 'Reformation Day']);
    for (const [d, name] of list) {
      const memo = d.endsWith('12-24')
        ? 'Christmas Eve'
        : d.endsWith('12-31')
          ? "New Year's Eve"
          : name === 'Reformation Day'
            ? "One-off holiday: the Reformation's 500th anniversary"
            : '';
      if (weekday(d) !== 0 && weekday(d) !== 6) h.closed(d, name, { memo });
    }
    // Since 2010 the last trading day before New Year's Eve ends with a closing auction at 14:00.
    if (y >= 2010) {
      let last = addDays(ymd(y, 12, 31), -1);
      while (weekday(last) === 0 || weekday(last) === 6) last = addDays(last, -1);
      const memo = 'Last trading day of the year: early close at 14:00';
      h.open(last, "New Year's Day", 'Partial', { memo, ifFree: true });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Deutsche Börse',
        'Market Name': 'Xetra',
        'Security Group': 'DAX, MDAX, SDAX',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XETR',
        Acronym: 'FWB',
        'Asset Type': 'Equities',
        Memo:
          'Whit Monday closed 2007 and 2015-2021, German Unity Day 2014-2021; ' +
          'early close on the last trading day of the year from 2010; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XETR', id]],
  };
}
