/**
 * Time across markets and zones (docs/calendar-arithmetic.md §12, §13): the intervals in which
 * several markets all trade, and the changes of a market's UTC offset.
 */
import type { EpochDay } from '../time/dates.js';
import { DataError } from '../errors.js';
import { OVERLAP_PHASES, checkDayOrder, checkDaySpan, param, withDefault } from '../params/params.js';
import { checkDays, type MarketEntry } from '../tables/model.js';
import { clockChangesOf, overlapOf } from '../rules/overlap.js';
import { overlapJsonPieces } from '../wire/overlap-json.js';
import type { ClockChange, OverlapInterval, OverlapPhase } from '../types.js';
import { checkGenerated, QueryBase } from './base.js';
import { queriesOf, start, end, range, rangeArgs, type Surface } from './declare.js';

/** The longest range of clock changes, in days: 200 years (docs/calendar-arithmetic.md §13). */
export const MAX_CLOCK_CHANGE_DAYS = 73_050;

export class OverlapRules extends QueryBase {
  /**
   * The maximal intervals in which every market of `identifiers` (normalized; one named twice
   * counts once) trades, over the UTC dates `startDay`..`endDay`: the range in order, then each
   * market in the order given (plan, lookup, coverage of both dates), then the rows read.
   */
  overlap(
    identifiers: readonly string[],
    startDay: EpochDay,
    endDay: EpochDay,
    phase: OverlapPhase,
  ): OverlapInterval[] {
    return overlapOf(this.overlapMarkets(identifiers, startDay, endDay), startDay, endDay, phase);
  }

  /** `overlap` as the bytes of its JSON in pieces, as `derivedDatesJsonChunks`. */
  overlapJsonChunks(
    identifiers: readonly string[],
    startDay: EpochDay,
    endDay: EpochDay,
    phase: OverlapPhase,
  ): Iterable<Uint8Array> {
    return overlapJsonPieces(this.overlapMarkets(identifiers, startDay, endDay), startDay, endDay, phase);
  }

  /** The markets of `overlap`, checked in its order. */
  private overlapMarkets(identifiers: readonly string[], startDay: EpochDay, endDay: EpochDay): MarketEntry[] {
    checkDayOrder(startDay, endDay);
    const entries: MarketEntry[] = [];
    for (const id of identifiers) {
      const entry = this.covered(id, startDay, endDay);
      if (!entries.includes(entry)) entries.push(entry);
    }
    for (const entry of entries)
      checkGenerated(entry, Math.max(startDay - 1, entry.minDay), Math.min(endDay + 1, entry.maxDay));
    return entries;
  }

  /**
   * The changes of the market's UTC offset within its local dates `startDay`..`endDay`: the
   * time zone database decides, not the coverage window, so only the range is bounded.
   */
  clockChanges(identifier: string, startDay: EpochDay, endDay: EpochDay): ClockChange[] {
    checkDayOrder(startDay, endDay);
    checkDaySpan(startDay, endDay, MAX_CLOCK_CHANGE_DAYS);
    const entry = this.resolve(identifier, true);
    // A time zone the data names but the database does not know is the market row's data
    // error (it touches every date), not a zone without changes.
    if (entry.zone === null && entry.market.timezone !== null) {
      if (entry.dayFaults !== null) checkDays(entry.dayFaults, entry.minDay, entry.minDay);
      throw new DataError(`Market ${entry.market.fin_id} names the unknown time zone '${entry.market.timezone}'`, {
        table: 'markets',
        column: 'timezone',
      });
    }
    return clockChangesOf(entry.zone ?? this.utc, startDay, endDay);
  }
}

const query = queriesOf<Surface<OverlapRules>>();

export const OVERLAP_QUERIES = {
  /**
   * The maximal intervals (UTC) in which every market of `markets` (2 to 16 FinIDs or MICs, a
   * list or comma-separated) trades over the UTC dates `start`..`end`: in their primary
   * sessions (default) or in any open phase.
   */
  overlap: query({
    params: { markets: param.overlapMarkets(), start, end, phase: withDefault(param.enum(OVERLAP_PHASES), 'primary') },
    args: ['markets', 'start', 'end'],
    rest: ['phase'],
    run: (q, a) => q.overlap(a.markets, a.start, a.end, a.phase),
  }),
  /** The instants at which the market's time zone changes its UTC offset within the local dates `start`..`end`. */
  clockChanges: query({ params: range, args: rangeArgs, run: (q, a) => q.clockChanges(a.identifier, a.start, a.end) }),
} as const;
