/**
 * Derived dates as the bytes of their JSON (docs/calendar-arithmetic.md §10): written into copies
 * of an entry's JSON, and cut from series kept over a calendar's whole window
 * (docs/benchmarks.md "Kept series").
 */
import { LRUCache } from 'lru-cache';
import { civilFromDays, monthLength } from '../time/dates.js';
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
} from './list-json.js';
import { ITEM, derivedRecord, records, type DerivedSeries } from '../rules/derived-dates.js';
import type { MonthIndex } from '../params/params.js';

const ENTRY = recordTemplate(['0000-00', '0000-00-00', '0000-00-00'], derivedRecord);
const [PERIOD_AT, NOMINAL_AT, DATE_AT] = ENTRY.at as [number, number, number];
const ENTRY_BYTES = ENTRY.bytes.length;

/**
 * Writes `YYYY-MM-DD` of `day` at `p`, from its month's when it is in [first, next), else
 * computed; false outside 0000..9999.
 */
function writeDay(buf: Uint8Array, p: number, day: number, y: number, m: number, first: number, next: number): boolean {
  let d: number;
  if (day >= first && day < next) d = day - first + 1;
  else {
    const c = civilFromDays(day);
    y = c.y;
    m = c.m;
    d = c.d;
    if (y < 0 || y > 9999) return false;
  }
  write4(buf, p, y);
  write2(buf, p + 5, m);
  write2(buf, p + 8, d);
  return true;
}

/** `YYYY-MM` of year `y` (0..9999) and month `m` at `at`. */
function writeYearMonth(buf: Uint8Array, at: number, y: number, m: number): void {
  const hi = (y / 100) | 0;
  const lo = y - hi * 100;
  buf[at] = PAIRS[2 * hi]!;
  buf[at + 1] = PAIRS[2 * hi + 1]!;
  buf[at + 2] = PAIRS[2 * lo]!;
  buf[at + 3] = PAIRS[2 * lo + 1]!;
  buf[at + 5] = PAIRS[2 * m]!;
  buf[at + 6] = PAIRS[2 * m + 1]!;
}

/**
 * The bytes of `JSON.stringify(derivedDates(…))` in pieces: a slice of the series kept under
 * `seriesKey` (derivedSeriesKey; null: none is kept) between its brackets when it holds every
 * month asked for cleanly (no copy), else `walk`'s entries (derivedDays over the range: the same
 * refusals) written into copies of an entry's JSON. The rule is walked in rules/derived-dates.ts
 * alone: `series` and `walk` are called only when the kept bytes cannot answer.
 */
export function derivedDatesJsonPieces(
  seriesKey: string | null,
  series: () => DerivedSeries | undefined,
  startMonth: MonthIndex,
  endMonth: MonthIndex,
  walk: () => Int32Array,
): Uint8Array[] {
  const kept = keptSeries(seriesKey, series);
  if (kept !== undefined) {
    const slice = sliceOf(kept, startMonth, endMonth);
    if (slice !== undefined) return slice;
  }
  return [daysJson(walk())];
}

/** The JSON list of walked entries (derivedDays). */
function daysJson(days: Int32Array): Uint8Array {
  const buf = listOf(ENTRY, days.length / ITEM);
  for (let k = 0, p = 0; k < days.length; k += ITEM, p += ENTRY_BYTES) {
    const month = days[k]!;
    const y = Math.floor(month / 12);
    const m = month - y * 12 + 1;
    const first = days[k + 1]!;
    const next = first + monthLength(y, m);
    const nominal = days[k + 2]!;
    const date = days[k + 3]!;
    if (y >= 0 && y <= 9999 && nominal >= first && nominal < next && date >= first && date < next) {
      // Both dates in the entry's month (most entries): its year and month written three times,
      // then each date's day.
      writeYearMonth(buf, p + PERIOD_AT, y, m);
      writeYearMonth(buf, p + NOMINAL_AT, y, m);
      writeYearMonth(buf, p + DATE_AT, y, m);
      write2(buf, p + NOMINAL_AT + 8, nominal - first + 1);
      write2(buf, p + DATE_AT + 8, date - first + 1);
      continue;
    }
    const written =
      y >= 0 &&
      y <= 9999 &&
      writeDay(buf, p + NOMINAL_AT, nominal, y, m, first, next) &&
      writeDay(buf, p + DATE_AT, date, y, m, first, next);
    if (!written) {
      return new TextEncoder().encode(JSON.stringify(records(days)));
    }
    write4(buf, p + PERIOD_AT, y);
    write2(buf, p + PERIOD_AT + 5, m);
  }
  return buf;
}

