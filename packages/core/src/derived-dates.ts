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
import { daysFromCivil, formatDay, isoWeekday } from './dates.js';
import { InvalidArgumentError } from './errors.js';
import type { JoinedCalendar } from './calendars.js';
import { MAX_DATE_MONTHS, formatMonth, type DateRule, type MonthIndex } from './params.js';
import type { BusinessDayConvention, DerivedDate } from './types.js';

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
      `The range ${formatMonth(startMonth)} to ${formatMonth(endMonth)} holds ${count} months, more than the limit of ${MAX_DATE_MONTHS} months; ask for a shorter range`,
      'range_too_long',
    );
  }
  if (endMonth < startMonth) throw InvalidArgumentError.one('end', `end (${formatMonth(endMonth)}) is before start (${formatMonth(startMonth)})`, 'date_range');
}

function firstDay(month: MonthIndex): number {
  const y = Math.floor(month / 12);
  return daysFromCivil(y, month - y * 12 + 1, 1);
}

/** The n-th `weekday` (ISO) of the month from `first` to `last`, n < 0 from its end; undefined when the month has none. */
function nthWeekday(first: number, last: number, n: number, weekday: number): number | undefined {
  const day = n > 0 ? first + ((weekday - isoWeekday(first) + 7) % 7) + 7 * (n - 1) : last - ((isoWeekday(last) - weekday + 7) % 7) - 7 * (-n - 1);
  return day >= first && day <= last ? day : undefined;
}

/** The n-th business day of the month, n < 0 from its end, walking from its first (last) day; undefined when it has fewer. */
function nthBusinessDay(cal: JoinedCalendar, first: number, last: number, n: number): number | undefined {
  const step = n > 0 ? 1 : -1;
  let left = Math.abs(n);
  for (let d = n > 0 ? first : last; d >= first && d <= last; d += step) if (cal.isBusinessDay(d) && --left === 0) return d;
  return undefined;
}

/** `n` business days from `day` (not itself looked at), as §4 advance in days. */
function stepBusinessDays(cal: JoinedCalendar, day: number, n: number): number {
  const step = n > 0 ? 1 : -1;
  let d = day;
  for (let k = Math.abs(n); k > 0; k--) {
    d += step;
    while (!cal.isBusinessDay(d)) d += step;
  }
  return d;
}

/** The entries of `dates` for the months `startMonth`..`endMonth` (checked by checkMonthRange). */
export function derivedDates(cal: JoinedCalendar, rule: DateRule, startMonth: MonthIndex, endMonth: MonthIndex, options: DerivedDateOptions): DerivedDate[] {
  const keep = options.months === undefined ? undefined : new Set(options.months);
  const out: DerivedDate[] = [];
  for (let month = startMonth; month <= endMonth; month++) {
    const m = month - Math.floor(month / 12) * 12 + 1;
    if (keep !== undefined && !keep.has(m)) continue;
    const first = firstDay(month);
    const last = firstDay(month + 1) - 1;
    let nominal: number | undefined;
    let rolled: number | undefined;
    if (rule.kind === 'nth-weekday') {
      if (rule.quarterly && m % 3 !== 0) continue;
      nominal = nthWeekday(first, last, rule.n, rule.weekday);
    } else if (rule.kind === 'day') nominal = Math.min(first + rule.day - 1, last);
    else rolled = nominal = nthBusinessDay(cal, first, last, rule.n);
    if (nominal === undefined) continue;
    // `unadjusted` looks at nothing, not even the nominal date (which may lie outside the window).
    rolled ??= options.roll === 'unadjusted' ? nominal : cal.adjust(nominal, options.roll);
    const date = options.offset === 0 ? rolled : stepBusinessDays(cal, rolled, options.offset);
    out.push({ period: formatMonth(month), nominal: formatDay(nominal), date: formatDay(date) });
  }
  return out;
}
