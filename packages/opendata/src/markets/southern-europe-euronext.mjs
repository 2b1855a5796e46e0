// Southern Europe: Euronext Brussels and Lisbon (the harmonised Euronext calendar) and Euronext
// Dublin (the Irish Stock Exchange's calendar until it moved onto Euronext's in 2019).
// euronext.mjs keeps its helpers to itself, so the small Euronext pieces are restated here.
import { addDays, easterSunday, nthWeekday, years, ymd } from '../lib/dates.mjs';
import { holidaysFor, scheduleFor } from '../lib/model.mjs';
import { fridayIfWeekend, ukBankHolidays } from './europe.mjs';
import { closeAll, isWeekend, plus, result, src } from './southern-europe-lib.mjs';

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