// ---- kept series ----

/**
 * A rule's entries over every month of a calendar's window, kept: each month's entry depends
 * on that month alone (its rule, roll and offset over the calendar's flags), so every range of
 * months, however it is cut, is one slice of the same series, as month blocks serve phases. A
 * month whose walk fails is marked, and a range that holds one is walked afresh, which fails
 * where it always did.
 */
interface KeptSeries {
  readonly firstMonth: number;
  /** Entries before month `firstMonth + i`; the last is their count. */
  readonly before: Int32Array;
  /** Months that failed before month `firstMonth + i`. */
  readonly failedBefore: Int32Array;
  /** Each entry's JSON with its leading comma (ENTRY), in month order. */
  readonly bytes: Uint8Array;
}

/** Kept for a series that cannot be kept (an entry written another way than ENTRY): every range is walked. */
const UNKEPT: KeptSeries = {
  firstMonth: 0,
  before: new Int32Array(0),
  failedBefore: new Int32Array(0),
  bytes: new Uint8Array(0),
};

/** Enough for about 600 series of 50 years. */
const KEPT_SERIES_BYTES = 16 * 1024 * 1024;

const keptSeriesList = new LRUCache<string, KeptSeries>({
  maxSize: KEPT_SERIES_BYTES,
  sizeCalculation: (k) => k.bytes.length + k.before.byteLength + k.failedBefore.byteLength + 96,
});

/** How many series are kept now, and their bytes as the bound counts them (tests look at them). */
export function keptSeriesCount(): number {
  return keptSeriesList.size;
}

export function keptSeriesBytes(): number {
  return keptSeriesList.calculatedSize;
}

function keptSeries(key: string | null, series: () => DerivedSeries | undefined): KeptSeries | undefined {
  if (key === null) return undefined;
  let kept = keptSeriesList.get(key);
  if (kept === undefined) keptSeriesList.set(key, (kept = seriesOf(series())));
  return kept === UNKEPT ? undefined : kept;
}

/** A walked series as kept bytes; UNKEPT for none (an empty window) or one written otherwise. */
function seriesOf(series: DerivedSeries | undefined): KeptSeries {
  if (series === undefined) return UNKEPT;
  const { firstMonth, before, failedBefore, entries } = series;
  const bytes = itemsOf(daysJson(entries), ENTRY, entries.length / ITEM);
  return bytes === undefined ? UNKEPT : { firstMonth, before, failedBefore, bytes };
}

/**
 * The JSON list of the series' entries for the months `startMonth`..`endMonth`, as pieces (views
 * of the kept bytes, never written in); undefined when it cannot answer them.
 */
function sliceOf(kept: KeptSeries, startMonth: number, endMonth: number): Uint8Array[] | undefined {
  const i = startMonth - kept.firstMonth;
  const j = endMonth - kept.firstMonth + 1;
  if (i < 0 || j >= kept.before.length || kept.failedBefore[j]! !== kept.failedBefore[i]!) return undefined;
  const from = kept.before[i]! * ENTRY_BYTES;
  const to = kept.before[j]! * ENTRY_BYTES;
  // The first entry's comma is left out: the opening bracket stands for it.
  return to === from ? [EMPTY_LIST] : [LIST_OPEN, kept.bytes.subarray(from + 1, to), LIST_CLOSE];
}
