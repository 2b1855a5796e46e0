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
import {
  DAY_NAMES,
  SECONDS_PER_DAY,
  civilFromDays,
  formatDay,
  isoWeekday,
  formatOffset,
  formatTime,
  tryParseDay,
  type EpochDay,
  type EpochSeconds,
} from '../time/dates.js';
import { listSessions } from '../rules/sessions.js';
import type { Zone } from '../time/zone.js';
import {
  LOOK_BACK_DAYS,
  dayIsOpen,
  daySettles,
  eachGenerated,
  phaseRecord,
  statusRecord,
  type Generated,
} from '../rules/generate.js';
import type { CompiledRow, MarketEntry } from '../tables/model.js';
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
import { lend, pooledBuffer, releasePiece } from './piece-pool.js';
import type { Market, MarketHoliday, Phase } from '../types.js';

const encoder = new TextEncoder();

/**
 * The constant parts of one row's phase JSON. A phase is written as `head`, the start date,
 * the start's rest (`T`, the row's start time, the offset, `","end":"`), the end date and the
 * end's rest (`T`, end time, offset and the fields after `end`). The rests depend on the
 * offset in force; each is kept for the offset last used (they change twice a year at most).
 */
interface RowJson {
  head: Uint8Array;
  /** Between the instants and after the end instant, for instants written in full. */
  mid: Uint8Array;
  tail: Uint8Array;
  midText: string;
  tailText: string;
  /** The row's start and end time strings, as `formatWall` reuses them. */
  startTime: string;
  endTime: string;
  startOffset: number;
  startRest: Uint8Array;
  endOffset: number;
  endRest: Uint8Array;
  headText: string;
  /**
   * The whole phase for the offsets last used, with both instants on the row's wall times:
   * copied at once, then the two dates written in at `startAt` and `endAt`.
   */
  template: Uint8Array;
  templateStartOffset: number;
  templateEndOffset: number;
  startAt: number;
  endAt: number;
  /** The template before (a year has two offsets): swapped back in without encoding again. */
  other: Template | undefined;
}

interface Template {
  template: Uint8Array;
  templateStartOffset: number;
  templateEndOffset: number;
  startAt: number;
  endAt: number;
}

const DATE_HOLE = '0000-00-00';

function setTemplate(j: RowJson, startOffset: number, endOffset: number): void {
  const was: Template = {
    template: j.template,
    templateStartOffset: j.templateStartOffset,
    templateEndOffset: j.templateEndOffset,
    startAt: j.startAt,
    endAt: j.endAt,
  };
  const o = j.other;
  j.other = was;
  if (o && o.templateStartOffset === startOffset && o.templateEndOffset === endOffset) {
    j.template = o.template;
    j.startAt = o.startAt;
    j.endAt = o.endAt;
  } else {
    const head = encoder.encode(j.headText);
    const startRest = encoder.encode(`T${j.startTime}${formatOffset(startOffset)}${j.midText}`);
    j.template = encoder.encode(
      `${j.headText}${DATE_HOLE}T${j.startTime}${formatOffset(startOffset)}` +
        `${j.midText}${DATE_HOLE}T${j.endTime}${formatOffset(endOffset)}${j.tailText}`,
    );
    j.startAt = head.length;
    j.endAt = head.length + DATE_HOLE.length + startRest.length;
  }
  j.templateStartOffset = startOffset;
  j.templateEndOffset = endOffset;
}

const START_MARK = '\u0001openbell-start\u0002';
const END_MARK = '\u0001openbell-end\u0002';
const NONE = new Uint8Array(0);

function rowJson(row: CompiledRow): RowJson {
  const text = JSON.stringify(phaseRecord(row, START_MARK, END_MARK, row.timezone));
  const s = JSON.stringify(START_MARK).slice(1, -1);
  const e = JSON.stringify(END_MARK).slice(1, -1);
  const at = text.indexOf(s);
  const bt = text.indexOf(e, at + s.length);
  const midText = text.slice(at + s.length, bt);
  const tailText = text.slice(bt + e.length);
  return {
    head: encoder.encode(text.slice(0, at)),
    mid: encoder.encode(midText),
    tail: encoder.encode(tailText),
    midText,
    tailText,
    startTime: row.rec.start!,
    endTime: row.rec.end!,
    startOffset: NaN,
    startRest: NONE,
    endOffset: NaN,
    endRest: NONE,
    headText: text.slice(0, at),
    template: NONE,
    templateStartOffset: NaN,
    templateEndOffset: NaN,
    startAt: 0,
    endAt: 0,
    other: undefined,
  };
}

