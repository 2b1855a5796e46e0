// Regional (public) and religious calendars, published as reference rather than as closures.
import { addDays, easterSunday, nthWeekday, ymd, years } from './dates.mjs';
import { islamicFestivals, LUNAR_MEMO } from '../markets/gulf.mjs';
import { japaneseHolidays } from '../markets/japan.mjs';

export function regionalHolidayRows() {
  const rows = [];
  const add = (calendar, country, date, name, type, memo = '') =>
    rows.push({ Calendar: calendar, Country: country, Date: date, Name: name, Type: type, Memo: memo });
  for (const y of years()) {
    // The US federal calendar lists each holiday on its own date; observance is the markets' business.
    const us = [
      [ymd(y, 1, 1), "New Year's Day"],
      [nthWeekday(y, 1, 1, 3), 'Martin Luther King Jr. Day'],
      [nthWeekday(y, 2, 1, 3), "Washington's Birthday"],
      [nthWeekday(y, 5, 1, -1), 'Memorial Day'],
      ...(y >= 2021 ? [[ymd(y, 6, 19), 'Juneteenth National Independence Day']] : []),
      [ymd(y, 7, 4), 'Independence Day'],
      [nthWeekday(y, 9, 1, 1), 'Labor Day'],
      [nthWeekday(y, 10, 1, 2), 'Columbus Day'],
      [ymd(y, 11, 11), 'Veterans Day'],
      [nthWeekday(y, 11, 4, 4), 'Thanksgiving Day'],
      [ymd(y, 12, 25), 'Christmas Day'],
    ];
    for (const [d, n] of us) add('US', 'United States', d, n, 'public');
    if (y % 2 === 0)
      add(
        'US',
        'United States',
        addDays(nthWeekday(y, 11, 1, 1), 1),
        'Election Day',
        'other',
        'Federal elections; not a federal holiday',
      );
    for (const h of japaneseHolidays(y))
      add('JP', 'Japan', h.date, h.name, 'public', h.observed ? 'Substitute holiday' : '');
    const e = easterSunday(y);
    for (const [d, n] of [
      [addDays(e, -46), 'Ash Wednesday'],
      [addDays(e, -7), 'Palm Sunday'],
      [addDays(e, -2), 'Good Friday'],
      [e, 'Easter Sunday'],
      [addDays(e, 39), 'Ascension Day'],
      [addDays(e, 49), 'Pentecost'],
      [ymd(y, 12, 25), 'Christmas Day'],
    ])
      add('Christian', '', d, n, 'religious');
  }
  const f = islamicFestivals();
  for (const [spans, name] of [
    [f.hijriNewYear, 'Islamic New Year'],
    [f.mawlid, "Prophet Muhammad's Birthday"],
    [f.eidAlFitr, 'Eid al-Fitr'],
    [f.eidAlAdha, 'Eid al-Adha'],
  ]) {
    for (const span of spans)
      if (span[0] >= '2000-01-01' && span[0] <= '2030-12-31')
        add('Islamic', '', span[0], name, 'religious', LUNAR_MEMO);
  }
  const order = (r) => `${r.Calendar}|${r.Date}|${r.Name}`;
  return rows.sort((a, b) => (order(a) < order(b) ? -1 : 1));
}
