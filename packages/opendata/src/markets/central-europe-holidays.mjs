// Public holidays of the central and south-east European countries of the central-europe family,
// year by year, as the laws behind them stand (with the dates each change took effect). Each
// function returns [{ date, name, memo? }] for one year, weekend dates included; the market
// modules add the exchanges' own closures and drop weekends.
import { addDays, easterSunday, orthodoxEaster, weekday, ymd } from '../lib/dates.mjs';

const SUNDAY = 0;
const SATURDAY = 6;
const isWeekend = (d) => weekday(d) === SUNDAY || weekday(d) === SATURDAY;

const row = (date, name, memo = '') => ({ date, name, memo });

/**
 * Czech Republic: Act 245/2000 Coll. on public holidays (Good Friday added by Act 359/2015 from
 * 2016). Saint Cyril and Methodius, Jan Hus, Statehood Day and 17 November are in the act from
 * its start in 2000; 24 December is a public holiday.
 */
export function czechHolidays(y) {
  const e = easterSunday(y);
  const out = [row(ymd(y, 1, 1), "New Year's Day")];
  if (y >= 2016) out.push(row(addDays(e, -2), 'Good Friday'));
  out.push(
    row(addDays(e, 1), 'Easter Monday'),
    row(ymd(y, 5, 1), 'Labour Day'),
    row(ymd(y, 5, 8), 'Liberation Day'),
    row(ymd(y, 7, 5), 'Saints Cyril and Methodius Day'),
    row(ymd(y, 7, 6), 'Jan Hus Day'),
    row(ymd(y, 9, 28), 'Czech Statehood Day'),
    row(ymd(y, 10, 28), 'Independent Czechoslovak State Day'),
    row(ymd(y, 11, 17), 'Struggle for Freedom and Democracy Day'),
    row(ymd(y, 12, 24), 'Christmas Eve'),
    row(ymd(y, 12, 25), 'Christmas Day'),
    row(ymd(y, 12, 26), "St. Stephen's Day"),
  );
  return out;
}

/**
 * Hungary: the Labour Code's public holidays (Good Friday from 2017, by Act CXXVI of 2016).
 * 24 December is a general rest day in practice and a closure of the exchange and the banks.
 */
export function hungarianHolidays(y) {
  const e = easterSunday(y);
  const out = [row(ymd(y, 1, 1), "New Year's Day"), row(ymd(y, 3, 15), 'National Day (1848 Revolution)')];
  if (y >= 2017) out.push(row(addDays(e, -2), 'Good Friday'));
  out.push(
    row(addDays(e, 1), 'Easter Monday'),
    row(ymd(y, 5, 1), 'Labour Day'),
    row(addDays(e, 50), 'Whit Monday'),
    row(ymd(y, 8, 20), "St. Stephen's Day"),
    row(ymd(y, 10, 23), 'National Day (1956 Revolution)'),
    row(ymd(y, 11, 1), "All Saints' Day"),
    row(ymd(y, 12, 25), 'Christmas Day'),
    row(ymd(y, 12, 26), 'Christmas Holiday'),
  );
  return out;
}

/**
 * Hungarian bridge days: weekdays declared rest days by the minister's yearly decree on the
 * working arrangements around holidays, each worked off on a Saturday. Seen in the decrees or the
 * exchange's own lists: 2007, 2008, 2010, 2012-2014, 2019, 2021, 2022, 2024-2026; the other years
 * from 2009 are the decrees as reported, and 2000-2006 the pattern of the later years with the
 * same calendar (not verified). 2027 has the calendar of 2010 and is given 24 December only,
 * which the exchange closes anyway; later years have none until decreed.
 */
