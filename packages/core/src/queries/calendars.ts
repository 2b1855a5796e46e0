/**
 * Joined calendars (docs/calendar-arithmetic.md §4) and FX dates (§5): business days of an
 * expression of markets and currencies, adjusting and advancing on it, spot and value dates.
 */
import { CurrencyCalendar, JoinedCalendar, type CalendarExpression } from '../rules/calendars.js';
import { formatDay, type EpochDay } from '../time/dates.js';
import { NotFoundError } from '../errors.js';
import { USD, closuresBetween, defaultLag, spotDay, valueDay, type SpotCalendars, type Tenor } from '../rules/fx.js';
import { MAX_LAG, UNITS, checkDayOrder, optional, param, withDefault } from '../params/params.js';
import type {
  AdjustedDate,
  AdvancedDate,
  BusinessDayConvention,
  CalendarDay,
  FxSpot,
  FxValueDate,
  TimeUnit,
} from '../types.js';
import { QueryBase } from './base.js';
import { queriesOf, start, end, expr, convention, steps, pair, type Surface } from './declare.js';

export class CalendarRules extends QueryBase {
  calendarDays(expr: CalendarExpression, startDay: EpochDay, endDay: EpochDay): CalendarDay[] {
    checkDayOrder(startDay, endDay);
    const cal = this.calendar(expr);
    cal.check(startDay);
    cal.check(endDay);
    const days: CalendarDay[] = [];
    for (let d = startDay; d <= endDay; d++) {
      const closed = cal.closedMembers(d);
      days.push({
        date: formatDay(d),
        is_business_day: cal.operator === '+' ? closed.length === 0 : closed.length < cal.members.length,
        closed,
      });
    }
    return days;
  }

  adjust(expr: CalendarExpression, day: EpochDay, convention: BusinessDayConvention): AdjustedDate {
    const adjusted = this.calendar(expr).adjust(day, convention);
    return { date: formatDay(day), convention, adjusted: formatDay(adjusted) };
  }

  advance(
    expr: CalendarExpression,
    day: EpochDay,
    n: number,
    unit: TimeUnit,
    convention: BusinessDayConvention,
    endOfMonth: boolean,
  ): AdvancedDate {
    const result = this.calendar(expr).advance(day, n, unit, convention, endOfMonth);
    return { date: formatDay(day), n, unit, result: formatDay(result) };
  }

  /** `pair` as params.parsePair answers it; `lag` undefined is the pair's own. */
  fxSpot([base, quote]: readonly [string, string], tradeDay: EpochDay, lag: number | undefined): FxSpot {
    const cals = this.spotCalendars(base, quote);
    const L = lag ?? defaultLag(base, quote);
    const spot = spotDay(cals, tradeDay, L);
    return {
      pair: base + quote,
      trade_date: formatDay(tradeDay),
      lag: L,
      spot_date: formatDay(spot),
      closures: closuresBetween(cals, tradeDay, spot),
    };
  }

  fxValueDate([base, quote]: readonly [string, string], tradeDay: EpochDay, tenor: Tenor): FxValueDate {
    const cals = this.spotCalendars(base, quote);
    const spot = spotDay(cals, tradeDay, defaultLag(base, quote));
    const value = valueDay(cals.all, spot, tenor);
    return {
      pair: base + quote,
      trade_date: formatDay(tradeDay),
      tenor: tenor.text,
      spot_date: formatDay(spot),
      value_date: formatDay(value),
    };
  }

  /**
   * Calendars of an FX pair. Choice: USD missing from the data is a NotFoundError naming USD
   * rather than a spot date computed without it: every pair's spot must be a USD business day.
   */
  private spotCalendars(base: string, quote: string): SpotCalendars {
    const b = new CurrencyCalendar(base, this.currencyEntry(base));
    const q = new CurrencyCalendar(quote, this.currencyEntry(quote));
    let usd: CurrencyCalendar;
    if (base === USD) usd = b;
    else if (quote === USD) usd = q;
    else {
      const entry = this.index.currencies.get(USD);
      if (!entry)
        throw new NotFoundError(
          'currency',
          USD,
          `Currency USD is not in the loaded data: FX spot and value dates need its settlement calendar`,
        );
      usd = new CurrencyCalendar(USD, entry);
    }
    const members = usd === b || usd === q ? [b, q] : [b, q, usd];
    return { base: b, quote: q, usd, all: new JoinedCalendar(members.map((m) => m.code).join('+'), '+', members) };
  }
}

const query = queriesOf<Surface<CalendarRules>>();

export const CALENDAR_QUERIES = {
  /**
   * Each date of the range on the joined calendar `expr` (markets and currencies, `+` joined), with the
   * members for which it is not a business day.
   */
  calendarDays: query({
    params: { expr, start, end },
    args: ['expr', 'start', 'end'],
    run: (q, a) => q.calendarDays(a.expr, a.start, a.end),
  }),
  /** `date` moved to a business day of the calendar `expr` by `convention` (default following). */
  adjust: query({
    params: { expr, date: param.day(), convention },
    args: ['expr', 'date'],
    rest: ['convention'],
    run: (q, a) => q.adjust(a.expr, a.date, a.convention),
  }),
  /**
   * `date` advanced by `n` business days, weeks, months or years on the calendar `expr`, then adjusted
   * by `convention`; `end_of_month` keeps a month-end start at month end, as QuantLib does.
   */
  advance: query({
    params: {
      expr,
      date: param.day(),
      n: steps,
      unit: withDefault(param.enum(UNITS), 'days'),
      convention,
      end_of_month: withDefault(param.boolean(), false),
    },
    args: ['expr', 'date', 'n'],
    rest: ['unit', 'convention', 'end_of_month'],
    run: (q, a) => q.advance(a.expr, a.date, a.n, a.unit, a.convention, a.end_of_month),
  }),
  /**
   * The spot date of an FX trade on `trade_date` (lag 2, or the pair's own, or `lag`), with every
   * closure of the two currencies and USD between trade and spot.
   */
  fxSpot: query({
    params: { pair, trade_date: param.day(), lag: optional(param.integer({ min: 0, max: MAX_LAG })) },
    args: ['pair', 'trade_date'],
    rest: ['lag'],
    run: (q, a) => q.fxSpot(a.pair, a.trade_date, a.lag),
  }),
  /**
   * The value date of a tenor (`SN`, weeks, months, years) from the spot of a trade on `trade_date`,
   * with the end-of-month rule and modified following.
   */
  fxValueDate: query({
    params: { pair, trade_date: param.day(), tenor: param.tenorValue() },
    args: ['pair', 'trade_date', 'tenor'],
    run: (q, a) => q.fxValueDate(a.pair, a.trade_date, a.tenor),
  }),
} as const;
