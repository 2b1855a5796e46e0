/**
 * Schedules as written, the phases generated from them (docs/semantics.md §4) and the day views,
 * whole or in pieces of records or of JSON bytes for long ranges.
 */
import { dayName, formatDay, type EpochDay } from '../time/dates.js';
import {
  LOOK_BACK_DAYS,
  dayIsOpen,
  daySettles,
  generate,
  generateFrom,
  phasesByEndDay,
  toPhase,
} from '../rules/generate.js';
import { dayJsonPieces, phaseJsonPieces } from '../wire/json.js';
import { sliceJson } from '../wire/listing-json.js';
import type { MarketEntry } from '../tables/model.js';
import type { MarketDay, Phase, Schedule } from '../types.js';
import { QueryBase } from './base.js';
import { queriesOf, identifier, range, rangeArgs, type Surface } from './declare.js';

export class PhaseRules extends QueryBase {
  /**
   * The market's rows as written, bad ones included: a bad row (of schedules, holidays or the
   * market) reaches the answers computed from the rows (phases, days, status), not the listing
   * of the rows themselves (docs/bulk-format.md §5).
   */
  listSchedules(identifier: string): Schedule[] {
    return this.resolveScheduled(identifier).schedules.slice();
  }

  /** `listSchedules` as the UTF-8 bytes of its JSON, from each row's kept JSON (listing-json.ts). */
  schedulesJson(identifier: string): Uint8Array {
    const rows = this.resolveScheduled(identifier).schedules;
    return sliceJson(rows, 0, rows.length);
  }

  generatePhases(identifier: string, startDay: EpochDay, endDay: EpochDay): Phase[] {
    const entry = this.generated(identifier, startDay, endDay);
    return generate(entry, startDay, endDay).map((g) => toPhase(g));
  }

  /**
   * `generatePhases` in pieces of about `chunkDays` days of starts each, whose concatenation is
   * the whole answer: for writing a long range without holding all of it. Arguments are checked
   * now, before the first piece.
   */
  phaseChunks(identifier: string, startDay: EpochDay, endDay: EpochDay, chunkDays = 92): Iterable<Phase[]> {
    const entry = this.generated(identifier, startDay, endDay);
    return (function* () {
      let from = Math.max(startDay - LOOK_BACK_DAYS, entry.minDay);
      while (from <= endDay) {
        const to = Math.min(endDay, Math.max(from, startDay) + chunkDays - 1);
        yield generateFrom(entry, from, to, startDay).map((g) => toPhase(g));
        from = to + 1;
      }
    })();
  }

  /** `listDays` in pieces of `chunkDays` days (a day view depends on its date alone). */
  dayChunks(identifier: string, startDay: EpochDay, endDay: EpochDay, chunkDays = 92): Iterable<MarketDay[]> {
    const entry = this.generated(identifier, startDay, endDay);
    return (function* (self: PhaseRules) {
      for (let from = startDay; from <= endDay; from += chunkDays)
        yield self.dayViews(entry, from, Math.min(endDay, from + chunkDays - 1));
    })(this);
  }

  /**
   * The JSON of `generatePhases` as UTF-8 bytes, in pieces whose concatenation equals
   * `JSON.stringify(generatePhases(…))` byte for byte, written without building the records:
   * what a server sends. Arguments are checked now, before the first piece.
   */
  phaseJsonChunks(identifier: string, startDay: EpochDay, endDay: EpochDay): Iterable<Uint8Array> {
    return phaseJsonPieces(this.generated(identifier, startDay, endDay), startDay, endDay);
  }

  /** The JSON of `listDays` as UTF-8 bytes in pieces, as `phaseJsonChunks`. */
  dayJsonChunks(identifier: string, startDay: EpochDay, endDay: EpochDay): Iterable<Uint8Array> {
    return dayJsonPieces(this.generated(identifier, startDay, endDay), startDay, endDay);
  }

  listDays(identifier: string, startDay: EpochDay, endDay: EpochDay): MarketDay[] {
    return this.dayViews(this.generated(identifier, startDay, endDay), startDay, endDay);
  }

  private dayViews(entry: MarketEntry, startDay: number, endDay: number): MarketDay[] {
    const attributed = phasesByEndDay(entry, startDay, endDay);
    const days: MarketDay[] = [];
    for (let day = startDay; day <= endDay; day++) {
      const own = attributed[day - startDay]!;
      const holiday = entry.holidayByDay.get(day) ?? null;
      days.push({
        date: formatDay(day),
        day_of_week: dayName(day),
        is_open: dayIsOpen(holiday, own),
        has_settlement: daySettles(holiday, own),
        holiday,
        phases: own.map((g) => toPhase(g)),
      });
    }
    return days;
  }
}

const query = queriesOf<Surface<PhaseRules>>();

export const PHASE_QUERIES = {
  /** The market's rows as written, bad ones included. */
  listSchedules: query({ params: { identifier }, args: ['identifier'], run: (q, a) => q.listSchedules(a.identifier) }),
  /**
   * Every phase that touches the local dates `start`..`end`, in generation order: those starting on
   * a date of the range, and those begun up to two days before that do not end before it.
   */
  generatePhases: query({
    params: range,
    args: rangeArgs,
    run: (q, a) => q.generatePhases(a.identifier, a.start, a.end),
  }),
  /**
   * One entry per local date of the range: open or not, settlement, its holiday row, and the phases
   * that end on it (an overnight session belongs to the date it ends).
   */
  listDays: query({ params: range, args: rangeArgs, run: (q, a) => q.listDays(a.identifier, a.start, a.end) }),
} as const;