// A market's rows are compiled once per Dataset; their JSON parts live as long as they do.
// Indexed by the row's position in its market (`order`), one lookup per answer.
interface EntryJson {
  rows: (RowJson | undefined)[];
  /** Whether a row ends before the day it starts (see endsEarly). */
  endsEarly: boolean | undefined;
  /** Bytes per day of the market's last answers, to size the next one's buffer. */
  phaseBytesPerDay: number;
  dayBytesPerDay: number;
  /** Status reasons as JSON strings (a market has a few dozen: its phase types and holidays). */
  reasons?: Map<string, Uint8Array>;
}

const entryJson = new WeakMap<MarketEntry, EntryJson>();

function jsonOf(entry: MarketEntry): EntryJson {
  let j = entryJson.get(entry);
  if (!j) entryJson.set(entry, (j = { rows: [], endsEarly: undefined, phaseBytesPerDay: 2048, dayBytesPerDay: 2048 }));
  return j;
}

type Alloc = (size: number) => Uint8Array;
// Node's Buffer skips zero-filling memory about to be overwritten; elsewhere a plain array.
const nodeBuffer = (globalThis as { Buffer?: { allocUnsafe: Alloc } }).Buffer;
const alloc: Alloc = nodeBuffer ? (n) => nodeBuffer.allocUnsafe(n) : (n) => new Uint8Array(n);

/** A growing byte buffer written in place. */
class ByteWriter {
  buf: Uint8Array;
  pos = 0;
  // The date last written, kept as its ten bytes: phases of one day share it.
  private lastDay = NaN;
  private readonly dayBytes = new Uint8Array(10);

  constructor(capacity: number, buf?: Uint8Array) {
    this.buf = buf ?? alloc(capacity);
  }

