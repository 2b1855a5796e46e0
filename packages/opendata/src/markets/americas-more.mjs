// More markets of the Americas: ICE Futures U.S. and the Cboe Futures Exchange (US holiday rules
// of us.mjs), the Bermuda Stock Exchange, and the Colombian, Peruvian, Mexican and Chilean
// exchanges, several of which keep their session in step with New York's clock.
import { addDays, easterSunday, nthWeekday, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import {
  mondayOnOrAfter,
  overnightRows,
  periodsAgainstNewYork,
  utcOffsetMinutes,
  shiftTime,
  weekdayOnOrBefore,
} from './americas-more-lib.mjs';
import { nyseEvents } from './us.mjs';

const SAT = 6;
const SUN = 0;
const isWeekend = (d) => weekday(d) === SAT || weekday(d) === SUN;
const byDate = (a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/** Rows as { date, name, observed, memo } without weekends or repeated dates, sorted. */
function clean(rows) {
  const seen = new Set();
  const out = [];
  for (const r of rows.sort(byDate)) {
    if (isWeekend(r.date) || seen.has(r.date)) continue;
    seen.add(r.date);
    out.push({ observed: false, memo: '', ...r });
  }
  return out;
}

function addHolidays(h, rows) {
  for (const r of rows) h.closed(r.date, r.name, { observed: r.observed, memo: r.memo, ifFree: true });
}

// ---------------------------------------------------------------------------------------------
// ICE Futures U.S.: the US Dollar Index futures session, electronic, 20:00 ET the evening before
// to 17:00 ET (the Sunday session opens at 18:00 ET), belonging to the trade date it ends on.

const ICE_SOURCES = [
  {
    title: 'ICE Futures U.S. 2025 Trading Holiday Calendar (notice of July 5, 2024)',
    url: 'https://www.ice.com/publicdocs/futures_us/exchange_notices/2025_Holiday_Calendar.pdf',
  },
  {
    title: 'ICE Futures U.S.: US Dollar Index Futures, market specifications (trading hours)',
    url: 'https://www.ice.com/products/194/US-Dollar-Index-Futures',
  },
  {
    title: 'ICE Futures U.S. holiday trading schedule notices (Good Friday, Independence Day, Labor Day)',
    url: 'https://www.ice.com/futures-us/exchange-notices',
  },
  {
    title: 'ICE notice: Memorial Day 2016 processing schedule (financial products open, a regular clearing day)',
    url: 'https://www.comunicaffe.com/ice-notice-memorial-day-processing-schedule/',
  },
];

export function iceUs() {
  const id = 'US.ICEUS';
  const TZ = 'America/New_York';
  const s = scheduleFor(id, TZ, {
    Regular: 'US Dollar Index futures: Sunday 18:00 and Monday to Thursday 20:00 to 17:00 the next day',
    'Halt Eve': 'The evening session ends at 13:00 on the US holiday',
    'Holiday Halt': 'US holiday: early close at 13:00; the evening session opens the next trade date',
    'Halt Before Early Close': 'US holiday: early close at 13:00; the evening session ends at 13:00 the next day',
    'Early Close Eve': 'The evening session ends at 13:00 the next day',
    'Early Close': 'Early close at 13:00; no evening session',
    'Closed Eve': 'No evening session: the next day is closed',
    'Reopen Evening': 'Closed during the day; the evening session opens the next trade date',
    'Reopen Before Early Close': 'Closed during the day; the evening session ends at 13:00 the next day',
  });
  const evening = (group, end, days = ['Sun', 'Mon-Thu']) => {
    for (const d of days) {
      const start = d === 'Sun' ? '18:00' : '20:00';
      s.row(group, 'Pre-Open', 'Pre-Open', d, shift30(start), start);
      s.row(group, 'Primary Trading Session', 'Electronic Trading Session', d, start, end, { offset: 1 });
    }
  };
  const settle = (group) => s.row(group, 'Settlement Window', 'Daily Settlement Window', 'Mon-Fri', '14:59', '15:00');
  settle('Regular');
  evening('Regular', '17:00');
  settle('Halt Eve');
  evening('Halt Eve', '13:00');
  evening('Holiday Halt', '17:00', ['Mon-Thu']);
  evening('Halt Before Early Close', '13:00', ['Mon-Thu']);
  settle('Early Close Eve');
  evening('Early Close Eve', '13:00');
  s.row('Early Close', 'Settlement Window', 'Daily Settlement Window', 'Mon-Fri', '12:59', '13:00');
  settle('Closed Eve');
  evening('Reopen Evening', '17:00', ['Mon-Thu']);
  evening('Reopen Before Early Close', '13:00', ['Mon-Thu']);

  const events = [];
  for (const y of years()) {
    for (const e of nyseEvents(y)) {
      if (e.kind === 'half') {
        // Independence Day's eve is followed by the holiday halt; ICE keeps it a regular day.
        if (e.name !== 'Independence Day')
          events.push({ ...e, kind: 'early', memo: 'Early close at 13:00 ET; no evening session' });
      } else if (e.special) {
        events.push({ ...e, kind: 'closed', memo: `${e.memo}; simplified to a full closure` });
      } else if (["New Year's Day", 'Good Friday', 'Christmas'].includes(e.name)) {
        events.push({ ...e, kind: 'closed' });
      } else {
        events.push({
          ...e,
          kind: 'halt',
          memo: 'US holiday: open electronically with an early close at 13:00 ET; a clearing business day',
        });
      }
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'ICE Futures U.S.',
        'Market Name': 'Financial Futures',
        'Security Group': 'US Dollar Index futures',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'IEPA',
        Acronym: 'IFUS',
        'Asset Type': 'Futures, Options',
        Memo: 'Electronic session of the US Dollar Index futures from 20:00 ET the evening before (Sunday 18:00) to 17:00 ET, belonging to the trade date it ends on; US holidays close early at 13:00 ET (clearing business days); days of mourning and emergency closures simplified to full closures',
      }),
    ],
    holidays: overnightRows(id, events),
    schedules: s.rows,
    mic: [['IEPA', id]],
    coverage: [{ finId: id, confirmedThrough: '2026-12-31', sources: ICE_SOURCES }],
  };
}

