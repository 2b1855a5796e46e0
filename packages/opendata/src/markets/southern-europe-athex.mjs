// Southern Europe: the Athens Exchange and the Cyprus Stock Exchange (Orthodox Easter, the Greek
// and Cypriot holidays and the TARGET closing days).
import { addDays, easterSunday, orthodoxEaster, years, ymd } from '../lib/dates.mjs';
import { holidaysFor, scheduleFor } from '../lib/model.mjs';
import { closeAll, isWeekend, plus, result, src } from './southern-europe-lib.mjs';

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
