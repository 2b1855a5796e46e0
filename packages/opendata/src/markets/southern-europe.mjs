// Southern Europe: Euronext Brussels and Lisbon (the harmonised Euronext calendar), Euronext
// Dublin (the Irish Stock Exchange's calendar until it moved onto Euronext's in 2019), Borsa
// Italiana (Euronext Milan), Bolsa de Madrid (SIBE), the Athens Exchange and the Cyprus Stock
// Exchange (Orthodox Easter, the Greek and Cypriot holidays and the TARGET closing days).
// euronext.mjs keeps its helpers to itself, so the small Euronext pieces are restated here.
import { addDays, easterSunday, nthWeekday, orthodoxEaster, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import { fridayIfWeekend, ukBankHolidays } from './europe.mjs';

const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;
const src = (title, url) => ({ title, url });

/** `HH:MM` plus minutes. */
function plus(time, min) {
  const [h, m] = time.split(':').map(Number);
  const t = h * 60 + m + min;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

/** Weekday closures from a list of [date, name, memo?], the first name winning on a shared date. */
function closeAll(h, list) {
  for (const [d, name, memo] of list) if (!isWeekend(d)) h.closed(d, name, { memo, ifFree: true });
}

function result(id, mic, fields, h, s, coverage) {
  return {
    markets: [market({ FinID: id, MIC: mic, 'Weekend Definition': 'Sat-Sun', 'Asset Type': 'Equities', ...fields })],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [[mic, id]],
    coverage: [{ finId: id, ...coverage }],
  };
}

// ---------------------------------------------------------------------------------------------
// Euronext (Brussels, Lisbon, Dublin from 2019)

const EURONEXT_SOURCES = [
  src('Euronext: trading hours and holidays', 'https://www.euronext.com/en/trade/trading-hours-holidays'),
  src(
    'Euronext: 2019 holiday calendar for its cash and derivatives markets (18 October 2018)',
    'https://www.euronext.com/en/about/media/euronext-press-releases/euronext-announces-2019-holiday-calendar-for-its-cash-and',
  ),
];

/**
 * The Euronext cash-market day in local time: `shift` hours behind Central European Time for
 * Lisbon and Dublin. `from` limits the Regular and Partial rows to a date on.
 */
function euronextRows(s, shift, from) {
  const o = from ? { from } : {};
  const t = (hhmm) => plus(hhmm, -60 * shift);
  for (const [g, close] of [
    ['Regular', '17:30'],
    ['Partial', '14:00'],
  ]) {
    s.row(g, 'Pre-Open', 'Pre-Opening Phase', 'Mon-Fri', t('07:15'), t('09:00'), {
      ...o,
      memo: 'Order collection for the opening auction',
    });
    s.row(g, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', t('09:00'), t(close), o);
    s.row(g, 'Call Auction', 'Closing Auction', 'Mon-Fri', t(close), t(plus(close, 5)), o);
    s.row(g, 'Trading-at-Last', 'Trading at Last', 'Mon-Fri', t(plus(close, 5)), t(plus(close, 10)), o);
  }
}

/** The harmonised Euronext closures and eves of a year. */
function euronextDays(h, y, localTime) {
  const e = easterSunday(y);
  closeAll(h, [
    [ymd(y, 1, 1), "New Year's Day"],
    [addDays(e, -2), 'Good Friday'],
    [addDays(e, 1), 'Easter Monday'],
    [ymd(y, 5, 1), 'Labour Day'],
    [ymd(y, 12, 25), 'Christmas'],
    [ymd(y, 12, 26), 'Boxing Day'],
  ]);
  if (y === 2001) h.closed('2001-12-31', "New Year's Eve", { memo: 'Closed for the changeover to euro cash' });
  for (const [d, name] of [
    [ymd(y, 12, 24), 'Christmas Eve'],
    [ymd(y, 12, 31), "New Year's Eve"],
  ]) {
    if (!isWeekend(d))
      h.open(d, name, 'Partial', { memo: `Early close: continuous trading ends at ${localTime}`, ifFree: true });
  }
}

function euronextGroups(id, tz) {
  return scheduleFor(id, tz, {
    Regular: 'Euronext cash market: opening auction, continuous trading, closing auction, trading at last',
    Partial: 'Early close on the eves of Christmas and the New Year: continuous trading ends at 14:00 CET',
  });
}

export function euronextBrussels() {
  const id = 'BE.EURONEXT';
  const s = euronextGroups(id, 'Europe/Brussels');
  euronextRows(s, 0);
  const h = holidaysFor(id);
  for (const y of years()) euronextDays(h, y, '14:00');
  return result(
    id,
    'XBRU',
    {
      'Exchange Name': 'Euronext Brussels',
      'Market Name': 'Cash Market',
      'Security Group': 'BEL 20, Euronext Brussels equities',
      Timezone: 'Europe/Brussels',
      Acronym: 'Euronext',
      Memo:
        'Harmonised Euronext calendar (early close at 14:00 on weekday eves of Christmas and the New Year) ' +
        'applied to every year, closed 31 December 2001 for the euro changeover; current Euronext hours applied ' +
        'to all years (the NSC-era 17:25 end of continuous trading is not modelled)',
    },
    h,
    s,
    {
      confirmedThrough: '2027-12-31',
      sources: [
        ...EURONEXT_SOURCES,
        src('Euronext Brussels: calendar of trading days', 'https://www.euronext.com/en/markets/brussels'),
      ],
    },
  );
}

/** Portuguese public holidays kept by the Lisbon exchange before it took the Euronext calendar. */
function portugueseClosures(y) {
  const e = easterSunday(y);
  return [
    [addDays(e, -47), 'Carnival'],
    [ymd(y, 4, 25), 'Liberty Day'],
    [addDays(e, 60), 'Corpus Christi'],
    [ymd(y, 6, 10), 'Portugal Day'],
    [ymd(y, 6, 13), "St Anthony's Day (Lisbon)"],
    [ymd(y, 8, 15), 'Assumption Day'],
    [ymd(y, 10, 5), 'Republic Day'],
    [ymd(y, 11, 1), "All Saints' Day"],
    [ymd(y, 12, 1), 'Restoration of Independence'],
    [ymd(y, 12, 8), 'Immaculate Conception'],
  ];
}

export function euronextLisbon() {
  const id = 'PT.EURONEXT';
  const s = euronextGroups(id, 'Europe/Lisbon');
  euronextRows(s, 1);
  const h = holidaysFor(id);
  // Lisbon (BVLP, then Euronext Lisbon from February 2002) kept the Portuguese holidays until
  // the harmonised Euronext calendar applied to it (2003).
  const memo = 'Portuguese holiday kept by the Lisbon exchange before the harmonised Euronext calendar (2003)';
  for (const y of years()) {
    if (y <= 2002)
      closeAll(
        h,
        portugueseClosures(y).map(([d, n]) => [d, n, memo]),
      );
    euronextDays(h, y, '13:00');
  }
  return result(
    id,
    'XLIS',
    {
      'Exchange Name': 'Euronext Lisbon',
      'Market Name': 'Cash Market',
      'Security Group': 'PSI, Euronext Lisbon equities',
      Timezone: 'Europe/Lisbon',
      Acronym: 'Euronext',
      Memo:
        'Euronext hours in Lisbon time (08:00-16:30, one hour behind CET); harmonised Euronext calendar from ' +
        '2003 with Portuguese public holidays before; current hours applied to all years',
    },
    h,
    s,
    {
      confirmedThrough: '2027-12-31',
      sources: [
        ...EURONEXT_SOURCES,
        src('Euronext Lisbon: trading calendar', 'https://www.euronext.com/en/markets/lisbon'),
        src('Portugal: Labour Code, article 234 (public holidays)', 'https://dre.pt/'),
      ],
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Euronext Dublin (Irish Stock Exchange before 2018)

/** The day Euronext Dublin's cash market moved onto Optiq and the Euronext calendar. */
const DUBLIN_OPTIQ = '2019-02-04';

/** Irish Stock Exchange closures of a year (before the Euronext calendar). */
function iseClosures(h, y) {
  const e = easterSunday(y);
  let ny = ymd(y, 1, 1);
  const observed = isWeekend(ny);
  while (isWeekend(ny)) ny = addDays(ny, 1);
  h.closed(ny, "New Year's Day", { observed });
  closeAll(h, [
    [addDays(e, -2), 'Good Friday'],
    [addDays(e, 1), 'Easter Monday'],
    [nthWeekday(y, 5, 1, 1), 'May Bank Holiday'],
    [nthWeekday(y, 6, 1, 1), 'June Bank Holiday'],
  ]);
  // Christmas and St Stephen's Day with their substitutes, as the UK and Irish bank holidays.
  for (const b of ukBankHolidays(y)) {
    if (b.name === 'Christmas' || b.name === 'Boxing Day') {
      h.closed(b.date, b.name === 'Christmas' ? 'Christmas' : "St Stephen's Day", { observed: b.observed });
    }
  }
  // The eves: closed until 2013 (ISE holiday list for 2013), half days from 2014 (the closing
  // auction ends at 12:30) moved to the Friday before when the eve falls on a weekend.
  for (const [d, name] of [
    [ymd(y, 12, 24), 'Christmas Eve'],
    [ymd(y, 12, 31), "New Year's Eve"],
  ]) {
    if (y <= 2013) {
      if (!isWeekend(d)) h.closed(d, name, { ifFree: true });
    } else {
      h.open(fridayIfWeekend(d), name, 'ISE Half Day', {
        memo: 'Half day: the closing auction ends at 12:30',
        ifFree: true,
      });
    }
  }
}

export function euronextDublin() {
  const id = 'IE.EURONEXT';
  const s = scheduleFor(id, 'Europe/Dublin', {
    Regular: 'Equities: opening auction, continuous trading, closing auction',
    Partial: 'Euronext early close on the eves of Christmas and the New Year: continuous trading ends at 13:00',
    'ISE Half Day': 'Irish Stock Exchange half day on the eves of Christmas and the New Year: close at 12:30',
  });
  const until = addDays(DUBLIN_OPTIQ, -1);
  // ISE Xetra / ISE T7: continuous trading to 16:28, then a closing auction that ends at 16:30,
  // the close of the ISE's main trading phase (a Pre-Close inside the primary session).
  for (const [g, close] of [
    ['Regular', '16:30'],
    ['ISE Half Day', '12:30'],
  ]) {
    const o = g === 'Regular' ? { until } : {};
    s.row(g, 'Pre-Open', 'Opening Auction', 'Mon-Fri', '07:50', '08:00', o);
    s.row(g, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '08:00', close, o);
    s.row(g, 'Pre-Close', 'Closing Auction', 'Mon-Fri', plus(close, -2), close, {
      ...o,
      memo: 'The ISE closing auction, part of the main trading phase',
    });
  }
  euronextRows(s, 1, DUBLIN_OPTIQ);
  const h = holidaysFor(id);
  for (const y of years()) {
    if (y < 2019) iseClosures(h, y);
    else euronextDays(h, y, '13:00');
    // From 2022 Euronext Dublin also closes on the May bank holiday and on the weekday
    // substitute for a weekend Christmas Day (Euronext's calendars: 2 May and 27 December
    // 2022, 5 May 2025, 4 May 2026; the St Stephen's Day substitute of 28 December 2026 is
    // a trading day).
    if (y >= 2022) {
      const memo = 'Euronext Dublin closure (Irish bank holiday)';
      h.closed(nthWeekday(y, 5, 1, 1), 'May Bank Holiday', { memo, ifFree: true });
      const xmas = ymd(y, 12, 25);
      if (isWeekend(xmas)) h.closed(ymd(y, 12, 27), 'Christmas (substitute)', { memo, observed: true });
    }
  }
  return result(
    id,
    'XDUB',
    {
      'Exchange Name': 'Euronext Dublin',
      'Market Name': 'Equities',
      'Security Group': 'ISEQ, Euronext Dublin equities',
      Timezone: 'Europe/Dublin',
      Acronym: 'Euronext',
      Memo:
        'Irish Stock Exchange calendar and ISE Xetra/T7 hours (08:00-16:30 with the closing auction) until the ' +
        'move onto Optiq on 4 February 2019, the Euronext calendar and hours (08:00-16:30 Irish time) from 2019, ' +
        'with the May bank holiday and the Christmas Day substitute closed from 2022; ' +
        'ISE eves closed until 2013 and half days from 2014 (the year of the change is an estimate)',
    },
    h,
    s,
    {
      confirmedThrough: '2027-12-31',
      sources: [
        ...EURONEXT_SOURCES,
        src('Irish Stock Exchange: ISE Xetra trading hours and business days', 'http://www.ise.ie/'),
        src(
          'BFM Bourse: calendar of stock exchange holidays 2022 (Dublin closed 2 May and 27 December)',
          'https://www.tradingsat.com/actualites/dossier/quel-est-le-calendrier-des-jours-feries-a-la-bourse-de-paris-en-2022-997231.html',
        ),
        src(
          'World Federation of Exchanges: Irish Stock Exchange profile (2013 holidays)',
          'http://www.world-exchanges.org/exchanges/irish-stock-exchange',
        ),
      ],
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Borsa Italiana (Euronext Milan)

export function borsaItaliana() {
  const id = 'IT.EURONEXT';
  const s = scheduleFor(id, 'Europe/Rome', {
    Regular: 'Euronext Milan (MTA) equities: opening auction, continuous trading, closing auction',
  });
  // MTA hours by period (Borsa Italiana notices): continuous trading from 09:10 (pre-auction
  // to 09:00), from 09:05 on 2 January 2006 and from 09:00 on 29 September 2009; it ended at
  // 17:25 before the closing auction until 20 November 2015 and at 17:30 from 23 November 2015.
  const periods = [
    ['', '2005-12-31', '09:10', '17:25', '17:35', ''],
    ['2006-01-02', '2009-09-28', '09:05', '17:25', '17:30', '17:35'],
    ['2009-09-29', '2015-11-20', '09:00', '17:25', '17:30', '17:35'],
    ['2015-11-23', '', '09:00', '17:30', '17:35', '17:42'],
  ];
  for (const [from, until, open, close, auctionEnd, cpxEnd] of periods) {
    const o = { from, until };
    s.row('Regular', 'Pre-Open', 'Opening Auction', 'Mon-Fri', '08:00', open, {
      ...o,
      memo: 'Order collection and the opening auction',
    });
    s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', open, close, o);
    s.row('Regular', 'Call Auction', 'Closing Auction', 'Mon-Fri', close, auctionEnd, o);
    if (cpxEnd) {
      s.row('Regular', 'Trading-at-Last', 'Trading at the Closing Price', 'Mon-Fri', auctionEnd, cpxEnd, o);
    }
  }
  const h = holidaysFor(id);
  for (const y of years()) {
    const e = easterSunday(y);
    closeAll(h, [
      [ymd(y, 1, 1), "New Year's Day"],
      [addDays(e, -2), 'Good Friday'],
      [addDays(e, 1), 'Easter Monday'],
      [ymd(y, 5, 1), 'Labour Day'],
      [ymd(y, 8, 15), 'Assumption Day'],
      [ymd(y, 12, 24), 'Christmas Eve'],
      [ymd(y, 12, 25), 'Christmas'],
      [ymd(y, 12, 26), "St Stephen's Day"],
      [ymd(y, 12, 31), "New Year's Eve"],
    ]);
  }
  return result(
    id,
    'XMIL',
    {
      'Exchange Name': 'Borsa Italiana',
      'Market Name': 'Euronext Milan',
      'Security Group': 'FTSE MIB, Euronext Milan equities',
      Timezone: 'Europe/Rome',
      Acronym: 'BIT',
      Memo:
        "Borsa Italiana's trading calendar (closed 24 and 31 December and on Assumption Day) applied to every " +
        'year; continuous trading by period: 09:10-17:25 until 2005, 09:05-17:25 from 2006, 09:00-17:25 from ' +
        '29 September 2009, 09:00-17:30 from 23 November 2015 (the earlier 09:30 start is not modelled)',
    },
    h,
    s,
    {
      confirmedThrough: '2027-12-31',
      sources: [
        src(
          'Borsa Italiana: trading calendar',
          'https://www.borsaitaliana.it/borsaitaliana/calendario-e-orari-di-negoziazione/calendario-orari.htm',
        ),
        src(
          'Borsa Italiana: il calendario di negoziazione 2008 (3 December 2007)',
          'http://www.borsaitaliana.it/borsaitaliana/ufficio-stampa/comunicati-stampa/2007/071203calendarionegoziazioni2008.htm',
        ),
        src(
          'Borsa Italiana: nuovi orari di negoziazione dal 2 gennaio 2006 (6 December 2005)',
          'http://www.borsaitaliana.it/borsaitaliana/ufficio-stampa/comunicati-stampa/2005/nuoviorarinegoziazione.htm',
        ),
        src(
          'Borsa Italiana: dal 29 settembre 2009, nuovi orari di negoziazione (8 September 2009)',
          'https://www.borsaitaliana.it/borsaitaliana/ufficio-stampa/comunicati-stampa/2009/090908nuoviorari.htm',
        ),
        src('Borsa Italiana: avviso 17016 (closing times from 23 November 2015)', 'https://www.borsaitaliana.it/'),
        src('Euronext: trading hours and holidays', 'https://www.euronext.com/en/trade/trading-hours-holidays'),
      ],
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Bolsa de Madrid (BME, SIBE)

export function bolsaMadrid() {
  const id = 'ES.BME';
  const s = scheduleFor(id, 'Europe/Madrid', {
    Regular: 'SIBE continuous market: opening auction, continuous trading, closing auction',
    Partial: 'Christmas Eve and New Year’s Eve: the market is open until 14:00',
  });
  for (const [g, close] of [
    ['Regular', '17:30'],
    ['Partial', '14:00'],
  ]) {
    s.row(g, 'Pre-Open', 'Opening Auction', 'Mon-Fri', '08:30', '09:00');
    s.row(g, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', close);
    s.row(g, 'Call Auction', 'Closing Auction', 'Mon-Fri', close, plus(close, 5));
  }
  const h = holidaysFor(id);
  for (const y of years()) {
    const e = easterSunday(y);
    const list = [
      [ymd(y, 1, 1), "New Year's Day"],
      [addDays(e, -2), 'Good Friday'],
      [addDays(e, 1), 'Easter Monday'],
      [ymd(y, 5, 1), 'Labour Day'],
      [ymd(y, 12, 25), 'Christmas'],
      [ymd(y, 12, 26), "St Stephen's Day"],
    ];
    // Until 2004 the Spanish exchanges also closed on the national holidays (eleven closing days
    // in 2004); from 2005 they cut them back to the European days, Epiphany last: the market
    // first opened on 6 January in 2009. The eves were closed from 2000 to 2011.
    if (y <= 2008) list.push([ymd(y, 1, 6), 'Epiphany', 'Closed on Epiphany until 2008']);
    if (y <= 2004) {
      const memo = 'Spanish national holiday kept by the exchange until 2004';
      list.push(
        [addDays(e, -3), 'Holy Thursday', memo],
        [ymd(y, 8, 15), 'Assumption Day', memo],
        [ymd(y, 10, 12), 'National Day', memo],
        [ymd(y, 11, 1), "All Saints' Day", memo],
        [ymd(y, 12, 6), 'Constitution Day', memo],
        [ymd(y, 12, 8), 'Immaculate Conception', memo],
      );
    }
    if (y <= 2011) list.push([ymd(y, 12, 24), 'Christmas Eve'], [ymd(y, 12, 31), "New Year's Eve"]);
    closeAll(h, list);
    if (y >= 2012) {
      for (const [d, name] of [
        [ymd(y, 12, 24), 'Christmas Eve'],
        [ymd(y, 12, 31), "New Year's Eve"],
      ]) {
        if (!isWeekend(d)) h.open(d, name, 'Partial', { memo: 'Open until 14:00', ifFree: true });
      }
    }
  }
  return result(
    id,
    'XMAD',
    {
      'Exchange Name': 'Bolsa de Madrid',
      'Market Name': 'SIBE (Mercado Continuo)',
      'Security Group': 'IBEX 35, continuous market equities',
      Timezone: 'Europe/Madrid',
      Acronym: 'BME',
      Memo:
        'BME calendar: European closing days (TARGET) plus the Spanish national holidays until 2004 and ' +
        'Epiphany until 2008; 24 and 31 ' +
        'December closed until 2011 and open until 14:00 from 2012; SIBE hours 09:00-17:30 applied to all years',
    },
    h,
    s,
    {
      confirmedThrough: '2026-12-31',
      sources: [
        src(
          'BME: calendario de sesiones 2019 (21 November 2018)',
          'https://bolsasymercados.es/esp/Sala-Comunicacion/Nota-Prensa/20181121/nota_20181121_3/Calendario_2019_en_los_mercados_espa%C3%B1oles',
        ),
        src(
          'EFE: the Spanish exchanges open on Epiphany for the first time (2009); the 2009 and 2010 calendars',
          'https://www.publico.es/actualidad/bolsa-espanola-abrira-manana-fiesta-1.html',
        ),
        src(
          'BME: mercado continuo, horario de negociación',
          'https://www.bolsamadrid.es/esp/aspx/Mercados/Horarios.aspx',
        ),
        src(
          'Spain: Estatuto de los Trabajadores, article 37.2 and the annual BOE holiday resolutions',
          'https://www.boe.es/',
        ),
      ],
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Athens Exchange and Cyprus Stock Exchange

/** The Greek and Cypriot Orthodox movable days of a year. */
function orthodox(y) {
  const e = orthodoxEaster(y);
  return {
    cleanMonday: addDays(e, -48),
    goodFriday: addDays(e, -2),
    easterMonday: addDays(e, 1),
    easterTuesday: addDays(e, 2),
    whitMonday: addDays(e, 50),
  };
}

const ATHEX_PARTIAL = 'New Year’s Eve: the market closes two hours early';

/** Athens (and, on the common platform, Cyprus) hours by period: [from, until, open, close]. */
const ATHEX_HOURS = [
  ['2000-01-01', '2001-09-11', '10:30', '14:15'],
  ['2001-09-12', '2001-09-30', '12:00', '18:00'],
  ['2001-10-01', '2006-10-01', '11:00', '16:00'],
  ['2006-10-02', '2007-09-02', '10:30', '16:30'],
  ['2007-09-03', '2008-09-28', '10:30', '17:00'],
  ['2008-09-29', '', '10:30', '17:20'],
];

export function athex() {
  const id = 'GR.ATHEX';
  const s = scheduleFor(id, 'Europe/Athens', {
    Regular: 'Securities market: pre-opening auction, continuous trading, closing auction, trading at the close',
    Partial: ATHEX_PARTIAL,
  });
  for (const [from, until, open, close] of ATHEX_HOURS) {
    const o = { from: from === '2000-01-01' ? '' : from, until };
    s.row('Regular', 'Pre-Open', 'Pre-Opening Auction', 'Mon-Fri', plus(open, -30), open, o);
    s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', open, close, o);
    if (close === '17:20') {
      // Continuous trading to 17:00, the closing auction, then trades at the closing price to
      // 17:20, all within the trading hours the exchange publishes (10:30-17:20): the primary
      // session runs to 17:20 with the auction (Pre-Close) and trading at the close inside it.
      s.row('Regular', 'Pre-Close', 'Closing Auction', 'Mon-Fri', '17:00', '17:10', {
        ...o,
        memo: 'Ends between 17:09 and 17:10 (17:05-17:06 until 22 November 2013)',
      });
      s.row('Regular', 'Trading-at-Last', 'Trading at the Close', 'Mon-Fri', '17:10', '17:20', o);
    }
  }
  s.row('Partial', 'Pre-Open', 'Pre-Opening Auction', 'Mon-Fri', '10:00', '10:30');
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '10:30', '15:20');
  const h = holidaysFor(id);
  for (const y of years()) {
    const o = orthodox(y);
    const e = easterSunday(y);
    const list = [
      [ymd(y, 1, 1), "New Year's Day"],
      [ymd(y, 1, 6), 'Epiphany'],
      [o.cleanMonday, 'Clean Monday'],
      [ymd(y, 3, 25), 'Independence Day'],
      [o.goodFriday, 'Orthodox Good Friday'],
      [o.easterMonday, 'Orthodox Easter Monday'],
      [ymd(y, 5, 1), 'Labour Day'],
      [o.whitMonday, 'Whit Monday (Holy Spirit)'],
      [ymd(y, 8, 15), 'Assumption Day'],
      [ymd(y, 10, 28), 'Ochi Day'],
      [ymd(y, 12, 24), 'Christmas Eve'],
      [ymd(y, 12, 25), 'Christmas'],
      [ymd(y, 12, 26), 'Synaxis of the Theotokos'],
    ];
    // The TARGET closing days: the Western Good Friday and Easter Monday close the market too.
    if (y >= 2002) {
      list.push([addDays(e, -2), 'Good Friday (Catholic)'], [addDays(e, 1), 'Easter Monday (Catholic)']);
    }
    if (y <= 2018) list.push([ymd(y, 12, 31), "New Year's Eve"]);
    closeAll(h, list);
    if (y >= 2019 && !isWeekend(ymd(y, 12, 31))) {
      h.open(ymd(y, 12, 31), "New Year's Eve", 'Partial', { memo: 'Early close at 15:20' });
    }
  }
  // Labour Day moved by ministerial decision when 1 May fell in Holy Week or on a Sunday; 2027
  // (1 May on Holy Saturday) follows the 2021 move to the Tuesday after Easter.
  for (const [d, memo] of [
    ['2013-05-07', 'May Day holiday moved out of Holy Week'],
    ['2021-05-04', 'May Day holiday moved from Holy Saturday'],
    ['2022-05-02', 'May Day holiday moved from Sunday (ministerial decision 33566/2022)'],
    ['2024-05-07', 'May Day holiday moved out of Holy Week (Gazette B 1406/4.3.2024)'],
    ['2027-05-04', 'May Day falls on Holy Saturday: expected to move to the Tuesday after Easter, as in 2021'],
  ]) {
    h.closed(d, 'Labour Day (moved)', { memo });
  }
  // The bank holiday and capital controls of 2015: the market stayed shut from 29 June and
  // reopened on 3 August.
  for (let d = '2015-06-29'; d <= '2015-07-31'; d = addDays(d, 1)) {
    if (!isWeekend(d))
      h.closed(d, 'Bank Holiday', { memo: 'Market closed during the 2015 bank holiday; reopened 3 August' });
  }
  return result(
    id,
    'ASEX',
    {
      'Exchange Name': 'Athens Exchange',
      'Market Name': 'Securities Market',
      'Security Group': 'ATHEX Composite, FTSE/ATHEX Large Cap',
      Timezone: 'Europe/Athens',
      Acronym: 'ATHEX',
      Memo:
        'Orthodox and Greek holidays plus the TARGET Good Friday and Easter Monday (from 2002); the close ' +
        'includes the closing auction and trading at the close (17:20); hours by period, the 2007 change ' +
        'date estimated; New Year’s Eve closed until 2018, early close from 2019',
    },
    h,
    s,
    {
      confirmedThrough: '2027-12-31',
      sources: [
        src(
          'ATHEX Group: trading calendar and market holidays',
          'https://athexgroup.gr/en/trade/trading-model/calendar',
        ),
        src('ATHEX: securities market trading', 'http://athexgroup.gr/web/guest/trading-securities-market'),
        src(
          'Kathimerini: ASE to extend trading hours from October 2',
          'https://www.ekathimerini.com/economy/43032/ase-to-extend-trading-hours-from-october-2-ceo-says/',
        ),
        src('ATHEX board: closing auction timing from 25 November 2013', 'https://www.athexgroup.gr/'),
        src('Greek Government Gazette B 1406/4.3.2024 (May Day 2024 moved to 7 May)', 'https://www.et.gr/'),
      ],
    },
  );
}

/** CSE hours by period: on its own platform until the common platform with Athens (30 October 2006). */
const CSE_HOURS = [
  ['2000-01-01', '2006-10-29', '10:00', '13:00'],
  ['2006-10-30', '2008-09-26', '10:30', '17:00'],
  ['2008-09-29', '', '10:30', '17:20'],
];

export function cyprusStockExchange() {
  const id = 'CY.CSE';
  const s = scheduleFor(id, 'Asia/Nicosia', {
    Regular: 'CSE markets on the common platform with Athens: pre-opening, continuous trading, closing',
    Partial: 'New Year’s Eve: the markets close two hours early, with Athens',
  });
  for (const [from, until, open, close] of CSE_HOURS) {
    const o = { from: from === '2000-01-01' ? '' : from, until };
    s.row('Regular', 'Pre-Open', 'Pre-Opening', 'Mon-Fri', plus(open, -15), open, o);
    s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', open, close, o);
  }
  s.row('Partial', 'Pre-Open', 'Pre-Opening', 'Mon-Fri', '10:15', '10:30');
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '10:30', '15:20');
  const h = holidaysFor(id);
  for (const y of years()) {
    const o = orthodox(y);
    const e = easterSunday(y);
    const list = [
      [ymd(y, 1, 1), "New Year's Day"],
      [ymd(y, 1, 6), 'Epiphany'],
      [o.cleanMonday, 'Green Monday'],
      [ymd(y, 3, 25), 'Greek Independence Day'],
      [ymd(y, 4, 1), 'Cyprus National Day'],
      [o.goodFriday, 'Orthodox Good Friday'],
      [o.easterMonday, 'Orthodox Easter Monday'],
      [o.easterTuesday, 'Orthodox Easter Tuesday'],
      [ymd(y, 5, 1), 'Labour Day'],
      [o.whitMonday, 'Kataklysmos (Whit Monday)'],
      [ymd(y, 8, 15), 'Assumption Day'],
      [ymd(y, 10, 1), 'Cyprus Independence Day'],
      [ymd(y, 10, 28), 'Ochi Day'],
      [ymd(y, 12, 24), 'Christmas Eve'],
      [ymd(y, 12, 25), 'Christmas'],
      [ymd(y, 12, 26), 'Boxing Day'],
    ];
    // With the euro (2008) the TARGET Good Friday and Easter Monday close the market too.
    if (y >= 2008) {
      list.push([addDays(e, -2), 'Good Friday (Catholic)'], [addDays(e, 1), 'Easter Monday (Catholic)']);
    }
    if (y >= 2007 && y <= 2018) list.push([ymd(y, 12, 31), "New Year's Eve", 'Closed with Athens']);
    closeAll(h, list);
    if (y >= 2019 && !isWeekend(ymd(y, 12, 31))) {
      h.open(ymd(y, 12, 31), "New Year's Eve", 'Partial', { memo: 'Early close at 15:20 instead of 17:20' });
    }
  }
  // The 2013 banking crisis: no trading after 15 March until 2 April (holidays fall between).
  for (let d = '2013-03-19'; d <= '2013-03-29'; d = addDays(d, 1)) {
    const memo = 'Market closed during the 2013 banking crisis; trading resumed on 2 April';
    if (!isWeekend(d)) h.closed(d, 'Market Closure', { memo, ifFree: true });
  }
  h.closed('2019-06-25', 'National Mourning', {
    memo: 'Public holiday for the funeral of former President Christofias',
  });
  return result(
    id,
    'XCYS',
    {
      'Exchange Name': 'Cyprus Stock Exchange',
      'Market Name': 'Main Market',
      'Security Group': 'CSE General Index, FTSE/CySE 20',
      Timezone: 'Asia/Nicosia',
      Acronym: 'CSE',
      Memo:
        'Cypriot public holidays (Orthodox Easter Friday to Tuesday, Green Monday, Kataklysmos, 1 April, 1 October) ' +
        'plus the TARGET Good Friday and Easter Monday from 2008; hours of the common platform with Athens from ' +
        'October 2006 (close 17:20 from 29 September 2008, pre-opening 10:15-10:30); the hours before 2006 are estimates',
    },
    h,
    s,
    {
      confirmedThrough: '2026-12-31',
      sources: [
        src(
          'CSE: trading sessions during Christmas and New Year holiday season (28 November 2019)',
          'http://oam.cse.com.cy/Announcement/announcementvariation/49142',
        ),
        src('CSE: change of market closing time to 17:20 from 29 September 2008', 'https://www.cse.com.cy/'),
        src('CSE: closure on Orthodox Easter and Labour Day 2025 (TARGET holidays)', 'https://www.cse.com.cy/'),
        src(
          'CSE: no session on 25 June 2019 (public holiday for the funeral of D. Christofias)',
          'https://www.cse.com.cy/',
        ),
        src('Cyprus: Public Holidays Law and Cabinet decisions', 'https://www.cylaw.org/'),
      ],
    },
  );
}

export const MARKETS = [
  euronextBrussels,
  euronextLisbon,
  euronextDublin,
  borsaItaliana,
  bolsaMadrid,
  athex,
  cyprusStockExchange,
];
export const CURRENCIES = [];