function shift30(time) {
  return shiftTime(time, -30);
}

// ---------------------------------------------------------------------------------------------
// Cboe Futures Exchange: VIX futures, regular trading hours 08:30-15:15 CT.

const CFE_SOURCES = [
  {
    title: 'Cboe Futures Exchange: VX futures contract specifications and trading hours',
    url: 'https://www.cboe.com/tradable_products/vix/vix_futures/specifications/',
  },
  {
    title: 'CFE: Extended Trading Hours for VIX futures (circulars IC13-029, IC13-031, CFE-2014-010)',
    url: 'https://cfe.cboe.com/tradecfe/ETH.aspx',
  },
  { title: 'Cboe holiday calendar (CFE)', url: 'https://www.cboe.com/about/hours/us-futures/' },
];

export function cfe() {
  const id = 'US.CFE';
  const TZ = 'America/Chicago';
  const s = scheduleFor(id, TZ, {
    Regular: 'VIX futures: regular trading hours 08:30-15:15 CT',
    Partial: 'Early close: regular trading hours end at 12:15 CT',
  });
  // Extended trading hours as pre-trading sessions within the trade date (the evening part that
  // begins the previous day is left out, see the market memo).
  s.row('Regular', 'Pre-Trading Session', 'Extended Trading Hours', 'Mon-Fri', '07:00', '08:30', {
    from: '2004-03-26',
    until: '2013-06-16',
  });
  s.row('Regular', 'Pre-Trading Session', 'Extended Trading Hours', 'Mon-Fri', '02:00', '08:30', {
    from: '2013-06-17',
  });
  s.row('Regular', 'Primary Trading Session', 'Regular Trading Hours', 'Mon-Fri', '08:30', '15:15');
  s.row('Partial', 'Primary Trading Session', 'Regular Trading Hours', 'Mon-Fri', '08:30', '12:15');
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const e of nyseEvents(y)) {
      if (e.kind === 'closed') h.closed(e.date, e.name, { observed: e.observed, memo: e.memo });
      else h.open(e.date, e.name, 'Partial', { memo: 'Early close at 12:15 CT' });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Cboe Futures Exchange',
        'Market Name': 'VIX Futures',
        'Security Group': 'Cboe Volatility Index (VX) futures',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XCBF',
        Acronym: 'CFE',
        'Asset Type': 'Futures',
        Memo: 'Regular trading hours of VIX futures (08:30-15:15 CT); the extended hours that start the previous evening are not modelled; on US holidays the regular session is closed; days of mourning and emergencies simplified to closures',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XCBF', id]],
    coverage: [{ finId: id, confirmedThrough: '2026-12-31', sources: CFE_SOURCES }],
  };
}

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

