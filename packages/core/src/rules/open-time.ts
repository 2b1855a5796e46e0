/**
 * The open time of each session as instants (docs/calendar-arithmetic.md §1), for answers that do
 * arithmetic on it (bars, special sessions) rather than write it: `listSessions` formats the
 * same runs as strings.
 *
 * A date's runs come from the open phases of its own day view only, as §1's breaks do, so two
 * dates whose open phases overlap keep their runs apart (the session index merges them).
 */
import { phasesByEndDay } from './generate.js';
import type { CompiledRow, MarketEntry } from '../tables/model.js';

const isOpenRow = (row: CompiledRow): boolean => row.isOpen;

export interface OpenTimes {
  /** 1 when `startDay + i` is a session. */
  session: Uint8Array;
  /**
   * The runs of open phases of `startDay + i` as [start, end, start, end, …] in epoch seconds,
   * in time order; undefined when the date has no open phase that ends at or after its start.
   */
  runs: (number[] | undefined)[];
}

/**
 * Sessions and their runs for `startDay`..`endDay`. A DataError of a day view in the range
 * (a season without a definition for its year) is raised, as `listSessions` does.
 */
export function openTimes(entry: MarketEntry, startDay: number, endDay: number): OpenTimes {
  const n = endDay - startDay + 1;
  const session = new Uint8Array(n);
  const runs: (number[] | undefined)[] = new Array(n);
  const byDay = phasesByEndDay(entry, startDay, endDay, isOpenRow);
  for (let i = 0; i < n; i++) {
    const own = byDay[i]!;
    const holiday = entry.holidayByDay.get(startDay + i);
    // The holiday row decides first; an open phase that ends before it starts still opens the date.
    if (!(holiday ? holiday.is_open : own.length > 0)) continue;
    session[i] = 1;
    runs[i] = mergeRuns(own);
  }
  return { session, runs };
}

/** The runs of a day view's open phases (overlapping or touching ones merged); undefined when none is usable. */
export function mergeRuns(phases: readonly { start: number; end: number }[]): number[] | undefined {
  let pairs: { start: number; end: number }[] | undefined;
  for (const g of phases) if (g.end >= g.start) (pairs ??= []).push(g);
  if (!pairs) return undefined;
  if (pairs.length > 1) pairs.sort((a, b) => a.start - b.start || a.end - b.end);
  const out = [pairs[0]!.start, pairs[0]!.end];
  for (let k = 1; k < pairs.length; k++) {
    const { start, end } = pairs[k]!;
    const last = out.length - 1;
    if (start <= out[last]!) {
      if (end > out[last]!) out[last] = end;
    } else out.push(start, end);
  }
  return out;
}
