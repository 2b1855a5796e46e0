// Calendar arithmetic on plain 'YYYY-MM-DD' strings. Everything runs in UTC so the output
// never depends on the timezone of the machine that generates the sample.

const DAY_MS = 86_400_000;
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2030;

export function ymd(year, month, day) {
  return toIso(Date.UTC(year, month - 1, day));
}

function toIso(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

function toMs(iso) {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

export function addDays(iso, n) {
  return toIso(toMs(iso) + n * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(iso) {
  return new Date(toMs(iso)).getUTCDay();
}

export function yearOf(iso) {
  return Number(iso.slice(0, 4));
}

export function* eachDay(from, to) {
  for (let d = from; d <= to; d = addDays(d, 1)) yield d;
}

export function years(from = FIRST_YEAR, to = LAST_YEAR) {
  const out = [];
  for (let y = from; y <= to; y++) out.push(y);
  return out;
}

/** The n-th (1-based) given weekday of a month; n = -1 is the last one. */
export function nthWeekday(year, month, dow, n) {
  if (n > 0) {
    const first = ymd(year, month, 1);
    const shift = (dow - weekday(first) + 7) % 7;
    return addDays(first, shift + 7 * (n - 1));
  }
  const last = addDays(ymd(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1), -1);
  return addDays(last, -((weekday(last) - dow + 7) % 7));
}

/** The last given weekday strictly before a date (e.g. the Monday before May 25). */
export function weekdayBefore(iso, dow) {
  let d = addDays(iso, -1);
  while (weekday(d) !== dow) d = addDays(d, -1);
  return d;
}

/**
 * Western (Gregorian) Easter Sunday, by the anonymous Gregorian computus (Meeus/Jones/Butcher
 * formulation), which holds for every Gregorian year.
 */
export function easterSunday(year) {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

/**
 * Orthodox (Julian) Easter Sunday as a Gregorian date: the Julian computus, shifted by the 13
 * days between the calendars (valid 1900-2099, which covers the dataset).
 */
export function orthodoxEaster(year) {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  return addDays(ymd(year, month, day), 13);
}

// Islamic dates by the Umm al-Qura calendar of Saudi Arabia, as ICU computes it
// (`Intl.DateTimeFormat` with `islamic-umalqura`). Observance elsewhere follows moon sighting and
// can differ by a day; markets whose exchange announced other dates correct them where they are used.
const UMM_AL_QURA = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
  timeZone: 'UTC',
  month: 'numeric',
  day: 'numeric',
});
let byHijriDay = null;
const HIJRI_FROM = `${FIRST_YEAR - 1}-01-01`;
const HIJRI_TO = `${LAST_YEAR + 1}-12-31`;

/** Every date of the sample's years (and one either side) by its Umm al-Qura `month/day`, formatted once. */
function hijriIndex() {
  if (byHijriDay) return byHijriDay;
  byHijriDay = new Map();
  for (let ms = toMs(HIJRI_FROM); ms <= toMs(HIJRI_TO); ms += DAY_MS) {
    const parts = UMM_AL_QURA.formatToParts(new Date(ms));
    const key = `${parts.find((p) => p.type === 'month').value}/${parts.find((p) => p.type === 'day').value}`;
    if (!byHijriDay.has(key)) byHijriDay.set(key, []);
    byHijriDay.get(key).push(toIso(ms));
  }
  return byHijriDay;
}

/** Every Gregorian date in [from, to] that is the given day of an Islamic (Umm al-Qura) month. */
export function islamicDatesBetween(hMonth, hDay, from, to) {
  if (from < HIJRI_FROM || to > HIJRI_TO) {
    throw new Error(`Islamic dates between ${from} and ${to}: outside ${HIJRI_FROM}..${HIJRI_TO}`);
  }
  return (hijriIndex().get(`${hMonth}/${hDay}`) ?? []).filter((d) => d >= from && d <= to);
}