// ---------------------------------------------------------------------------------------------
// Colombia.

/** Colombian public holidays (Law 51 of 1983, "Ley Emiliani": several move to the next Monday). */
export function colombianHolidays(year) {
  const e = easterSunday(year);
  const out = [];
  const fixed = (m, d, name) => out.push({ date: ymd(year, m, d), name });
  const monday = (m, d, name) => {
    const date = mondayOnOrAfter(ymd(year, m, d));
    out.push({ date, name, observed: date !== ymd(year, m, d) });
  };
  fixed(1, 1, "New Year's Day");
  monday(1, 6, 'Epiphany');
  monday(3, 19, "Saint Joseph's Day");
  out.push({ date: addDays(e, -3), name: 'Holy Thursday' });
  out.push({ date: addDays(e, -2), name: 'Good Friday' });
  fixed(5, 1, 'Labour Day');
  out.push({ date: addDays(e, 43), name: 'Ascension Day', observed: true });
  out.push({ date: addDays(e, 64), name: 'Corpus Christi', observed: true });
  out.push({ date: addDays(e, 71), name: 'Sacred Heart', observed: true });
  monday(6, 29, 'Saints Peter and Paul');
  fixed(7, 20, 'Independence Day');
  fixed(8, 7, 'Battle of Boyacá');
  monday(8, 15, 'Assumption Day');
  monday(10, 12, 'Columbus Day');
  monday(11, 1, "All Saints' Day");
  monday(11, 11, 'Independence of Cartagena');
  fixed(12, 8, 'Immaculate Conception');
  fixed(12, 25, 'Christmas Day');
  return clean(out);
}

