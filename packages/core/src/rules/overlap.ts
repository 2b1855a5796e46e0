/**
 * When markets overlap (docs/calendar-arithmetic.md §12): the maximal intervals of time in which
 * every market of a list is trading, and the clock changes of a market's zone (§13), both
 * answered in UTC.
 *
 * A market's trading time is the union of its phases of the chosen kind, over every local date
 * whose phases can reach the UTC range: a local date lies at most 14 hours from UTC, so the
 * dates from the day before the range to the day after it, with generation's own look-back for
 * overnight phases. Instants are epoch seconds throughout.
 *
 * Choices where the page is silent:
 * - A phase whose end is before its start (a row written that way) makes no interval.
 * - Dates beyond a market's coverage window are not generated: the range's own dates must lie
 *   in it, the day either side only where the window holds it.
 */
import { SECONDS_PER_DAY, formatDay, formatOffset, formatTime } from '../time/dates.js';
import { DataError } from '../errors.js';
import { LOOK_BACK_DAYS, generate, generateFrom } from './generate.js';
import type { MarketEntry } from '../tables/model.js';
import type { ClockChange, OverlapInterval, OverlapPhase } from '../types.js';
import type { Zone } from '../time/zone.js';

/** Flat [start, end, start, end, …] intervals, in time order, none touching another. */
export type Intervals = Float64Array;

/** Sorts flat intervals and merges those that overlap or touch; empty ones are dropped. */
export function mergeIntervals(flat: ArrayLike<number>): Intervals {
  let sorted = true;
  for (let k = 2; k < flat.length && sorted; k += 2) if (flat[k]! < flat[k - 2]!) sorted = false;
  let src: ArrayLike<number> = flat;
  if (!sorted) {
    const pairs: [number, number][] = [];
    for (let k = 0; k < flat.length; k += 2) pairs.push([flat[k]!, flat[k + 1]!]);
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    src = pairs.flat();
  }
  const out = new Float64Array(src.length);
  let n = 0;
  for (let k = 0; k < src.length; k += 2) {
    const s = src[k]!;
    const e = src[k + 1]!;
    if (!(e > s)) continue;
    if (n > 0 && s <= out[n - 1]!) {
      if (e > out[n - 1]!) out[n - 1] = e;
    } else {
      out[n] = s;
      out[n + 1] = e;
      n += 2;
    }
  }
  return out.subarray(0, n);
}

/**
 * The instants inside both `a` and `b` (each merged), merged: each piece ends before the next
 * begins (a piece ends at the end of an interval of `a` or of `b`, and the next begins in a
 * later interval of the same list, which does not touch it), so nothing is left to merge.
 * Written to `out` (neither `a` nor `b`, room for both) when given.
 */
export function intersectIntervals(
  a: Intervals,
  b: Intervals,
  out: Float64Array = new Float64Array(a.length + b.length),
): Intervals {
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const s = Math.max(a[i]!, b[j]!);
    const e = Math.min(a[i + 1]!, b[j + 1]!);
    if (e > s) {
      out[n] = s;
      out[n + 1] = e;
      n += 2;
    }
    if (a[i + 1]! < b[j + 1]!) i += 2;
    else j += 2;
  }
  return out.subarray(0, n);
}

/**
 * `mergeIntervals` of the first `n` numbers of `flat`, written over them when they are in
 * order (a merge never writes past what it has read); answers the merged view.
 */
function mergeInPlace(flat: Float64Array, n: number): Intervals {
  for (let k = 2; k < n; k += 2) {
    if (flat[k]! < flat[k - 2]!) {
      const merged = mergeIntervals(flat.subarray(0, n));
      flat.set(merged);
      return flat.subarray(0, merged.length);
    }
  }
  let w = 0;
  for (let k = 0; k < n; k += 2) {
    const s = flat[k]!;
    const e = flat[k + 1]!;
    if (!(e > s)) continue;
    if (w > 0 && s <= flat[w - 1]!) {
      if (e > flat[w - 1]!) flat[w - 1] = e;
    } else {
      flat[w] = s;
      flat[w + 1] = e;
      w += 2;
    }
  }
  return flat.subarray(0, w);
}

