// Germany's other venues (Börse Frankfurt's specialist floor, the regional exchanges of
// Düsseldorf, Hamburg and Stuttgart, Eurex and the European Energy Exchange) with Wiener Börse
// and the Luxembourg Stock Exchange. Each follows its own published trading calendar; the German
// securities exchanges share the nationwide closures and differ on the days Xetra closed only in
// some years (Whit Monday, German Unity Day, Reformation Day 2017).
import { addDays, easterSunday, nthWeekday, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const BERLIN = 'Europe/Berlin';
const isWeekday = (d) => weekday(d) !== 0 && weekday(d) !== 6;

/** The year's last weekday before New Year's Eve (the "Jahresschlussbörse"). */
export function lastTradingDay(y) {
  let d = addDays(ymd(y, 12, 31), -1);
  while (!isWeekday(d)) d = addDays(d, -1);
  return d;
}

/** The closures common to every venue of the family: the year-end days and the Easter and May holidays. */
function coreClosures(y) {
  const e = easterSunday(y);
  return [
    [ymd(y, 1, 1), "New Year's Day", ''],
    [addDays(e, -2), 'Good Friday', ''],
    [addDays(e, 1), 'Easter Monday', ''],
    [ymd(y, 5, 1), 'Labour Day', ''],
    [ymd(y, 12, 24), 'Christmas Eve', ''],
    [ymd(y, 12, 25), 'Christmas Day', ''],
    [ymd(y, 12, 26), "St. Stephen's Day", ''],
    [ymd(y, 12, 31), "New Year's Eve", ''],
  ];
}

/**
 * Weekday closures of the Frankfurt Stock Exchange (FWB) trading calendar, which Xetra and
 * Börse Frankfurt share: the core days, Whit Monday in 2007 and 2015-2021, German Unity Day
 * in 2000 (one-off) and 2014-2021, and Reformation Day's 500th anniversary in 2017.
 */
export function fwbClosures(y) {
  const e = easterSunday(y);
  const list = coreClosures(y);
  if (y === 2007 || (y >= 2015 && y <= 2021)) list.push([addDays(e, 50), 'Whit Monday', '']);
  if (y >= 2014 && y <= 2021) list.push([ymd(y, 10, 3), 'Day of German Unity', '']);
  if (y === 2017) list.push(['2017-10-31', 'Reformation Day', "One-off holiday: the Reformation's 500th anniversary"]);
  if (y === 2000) list.push(['2000-10-03', 'Day of German Unity', 'One-off closure for the 10th anniversary of unity']);
  return list.filter(([d]) => isWeekday(d));
}

/** Nationwide German holidays on which the German exchanges trade (with a shortened day at some). */
function germanTradedHolidays(y, closures, { corpusChristi = false } = {}) {
  const e = easterSunday(y);
  const closed = new Set(closures.map(([d]) => d));
  const list = [
    [addDays(e, 39), 'Ascension Day'],
    [addDays(e, 50), 'Whit Monday'],
    [ymd(y, 10, 3), 'Day of German Unity'],
  ];
  if (corpusChristi) list.push([addDays(e, 60), 'Corpus Christi']);
  return list.filter(([d]) => isWeekday(d) && !closed.has(d));
}

/**
 * A floor/specialist venue of the German securities exchanges: `periods` are
 * [from, until, open, close] of the primary session for shares; `closures(y)` its weekday
 * closures; `shortHolidays(y)` the traded public holidays whose session ends at 20:00.
 */
function germanFloor({ id, mic, name, acronym, group, periods, closures, shortHolidays, memo, coverage }) {
  const s = scheduleFor(id, BERLIN, {
    Regular: 'Shares: specialist/broker-supported trading',
    Partial: 'Last trading day of the year: trading ends at 14:00',
    Holiday: 'Traded public holiday: trading ends at 20:00',
  });
  for (const [from, until, open, close] of periods) {
    const o = { from, until };
    s.row('Regular', 'Pre-Trading Session', 'Pre-Trading', 'Mon-Fri', '07:00', open, o);
    s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', open, close, o);
    s.row('Partial', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', open, '14:00', o);
    if (close > '20:00') s.row('Holiday', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', open, '20:00', o);
  }
  const h = holidaysFor(id);
  for (const y of years()) {
    const list = closures(y);
    for (const [d, n, m] of list)
      h.closed(d, n, { memo: m || (d.endsWith('12-24') || d.endsWith('12-31') ? 'Exchange holiday' : '') });
    for (const [d, n] of shortHolidays(y, list))
      h.open(d, n, 'Holiday', { memo: 'Public holiday: trading until 20:00', ifFree: true });
    h.open(lastTradingDay(y), "New Year's Eve", 'Partial', {
      memo: 'Last trading day of the year: trading until 14:00',
      ifFree: true,
    });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': name,
        'Market Name': 'Floor/specialist trading',
        'Security Group': group,
        Timezone: BERLIN,
        'Weekend Definition': 'Sat-Sun',
        MIC: mic,
        Acronym: acronym,
        'Asset Type': 'Equities',
        Memo: memo,
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [[mic, id]],
    coverage,
  };
}

export function boerseFrankfurt() {
  // The 20:00 close on public holidays applies since the 22:00 close (notice of October 2022 for
  // 3 October; Hesse's Corpus Christi counts too).
  return germanFloor({
    id: 'DE.FWB',
    mic: 'XFRA',
    name: 'Börse Frankfurt',
    acronym: 'FWB',
    group: 'Shares, ETFs/ETPs, funds (specialist model)',
    periods: [
      ['', '2000-06-01', '09:00', '17:30'],
      ['2000-06-02', '2011-05-31', '09:00', '20:00'],
      ['2011-06-01', '2021-11-26', '08:00', '20:00'],
      ['2021-11-29', '', '08:00', '22:00'],
    ],
    closures: fwbClosures,
    shortHolidays: (y, list) => (y >= 2022 ? germanTradedHolidays(y, list, { corpusChristi: true }) : []),
    memo:
      'FWB trading calendar (as Xetra); shares 09:00-20:00 from June 2000, 08:00-20:00 from 1 June 2011 ' +
      '(after the specialist model), 08:00-22:00 from 29 Nov 2021; 14:00 close on the last trading day; 20:00 close on ' +
      'traded public holidays from 2022',
    coverage: [
      {
        finId: 'DE.FWB',
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'Börse Frankfurt: Handelszeiten und Handelskalender',
            url: 'https://www.boerse-frankfurt.de/handeln/handelszeiten-und-kalender',
          },
          {
            title: 'Börse Frankfurt: Handelskalender 2017 and year-end hours',
            url: 'http://www.boerse-frankfurt.de/inhalt/grundlagen-marktplaetze-handelskalender2017',
          },
          {
            title: 'Deutsche Börse: XFRA trading times on public holidays (3 Oct 2022)',
            url: 'https://www.aktiencheck.de/news/Artikel-XFRA_Trading_times_Boerse_Frankfurt_03_Oct_2022-14884882',
          },
        ],
      },
    ],
  });
}

/** Börse Düsseldorf's own calendar: it traded on Whit Monday, Unity Day and Reformation Day 2017, not in 2018-2021. */
export function duesseldorfClosures(y) {
  const e = easterSunday(y);
  const list = coreClosures(y);
  if (y >= 2018 && y <= 2021) {
    list.push([addDays(e, 50), 'Whit Monday', 'Closed with the FWB calendar']);
    list.push([ymd(y, 10, 3), 'Day of German Unity', 'Closed with the FWB calendar']);
  }
  return list.filter(([d]) => isWeekday(d));
}

// Börse Düsseldorf's 2025 calendar has shares to 22:00; overviews of 2022-2023 still list 20:00 for
// the BÖAG exchanges. The exact date of the change is not in the notices found: 2 January 2024 assumed.
const BOAG_22 = '2024-01-02';

export function boerseDuesseldorf() {
  return germanFloor({
    id: 'DE.BDUS',
    mic: 'XDUS',
    name: 'Börse Düsseldorf',
    acronym: 'BDUS',
    group: 'Shares (broker-supported trading, XONTRO)',
    periods: [
      ['', '2023-12-31', '08:00', '20:00'],
      [BOAG_22, '', '08:00', '22:00'],
    ],
    closures: duesseldorfClosures,
    shortHolidays: (y, list) => (y >= 2024 ? germanTradedHolidays(y, list) : []),
    memo:
      'Own calendar (trades on Whit Monday and Unity Day except 2018-2021); shares 08:00-20:00, 08:00-22:00 ' +
      'from 2024 (date of the change assumed); 14:00 close on the last trading day; 20:00 close on Ascension, ' +
      'Whit Monday and Unity Day once trading runs to 22:00',
    coverage: [
      {
        finId: 'DE.BDUS',
        confirmedThrough: '2025-12-31',
        sources: [
          {
            title: 'Börse Düsseldorf: Handelskalender und Handelszeiten 2025',
            url: 'https://boerse-duesseldorf.de/handelskalender-und-handelszeiten-2025',
          },
          {
            title: 'Börse Düsseldorf/Quotrix: Handelskalender 2017',
            url: 'http://quotrix.de/ueber_quotrix/handelszeiten',
          },
          {
            title: 'Börse Düsseldorf: Bekanntmachung Jahresschlussbörse 2017',
            url: 'http://www.boerse-duesseldorf.de/dieboerse/informationen/jahresschlussboerse',
          },
        ],
      },
    ],
  });
}

export function boerseHamburg() {
  return germanFloor({
    id: 'DE.BHAM',
    mic: 'XHAM',
    name: 'Börse Hamburg',
    acronym: 'BHAM',
    group: 'Shares (broker-supported trading)',
    periods: [
      ['', '2023-12-31', '08:00', '20:00'],
      [BOAG_22, '', '08:00', '22:00'],
    ],
    closures: fwbClosures,
    shortHolidays: (y, list) => (y >= 2024 ? germanTradedHolidays(y, list) : []),
    memo:
      'Closures as the FWB calendar; shares 08:00-20:00, 08:00-22:00 from 2024 with the other BÖAG exchanges ' +
      '(date assumed); 14:00 close on the last trading day; 20:00 close on traded public holidays from 2024',
    coverage: [
      {
        finId: 'DE.BHAM',
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'Börsen AG (Hamburg, Hannover, Düsseldorf): Handelskalender 2025',
            url: 'https://boerse-duesseldorf.de/handelskalender-und-handelszeiten-2025',
          },
          {
            title: 'Year-end 2020: all German floor exchanges close at 14:00',
            url: 'https://www.vrbankht.de/homepage/boersenhandel-zum-jahresende.html',
          },
        ],
      },
    ],
  });
}

