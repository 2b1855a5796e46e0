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
 */
import { SECONDS_PER_DAY, civilFromDays, dayName, formatDay, formatOffset, formatTime, type EpochDay, type EpochSeconds } from './dates.js';
import { LOOK_BACK_DAYS, dayIsOpen, daySettles, generateFrom, phaseRecord, phasesByEndDay, type Generated } from './generate.js';
import type { CompiledRow, MarketEntry } from './model.js';
import type { MarketHoliday } from './types.js';

const encoder = new TextEncoder();

/** The constant parts of one row's phase JSON. */
interface RowJson {
  head: Uint8Array;
  mid: Uint8Array;
  tail: Uint8Array;
  /** The row's start and end time strings, as `formatWall` reuses them. */
  startTime: string;
  endTime: string;
}

const START_MARK = '\u0001openbell-start\u0002';
const END_MARK = '\u0001openbell-end\u0002';

function rowJson(row: CompiledRow): RowJson {
  const text = JSON.stringify(phaseRecord(row, START_MARK, END_MARK, row.timezone));
  const s = JSON.stringify(START_MARK).slice(1, -1);
  const e = JSON.stringify(END_MARK).slice(1, -1);
  const at = text.indexOf(s);
  const bt = text.indexOf(e, at + s.length);
  return {
    head: encoder.encode(text.slice(0, at)),
    mid: encoder.encode(text.slice(at + s.length, bt)),
    tail: encoder.encode(text.slice(bt + e.length)),
    startTime: row.rec.start!,
    endTime: row.rec.end!,
  };
}

// A market's rows are compiled once per Dataset; their JSON parts live as long as they do.
// Indexed by the row's position in its market (`order`), one lookup per answer.
const rowParts = new WeakMap<MarketEntry, (RowJson | undefined)[]>();

function partsOf(entry: MarketEntry): (RowJson | undefined)[] {
  let parts = rowParts.get(entry);
  if (!parts) rowParts.set(entry, (parts = []));
  return parts;
}

/** A growing byte buffer written in place. */
class ByteWriter {
  buf: Uint8Array;
  pos = 0;
  // The date last written, kept as its ten bytes: phases of one day share it.
  private lastDay = NaN;
  private readonly dayBytes = new Uint8Array(10);

  constructor(capacity: number) {
    this.buf = new Uint8Array(capacity);
  }

  private grow(need: number): void {
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + need));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  bytes(b: Uint8Array): void {
    const n = b.length;
    if (this.pos + n > this.buf.length) this.grow(n);
    const buf = this.buf;
    let p = this.pos;
    if (n > 48) buf.set(b, p);
    else for (let i = 0; i < n; i++) buf[p + i] = b[i]!;
    this.pos = p + n;
  }

  /** A string of ASCII characters (dates, times, offsets, JSON literals). */
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

  /** `formatDay(day)`. */
  day(day: EpochDay): void {
    if (day !== this.lastDay) {
      const { y, m, d } = civilFromDays(day);
      if (y < 1000 || y > 9999) return this.ascii(formatDay(day));
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
    }
    this.bytes(this.dayBytes);
  }

  /** `formatWall(day, secondsOfDay, time, instant, offset)`. */
  wall(day: EpochDay, secondsOfDay: number, time: string, instant: EpochSeconds, offset: number): void {
    if (secondsOfDay < SECONDS_PER_DAY && instant + offset === day * SECONDS_PER_DAY + secondsOfDay) {
      this.day(day);
      this.byte(84); // T
      this.ascii(time);
    } else {
      const local = instant + offset;
      const d = Math.floor(local / SECONDS_PER_DAY);
      this.day(d);
      this.byte(84);
      this.ascii(formatTime(local - d * SECONDS_PER_DAY));
    }
    this.ascii(formatOffset(offset));
  }

  /** The bytes written, without the spare capacity when it is large (an answer may be cached). */
  take(): Uint8Array {
    const out = this.pos * 8 < this.buf.length * 7 ? this.buf.slice(0, this.pos) : this.buf.subarray(0, this.pos);
    this.buf = new Uint8Array(Math.max(1024, this.pos));
    this.pos = 0;
    return out;
  }
}

