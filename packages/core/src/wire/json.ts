/**
 * The JSON bytes of the long answers (phases, day views) written straight from generation,
 * without Phase records, JSON.stringify or UTF-8 encoding per answer.
 *
 * What a phase's JSON holds besides its two instants depends on its schedule row alone, so it
 * is encoded once per row: the bytes before the start instant, between the instants and after
 * the end instant, cut out of `JSON.stringify(phaseRecord(row, …))` with marker instants (the
 * record's shape stays defined in one place, generate.ts). Per phase only the instants are
 * written, digit by digit, as `formatWall`/`formatInstant` would write them.
 *
 * The bytes are those of `JSON.stringify` of the library's records (tested as a property).
 * Phases, day views and sessions are written a month at a time into month blocks
 * (month-blocks.ts), and an answer is made of the blocks' slices.
 */
import { DAY_NAMES, isoWeekday, tryParseDay, type EpochDay } from '../time/dates.js';
import { listSessions } from '../rules/sessions.js';
import type { Zone } from '../time/zone.js';
import { LOOK_BACK_DAYS, dayIsOpen, daySettles, eachGenerated, type Generated } from '../rules/generate.js';
import type { MarketEntry } from '../tables/model.js';
import {
  daysOf,
  KEEP_MONTHS,
  keptMonthBlock,
  monthOf,
  monthBlock,
  monthsOf,
  ownerKey,
  type DayWriter,
} from './month-blocks.js';
import { pooledBuffer } from './piece-pool.js';
import type { MarketHoliday } from '../types.js';
import { ByteWriter } from './byte-writer.js';
import { jsonOf, writePhase, type EntryJson, type RowJson } from './row-json.js';

const encoder = new TextEncoder();

export interface JsonPieceOptions {
  /** Bars: a piece is handed out once it holds this many bytes (default 1 MiB), and at the end. */
  pieceBytes?: number;
  /**
   * Bars: a buffer to write the first piece in when it fits, so memory reused from answer to
   * answer (still in the CPU's caches, its pages mapped) is written instead of fresh memory:
   * that piece is then a view of `scratch`, valid until the caller writes in it again.
   */
  scratch?: Uint8Array;
}

const OPEN = new Uint8Array([91]); // [
const CLOSE = new Uint8Array([93]); // ]
const COMMA = 44;

/**
 * A JSON array from `head` (`[` and any items) and pieces of items, every item followed by a
 * comma: the pieces as they are, the last one's comma left off, then `]`.
 */
export function* jsonArray(head: Uint8Array, items: Iterable<Uint8Array>): Generator<Uint8Array, void, void> {
  let pending = head;
  for (const piece of items) {
    if (piece.length === 0) continue;
    yield pending;
    pending = piece;
  }
  if (pending[pending.length - 1] === COMMA) pending = pending.subarray(0, pending.length - 1);
  yield pending;
  yield CLOSE;
}

/**
 * Whether a market has a row that ends before the day it starts (a negative offset): whether
 * such a phase is answered depends on where the range starts (§4 step 6), so its phases are not
 * kept in blocks (its day views are: a day view depends on its date alone).
 */
function endsEarly(entry: MarketEntry, j: EntryJson): boolean {
  if (j.endsEarly === undefined) {
    j.endsEarly = false;
    for (const rows of entry.groups.values()) for (const r of rows) if (r.offsetDays < 0) j.endsEarly = true;
  }
  return j.endsEarly;
}

/** Phases starting on `from..to` that do not end before `rangeStart`, each followed by a comma. */
function writePhases(
  w: ByteWriter,
  entry: MarketEntry,
  from: EpochDay,
  to: EpochDay,
  rangeStart: EpochDay,
  parts: (RowJson | undefined)[],
  at?: Int32Array,
): void {
  let next = from;
  eachGenerated(entry, from, to, rangeStart, (g) => {
    if (at) while (next <= g.day) at[next++ - from] = w.pos;
    writePhase(w, g, parts);
    w.byte(COMMA);
  });
  if (at) while (next <= to + 1) at[next++ - from] = w.pos;
}

/**
 * Day views of `from..to`, each followed by a comma; `at` gets where each begins. A day view holds
 * the phases of `phasesByEndDay`: those ending on its date that began at most LOOK_BACK_DAYS
 * before, in generation order. Generation visits phases by the day they start, so a day is
 * written once the visit has passed it; the phases still waiting for their day (a few days' worth
 * at most) are copies kept in records reused from day to day, so a month makes no record per phase.
 */
