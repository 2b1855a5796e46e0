// Johannesburg Stock Exchange: South African public holidays under the Public Holidays Act (a
// Sunday holiday moves to the Monday), election days and the extra days the President declared.
import { addDays, easterSunday, weekday, ymd, years } from '../lib/dates.mjs';
import { holidaysFor, market, scheduleFor } from '../lib/model.mjs';

const TZ = 'Africa/Johannesburg';
const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;

const DECLARED = [
  ['2000-12-05', 'Local Government Elections'],
  ['2004-04-14', 'National Elections'],
  ['2006-03-01', 'Local Government Elections'],
  ['2008-05-02', 'Public Holiday', 'Declared: Human Rights Day fell on Good Friday'],
  ['2009-04-22', 'National Elections'],
  ['2011-05-18', 'Local Government Elections'],
  ['2011-12-27', 'Public Holiday', 'Declared: Christmas fell on a Sunday'],
  ['2014-05-07', 'National Elections'],
  ['2016-08-03', 'Local Government Elections'],
  ['2016-12-27', 'Public Holiday', 'Declared: Christmas fell on a Sunday'],
  ['2019-05-08', 'National Elections'],
  ['2021-11-01', 'Local Government Elections'],
  ['2022-12-27', 'Public Holiday', 'Declared: Christmas fell on a Sunday'],
  ['2023-12-15', 'Public Holiday', 'Declared after the Rugby World Cup win'],
  ['2024-05-29', 'National Elections'],
];

/** Public holidays of a year as {date, name, observed, memo}, weekend dates left out. */
export function southAfricanHolidays(year) {
  const e = easterSunday(year);
  const out = [];
  const taken = new Set();
  const add = (date, name, movable = true) => {
    let d = date;
    // Section 2(1) of the Act: a holiday on a Sunday is kept on the Monday; two on one
    // Monday do not add a Tuesday unless one is declared.
    if (movable && weekday(d) === 0) d = addDays(d, 1);
    if (taken.has(d)) return;
    taken.add(d);
    out.push({ date: d, name, observed: d !== date, memo: '' });
  };
  add(ymd(year, 1, 1), "New Year's Day");
  add(ymd(year, 3, 21), 'Human Rights Day');
  add(addDays(e, -2), 'Good Friday', false);
  add(addDays(e, 1), 'Family Day', false);
  add(ymd(year, 4, 27), 'Freedom Day');
  add(ymd(year, 5, 1), "Workers' Day");
  add(ymd(year, 6, 16), 'Youth Day');
  add(ymd(year, 8, 9), "National Women's Day");
  add(ymd(year, 9, 24), 'Heritage Day');
  add(ymd(year, 12, 16), 'Day of Reconciliation');
  add(ymd(year, 12, 25), 'Christmas Day');
  add(ymd(year, 12, 26), 'Day of Goodwill');
  for (const [d, name, memo] of DECLARED) {
    if (d.startsWith(`${year}-`) && !taken.has(d)) {
      taken.add(d);
      out.push({ date: d, name, observed: false, memo: memo ?? 'Election day declared a public holiday' });
    }
  }
  return out.filter((h) => !isWeekend(h.date)).sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function jse() {
  const id = 'ZA.JSE';
  const s = scheduleFor(id, TZ, {
    Regular: 'JSE equity market: opening auction, continuous trading, closing auction',
    'Early Close': 'One-off early close',
  });
  // The auctions came with SETS, which replaced JET on 13 May 2002; JET traded 09:00-17:00
  // continuously (JSE: trading ceased at 15:00, "two hours early", on the last JET day).
  const SETS = '2002-05-13';
  s.row('Regular', 'Pre-Open', 'Opening Auction Call', 'Mon-Fri', '08:30', '09:00', { from: SETS });
  // Continuous trading stops at 16:50 for the closing auction, which sets the 17:00 close.
  s.row('Regular', 'Primary Trading Session', 'Continuous Trading', 'Mon-Fri', '09:00', '17:00');
  s.row('Regular', 'Pre-Close', 'Closing Auction', 'Mon-Fri', '16:50', '17:00', {
    from: SETS,
    memo: 'The closing price is set by the auction',
  });
  s.row('Regular', 'Post-Trading Session', 'Post-Close', 'Mon-Fri', '17:00', '17:15', { from: SETS });
  const LAST_JET_DAY = '2002-05-10';
  s.row('Early Close', 'Primary Trading Session', 'Continuous Trading', 'Fri', '09:00', '15:00', {
    from: LAST_JET_DAY,
    until: LAST_JET_DAY,
  });
  const h = holidaysFor(id);
  for (const y of years())
    for (const c of southAfricanHolidays(y)) h.closed(c.date, c.name, { observed: c.observed, memo: c.memo });
  h.open(LAST_JET_DAY, 'Trading System Change', 'Early Close', { memo: 'Last day on JET: trading ceased at 15:00' });
  return {
    markets: [
      market({
        FinID: id,
        'Exchange Name': 'Johannesburg Stock Exchange',
        'Market Name': 'Equity Market',
        'Security Group': 'JSE All Share',
        Timezone: TZ,
        'Weekend Definition': 'Sat-Sun',
        MIC: 'XJSE',
        Acronym: 'JSE',
        'Asset Type': 'Equities',
        Memo: 'Election days and declared holidays up to 2024; later ones are not yet proclaimed; sample data',
      }),
    ],
    holidays: h.rows(),
    schedules: s.rows,
    mic: [['XJSE', id]],
  };
}
