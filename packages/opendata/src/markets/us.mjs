// US markets: NYSE and Nasdaq (holiday rules of the NYSE), and two CME Globex markets whose
// sessions run overnight, so their holidays also reshape the evening before.
import { addDays, easterSunday, nthWeekday, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const NY = 'America/New_York';
const CHI = 'America/Chicago';
const SAT = 6;
const SUN = 0;

/** Saturday to Friday, Sunday to Monday: the observance rule of NYSE and the federal calendar. */
function observeNearest(date) {
  const wd = weekday(date);
  if (wd === SAT) return { date: addDays(date, -1), observed: true };
  if (wd === SUN) return { date: addDays(date, 1), observed: true };
  return { date, observed: false };
}

// One-off closures of the NYSE (and with it Nasdaq) in the sample's years.
const NYSE_SPECIAL_CLOSURES = [
  ['2001-09-11', 'September 11 Attacks', 'Closed after the terrorist attacks on the World Trade Center'],
  ['2001-09-12', 'September 11 Attacks', 'Closed after the terrorist attacks on the World Trade Center'],
  ['2001-09-13', 'September 11 Attacks', 'Closed after the terrorist attacks on the World Trade Center'],
  ['2001-09-14', 'September 11 Attacks', 'Closed after the terrorist attacks on the World Trade Center'],
  ['2004-06-11', 'National Day of Mourning', 'Day of mourning for former President Ronald Reagan'],
  ['2007-01-02', 'National Day of Mourning', 'Day of mourning for former President Gerald R. Ford'],
  ['2012-10-29', 'Hurricane Sandy', 'Closed due to Hurricane Sandy'],
  ['2012-10-30', 'Hurricane Sandy', 'Closed due to Hurricane Sandy'],
  ['2018-12-05', 'National Day of Mourning', 'Day of mourning for former President George H. W. Bush'],
  ['2025-01-09', 'National Day of Mourning', 'Day of mourning for former President Jimmy Carter'],
];

/**
 * NYSE closures and 13:00 early closes of one year, as {date, name, kind: 'closed' | 'half',
 * observed, memo}. Early closes follow the exchange's practice: July 3 when Independence Day
 * falls Tuesday to Friday (2002: July 5 instead), the day after Thanksgiving, and Christmas Eve
 * when Christmas falls Tuesday to Friday (2003: also December 26).
 */
export function nyseEvents(year) {
  const out = [];
  const closed = (date, name, observed = false, memo = '', special = false) =>
    out.push({ date, name, kind: 'closed', observed, memo, special });
  const half = (date, name, memo = '') => out.push({ date, name, kind: 'half', observed: false, memo });

  // New Year's Day on a Saturday is not observed on the Friday before: that Friday is the last
  // trading day of the old year and NYSE keeps it open.
  const ny = ymd(year, 1, 1);
  if (weekday(ny) === SUN) closed(ymd(year, 1, 2), "New Year's Day", true);
  else if (weekday(ny) !== SAT) closed(ny, "New Year's Day");
  closed(nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day');
  closed(nthWeekday(year, 2, 1, 3), "Washington's Birthday");
  closed(addDays(easterSunday(year), -2), 'Good Friday');
  closed(nthWeekday(year, 5, 1, -1), 'Memorial Day');
  if (year >= 2022) {
    const j = observeNearest(ymd(year, 6, 19));
    closed(j.date, 'Juneteenth National Independence Day', j.observed);
  }
  const jul4 = observeNearest(ymd(year, 7, 4));
  closed(jul4.date, 'Independence Day', jul4.observed);
  if (year === 2002) half('2002-07-05', 'Independence Day', 'Early close at 13:00 on the day after Independence Day');
  else if ([2, 3, 4, 5].includes(weekday(ymd(year, 7, 4)))) {
    half(ymd(year, 7, 3), 'Independence Day', 'Early close at 13:00 on the eve of Independence Day');
  }
  closed(nthWeekday(year, 9, 1, 1), 'Labor Day');
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  closed(thanksgiving, 'Thanksgiving Day');
  half(addDays(thanksgiving, 1), 'Thanksgiving Day', 'Early close at 13:00 on the day after Thanksgiving');
  const xmas = ymd(year, 12, 25);
  const xo = observeNearest(xmas);
  closed(xo.date, 'Christmas', xo.observed);
  if ([2, 3, 4, 5].includes(weekday(xmas)))
    half(ymd(year, 12, 24), 'Christmas', 'Early close at 13:00 on Christmas Eve');
  if (year === 2003) half('2003-12-26', 'Christmas', 'Early close at 13:00 on the day after Christmas');
  for (const [date, name, memo] of NYSE_SPECIAL_CLOSURES)
    if (date.startsWith(`${year}`)) closed(date, name, false, memo, true);
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

function allNyseEvents() {
  return years().flatMap(nyseEvents);
}

function equityHolidayRows(finId, partialMemo) {
  const h = holidaysFor(finId);
  for (const e of allNyseEvents()) {
    if (e.kind === 'closed') h.closed(e.date, e.name, { observed: e.observed, memo: e.memo });
    else h.open(e.date, e.name, 'Partial', { memo: e.memo || partialMemo });
  }
  return h.rows();
}

export function nyse() {
  const s = scheduleFor('US.NYSE', NY, {
    Regular: 'Regular trading day',
    Partial: 'Early close at 13:00',
  });
  s.row('Regular', 'Pre-Trading Session', 'Pre-Trading Session', 'Mon-Fri', '04:00', '09:30');
  s.row('Regular', 'Pre-Open', 'Pre-Opening Session', 'Mon-Fri', '06:30', '09:30');
  s.row('Regular', 'Call Auction', 'Core Open Auction', 'Mon-Fri', '09:30', '09:30');
  s.row('Regular', 'Primary Trading Session', 'Core Trading Session', 'Mon-Fri', '09:30', '16:00');
  s.row('Regular', 'Pre-Close', 'Closing Imbalance Period', 'Mon-Fri', '15:45', '16:00', { until: '2019-03-31' });
  s.row('Regular', 'Pre-Close', 'Closing Imbalance Period', 'Mon-Fri', '15:50', '16:00', { from: '2019-04-01' });
  s.row('Regular', 'Post-Trading Session', 'Extended Hours', 'Mon-Fri', '16:00', '20:00');
  s.row('Partial', 'Pre-Trading Session', 'Pre-Trading Session', 'Mon-Fri', '06:30', '09:30');
  s.row('Partial', 'Primary Trading Session', 'Core Trading Session', 'Mon-Fri', '09:30', '13:00');
  s.row('Partial', 'Post-Trading Session', 'Crossing Session', 'Mon-Fri', '13:00', '13:30');
  return {
    markets: [
      market({
        FinID: 'US.NYSE',
        'Exchange Name': 'New York Stock Exchange',
        'Market Name': 'Equities',
        'Security Group': 'Stocks, ETFs',
        Timezone: NY,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XNYS',
        Acronym: 'NYSE',
        'Asset Type': 'Equities',
        Memo: 'Canonical trading hours; sample data',
      }),
    ],
    holidays: equityHolidayRows('US.NYSE', 'Early close at 13:00'),
    schedules: s.rows,
    mic: [['XNYS', 'US.NYSE']],
  };
}

export function nasdaq() {
  const s = scheduleFor('US.NASDAQ', NY, {
    Regular: 'Regular trading day',
    Partial: 'Early close at 13:00; post-market until 17:00',
  });
  s.row('Regular', 'Pre-Trading Session', 'Pre-Market Session', 'Mon-Fri', '04:00', '09:30');
  s.row('Regular', 'Call Auction', 'Opening Cross', 'Mon-Fri', '09:30', '09:30');
  s.row('Regular', 'Primary Trading Session', 'Market Session', 'Mon-Fri', '09:30', '16:00');
  s.row('Regular', 'Call Auction', 'Closing Cross', 'Mon-Fri', '16:00', '16:00');
  s.row('Regular', 'Post-Trading Session', 'Post-Market Session', 'Mon-Fri', '16:00', '20:00');
  s.row('Partial', 'Pre-Trading Session', 'Pre-Market Session', 'Mon-Fri', '04:00', '09:30');
  s.row('Partial', 'Call Auction', 'Opening Cross', 'Mon-Fri', '09:30', '09:30');
  s.row('Partial', 'Primary Trading Session', 'Market Session', 'Mon-Fri', '09:30', '13:00');
  s.row('Partial', 'Call Auction', 'Closing Cross', 'Mon-Fri', '13:00', '13:00');
  s.row('Partial', 'Post-Trading Session', 'Post-Market Session', 'Mon-Fri', '13:00', '17:00');
  return {
    markets: [
      market({
        FinID: 'US.NASDAQ',
        'Exchange Name': 'Nasdaq',
        'Market Name': 'Equities',
        'Security Group': 'Stocks, ETFs',
        Timezone: NY,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XNAS',
        Acronym: 'NASDAQ',
        'Asset Type': 'Equities',
        Memo: 'Sample data',
      }),
    ],
    holidays: equityHolidayRows('US.NASDAQ', 'Early close at 13:00'),
    schedules: s.rows,
    mic: [['XNAS', 'US.NASDAQ']],
  };
}

/**
 * Holiday rows of an overnight market. The engine takes the schedule group of a phase from the
 * holiday row of the day the phase starts on, so a closure or halt on day H also needs a row on
 * the day before (whose evening session would otherwise run into H), and a closure followed by
 * a trading day needs a group that reopens in the evening.
 *
 * events: {date, name, kind: 'closed' | 'halt' | 'thanksgiving' | 'early', observed, memo}
 * earlyEve(name, eve): whether the eve of a closure closes early (its session then starts on the eve's eve)
 */
function overnightHolidayRows(finId, events, { earlyEve = () => false, halts = true }) {
  const h = holidaysFor(finId);
  const byDate = new Map(events.map((e) => [e.date, e]));
  const isClosed = (d) => byDate.get(d)?.kind === 'closed';
  const wd = (d) => weekday(d);
  const eveStatus = (d) => (wd(d) === SUN ? ['Closed', 'No'] : ['Open', 'Yes']);

  for (const e of events) {
    const o = { observed: e.observed, memo: e.memo };
    if (e.kind === 'closed') {
      const reopen = wd(e.date) >= 1 && wd(e.date) <= 4 && !isClosed(addDays(e.date, 1));
      if (reopen)
        h.custom(e.date, e.name, 'Reopen Evening', 'Closed', 'No', {
          ...o,
          memo: e.memo || 'Closed; trading resumes in the evening for the next trade date',
        });
      else h.closed(e.date, e.name, o);
    } else if (e.kind === 'halt' || e.kind === 'thanksgiving') {
      const group = e.kind === 'thanksgiving' ? 'Thanksgiving Halt' : 'Holiday Halt';
      h.custom(e.date, e.name, group, 'Open', 'No', {
        ...o,
        memo: e.memo || 'Trading halts at 12:00 CT; no settlement for this date',
      });
    } else if (e.kind === 'early') {
      h.open(e.date, e.name, 'Early Close', o);
    }
  }
  for (const e of events) {
    const eve = addDays(e.date, -1);
    if (byDate.has(eve)) continue;
    if (e.kind === 'closed') {
      if (wd(eve) === SUN) {
        h.closed(eve, e.name, { memo: `No evening session ahead of ${e.name}`, ifFree: true });
      } else if (wd(eve) >= 1 && wd(eve) <= 4) {
        if (earlyEve(e.name, eve)) {
          h.open(eve, e.name, 'Early Close', { memo: `Early close on the eve of ${e.name}` });
          const eve2 = addDays(eve, -1);
          if (!byDate.has(eve2) && wd(eve2) <= 3) {
            h.custom(eve2, e.name, 'Early Close Eve', ...eveStatus(eve2), {
              memo: `Evening session ends early on the eve of ${e.name}`,
            });
          }
        } else {
          h.open(eve, e.name, 'Closed Eve', { memo: `No evening session ahead of ${e.name}` });
        }
      }
    } else if (halts && (e.kind === 'halt' || e.kind === 'thanksgiving')) {
      h.custom(eve, e.name, 'Halt Eve', ...eveStatus(eve), { memo: `Evening session ends at 12:00 CT on ${e.name}` });
    }
  }
  return h.rows();
}

const CME_MEMOS = {
  Regular: 'Regular Globex week: Sunday to Friday with a daily break',
  'Halt Eve': 'Evening session ends at 12:00 CT on the holiday',
  'Holiday Halt': 'Holiday: trading halted from 12:00 CT, resumes in the evening',
  'Thanksgiving Halt': 'Thanksgiving: halted from 12:00 CT; next session ends early on Friday',
  'Early Close': 'Early close',
  'Early Close Eve': 'Evening session ends early the next day',
  'Closed Eve': 'No evening session: the next day is closed',
  'Reopen Evening': 'Closed during the day; evening session for the next trade date',
};

export function cmeEquity() {
  const id = 'US.CME.EQUITY.USINDEX1';
  const s = scheduleFor(id, CHI, CME_MEMOS);
  const evening = (group, end) => {
    s.row(group, 'Pre-Open', 'Pre-Open', 'Sun-Thu', '16:45', '17:00');
    s.row(group, 'Primary Trading Session', 'Globex Session', 'Sun-Thu', '17:00', end, { offset: 1 });
  };
  const settle = (group, at = ['14:59:30', '15:00:00']) =>
    s.row(group, 'Settlement Window', 'Settlement Window', 'Mon-Fri', at[0], at[1]);
  settle('Regular');
  evening('Regular', '16:00');
  settle('Halt Eve');
  s.row('Halt Eve', 'Pre-Open', 'Pre-Open', 'Sun-Thu', '16:45', '17:00');
  s.row('Halt Eve', 'Primary Trading Session, No Closing Price', 'Globex Session', 'Sun-Thu', '17:00', '12:00', {
    offset: 1,
    memo: 'Trades belong to the next trade date',
  });
  s.row('Holiday Halt', 'Pre-Open', 'Pre-Open', 'Mon-Thu', '12:00', '17:00');
  s.row('Holiday Halt', 'Primary Trading Session', 'Globex Session', 'Mon-Thu', '17:00', '16:00', { offset: 1 });
  s.row('Thanksgiving Halt', 'Pre-Open', 'Pre-Open', 'Thu', '12:00', '17:00');
  s.row('Thanksgiving Halt', 'Primary Trading Session', 'Globex Session', 'Thu', '17:00', '12:15', { offset: 1 });
  settle('Early Close', ['11:59:30', '12:00:00']);
  settle('Early Close Eve');
  evening('Early Close Eve', '12:15');
  settle('Closed Eve');
  s.row('Reopen Evening', 'Pre-Open', 'Pre-Open', 'Mon-Thu', '16:45', '17:00');
  s.row('Reopen Evening', 'Primary Trading Session', 'Globex Session', 'Mon-Thu', '17:00', '16:00', { offset: 1 });

  const events = [];
  for (const e of allNyseEvents()) {
    if (e.kind === 'half') {
      if (e.name === 'Thanksgiving Day') events.push({ ...e, kind: 'early', memo: 'Early close at 12:15 CT' });
      continue;
    }
    // CME halts early on the other exchange holidays; on days of mourning and emergencies it
    // ran abbreviated sessions that the sample simplifies to full closures.
    if (e.special)
      events.push({ ...e, kind: 'closed', memo: `${e.memo}; CME had an abbreviated session, simplified to a closure` });
    else if (["New Year's Day", 'Good Friday', 'Christmas'].includes(e.name)) events.push({ ...e, kind: 'closed' });
    else events.push({ ...e, kind: e.name === 'Thanksgiving Day' ? 'thanksgiving' : 'halt' });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Chicago Mercantile Exchange',
        'Market Name': 'Equity Index Futures',
        'Security Group': 'E-mini S&P 500, E-mini Nasdaq-100',
        Timezone: CHI,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XCME',
        Acronym: 'CME',
        'Asset Type': 'Futures, Options',
        Memo: 'Globex overnight sessions belong to the trade date on which they end; sample data',
      }),
    ],
    // CME's holiday notices close the equity session early on December 24 only: New Year's Eve and
    // the day before an observed Christmas (2021-12-23) are regular days without an evening session.
    holidays: overnightHolidayRows(id, events, {
      earlyEve: (name, eve) => name === 'Christmas' && eve.endsWith('-12-24'),
    }),
    schedules: s.rows,
    mic: [['XCME', id]],
  };
}