export function boerseStuttgart() {
  return germanFloor({
    id: 'DE.BSTU',
    mic: 'XSTU',
    name: 'Börse Stuttgart',
    acronym: 'BSTU',
    group: 'Shares, ETPs, funds',
    periods: [
      ['', '2013-02-28', '09:00', '20:00'],
      ['2013-03-01', '', '08:00', '22:00'],
    ],
    closures: fwbClosures,
    shortHolidays: () => [],
    memo:
      'Closures as the FWB calendar (Stuttgart holiday regulations); shares 09:00-20:00, 08:00-22:00 from ' +
      '1 March 2013; 14:00 close on the last trading day',
    coverage: [
      {
        finId: 'DE.BSTU',
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'Börse Stuttgart: Trading times and holiday regulations',
            url: 'https://www.boerse-stuttgart.de/en/company/all-about-trading/trading-times/',
          },
          {
            title: 'Year-end 2020: all German floor exchanges close at 14:00',
            url: 'https://www.vrbankht.de/homepage/boersenhandel-zum-jahresende.html',
          },
        ],
      },
    ],
  });
}

/** Central European summer time of a year: [first day, last day]. */
function summerTime(y) {
  return [nthWeekday(y, 3, 0, -1), addDays(nthWeekday(y, 10, 0, -1), -1)];
}

