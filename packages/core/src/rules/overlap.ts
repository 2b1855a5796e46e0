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
import { LRUCache } from 'lru-cache';
import { SECONDS_PER_DAY, civilFromDays, formatDay, formatOffset, formatTime } from '../time/dates.js';
import { DataError } from '../errors.js';
import { LOOK_BACK_DAYS, generate, generateFrom } from './generate.js';
import {
  EMPTY_LIST,
  LIST_CLOSE,
  LIST_OPEN,
  PAIRS,
  itemsOf,
  listOf,
  monthLength,
  recordTemplate,
  write2,
  write4,
  writeTime,
} from '../wire/list-json.js';
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
function firstEndingAfter(spans: Float64Array, from: number): number {
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
function commonIntervals(
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

/** An overlap interval; the one place its shape is written (overlapJson copies its JSON). */
function overlapRecord(start: string, end: string): OverlapInterval {
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

function recordsOf(common: Intervals): OverlapInterval[] {
  const out: OverlapInterval[] = [];
  for (let k = 0; k < common.length; k += 2) out.push(overlapRecord(formatUtc(common[k]!), formatUtc(common[k + 1]!)));
  return out;
}

const INSTANT_HOLE = '0000-00-00T00:00:00Z';
const INTERVAL = recordTemplate([INSTANT_HOLE, INSTANT_HOLE], overlapRecord);
const [START_AT, END_AT] = INTERVAL.at as [number, number];
const INTERVAL_BYTES = INTERVAL.bytes.length;

/**
 * The bytes of `JSON.stringify(overlapOf(…))` in pieces: cut from the markets' kept overlap when
 * they have one (views of it, and the two ends clipped in copies), else written into copies of
 * an interval's JSON.
 */
export function overlapJsonPieces(
  markets: readonly MarketEntry[],
  startDay: number,
  endDay: number,
  phase: OverlapPhase,
): Uint8Array[] {
  const kept = keptOverlap(markets, phase);
  if (kept !== undefined && startDay >= kept.fromDay && endDay <= kept.toDay) {
    const cut = cutOf(kept, startDay * SECONDS_PER_DAY, (endDay + 1) * SECONDS_PER_DAY);
    if (cut !== undefined) return cut;
  }
  return [intervalsJson(commonIntervals(markets, startDay, endDay, phase))];
}

/** The JSON list of flat intervals. */
function intervalsJson(common: Intervals): Uint8Array {
  const buf = listOf(INTERVAL, common.length / 2);
  // The date being written, followed from one instant to the next (they only go forward), and
  // its ten characters' codes, made when the date changes: the two instants of an interval
  // mostly share their date.
  let lastDay = NaN;
  let nextMonth = NaN;
  let y = 0;
  let m = 0;
  let d = 0;
  let c0 = 0;
  let c1 = 0;
  let c2 = 0;
  let c3 = 0;
  let c5 = 0;
  let c6 = 0;
  let c8 = 0;
  let c9 = 0;
  for (let k = 0, p = 0; k < common.length; k++) {
    const instant = common[k]!;
    const day = Math.floor(instant / SECONDS_PER_DAY);
    const seconds = instant - day * SECONDS_PER_DAY;
    if (day !== lastDay) {
      if (day > lastDay && day < nextMonth) d += day - lastDay;
      else {
        ({ y, m, d } = civilFromDays(day));
        nextMonth = day - d + 1 + monthLength(y, m);
        if (y >= 0 && y <= 9999) {
          const hi = (y / 100) | 0;
          const lo = y - hi * 100;
          c0 = PAIRS[2 * hi]!;
          c1 = PAIRS[2 * hi + 1]!;
          c2 = PAIRS[2 * lo]!;
          c3 = PAIRS[2 * lo + 1]!;
          c5 = PAIRS[2 * m]!;
          c6 = PAIRS[2 * m + 1]!;
        }
      }
      c8 = PAIRS[2 * d]!;
      c9 = PAIRS[2 * d + 1]!;
      lastDay = day;
    }
    if (y < 0 || y > 9999 || !Number.isInteger(seconds)) {
      return new TextEncoder().encode(JSON.stringify(recordsOf(common)));
    }
    const at = p + (k & 1 ? END_AT : START_AT);
    buf[at] = c0;
    buf[at + 1] = c1;
    buf[at + 2] = c2;
    buf[at + 3] = c3;
    buf[at + 5] = c5;
    buf[at + 6] = c6;
    buf[at + 8] = c8;
    buf[at + 9] = c9;
    writeTime(buf, at + 11, seconds | 0);
    if (k & 1) p += INTERVAL_BYTES;
  }
  return buf;
}

// ---- kept overlaps ----

/**
 * The overlap of a set of markets over every date their windows share, kept once the same set
 * is asked twice: an answer is then a cut of it, clipped at the range's two ends. The page asks
 * for the phases of every date that may reach the range, which the whole window holds; a range
 * can only lie inside it (each window must hold its dates). Markets with a bad row, or whose
 * overlap cannot be made, are never kept: each answer is made afresh, failing where it fails.
 */
interface KeptOverlap {
  /** The UTC dates it covers: a range outside them is made afresh. */
  readonly fromDay: number;
  readonly toDay: number;
  /** Flat intervals (merged, in time order). */
  readonly intervals: Intervals;
  /** Each interval's JSON with its leading comma (INTERVAL), in order. */
  readonly bytes: Uint8Array;
}

/** The first ask of a set (made afresh), and a set that cannot be kept. */
const ASKED: KeptOverlap = { fromDay: 0, toDay: -1, intervals: new Float64Array(0), bytes: new Uint8Array(0) };
const UNKEPT: KeptOverlap = { ...ASKED };

/** Enough for about 100 sets of four markets over 30 years. */
const KEPT_OVERLAP_BYTES = 32 * 1024 * 1024;

const keptOverlaps = new LRUCache<string, KeptOverlap>({
  maxSize: KEPT_OVERLAP_BYTES,
  sizeCalculation: (k) => k.intervals.byteLength + k.bytes.length + 96,
});

const entryIds = new WeakMap<MarketEntry, number>();
let nextEntryId = 0;

/** How many overlaps are kept now (tests look at it). */
export function keptOverlapCount(): number {
  let n = 0;
  for (const v of keptOverlaps.values()) if (v !== ASKED && v !== UNKEPT) n++;
  return n;
}

function keptOverlap(markets: readonly MarketEntry[], phase: OverlapPhase): KeptOverlap | undefined {
  let key = phase;
  for (const entry of markets) {
    if (entry.dayFaults !== null) return undefined;
    let id = entryIds.get(entry);
    if (id === undefined) entryIds.set(entry, (id = nextEntryId++));
    key += `,${id}`;
  }
  const kept = keptOverlaps.get(key);
  if (kept === undefined) keptOverlaps.set(key, ASKED);
  else if (kept === ASKED) {
    const made = overlapOfWindows(markets, phase);
    keptOverlaps.set(key, made);
    return made === UNKEPT ? undefined : made;
  }
  return kept === undefined || kept === ASKED || kept === UNKEPT ? undefined : kept;
}

function overlapOfWindows(markets: readonly MarketEntry[], phase: OverlapPhase): KeptOverlap {
  let minDay = Number.NEGATIVE_INFINITY;
  let maxDay = Number.POSITIVE_INFINITY;
  for (const entry of markets) {
    minDay = Math.max(minDay, entry.minDay);
    maxDay = Math.min(maxDay, entry.maxDay);
  }
  if (!(minDay <= maxDay)) return UNKEPT;
  // The UTC dates either side of the windows too: a window's first local date may start the
  // evening before in UTC, and a range may hold such a date (the coverage of a range is checked
  // on the windows' years).
  const fromDay = minDay - 1;
  const toDay = maxDay + 1;
  let intervals: Intervals;
  try {
    intervals = Float64Array.from(commonIntervals(markets, fromDay, toDay, phase));
  } catch {
    return UNKEPT;
  }
  const bytes = itemsOf(intervalsJson(intervals), INTERVAL, intervals.length / 2);
  return bytes === undefined ? UNKEPT : { fromDay, toDay, intervals, bytes };
}

/**
 * The JSON list of the kept intervals clipped to [from, to), as pieces: views of the kept bytes
 * (never written in), and copies of the first and last intervals where the range cuts them;
 * undefined when an end cannot be written.
 */
function cutOf(kept: KeptOverlap, from: number, to: number): Uint8Array[] | undefined {
  const spans = kept.intervals;
  const a = firstEndingAfter(spans, from) >> 1;
  let lo = a;
  let hi = spans.length >> 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[2 * mid]! < to) lo = mid + 1;
    else hi = mid;
  }
  const b = lo;
  if (b <= a) return [EMPTY_LIST];
  const T = INTERVAL_BYTES;
  const startCut = spans[2 * a]! < from;
  const endCut = spans[2 * b - 1]! > to;
  const pieces: Uint8Array[] = [];
  // Entries a..b-1 go out; i..j-1 of them as a view, the others as clipped copies.
  let i = a;
  let j = b;
  if (startCut || (endCut && b - a === 1)) {
    const head = copyOf(kept.bytes, a * T, a * T + T);
    head[0] = 91;
    if (startCut && !writeInstant(head, START_AT, from)) return undefined;
    if (endCut && b - a === 1 && !writeInstant(head, END_AT, to)) return undefined;
    pieces.push(head);
    i = a + 1;
  } else pieces.push(LIST_OPEN);
  let tail: Uint8Array | undefined;
  if (endCut && b - 1 >= i) {
    tail = copyOf(kept.bytes, (b - 1) * T, b * T);
    if (!writeInstant(tail, END_AT, to)) return undefined;
    j = b - 1;
  }
  // After the opening bracket, the first entry's comma is left out.
  if (j > i) pieces.push(kept.bytes.subarray(i * T + (i === a ? 1 : 0), j * T));
  if (tail !== undefined) pieces.push(tail);
  pieces.push(LIST_CLOSE);
  return pieces;
}

/** A copy of bytes `from`..`to` (never a view: the kept bytes are not written in). */
function copyOf(bytes: Uint8Array, from: number, to: number): Uint8Array {
  const out = new Uint8Array(to - from);
  out.set(bytes.subarray(from, to));
  return out;
}

/** `YYYY-MM-DDTHH:MM:SS` of an instant at `at`; false outside the years 0..9999 or between seconds. */
function writeInstant(buf: Uint8Array, at: number, instant: number): boolean {
  const day = Math.floor(instant / SECONDS_PER_DAY);
  const seconds = instant - day * SECONDS_PER_DAY;
  const { y, m, d } = civilFromDays(day);
  if (y < 0 || y > 9999 || !Number.isInteger(seconds)) return false;
  write4(buf, at, y);
  write2(buf, at + 5, m);
  write2(buf, at + 8, d);
  writeTime(buf, at + 11, seconds);
  return true;
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