export function cmeGrains() {
  const id = 'US.CME.AGRI.GRAINS';
  const s = scheduleFor(id, CHI, CME_MEMOS);
  const evening = (group, days) => {
    s.row(group, 'Pre-Open', 'Pre-Open', days, '18:00', '19:00');
    s.row(group, 'Primary Trading Session', 'Overnight Session', days, '19:00', '07:45', { offset: 1 });
  };
  const day = (group, close, settle) => {
    s.row(group, 'Intermission', 'Morning Break', 'Mon-Fri', '07:45', '08:30');
    s.row(group, 'Primary Trading Session', 'Day Session', 'Mon-Fri', '08:30', close);
    s.row(group, 'Settlement Window', 'Settlement Window', 'Mon-Fri', settle[0], settle[1]);
  };
  day('Regular', '13:20', ['13:14', '13:15']);
  evening('Regular', 'Sun-Thu');
  day('Closed Eve', '13:20', ['13:14', '13:15']);
  day('Early Close', '12:05', ['11:59', '12:00']);
  evening('Reopen Evening', 'Mon-Thu');

  const events = [];
  for (const e of allNyseEvents()) {
    if (e.kind === 'closed') events.push({ ...e, memo: e.memo });
    else if (e.name === 'Thanksgiving Day') events.push({ ...e, kind: 'early', memo: 'Early close at 12:05 CT' });
  }
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Chicago Mercantile Exchange',
        'Market Name': 'Grain Futures',
        'Security Group': 'Corn, Soybeans, Wheat (CBOT)',
        Timezone: CHI,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XCME',
        Acronym: 'CME',
        'Asset Type': 'Futures, Options',
        Memo: 'Overnight session from 19:00 CT belongs to the next trade date; sample data',
      }),
    ],
    holidays: overnightHolidayRows(id, events, { halts: false }),
    schedules: s.rows,
    mic: [['XCME', id]],
  };
}
