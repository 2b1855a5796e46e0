// Chinese lunisolar dates from ICU's Chinese calendar (`Intl.DateTimeFormat` with `chinese`),
// corrected where ICU's approximate new moon falls on the other side of midnight in Beijing
// from the Purple Mountain Observatory's almanac, which the State Council and Hong Kong follow.

const CHINESE = new Intl.DateTimeFormat('en-u-ca-chinese', { timeZone: 'UTC', month: 'numeric', day: 'numeric' });

// ICU's first day of a lunar month -> the almanac's (new moons within minutes of midnight).
const ALMANAC_CORRECTIONS = { '2027-02-07': '2027-02-06', '2030-02-02': '2030-02-03' };

const DAY_MS = 86_400_000;
const iso = (ms) => new Date(ms).toISOString().slice(0, 10);

const labels = new Map();

/** ICU's `month/day` label of a date; a leap month reads like `4bis/1`. Formatting is slow: kept. */
function label(ms) {
  let out = labels.get(ms);
  if (out === undefined) {
    const parts = CHINESE.formatToParts(new Date(ms));
    out = `${parts.find((p) => p.type === 'month').value}/${parts.find((p) => p.type === 'day').value}`;
    labels.set(ms, out);
  }
  return out;
}

/**
 * Gregorian date of day `day` of regular lunar month `month` (13: the next year's first month)
 * of the lunar year beginning on `springFestival`; leap months are skipped.
 */
export function lunarDate(springFestival, month, day) {
  const sf = Date.parse(`${springFestival}T00:00:00Z`);
  const want = `${month === 13 ? 1 : month}/1`;
  // Every lunar month has at least 29 days, so month m starts no earlier than 29 * (m - 1) days
  // after the Spring Festival (later when a leap month comes first); the search starts a day
  // before that, ahead of ICU's own first day where it differs from the almanac's.
  for (let t = sf + (29 * (month - 1) - 1) * DAY_MS; t < sf + 420 * DAY_MS; t += DAY_MS) {
    if (month === 1 || label(t) === want) {
      const first = month === 1 ? springFestival : (ALMANAC_CORRECTIONS[iso(t)] ?? iso(t));
      return iso(Date.parse(`${first}T00:00:00Z`) + (day - 1) * DAY_MS);
    }
  }
  throw new Error(`no lunar month ${month} after ${springFestival}`);
}
