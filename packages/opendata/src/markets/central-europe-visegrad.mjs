// The Visegrád exchanges of the central-europe family: Prague, Budapest, Warsaw and Bratislava.
import { addDays, easterSunday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, scheduleFor } from '../lib/model.mjs';
import {
  czechHolidays,
  HU_BRIDGE_RECONSTRUCTED,
  HUNGARIAN_BRIDGE_DAYS,
  hungarianHolidays,
  polishHolidays,
  slovakHolidays,
} from './central-europe-holidays.mjs';
import { addClosures, closure, DAYS, period, result, src } from './central-europe-lib.mjs';

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
