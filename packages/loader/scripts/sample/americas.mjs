// B3 (São Paulo), whose hours follow US daylight saving time, and the Buenos Aires exchanges.
import { addDays, easterSunday, weekday, ymd, years } from './dates.mjs';
import { holidaysFor, market, scheduleFor } from './model.mjs';
import { US_SUMMER, US_WINTER } from './seasons.mjs';

/** Brazilian national holidays (and B3's own closing days) of a year as {date, name, memo}. */
export function brazilianHolidays(year, { exchange = false } = {}) {
  const e = easterSunday(year);
  const out = [
    [ymd(year, 1, 1), "New Year's Day"],
    [addDays(e, -48), 'Carnival'], [addDays(e, -47), 'Carnival'],
    [addDays(e, -2), 'Good Friday'], [ymd(year, 4, 21), 'Tiradentes'], [ymd(year, 5, 1), 'Labour Day'],
    [addDays(e, 60), 'Corpus Christi'], [ymd(year, 9, 7), 'Independence Day'],
    [ymd(year, 10, 12), 'Our Lady of Aparecida'], [ymd(year, 11, 2), "All Souls' Day"],
    [ymd(year, 11, 15), 'Republic Proclamation Day'],
    [ymd(year, 12, 25), 'Christmas'],
  ].map(([date, name]) => ({ date, name, memo: '' }));
  if (year >= 2024) out.push({ date: ymd(year, 11, 20), name: 'Black Consciousness Day', memo: 'National holiday since 2024' });
  if (exchange) {
    // São Paulo city and state holidays closed the exchange until B3 opened on them from 2022.
    // In 2020 São Paulo moved its July 9 and November 20 holidays to May by decree (COVID-19) and
    // B3 traded on both the old and the new dates.
    if (year <= 2021) {
      out.push({ date: ymd(year, 1, 25), name: 'São Paulo City Anniversary', memo: 'Local holiday' });
      if (year !== 2020) out.push({ date: ymd(year, 7, 9), name: 'Constitutionalist Revolution', memo: 'Local holiday' });
      if (year >= 2004 && year !== 2020) out.push({ date: ymd(year, 11, 20), name: 'Black Consciousness Day', memo: 'Local holiday' });
    }
    if (year === 2014) out.push({ date: '2014-06-12', name: 'World Cup Opening Match', memo: 'One-off closure: the opening match in São Paulo' });
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
    Regular: 'Cash equities; hours shift by one hour with US daylight saving time',
    'Late Open': 'Ash Wednesday: trading starts at 13:00',
  });
  const day = (group, open, season) => {
    const [close, auctionEnd, afterStart, afterEnd] = season === US_SUMMER
      ? ['16:55', '17:00', '17:25', '17:45']
      : ['17:55', '18:00', '18:25', '18:45'];
    const o = { season };
    s.row(group, 'Pre-Open', 'Pre-Opening', 'Mon-Fri', addMinutes(open, -15), open, o);
    s.row(group, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', open, close, o);
    s.row(group, 'Call Auction', 'Closing Call', 'Mon-Fri', close, auctionEnd, o);
    if (group === 'Regular') s.row(group, 'Post-Trading Session', 'After-Market', 'Mon-Fri', afterStart, afterEnd, o);
  };
  for (const season of [US_SUMMER, US_WINTER]) {
    day('Regular', '10:00', season);
    day('Late Open', '13:00', season);
  }
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const b of brazilianHolidays(y, { exchange: true })) h.closed(b.date, b.name, { memo: b.memo, ifFree: true });
    h.open(addDays(easterSunday(y), -46), 'Ash Wednesday', 'Late Open', { memo: 'Trading from 13:00' });
  }
  return {
    markets: [
      market({
        FinID: id, 'Exchange Name': 'B3 - Brasil, Bolsa, Balcão', 'Market Name': 'Equities',
        'Security Group': 'Cash Equities', Timezone: 'America/Sao_Paulo', 'Weekend Definition': 'Sat-Sun', MIC: 'BVMF',
        Acronym: 'B3', 'Asset Type': 'Equities',
        Memo: 'Hours follow US daylight saving time; the current hours are applied to all years; sample data',
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

/** Argentine holidays with the exchange's Holy Thursday; movable ones by the Monday rule. */
function argentineHolidays(year) {
  const e = easterSunday(year);
  // Law 23.555: a movable holiday on Tuesday or Wednesday moves to the Monday before, on
  // Thursday or Friday to the Monday after.
  const movable = (date) => {
    const wd = weekday(date);
    if (wd === 2 || wd === 3) return { date: addDays(date, 1 - wd), observed: true };
    if (wd === 4 || wd === 5) return { date: addDays(date, 8 - wd), observed: true };
    return { date, observed: false };
  };
  const out = [];
  const add = (date, name, observed = false) => out.push({ date, name, observed });
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
  add(ymd(year, 6, 20), 'Flag Day');
  add(ymd(year, 7, 9), 'Independence Day');
  const sm = movable(ymd(year, 8, 17));
  add(sm.date, 'San Martín Day', sm.observed);
  const co = movable(ymd(year, 10, 12));
  add(co.date, 'Day of Respect for Cultural Diversity', co.observed);
  if (year >= 2010) {
    const so = movable(ymd(year, 11, 20));
    add(so.date, 'National Sovereignty Day', so.observed);
  }
  add(ymd(year, 12, 8), 'Immaculate Conception');
  add(ymd(year, 12, 25), 'Christmas');
  const seen = new Set();
  return out
    .filter((h) => weekday(h.date) !== 0 && weekday(h.date) !== 6 && !seen.has(h.date) && seen.add(h.date))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

function argentineMarket(id, fields, phases) {
  const TZ = 'America/Argentina/Buenos_Aires';
  const s = scheduleFor(id, TZ, { Regular: 'Regular trading day' });
  for (const p of phases) s.row('Regular', ...p);
  const h = holidaysFor(id);
  for (const y of years()) for (const a of argentineHolidays(y)) h.closed(a.date, a.name, { observed: a.observed });
  return {
    markets: [market({ FinID: id, Timezone: TZ, 'Weekend Definition': 'Sat-Sun', 'Asset Type': 'Equities', ...fields })],
    holidays: h.rows(),
    schedules: s.rows,
  };
}

export function argentina() {
  const bcba = argentineMarket('AR.BCBA', {
    'Exchange Name': 'Bolsa de Comercio de Buenos Aires', 'Market Name': 'Equities', 'Security Group': 'Equities',
    MIC: 'XBUE', Acronym: 'BCBA', 'Permanently Closed': '2017-04-28', 'Replaced By': 'AR.BYMA',
    Memo: 'Trading moved to Bolsas y Mercados Argentinos; closing date approximate; sample data',
  }, [
    ['Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '11:00', '17:00', {}],
  ]);
  const byma = argentineMarket('AR.BYMA', {
    'Exchange Name': 'Bolsas y Mercados Argentinos', 'Market Name': 'Equities', 'Security Group': 'Equities',
    MIC: 'XBUE', Acronym: 'BYMA', Memo: 'Successor of the Buenos Aires Stock Exchange; sample data',
  }, [
    ['Pre-Open', 'Pre-Opening', 'Mon-Fri', '10:30', '11:00', {}],
    ['Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '11:00', '17:00', {}],
    ['Call Auction', 'Closing Auction', 'Mon-Fri', '17:00', '17:10', {}],
  ]);
  return {
    markets: [...bcba.markets, ...byma.markets],
    holidays: [...bcba.holidays, ...byma.holidays],
    schedules: [...bcba.schedules, ...byma.schedules],
    // XBUE stays with the closed exchange so that a lookup by MIC has to follow the replacement;
    // BYMA is also reachable through the MIC of MERVAL, which merged into it.
    mic: [['XBUE', 'AR.BCBA'], ['XMEV', 'AR.BYMA']],
  };
}
