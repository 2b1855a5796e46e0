/**
 * Derived dates (docs/calendar-arithmetic.md §10): the date a rule names in each month of a range
 * (the third Friday, IMM Wednesdays, a day of the month, the n-th business day), rolled by a
 * convention over a joined calendar, then moved a number of business days.
 *
 * Only the dates a computation looks at need to lie in the calendar's coverage window: a rule
 * on the plain calendar names its date without asking the calendar, `unadjusted` with offset 0
 * asks it nothing, and a walk checks each date as it reaches it.
 *
 * Choices where the page is silent:
 * - The offset walks from the rolled date as §4 `advance` in days does (the rolled date need not
 *   be a business day, with `unadjusted`), and never looks at the rolled date itself.
 * - `months` filters after the rule: `imm` with `months=1,3` answers March only.
 */
import { civilFromDays, daysFromCivil, formatDay, isoWeekday, monthLength } from '../time/dates.js';
import { InvalidArgumentError } from '../errors.js';
import type { JoinedCalendar } from './calendars.js';
import { MAX_DATE_MONTHS, formatMonth, type DateRule, type MonthIndex } from '../params/params.js';
import type { BusinessDayConvention, DerivedDate } from '../types.js';

/** What `dates` takes besides the calendar, the rule and the range, parsed. */
export interface DerivedDateOptions {
  /** Month numbers kept (1..12); undefined keeps every month. */
  months?: readonly number[] | undefined;
  roll: BusinessDayConvention;
  offset: number;
}

/**
 * Refuses a range of more than MAX_DATE_MONTHS months, then one that ends before it starts,
 * both naming `end`: before the calendar or any date is looked at.
 */
export function checkMonthRange(startMonth: MonthIndex, endMonth: MonthIndex): void {
  const count = endMonth - startMonth + 1;
  if (count > MAX_DATE_MONTHS) {
    throw InvalidArgumentError.one(
      'end',
      `The range ${formatMonth(startMonth)} to ${formatMonth(endMonth)} holds ${count} months, more than the limit ` +
        `of ${MAX_DATE_MONTHS} months; ask for a shorter range`,
      'range_too_long',
    );
  }
  if (endMonth < startMonth)
    throw InvalidArgumentError.one(
      'end',
      `end (${formatMonth(endMonth)}) is before start (${formatMonth(startMonth)})`,
      'date_range',
    );
}

/**
 * The n-th `weekday` (ISO) of the month from `first` to `last`, n < 0 from its end; undefined when the month has
 * none.
 */
function nthWeekday(first: number, last: number, n: number, weekday: number): number | undefined {
  const day =
    n > 0
      ? first + ((weekday - isoWeekday(first) + 7) % 7) + 7 * (n - 1)
      : last - ((isoWeekday(last) - weekday + 7) % 7) - 7 * (-n - 1);
  return day >= first && day <= last ? day : undefined;
}

/**
 * The n-th business day of the month, n < 0 from its end, walking from its first (last) day; undefined when it has
 * fewer.
 */
function nthBusinessDay(cal: JoinedCalendar, first: number, last: number, n: number): number | undefined {
  const step = n > 0 ? 1 : -1;
  let left = Math.abs(n);
  for (let d = n > 0 ? first : last; d >= first && d <= last; d += step)
    if (cal.isBusinessDay(d) && --left === 0) return d;
  return undefined;
}

/**
 * `n` business days from `day` (not itself looked at), as §4 advance in days. `flags` are the
 * calendar's own (windowFlags) or null: a date outside them is asked of the calendar, which
 * refuses one outside its window as it always did.
 */
function stepBusinessDays(cal: JoinedCalendar, flags: Uint8Array | null, day: number, n: number): number {
  const step = n > 0 ? 1 : -1;
  const min = cal.minDay;
  let d = day;
  for (let k = Math.abs(n); k > 0; k--) {
    d += step;
    if (flags !== null) while (d >= min && d - min < flags.length && flags[d - min] === 0) d += step;
    while (!cal.isBusinessDay(d)) d += step;
  }
  return d;
}

/**
 * The months `startMonth`..`endMonth` (checked by checkMonthRange) whose rule names a date, in
 * order, as flat [month, first, nominal, date, …]: the month's MonthIndex and first day, the date
 * named and the date answered (epoch days).
 */
export const ITEM = 4;
/**
 * The walk's scratch space, kept between answers (one runs at a time, and each reads its
 * entries out before the next): thirty years of entries are a short-lived buffer allocated
 * outside the heap otherwise. Grows to the longest range asked for (1,200 months: 19 KiB).
 */
let scratch = new Int32Array(0);

function room(size: number): Int32Array {
  if (scratch.length < size) scratch = new Int32Array(Math.max(size, 2 * scratch.length, 1024));
  return scratch;
}

