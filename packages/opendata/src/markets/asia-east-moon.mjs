// Full moons by the mean-lunation series with the main periodic terms (Meeus, Astronomical
// Algorithms, ch. 49; a few minutes' accuracy), used to place the Thai Buddhist holy days in
// years for which no announced date is tabled. The Thai lunar calendar's fifteenth waxing day
// usually falls on the astronomical full moon's date in Bangkok or the day before; the day is
// read here as the Bangkok date 18 hours before the full moon, which matches the announced
// Makha, Visakha and Asarnha Bucha days of 2018-2026 in all but a few cases (those are tabled).

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;

/** Full moon instant (UTC ms) of lunation k (k integer; k = 0 is the new moon of 6 January 2000). */
function fullMoonMs(k0) {
  const k = k0 + 0.5;
  const T = k / 1236.85;
  const E = 1 - 0.002516 * T - 0.0000074 * T * T;
  const M = (2.5534 + 29.1053567 * k - 0.0000014 * T * T) * RAD;
  const Mp = (201.5643 + 385.81693528 * k + 0.0107582 * T * T) * RAD;
  const F = (160.7108 + 390.67050284 * k - 0.0016118 * T * T) * RAD;
  const O = (124.7746 - 1.56375588 * k + 0.0020672 * T * T) * RAD;
  let jde = 2451550.09766 + 29.530588861 * k + 0.00015437 * T * T;
  jde +=
    -0.40614 * Math.sin(Mp) +
    0.17302 * E * Math.sin(M) +
    0.01614 * Math.sin(2 * Mp) +
    0.01043 * Math.sin(2 * F) +
    0.00734 * E * Math.sin(Mp - M) -
    0.00515 * E * Math.sin(Mp + M) +
    0.00209 * E * E * Math.sin(2 * M) -
    0.00111 * Math.sin(Mp - 2 * F) -
    0.00057 * Math.sin(Mp + 2 * F) +
    0.00056 * E * Math.sin(2 * Mp + M) -
    0.00042 * Math.sin(3 * Mp) +
    0.00042 * E * Math.sin(M + 2 * F) +
    0.00038 * E * Math.sin(M - 2 * F) -
    0.00024 * E * Math.sin(2 * Mp - M) -
    0.00017 * Math.sin(O);
  return (jde - 2440587.5) * DAY_MS - 69_000; // TT to UT, about 69 s in these years
}

let cache = null;

/** Thai holy-day dates ('YYYY-MM-DD') of the full moons from 1999 to 2031, in order. */
export function thaiFullMoonDays() {
  if (cache) return cache;
  cache = [];
  for (let k = -13; k <= 400; k++) {
    const ms = fullMoonMs(k) + 7 * 3600_000 - 18 * 3600_000;
    cache.push(new Date(ms).toISOString().slice(0, 10));
  }
  return cache;
}

/** The full-moon day nearest to `iso`. */
export function nearestFullMoonDay(iso) {
  const t = Date.parse(`${iso}T00:00:00Z`);
  let best = null;
  for (const d of thaiFullMoonDays()) {
    if (best === null || Math.abs(Date.parse(`${d}T00:00:00Z`) - t) < Math.abs(Date.parse(`${best}T00:00:00Z`) - t))
      best = d;
  }
  return best;
}
