// The Santiago exchange (Bolsa de Santiago) and Chile's public holidays.
import { addDays, easterSunday, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { utcOffsetMinutes, weekdayOnOrBefore, isWeekend, clean, addHolidays } from './americas-more-lib.mjs';

// ---------------------------------------------------------------------------------------------
// Chile.

// Indigenous Peoples' Day (Law 21.357): the day of the winter solstice, fixed each year.
const CL_SOLSTICE = {
  2021: 21,
  2022: 21,
  2023: 21,
  2024: 20,
  2025: 20,
  2026: 21,
  2027: 21,
  2028: 20,
  2029: 20,
  2030: 21,
};

// One-off national (or Santiago) holidays.
const CL_ONE_OFF = [
  ['2000-09-04', 'National Unity Day'],
  ['2001-09-03', 'National Unity Day'],
  ['2002-04-24', 'National Census'],
  ['2010-09-17', 'Bicentennial Holiday'],
  ['2010-09-20', 'Bicentennial Holiday'],
  ['2017-04-19', 'National Census'],
  ['2018-01-16', 'Papal Visit (Santiago)'],
  ['2021-09-17', 'Independence Holiday'],
  ['2022-09-16', 'Independence Holiday'],
];

/** Chilean public holidays (Law 2.977 and later laws; Law 19.668 moves some to Mondays). */
export function chileanHolidays(year) {
  const e = easterSunday(year);
  const out = [];
  const fixed = (m, d, name) => out.push({ date: ymd(year, m, d), name });
  // Law 19.668: Tuesday to Thursday go to the Monday before, Friday to the Monday after.
  const toMonday = (date, name) => {
    const wd = weekday(date);
    let d = date;
    if (wd >= 2 && wd <= 4) d = addDays(date, 1 - wd);
    else if (wd === 5) d = addDays(date, 3);
    out.push({ date: d, name, observed: d !== date });
  };
  fixed(1, 1, "New Year's Day");
  if (year >= 2017 && weekday(ymd(year, 1, 2)) === 1) fixed(1, 2, "New Year's Holiday");
  out.push({ date: addDays(e, -2), name: 'Good Friday' });
  fixed(5, 1, 'Labour Day');
  fixed(5, 21, 'Navy Day');
  if (year <= 2006) out.push({ date: addDays(e, 64), name: 'Corpus Christi', observed: true });
  if (CL_SOLSTICE[year]) fixed(6, CL_SOLSTICE[year], "National Indigenous Peoples' Day");
  toMonday(ymd(year, 6, 29), 'Saints Peter and Paul');
  if (year >= 2007) fixed(7, 16, 'Our Lady of Mount Carmel');
  fixed(8, 15, 'Assumption Day');
  if (year >= 2007 && weekday(ymd(year, 9, 17)) === 1) fixed(9, 17, 'Independence Holiday');
  fixed(9, 18, 'Independence Day');
  fixed(9, 19, 'Army Day');
  if (year >= 2013 && weekday(ymd(year, 9, 20)) === 5) fixed(9, 20, 'Independence Holiday');
  toMonday(ymd(year, 10, 12), 'Meeting of Two Worlds');
  if (year >= 2008) {
    // Law 20.299: on a Tuesday it moves to the Friday before, on a Wednesday to the Friday after.
    const oct31 = ymd(year, 10, 31);
    const wd = weekday(oct31);
    const d = wd === 2 ? addDays(oct31, -4) : wd === 3 ? addDays(oct31, 2) : oct31;
    out.push({ date: d, name: 'Reformation Day', observed: d !== oct31 });
  }
  fixed(11, 1, "All Saints' Day");
  fixed(12, 8, 'Immaculate Conception');
  fixed(12, 25, 'Christmas Day');
  for (const [date, name] of CL_ONE_OFF) if (date.startsWith(`${year}-`)) out.push({ date, name });
  return clean(out);
}

// The session ran to 17:00 while Chile was on summer time ("between October and April"), and has
// closed at 16:00 all year since the summer of 2017-2018 ended (the end date is an estimate).
const SANTIAGO_SUMMER_HOURS_END = '2018-05-14';

/** Periods of the Santiago close: 17:00 on Chilean summer time until 2018, 16:00 otherwise. */
function santiagoPeriods() {
  const out = [];
  const lastDay = addDays(SANTIAGO_SUMMER_HOURS_END, -1);
  for (let d = `${years()[0]}-01-01`; d <= lastDay; d = addDays(d, 1)) {
    // Chile stayed on summer time through 2015; the exchange kept its winter hours that winter.
    const winter2015 = d >= '2015-04-26' && d <= '2015-09-05';
    const close = utcOffsetMinutes('America/Santiago', d) === -180 && !winter2015 ? '17:00' : '16:00';
    const cur = out.at(-1);
    if (cur && cur.close === close) cur.until = d;
    else out.push({ from: d, until: d, close });
  }
  out[0].from = '';
  const last = out.at(-1);
  if (last.close === '16:00') last.until = '';
  else out.push({ from: SANTIAGO_SUMMER_HOURS_END, until: '', close: '16:00' });
  return out;
}

export function bcs() {
  const id = 'CL.BCS';
  const TZ = 'America/Santiago';
  const s = scheduleFor(id, TZ, {
    Regular:
      'Equities: 09:30-16:00 (to 17:00 in the Chilean summer until 2018), closing auction in the last quarter hour',
    Partial: 'Early close at 13:00 (closing auction 12:45-13:00)',
  });
  for (const p of santiagoPeriods()) {
    const o = { from: p.from || undefined, until: p.until || undefined };
    s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:30', p.close, o);
  }
  s.row('Regular', 'Pre-Close', 'Closing Auction', 'Mon-Fri', '15:45', '16:00', { from: SANTIAGO_SUMMER_HOURS_END });
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:30', '13:00');
  s.row('Partial', 'Pre-Close', 'Closing Auction', 'Mon-Fri', '12:45', '13:00', { from: SANTIAGO_SUMMER_HOURS_END });
  const h = holidaysFor(id);
  for (const y of years()) {
    const hol = chileanHolidays(y);
    addHolidays(h, hol);
    const dec31 = ymd(y, 12, 31);
    if (!isWeekend(dec31))
      h.closed(dec31, 'Bank Holiday', {
        memo: 'Banks closed on December 31 (General Banking Law, art. 38)',
        ifFree: true,
      });
    if (y >= 2020) {
      const eve = ymd(y, 12, 24);
      if (!isWeekend(eve) && !h.has(eve)) h.open(eve, 'Christmas Eve', 'Partial', { memo: 'Early close at 13:00' });
    }
    if (y >= 2025) {
      const last = weekdayOnOrBefore(addDays(dec31, -1));
      if (!h.has(last)) h.open(last, 'Last Trading Day of the Year', 'Partial', { memo: 'Early close at 13:00' });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Bolsa de Santiago',
        'Market Name': 'Equities',
        'Security Group': 'Renta Variable',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XSGO',
        Acronym: 'BCS',
        'Asset Type': 'Equities',
        Memo: 'Equities 09:30-16:00 through the sample years (the older extension to 17:00 in the Chilean summer is not modelled); closed on the December 31 bank holiday; early closes at 13:00 on Christmas Eve (from 2020) and the last trading day of the year (from 2025)',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XSGO', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'nuam: horarios especiales 24, 30 y 31 de diciembre de 2025 (Bolsa de Santiago)',
            url: 'https://elcomercio.pe/economia/peru/nuam-conoce-los-horarios-especiales-de-operacion-por-cierre-de-ano-l-nuam-l-ultimas-noticia/',
          },
          {
            title: 'Ley 21.791: restablece el feriado bancario del 31 de diciembre',
            url: 'https://www.elmostrador.cl/datos-utiles/2025/12/29/feriado-bancario-marca-el-cierre-del-ano-este-31-de-diciembre-no-habra-atencion-en-sucursales/',
          },
          {
            title: 'Bolsa de Santiago: trading hours (FIAB handbook)',
            url: 'https://handbook.fiabnet.org/en/bolsa-de-santiago/',
          },
          {
            title: 'Leyes 19.668, 20.299, 20.983, 21.357 (feriados), Biblioteca del Congreso Nacional',
            url: 'https://www.bcn.cl/',
          },
        ],
      },
    ],
  };
}
