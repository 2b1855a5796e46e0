/**
 * Derived dates (docs/calendar-arithmetic.md §10): the date a rule names in each month of a range,
 * rolled and offset on a joined calendar, as records or JSON bytes.
 */
import type { CalendarExpression } from '../rules/calendars.js';
import { MAX_DATE_OFFSET, optional, param, withDefault, type DateRule, type MonthIndex } from '../params/params.js';
import {
  checkMonthRange,
  derivedDates,
  derivedDays,
  derivedSeries,
  derivedSeriesKey,
  type DerivedDateOptions,
} from '../rules/derived-dates.js';
import { derivedDatesJsonPieces } from '../wire/dates-json.js';
import type { DerivedDate } from '../types.js';
import { QueryBase } from './base.js';
import { queriesOf, expr, convention, type Surface } from './declare.js';

export class DerivedDateRules extends QueryBase {
  /**
   * The date `rule` names in each month of `startMonth`..`endMonth` (MonthIndex, as params
   * parseMonth answers), rolled and offset on the calendar. The range is checked first (its
   * length, then its order), then the calendar's members.
   */
  derivedDates(
    expr: CalendarExpression,
    rule: DateRule,
    startMonth: MonthIndex,
    endMonth: MonthIndex,
    options: DerivedDateOptions,
  ): DerivedDate[] {
    checkMonthRange(startMonth, endMonth);
    return derivedDates(this.calendar(expr), rule, startMonth, endMonth, options);
  }

  /**
   * `derivedDates` as the bytes of its JSON in pieces (what the server sends; views of kept
   * memory, never written in), with the same refusals, made before the first piece.
   */
  derivedDatesJsonChunks(
    expr: CalendarExpression,
    rule: DateRule,
    startMonth: MonthIndex,
    endMonth: MonthIndex,
    options: DerivedDateOptions,
  ): Iterable<Uint8Array> {
    checkMonthRange(startMonth, endMonth);
    const cal = this.calendar(expr);
    // The rule is walked here (rules/derived-dates.ts); the writer keeps bytes and asks for a walk
    // only when they cannot answer.
    return derivedDatesJsonPieces(
      derivedSeriesKey(cal, rule, options),
      () => derivedSeries(cal, rule, options),
      startMonth,
      endMonth,
      () => derivedDays(cal, rule, startMonth, endMonth, options),
    );
  }
}

const query = queriesOf<Surface<DerivedDateRules>>();

export const DERIVED_DATE_QUERIES = {
  /**
   * The date `rule` names in each month of `start`..`end` (`YYYY-MM`) on the calendar, rolled by
   * `roll` (default following) and moved `offset` business days (default 0): `nth-weekday:3:fri`,
   * `imm`, `day:15`, `business-day:-2`, `first-business-day`, `last-business-day`.
   */
  derivedDates: query({
    params: {
      expr,
      rule: param.dateRule(),
      start: param.month(),
      end: param.month(),
      months: optional(param.monthList()),
      roll: convention,
      offset: withDefault(param.integer({ min: -MAX_DATE_OFFSET, max: MAX_DATE_OFFSET }), 0),
    },
    args: ['expr', 'rule', 'start', 'end'],
    options: { months: 'months', roll: 'roll', offset: 'offset' },
    run: (q, a) => q.derivedDates(a.expr, a.rule, a.start, a.end, { months: a.months, roll: a.roll, offset: a.offset }),
  }),
} as const;
