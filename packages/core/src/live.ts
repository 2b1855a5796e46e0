/** Free-function forms of the bulk queries, as the issue names them. */
import type { CalendarQueries } from './api.js';
import type { BellEventPlan, PlanOptions, StatusMany, StatusManyRequest } from './many.js';

/** The status of many markets at `instant` (calendar-arithmetic.md §6). */
export function statusMany(ds: CalendarQueries, request: StatusManyRequest, instant: number | Date): StatusMany {
  return ds.statusMany(request, instant);
}

/** The bell events of the markets in (from, from + horizonMs], ordered, with stable ids. */
export function planBellEvents(
  ds: CalendarQueries,
  identifiers: readonly string[],
  from: number | Date,
  horizonMs: number,
  options?: PlanOptions,
): BellEventPlan {
  return ds.bellEvents(identifiers, from, horizonMs, options);
}