/**
 * Scratch space of an answer, kept between answers (one runs at a time): intervals of a year
 * of four markets take a few hundred kilobytes of short-lived buffers otherwise, allocated
 * outside the heap. Each grows to the largest answer asked for.
 */
const scratch: Float64Array[] = [new Float64Array(0), new Float64Array(0), new Float64Array(0)];

function room(k: number, size: number): Float64Array {
  let s = scratch[k]!;
  if (s.length < size) scratch[k] = s = new Float64Array(Math.max(size, 2 * s.length, 1024));
  return s;
}

const intoScratch = (size: number) => room(0, size);

/**
 * The merged spans of a market's phases of the kind asked for, from the local dates
 * `fromDay`..`toDay`: with the look-back (`generate`), or only the phases that start on those
 * dates (`own`), so that consecutive blocks hold each phase once and follow each other in time.
 */
function phaseSpans(entry: MarketEntry, fromDay: number, toDay: number, phase: OverlapPhase, own = false): Intervals {
  const flat: number[] = [];
  const keep = phase === 'primary' ? (r: { isPrimary: boolean }) => r.isPrimary : (r: { isOpen: boolean }) => r.isOpen;
  const phases = own
    ? generateFrom(entry, fromDay, toDay, Number.NEGATIVE_INFINITY, keep)
    : generate(entry, fromDay, toDay, keep);
  for (const g of phases) flat.push(g.start, g.end);
  return mergeIntervals(flat);
}

/**
 * A market's trading time is kept by blocks of local dates (the phases that start on them),
 * made on first use: a year of four markets is then read from eight kept blocks instead of
 * generated (about 1,500 phases).
 * A block that cannot be made (a date of it fails) is not kept, and the query generates its own
 * dates, failing where they fail.
 */
const BLOCK_DAYS = 366;
const kept = new WeakMap<MarketEntry, Map<number, Float64Array>>();

function blockSpans(entry: MarketEntry, phase: OverlapPhase, block: number): Float64Array {
  let byKey = kept.get(entry);
  if (byKey === undefined) kept.set(entry, (byKey = new Map()));
  // A number, not a string made on every lookup: the block, and the phase in its lowest bit.
  const key = 2 * block + (phase === 'primary' ? 0 : 1);
  let spans = byKey.get(key);
  if (spans === undefined) {
    const from = Math.max(block * BLOCK_DAYS, entry.minDay);
    const to = Math.min(block * BLOCK_DAYS + BLOCK_DAYS - 1, entry.maxDay);
    byKey.set(key, (spans = Float64Array.from(phaseSpans(entry, from, to, phase, true))));
  }
  return spans;
}

/** The first pair of `spans` (flat, merged, in time order) that ends after `from`. */
export function firstEndingAfter(spans: Float64Array, from: number): number {
  let lo = 0;
  let hi = spans.length >> 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[2 * mid + 1]! <= from) lo = mid + 1;
    else hi = mid;
  }
  return 2 * lo;
}

/**
 * A market's trading time clipped to [from, to) (epoch seconds): its phases of the kind asked
 * for, from the local dates `fromDay`..`toDay` (with the look-back), merged.
 */