export function eurex() {
  const id = 'DE.EUREX';
  const s = scheduleFor(id, BERLIN, {
    Regular: 'EURO STOXX 50 and DAX futures: continuous trading',
  });
  const g = 'Regular';
  const day = (from, until, open, close, pre) => {
    const o = { from, until };
    if (pre) s.row(g, 'Pre-Trading Session', 'Pre-Trading', 'Mon-Fri', pre, open, o);
    s.row(g, 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', open, close, o);
  };
  // Eurex's trading-hours tables give the trading period from the opening auction's start, ten
  // minutes before continuous trading (the "9 a.m." and "8 a.m." of its press releases).
  day('', '2000-06-01', '08:50', '17:30', '07:30');
  day('2000-06-02', '2005-11-18', '08:50', '20:00', '07:30');
  day('2005-11-21', '2006-05-31', '08:50', '22:00', '07:30');
  day('2006-06-01', '2018-12-07', '07:50', '22:00', '07:30');
  // From 10 December 2018 trading opens in the Singapore morning: pre-trading from 01:00 CET
  // (02:00 CEST), trading from 01:10 CET (02:10 CEST) as Eurex's trading-hours table gives it
  // (the opening auction to 01:15 is part of that period there), to 22:00.
  const EXT = '2018-12-10';
  let from = EXT;
  for (const y of years(2019)) {
    const [su, wi] = summerTime(y);
    day(from, addDays(su, -1), '01:10', '22:00', '01:00');
    day(su, wi, '02:10', '22:00', '02:00');
    from = addDays(wi, 1);
  }
  day(from, '', '01:10', '22:00', '01:00');
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const [d, n] of coreClosures(y))
      if (isWeekday(d)) h.closed(d, n, { memo: 'No trading in any Eurex derivative' });
  }
  // 3 October 2000: no equity or index products traded at Eurex (joint notice with Deutsche Börse).
  h.closed('2000-10-03', 'Day of German Unity', { memo: 'One-off: no equity and index products traded' });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Eurex',
        'Market Name': 'Equity index futures',
        'Security Group': 'EURO STOXX 50 (FESX), DAX (FDAX) futures',
        Timezone: BERLIN,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XEUR',
        Acronym: 'EUREX',
        'Asset Type': 'Futures',
        Memo:
          'Exchange-wide holidays; DAX products also paused on FWB-only closures (Whit Monday, Unity Day ' +
          '2014-2021), not modelled; trading period 08:50-20:00 (2000), 22:00 close from Nov 2005, 07:50 from ' +
          'June 2006, 01:10 CET/02:10 CEST open from 10 Dec 2018; no early close on the last trading day',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XEUR', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'Eurex: Trading hours (Annex C)',
            url: 'https://www.eurex.com/ex-en/trade/trading-hours/Trading-hours-20280?frag=243654',
          },
          {
            title: 'Eurex: Trading Hours Extension (10 December 2018)',
            url: 'https://www.eurexchange.com/exchange-en/resources/initiatives/archive/trading-hour-extension',
          },
          {
            title: 'Eurex circular 084/20',
            url: 'https://www.eurex.com/ex-en/find/circulars/Extension-of-trading-hours-for-additional-selected-benchmark-futures--2311980',
          },
          {
            title: 'Eurex: equity index products from 8 a.m. (1 June 2006)',
            url: 'https://mondovisione.com/media-and-resources/news/eurex-extends-trading-hours-for-equity-index-products-from-june-1-trading-in-eur',
          },
          {
            title: 'Eurex: trading to 22:00 CET from 21 November 2005',
            url: 'https://www.elitetrader.com/et/threads/eurex-to-extend-trading-hours-to-3-p-m-chicago-time.51920/',
          },
          {
            title: 'Eurex: Feiertagsregelungen',
            url: 'http://www.eurexchange.com/exchange-de/handel/handelskalender/feiertagsregelungen/',
          },
        ],
      },
    ],
  };
}

