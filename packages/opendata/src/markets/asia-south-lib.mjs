// Shared helpers of the South and South-East Asia family (asia-south.mjs): Hijri dates shifted by
// the local sighting lag and announced-closure specs.
import { addDays, islamicDatesBetween, weekday } from '../lib/dates.mjs';

export const isWeekend = (d) => weekday(d) === 0 || weekday(d) === 6;
export const LUNAR_MEMO = 'Date from the Umm al-Qura calendar (ICU) shifted by the local sighting lag; not announced';

/** Dates of day `day` of Hijri month `month` falling in Gregorian `year`, shifted by `lag` days. */
export function hijri(year, month, day, lag = 0) {
  return islamicDatesBetween(month, day, year <= 1999 ? '1999-01-01' : `${year - 1}-11-01`, `${year}-12-31`)
    .map((d) => addDays(d, lag))
    .filter((d) => d.startsWith(`${year}-`));
}

/** `'01-01 02-05'`-style spec of a year → ISO dates (a weekend date is a typo: refused). */
export const spec = (year, text) =>
  text.split(/\s+/).map((md) => {
    const d = `${year}-${md}`;
    if (isWeekend(d)) throw new Error(`announced closure ${d} falls on a weekend`);
    return d;
  });
