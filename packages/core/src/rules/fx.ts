/**
 * FX spot and value dates (docs/calendar-arithmetic.md §5), on the currency calendars of
 * calendars.ts. Choices where the page is silent are marked "Choice:".
 */
import type { CurrencyCalendar, JoinedCalendar } from './calendars.js';
import { formatDay } from '../time/dates.js';
import type { Tenor } from '../params/params.js';
import type { FxClosure, FxCurrencyClosure } from '../types.js';

// The pair and tenor parsers are pure text checks: they live in params/calendars.ts (the registry reads them).
export { parsePair, parseTenor, type Tenor } from '../params/params.js';

export const USD = 'USD';

/**
 * Pairs that settle T+1, exactly as §5 lists them: the page names the pairs in this order
 * only, so the reversed quotes (CADUSD, TRYUSD, PHPUSD, RUBUSD) keep the default lag of 2.
 */
const T_PLUS_ONE = new Set(['USDCAD', 'USDTRY', 'USDPHP', 'USDRUB']);

export function defaultLag(base: string, quote: string): number {
  return T_PLUS_ONE.has(base + quote) ? 1 : 2;
}

export interface SpotCalendars {
  base: CurrencyCalendar;
  quote: CurrencyCalendar;
  usd: CurrencyCalendar;
  /** Both currencies and USD joined by `+`: the calendar spot and value dates must be business days of. */
  all: JoinedCalendar;
}

/**
 * Spot date: from the trade date, step `lag - 1` times to the next business day of every
 * non-USD currency of the pair (a USD holiday on an intermediate day does not move spot), then
 * take the first date after that which is a business day of both currencies and USD. Lag 0
 * answers the trade date itself. The trade date need not be a business day (as for
 * `advance`, the steps start from the date as given). Every date looked at must lie in the
 * coverage window of `all`.
 */
export function spotDay(cals: SpotCalendars, tradeDay: number, lag: number): number {
  const { all } = cals;
  all.check(tradeDay);
  if (lag === 0) return tradeDay;
  const nonUsd = [cals.base, cals.quote].filter((c) => c.code !== USD);
  const openNonUsd = (day: number) => {
    all.check(day);
    // Both are asked, as JoinedCalendar does: a date one of them fails then fails whatever the pair's order.
    return nonUsd.filter((c) => c.isBusinessDay(day)).length === nonUsd.length;
  };
  let d = tradeDay;
  for (let k = 1; k < lag; k++) {
    d++;
    while (!openNonUsd(d)) d++;
  }
  d++;
  while (!all.isBusinessDay(d)) d++;
  return d;
}

/** Closed currencies on each date strictly between the trade date and spot (pair order, then USD, each once). */
export function closuresBetween(cals: SpotCalendars, tradeDay: number, spot: number): FxClosure[] {
  const order = [cals.base, cals.quote];
  if (cals.base.code !== USD && cals.quote.code !== USD) order.push(cals.usd);
  const out: FxClosure[] = [];
  for (let d = tradeDay + 1; d < spot; d++) {
    const closed: FxCurrencyClosure[] = [];
    for (const c of order) {
      const reason = c.reason(d);
      if (reason !== null) closed.push({ currency: c.code, reason });
    }
    if (closed.length) out.push({ date: formatDay(d), closed });
  }
  return out;
}

/**
 * Value date of a tenor from the spot date, on the calendar of both currencies and USD. Every
 * tenor asks for the end-of-month rule; `advance` gives it to month and year tenors only.
 */
export function valueDay(all: JoinedCalendar, spot: number, tenor: Tenor): number {
  if (!('n' in tenor)) return all.advance(spot, 1, 'days', 'following', false);
  return all.advance(spot, tenor.n, tenor.unit, 'modified_following', true);
}