export function eex() {
  const id = 'DE.EEX';
  const s = scheduleFor(id, BERLIN, { Regular: 'Power derivatives: continuous trading (T7)' });
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '08:00', '18:00');
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const [d, n] of coreClosures(y)) if (isWeekday(d)) h.closed(d, n, { memo: 'Not an EEX exchange day' });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'European Energy Exchange',
        'Market Name': 'Power derivatives',
        'Security Group': 'Phelix DE and other European power futures',
        Timezone: BERLIN,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XEEE',
        Acronym: 'EEX',
        'Asset Type': 'Commodities',
        Memo:
          'Exchange days: closed on New Year, Good Friday, Easter Monday, 1 May and 24-26, 31 December; ' +
          'continuous trading 08:00-18:00 in every year (power futures started in 2001)',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XEEE', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'EEX Trading Conditions §2: exchange days and trading hours',
            url: 'https://www.marketscreener.com/news/latest/Handelsbedingungen-0056a-Englisch--31382981/',
          },
          {
            title: 'EEX: Power Futures, exchange trading 8:00 am to 6:00 pm CET',
            url: 'https://eex.com/en/markets/power/power-futures',
          },
          {
            title: 'PXE: power derivatives on the EEX T7 platform 08:00-18:00',
            url: 'https://old.pxe.cz/dokument.aspx?k=Harmonogram-BD&language=english',
          },
        ],
      },
    ],
  };
}

