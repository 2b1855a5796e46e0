// B3 (São Paulo), whose hours keep in step with New York's, and the Buenos Aires exchanges.
import { addDays, easterSunday, nthWeekday, weekday, yearOf, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { b3Periods } from './b3-hours.mjs';

/** Brazilian national holidays (and B3's own closing days) of a year as {date, name, memo}. */
export function brazilianHolidays(year, { exchange = false } = {}) {
  const e = easterSunday(year);
  const out = [
    [ymd(year, 1, 1), "New Year's Day"],
    [addDays(e, -48), 'Carnival'],
    [addDays(e, -47), 'Carnival'],
    [addDays(e, -2), 'Good Friday'],
    [ymd(year, 4, 21), 'Tiradentes'],
    [ymd(year, 5, 1), 'Labour Day'],
    [addDays(e, 60), 'Corpus Christi'],
    [ymd(year, 9, 7), 'Independence Day'],
    [ymd(year, 10, 12), 'Our Lady of Aparecida'],
    [ymd(year, 11, 2), "All Souls' Day"],
    [ymd(year, 11, 15), 'Republic Proclamation Day'],
    [ymd(year, 12, 25), 'Christmas'],
  ].map(([date, name]) => ({ date, name, memo: '' }));
  if (year >= 2024)
    out.push({ date: ymd(year, 11, 20), name: 'Black Consciousness Day', memo: 'National holiday since 2024' });
  if (exchange) {
    // São Paulo city and state holidays closed the exchange until B3 opened on them from 2022.
    // In 2020 São Paulo moved its July 9 and November 20 holidays to May by decree (COVID-19) and
    // B3 traded on both the old and the new dates.
    if (year <= 2021) {
      out.push({ date: ymd(year, 1, 25), name: 'São Paulo City Anniversary', memo: 'Local holiday' });
      const local = (date, name) => out.push({ date, name, memo: 'Local holiday' });
      if (year !== 2020) local(ymd(year, 7, 9), 'Constitutionalist Revolution');
      if (year >= 2004 && year !== 2020) local(ymd(year, 11, 20), 'Black Consciousness Day');
    }
    if (year === 2014) {
      const memo = 'One-off closure: the opening match in São Paulo';
      out.push({ date: '2014-06-12', name: 'World Cup Opening Match', memo });
    }
    out.push({ date: ymd(year, 12, 24), name: 'Christmas', memo: 'Christmas Eve' });
    // B3 does not trade on the last business day of the year: December 31, or the Friday before.
    const eve = ymd(year, 12, 31);
    const last = weekday(eve) === 6 ? addDays(eve, -1) : weekday(eve) === 0 ? addDays(eve, -2) : eve;
    out.push({ date: last, name: "New Year's Day", memo: 'Last business day of the year' });
  }
  return out.filter((h) => weekday(h.date) !== 0 && weekday(h.date) !== 6).sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function b3() {
  const id = 'BR.B3';
  const TZ = 'America/Sao_Paulo';
  const s = scheduleFor(id, TZ, {
    Regular: 'Cash equities; the session ends an hour later while São Paulo is two hours ahead of New York',
    'Late Open': 'Ash Wednesday: trading starts at 13:00',
  });
  // The primary session runs to the end of the closing call (B3: "10:00 to 17:00, the last five
  // minutes being the closing call"), which is a Pre-Close phase inside it, as for SIX and KRX.
  for (const p of b3Periods()) {
    const o = { season: p.season, from: p.from, until: p.until };
    for (const [group, open] of [
      ['Regular', p.open],
      ['Late Open', '13:00'],
    ]) {
      s.row(group, 'Pre-Open', 'Pre-Opening', 'Mon-Fri', addMinutes(open, -15), open, o);
      s.row(group, 'Primary Trading Session', 'Trading Session', 'Mon-Fri', open, p.close, o);
      s.row(group, 'Pre-Close', 'Closing Call', 'Mon-Fri', addMinutes(p.close, -5), p.close, o);
      if (p.after) s.row(group, 'Post-Trading Session', 'After-Market', 'Mon-Fri', ...p.after, o);
    }
  }
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const b of brazilianHolidays(y, { exchange: true })) h.closed(b.date, b.name, { memo: b.memo, ifFree: true });
    h.open(addDays(easterSunday(y), -46), 'Ash Wednesday', 'Late Open', { memo: 'Trading from 13:00' });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'B3 - Brasil, Bolsa, Balcão',
        'Market Name': 'Equities',
        'Security Group': 'Cash Equities',
        Timezone: 'America/Sao_Paulo',
        'Weekend Definition': 'Sat-Sun',
        MIC: 'BVMF',
        Acronym: 'B3',
        'Asset Type': 'Equities',
        Memo: 'Hours by period, in step with New York (see the schedule seasons); sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['BVMF', id]],
  };
}