export const HUNGARIAN_BRIDGE_DAYS = {
  2001: ['2001-03-16', '2001-04-30', '2001-10-22', '2001-11-02', '2001-12-24', '2001-12-31'],
  2002: ['2002-08-19', '2002-12-24', '2002-12-27'],
  2003: ['2003-05-02', '2003-10-24', '2003-12-24'],
  2004: ['2004-01-02', '2004-12-24'],
  2005: ['2005-03-14', '2005-10-31'],
  2007: ['2007-03-16', '2007-04-30', '2007-10-22', '2007-11-02', '2007-12-24', '2007-12-31'],
  2008: ['2008-05-02', '2008-10-24', '2008-12-24'],
  2009: ['2009-01-02', '2009-08-21', '2009-12-24'],
  2010: ['2010-12-24'],
  2011: ['2011-03-14', '2011-10-31'],
  2012: ['2012-03-16', '2012-04-30', '2012-10-22', '2012-11-02', '2012-12-24'],
  2013: ['2013-08-19', '2013-12-24', '2013-12-27'],
  2014: ['2014-05-02', '2014-10-24', '2014-12-24'],
  2015: ['2015-01-02', '2015-08-21', '2015-12-24'],
  2016: ['2016-03-14', '2016-10-31'],
  2018: ['2018-03-16', '2018-04-30', '2018-10-22', '2018-11-02', '2018-12-24', '2018-12-31'],
  2019: ['2019-08-19', '2019-12-24', '2019-12-27'],
  2020: ['2020-08-21', '2020-12-24'],
  2021: ['2021-12-24'],
  2022: ['2022-03-14', '2022-10-31'],
  2024: ['2024-08-19', '2024-12-24', '2024-12-27'],
  2025: ['2025-05-02', '2025-10-24', '2025-12-24'],
  2026: ['2026-01-02', '2026-08-21', '2026-12-24'],
  2027: ['2027-12-24'],
};
export const HU_BRIDGE_RECONSTRUCTED = new Set([2000, 2001, 2002, 2003, 2004, 2005, 2006]);

/**
 * Poland: the Act of 18 January 1951 on non-working days as amended: Epiphany from 2011,
 * Christmas Eve from 2025.
 */
export function polishHolidays(y) {
  const e = easterSunday(y);
  const out = [row(ymd(y, 1, 1), "New Year's Day")];
  if (y >= 2011) out.push(row(ymd(y, 1, 6), 'Epiphany'));
  out.push(
    row(addDays(e, 1), 'Easter Monday'),
    row(ymd(y, 5, 1), 'Labour Day'),
    row(ymd(y, 5, 3), 'Constitution Day'),
    row(addDays(e, 60), 'Corpus Christi'),
    row(ymd(y, 8, 15), 'Assumption Day'),
    row(ymd(y, 11, 1), "All Saints' Day"),
    row(ymd(y, 11, 11), 'Independence Day'),
  );
  if (y === 2018) out.push(row('2018-11-12', 'National Independence Centenary', 'One-off holiday by the act of 2018'));
  if (y >= 2025) out.push(row(ymd(y, 12, 24), 'Christmas Eve'));
  out.push(row(ymd(y, 12, 25), 'Christmas Day'), row(ymd(y, 12, 26), 'Second Day of Christmas'));
  return out;
}

/**
 * Slovakia, Act 241/1993 on state holidays, days of rest and memorial days: the days of rest, and
 * the state holidays (1 September, 17 November, and 28 October from 2018). Consolidation acts
 * took away the day of rest from 1 September (from 2024) and 17 November (from 2025), and from
 * 8 May and 15 September for 2026 only; the first two stay state holidays. `stateHolidays`
 * false gives the days of rest only (the banks' calendar).
 */
