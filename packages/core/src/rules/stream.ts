/**
 * The bell events of many markets as they happen, for every adapter that announces them (the
 * CLI's `watch`, the server's `/events`): one loop over the clock it is given. It never sleeps
 * and never reads the system time; each step is either an event that is due now or how long
 * the caller may wait before asking again, so the adapter only keeps a timer.
 *
 * Events are planned `horizonMs` ahead (`Dataset.bellEvents`) and planned again once half of
 * that has passed. The markets are chosen as for the bulk status (`markets` or `subset`), with
 * the same limit and the same faults.
 */
import {
  bulkIdentifiers,
  eventIdInstant,
  type BellEventPlan,
  type PlanOptions,
  type PlannedBellEvent,
  type StatusManyFailure,
  type StatusManyRequest,
} from './many.js';

/** How far ahead events are planned by default: one hour. */
export const DEFAULT_HORIZON_MS = 3_600_000;
/** How far back a resumed stream replays missed events: one day. */
export const MAX_RESUME_MS = 86_400_000;

/**
 * The questions the stream asks of a dataset: a `Dataset` (or any CalendarQueries) answers
 * them. Named here, below the Dataset, so the rules never look up at it.
 */
export interface BellStreamQueries {
  listMarkets(subset: string): readonly { readonly fin_id: string }[];
  getMarket(identifier: string): { readonly fin_id: string };
  bellEvents(identifiers: readonly string[], from: number, horizonMs: number, options?: PlanOptions): BellEventPlan;
}

export interface BellEventStreamOptions {
  /** The clock, epoch milliseconds. */
  now: () => number;
  /** How far ahead events are planned, ms (default DEFAULT_HORIZON_MS). */
  horizonMs?: number;
  /**
   * Resume after this event id (an SSE Last-Event-ID): the events after it, up to
   * MAX_RESUME_MS back, come first. Ignored when it is not an id of ours or too old.
   */
  lastEventId?: string | undefined;
}

/** One step of the stream: an event due now, or the milliseconds until the next may be. */
export type BellStreamStep = { event: PlannedBellEvent; waitMs?: undefined } | { event?: undefined; waitMs: number };

export interface BellEventStream {
  /** The instant the stream was opened at. */
  readonly openedAt: number;
  /** FinIDs watched, each once, in the order asked for. */
  readonly markets: readonly string[];
  /** Identifiers that cannot be watched, with the error their single-market status raises. */
  readonly errors: readonly StatusManyFailure[];
  /** Endless: every event once its instant has passed on the clock, in order. */
  readonly steps: Iterator<BellStreamStep, never>;
}

/**
 * Opens the stream of `request`'s markets at `options.now()`. Throws core's
 * InvalidArgumentError for a request the bulk status would refuse (both or neither of markets
 * and subset, more than MAX_BULK_IDENTIFIERS identifiers).
 */
export function openBellEventStream(
  ds: BellStreamQueries,
  request: StatusManyRequest,
  options: BellEventStreamOptions,
): BellEventStream {
  const { now } = options;
  const horizonMs = options.horizonMs ?? DEFAULT_HORIZON_MS;
  const ids = bulkIdentifiers(request, (p) => ds.listMarkets(p).map((m) => m.fin_id));
  const openedAt = now();
  const errors = ds.bellEvents(ids, openedAt, 0).errors;
  const bad = new Set(errors.map((e) => e.identifier));
  const good = ids.filter((id) => !bad.has(id));
  const markets = [...new Set(good.map((id) => ds.getMarket(id).fin_id))];

  let plannedTo = openedAt;
  let afterId: string | undefined;
  const resumeAt = options.lastEventId !== undefined ? eventIdInstant(options.lastEventId) : undefined;
  if (resumeAt !== undefined && resumeAt <= openedAt && openedAt - resumeAt <= MAX_RESUME_MS) {
    plannedTo = resumeAt;
    afterId = options.lastEventId;
  }

  function* steps(): Generator<BellStreamStep, never> {
    const queue: PlannedBellEvent[] = [];
    for (;;) {
      const t = now();
      if (t + horizonMs / 2 > plannedTo) {
        const to = t + horizonMs;
        queue.push(...ds.bellEvents(good, plannedTo, to - plannedTo, afterId !== undefined ? { afterId } : {}).events);
        afterId = undefined;
        plannedTo = to;
      }
      const next = queue[0];
      if (next && next.at_ms <= t) {
        queue.shift();
        yield { event: next };
        continue;
      }
      yield { waitMs: Math.max(0, (next ? next.at_ms : plannedTo - horizonMs / 2) - t) };
    }
  }

  return { openedAt, markets, errors, steps: steps() };
}
