/**
 * Status at an instant (docs/semantics.md §5), of many markets at once (docs/calendar-arithmetic.md
 * §6), and the planned bell events the event stream reads.
 */
import type { EpochMs } from '../time/dates.js';
import { normalizeMarketIdentifier, optional, param } from '../params/params.js';
import { computeStatus } from '../rules/status.js';
import { statusJsonAt } from '../wire/status-json.js';
import {
  asOf,
  bulkIdentifiers,
  bulkItem,
  eventIdInstant,
  mergePlans,
  planMarket,
  type BellEventPlan,
  type PlanOptions,
  type PlannedBellEvent,
  type StatusMany,
  type StatusManyFailure,
  type StatusManyRequest,
} from '../rules/many.js';
import type { MarketStatus } from '../types.js';
import { MarketRules } from './markets.js';
import { queriesOf, identifier, type Surface } from './declare.js';

/** Windows of bell-event plans kept (lastPlans): an opening's empty one and a horizon, twice over. */
const PLAN_WINDOWS_KEPT = 4;

export class StatusRules extends MarketRules {
  status(identifier: string, instant: EpochMs): MarketStatus {
    const entry = this.resolveScheduled(identifier);
    return computeStatus(entry, entry.zone ?? this.utc, instant);
  }

  /**
   * `status` as the UTF-8 bytes of its JSON (`JSON.stringify(status(…))`), for servers. Served
   * from the market's last answer while it still holds (statusJsonAt); the bytes are shared
   * with later answers and must not be written in (a server only sends them).
   */
  statusJson(identifier: string, instant: EpochMs): Uint8Array {
    const entry = this.resolveScheduled(identifier);
    return statusJsonAt(entry, entry.zone ?? this.utc, instant);
  }

  /** The status of the markets of a request (`subset` a parsed pattern) at an instant. */
  statusMany(request: StatusManyRequest, instant: EpochMs): StatusMany {
    return this.statusOf(
      bulkIdentifiers(request, (p) => this.listMarkets(p).map((m) => m.fin_id)),
      instant,
    );
  }

  /** The status of each of `identifiers` (as typed: each is read on its own, and a bad one is its entry's error). */
  statusOf(identifiers: readonly string[], instant: EpochMs): StatusMany {
    return {
      as_of: asOf(instant),
      markets: identifiers.map((identifier) => {
        try {
          return bulkItem(identifier, this.status(normalizeMarketIdentifier(identifier), instant));
        } catch (error) {
          return { identifier, error: error instanceof Error ? error : new Error(String(error)) };
        }
      }),
    };
  }

  /** The bell events of `identifiers` (as typed, each read on its own) from `from` for `horizonMs`. */
  bellEvents(
    identifiers: readonly string[],
    from: EpochMs,
    horizonMs: number,
    options: PlanOptions = {},
  ): BellEventPlan {
    const toMs = from + horizonMs;
    // Resuming plans from just before the last event seen, so later events of its instant stay.
    const resumeAt = options.afterId !== undefined ? eventIdInstant(options.afterId) : undefined;
    const start = resumeAt !== undefined && resumeAt <= toMs ? resumeAt - 1 : from;
    const errors: StatusManyFailure[] = [];
    const seen = new Set<string>();
    const perMarket: (readonly PlannedBellEvent[])[] = [];
    const window = `${start}:${toMs}`;
    let plans = this.lastPlans.get(window);
    if (plans === undefined) {
      this.lastPlans.set(window, (plans = new Map()));
      if (this.lastPlans.size > PLAN_WINDOWS_KEPT) this.lastPlans.delete(this.lastPlans.keys().next().value!);
    }
    for (const identifier of identifiers) {
      try {
        const entry = this.resolveScheduled(normalizeMarketIdentifier(identifier));
        if (seen.has(entry.market.fin_id)) continue;
        seen.add(entry.market.fin_id);
        let plan = plans.get(entry);
        if (plan === undefined) plans.set(entry, (plan = planMarket(entry, entry.zone ?? this.utc, start, toMs)));
        perMarket.push(plan);
      } catch (error) {
        errors.push({ identifier, error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
    return { events: mergePlans(perMarket, options.afterId), errors };
  }
}

const query = queriesOf<Surface<StatusRules>>();

export const STATUS_QUERIES = {
  /** The status at `instant`, by default the dataset's clock (datasets from the loader have one). */
  status: query({
    params: { identifier, instant: optional(param.instant()) },
    args: ['identifier'],
    rest: ['instant'],
    run: (q, a, now) => q.status(a.identifier, a.instant ?? now()),
  }),
} as const;