function writeDays(
  w: ByteWriter,
  entry: MarketEntry,
  from: EpochDay,
  to: EpochDay,
  parts: (RowJson | undefined)[],
  at?: Int32Array,
): void {
  // Lists with a count of their own: cutting an array to length 0 drops its storage.
  const waiting: Generated[] = [];
  let nWaiting = 0;
  const spare: Generated[] = [];
  let nSpare = 0;
  const own: Generated[] = [];
  let next = from;
  const writeUpTo = (last: EpochDay): void => {
    for (; next <= last; next++) {
      let n = 0;
      let kept = 0;
      for (let i = 0; i < nWaiting; i++) {
        const g = waiting[i]!;
        if (g.endDay === next) own[n++] = g;
        else waiting[kept++] = g;
      }
      nWaiting = kept;
      // Cut to a length above 0 the array keeps its storage.
      if (n > 0) own.length = n;
      writeDay(w, entry, next, n > 0 ? own : NO_PHASES, parts, at, from);
      for (let i = 0; i < n; i++) spare[nSpare++] = own[i]!;
    }
  };
  eachGenerated(entry, Math.max(from - LOOK_BACK_DAYS, entry.minDay), to, from, (g) => {
    // Every phase ending before g's start day has been visited: those days are complete.
    if (g.day - 1 >= next) writeUpTo(Math.min(g.day - 1, to));
    const span = g.endDay - g.day;
    if (g.endDay < from || g.endDay > to || span < 0 || span > LOOK_BACK_DAYS) return;
    const c = nSpare > 0 ? spare[--nSpare]! : { ...g };
    c.row = g.row;
    c.day = g.day;
    c.endDay = g.endDay;
    c.start = g.start;
    c.end = g.end;
    c.startOffset = g.startOffset;
    c.endOffset = g.endOffset;
    waiting[nWaiting++] = c;
  });
  writeUpTo(to);
  if (at) at[to - from + 1] = w.pos;
}

const NO_PHASES: readonly Generated[] = [];

/** One day view and its comma; `at[day - from]` gets where it begins. */
function writeDay(
  w: ByteWriter,
  entry: MarketEntry,
  day: EpochDay,
  own: readonly Generated[],
  parts: (RowJson | undefined)[],
  at: Int32Array | undefined,
  from: EpochDay,
): void {
  if (at) at[day - from] = w.pos;
  const holiday = entry.holidayByDay.get(day) ?? null;
  w.bytes(DAY_HEAD);
  w.day(day);
  w.bytes(WEEKDAY[isoWeekday(day) - 1]!);
  w.bytes(FLAGS[(dayIsOpen(holiday, own) ? 2 : 0) + (daySettles(holiday, own) ? 1 : 0)]!);
  if (holiday) {
    writeHoliday(w, holiday);
    w.bytes(PHASES);
  } else w.bytes(NO_HOLIDAY_PHASES);
  for (let i = 0; i < own.length; i++) {
    if (i > 0) w.byte(COMMA);
    writePhase(w, own[i]!, parts);
  }
  w.bytes(DAY_END);
  w.byte(COMMA);
}

/**
 * The items of `startDay..endDay`, month by month: slices of the kept month blocks of `kind`,
 * or written afresh for a month whose block could not be made (or when blocks do not apply). A
 * range over more than KEEP_MONTHS months reads the blocks kept and makes none: its other months
 * are written afresh.
 */
export function* itemsByMonth(
  entry: MarketEntry,
  kind: string,
  startDay: EpochDay,
  endDay: EpochDay,
  useBlocks: boolean,
  write: DayWriter,
): Generator<Uint8Array, void, void> {
  const owner = ownerKey(entry);
  const keepNew = monthOf(endDay).index - monthOf(startDay).index < KEEP_MONTHS;
  for (const { month, from, to } of monthsOf(startDay, endDay)) {
    const key = `${owner}:${kind}:${month.index}`;
    const b = !useBlocks ? undefined : keepNew ? monthBlock(key, month, write) : keptMonthBlock(key);
    yield b ? daysOf(b, from, to) : write(from, to);
  }
}

/**
 * A writer of `days` days sized from the bytes per day of the last ones written: for a block
 * (kept) in a buffer of its own, for a piece of one answer in a buffer of the pool when it has one.
 */
