/**
 * Month blocks: the JSON bytes of one market's answer items (phases, day views, sessions,
 * bars) for every day of one calendar month, each item followed by a comma, with the offset at
 * which each day's items begin. An answer over any range of whole days is then the blocks'
 * slices between two offsets, written as they are: a year of phases costs a dozen slices
 * instead of a thousand phases written byte by byte.
 *
 * A block holds what its days' items are whatever range is asked (the items of a day depend on
 * that day alone), so it is not an answer cache: every range, however it is cut, is served from
 * the same blocks. They are kept under one byte budget for the process, least recently used
 * first out; a dataset swapped out leaves its blocks to age out (their keys name an entry of
 * that dataset only).
 */
import { LRUCache } from 'lru-cache';
import { civilFromDays, daysFromCivil, type EpochDay } from '../time/dates.js';

export interface MonthBlock {
  /** The month's first day. */
  readonly first: EpochDay;
  /** The items of the month's days in answer order, each followed by a comma. */
  readonly bytes: Uint8Array;
  /** Where day `first + i` begins; the last entry is the length of `bytes`. */
  readonly at: Int32Array;
}

/**
 * Kept for a month whose items could not all be made (generation failed on one of its days):
 * the caller writes the days it is asked for itself, which fails on the same day as before.
 */
const UNMADE: MonthBlock = { first: 0, bytes: new Uint8Array(0), at: new Int32Array(0) };

/** Enough for about 170 market-years of phases (about 390 KB a year for XNYS). */
export const DEFAULT_BLOCK_BYTES = 64 * 1024 * 1024;

const sizeOf = (b: MonthBlock): number => b.bytes.length + b.at.byteLength + 96;

function keep(bytes: number): LRUCache<string, MonthBlock> | undefined {
  return bytes > 0 ? new LRUCache<string, MonthBlock>({ maxSize: bytes, sizeCalculation: sizeOf }) : undefined;
}

let blocks = keep(DEFAULT_BLOCK_BYTES);

/**
 * An answer over more months than this keeps none of the blocks it writes: it reads the blocks
 * already kept and writes its other months afresh, as pieces that go once. Kept, a 31-year
 * answer's blocks would hold its whole size (11.5 MiB for US.NYSE) for an answer rarely asked
 * twice, and push out the blocks of the short ranges that are asked again and again.
 */
export const KEEP_MONTHS = 24;

/** Sets the byte budget of the blocks kept (0 keeps none: every answer is written afresh). */
export function setMonthBlockBytes(bytes: number): void {
  blocks = keep(bytes);
}

/** The bytes the kept blocks hold now. */
export function monthBlockBytes(): number {
  return blocks?.calculatedSize ?? 0;
}

/** The months of a day: its index (12 × year + month - 1), first and last day. */
export interface Month {
  index: number;
  first: EpochDay;
  last: EpochDay;
}

export function monthOf(day: EpochDay): Month {
  const { y, m } = civilFromDays(day);
  return monthAt(y * 12 + m - 1);
}

function monthAt(index: number): Month {
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  const first = daysFromCivil(y, m, 1);
  const last = (m === 12 ? daysFromCivil(y + 1, 1, 1) : daysFromCivil(y, m + 1, 1)) - 1;
  return { index, first, last };
}

/** The months that hold `startDay..endDay`, in order, each with the part of the range it holds. */
export function* monthsOf(
  startDay: EpochDay,
  endDay: EpochDay,
): Generator<{ month: Month; from: EpochDay; to: EpochDay }, void, void> {
  for (let month = monthOf(startDay); month.first <= endDay; month = monthAt(month.index + 1)) {
    yield { month, from: Math.max(month.first, startDay), to: Math.min(month.last, endDay) };
  }
}

/**
 * Writes the items of days `from..to` (each followed by a comma), as one answer's piece or as a
 * month's block; for a block, `at` gets where each day's items begin, then where they end.
 */
export type DayWriter = (from: EpochDay, to: EpochDay, at?: Int32Array) => Uint8Array;

/**
 * The kept block `key` of `month`, written by `write` when it is not kept (and kept when the
 * budget allows); undefined when no blocks are kept or `write` throws on one of the month's
 * days: the caller then writes the days it is asked for itself.
 */
export function monthBlock(key: string, month: Month, write: DayWriter): MonthBlock | undefined {
  if (blocks === undefined) return undefined;
  let b = blocks.get(key);
  if (b === undefined) {
    const at = new Int32Array(month.last - month.first + 2);
    try {
      b = { first: month.first, bytes: write(month.first, month.last, at), at };
    } catch {
      b = UNMADE;
    }
    // A block over an eighth of the budget would push out too many others: used once, not kept.
    if (sizeOf(b) <= blocks.maxSize / 8) blocks.set(key, b);
  }
  return b === UNMADE ? undefined : b;
}

/** The block `key` when it is kept (and made), else undefined: nothing is written or kept. */
export function keptMonthBlock(key: string): MonthBlock | undefined {
  const b = blocks?.get(key);
  return b === UNMADE ? undefined : b;
}

/**
 * A kept block of `key` that is not a month (the rows of a listing: `first` 0, `at` where each
 * row begins), made by `make` when it is not kept, under the same budget; undefined when no
 * blocks are kept (the caller writes its answer afresh).
 */
export function keptBlock(key: string, make: () => MonthBlock): MonthBlock | undefined {
  if (blocks === undefined) return undefined;
  let b = blocks.get(key);
  if (b === undefined) {
    b = make();
    if (sizeOf(b) <= blocks.maxSize / 8) blocks.set(key, b);
  }
  return b;
}

/** The bytes of days `from..to` of a block (each item followed by a comma). */
export function daysOf(b: MonthBlock, from: EpochDay, to: EpochDay): Uint8Array {
  return b.bytes.subarray(b.at[from - b.first]!, b.at[to - b.first + 1]!);
}

// Keys name an entry by a number of its own: a block never holds on to its entry.
const ids = new WeakMap<object, number>();
let nextId = 1;

/** A short key naming `owner` (a market entry) in block keys. */
export function ownerKey(owner: object): number {
  let id = ids.get(owner);
  if (id === undefined) ids.set(owner, (id = nextId++));
  return id;
}
