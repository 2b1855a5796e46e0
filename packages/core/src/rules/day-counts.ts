/**
 * Day-count conventions (docs/calendar-arithmetic.md §14): the fraction of a year between two
 * dates, each exactly as QuantLib's day counter of that name computes it (QuantLib 1.29's
 * `Actual360`, `Actual365Fixed`, `ActualActual(ISDA)`, `Thirty360(USA | European | BondBasis)`,
 * `Business252`), so a desk gets the number its pricing library would. Pure: dates are epoch days.
 */
import { civilFromDays, type EpochDay } from '../time/dates.js';

/** The conventions, as REST and the library name them. */
export const DAY_COUNTS = [
  'act/360',
  'act/365f',
  'act/act-isda',
  '30/360-us',
  '30e/360',
  '30/360-bond',
  'bus/252',
] as const;
export type DayCountConvention = (typeof DAY_COUNTS)[number];

/** The longest span a year fraction is asked over: 100 years of days (a longer one is refused, naming `end`). */
export const MAX_DAY_COUNT_SPAN = 36_525;

/** QuantLib's `isLastOfFebruary`. */
function isLastOfFebruary(d: number, m: number, y: number): boolean {
  return m === 2 && d === (isLeap(y) ? 29 : 28);
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/**
 * The 30/360 day count of each variant, QuantLib's `Thirty360::*_Impl::dayCount`. Not
 * antisymmetric: QuantLib computes it as written whichever date comes first, and so does this.
 */
export function thirty360Days(variant: '30/360-us' | '30e/360' | '30/360-bond', d1: EpochDay, d2: EpochDay): number {
  const a = civilFromDays(d1);
  const b = civilFromDays(d2);
  let dd1 = a.d;
  let dd2 = b.d;
  if (variant === '30/360-us') {
    // Thirty360::US_Impl (QuantLib 1.23 and later), in its order: the 31st rules before the
    // end-of-February ones (2023-02-28 to 2023-03-31 counts 31 days, not 30).
    if (dd1 === 31) dd1 = 30;
    if (dd2 === 31 && dd1 >= 30) dd2 = 30;
    if (isLastOfFebruary(dd2, b.m, b.y) && isLastOfFebruary(dd1, a.m, a.y)) dd2 = 30;
    if (isLastOfFebruary(dd1, a.m, a.y)) dd1 = 30;
  } else if (variant === '30e/360') {
    if (dd1 === 31) dd1 = 30;
    if (dd2 === 31) dd2 = 30;
  } else {
    if (dd1 === 31) dd1 = 30;
    if (dd2 === 31 && dd1 === 30) dd2 = 30;
  }
  return 360 * (b.y - a.y) + 30 * (b.m - a.m) + (dd2 - dd1);
}

/** QuantLib's `ActualActual::ISDA_Impl::yearFraction`, in its order of operations (the same doubles). */
export function actActIsda(d1: EpochDay, d2: EpochDay): number {
  if (d1 === d2) return 0;
  if (d1 > d2) return -actActIsda(d2, d1);
  const y1 = civilFromDays(d1).y;
  const y2 = civilFromDays(d2).y;
  const dib1 = isLeap(y1) ? 366 : 365;
  const dib2 = isLeap(y2) ? 366 : 365;
  let sum = y2 - y1 - 1;
  sum += (jan1(y1 + 1) - d1) / dib1;
  sum += (d2 - jan1(y2)) / dib2;
  return sum;
}

function jan1(y: number): number {
  // daysFromCivil(y, 1, 1) without its month arithmetic.
  const yy = y - 1;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + 306 - 719_468;
}

/**
 * Business days between two dates as QuantLib's `Calendar::businessDaysBetween(from, to)` with
 * its defaults (first date included, last excluded): the business days d with from ≤ d < to;
 * when `to` is before `from`, minus those with to < d ≤ from (QuantLib's own count, which is not
 * minus the count from `to` to `from` when exactly one of the two dates is a business day).
 * `flags[i]` is 1 when `first + i` is a business day; both dates lie in it.
 */
export function businessDaysBetween(flags: Uint8Array, first: number, from: EpochDay, to: EpochDay): number {
  if (from === to) return 0;
  const lo = Math.min(from, to) - first;
  const hi = Math.max(from, to) - first;
  let n = 0;
  // (lo, hi] when going back, [lo, hi) going forward.
  const a = from < to ? lo : lo + 1;
  const b = from < to ? hi : hi + 1;
  for (let i = a; i < b; i++) n += flags[i]!;
  return from < to ? n : 0 - n;
}

/**
 * The convention's own day count (calendar days for the actual ones; the 30/360 count; business
 * days for bus/252, from `business`), and QuantLib's year fraction from it.
 */
export function yearFraction(
  convention: DayCountConvention,
  d1: EpochDay,
  d2: EpochDay,
  business: () => number,
): { days: number; fraction: number } {
  switch (convention) {
    case 'act/360':
      return { days: d2 - d1, fraction: (d2 - d1) / 360 };
    case 'act/365f':
      return { days: d2 - d1, fraction: (d2 - d1) / 365 };
    case 'act/act-isda':
      return { days: d2 - d1, fraction: actActIsda(d1, d2) };
    case 'bus/252': {
      const days = business();
      return { days, fraction: days / 252 };
    }
    default: {
      const days = thirty360Days(convention, d1, d2);
      return { days, fraction: days / 360 };
    }
  }
}
