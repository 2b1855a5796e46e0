// Central and south-east European exchanges: Prague, Budapest, Warsaw, Bratislava, Bucharest,
// Ljubljana, Zagreb and Belgrade. Each closes on its country's public holidays (see
// central-europe-holidays.mjs) and on the days its own calendar adds (Christmas Eve, New Year's
// Eve, Good Friday, bridge days, changeovers); hours change by period as the exchanges announced.
import { addDays, easterSunday, FIRST_YEAR, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';
import {
  croatianHolidays,
  czechHolidays,
  HU_BRIDGE_RECONSTRUCTED,
  HUNGARIAN_BRIDGE_DAYS,
  hungarianHolidays,
  polishHolidays,
  romanianHolidays,
  serbianHolidays,
  slovakHolidays,
  slovenianHolidays,
} from './central-europe-holidays.mjs';

const DAYS = 'Mon-Fri';
const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;
const src = (title, url) => ({ title, url });

/**
 * One period of a trading day. `p`: from/until (in-force dates), preOpen [start, end, name],
 * open, close (the primary session), preClose [start, end] (a closing auction inside the primary
 * session, for exchanges whose close is the auction's end), intraday [start, end] (an auction
 * that pauses continuous trading), closing [start, end] (a closing auction after the close),
 * tal [start, end, name] (trading at the closing price), memo (on the primary row).
 */
function period(s, group, p) {
  const o = { from: p.from, until: p.until };
  if (p.preTrading) s.row(group, 'Pre-Trading Session', 'Pre-Trading', DAYS, p.preTrading[0], p.preTrading[1], o);
  if (p.preOpen) {
    const [start, end, name = 'Opening Auction'] = p.preOpen;
    s.row(group, 'Pre-Open', name, DAYS, start, end, { ...o, memo: 'Orders collected; the opening price is set' });
  }
  s.row(group, 'Primary Trading Session', 'Continuous Trading', DAYS, p.open, p.close, { ...o, memo: p.memo ?? '' });
  if (p.intraday) {
    s.row(group, 'Call Auction', 'Intraday Auction', DAYS, p.intraday[0], p.intraday[1], {
      ...o,
      memo: 'Continuous trading pauses for the auction',
    });
  }
  if (p.preClose) {
    s.row(group, 'Pre-Close', 'Closing Auction', DAYS, p.preClose[0], p.preClose[1], {
      ...o,
      memo: 'Part of the trading session; the closing price is set at its end',
    });
  }
  if (p.closing) {
    s.row(group, 'Call Auction', 'Closing Auction', DAYS, p.closing[0], p.closing[1], {
      ...o,
      memo: 'The closing price is set at the end of the auction',
    });
  }
  if (p.tal) s.row(group, 'Trading-at-Last', p.tal[2] ?? 'Trading at Last', DAYS, p.tal[0], p.tal[1], o);
  if (p.post) s.row(group, 'Post-Trading Session', 'Post-Trading', DAYS, p.post[0], p.post[1], o);
}

/** Weekday closures of a year, de-duplicated (the first name of a date wins). */
function addClosures(h, list) {
  for (const c of list) {
    if (isWeekend(c.date)) continue;
    h.closed(c.date, c.name, { memo: c.memo ?? '', ifFree: true });
  }
}

const closure = (date, name, memo = '') => ({ date, name, memo });

function result(def, h, s) {
  return {
    markets: [
      market({
        FinID: def.id,
        'Exchange Name': def.exchange,
        'Market Name': def.marketName,
        'Security Group': def.group,
        Timezone: def.tz,
        'Weekend Definition': 'Sat-Sun',
        MIC: def.mic,
        Acronym: def.acronym,
        'Asset Type': 'Equities',
        Memo: def.memo,
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [[def.mic, def.id]],
    coverage: [{ finId: def.id, confirmedThrough: def.confirmedThrough, sources: def.sources }],
  };
}

// ---------------------------------------------------------------------------------------------
// Prague Stock Exchange

/** Weekday closures of the Prague Stock Exchange: Czech public holidays and New Year's Eve. */
export function pseClosures(y) {
  return [...czechHolidays(y), closure(ymd(y, 12, 31), "New Year's Eve", 'Exchange closure')];
}

export function pse() {
  const def = {
    id: 'CZ.PSE',
    tz: 'Europe/Prague',
    mic: 'XPRA',
    exchange: 'Prague Stock Exchange',
    marketName: 'Equities (continuous trading)',
    group: 'PX, Prime Market',
    acronym: 'PSE',
    confirmedThrough: '2026-12-31',
    memo:
      'SPAD market-maker session 09:15-16:20 until the move to Xetra on 2012-11-30; Xetra continuous ' +
      'trading 09:00-16:20 with a closing auction, 09:00-16:10 with trading at close from 2020-11-30; closed on ' +
      "Czech public holidays and New Year's Eve",
    sources: [
      src(
        'Prague Stock Exchange: calendar of trading days',
        'https://www.pse.cz/informace-o-obchodovani/kalendar-burzovnich-dni',
      ),
      src('Prague Stock Exchange: trading calendar for 2008', 'https://www.pse.cz/dokument.aspx?k=Kalendar-BD-2008'),
      src(
        'Investiční web: Prague exchange starts Xetra on 30 November 2012',
        'https://www.investicniweb.cz/2012-11-24-prazska-burza-s-novym-obchodnim-systemem-xetra/',
      ),
      src(
        'J&T Banka: Prague exchange adds a trading-at-close phase (30 November 2020)',
        'https://www.jtbank.cz/clanky/-/j3iyne2dsd-prazska-burza-pridava-novou-obchodni-fazi-po-aukci',
      ),
      src(
        'Act 245/2000 Coll. on public holidays (as amended by Act 359/2015)',
        'https://www.zakonyprolidi.cz/cs/2000-245',
      ),
    ],
  };
  const s = scheduleFor(def.id, def.tz, { Regular: 'Continuous trading with opening and closing auctions' });
  const XETRA = '2012-11-30';
  const TAC = '2020-11-30';
  period(s, 'Regular', {
    until: addDays(XETRA, -1),
    open: '09:15',
    close: '16:20',
    memo: 'SPAD open phase with market makers (before Xetra)',
  });
  period(s, 'Regular', {
    from: XETRA,
    until: addDays(TAC, -3),
    preOpen: ['08:00', '09:00'],
    open: '09:00',
    close: '16:20',
    closing: ['16:20', '16:25'],
  });
  period(s, 'Regular', {
    from: TAC,
    preOpen: ['08:50', '09:00'],
    open: '09:00',
    close: '16:10',
    closing: ['16:10', '16:15'],
    tal: ['16:15', '16:25', 'Trading at Close'],
  });
  const h = holidaysFor(def.id);
  for (const y of years()) addClosures(h, pseClosures(y));
  return result(def, h, s);
}

// ---------------------------------------------------------------------------------------------
// Budapest Stock Exchange

/**
 * Weekday closures of the Budapest Stock Exchange: Hungarian public holidays, Good Friday
 * (closed by the exchange before it became a public holiday in 2017), Christmas Eve, New Year's
 * Eve and the bridge days of the yearly decree. The Saturdays the decree makes working days are
 * not trading days (the exchange's notices say so each year).
 */
export function bseClosures(y) {
  const out = [...hungarianHolidays(y)];
  if (y < 2017) out.push(closure(addDays(easterSunday(y), -2), 'Good Friday', 'Exchange closure'));
  out.push(closure(ymd(y, 12, 24), 'Christmas Eve', 'Exchange closure; a rest day'));
  out.push(closure(ymd(y, 12, 31), "New Year's Eve", 'Exchange closure'));
  const memo = HU_BRIDGE_RECONSTRUCTED.has(y)
    ? 'Bridge day (rest day worked off on a Saturday); reconstructed from the calendar pattern'
    : 'Bridge day by the decree on working arrangements (worked off on a Saturday, not a trading day)';
  for (const d of HUNGARIAN_BRIDGE_DAYS[y] ?? []) out.push(closure(d, 'Bridge Day', memo));
  return out;
}

export function bse() {
  const def = {
    id: 'HU.BSE',
    tz: 'Europe/Budapest',
    mic: 'XBUD',
    exchange: 'Budapest Stock Exchange',
    marketName: 'Equities Market',
    group: 'BUX, Premium',
    acronym: 'BSE',
    confirmedThrough: '2026-12-31',
    memo:
      'Continuous trading to 16:30 (from 10:00, from 09:00 from 2003-05-05), to 17:00 from 2010-12-01, then a ' +
      'closing auction; bridge days of the yearly decree closed, their working Saturdays not traded; 2000-2006 ' +
      'bridge days reconstructed',
    sources: [
      src(
        'Budapest Stock Exchange: trading hours',
        'https://bse.hu/Products-And-Services/Trading-information/Trading-hours',
      ),
      src(
        'BBJ: Budapest Stock Exchange to extend trading hours by 30 minutes from 1 December 2010',
        'https://bbj.hu/business/budapest-stock-exchange-to-extend-trading-hours_54904',
      ),
      src('Budapest Stock Exchange: trading holidays 2012 (via ryt9)', 'https://ryt9.com/en/hol/119663'),
      src(
        'Budapest Stock Exchange: trading holidays 2014 (via DLS)',
        'https://www.dls.hu/dls/hirek/kereskedesi-szunnapok-bet',
      ),
      src('Erste: BSE trading holidays 2022', 'https://www.ersteinvestment.hu/hu/gyik_kereskedesi_szunnapok.html'),
      src(
        'MTI: no trading on weekend working days in 2021',
        'https://gazdasagportal.hu/index.php/a-tozsden-tovabbra-sem-kereskednek-hetvegi-munkanapokon/',
      ),
      src(
        '11/2024. (IV. 8.) NGM rendelet on the working arrangements of 2025',
        'https://njt.hu/jogszabaly/2024-11-20-8F',
      ),
      src('Act I of 2012, the Labour Code, section 102 (public holidays)', 'https://njt.hu/jogszabaly/2012-1-00-00'),
    ],
  };
  const s = scheduleFor(def.id, def.tz, { Regular: 'Equities: opening auction, continuous trading, closing auction' });
  const EARLIER = '2003-05-05';
  const LONGER = '2010-12-01';
  period(s, 'Regular', { until: addDays(EARLIER, -1), open: '10:00', close: '16:30' });
  period(s, 'Regular', {
    from: EARLIER,
    until: addDays(LONGER, -1),
    preOpen: ['08:30', '09:00'],
    open: '09:00',
    close: '16:30',
    closing: ['16:30', '16:35'],
  });
  period(s, 'Regular', {
    from: LONGER,
    preOpen: ['08:30', '09:00'],
    open: '09:00',
    close: '17:00',
    closing: ['17:00', '17:05'],
    post: ['17:05', '17:20'],
  });
  const h = holidaysFor(def.id);
  for (const y of years()) addClosures(h, bseClosures(y));
  return result(def, h, s);
}

// ---------------------------------------------------------------------------------------------
// Warsaw Stock Exchange

/**
 * Weekday closures of the Warsaw Stock Exchange: Polish public holidays, Good Friday, Christmas
 * Eve and New Year's Eve (exchange closures; the eves from 2008, approximated; Christmas Eve is a
 * public holiday from 2025), and 2 January 2018 (MiFID II).
 */
export function gpwClosures(y) {
  const out = [...polishHolidays(y), closure(addDays(easterSunday(y), -2), 'Good Friday', 'Exchange closure')];
  // The exchange traded on both eves in 2004 (its closures that year were public holidays and
  // Good Friday only); its policy of closing on them is taken to apply from 2008.
  if (y >= 2008 && y < 2025) out.push(closure(ymd(y, 12, 24), 'Christmas Eve', 'Exchange closure'));
  if (y >= 2008) out.push(closure(ymd(y, 12, 31), "New Year's Eve", 'Exchange closure'));
  if (y === 2018) out.push(closure('2018-01-02', 'MiFID II Implementation', 'No session: MiFID II took effect'));
  return out;
}

export function gpw() {
  const def = {
    id: 'PL.GPW',
    tz: 'Europe/Warsaw',
    mic: 'XWAR',
    exchange: 'Warsaw Stock Exchange',
    marketName: 'Main Market (continuous trading)',
    group: 'WIG20, mWIG40, sWIG80',
    acronym: 'GPW',
    confirmedThrough: '2026-12-31',
    memo:
      'Session ends with the closing auction (a pre-close phase inside it): 12:00-16:00 before WARSET, 10:00-16:10 ' +
      'from 2000-11-17, 09:30-16:20 from 2003 (date approximated), 09:00-16:20 from 2008-09-01, 09:00-17:30 ' +
      "from 2011-01-03, 09:00-17:00 from 2013-04-15; Good Friday closed, Christmas Eve and New Year's Eve " +
      'from 2008 (approximated; traded in 2004)',
    sources: [
      src('GPW: trading session schedule (Szczegółowe Zasady Obrotu Giełdowego)', 'https://www.gpw.pl/session-details'),
      src(
        'WSE: changed trading session schedule from 1 September 2008',
        'https://mondovisione.com/news/warsaw-stock-exchange-changed-trading-session-schedule-2011124',
      ),
      src(
        'WSE: session extended to 17:30 from 3 January 2011 (Uchwała 933/2010)',
        'https://podstawy-inwestowania.pl/dluzsza-sesja-na-gpw/',
      ),
      src(
        'WSE: new schedule with UTP from 15 April 2013',
        'https://www.bankier.pl/forum/temat_nowy-harmonogram-sesji,12680648.html',
      ),
      src(
        'WSE: trading session on 31 December 2002',
        'https://mondovisione.com/media-and-resources/news/warsaw-stock-exchange-trading-session-on-dec-31',
      ),
      src(
        'Act of 18 January 1951 on non-working days (as amended)',
        'https://isap.sejm.gov.pl/isap.nsf/DocDetails.xsp?id=WDU19510040028',
      ),
    ],
  };
  const s = scheduleFor(def.id, def.tz, {
    Regular: 'Continuous trading system: opening call, continuous trading, closing call, trading at last',
    Partial: "Shortened session on New Year's Eve 2002",
  });
  const WARSET = '2000-11-17';
  const EARLIER_2003 = '2003-01-02';
  const SEP_2008 = '2008-09-01';
  const JAN_2011 = '2011-01-03';
  const UTP = '2013-04-15';
  period(s, 'Regular', {
    until: addDays(WARSET, -1),
    open: '12:00',
    close: '16:00',
    memo: 'Continuous trading before WARSET (the single-price auction was at 10:30)',
  });
  period(s, 'Regular', {
    from: WARSET,
    until: '2002-12-31',
    open: '10:00',
    close: '16:10',
    preClose: ['16:00', '16:10'],
  });
  period(s, 'Regular', {
    from: EARLIER_2003,
    until: addDays(SEP_2008, -3),
    open: '09:30',
    close: '16:20',
    preClose: ['16:10', '16:20'],
    tal: ['16:20', '16:30', 'Trading at Last (Dogrywka)'],
  });
  period(s, 'Regular', {
    from: SEP_2008,
    until: '2010-12-31',
    preOpen: ['08:00', '09:00', 'Pre-Opening (Opening Call)'],
    open: '09:00',
    close: '16:20',
    preClose: ['16:10', '16:20'],
    tal: ['16:20', '16:30', 'Trading at Last (Dogrywka)'],
  });
  period(s, 'Regular', {
    from: JAN_2011,
    until: addDays(UTP, -3),
    preOpen: ['08:00', '09:00', 'Pre-Opening (Opening Call)'],
    open: '09:00',
    close: '17:30',
    preClose: ['17:20', '17:30'],
    tal: ['17:30', '17:35', 'Trading at Last (Dogrywka)'],
  });
  period(s, 'Regular', {
    from: UTP,
    preOpen: ['08:30', '09:00', 'Pre-Opening (Opening Call)'],
    open: '09:00',
    close: '17:00',
    preClose: ['16:50', '17:00'],
    tal: ['17:00', '17:05', 'Trading at Last (Dogrywka)'],
  });
  period(s, 'Partial', {
    from: '2002-12-31',
    until: '2002-12-31',
    open: '10:00',
    close: '14:10',
    preClose: ['14:00', '14:10'],
  });
  const h = holidaysFor(def.id);
  h.open('2002-12-31', "New Year's Eve", 'Partial', {
    memo: 'Session shortened by two hours; closing auction at 14:10',
  });
  for (const y of years()) addClosures(h, gpwClosures(y));
  return result(def, h, s);
}

// ---------------------------------------------------------------------------------------------
// Bratislava Stock Exchange

/**
 * Weekday closures of the Bratislava Stock Exchange: the Slovak days of rest. The state holidays
 * that are not days of rest (28 October from 2019, 1 September from 2024, 17 November from 2025)
 * are taken as trading days, as working days of the banks and the depository.
 */
export function bsseClosures(y) {
  return slovakHolidays(y, { stateHolidays: false });
}

export function bsse() {
  const def = {
    id: 'SK.BSSE',
    tz: 'Europe/Bratislava',
    mic: 'XBRA',
    exchange: 'Bratislava Stock Exchange',
    marketName: 'Regulated Market',
    group: 'SAX',
    acronym: 'BCPB',
    confirmedThrough: '2026-12-31',
    memo:
      'Fixing 10:30-10:50, continuous trading 11:00-15:30 (current hours applied to all years); closed on the ' +
      'days of rest; state holidays that are not days of rest (28 October, 1 September from 2024, 17 November ' +
      'from 2025) taken as trading days',
    sources: [
      src('Burza cenných papierov v Bratislave: obchodné dni', 'https://www.bsse.sk/bcpb/o-trhu/obchodne-dni/'),
      src(
        'Act 241/1993 Coll. on state holidays, days of rest and memorial days',
        'https://www.slov-lex.sk/pravne-predpisy/SK/ZZ/1993/241/',
      ),
      src(
        'STVR: Constitution Day no longer a day off',
        'https://enrsi.stvr.sk/articles/news/413444/constitution-day-marked-by-work-for-the-first-time-in-decades',
      ),
      src(
        'Refresher: holidays changed for 2026',
        'https://news.refresher.sk/196259-TABULKA-Zmena-sviatkov-v-roku-2026-Kedy-budu-zatvorene-obchody-a-kedy-nepojdem-do-prace',
      ),
    ],
  };
  const s = scheduleFor(def.id, def.tz, { Regular: 'Fixing, then continuous trading' });
  s.row('Regular', 'Call Auction', 'Fixing', DAYS, '10:30', '10:50', { memo: 'Single-price auction before trading' });
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', DAYS, '11:00', '15:30');
  const h = holidaysFor(def.id);
  for (const y of years()) addClosures(h, bsseClosures(y));
  return result(def, h, s);
}

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

export const MARKETS = [pse, bse, gpw, bsse, bvb, ljse, zse, belex];

// ---------------------------------------------------------------------------------------------
// Currencies: the days each central bank's RTGS system is closed (weekends dropped by the caller).

const named = (rows, memo) => rows.map((r) => ({ date: r.date, name: r.name, observed: false, memo: r.memo || memo }));

/** CERTIS (Czech National Bank) closes on Czech public holidays. */
function czk(y) {
  return named(czechHolidays(y), '');
}

/** VIBER (Magyar Nemzeti Bank) closes on Hungarian public holidays and the decreed rest days. */
function huf(y) {
  const bridge = (HUNGARIAN_BRIDGE_DAYS[y] ?? []).map((date) => ({
    date,
    name: 'Bridge Day',
    memo: 'Decreed rest day',
  }));
  return named([...hungarianHolidays(y), ...bridge], '');
}

/** SORBNET (Narodowy Bank Polski) closes on Polish public holidays. */
function pln(y) {
  return named(polishHolidays(y), '');
}

/** ReGIS (Banca Națională a României) closes on Romanian public holidays. */
function ron(y) {
  return named(romanianHolidays(y), '');
}

/** The RTGS system of the National Bank of Serbia closes on Serbian non-working holidays. */
function rsd(y) {
  return named(serbianHolidays(y), '');
}

export const CURRENCIES = [
  ['CZK', 'Czech Koruna', 'CZ', 'Czech National Bank', 'Prague', 'Europe/Prague', czk],
  ['HUF', 'Hungarian Forint', 'HU', 'Magyar Nemzeti Bank', 'Budapest', 'Europe/Budapest', huf],
  ['PLN', 'Polish Zloty', 'PL', 'Narodowy Bank Polski', 'Warsaw', 'Europe/Warsaw', pln],
  ['RON', 'Romanian Leu', 'RO', 'Banca Națională a României', 'Bucharest', 'Europe/Bucharest', ron],
  ['RSD', 'Serbian Dinar', 'RS', 'National Bank of Serbia', 'Belgrade', 'Europe/Belgrade', rsd],
];