export function derivedDays(
  cal: JoinedCalendar,
  rule: DateRule,
  startMonth: MonthIndex,
  endMonth: MonthIndex,
  options: DerivedDateOptions,
): Int32Array {
  // The months kept as bits 1..12 (all of them without a filter).
  let keep = options.months === undefined ? 0x1ffe : 0;
  if (options.months !== undefined)
    for (const k of options.months) if (k >= 1 && k <= 12 && k % 1 === 0) keep |= 1 << k;
  const out = room(ITEM * Math.max(0, endMonth - startMonth + 1));
  let n = 0;
  // The month walked as its year, number (1..12) and first day, one month after another.
  let y = Math.floor(startMonth / 12);
  let m = startMonth - y * 12 + 1;
  let next = daysFromCivil(y, m, 1);
  // The rule and options read once: the walk calls out to the calendar, after which every
  // property would be read again.
  const { roll, offset } = options;
  const kind = rule.kind;
  const ruleN = rule.kind === 'day' ? 0 : rule.n;
  const weekday = rule.kind === 'nth-weekday' ? rule.weekday : 0;
  const quarterly = rule.kind === 'nth-weekday' && rule.quarterly;
  const dayOfMonth = rule.kind === 'day' ? rule.day : 0;
  // Only a walk that looks at the calendar reads its flags.
  const flags = offset !== 0 ? cal.windowFlags() : null;
  for (let month = startMonth; month <= endMonth; month++, m === 12 ? ((m = 1), y++) : m++) {
    const first = next;
    next = first + monthLength(y, m);
    if ((keep & (1 << m)) === 0) continue;
    const last = next - 1;
    let nominal: number | undefined;
    let rolled: number | undefined;
    if (kind === 'nth-weekday') {
      if (quarterly && m % 3 !== 0) continue;
      nominal = nthWeekday(first, last, ruleN, weekday);
    } else if (kind === 'day') nominal = Math.min(first + dayOfMonth - 1, last);
    else rolled = nominal = nthBusinessDay(cal, first, last, ruleN);
    if (nominal === undefined) continue;
    // `unadjusted` looks at nothing, not even the nominal date (which may lie outside the window).
    if (rolled === undefined) {
      if (roll === 'unadjusted') rolled = nominal;
      else {
        cal.check(nominal);
        rolled = cal.adjustInMonth(nominal, roll, first, last);
      }
    }
    out[n] = month;
    out[n + 1] = first;
    out[n + 2] = nominal;
    out[n + 3] = offset === 0 ? rolled : stepBusinessDays(cal, flags, rolled, offset);
    n += ITEM;
  }
  return out.subarray(0, n);
}

/**
 * The key a rule's series over a calendar's whole window is kept by (wire/dates-json.ts): the
 * calendar's content, the rule's shape, roll, offset and months; null when the calendar has no
 * content key (then none is kept).
 */
export function derivedSeriesKey(cal: JoinedCalendar, rule: DateRule, options: DerivedDateOptions): string | null {
  const calendar = cal.contentKey();
  if (calendar === null) return null;
  const shape =
    rule.kind === 'nth-weekday'
      ? `w${rule.n}:${rule.weekday}:${rule.quarterly ? 'q' : ''}`
      : rule.kind === 'day'
        ? `d${rule.day}`
        : `b${rule.n}`;
  return `${calendar}|${shape}|${options.roll}|${options.offset}|${options.months?.join(',') ?? '*'}`;
}

/** A rule's entries over every month of a calendar's window, each month walked on its own. */
export interface DerivedSeries {
  readonly firstMonth: number;
  /** Entries before month `firstMonth + i`; the last is their count. */
  readonly before: Int32Array;
  /** Months that failed before month `firstMonth + i`. */
  readonly failedBefore: Int32Array;
  /** The entries (derivedDays), ITEM numbers each, in month order. */
  readonly entries: Int32Array;
}

/**
 * The rule walked month by month over the calendar's window: each month's entry depends on that
 * month alone, so any range of months is a slice of it. A month whose walk fails is marked (a
 * range holding it is walked afresh, and fails where it always did); undefined for an empty window.
 */
export function derivedSeries(
  cal: JoinedCalendar,
  rule: DateRule,
  options: DerivedDateOptions,
): DerivedSeries | undefined {
  const first = civilFromDays(cal.minDay);
  const last = civilFromDays(cal.maxDay);
  const firstMonth = first.y * 12 + first.m - 1;
  const months = last.y * 12 + last.m - 1 - firstMonth + 1;
  if (!(months > 0)) return undefined;
  const before = new Int32Array(months + 1);
  const failedBefore = new Int32Array(months + 1);
  const entries = new Int32Array(ITEM * months);
  let n = 0;
  for (let i = 0; i < months; i++) {
    before[i] = n / ITEM;
    failedBefore[i + 1] = failedBefore[i]!;
    try {
      const days = derivedDays(cal, rule, firstMonth + i, firstMonth + i, options);
      entries.set(days, n);
      n += days.length;
    } catch {
      failedBefore[i + 1]!++;
    }
  }
  before[months] = n / ITEM;
  return { firstMonth, before, failedBefore, entries: entries.subarray(0, n) };
}

/** A `dates` entry; the one place its shape is written (wire/dates-json.ts copies its JSON). */
export function derivedRecord(period: string, nominal: string, date: string): DerivedDate {
  return { period, nominal, date };
}

/** The walked entries (derivedDays) as records. */
export function records(days: Int32Array): DerivedDate[] {
  const out: DerivedDate[] = [];
  for (let k = 0; k < days.length; k += ITEM) {
    out.push(derivedRecord(formatMonth(days[k]!), formatDay(days[k + 2]!), formatDay(days[k + 3]!)));
  }
  return out;
}

/** The entries of `dates` for the months `startMonth`..`endMonth` (checked by checkMonthRange). */
export function derivedDates(
  cal: JoinedCalendar,
  rule: DateRule,
  startMonth: MonthIndex,
  endMonth: MonthIndex,
  options: DerivedDateOptions,
): DerivedDate[] {
  return records(derivedDays(cal, rule, startMonth, endMonth, options));
}
