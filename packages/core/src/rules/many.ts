/**
 * Many markets at once (docs/calendar-arithmetic.md §6) and the bell events a live feed announces.
 *
 * Both are built on the single-market status (docs/semantics.md §5) of each market, so a bulk
 * entry is exactly what `status` answers and an event is exactly a change of what it answers.
 *
 * Rules chosen where the spec is silent (written down in test/many.test.ts too):
 * - `markets` and `subset` exclude each other; one of them is required. Empty items of
 *   `markets` (a trailing comma) are dropped; duplicates are answered twice, in order.
 * - The limit of 1,000 applies to the identifiers the request names (`markets`); a `subset`
 *   answers every market it matches.
 * - `identifier` is the item as given (spaces trimmed); `fin_id` the market answered for
 *   (after following replacements), `timezone` that market's timezone.
 * - An error that is not one of core's typed errors is still per identifier (it answers 500).
 * - Bell events: `open` when the status turns Open, `close` when it stops being Open, `phase`
 *   when the current phase changes (another phase, or none) while the status stays. Each
 *   event names the current phase after it (its phase type, or null). Events are ordered by
 *   instant, then by the order of the markets requested; a market asked for twice (FinID and
 *   MIC) is planned once. Planning stops at the end of a market's coverage window.
 * - Event ids are `<epoch ms>:<FinID>`: stable for the same data, sortable by time, and
 *   enough to resume (`afterId`).
 */
import { SECONDS_PER_DAY, formatInstant } from '../time/dates.js';
import { InvalidArgumentError, OutOfCoverageError } from '../errors.js';
import { MAX_BULK_IDENTIFIERS } from '../params/params.js';
import { generate } from './generate.js';
import type { MarketEntry } from '../tables/model.js';
import { computeStatus } from './status.js';
import type { IsoDateTime, MarketStatus, Phase } from '../types.js';
import type { Zone } from '../time/zone.js';

export { MAX_BULK_IDENTIFIERS } from '../params/params.js';

export interface StatusManyRequest {
  /** FinIDs or MICs, answered in this order. */
  markets?: readonly string[] | undefined;
  /** A FinID pattern (`*` any run of characters); answered by FinID. */
  subset?: string | undefined;
}

/** One market's status in a bulk answer: the single-market status without the market record. */
export interface StatusManyItem {
  identifier: string;
  fin_id: string;
  status: MarketStatus['status'];
  reason: string | null;
  until: IsoDateTime | null;
  next_bell: IsoDateTime | null;
  phase: Phase | null;
  timezone: string | null;
}

/** The error the single-market request would have raised (adapters map it, as for `status`). */
export interface StatusManyFailure {
  identifier: string;
  error: Error;
}

export interface StatusMany {
  /** The instant asked about, in UTC (`+00:00`). */
  as_of: IsoDateTime;
  markets: (StatusManyItem | StatusManyFailure)[];
}

export function isStatusManyFailure(x: StatusManyItem | StatusManyFailure): x is StatusManyFailure {
  return (x as StatusManyFailure).error !== undefined;
}