export function bvc() {
  const id = 'CO.BVC';
  const TZ = 'America/Bogota';
  const s = scheduleFor(id, TZ, {
    Regular:
      'Equities (continuous instruments): New York hours, 09:30-16:00 Bogotá or 08:30-15:00 while New York is on summer time',
    Partial: 'Christmas Eve: trading until 13:00',
  });
  // The closing auction is part of the trading day in BVC's hours ("08:30 to 15:00"): a Pre-Close
  // phase inside the primary session.
  for (const p of periodsAgainstNewYork(TZ)) {
    const o = { from: p.from || undefined, until: p.until || undefined };
    const t = (x) => shiftTime(x, p.shift);
    for (const [group, close] of [
      ['Regular', t('16:00')],
      ['Partial', '13:00'],
    ]) {
      s.row(group, 'Pre-Open', 'Preparación de Apertura', 'Mon-Fri', t('09:15'), t('09:30'), o);
      s.row(group, 'Primary Trading Session', 'Mercado Abierto', 'Mon-Fri', t('09:30'), close, o);
      s.row(group, 'Pre-Close', 'Subasta de Cierre', 'Mon-Fri', shiftTime(close, -5), close, o);
    }
  }
  const h = holidaysFor(id);
  for (const y of years()) {
    addHolidays(h, colombianHolidays(y));
    const last = weekdayOnOrBefore(ymd(y, 12, 31));
    if (!h.has(last)) h.closed(last, 'Last Business Day of the Year', { memo: 'Business day without trading' });
    const eve = ymd(y, 12, 24);
    if (!isWeekend(eve) && !h.has(eve)) h.open(eve, 'Christmas Eve', 'Partial', { memo: 'Equities close at 13:00' });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Bolsa de Valores de Colombia',
        'Market Name': 'Equities',
        'Security Group': 'Renta Variable (continuous instruments)',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XBOG',
        Acronym: 'BVC',
        'Asset Type': 'Equities',
        Memo: "Hours in step with New York's (09:30-16:00 New York time) through the sample years, closing auction inside the session; Christmas Eve closes at 13:00; the last business day of the year is not a trading day",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XBOG', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'BVC: ajuste de horarios de negociación por el horario de verano de Nueva York (2022)',
            url: 'https://www.eltiempo.com/economia/sector-financiero/bolsa-de-valores-de-colombia-nuevo-horario-656694',
          },
          {
            title: 'BVC: ajuste de horario de negociación desde el 9 de marzo de 2026',
            url: 'https://www.valoraanalitik.com/bolsa-de-colombia-anuncia-ajusta-de-horario-de-negociacion-desde-de-marzo/',
          },
          {
            title: 'BVC: horarios del 24 y 31 de diciembre de 2019',
            url: 'https://www.larepublica.co/finanzas/bolsa-de-valores-de-colombia-revelo-horarios-para-este-24-y-31-de-diciembre-2942461',
          },
          {
            title: 'Ley 51 de 1983 (festivos, "Ley Emiliani")',
            url: 'https://www.funcionpublica.gov.co/eva/gestornormativo/norma.php?i=4954',
          },
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Peru.

/** Peruvian public holidays (Legislative Decree 713 and the laws that added days). */
export function peruvianHolidays(year) {
  const e = easterSunday(year);
  const out = [];
  const fixed = (m, d, name) => out.push({ date: ymd(year, m, d), name });
  fixed(1, 1, "New Year's Day");
  out.push({ date: addDays(e, -3), name: 'Holy Thursday' });
  out.push({ date: addDays(e, -2), name: 'Good Friday' });
  fixed(5, 1, 'Labour Day');
  // Law 31788 (2023) came out after June 7, 2023: the first Flag Day holiday was in 2024.
  if (year >= 2024) fixed(6, 7, 'Battle of Arica and Flag Day');
  fixed(6, 29, 'Saints Peter and Paul');
  if (year >= 2023) fixed(7, 23, 'Peruvian Air Force Day');
  fixed(7, 28, 'Independence Day');
  fixed(7, 29, 'Independence Day');
  if (year >= 2022) fixed(8, 6, 'Battle of Junín');
  fixed(8, 30, 'Santa Rosa de Lima');
  fixed(10, 8, 'Battle of Angamos');
  fixed(11, 1, "All Saints' Day");
  fixed(12, 8, 'Immaculate Conception');
  if (year >= 2022) fixed(12, 9, 'Battle of Ayacucho');
  fixed(12, 25, 'Christmas Day');
  return clean(out);
}

export function bvl() {
  const id = 'PE.BVL';
  const TZ = 'America/Lima';
  const s = scheduleFor(id, TZ, {
    Regular:
      "Equities: continuous trading in step with New York's 09:30-16:00 (08:30-15:00 Lima while New York is on summer time)",
    Partial: 'Year-end reduced hours: continuous trading until 12:00, closing until 12:10',
  });
  for (const p of periodsAgainstNewYork(TZ)) {
    const o = { from: p.from || undefined, until: p.until || undefined };
    const t = (x) => shiftTime(x, p.shift);
    s.row('Regular', 'Pre-Open', 'Pre-Apertura', 'Mon-Fri', t('09:00'), t('09:30'), o);
    s.row('Regular', 'Primary Trading Session', 'Negociación Continua', 'Mon-Fri', t('09:30'), t('16:00'), o);
    s.row('Regular', 'Call Auction', 'Cierre', 'Mon-Fri', t('16:00'), t('16:10'), o);
  }
  s.row('Partial', 'Pre-Open', 'Pre-Apertura', 'Mon-Fri', '09:00', '09:30');
  s.row('Partial', 'Primary Trading Session', 'Negociación Continua', 'Mon-Fri', '09:30', '12:00');
  s.row('Partial', 'Call Auction', 'Cierre', 'Mon-Fri', '12:00', '12:10');
  const h = holidaysFor(id);
  for (const y of years()) {
    addHolidays(h, peruvianHolidays(y));
    if (y >= 2025) {
      for (const d of [ymd(y, 12, 24), ymd(y, 12, 31)])
        if (!isWeekend(d) && !h.has(d))
          h.open(d, d.endsWith('24') ? 'Christmas Eve' : "New Year's Eve", 'Partial', {
            memo: 'Reduced hours: equities 09:00-12:10',
          });
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Bolsa de Valores de Lima',
        'Market Name': 'Equities',
        'Security Group': 'Renta Variable',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XLIM',
        Acronym: 'BVL',
        'Asset Type': 'Equities',
        Memo: "Continuous trading in step with New York's (09:30-16:00 Lima, 08:30-15:00 while New York is on summer time) through the sample years (the shorter 09:30-13:30 session of domestic shares in the 2000s is not modelled); public-sector non-working days are trading days; year-end reduced hours from 2025",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XLIM', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'Gestión: BVL trading hours (close at 15:00 March-November, 16:00 November-March), March 2025',
            url: 'https://gestion.pe/economia/mercados/bvl-casas-de-bolsa-rechazan-cambio-de-horario-que-proponen-bolsa-de-valores-sociedades-agentes-de-bolsa-noticia/',
          },
          {
            title: 'nuam: horarios especiales de operación 24 y 31 de diciembre de 2025',
            url: 'https://elcomercio.pe/economia/peru/nuam-conoce-los-horarios-especiales-de-operacion-por-cierre-de-ano-l-nuam-l-ultimas-noticia/',
          },
          {
            title: 'Decreto Legislativo 713 and later laws on public holidays (El Peruano)',
            url: 'https://www.gob.pe/feriados',
          },
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Mexico.

/** Days the BMV and the banks close (CNBV's calendar of non-working days; Federal Labour Law). */
export function mexicanClosures(year) {
  const e = easterSunday(year);
  const out = [];
  const fixed = (m, d, name) => out.push({ date: ymd(year, m, d), name });
  fixed(1, 1, "New Year's Day");
  // Since 2006 Constitution, Juárez and Revolution days are kept on Mondays.
  if (year >= 2006) {
    out.push({ date: nthWeekday(year, 2, 1, 1), name: 'Constitution Day', observed: true });
    out.push({ date: nthWeekday(year, 3, 1, 3), name: "Benito Juárez's Birthday", observed: true });
  } else {
    fixed(2, 5, 'Constitution Day');
    fixed(3, 21, "Benito Juárez's Birthday");
  }
  out.push({ date: addDays(e, -3), name: 'Holy Thursday' });
  out.push({ date: addDays(e, -2), name: 'Good Friday' });
  fixed(5, 1, 'Labour Day');
  fixed(9, 16, 'Independence Day');
  fixed(11, 2, "All Souls' Day");
  if (year >= 2006) out.push({ date: nthWeekday(year, 11, 1, 3), name: 'Revolution Day', observed: true });
  else fixed(11, 20, 'Revolution Day');
  fixed(12, 12, 'Our Lady of Guadalupe');
  fixed(12, 25, 'Christmas Day');
  // Transmission of the federal executive: December 1 every six years until 2018, October 1 since 2024.
  if (year % 6 === 2) {
    if (year <= 2018) fixed(12, 1, 'Transmission of the Federal Executive Power');
    else fixed(10, 1, 'Transmission of the Federal Executive Power');
  }
  return clean(out);
}

export function bmv() {
  const id = 'MX.BMV';
  const TZ = 'America/Mexico_City';
  const s = scheduleFor(id, TZ, {
    Regular:
      "Capital market: 08:30-15:00 Mexico City whenever its clock is an hour behind New York's, otherwise shifted to keep New York's 09:30-16:00",
  });
  for (const p of periodsAgainstNewYork(TZ)) {
    const o = { from: p.from || undefined, until: p.until || undefined };
    const t = (x) => shiftTime(x, p.shift);
    s.row('Regular', 'Pre-Open', 'Subasta de Apertura', 'Mon-Fri', t('09:00'), t('09:30'), o);
    s.row('Regular', 'Primary Trading Session', 'Sesión de Remates', 'Mon-Fri', t('09:30'), t('16:00'), o);
    s.row('Regular', 'Call Auction', 'Subasta de Cierre', 'Mon-Fri', t('16:00'), t('16:10'), o);
  }
  const h = holidaysFor(id);
  for (const y of years()) addHolidays(h, mexicanClosures(y));
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Bolsa Mexicana de Valores',
        'Market Name': 'Capital Market',
        'Security Group': 'Equities',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XMEX',
        Acronym: 'BMV',
        'Asset Type': 'Equities',
        Memo: "Session in step with New York's 09:30-16:00 (08:30-15:00 local, 07:30-14:00 while the clocks differ by two hours, every US summer since Mexico dropped summer time in 2022); closing auction after the session as a simplification",
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XMEX', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'CNBV: días inhábiles (Diario Oficial de la Federación, each year)',
            url: 'https://www.dof.gob.mx/',
          },
          {
            title: 'BMV regresa a su horario habitual el 3 de noviembre de 2025 (Expansión)',
            url: 'https://expansion.mx/mercados/2025/10/31/bolsa-mexicana-regresa-horario-apertura-cierre',
          },
          {
            title: 'BMV y BIVA: horario de 7:30 a 14:00 desde el 13 de marzo de 2023 (El CEO)',
            url: 'https://elceo.com/mercados/eliminacion-del-horario-de-verano-en-mexico-como-afectara-las-operaciones-del-mercado-bursatil/',
          },
          {
            title: 'Ley Federal del Trabajo, artículo 74',
            url: 'https://www.diputados.gob.mx/LeyesBiblio/pdf/LFT.pdf',
          },
        ],
      },
    ],
  };
}

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

export const MARKETS = [iceUs, cfe, bsx, bvc, bvl, bmv, bcs];

const mxnClosures = (y) => mexicanClosures(y);
const clpClosures = (y) =>
  clean([...chileanHolidays(y), { date: ymd(y, 12, 31), name: 'Bank Holiday', memo: 'Banks closed on December 31' }]);
const copClosures = (y) => colombianHolidays(y);
const penClosures = (y) => peruvianHolidays(y);

export const CURRENCIES = [
  ['COP', 'Colombian Peso', 'CO', 'Banco de la República', 'Bogotá', 'America/Bogota', copClosures],
  ['PEN', 'Peruvian Sol', 'PE', 'Banco Central de Reserva del Perú', 'Lima', 'America/Lima', penClosures],
  ['MXN', 'Mexican Peso', 'MX', 'Banco de México', 'Mexico City', 'America/Mexico_City', mxnClosures],
  ['CLP', 'Chilean Peso', 'CL', 'Banco Central de Chile', 'Santiago', 'America/Santiago', clpClosures],
  ['BMD', 'Bermudian Dollar', 'BM', 'Bermuda Monetary Authority', 'Hamilton', 'Atlantic/Bermuda', bermudaHolidays],
];
