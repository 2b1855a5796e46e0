// Calendar helpers of the eurasia family: Hebrew dates from ICU's `hebrew` calendar, Islamic
// feast days from ICU's Umm al-Qura calendar, and Russia's working-day calendar (the Labour Code's
// holidays, the automatic move of a weekend holiday and the government's yearly transfer decrees).
import { addDays, FIRST_YEAR, islamicDatesBetween, LAST_YEAR, weekday, ymd } from '../lib/dates.mjs';

// ---- Hebrew calendar ----

let hebrewIndex = null;

/** `${hebrewYear}|${monthName}|${day}` → ISO date, for the sample's years (ICU month names: Tishri … Elul). */
function hebrew() {
  if (hebrewIndex) return hebrewIndex;
  hebrewIndex = new Map();
  const format = new Intl.DateTimeFormat('en-u-ca-hebrew', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  for (let d = `${FIRST_YEAR - 1}-01-01`; d <= `${LAST_YEAR + 1}-12-31`; d = addDays(d, 1)) {
    const p = {};
    for (const part of format.formatToParts(new Date(`${d}T00:00:00Z`))) p[part.type] = part.value;
    hebrewIndex.set(`${p.year}|${p.month}|${p.day}`, d);
  }
  return hebrewIndex;
}

/** The Gregorian date of a Hebrew date (month as ICU names it: 'Nisan', 'Adar', 'Adar II', …). */
export function hebrewDate(hYear, month, day) {
  const d = hebrew().get(`${hYear}|${month}|${day}`);
  if (!d) throw new Error(`hebrew calendar: no ${day} ${month} ${hYear}`);
  return d;
}

/** Whether a Hebrew year is a leap year (has Adar I and Adar II). */
export function hebrewLeap(hYear) {
  return hebrew().has(`${hYear}|Adar II|1`);
}

// ---- Islamic feasts ----

/** First days of an Islamic month-day in the sample's years (Umm al-Qura by ICU). */
export function islamicFirstDays(hMonth, hDay) {
  return islamicDatesBetween(hMonth, hDay, `${FIRST_YEAR - 1}-12-01`, `${LAST_YEAR}-12-31`);
}

// ---- Russia ----

/**
 * Weekdays made non-working by the government's yearly transfer decrees (a weekend day of the
 * New Year holidays or a bridge day moved onto a weekday), plus the one-off non-working days of
 * 2020 (24 June parade, 1 July constitutional vote). Years 2000-2004 are not listed.
 */
export const RU_TRANSFER_DAYS_OFF = {
  2005: ['2005-01-06', '2005-01-10', '2005-03-07', '2005-05-10'],
  2006: ['2006-01-06', '2006-01-09', '2006-02-24', '2006-05-08'],
  2007: ['2007-01-08', '2007-04-30', '2007-06-11', '2007-12-31'],
  2008: ['2008-01-08', '2008-05-02', '2008-06-13', '2008-11-03'],
  2009: ['2009-01-06', '2009-01-08', '2009-01-09'],
  2010: ['2010-01-06', '2010-01-08', '2010-02-22', '2010-11-05'],
  2011: ['2011-01-06', '2011-01-10', '2011-03-07'],
  2012: [
    '2012-01-06',
    '2012-01-09',
    '2012-03-09',
    '2012-04-30',
    '2012-05-07',
    '2012-05-08',
    '2012-06-11',
    '2012-12-31',
  ],
  2013: ['2013-05-02', '2013-05-03', '2013-05-10'],
  2014: ['2014-05-02', '2014-06-13', '2014-11-03'],
  2015: ['2015-01-09', '2015-05-04'],
  2016: ['2016-02-22', '2016-03-07', '2016-05-03'],
  2017: ['2017-02-24', '2017-05-08'],
  2018: ['2018-03-09', '2018-04-30', '2018-05-02', '2018-06-11', '2018-12-31'],
  2019: ['2019-05-02', '2019-05-03', '2019-05-10'],
  2020: ['2020-05-04', '2020-05-05', '2020-06-24', '2020-07-01'],
  2021: ['2021-02-22', '2021-11-05', '2021-12-31'],
  2022: ['2022-03-07', '2022-05-03', '2022-05-10'],
  2023: ['2023-02-24', '2023-05-08'],
  2024: ['2024-04-29', '2024-04-30', '2024-05-10', '2024-12-30', '2024-12-31'],
  2025: ['2025-05-02', '2025-05-08', '2025-06-13', '2025-11-03', '2025-12-31'],
  2026: ['2026-01-09', '2026-12-31'],
};

/** Saturdays (and a Sunday) made working days by the same decrees. */
export const RU_WORKING_WEEKENDS = {
  2005: ['2005-03-05', '2005-05-14'],
  2006: ['2006-02-26', '2006-05-06'],
  2007: ['2007-04-28', '2007-06-09', '2007-12-29'],
  2008: ['2008-05-04', '2008-06-07', '2008-11-01'],
  2009: ['2009-01-11'],
  2010: ['2010-02-27', '2010-11-13'],
  2011: ['2011-03-05'],
  2012: ['2012-03-11', '2012-04-28', '2012-05-05', '2012-05-12', '2012-06-09', '2012-12-29'],
  2016: ['2016-02-20'],
  2018: ['2018-04-28', '2018-06-09', '2018-12-29'],
  2021: ['2021-02-20'],
  2022: ['2022-03-05'],
  2024: ['2024-04-27', '2024-11-02', '2024-12-28'],
  2025: ['2025-11-01'],
};

/** Weekdays the automatic move would give that the decrees instead moved to a later date. */
const RU_MOVED_ELSEWHERE = new Set(['2013-02-25', '2014-02-24', '2019-02-25', '2025-02-24', '2025-03-10']);

const isSatSun = (d) => weekday(d) === 0 || weekday(d) === 6;

/**
 * Russia's public holidays of a year by the Labour Code (art. 112) as {date, name, kind}:
 * kind 'holiday' for the holiday's own date, 'substitute' for the weekday a weekend holiday
 * moves to (not the January holidays from 2005, which the decrees move), 'transfer' for a
 * decree's transfer day. Weekend dates are included (callers drop them).
 */
export function russianHolidays(year) {
  const out = [];
  const taken = new Set();
  const add = (date, name, kind) => {
    if (taken.has(date)) return;
    taken.add(date);
    out.push({ date, name, kind });
  };
  const fixed = [];
  if (year <= 2004) {
    fixed.push([ymd(year, 1, 1), "New Year's Day", true], [ymd(year, 1, 2), 'New Year Holiday', true]);
  } else {
    const last = year >= 2013 ? 8 : 5;
    for (let d = 1; d <= last; d++) if (d !== 7) fixed.push([ymd(year, 1, d), 'New Year Holidays', false]);
  }
  fixed.push([ymd(year, 1, 7), 'Orthodox Christmas', year <= 2004]);
  if (year >= 2002) fixed.push([ymd(year, 2, 23), 'Defender of the Fatherland Day', true]);
  fixed.push([ymd(year, 3, 8), "International Women's Day", true]);
  fixed.push([ymd(year, 5, 1), 'Spring and Labour Day', true]);
  if (year <= 2004) fixed.push([ymd(year, 5, 2), 'Spring and Labour Day', true]);
  fixed.push([ymd(year, 5, 9), 'Victory Day', true]);
  fixed.push([ymd(year, 6, 12), 'Russia Day', true]);
  if (year <= 2004) {
    fixed.push([ymd(year, 11, 7), 'Day of Accord and Reconciliation', true]);
    fixed.push([ymd(year, 12, 12), 'Constitution Day', true]);
  } else {
    fixed.push([ymd(year, 11, 4), 'Unity Day', true]);
  }
  for (const [d, name] of fixed) add(d, name, 'holiday');
  const holidayDates = new Set(fixed.map(([d]) => d));
  const transfers = RU_TRANSFER_DAYS_OFF[year] ?? [];
  // A holiday on a weekend moves to the next working day (art. 112), unless a decree moved it.
  for (const [d, name, moves] of fixed) {
    if (!moves || !isSatSun(d)) continue;
    let s = addDays(d, 1);
    while (isSatSun(s) || holidayDates.has(s) || taken.has(s)) s = addDays(s, 1);
    if (!RU_MOVED_ELSEWHERE.has(s)) add(s, name, 'substitute');
  }
  for (const d of transfers) {
    if (!taken.has(d))
      add(
        d,
        d === '2020-06-24' ? 'Victory Parade' : d === '2020-07-01' ? 'Constitutional Vote' : 'Transferred Day Off',
        'transfer',
      );
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}
