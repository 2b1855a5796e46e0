// Chinese lunisolar dates from astronomical new moons. A lunar month starts on the day (China
// Standard Time) of a new moon; months are counted from the Spring Festival's new moon, skipping
// the year's leap month. The new moon follows the truncated series of Meeus, Astronomical
// Algorithms, ch. 49, good to a few minutes: enough unless a new moon falls right at midnight.

const RAD = Math.PI / 180;

function newMoonJde(k) {
  const t = k / 1236.85;
  const e = 1 - 0.002516 * t - 0.0000074 * t * t;
  const m = (2.5534 + 29.1053567 * k) * RAD;
  const mp = (201.5643 + 385.81693528 * k + 0.0107582 * t * t) * RAD;
  const f = (160.7108 + 390.67050284 * k - 0.0016118 * t * t) * RAD;
  const om = (124.7746 - 1.56375588 * k) * RAD;
  return (
    2451550.09766 + 29.530588861 * k + 0.00015437 * t * t
    - 0.4072 * Math.sin(mp) + 0.17241 * e * Math.sin(m) + 0.01608 * Math.sin(2 * mp)
    + 0.01039 * Math.sin(2 * f) + 0.00739 * e * Math.sin(mp - m) - 0.00514 * e * Math.sin(mp + m)
    + 0.00208 * e * e * Math.sin(2 * m) - 0.00111 * Math.sin(mp - 2 * f) - 0.00057 * Math.sin(mp + 2 * f)
    + 0.00056 * e * Math.sin(2 * mp + m) - 0.00042 * Math.sin(3 * mp) + 0.00042 * e * Math.sin(m + 2 * f)
    + 0.00038 * e * Math.sin(m - 2 * f) - 0.00024 * e * Math.sin(2 * mp - m) - 0.00017 * Math.sin(om)
  );
}

/** Local (UTC+8) calendar date of new moon number k, as milliseconds of that UTC midnight. */
function newMoonDayMs(k) {
  const jdUtc = newMoonJde(k) - 69 / 86400; // terrestrial to universal time, about 69 s in this era
  const unixDays = jdUtc - 2440587.5 + 8 / 24;
  return Math.floor(unixDays) * 86_400_000;
}

// Leap months (the regular month they follow) of the lunar years starting in these Gregorian years.
const LEAP_MONTH = { 2001: 4, 2004: 2, 2006: 7, 2009: 5, 2012: 4, 2014: 9, 2017: 6, 2020: 4, 2023: 2, 2025: 6, 2028: 5 };

/** Gregorian date of day `day` of regular lunar month `month` of the lunar year beginning on `springFestival`. */
export function lunarDate(springFestival, month, day) {
  const year = Number(springFestival.slice(0, 4));
  const sf = Date.parse(`${springFestival}T00:00:00Z`);
  let k = Math.round((sf / 86_400_000 + 2440587.5 - 2451550.09766) / 29.530588861);
  while (newMoonDayMs(k) > sf) k--;
  while (newMoonDayMs(k + 1) <= sf) k++;
  const leap = LEAP_MONTH[year];
  const index = month - 1 + (leap && leap < month ? 1 : 0);
  return new Date(newMoonDayMs(k + index) + (day - 1) * 86_400_000).toISOString().slice(0, 10);
}