/** Wiener Börse's weekday closures: Austrian holidays until 2018; from 2019 it trades on six of them. */
export function wienerBoerseClosures(y) {
  const e = easterSunday(y);
  const list = coreClosures(y);
  list.push([addDays(e, 50), 'Whit Monday', '']);
  list.push([ymd(y, 10, 26), 'Austrian National Day', '']);
  if (y <= 2018) {
    list.push(
      [ymd(y, 1, 6), 'Epiphany', ''],
      [addDays(e, 39), 'Ascension Day', ''],
      [addDays(e, 60), 'Corpus Christi', ''],
      [ymd(y, 8, 15), 'Assumption Day', ''],
      [ymd(y, 11, 1), "All Saints' Day", ''],
      [ymd(y, 12, 8), 'Immaculate Conception', ''],
    );
  }
  return list.filter(([d], i, all) => isWeekday(d) && all.findIndex(([x]) => x === d) === i);
}

export function wienerBoerse() {
  const id = 'AT.WBAG';
  const TZ = 'Europe/Vienna';
  const s = scheduleFor(id, TZ, {
    Regular: 'prime market: opening auction, continuous trading, closing auction',
    Partial: 'Last trading day of the year: closing auction from 14:15',
  });
  const pre = { memo: 'Opening auction call' };
  const close = { memo: 'Closing auction: the trading day ends with it' };
  const midday = { memo: 'Continuous trading pauses for the midday auction' };
  // Continuous trading started at 09:20 until it moved to 09:00 on 2 January 2009.
  for (const [from, until, open, call] of [
    ['', '2008-12-31', '09:20', '09:15'],
    ['2009-01-02', '', '09:00', '08:55'],
  ]) {
    s.row('Regular', 'Pre-Open', 'Opening Auction', 'Mon-Fri', call, open, { ...pre, from, until });
    s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', open, '17:35', { from, until });
    s.row('Regular', 'Call Auction', 'Midday Auction', 'Mon-Fri', '12:00', '12:03', { ...midday, from, until });
    s.row('Regular', 'Pre-Close', 'Closing Auction', 'Mon-Fri', '17:30', '17:35', { ...close, from, until });
  }
  s.row('Regular', 'Trading-at-Last', 'Trade at Close', 'Mon-Fri', '17:35', '17:45', { from: '2020-12-01' });
  s.row('Partial', 'Pre-Open', 'Opening Auction', 'Mon-Fri', '08:55', '09:00', pre);
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '14:20');
  s.row('Partial', 'Pre-Close', 'Closing Auction', 'Mon-Fri', '14:15', '14:20', close);
  const h = holidaysFor(id);
  for (const y of years()) for (const [d, n] of wienerBoerseClosures(y)) h.closed(d, n);
  // Shortened last trading day: announced for 29 December 2017 (MiFID II changeover) and again in
  // Eurex's notice for 30 December 2021 (Austrian index reference at 14:15); taken as the rule from 2017.
  for (const y of years(2017)) {
    const memo = 'Last trading day of the year: closing auction from 14:15';
    h.open(lastTradingDay(y), "New Year's Eve", 'Partial', { memo, ifFree: true });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Wiener Börse',
        'Market Name': 'Equities (Xetra T7)',
        'Security Group': 'ATX, prime market',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XWBO',
        Acronym: 'WBAG',
        'Asset Type': 'Equities',
        Memo:
          'Closed on all Austrian holidays until 2018; from 2019 trades on Epiphany, Ascension, Corpus Christi, ' +
          'Assumption, All Saints and 8 December; continuous from 09:20 (09:00 from 2009) to the 17:30-17:35 ' +
          'closing auction; trade at close to 17:45 from Dec 2020; closing auction from 14:15 on the last trading ' +
          'day from 2017',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XWBO', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [
          {
            title: 'Wiener Börse erweitert ihren Handelskalender ab 2019 (OTS, 10 Sep 2018)',
            url: 'https://www.ots.at/presseaussendung/OTS_20180910_OTS0038/wiener-boerse-erweitert-ihren-handelskalender-ab-2019-bild',
          },
          {
            title: 'Wiener Börse: Längere Handelszeiten ab 2. Jänner 2009',
            url: 'https://www.wienerborse.at/news/wiener-boerse-news/news/laengere-handelszeiten-ab-2-jaenner-2009-1/',
          },
          {
            title: 'Wiener Börse verlängert offizielle Handelszeit (Trade at Close, 1 Dec 2020)',
            url: 'https://www.wienerborse.at/news/wiener-boerse-news/wiener-boerse-verlaengert-handelszeit/',
          },
          {
            title: 'Wiener Börse: Handelszeiten am letzten Handelstag 29. Dezember 2017',
            url: 'https://www.wienerborse.at/news/wiener-boerse-news/news/aenderung-der-handelszeiten-am-letzten-handelstag-29-dezember-2017/',
          },
          {
            title: 'Wiener Börse: Handel am Drei-Königs-Tag 2021',
            url: 'https://www.finanznachrichten.de/nachrichten-2021-01/51651398-wiener-boerse-handel-am-drei-koenigs-tag-245.htm',
          },
        ],
      },
    ],
  };
}