/** One phase in its own zone: `JSON.stringify(toPhase(g))`. */
function writePhase(w: ByteWriter, g: Generated, parts: (RowJson | undefined)[]): void {
  const r = g.row;
  const j = (parts[r.order] ??= rowJson(r));
  w.bytes(j.head);
  w.wall(g.day, r.startSec, j.startTime, g.start, g.startOffset);
  w.bytes(j.mid);
  w.wall(g.endDay, r.endSec, j.endTime, g.end, g.endOffset);
  w.bytes(j.tail);
}

/** A few hundred bytes a phase; the writer grows when a guess is short. */
const PHASE_BYTES_GUESS = 256;
/** A piece is handed out once it holds this much (or at the end): fewer, larger writes. */
const PIECE_BYTES = 256 * 1024;

/**
 * The JSON array of `generatePhases` (phases touching startDay..endDay) in pieces whose
 * concatenation is the answer's bytes. Generation goes by `chunkDays` days of starts; a piece
 * is handed out once it holds at least `pieceBytes` bytes, and at the end.
 */
export function* phaseJsonPieces(entry: MarketEntry, startDay: EpochDay, endDay: EpochDay, chunkDays: number, pieceBytes = PIECE_BYTES): Generator<Uint8Array, void, void> {
  const parts = partsOf(entry);
  const w = new ByteWriter(Math.min(pieceBytes, (endDay - startDay + 1) * 8 * PHASE_BYTES_GUESS) + 64);
  w.byte(91); // [
  let first = true;
  let from = Math.max(startDay - LOOK_BACK_DAYS, entry.minDay);
  while (from <= endDay) {
    const to = Math.min(endDay, Math.max(from, startDay) + chunkDays - 1);
    for (const g of generateFrom(entry, from, to, startDay)) {
      if (!first) w.byte(44); // ,
      first = false;
      writePhase(w, g, parts);
    }
    from = to + 1;
    if (from <= endDay && w.pos >= pieceBytes) yield w.take();
  }
  w.byte(93); // ]
  yield w.take();
}

/**
 * The JSON array of `listDays` (startDay..endDay) in pieces whose concatenation is the
 * answer's bytes; generation goes by `chunkDays` days.
 */
export function* dayJsonPieces(entry: MarketEntry, startDay: EpochDay, endDay: EpochDay, chunkDays: number, pieceBytes = PIECE_BYTES): Generator<Uint8Array, void, void> {
  const parts = partsOf(entry);
  const w = new ByteWriter(Math.min(pieceBytes, (endDay - startDay + 1) * 6 * PHASE_BYTES_GUESS) + 64);
  w.byte(91);
  for (let from = startDay; from <= endDay; from += chunkDays) {
    const to = Math.min(endDay, from + chunkDays - 1);
    const attributed = phasesByEndDay(entry, from, to);
    for (let day = from; day <= to; day++) {
      const own = attributed[day - from]!;
      const holiday = entry.holidayByDay.get(day) ?? null;
      w.ascii(day === startDay ? '{"date":"' : ',{"date":"');
      w.day(day);
      w.ascii('","day_of_week":"');
      w.ascii(dayName(day));
      w.ascii('","is_open":');
      w.ascii(dayIsOpen(holiday, own) ? 'true' : 'false');
      w.ascii(',"has_settlement":');
      w.ascii(daySettles(holiday, own) ? 'true' : 'false');
      w.ascii(',"holiday":');
      if (holiday) writeHoliday(w, holiday);
      else w.ascii('null');
      w.ascii(',"phases":[');
      for (let i = 0; i < own.length; i++) {
        if (i > 0) w.byte(44);
        writePhase(w, own[i]!, parts);
      }
      w.ascii(']}');
    }
    if (to < endDay && w.pos >= pieceBytes) yield w.take();
  }
  w.byte(93);
  yield w.take();
}

function writeHoliday(w: ByteWriter, holiday: MarketHoliday): void {
  // A handful a year, with whatever extra columns the file has: stringified as they are now.
  w.text(JSON.stringify(holiday));
}
