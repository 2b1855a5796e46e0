// Korean (dangi) and Islamic (Umm al-Qura) calendar dates read from the ICU calendars behind
// Intl.DateTimeFormat, so the lunisolar and Hijri festivals of the newer markets need no
// hand-kept tables. Announced dates that differ (moon sighting, gazettes) are corrected by
// the market modules, which say so in their memos.
import { addDays } from './dates.mjs';

// A little wider than the sample's years, so festivals near the ends (and eves) resolve.
const FROM = '1998-12-01';
const TO = '2031-12-31';
const tables = new Map();

/** `${year}|${month}|${day}` → first ISO date, for one Intl calendar; leap months read as e.g. `4bis`. */
function table(calendar) {
  let map = tables.get(calendar);
  if (map) return map;
  map = new Map();
  const format = new Intl.DateTimeFormat(`en-u-ca-${calendar}`, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  for (let d = FROM; d <= TO; d = addDays(d, 1)) {
    const parts = {};
    for (const p of format.formatToParts(new Date(`${d}T00:00:00Z`))) parts[p.type] = p.value;
    const key = `${parts.relatedYear ?? parts.year}|${parts.month}|${parts.day}`;
    if (!map.has(key)) map.set(key, d);
  }
  tables.set(calendar, map);
  return map;
}

function lookup(calendar, year, month, day) {
  const d = table(calendar).get(`${year}|${month}|${day}`);
  if (!d) throw new Error(`${calendar} calendar: no date ${year}-${month}-${day} between ${FROM} and ${TO}`);
  return d;
}

// No `chinese` lookup: ICU places the Spring Festivals of 2027 and 2030 a day off (new moons just
// before midnight in China), so the Chinese dates stay with china.mjs and lunar.mjs.

/** Gregorian date of day `day` of regular month `month` of the Korean (dangi) year starting in `year`. */
export function koreanLunarDate(year, month, day) {
  return lookup('dangi', year, month, day);
}

/** Every date in Gregorian `year` that is day `day` of Hijri month `month` (Umm al-Qura). */
export function islamicDatesIn(year, month, day) {
  const out = [];
  const approx = Math.floor(((year - 622) * 33) / 32);
  for (let hy = approx - 1; hy <= approx + 2; hy++) {
    const d = table('islamic-umalqura').get(`${hy}|${month}|${day}`);
    if (d?.startsWith(`${year}-`)) out.push(d);
  }
  return out.sort();
}

/** The day after `date` that is neither a weekend day nor in `taken`. */
export function nextFreeDay(date, taken, weekend = [0, 6]) {
  let d = addDays(date, 1);
  while (weekend.includes(new Date(`${d}T00:00:00Z`).getUTCDay()) || taken.has(d)) d = addDays(d, 1);
  return d;
}
