// The south-east European exchanges of the central-europe family: Bucharest, Ljubljana, Zagreb
// and Belgrade.
import { addDays, easterSunday, FIRST_YEAR, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, scheduleFor } from '../lib/model.mjs';
import { croatianHolidays, romanianHolidays, serbianHolidays, slovenianHolidays } from './central-europe-holidays.mjs';
import { addClosures, closure, isWeekend, period, result, src } from './central-europe-lib.mjs';

// ---------------------------------------------------------------------------------------------
// Bucharest Stock Exchange

/**
 * Weekday closures of the Bucharest Stock Exchange: Romanian public holidays, the year-end
 * breaks the exchange decided in 2008 (24-31 December) and 2009 (28-31 December), and the
 * eves of 2020.
 */
export function bvbClosures(y) {
  const out = [...romanianHolidays(y)];
  const breakMemo = 'Year-end break decided by the exchange with its brokers';
  if (y === 2008) for (const d of [24, 29, 30, 31]) out.push(closure(ymd(2008, 12, d), 'Year-End Break', breakMemo));
  if (y === 2009) for (const d of [28, 29, 30, 31]) out.push(closure(ymd(2009, 12, d), 'Year-End Break', breakMemo));
  // 2020: no trading on Christmas Eve and New Year's Eve (UniCredit's notice of 18 December 2020;
  // the depository did not settle RON on either day). Other years keep both as trading days: no
  // notice was found for them.
  if (y === 2020) {
    const memo = 'Non-trading day announced for 2020 (the depository closed for RON settlement)';
    out.push(closure('2020-12-24', 'Christmas Eve', memo), closure('2020-12-31', "New Year's Eve", memo));
  }
  return out;
}

export function bvb() {
  const def = {
    id: 'RO.BVB',
    tz: 'Europe/Bucharest',
    mic: 'XBSE',
    exchange: 'Bucharest Stock Exchange',
    marketName: 'Regular Market (REGS)',
    group: 'BET',
    acronym: 'BVB',
    confirmedThrough: '2026-12-31',
    memo:
      'Continuous trading, then pre-close and trading at last: 10:00-14:15 (approximated) and 10:00-16:15 from June ' +
      '2008, 10:00-16:40 from June 2011, 10:00-17:45 from 2014-01-03, 09:45-18:15 from 2015-05-21, 09:45-17:55 ' +
      'from 2016 and 10:00-17:45 from 2023 (dates of the last two approximated); Romanian public holidays',
    sources: [
      src('BVB: trading sessions schedule', 'https://www.bvb.ro/TradingAndStatistics/TradingSessionSchedule'),
      src(
        'BVB extends trading to 18:00 from 3 January 2014',
        'https://govnet.ro/sheetTemplates/viewPSheet/blog_post?id=188',
      ),
      src('BVB extends its programme from 21 May 2015', 'https://conso.ro/investitii/bvb-isi-extinde-programul'),
      src(
        'CNVM extends BVB trading to 16:45 (2011)',
        'https://mediafax.ro/economic/programul-de-tranzactionare-al-bvb-prelungit-de-cnvm-cu-25-de-minute-4720270',
      ),
      src('BVB: last trading day of 2008 is 23 December', 'https://hotnews.ro/?p=768461'),
      src(
        'UniCredit: holiday reminder for Romania, December 2020 (24 and 31 December non-trading days)',
        'https://gss.unicreditgroup.eu/resources/newsflashes/holiday-reminder-update-romania-russia-and-slovakia',
      ),
      src(
        'BVB: last session of 2009 on 24 December',
        'https://bursa.ro/ultima-sedinta-de-tranzactionare-din-acest-an-la-bursa-de-la-bucuresti-va-fi-24-decembrie-8953074',
      ),
      src(
        'Law 53/2003, the Labour Code, article 139 (public holidays)',
        'https://legislatie.just.ro/Public/DetaliiDocument/41625',
      ),
    ],
  };
  const s = scheduleFor(def.id, def.tz, {
    Regular: 'Regular market: pre-open, continuous trading, pre-close, trading at last',
  });
  const P = (from, until, open, close, preClose, tal, preOpen) =>
    period(s, 'Regular', { from, until, preOpen, open, close, closing: preClose, tal });
  P(undefined, '2008-05-30', '10:00', '14:15', ['14:15', '14:30']);
  P('2008-06-02', '2011-06-10', '10:00', '16:15', ['16:15', '16:30']);
  P('2011-06-13', '2014-01-02', '10:00', '16:40', ['16:40', '16:45']);
  P('2014-01-03', '2015-05-20', '10:00', '17:45', ['17:45', '17:50'], ['17:50', '18:00']);
  P('2015-05-21', '2015-12-31', '09:45', '18:15', ['18:15', '18:20'], ['18:20', '18:30'], ['09:30', '09:45']);
  P('2016-01-04', '2022-12-30', '09:45', '17:55', ['17:55', '18:00'], ['18:00', '18:10'], ['09:30', '09:45']);
  P('2023-01-03', undefined, '10:00', '17:45', ['17:45', '17:50'], ['17:50', '18:00'], ['09:45', '10:00']);
  const h = holidaysFor(def.id);
  for (const y of years()) addClosures(h, bvbClosures(y));
  return result(def, h, s);
}