export function luxse() {
  const id = 'LU.LUXSE';
  const TZ = 'Europe/Luxembourg';
  const s = scheduleFor(id, TZ, {
    Regular: 'Continuous trading with a closing auction',
    Partial: 'Christmas Eve and New Year’s Eve: closes at 14:00',
  });
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '17:35');
  s.row('Regular', 'Pre-Close', 'Closing Auction', 'Mon-Fri', '17:30', '17:35', {
    memo: 'The published opening hours end with the auction',
  });
  s.row('Partial', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '14:00');
  const h = holidaysFor(id);
  for (const y of years()) {
    for (const [d, n] of coreClosures(y)) {
      if (!isWeekday(d)) continue;
      if (d.endsWith('12-24') || d.endsWith('12-31')) h.open(d, n, 'Partial', { memo: 'Market closes at 14:00' });
      else h.closed(d, n);
    }
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Luxembourg Stock Exchange',
        'Market Name': 'Regulated market (Bourse de Luxembourg)',
        'Security Group': 'Shares, bonds, funds',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XLUX',
        Acronym: 'LuxSE',
        'Asset Type': 'Equities',
        Memo:
          'Closed on New Year, Good Friday, Easter Monday, 1 May, 25-26 December; open on the other ' +
          'Luxembourg bank holidays (including Europe Day from 2019); 14:00 close on 24 and 31 December; ' +
          '09:00-17:35 in every year',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XLUX', id]],
    coverage: [
      {
        finId: id,
        confirmedThrough: '2026-12-31',
        sources: [{ title: 'LuxSE: Opening hours and closing days', url: 'https://www.bourse.lu/closing-days' }],
      },
    ],
  };
}

export const MARKETS = [
  boerseFrankfurt,
  boerseDuesseldorf,
  boerseHamburg,
  boerseStuttgart,
  eurex,
  eex,
  wienerBoerse,
  luxse,
];
export const CURRENCIES = [];
