/**
 * Overlap as the bytes of its JSON (docs/calendar-arithmetic.md §12): written into copies of an
 * interval's JSON, and cut from the overlap of a set of markets kept over their shared windows
 * (docs/benchmarks.md "Kept series").
 */
import { LRUCache } from 'lru-cache';
import { SECONDS_PER_DAY, civilFromDays, monthLength } from '../time/dates.js';
import {
  EMPTY_LIST,
  LIST_CLOSE,
  LIST_OPEN,
  PAIRS,
  itemsOf,
  listOf,
  recordTemplate,
  write2,
  write4,
  writeTime,
} from './list-json.js';
import type { MarketEntry } from '../tables/model.js';
import type { OverlapPhase } from '../types.js';
import { commonIntervals, firstEndingAfter, overlapRecord, recordsOf, type Intervals } from '../rules/overlap.js';

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