function addMinutes(time, n) {
  const [h, m] = time.split(':').map(Number);
  const t = h * 60 + m + n;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

// Days the government declared non-working for tourism (bridge days, Decree 1584/2010 and Law
// 27.399), on which the Buenos Aires market is closed.
const AR_BRIDGE_DAYS = [
  '2011-03-25',
  '2011-12-09',
  '2012-04-30',
  '2013-04-01',
  '2013-06-21',
  '2014-05-02',
  '2014-12-26',
  '2015-03-23',
  '2015-12-07',
  '2016-07-08',
  '2016-12-09',
  '2018-04-30',
  '2018-12-24',
  '2018-12-31',
  '2019-07-08',
  '2019-08-19',
  '2019-10-14',
  '2020-03-23',
  '2020-07-10',
  '2020-12-07',
  '2021-05-24',
  '2021-10-08',
  '2021-11-22',
  '2022-10-07',
  '2022-11-21',
  '2022-12-09',
  '2023-05-26',
  '2023-06-19',
  '2023-10-13',
  '2024-04-01',
  '2024-06-21',
  '2024-10-11',
  '2025-05-02',
  '2025-08-15',
  '2025-11-21',
  '2026-03-23',
  '2026-07-10',
  '2026-12-07',
];

// One-off national holidays and the 2002 banking holidays, on which the market was closed.
const AR_ONE_OFF = [
  ['2002-01-07', '2002-01-16', 'Banking Holiday', 'Markets closed during the 2002 banking holiday'],
  ['2002-04-22', '2002-04-26', 'Banking Holiday', 'Markets closed during the 2002 banking holiday'],
  ['2010-05-24', '2010-05-24', 'Bicentennial of the May Revolution', ''],
  ['2010-10-27', '2010-10-27', 'National Census', ''],
  ['2012-02-27', '2012-02-27', 'Bicentennial of the National Flag', ''],
  ['2012-09-24', '2012-09-24', 'Bicentennial of the Battle of Tucumán', ''],
  ['2013-01-31', '2013-01-31', 'Bicentennial of the Assembly of the Year XIII', ''],
  ['2013-02-20', '2013-02-20', 'Bicentennial of the Battle of Salta', ''],
  ['2018-11-30', '2018-11-30', 'G20 Summit', ''],
  ['2022-05-18', '2022-05-18', 'National Census', ''],
  ['2022-12-20', '2022-12-20', 'World Cup Celebration', ''],
];

/**
 * Argentine holidays with the exchange's Holy Thursday. Movable holidays follow the rule in force:
 * Laws 23.555 and 27.399 move a holiday on Tuesday or Wednesday to the Monday before and one on
 * Thursday or Friday to the Monday after; from 2011 to 2017 Decree 1584/2010 set San Martín Day on
 * the third Monday of August, the Day of Respect for Cultural Diversity on the second Monday of
 * October and National Sovereignty Day on the fourth Monday of November, with the decreed
 * exceptions of 2011, 2015 and 2016.
 */
export function argentineHolidays(year) {
  const e = easterSunday(year);
  const lawMonday = (date) => {
    const wd = weekday(date);
    if (wd === 2 || wd === 3) return { date: addDays(date, 1 - wd), observed: true };
    if (wd === 4 || wd === 5) return { date: addDays(date, 8 - wd), observed: true };
    return { date, observed: false };
  };
  const nth = (month, n) => ({ date: nthWeekday(year, month, 1, n), observed: true });
  const out = [];
  const add = (date, name, observed = false, memo = '') => out.push({ date, name, observed, memo });
  const addMoved = ({ date, observed }, name) => add(date, name, observed);
  add(ymd(year, 1, 1), "New Year's Day");
  if (year >= 2011) {
    add(addDays(e, -48), 'Carnival');
    add(addDays(e, -47), 'Carnival');
  }
  if (year >= 2006) add(ymd(year, 3, 24), 'Day of Remembrance for Truth and Justice');
  add(ymd(year, 4, 2), 'Malvinas Day');
  add(addDays(e, -3), 'Holy Thursday');
  add(addDays(e, -2), 'Good Friday');
  add(ymd(year, 5, 1), 'Labour Day');
  add(ymd(year, 5, 25), 'May Revolution');
  // Güemes Day is movable from 2018; in 2022 it stayed on Friday June 17, Monday being Flag Day.
  const guemes = ymd(year, 6, 17);
  if (year >= 2016) addMoved(year >= 2018 && year !== 2022 ? lawMonday(guemes) : { date: guemes }, 'Güemes Day');
  addMoved(year <= 2010 ? lawMonday(ymd(year, 6, 20)) : { date: ymd(year, 6, 20) }, 'Flag Day');
  add(ymd(year, 7, 9), 'Independence Day');
  const decree = year >= 2011 && year <= 2017;
  const sanMartin =
    year === 2011 ? { date: '2011-08-22', observed: true } : decree ? nth(8, 3) : lawMonday(ymd(year, 8, 17));
  addMoved(sanMartin, 'San Martín Day');
  const diversity = decree && year !== 2017 ? nth(10, 2) : lawMonday(ymd(year, 10, 12));
  addMoved(diversity, 'Day of Respect for Cultural Diversity');
  if (year >= 2010) {
    const special = { 2015: '2015-11-27', 2016: '2016-11-28' }[year];
    const sovereignty = special
      ? { date: special, observed: true }
      : year <= 2014
        ? nth(11, 4)
        : lawMonday(ymd(year, 11, 20));
    addMoved(sovereignty, 'National Sovereignty Day');
  }
  if (year <= 2017) add(ymd(year, 11, 6), 'Bank Holiday', false, "Bank employees' day: banks and the market closed");
  add(ymd(year, 12, 8), 'Immaculate Conception');
  add(ymd(year, 12, 25), 'Christmas');
  for (const d of AR_BRIDGE_DAYS) if (yearOf(d) === year) add(d, 'Bridge Day', false, 'Non-working day for tourism');
  for (const [from, to, name, memo] of AR_ONE_OFF) {
    for (let d = from; d <= to; d = addDays(d, 1)) {
      if (yearOf(d) === year) add(d, name, false, memo || 'One-off national holiday');
    }
  }
  const seen = new Set();
  return out
    .filter((h) => weekday(h.date) !== 0 && weekday(h.date) !== 6 && !seen.has(h.date) && seen.add(h.date))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

function argentineMarket(id, fields, phases) {
  const TZ = 'America/Argentina/Buenos_Aires';
  const s = scheduleFor(id, TZ, { Regular: 'Regular trading day', Partial: 'Early close at 13:00' });
  for (const p of phases) s.row('Regular', ...p);
  // Christmas Eve and New Year's Eve end at 13:00: the same phases, cut at 13:00.
  for (const [type, name, days, start, end, opts] of phases) {
    if (start < '13:00') s.row('Partial', type, name, days, start, end < '13:00' ? end : '13:00', opts);
  }
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const a of argentineHolidays(y)) h.closed(a.date, a.name, { observed: a.observed, memo: a.memo });
    for (const [d, name] of [
      [ymd(y, 12, 24), 'Christmas'],
      [ymd(y, 12, 31), "New Year's Day"],
    ]) {
      const memo = 'Early close at 13:00';
      if (weekday(d) !== 0 && weekday(d) !== 6) h.open(d, name, 'Partial', { memo, ifFree: true });
    }
  }
  return {
    markets: [
      market({ FinID: id, Timezone: TZ, 'Weekend Definition': 'Sat-Sun', 'Asset Type': 'Equities', ...fields }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
  };
}

export function argentina() {
  const bcba = argentineMarket(
    'AR.BCBA',
    {
      'Exchange Name': 'Bolsa de Comercio de Buenos Aires',
      'Market Name': 'Equities',
      'Security Group': 'Equities',
      MIC: 'XBUE',
      Acronym: 'BCBA',
      'Permanently Closed': '2017-04-28',
      'Replaced By': 'AR.BYMA',
      Memo: 'Trading moved to Bolsas y Mercados Argentinos; closing date approximate; sample data',
    },
    [['Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '11:00', '17:00', {}]],
  );
  const byma = argentineMarket(
    'AR.BYMA',
    {
      'Exchange Name': 'Bolsas y Mercados Argentinos',
      'Market Name': 'Equities',
      'Security Group': 'Equities',
      MIC: 'XBUE',
      Acronym: 'BYMA',
      Memo: 'Successor of the Buenos Aires Stock Exchange; sample data',
    },
    [
      ['Pre-Open', 'Pre-Opening', 'Mon-Fri', '10:30', '11:00', {}],
      ['Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '11:00', '17:00', {}],
      ['Call Auction', 'Closing Auction', 'Mon-Fri', '17:00', '17:10', {}],
    ],
  );
  return {
    markets: [...bcba.markets, ...byma.markets],
    holidays: [...bcba.holidays, ...byma.holidays],
    schedules: [...bcba.schedules, ...byma.schedules],
    // XBUE stays with the closed exchange so that a lookup by MIC has to follow the replacement;
    // BYMA is also reachable through the MIC of MERVAL, which merged into it.
    mic: [
      ['XBUE', 'AR.BCBA'],
      ['XMEV', 'AR.BYMA'],
    ],
  };
}
