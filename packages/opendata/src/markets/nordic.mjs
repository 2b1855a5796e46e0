// Nasdaq Nordic (Copenhagen, Helsinki, Iceland, Stockholm), Euronext Oslo Børs and Nasdaq Baltic
// (Tallinn, Riga, Vilnius): main equity markets, their closures and half days, hours by period.
import { addDays, weekday, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import {
  danishClosures,
  estonianClosures,
  finnishClosures,
  icelandicClosures,
  latvianClosures,
  lithuanianClosures,
  norwegianClosures,
  swedishClosures,
  swedishHalfDays,
} from './nordic-holidays.mjs';

const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;
const src = (title, url) => ({ title, url });

// Trading system changes that moved the hours.
const SAXESS_FI = '2004-09-27'; // Helsinki, Tallinn and Riga join SAXESS; Stockholm and Helsinki harmonise
const INET = '2010-02-08'; // INET Nordic: closing auctions of five minutes
const BALTIC_EXTENDED = '2009-02-02'; // Baltic trading extended from 14:00 to 16:00
const CONFIRMED = '2026-12-31';

const NASDAQ_NORDIC = [
  src('Nasdaq Nordic: trading hours and holidays', 'https://www.nasdaq.com/european-market-activity/trading-hours'),
  src(
    'Stockholmsbörsen and Helsinki Exchanges to harmonize trading hours (2004)',
    'https://news.cision.com/stockholmsborsen/r/stockholmsborsen-and-helsinki-exchanges-to-harmonize-trading-hours,c98399',
  ),
  src(
    'Helsinki, Tallinn and Riga stock exchanges to adopt common Nordic cash trading platform (2004-09-15)',
    'https://nasdaqbaltic.com/statistics/lv/news/archive/184294',
  ),
  src(
    'INET Nordic - NASDAQ OMX Market Model (2010-01-25)',
    'https://rss.globenewswire.com/news-release/2010/01/25/151379/0/en/INET-Nordic-NASDAQ-OMX-Market-Model.html',
  ),
];

/**
 * Holidays of one market: weekday closures first (a date already closed keeps its first name),
 * then early closes on the days still free.
 */
function holidayTable(id, closures, partials = () => []) {
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const [d, name, memo] of closures(y)) {
      if (!isWeekend(d)) h.closed(d, name, { memo: memo ?? '', ifFree: true });
    }
  }
  for (const y of years()) {
    for (const [d, name, memo] of partials(y)) {
      if (!isWeekend(d)) h.open(d, name, 'Partial', { memo: memo ?? '', ifFree: true });
    }
  }
  return h.rows();
}

function result(fields, holidays, schedules, coverage) {
  return {
    markets: [market({ 'Weekend Definition': 'Sat-Sun', 'Asset Type': 'Equities', ...fields })],
    holidays,
    schedules,
    mic: [[fields.MIC, fields.FinID]],
    coverage: [{ finId: fields.FinID, confirmedThrough: CONFIRMED, sources: coverage }],
  };
}

/**
 * The rows of one group for a period: an optional pre-open, the primary session, and the closing
 * auction as a Pre-Close phase inside it (the exchange states its close as the auction's end).
 */