// ---------------------------------------------------------------------------------------------
// Ljubljana Stock Exchange

/**
 * Weekday closures of the Ljubljana Stock Exchange: Slovenian work-free days, Good Friday from
 * 2007 (TARGET is closed), Christmas Eve and New Year's Eve (from 2008, approximated) and the
 * euro changeover (28-29 December 2006), and 3 May 2002 (the depository's move).
 */
export function ljseClosures(y) {
  const out = [...slovenianHolidays(y)];
  if (y >= 2007) out.push(closure(addDays(easterSunday(y), -2), 'Good Friday', 'Exchange closure (TARGET closed)'));
  if (y >= 2008) {
    out.push(closure(ymd(y, 12, 24), 'Christmas Eve', 'Exchange closure'));
    out.push(closure(ymd(y, 12, 31), "New Year's Eve", 'Exchange closure'));
  }
  if (y === 2002) out.push(closure('2002-05-03', 'Non-Trading Day', 'The central depository moved offices'));
  if (y === 2006) {
    for (const d of ['2006-12-28', '2006-12-29'])
      out.push(closure(d, 'Euro Changeover', 'Trading halted for the euro'));
  }
  return out;
}

export function ljse() {
  const def = {
    id: 'SI.LJSE',
    tz: 'Europe/Ljubljana',
    mic: 'XLJU',
    exchange: 'Ljubljana Stock Exchange',
    marketName: 'Equity Market (continuous trading)',
    group: 'SBITOP, Prime Market',
    acronym: 'LJSE',
    confirmedThrough: '2026-12-31',
    memo:
      'BTS 09:30-13:00 until Xetra (2010-11-29, approximated); Xetra continuous trading 09:15-14:20, 09:15-15:15 ' +
      "with a closing auction from 2019-12-09 (with Zagreb's move to T7; approximated); Good Friday from 2007, " +
      "Christmas Eve and New Year's " +
      'Eve from 2008 (approximated)',
    sources: [
      src('Ljubljana Stock Exchange: trading schedule', 'https://ljse.si/en/trading-schedule/88'),
      src(
        'Ljubljana Stock Exchange: trading calendar for 2021 (SEOnet)',
        'https://seonet.ljse.si/default.aspx?doc_id=72472',
      ),
      src('Ljubljana Stock Exchange: non-trading days 2024', 'https://progress.market/si/netrgovalni-dnevi/110'),
      src(
        'Ljubljana Stock Exchange: BTS adjustments for the euro (2006)',
        'https://www.ljse.si/cgi-bin/jve.cgi?doc=2894',
      ),
      src('Holidays and Work-Free Days in the Republic of Slovenia Act', 'https://pisrs.si/pregledPredpisa?id=ZAKO281'),
    ],
  };
  const s = scheduleFor(def.id, def.tz, { Regular: 'Continuous trading with opening and closing auctions' });
  const XETRA = '2010-11-29';
  const T7 = '2019-12-09';
  period(s, 'Regular', { until: addDays(XETRA, -3), open: '09:30', close: '13:00', memo: 'BTS trading system' });
  period(s, 'Regular', {
    from: XETRA,
    until: addDays(T7, -3),
    preOpen: ['08:00', '09:15'],
    open: '09:15',
    close: '14:20',
    closing: ['14:20', '14:30'],
  });
  period(s, 'Regular', {
    from: T7,
    preOpen: ['08:15', '09:15'],
    open: '09:15',
    close: '15:15',
    closing: ['15:15', '15:25'],
  });
  const h = holidaysFor(def.id);
  for (const y of years()) addClosures(h, ljseClosures(y));
  return result(def, h, s);
}