function writerFor(days: number, perDay: number, piece: boolean): ByteWriter {
  const capacity = Math.ceil(days * perDay * 1.1) + 256;
  return new ByteWriter(capacity, piece ? pooledBuffer(capacity) : undefined);
}

/**
 * The JSON array of `generatePhases` (phases touching startDay..endDay) in pieces whose
 * concatenation is the answer's bytes: `[`, the phases of the look-back that reach into the
 * range, then those starting on each day of the range, a month at a time.
 */
export function phaseJsonPieces(
  entry: MarketEntry,
  startDay: EpochDay,
  endDay: EpochDay,
): Generator<Uint8Array, void, void> {
  const j = jsonOf(entry);
  const parts = j.rows;
  const head = new ByteWriter(1024);
  head.byte(91);
  const firstDay = Math.max(startDay - LOOK_BACK_DAYS, entry.minDay);
  if (firstDay < startDay) writePhases(head, entry, firstDay, startDay - 1, startDay, parts);
  const write: DayWriter = (from, to, at) => {
    const w = writerFor(to - from + 1, j.phaseBytesPerDay, at === undefined);
    // A block keeps every phase of its days; a piece of this answer drops those ending before
    // the range (only a row with a negative offset has any, and its phases are never in blocks).
    writePhases(w, entry, from, to, at ? from : startDay, parts, at);
    j.phaseBytesPerDay = Math.max(64, w.pos / (to - from + 1));
    return at ? w.take() : w.lendPiece();
  };
  return jsonArray(head.take(), itemsByMonth(entry, 'phases', startDay, endDay, !endsEarly(entry, j), write));
}

/**
 * The JSON array of `listDays` (startDay..endDay) in pieces whose concatenation is the
 * answer's bytes (a day view depends on its date alone).
 */
export function dayJsonPieces(
  entry: MarketEntry,
  startDay: EpochDay,
  endDay: EpochDay,
): Generator<Uint8Array, void, void> {
  const j = jsonOf(entry);
  const write: DayWriter = (from, to, at) => {
    const w = writerFor(to - from + 1, j.dayBytesPerDay, at === undefined);
    writeDays(w, entry, from, to, j.rows, at);
    j.dayBytesPerDay = Math.max(64, w.pos / (to - from + 1));
    return at ? w.take() : w.lendPiece();
  };
  return jsonArray(OPEN, itemsByMonth(entry, 'days', startDay, endDay, true, write));
}

/**
 * The JSON array of `sessions` (startDay..endDay) in pieces whose concatenation is the answer's
 * bytes: a session depends on its date alone, so months are kept as blocks like day views. A
 * session is a handful of strings, stringified once when its month is made.
 */
export function sessionJsonPieces(
  entry: MarketEntry,
  zone: Zone,
  startDay: EpochDay,
  endDay: EpochDay,
): Generator<Uint8Array, void, void> {
  const write: DayWriter = (from, to, at) => {
    const w = writerFor(to - from + 1, 150, at === undefined);
    let next = from;
    for (const s of listSessions(entry, zone, from, to)) {
      const day = tryParseDay(s.date)!;
      if (at) while (next <= day) at[next++ - from] = w.pos;
      w.text(JSON.stringify(s));
      w.byte(COMMA);
    }
    if (at) while (next <= to + 1) at[next++ - from] = w.pos;
    return at ? w.take() : w.lendPiece();
  };
  return jsonArray(OPEN, itemsByMonth(entry, `sessions:${zone.id}`, startDay, endDay, true, write));
}

// The constant bytes of a day view, in the order of its record (queries/phases.ts, dayViews).
const DAY_HEAD = encoder.encode('{"date":"');
const WEEKDAY = DAY_NAMES.map((d) => encoder.encode(`","day_of_week":"${d}","is_open":`));
/** By is_open * 2 + has_settlement. */
const FLAGS = [
  'false,"has_settlement":false',
  'false,"has_settlement":true',
  'true,"has_settlement":false',
  'true,"has_settlement":true',
].map((f) => encoder.encode(`${f},"holiday":`));
const PHASES = encoder.encode(',"phases":[');
const NO_HOLIDAY_PHASES = encoder.encode('null,"phases":[');
const DAY_END = encoder.encode(']}');

function writeHoliday(w: ByteWriter, holiday: MarketHoliday): void {
  // A handful a year, with whatever extra columns the file has: stringified as they are now.
  w.text(JSON.stringify(holiday));
}