export function tradingIntervals(
  entry: MarketEntry,
  fromDay: number,
  toDay: number,
  phase: OverlapPhase,
  from: number,
  to: number,
  into: (size: number) => Float64Array = (size) => new Float64Array(size),
): Intervals {
  if (entry.dayFaults === null) {
    try {
      // The blocks of the dates the phases may start on: the range's, and the look-back's. A
      // block's spans are in time order: only those reaching into [from, to) are read.
      const first = Math.floor(Math.max(fromDay - LOOK_BACK_DAYS, entry.minDay) / BLOCK_DAYS);
      const last = Math.floor(toDay / BLOCK_DAYS);
      let size = 0;
      for (let b = first; b <= last; b++) size += blockSpans(entry, phase, b).length;
      const flat = into(size);
      let n = 0;
      for (let b = first; b <= last; b++) {
        const spans = blockSpans(entry, phase, b);
        n = clip(spans, firstEndingAfter(spans, from), from, to, flat, n);
      }
      return mergeInPlace(flat, n);
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
    }
  }
  const spans = phaseSpans(entry, fromDay, toDay, phase);
  const flat = new Float64Array(spans.length);
  return mergeInPlace(flat, clip(spans, 0, from, to, flat, 0));
}

/** Copies the parts of `spans` from pair `k` on that lie in [from, to) to `out` at `n`; answers the new `n`. */
function clip(spans: Float64Array, k: number, from: number, to: number, out: Float64Array, n: number): number {
  for (; k < spans.length && spans[k]! < to; k += 2) {
    const s = Math.max(spans[k]!, from);
    const e = Math.min(spans[k + 1]!, to);
    if (e > s) {
      out[n] = s;
      out[n + 1] = e;
      n += 2;
    }
  }
  return n;
}

/** An instant in UTC with `Z`. */
export function formatUtc(epochSeconds: number): string {
  const day = Math.floor(epochSeconds / SECONDS_PER_DAY);
  return `${formatDay(day)}T${formatTime(epochSeconds - day * SECONDS_PER_DAY)}Z`;
}

/** The intersection of the markets' trading time over the UTC dates `startDay`..`endDay`, as flat intervals. */
export function commonIntervals(
  markets: readonly MarketEntry[],
  startDay: number,
  endDay: number,
  phase: OverlapPhase,
): Intervals {
  const from = startDay * SECONDS_PER_DAY;
  const to = (endDay + 1) * SECONDS_PER_DAY;
  let common: Intervals | undefined;
  // Each market's time is read into scratch 0, the intersections go back and forth between 1 and 2.
  let side = 1;
  for (const entry of markets) {
    const fromOwn = Math.max(startDay - 1, entry.minDay);
    const toOwn = Math.min(endDay + 1, entry.maxDay);
    const own = tradingIntervals(entry, fromOwn, toOwn, phase, from, to, intoScratch);
    if (common === undefined) {
      common = room(side, own.length).subarray(0, own.length);
      common.set(own);
    } else {
      side = 3 - side;
      common = intersectIntervals(common, own, room(side, common.length + own.length));
    }
    if (common.length === 0) break;
  }
  return common ?? new Float64Array(0);
}

/** An overlap interval; the one place its shape is written (wire/overlap-json.ts copies its JSON). */
export function overlapRecord(start: string, end: string): OverlapInterval {
  return { start, end };
}

/** The intersection of the markets' trading time over the UTC dates `startDay`..`endDay`. */
export function overlapOf(
  markets: readonly MarketEntry[],
  startDay: number,
  endDay: number,
  phase: OverlapPhase,
): OverlapInterval[] {
  return recordsOf(commonIntervals(markets, startDay, endDay, phase));
}

/** Flat intervals as records. */
export function recordsOf(common: Intervals): OverlapInterval[] {
  const out: OverlapInterval[] = [];
  for (let k = 0; k < common.length; k += 2) out.push(overlapRecord(formatUtc(common[k]!), formatUtc(common[k + 1]!)));
  return out;
}

/**
 * The clock changes of `zone` within [`startDay` 00:00, `endDay` + 1 00:00) local, each
 * midnight read as phases read local times (a midnight in a gap moves forward by the gap).
 */
export function clockChangesOf(zone: Zone, startDay: number, endDay: number): ClockChange[] {
  const from = zone.resolve(startDay, 0);
  const to = zone.resolve(endDay + 1, 0);
  return zone
    .changes(from, to)
    .map((c) => ({ at: formatUtc(c.at), offset_before: formatOffset(c.before), offset_after: formatOffset(c.after) }));
}