// ---------------------------------------------------------------------------------------------
// Zagreb Stock Exchange

/**
 * Weekday closures of the Zagreb Stock Exchange: Croatian holidays (and the 2024 election day),
 * Good Friday (from 2020; a half day before), Christmas Eve and New Year's Eve (from 2008,
 * approximated), and the euro changeover (29-30 December 2022).
 */
export function zseClosures(y) {
  const out = [...croatianHolidays(y)];
  // Good Friday was a half day (trading to 13:00) on the old trading system; see zse().
  if (y >= 2020) out.push(closure(addDays(easterSunday(y), -2), 'Good Friday', 'Exchange closure'));
  if (y >= 2008) {
    out.push(closure(ymd(y, 12, 24), 'Christmas Eve', 'Exchange closure'));
    out.push(closure(ymd(y, 12, 31), "New Year's Eve", 'Exchange closure'));
  }
  if (y === 2022) {
    for (const d of ['2022-12-29', '2022-12-30']) {
      out.push(closure(d, 'Euro Changeover', 'Non-working days of the exchange for the change to the euro'));
    }
  }
  return out;
}

export function zse() {
  const def = {
    id: 'HR.ZSE',
    tz: 'Europe/Zagreb',
    mic: 'XZAG',
    exchange: 'Zagreb Stock Exchange',
    marketName: 'Regulated Market (continuous trading)',
    group: 'CROBEX',
    acronym: 'ZSE',
    confirmedThrough: '2026-12-31',
    memo:
      'Pre-opening 09:00-09:15 and continuous trading to 16:30 until Xetra T7 (new rules from 2019-12-09); then an ' +
      'opening auction to 09:30, continuous trading with a 12:00 intraday auction and a closing auction ending ' +
      'at 16:00; Good Friday a half day to 13:00 until 2019 and closed from 2020 (date approximated); Christmas ' +
      "Eve and New Year's Eve closed from 2008 (approximated)",
    sources: [
      src('Zagreb Stock Exchange: non-trading days', 'https://zse.hr/en/non-trading-days/110'),
      src(
        'UniCredit: new ZSE rules for Xetra T7 effective 9 December 2019',
        'https://gss.unicreditgroup.eu/markets/croatia/newsflashes/new-zse-rules-approved-0',
      ),
      src('ZSE: trading calendar for 2021', 'https://progress.market/hr/kalendar-trgovanja-za-2021-godinu-zse/3391'),
      src('ZSE: first trading day in the euro (trading hours)', 'https://eho.zse.hr/obavijesti-o-trgovanju/view/4647'),
      src('HINA: the Zagreb exchange works until 13:00 on Good Friday', 'https://hina.hr/OTS/7569567'),
      src('ZSE: about trading (X-Stream, 09:00-16:30)', 'https://zse.hr/default.aspx?id=32885'),
      src('Act on Holidays, Memorial Days and Non-Working Days (NN 110/19)', 'https://www.zakon.hr/z/1880/'),
    ],
  };
  const s = scheduleFor(def.id, def.tz, {
    Regular: 'Continuous trading model: opening auction, continuous trading, intraday and closing auctions',
    'Late Open': 'First trading day in the euro: opening auction extended to 11:00',
    Partial: 'Good Friday on the old trading system: trading to 13:00',
  });
  const XETRA = '2019-12-09';
  period(s, 'Regular', {
    until: addDays(XETRA, -3),
    preOpen: ['09:00', '09:15', 'Pre-Opening'],
    open: '09:15',
    close: '16:30',
  });
  const xetra = {
    preTrading: ['08:00', '09:00'],
    close: '16:00',
    intraday: ['12:00', '12:10'],
    preClose: ['15:55', '16:00'],
    post: ['16:00', '16:25'],
  };
  period(s, 'Regular', { ...xetra, from: XETRA, preOpen: ['09:00', '09:30'], open: '09:30' });
  period(s, 'Late Open', {
    ...xetra,
    from: '2023-01-02',
    until: '2023-01-02',
    preOpen: ['09:00', '11:00'],
    open: '11:00',
  });
  const h = holidaysFor(def.id);
  h.open('2023-01-02', 'First Trading Day in the Euro', 'Late Open', { memo: 'Opening auction extended to 11:00' });
  period(s, 'Partial', {
    until: addDays(XETRA, -3),
    preOpen: ['09:00', '09:15', 'Pre-Opening'],
    open: '09:15',
    close: '13:00',
  });
  for (const y of years(FIRST_YEAR, 2019)) {
    h.open(addDays(easterSunday(y), -2), 'Good Friday', 'Partial', { memo: 'Early close at 13:00' });
  }
  for (const y of years()) addClosures(h, zseClosures(y));
  return result(def, h, s);
}