export function slovakHolidays(y, { stateHolidays = true } = {}) {
  const e = easterSunday(y);
  const out = [
    row(ymd(y, 1, 1), 'Day of the Establishment of the Slovak Republic'),
    row(ymd(y, 1, 6), 'Epiphany'),
    row(addDays(e, -2), 'Good Friday'),
    row(addDays(e, 1), 'Easter Monday'),
    row(ymd(y, 5, 1), 'Labour Day'),
  ];
  if (y !== 2026) out.push(row(ymd(y, 5, 8), 'Day of Victory over Fascism'));
  out.push(row(ymd(y, 7, 5), 'Saints Cyril and Methodius Day'), row(ymd(y, 8, 29), 'Slovak National Uprising Day'));
  if (y <= 2023 || stateHolidays)
    out.push(
      row(ymd(y, 9, 1), 'Constitution Day', y >= 2024 ? 'State holiday; no longer a day of rest from 2024' : ''),
    );
  if (y !== 2026) out.push(row(ymd(y, 9, 15), 'Our Lady of Sorrows'));
  if (stateHolidays && y >= 2019) {
    out.push(
      row(ymd(y, 10, 28), 'Day of the Establishment of the Czechoslovak State', 'State holiday, not a day of rest'),
    );
  }
  if (y === 2018) out.push(row('2018-10-30', 'Centenary of the Czecho-Slovak Declaration', 'One-off day of rest'));
  out.push(row(ymd(y, 11, 1), "All Saints' Day"));
  if (y >= 2001 && (y <= 2024 || stateHolidays)) {
    out.push(
      row(
        ymd(y, 11, 17),
        'Struggle for Freedom and Democracy Day',
        y >= 2025 ? 'State holiday; no longer a day of rest from 2025' : '',
      ),
    );
  }
  out.push(
    row(ymd(y, 12, 24), 'Christmas Eve'),
    row(ymd(y, 12, 25), 'Christmas Day'),
    row(ymd(y, 12, 26), "St. Stephen's Day"),
  );
  return out;
}

/**
 * Romania, Labour Code (Law 53/2003, and the code before it) as amended: Orthodox Whit Monday
 * from 2008, Assumption from 2009, St. Andrew from 2012, Union Day (24 January), Children's Day
 * (1 June) from 2017, Orthodox Good Friday from 2018, Epiphany and St. John (6 and 7 January)
 * from 2024.
 */
export function romanianHolidays(y) {
  const oe = orthodoxEaster(y);
  const out = [row(ymd(y, 1, 1), "New Year's Day"), row(ymd(y, 1, 2), "New Year's Day (second day)")];
  if (y >= 2024) out.push(row(ymd(y, 1, 6), 'Epiphany'), row(ymd(y, 1, 7), 'Saint John the Baptist'));
  if (y >= 2017) out.push(row(ymd(y, 1, 24), 'Union of the Romanian Principalities'));
  if (y >= 2018) out.push(row(addDays(oe, -2), 'Orthodox Good Friday'));
  out.push(row(oe, 'Orthodox Easter'), row(addDays(oe, 1), 'Orthodox Easter Monday'), row(ymd(y, 5, 1), 'Labour Day'));
  if (y >= 2017) out.push(row(ymd(y, 6, 1), "Children's Day"));
  if (y >= 2008) out.push(row(addDays(oe, 49), 'Orthodox Pentecost'), row(addDays(oe, 50), 'Orthodox Whit Monday'));
  if (y >= 2009) out.push(row(ymd(y, 8, 15), 'Assumption of the Virgin Mary'));
  if (y >= 2012) out.push(row(ymd(y, 11, 30), "St. Andrew's Day"));
  out.push(
    row(ymd(y, 12, 1), 'National Day'),
    row(ymd(y, 12, 25), 'Christmas Day'),
    row(ymd(y, 12, 26), 'Second Day of Christmas'),
  );
  return out;
}

/**
 * Slovenia, Holidays and Work-Free Days Act: 2 January was not a work-free day from 2013 to
 * 2016 (restored from 2017); 14 August 2023 was a one-off work-free day (Solidarity Day after
 * the floods).
 */
export function slovenianHolidays(y) {
  const e = easterSunday(y);
  const out = [row(ymd(y, 1, 1), "New Year's Day")];
  if (y < 2013 || y > 2016) out.push(row(ymd(y, 1, 2), "New Year's Day (second day)"));
  out.push(
    row(ymd(y, 2, 8), 'Prešeren Day'),
    row(addDays(e, 1), 'Easter Monday'),
    row(ymd(y, 4, 27), 'Day of Uprising Against Occupation'),
    row(ymd(y, 5, 1), 'Labour Day'),
    row(ymd(y, 5, 2), 'Labour Day (second day)'),
    row(ymd(y, 6, 25), 'Statehood Day'),
  );
  if (y === 2023) out.push(row('2023-08-14', 'Solidarity Day', 'One-off work-free day after the floods'));
  out.push(
    row(ymd(y, 8, 15), 'Assumption Day'),
    row(ymd(y, 10, 31), 'Reformation Day'),
    row(ymd(y, 11, 1), 'Remembrance Day'),
    row(ymd(y, 12, 25), 'Christmas Day'),
    row(ymd(y, 12, 26), 'Independence and Unity Day'),
  );
  return out;
}