function day(s, group, { from, until, preOpen, open, close, auction }) {
  const opts = { ...(from ? { from } : {}), ...(until ? { until } : {}) };
  if (preOpen) s.row(group, 'Pre-Open', 'Opening Auction Call', 'Mon-Fri', preOpen, open, opts);
  s.row(group, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', open, close, opts);
  if (auction) {
    s.row(group, 'Pre-Close', 'Closing Auction Call', 'Mon-Fri', auction, close, {
      ...opts,
      memo: 'Continuous trading stops for the closing auction; its uncross sets the closing price',
    });
  }
}

export function nasdaqStockholm() {
  const id = 'SE.NASDAQ';
  const TZ = 'Europe/Stockholm';
  const s = scheduleFor(id, TZ, {
    Regular: 'Nasdaq Stockholm equities: opening auction, continuous trading, closing auction',
    Partial: 'Half trading day: the market closes at 13:00',
  });
  const before = addDays(SAXESS_FI, -1);
  const beforeInet = addDays(INET, -1);
  day(s, 'Regular', { until: before, open: '09:30', close: '17:30', auction: '17:20' });
  day(s, 'Regular', {
    from: SAXESS_FI,
    until: beforeInet,
    preOpen: '08:45',
    open: '09:00',
    close: '17:30',
    auction: '17:20',
  });
  day(s, 'Regular', { from: INET, preOpen: '08:45', open: '09:00', close: '17:30', auction: '17:25' });
  day(s, 'Partial', { until: before, open: '09:30', close: '13:00', auction: '12:50' });
  day(s, 'Partial', {
    from: SAXESS_FI,
    until: beforeInet,
    preOpen: '08:45',
    open: '09:00',
    close: '13:00',
    auction: '12:50',
  });
  day(s, 'Partial', { from: INET, preOpen: '08:45', open: '09:00', close: '13:00', auction: '12:55' });
  return result(
    {
      FinID: id,
      'Exchange Name': 'Nasdaq Stockholm',
      'Market Name': 'Main Market',
      'Security Group': 'OMXS30, Large/Mid/Small Cap',
      Timezone: TZ,
      MIC: 'XSTO',
      Acronym: 'STO',
      Memo:
        'Close at the closing auction end (17:30; 13:00 on half days); 09:30 open until 24 Sep 2004; ' +
        'half days on the eves of Epiphany, Good Friday, Labour Day, Ascension and All Saints',
    },
    holidayTable(id, swedishClosures, swedishHalfDays),
    s.rows,
    [
      ...NASDAQ_NORDIC,
      src(
        'Reminder of coming public half-days and closed days for OMX Nordic Exchanges (2007)',
        'https://www.globenewswire.com/news-release/2007/04/04/115650/0/sv/Reminder-of-coming-public-half-days-and-closed-days-for-OMX-Nordic-Exchanges-in-Copenhagen-Stockholm-Helsinki-and-Iceland-9-07.html',
      ),
      src('Swedish public holidays act (lag 1989:253 om allmänna helgdagar)', 'https://www.riksdagen.se'),
    ],
  );
}

export function nasdaqHelsinki() {
  const id = 'FI.NASDAQ';
  const TZ = 'Europe/Helsinki';
  const s = scheduleFor(id, TZ, {
    Regular: 'Nasdaq Helsinki equities: opening auction, continuous trading, closing auction',
  });
  day(s, 'Regular', { until: addDays(SAXESS_FI, -1), open: '10:00', close: '18:00' });
  day(s, 'Regular', {
    from: SAXESS_FI,
    until: addDays(INET, -1),
    preOpen: '09:45',
    open: '10:00',
    close: '18:30',
    auction: '18:20',
  });
  day(s, 'Regular', { from: INET, preOpen: '09:45', open: '10:00', close: '18:30', auction: '18:25' });
  return result(
    {
      FinID: id,
      'Exchange Name': 'Nasdaq Helsinki',
      'Market Name': 'Main Market',
      'Security Group': 'OMXH25, Large/Mid/Small Cap',
      Timezone: TZ,
      MIC: 'XHEL',
      Acronym: 'HEL',
      Memo:
        'Local times; 10:00-18:00 (no closing auction; evening session left out) until 24 Sep 2004, ' +
        'then 10:00-18:30 with the closing auction inside; no half days',
    },
    holidayTable(id, finnishClosures),
    s.rows,
    [...NASDAQ_NORDIC, src('Finnish public holidays (Finlex)', 'https://www.finlex.fi')],
  );
}

export function nasdaqCopenhagen() {
  const id = 'DK.NASDAQ';
  const TZ = 'Europe/Copenhagen';
  const s = scheduleFor(id, TZ, {
    Regular: 'Nasdaq Copenhagen equities: opening auction, continuous trading, closing auction',
  });
  day(s, 'Regular', { until: addDays(INET, -1), open: '09:00', close: '17:00' });
  day(s, 'Regular', { from: INET, preOpen: '08:45', open: '09:00', close: '17:00', auction: '16:55' });
  return result(
    {
      FinID: id,
      'Exchange Name': 'Nasdaq Copenhagen',
      'Market Name': 'Main Market',
      'Security Group': 'OMXC25, Large/Mid/Small Cap',
      Timezone: TZ,
      MIC: 'XCSE',
      Acronym: 'CSE',
      Memo:
        'Close at the closing auction end (17:00); Great Prayer Day closed until 2023; ' +
        'the Friday after Ascension closed from 2009; no half days',
    },
    holidayTable(id, danishClosures),
    s.rows,
    [
      ...NASDAQ_NORDIC,
      src(
        'Reminder of coming public half-days and closed days for NASDAQ OMX Nordic (2009)',
        'https://globenewswire.com/news-release/2009/05/20/123288/0/en/Reminder-of-coming-public-half-days-and-closed-days-for-NASDAQ-OMX-Nordic-Copenhagen-Stockholm-Helsinki-and-Iceland-6-09.html',
      ),
      src('Act abolishing Great Prayer Day (lov nr. 140 af 28/02/2023)', 'https://www.retsinformation.dk'),
    ],
  );
}

export function nasdaqIceland() {
  const id = 'IS.NASDAQ';
  const TZ = 'Atlantic/Reykjavik';
  const s = scheduleFor(id, TZ, {
    Regular: 'Nasdaq Iceland equities: opening auction, continuous trading, closing auction',
  });
  const COORDINATED = '2007-03-26'; // ICEX closes with Stockholm and Helsinki (17:23 CET)
  day(s, 'Regular', { until: addDays(COORDINATED, -1), open: '10:00', close: '16:00' });
  day(s, 'Regular', {
    from: COORDINATED,
    until: addDays(INET, -1),
    preOpen: '09:45',
    open: '10:00',
    close: '15:23',
    auction: '15:20',
  });
  day(s, 'Regular', { from: INET, preOpen: '09:20', open: '09:30', close: '15:30', auction: '15:20' });
  return result(
    {
      FinID: id,
      'Exchange Name': 'Nasdaq Iceland',
      'Market Name': 'Main Market',
      'Security Group': 'OMXI15',
      Timezone: TZ,
      MIC: 'XICE',
      Acronym: 'ICE',
      Memo:
        'Local (GMT) times; 10:00-16:00 until 25 Mar 2007; 2007-2010 the close followed 17:23 CET ' +
        '(15:23 in summer, 16:23 in winter: the summer time is kept all year); 09:30-15:30 since INET (Feb 2010)',
    },
    holidayTable(id, icelandicClosures),
    s.rows,
    [
      ...NASDAQ_NORDIC,
      src(
        'ICEX Trading Hours Changed on 26 March 2007',
        'https://www.globenewswire.com/news-release/2007/02/22/104069/0/en/ICEX-Trading-Hours-Changed-on-26-March-2007.html',
      ),
      src(
        'Nasdaq Iceland: changes in Nasdaq CSD settlement calendar in Iceland (2024-06-07)',
        'https://www.finanznachrichten.de/nachrichten-2024-06/62439682-nasdaq-iceland-hf-changes-in-nasdaq-csds-settlement-calendar-in-iceland-252.htm',
      ),
      src('Icelandic public holidays (Act no. 88/1971 on the working week)', 'https://www.althingi.is'),
    ],
  );
}

export function osloBors() {
  const id = 'NO.OSE';
  const TZ = 'Europe/Oslo';
  const s = scheduleFor(id, TZ, {
    Regular: 'Oslo Børs equities: opening auction, continuous trading, closing auction',
    Partial: 'Half trading day (Wednesday before Easter): continuous trading to 13:00, closing auction to 13:05',
  });
  const periods = [
    { until: '2005-12-31', open: '10:00', close: '16:00', half: '13:00' },
    { from: '2006-01-01', until: '2008-08-31', open: '09:00', close: '16:20', half: '13:00' },
    { from: '2008-09-01', until: '2012-08-05', open: '09:00', close: '17:20', half: '13:00' },
    { from: '2012-08-06', open: '09:00', close: '16:20', half: '13:00' },
  ];
  for (const p of periods) {
    const opts = { ...(p.from ? { from: p.from } : {}), ...(p.until ? { until: p.until } : {}) };
    for (const [g, close] of [
      ['Regular', p.close],
      ['Partial', p.half],
    ]) {
      if (p.open === '09:00')
        s.row(g, 'Pre-Open', 'Pre-Trading and Opening Auction Call', 'Mon-Fri', '08:15', '09:00', opts);
      s.row(g, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', p.open, close, opts);
      const [hh, mm] = close.split(':').map(Number);
      const end = `${String(hh).padStart(2, '0')}:${String(mm + 5).padStart(2, '0')}`;
      s.row(g, 'Call Auction', 'Closing Auction', 'Mon-Fri', close, end, opts);
    }
  }
  const wednesdayBeforeEaster = (y) => {
    const maundy = norwegianClosures(y).find(([, n]) => n === 'Maundy Thursday')[0];
    return [[addDays(maundy, -1), 'Wednesday before Easter', 'Half trading day: Wednesday before Easter, close 13:00']];
  };
  return result(
    {
      FinID: id,
      'Exchange Name': 'Euronext Oslo Børs',
      'Market Name': 'Oslo Børs',
      'Security Group': 'OBX, OSEBX',
      Timezone: TZ,
      MIC: 'XOSL',
      Acronym: 'OSE',
      Memo:
        'Close at the end of continuous trading (16:20), closing auction after; 09:00-17:20 from ' +
        'Sep 2008 to 3 Aug 2012; the hours before 2006 and the date of the 09:00 open are approximated; ' +
        'half day on the Wednesday before Easter',
    },
    holidayTable(id, norwegianClosures, wednesdayBeforeEaster),
    s.rows,
    [
      src(
        'Oslo Børs: åpningstider (opening hours and closed dates)',
        'https://www.oslobors.no/Oslo-Boers/Om-Oslo-Boers/AApningstider',
      ),
      src('Euronext: trading hours and holidays', 'https://www.euronext.com/en/trade/trading-hours-holidays'),
      src(
        'Oslo Børs to cut trading hours (2012)',
        'https://www.finextra.com/pressarticle/45321/oslo-brs-to-cut-trading-hours',
      ),
      src('Norwegian public holidays act (lov om helligdager og helligdagsfred)', 'https://lovdata.no'),
    ],
  );
}

function baltic({ id, TZ, exchange, mic, acronym, group, closures, sources }) {
  const s = scheduleFor(id, TZ, { Regular: `${exchange} equities: continuous trading with a closing auction` });
  day(s, 'Regular', { until: addDays(BALTIC_EXTENDED, -1), open: '10:00', close: '14:00' });
  // Pre-open 09:00-10:00, continuous trading to 15:55, pre-close and the closing uncross by 16:00.
  day(s, 'Regular', { from: BALTIC_EXTENDED, preOpen: '09:00', open: '10:00', close: '16:00', auction: '15:55' });
  return result(
    {
      FinID: id,
      'Exchange Name': exchange,
      'Market Name': 'Baltic Main List',
      'Security Group': group,
      Timezone: TZ,
      MIC: mic,
      Acronym: acronym,
      Memo:
        'Local times; 10:00-14:00 until 30 Jan 2009, 10:00-16:00 since; Christmas Eve and ' +
        "New Year's Eve closed in every year; shortened days before holidays are not modelled",
    },
    holidayTable(id, closures),
    s.rows,
    [
      src('Nasdaq Baltic: trading hours and holidays', 'https://nasdaqbaltic.com'),
      src('Nasdaq Baltic: trading day structure', 'https://nasdaqbaltic.com/market-information/trading-day/'),
      src(
        'Bourses to extend working hours (The Baltic Times, 2008-11-19)',
        'https://www.baltictimes.com/news/articles/21780/',
      ),
      src('Nasdaq CSD: calendar and working hours', 'https://nasdaqcsd.com/about-nasdaq-csd/calendar-working-hours/'),
      ...sources,
    ],
  );
}

export const nasdaqTallinn = () =>
  baltic({
    id: 'EE.NASDAQ',
    TZ: 'Europe/Tallinn',
    exchange: 'Nasdaq Tallinn',
    mic: 'XTAL',
    acronym: 'TSE',
    group: 'OMX Tallinn',
    closures: estonianClosures,
    sources: [
      src('Public Holidays and Days of National Importance Act (Riigi Teataja)', 'https://www.riigiteataja.ee'),
    ],
  });

export const nasdaqRiga = () =>
  baltic({
    id: 'LV.NASDAQ',
    TZ: 'Europe/Riga',
    exchange: 'Nasdaq Riga',
    mic: 'XRIS',
    acronym: 'RSE',
    group: 'OMX Riga',
    closures: latvianClosures,
    sources: [
      src('Law on Public Holidays, Commemoration Days and Celebration Days (likumi.lv)', 'https://likumi.lv'),
      src(
        'Cabinet order no. 348 of 13 June 2023 on transferring working days in 2024 (labadavana.lv)',
        'https://labadavana.lv/brivdienas/',
      ),
      src(
        'Cabinet order on transferring 5 May 2023 to 20 May (nra.lv)',
        'https://nra.lv/latvija/412726-gaidamas-garas-brivdienas-nakamajas-10-dienas-tadas-bus-astonas.htm',
      ),
      src(
        'Working day of 2 January 2026 transferred to 17 January (jauns.lv, 2025-12-09)',
        'https://jauns.lv/raksts/zinas/686021-ka-stradasim-un-atputisimies-decembri-un-janvari-pilns-svetku-grafika-apskats',
      ),
    ],
  });

export const nasdaqVilnius = () =>
  baltic({
    id: 'LT.NASDAQ',
    TZ: 'Europe/Vilnius',
    exchange: 'Nasdaq Vilnius',
    mic: 'XLIT',
    acronym: 'VSE',
    group: 'OMX Vilnius',
    closures: lithuanianClosures,
    sources: [
      src('Labour Code of the Republic of Lithuania, art. 123 (e-tar.lt)', 'https://www.e-tar.lt'),
      src(
        'Vilnius Stock Exchange market holidays (2005-12-22)',
        'https://mondovisione.com/media-and-resources/news/vilnius-stock-exchange-market-holidays',
      ),
    ],
  });

export const MARKETS = [
  nasdaqCopenhagen,
  nasdaqHelsinki,
  nasdaqIceland,
  nasdaqStockholm,
  osloBors,
  nasdaqTallinn,
  nasdaqRiga,
  nasdaqVilnius,
];

/** A year's settlement holidays from a closure list (weekends are dropped by the caller). */
const settlement = (closures, memo) => (y) =>
  closures(y).map(([date, name]) => ({ date, name, observed: false, memo }));

export const CURRENCIES = [
  [
    'DKK',
    'Danish Krone',
    'DK',
    'Danmarks Nationalbank',
    'Copenhagen',
    'Europe/Copenhagen',
    settlement(danishClosures, 'Danish bank holiday (Kronos2 closed)'),
  ],
  [
    'SEK',
    'Swedish Krona',
    'SE',
    'Sveriges Riksbank',
    'Stockholm',
    'Europe/Stockholm',
    settlement(swedishClosures, 'Swedish bank holiday (RIX closed)'),
  ],
  [
    'NOK',
    'Norwegian Krone',
    'NO',
    'Norges Bank',
    'Oslo',
    'Europe/Oslo',
    settlement(norwegianClosures, "Norwegian bank holiday (Norges Bank's settlement system closed)"),
  ],
  [
    'ISK',
    'Icelandic Krona',
    'IS',
    'Central Bank of Iceland',
    'Reykjavik',
    'Atlantic/Reykjavik',
    settlement(icelandicClosures, 'Icelandic bank holiday (approximated by the public holidays and the eves)'),
  ],
];