// ---------------------------------------------------------------------------------------------
// Belgrade Stock Exchange

/**
 * Weekday closures of the Belgrade Stock Exchange: Serbian non-working holidays (with their moves
 * off Sundays) and the exchange's platform days (the last weekday of the year from 2023; 4-6
 * January 2023; 3 and 6 January 2025).
 */
export function belexClosures(y) {
  const out = [...serbianHolidays(y)];
  if (y >= 2023) {
    // The last weekday of the year (29 December 2023, 31 December 2024 and 2025).
    let last = ymd(y, 12, 31);
    while (isWeekend(last)) last = addDays(last, -1);
    out.push(closure(last, 'Trading Platform Year-End', 'Exchange closure (platform set-up and data migration)'));
  }
  if (y === 2023) {
    // The 2023 calendar (as UniCredit relayed it on 4 November 2022): no sessions on 4-6 January
    // for the segmentation of securities under the new listing rules (in force from 9 January).
    for (const d of ['2023-01-04', '2023-01-05', '2023-01-06']) {
      out.push(closure(d, 'Securities Segmentation', 'Exchange closure (segmentation and trading platform update)'));
    }
  }
  if (y === 2025) {
    for (const d of ['2025-01-03', '2025-01-06']) {
      out.push(closure(d, 'Trading Platform Upgrade', 'Exchange closure (security upgrade of the platform)'));
    }
  }
  return out;
}

export function belex() {
  const def = {
    id: 'RS.BELEX',
    tz: 'Europe/Belgrade',
    mic: 'XBEL',
    exchange: 'Belgrade Stock Exchange',
    marketName: 'Regulated Market and MTP Belex (continuous trading)',
    group: 'BELEX15, Prime Listing',
    acronym: 'BELEX',
    confirmedThrough: '2025-12-31',
    memo:
      'Continuous trading 09:30-14:00 after a 09:00 pre-opening from 2015-11-02; 10:00-13:00 before (approximated); ' +
      'Serbian holidays with Orthodox Christmas and Easter, state holidays on a Sunday moved to the next working day',
    sources: [
      src('Belgrade Stock Exchange: trading phases', 'https://belex.rs/eng/trzista_i_hartije/faze'),
      src(
        'Belgrade Stock Exchange: working and non-working days 2024 and 2025',
        'https://belex.rs/o_berzi/radno_vreme',
      ),
      src('TradingHours.com: BELEX market holiday on 29 December 2023', 'https://www.tradinghours.com/markets/belex'),
      src(
        'UniCredit: Belgrade Stock Exchange publishes holiday schedule for 2023 (4 November 2022)',
        'https://gss.unicreditgroup.eu/markets/serbia/newsflashes/belgrade-stock-exchange-publishes-holiday-schedule-2023',
      ),
      src('Belgrade Stock Exchange: trading calendar for 2013', 'https://www.belex.rs/eng/o_berzi/vesti/45247'),
      src(
        'Belgrade Stock Exchange: calendar of trading sessions for 2010 (FEAS)',
        'https://feas.org/belgrade-stock-exchange-establishing-the-calendar-of-trading-sessions/',
      ),
      src(
        'Wise Broker: new trading hours from 2 November 2015',
        'https://studyres.com/doc/19753150/belgrade-stock-exchange---new-trading-hours-dear-clients-and',
      ),
      src(
        'Act on State and Other Holidays in the Republic of Serbia',
        'https://www.paragraf.rs/propisi/zakon_o_drzavnim_i_drugim_praznicima_u_republici_srbiji.html',
      ),
    ],
  };
  const s = scheduleFor(def.id, def.tz, {
    Regular: 'Continuous trading method: pre-opening, opening, continuous trading',
  });
  const NOV_2015 = '2015-11-02';
  period(s, 'Regular', { until: addDays(NOV_2015, -3), open: '10:00', close: '13:00' });
  period(s, 'Regular', { from: NOV_2015, preOpen: ['09:00', '09:30', 'Pre-Opening'], open: '09:30', close: '14:00' });
  const h = holidaysFor(def.id);
  for (const y of years()) addClosures(h, belexClosures(y));
  return result(def, h, s);
}