/**
 * Croatia, Act on Holidays, Memorial Days and Non-Working Days: Statehood Day on 30 May until
 * 2001, 25 June with Independence Day (8 October) and Corpus Christi from 2002; the 2019 act
 * (in force from 2020) moved Statehood Day back to 30 May, dropped 8 October and added
 * Remembrance Day (18 November).
 */
export function croatianHolidays(y) {
  const e = easterSunday(y);
  const out = [row(ymd(y, 1, 1), "New Year's Day"), row(ymd(y, 1, 6), 'Epiphany')];
  out.push(row(addDays(e, 1), 'Easter Monday'), row(ymd(y, 5, 1), 'Labour Day'));
  if (y <= 2001 || y >= 2020) out.push(row(ymd(y, 5, 30), 'Statehood Day'));
  if (y >= 2002) out.push(row(addDays(e, 60), 'Corpus Christi'));
  out.push(row(ymd(y, 6, 22), 'Anti-Fascist Struggle Day'));
  if (y >= 2002 && y <= 2019) out.push(row(ymd(y, 6, 25), 'Statehood Day'));
  out.push(row(ymd(y, 8, 5), 'Victory and Homeland Thanksgiving Day'), row(ymd(y, 8, 15), 'Assumption Day'));
  if (y >= 2002 && y <= 2019) out.push(row(ymd(y, 10, 8), 'Independence Day'));
  out.push(row(ymd(y, 11, 1), "All Saints' Day"));
  if (y >= 2020) out.push(row(ymd(y, 11, 18), 'Remembrance Day'));
  out.push(row(ymd(y, 12, 25), 'Christmas Day'), row(ymd(y, 12, 26), "St. Stephen's Day"));
  if (y === 2024) out.push(row('2024-04-17', 'Parliamentary Election Day', 'Election day, a non-working day by law'));
  return out;
}

/**
 * Serbia, Act on State and Other Holidays: New Year (1-2 January), Statehood Day (15 February;
 * 15-16 February from 2012), Labour Day (1-2 May) and Armistice Day (11 November, from 2012)
 * move to the next working day when they fall on a Sunday; Orthodox Christmas (7 January) and
 * Orthodox Easter from Good Friday to Easter Monday do not move.
 */
export function serbianHolidays(y) {
  const oe = orthodoxEaster(y);
  const fixed = [];
  const state = (date, name) => fixed.push(row(date, name));
  state(ymd(y, 1, 1), "New Year's Day");
  state(ymd(y, 1, 2), "New Year's Day");
  state(ymd(y, 2, 15), 'Statehood Day');
  if (y >= 2012) state(ymd(y, 2, 16), 'Statehood Day');
  state(ymd(y, 5, 1), 'Labour Day');
  state(ymd(y, 5, 2), 'Labour Day');
  if (y >= 2012) state(ymd(y, 11, 11), 'Armistice Day');
  const religious = [
    row(ymd(y, 1, 7), 'Orthodox Christmas'),
    row(addDays(oe, -2), 'Orthodox Good Friday'),
    row(addDays(oe, -1), 'Orthodox Holy Saturday'),
    row(oe, 'Orthodox Easter'),
    row(addDays(oe, 1), 'Orthodox Easter Monday'),
  ];
  const taken = new Set([...fixed, ...religious].map((h) => h.date));
  const out = [...religious];
  for (const h of fixed) {
    out.push(h);
    if (weekday(h.date) !== SUNDAY) continue;
    let d = addDays(h.date, 1);
    while (isWeekend(d) || taken.has(d)) d = addDays(d, 1);
    taken.add(d);
    out.push(row(d, h.name, 'Moved from a Sunday to the next working day'));
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}
