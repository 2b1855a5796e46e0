// Southern Europe: Borsa Italiana (Euronext Milan) and Bolsa de Madrid (BME, SIBE).
import { addDays, easterSunday, years, ymd } from '../lib/dates.mjs';
import { holidaysFor, scheduleFor } from '../lib/model.mjs';
import { closeAll, isWeekend, plus, result, src } from './southern-europe-lib.mjs';

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