/** Checks the request and answers the identifiers to look up, in order. */
export function bulkIdentifiers(request: StatusManyRequest, listSubset: (pattern: string) => string[]): string[] {
  const markets = request.markets;
  const subset = request.subset;
  if (markets !== undefined && subset !== undefined) {
    throw InvalidArgumentError.one('markets', 'Give either markets or subset, not both', 'value_error');
  }
  if (subset !== undefined) return listSubset(subset);
  if (markets === undefined) {
    throw InvalidArgumentError.one(
      'markets',
      'Field required: give markets (comma-separated FinIDs or MICs) or subset (a FinID pattern)',
      'missing',
    );
  }
  const ids = markets
    .flatMap((m) => String(m).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (ids.length === 0) throw InvalidArgumentError.one('markets', 'Give at least one FinID or MIC', 'value_error');
  if (ids.length > MAX_BULK_IDENTIFIERS) {
    throw InvalidArgumentError.one(
      'markets',
      `At most ${MAX_BULK_IDENTIFIERS} identifiers per request, got ${ids.length}`,
      'too_long',
    );
  }
  return ids;
}

export function bulkItem(identifier: string, s: MarketStatus): StatusManyItem {
  return {
    identifier,
    fin_id: s.market?.fin_id ?? identifier,
    status: s.status,
    reason: s.reason,
    until: s.until,
    next_bell: s.next_bell,
    phase: s.phase,
    timezone: s.market?.timezone ?? null,
  };
}

export function asOf(ms: number): string {
  return formatInstant(Math.floor(ms / 1000), 0);
}

// ---- bell events ----

export type BellEventKind = 'open' | 'close' | 'phase';

export interface PlannedBellEvent {
  /** `<epoch ms>:<FinID>`, stable across runs on the same data. */
  id: string;
  market: string;
  event: BellEventKind;
  /** The instant, in the market's zone. */
  at: IsoDateTime;
  /** Phase type of the current phase from this instant on (null: no phase). */
  phase: string | null;
  /** Status from this instant on. */
  status: string;
  /** The instant in epoch milliseconds (for the adapters' timers). */
  at_ms: number;
}

export interface BellEventPlan {
  /** Events with from < at <= from + horizon (after `afterId` when given), in order. */
  events: PlannedBellEvent[];
  /** Identifiers that could not be planned, with the error the single-market status raises. */
  errors: StatusManyFailure[];
}

export interface PlanOptions {
  /** Resume after this event id (an SSE Last-Event-ID): later events at its instant are kept. */
  afterId?: string | undefined;
}

/** The instant of an event id, or undefined when it is not one of ours. */
export function eventIdInstant(id: string): number | undefined {
  const m = /^(-?\d{1,16}):./.exec(id.trim());
  return m ? Number(m[1]) : undefined;
}

function phaseKey(s: MarketStatus): string {
  const p = s.phase;
  return p ? `${p.phase_type}|${p.start}|${p.end}` : '';
}

/**
 * The instants at which the status of `entry` may change inside (fromSec, toSec]: phase starts
 * and ends, and local midnights (the status window and holiday move with the local date).
 */
function candidates(entry: MarketEntry, zone: Zone, fromSec: number, toSec: number): number[] {
  const dayOf = (t: number) => Math.floor((t + zone.offsetAt(t)) / SECONDS_PER_DAY);
  const fromDay = Math.max(dayOf(fromSec), entry.minDay);
  const toDay = Math.min(dayOf(toSec) + 1, entry.maxDay);
  const out = new Set<number>();
  if (fromDay <= toDay) {
    for (const g of generate(entry, fromDay, toDay)) {
      if (g.start > fromSec && g.start <= toSec) out.add(g.start);
      if (g.end > fromSec && g.end <= toSec) out.add(g.end);
    }
  }
  for (let day = dayOf(fromSec) + 1; day <= dayOf(toSec); day++) {
    const midnight = zone.resolve(day, 0);
    if (midnight > fromSec && midnight <= toSec) out.add(midnight);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * The changes of one market's status in (fromMs, toMs], in time order. The events are frozen:
 * a plan is shared by every stream that watches the market over the same window.
 */
export function planMarket(entry: MarketEntry, zone: Zone, fromMs: number, toMs: number): readonly PlannedBellEvent[] {
  const fin = entry.market.fin_id;
  let before: MarketStatus;
  try {
    before = computeStatus(entry, zone, fromMs);
  } catch (e) {
    if (e instanceof OutOfCoverageError) return [];
    throw e;
  }
  // Status instants are whole seconds; candidates are too. Start at the second of fromMs.
  const fromSec = Math.floor(fromMs / 1000);
  const events: PlannedBellEvent[] = [];
  for (const t of candidates(entry, zone, fromSec, Math.floor(toMs / 1000))) {
    const ms = t * 1000;
    if (ms <= fromMs || ms > toMs) continue;
    let after: MarketStatus;
    try {
      after = computeStatus(entry, zone, ms);
    } catch (e) {
      if (e instanceof OutOfCoverageError) break;
      throw e;
    }
    const wasOpen = before.status === 'Open';
    const isOpen = after.status === 'Open';
    let kind: BellEventKind | null = null;
    if (!wasOpen && isOpen) kind = 'open';
    else if (wasOpen && !isOpen) kind = 'close';
    else if (phaseKey(before) !== phaseKey(after)) kind = 'phase';
    if (kind) {
      events.push(
        Object.freeze({
          id: `${ms}:${fin}`,
          market: fin,
          event: kind,
          at: formatInstant(t, zone.offsetAt(t)),
          phase: after.phase?.phase_type ?? null,
          status: after.status,
          at_ms: ms,
        }),
      );
    }
    before = after;
  }
  return events;
}

/** Merges per-market plans by instant, then market order; drops what `afterId` already saw. */
export function mergePlans(perMarket: readonly (readonly PlannedBellEvent[])[], afterId?: string): PlannedBellEvent[] {
  const all: { e: PlannedBellEvent; rank: number }[] = [];
  perMarket.forEach((list, rank) => list.forEach((e) => all.push({ e, rank })));
  all.sort((a, b) => a.e.at_ms - b.e.at_ms || a.rank - b.rank);
  let events = all.map((x) => x.e);
  if (afterId !== undefined) {
    const i = events.findIndex((e) => e.id === afterId);
    if (i >= 0) events = events.slice(i + 1);
    else {
      const at = eventIdInstant(afterId);
      if (at !== undefined) events = events.filter((e) => e.at_ms > at);
    }
  }
  return events;
}