  private grow(need: number): void {
    const next = alloc(Math.max(this.buf.length * 2, this.pos + need));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  bytes(b: Uint8Array): void {
    const n = b.length;
    if (this.pos + n > this.buf.length) this.grow(n);
    const buf = this.buf;
    const p = this.pos;
    if (n > 12) buf.set(b, p);
    else for (let i = 0; i < n; i++) buf[p + i] = b[i]!;
    this.pos = p + n;
  }

  /** A string of ASCII characters (JSON punctuation, names of days, literals). */
  ascii(s: string): void {
    const n = s.length;
    if (this.pos + n > this.buf.length) this.grow(n);
    const buf = this.buf;
    const p = this.pos;
    for (let i = 0; i < n; i++) buf[p + i] = s.charCodeAt(i);
    this.pos = p + n;
  }

  /** Any string, UTF-8 encoded. */
  text(s: string): void {
    this.bytes(encoder.encode(s));
  }

  byte(c: number): void {
    if (this.pos + 1 > this.buf.length) this.grow(1);
    this.buf[this.pos++] = c;
  }

  /** The ten bytes of `formatDay(day)` for a year of four digits (else undefined). */
  private digits(day: EpochDay): Uint8Array | undefined {
    if (day === this.lastDay) return this.dayBytes;
    const { y, m, d } = civilFromDays(day);
    if (y < 1000 || y > 9999) return undefined;
    const b = this.dayBytes;
    b[0] = 48 + ((y / 1000) | 0);
    b[1] = 48 + (((y / 100) | 0) % 10);
    b[2] = 48 + (((y / 10) | 0) % 10);
    b[3] = 48 + (y % 10);
    b[4] = 45;
    b[5] = 48 + ((m / 10) | 0);
    b[6] = 48 + (m % 10);
    b[7] = 45;
    b[8] = 48 + ((d / 10) | 0);
    b[9] = 48 + (d % 10);
    this.lastDay = day;
    return b;
  }

  /** `formatDay(day)`. */
  day(day: EpochDay): void {
    const b = this.digits(day);
    if (b === undefined) return this.ascii(formatDay(day));
    if (this.pos + 10 > this.buf.length) this.grow(10);
    const buf = this.buf;
    const p = this.pos;
    for (let i = 0; i < 10; i++) buf[p + i] = b[i]!;
    this.pos = p + 10;
  }

  /** A row's template with its two dates written in; false when a year is not four digits. */
  template(t: Uint8Array, startAt: number, startDay: EpochDay, endAt: number, endDay: EpochDay): boolean {
    const n = t.length;
    if (this.pos + n > this.buf.length) this.grow(n);
    const buf = this.buf;
    const p = this.pos;
    let b = this.digits(startDay);
    if (b === undefined) return false;
    buf.set(t, p);
    for (let i = 0; i < 10; i++) buf[p + startAt + i] = b[i]!;
    if (endDay !== startDay) {
      b = this.digits(endDay);
      if (b === undefined) return false;
    }
    for (let i = 0; i < 10; i++) buf[p + endAt + i] = b[i]!;
    this.pos = p + n;
    return true;
  }

  /** `formatInstant(instant, offset)`. */
  instant(instant: EpochSeconds, offset: number): void {
    const local = instant + offset;
    const d = Math.floor(local / SECONDS_PER_DAY);
    this.day(d);
    const secs = local - d * SECONDS_PER_DAY;
    if (!Number.isInteger(secs)) return this.ascii(`T${formatTime(secs)}${formatOffset(offset)}`);
    if (this.pos + 9 > this.buf.length) this.grow(9);
    const buf = this.buf;
    const p = this.pos;
    const h = (secs / 3600) | 0;
    const m = ((secs % 3600) / 60) | 0;
    const sec = secs % 60;
    buf[p] = 84; // T
    buf[p + 1] = 48 + ((h / 10) | 0);
    buf[p + 2] = 48 + (h % 10);
    buf[p + 3] = 58; // :
    buf[p + 4] = 48 + ((m / 10) | 0);
    buf[p + 5] = 48 + (m % 10);
    buf[p + 6] = 58;
    buf[p + 7] = 48 + ((sec / 10) | 0);
    buf[p + 8] = 48 + (sec % 10);
    this.pos = p + 9;
    this.ascii(formatOffset(offset));
  }

  /** A copy of the bytes written, at their size; the writer is kept for the next answer. */
  copy(): Uint8Array {
    const out = alloc(this.pos);
    out.set(this.buf.subarray(0, this.pos));
    this.pos = 0;
    return out;
  }

  /**
   * The bytes written, as a piece lent from the pool (piece-pool.ts): no copy, and its buffer
   * goes back to the pool when the consumer hands the piece back. The writer is done with.
   */
  lendPiece(): Uint8Array {
    const out = lend(this.buf.subarray(0, this.pos), this.buf);
    // An empty piece is never handed out (jsonArray skips it), so never handed back: its buffer
    // goes back to the pool now (no one can read bytes written in it later through a view of none).
    if (this.pos === 0) releasePiece(out);
    this.buf = alloc(0);
    this.pos = 0;
    return out;
  }

  /**
   * The bytes written; the writer is done with. The spare room is cut off by a copy when it is
   * large (the bytes may be kept in a block or a cache).
   */
  take(): Uint8Array {
    let out = this.buf.subarray(0, this.pos);
    // A copy, not Buffer's slice (a view that keeps the whole buffer alive).
    if (this.pos * 8 < this.buf.length * 7) (out = alloc(this.pos)).set(this.buf.subarray(0, this.pos));
    this.buf = alloc(0);
    this.pos = 0;
    return out;
  }
}

/** `formatWall`'s test: the instant is the row's wall time on `day` (no gap moved it, not 24:00). */
function onWall(day: EpochDay, secondsOfDay: number, instant: EpochSeconds, offset: number): boolean {
  return secondsOfDay < SECONDS_PER_DAY && instant + offset === day * SECONDS_PER_DAY + secondsOfDay;
}

/** One phase in its own zone: `JSON.stringify(toPhase(g))`. */
function writePhase(w: ByteWriter, g: Generated, parts: (RowJson | undefined)[]): void {
  const r = g.row;
  const j = (parts[r.order] ??= rowJson(r));
  const startOnWall = onWall(g.day, r.startSec, g.start, g.startOffset);
  const endOnWall = onWall(g.endDay, r.endSec, g.end, g.endOffset);
  if (startOnWall && endOnWall) {
    if (j.templateStartOffset !== g.startOffset || j.templateEndOffset !== g.endOffset)
      setTemplate(j, g.startOffset, g.endOffset);
    if (w.template(j.template, j.startAt, g.day, j.endAt, g.endDay)) return;
  }
  w.bytes(j.head);
  if (startOnWall) {
    if (j.startOffset !== g.startOffset) {
      j.startRest = encoder.encode(`T${j.startTime}${formatOffset(g.startOffset)}${j.midText}`);
      j.startOffset = g.startOffset;
    }
    w.day(g.day);
    w.bytes(j.startRest);
  } else {
    w.instant(g.start, g.startOffset);
    w.bytes(j.mid);
  }
  if (endOnWall) {
    if (j.endOffset !== g.endOffset) {
      j.endRest = encoder.encode(`T${j.endTime}${formatOffset(g.endOffset)}${j.tailText}`);
      j.endOffset = g.endOffset;
    }
    w.day(g.endDay);
    w.bytes(j.endRest);
  } else {
    w.instant(g.end, g.endOffset);
    w.bytes(j.tail);
  }
}

/** One phase with its instants written in `zone` instead of its row's: `JSON.stringify(toPhase(g, zone))`. */
function writePhaseIn(w: ByteWriter, g: Generated, zone: Zone, parts: (RowJson | undefined)[]): void {
  const j = (parts[g.row.order] ??= rowJson(g.row));
  w.bytes(j.head);
  w.instant(g.start, zone.offsetAt(g.start));
  w.bytes(j.mid);
  w.instant(g.end, zone.offsetAt(g.end));
  w.bytes(j.tail);
}

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

// The constant bytes of a day view, in the order of its record (queries.ts, dayViews).
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

// A market's record is answered by every status of it: its JSON is made once. Records handed
// out by a Dataset are its own and are not to be changed, so the text stays theirs.
/**
 * The constant parts of a status's JSON (before the first value, between values, after the
 * last), cut out of `JSON.stringify(statusRecord(…))` with marker values, as rowJson does.
 */
function statusCuts(): Uint8Array[] {
  const marks = [0, 1, 2, 3, 4, 5].map((i) => `\u0001openbell-${i}\u0002`);
  const [a, b, c, d, e, f] = marks as [string, string, string, string, string, string];
  const text = JSON.stringify(statusRecord(a as 'Open', b, c, d, e as unknown as Phase, f as unknown as Market));
  const cuts: Uint8Array[] = [];
  let from = 0;
  for (const m of marks) {
    const quoted = JSON.stringify(m);
    const at = text.indexOf(quoted, from);
    cuts.push(encoder.encode(text.slice(from, at)));
    from = at + quoted.length;
  }
  cuts.push(encoder.encode(text.slice(from)));
  return cuts;
}

let statusCutBytes: Uint8Array[] | undefined;
// A market's record is answered by every status of it: its JSON is made once. Records handed
// out by a Dataset are its own and are not to be changed, so the bytes stay theirs.
const marketBytes = new WeakMap<Market, Uint8Array>();
/** Status answers are small: written here, then copied out at their size. */
const statusWriter = new ByteWriter(4096);

function quotedInstant(w: ByteWriter, instant: EpochSeconds | null, zone: Zone): void {
  if (instant === null) return w.ascii('null');
  w.byte(34);
  w.instant(instant, zone.offsetAt(instant));
  w.byte(34);
}

/**
 * `JSON.stringify(computeStatus(…))` as UTF-8 bytes, from the parts status.ts computed, with
 * no records made: the phase from its row's JSON parts, the market's JSON kept per market.
 */
export function statusJson(
  entry: MarketEntry,
  zone: Zone,
  current: Generated | null,
  reason: string | null,
  until: EpochSeconds | null,
  nextBell: EpochSeconds | null,
): Uint8Array {
  const cut = (statusCutBytes ??= statusCuts());
  const w = statusWriter;
  w.pos = 0;
  w.bytes(cut[0]!);
  w.ascii(current?.row.isOpen ? '"Open"' : '"Closed"');
  w.bytes(cut[1]!);
  if (reason === null) w.ascii('null');
  else {
    // Reasons repeat (a phase type, a holiday's name): each is encoded once per market.
    const reasons = (jsonOf(entry).reasons ??= new Map());
    let r = reasons.get(reason);
    if (r === undefined) reasons.set(reason, (r = encoder.encode(JSON.stringify(reason))));
    w.bytes(r);
  }
  w.bytes(cut[2]!);
  quotedInstant(w, until, zone);
  w.bytes(cut[3]!);
  quotedInstant(w, nextBell, zone);
  w.bytes(cut[4]!);
  if (current === null) w.ascii('null');
  else if (current.row.zone === zone) writePhase(w, current, jsonOf(entry).rows);
  else writePhaseIn(w, current, zone, jsonOf(entry).rows);
  w.bytes(cut[5]!);
  const market = entry.market;
  let m = marketBytes.get(market);
  if (m === undefined) marketBytes.set(market, (m = encoder.encode(JSON.stringify(market))));
  w.bytes(m);
  w.bytes(cut[6]!);
  return w.copy();
}

/** A copy of `bytes` that its receiver may change (a Buffer from Node's pool when small). */
export function copyBytes(bytes: Uint8Array): Uint8Array {
  const out = alloc(bytes.length);
  out.set(bytes);
  return out;
}
