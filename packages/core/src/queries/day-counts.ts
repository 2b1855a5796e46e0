/**
 * Year fractions and day counts over a calendar expression (docs/calendar-arithmetic.md §14):
 * each convention exactly as QuantLib's day counter of that name, and business days between two
 * dates as QuantLib's `Calendar::businessDaysBetween` with its defaults.
 */
import type { CalendarExpression, JoinedCalendar } from '../rules/calendars.js';
import {
  DAY_COUNTS,
  MAX_DAY_COUNT_SPAN,
  businessDaysBetween,
  yearFraction,
  type DayCountConvention,
} from '../rules/day-counts.js';
import { formatDay, type EpochDay } from '../time/dates.js';
import { InvalidArgumentError } from '../errors.js';
import { param } from '../params/params.js';
import { QueryBase } from './base.js';
import { queriesOf, start, end, expr, type Surface } from './declare.js';

export { DAY_COUNTS, MAX_DAY_COUNT_SPAN, type DayCountConvention } from '../rules/day-counts.js';

export interface YearFraction {
  start: string;
  end: string;
  convention: DayCountConvention;
  /** Calendar days (actual conventions), the 30/360 count, or business days (bus/252); negative going back. */
  days: number;
  year_fraction: number;
}

export interface BusinessDayCount {
  start: string;
  end: string;
  count: number;
}

export class DayCountRules extends QueryBase {
  yearFraction(expr: CalendarExpression, d1: EpochDay, d2: EpochDay, convention: DayCountConvention): YearFraction {
    checkSpan(d1, d2);
    // The expression is looked up for every convention (an unknown member is a 404 whatever
    // the convention); only bus/252 reads its business days, so only it needs the window.
    const cal = this.calendar(expr);
    const { days, fraction } = yearFraction(convention, d1, d2, () => countBetween(cal, d1, d2));
    return { start: formatDay(d1), end: formatDay(d2), convention, days, year_fraction: fraction };
  }

  businessDayCount(expr: CalendarExpression, d1: EpochDay, d2: EpochDay): BusinessDayCount {
    checkSpan(d1, d2);
    const cal = this.calendar(expr);
    return { start: formatDay(d1), end: formatDay(d2), count: countBetween(cal, d1, d2) };
  }
}

/** A span over 100 years is refused naming `end`, whichever way it runs. */
function checkSpan(d1: EpochDay, d2: EpochDay): void {
  const span = Math.abs(d2 - d1);
  if (span > MAX_DAY_COUNT_SPAN)
    throw InvalidArgumentError.one(
      'end',
      `The span ${formatDay(d1)} to ${formatDay(d2)} is ${span} days, more than the limit of ${MAX_DAY_COUNT_SPAN} ` +
        'days (100 years); ask for a shorter span',
      'range_too_long',
    );
}

/** QuantLib's businessDaysBetween over the joined calendar; both dates must lie in its window. */
function countBetween(cal: JoinedCalendar, d1: EpochDay, d2: EpochDay): number {
  cal.check(d1);
  cal.check(d2);
  if (d1 === d2) return 0;
  const flags = cal.windowFlags();
  if (flags !== null) return businessDaysBetween(flags, cal.minDay, d1, d2);
  // A member with a bad row: each date asked, failing where the walk meets it.
  const forward = d1 < d2;
  const lo = forward ? d1 : d2 + 1;
  const hi = forward ? d2 : d1 + 1;
  let n = 0;
  for (let d = lo; d < hi; d++) if (cal.isBusinessDay(d)) n++;
  return forward ? n : 0 - n;
}

const query = queriesOf<Surface<DayCountRules>>();

export const DAY_COUNT_QUERIES = {
  /**
   * The fraction of a year from `start` to `end` under a day-count convention (act/360,
   * act/365f, act/act-isda, 30/360-us, 30e/360, 30/360-bond, bus/252 over the calendar), as
   * QuantLib's day counters count it (docs/calendar-arithmetic.md §14).
   */
  yearFraction: query({
    params: { expr, start, end, convention: param.enum(DAY_COUNTS) },
    args: ['expr', 'start', 'end', 'convention'],
    run: (q, a) => q.yearFraction(a.expr, a.start, a.end, a.convention),
  }),
  /** The business days of a calendar after `start` up to and including `end` (negative backwards; §14). */
  businessDayCount: query({
    params: { expr, start, end },
    args: ['expr', 'start', 'end'],
    run: (q, a) => q.businessDayCount(a.expr, a.start, a.end),
  }),
} as const;
