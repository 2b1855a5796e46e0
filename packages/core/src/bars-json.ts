/**
 * The bytes of a bars answer, JSON or CSV, written straight from a BarCursor: no Bar records,
 * no strings per bar, no JSON.stringify. A bar is its fixed fragments (cut once out of the JSON
 * of `barRecord` with marker values, so the record's shape stays defined in bars.ts) with a
 * date and two instants written in digit by digit.
 *
 * Pieces are handed out as they fill, so a server can write each one and wait for the socket
 * to drain before asking for the next: a long answer is never whole in memory.
 */
import { type BarSeries, barRecord } from './bars.js';
import { SECONDS_PER_DAY, formatDay, formatOffset } from './dates.js';
import type { JsonPieceOptions } from './json.js';
import { publishedHeader } from './provenance.js';
import type { Zone } from './zone.js';

const encoder = new TextEncoder();

type Alloc = (size: number) => Uint8Array;
// Node's Buffer skips zero-filling memory about to be overwritten.
const nodeBuffer = (globalThis as { Buffer?: { allocUnsafe: Alloc } }).Buffer;
const alloc: Alloc = nodeBuffer ? (n) => nodeBuffer.allocUnsafe(n) : (n) => new Uint8Array(n);

/** More than any bar takes: two fragments sets, a date and two instants with second offsets. */
const BAR_ROOM = 160;
const PIECE_BYTES = 1024 * 1024;

/** The fixed bytes around a bar's three values. */
interface Fragments {
  /** Before the date: of the first bar, and of every later one. */
  first: Uint8Array;
  next: Uint8Array;
  beforeStart: Uint8Array;
  beforeEnd: Uint8Array;
  after: Uint8Array;
  /** Before the first bar and after the last. */
  open: Uint8Array;
  close: Uint8Array;
}

const MARKS = ['\u0001d\u0002', '\u0001s\u0002', '\u0001e\u0002'] as const;

function jsonFragments(): Fragments {
  const text = JSON.stringify(barRecord(MARKS[0], MARKS[1], MARKS[2]));
  const cut = MARKS.map((m) => JSON.stringify(m).slice(1, -1));
  const d = text.indexOf(cut[0]!);
  const s = text.indexOf(cut[1]!, d);
  const e = text.indexOf(cut[2]!, s);
  const head = text.slice(0, d);
  return {
    first: encoder.encode(head),
    next: encoder.encode(`,${head}`),
    beforeStart: encoder.encode(text.slice(d + cut[0]!.length, s)),
    beforeEnd: encoder.encode(text.slice(s + cut[1]!.length, e)),
    after: encoder.encode(text.slice(e + cut[2]!.length)),
    open: encoder.encode('['),
    close: encoder.encode(']'),
  };
}

/**
 * CSV as the server writes listings: a header of the published column names, then a row per
 * record, CRLF after each line. A bar's cells never need quoting (digits, `-`, `:`, `+`, `T`).
 */
function csvFragments(): Fragments {
  const header = Object.keys(barRecord('', '', '')).map(publishedHeader).join(',');
  const none = new Uint8Array(0);
  return {
    first: none,
    next: none,
    beforeStart: encoder.encode(','),
    beforeEnd: encoder.encode(','),
    after: encoder.encode('\r\n'),
    open: encoder.encode(`${header}\r\n`),
    close: none,
  };
}

const JSON_FRAGMENTS = jsonFragments();
const CSV_FRAGMENTS = csvFragments();

/** The JSON array of a bars answer in pieces whose concatenation equals `JSON.stringify([...series])`. */
export function barJsonPieces(series: BarSeries, options: JsonPieceOptions = {}): Generator<Uint8Array, void, void> {
  return barPieces(series, JSON_FRAGMENTS, options);
}

/** The CSV of a bars answer (header, then one CRLF-ended row per bar) in pieces. */
export function barCsvPieces(series: BarSeries, options: JsonPieceOptions = {}): Generator<Uint8Array, void, void> {
  return barPieces(series, CSV_FRAGMENTS, options);
}

function* barPieces(series: BarSeries, f: Fragments, options: JsonPieceOptions): Generator<Uint8Array, void, void> {
  const pieceBytes = Math.max(1, options.pieceBytes ?? PIECE_BYTES);
  // JSON bars of one zone are all about the same length: size the first buffer from the count.
  const need = Math.min(series.count * 100, pieceBytes) + BAR_ROOM + 64;
  const w = new BarWriter(series.zone, options.scratch !== undefined && options.scratch.length >= need ? options.scratch : alloc(need));
  const c = series.cursor();
  w.put(f.open);
  let first = true;
  while (c.next()) {
    if (w.pos + BAR_ROOM > w.buf.length) {
      if (w.pos >= pieceBytes) {
        yield w.take(Math.min(w.buf.length, pieceBytes + BAR_ROOM + 64));
      } else w.grow();
    }
    w.put(first ? f.first : f.next);
    first = false;
    w.day(c.day);
    w.put(f.beforeStart);
    w.instant(c.start);
    w.put(f.beforeEnd);
    w.instant(c.end);
    w.put(f.after);
  }
  if (w.pos + f.close.length > w.buf.length) w.grow();
  w.put(f.close);
  yield w.take(0);
}

/** A byte buffer that bars are written in; the caller makes room (BAR_ROOM per bar) first. */
class BarWriter {
  pos = 0;
  buf: Uint8Array;
  private readonly zone: Zone;
  // The bytes of the offset last written: it changes twice a year at most.
  private offsetOf = NaN;
  private offsetBytes = new Uint8Array(0);

  constructor(zone: Zone, buf: Uint8Array) {
    this.zone = zone;
    this.buf = buf;
  }

  grow(): void {
    const next = alloc(this.buf.length * 2 + BAR_ROOM);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** The bytes written; writing goes on in a fresh buffer of `capacity`. */
  take(capacity: number): Uint8Array {
    const out = this.buf.subarray(0, this.pos);
    this.buf = alloc(capacity);
    this.pos = 0;
    return out;
  }

  put(b: Uint8Array): void {
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < b.length; i++) buf[p++] = b[i]!;
    this.pos = p;
  }

  /** `formatDay(day)` (ASCII; formatDay keeps the strings of the usual years). */
  day(day: number): void {
    const text = formatDay(day);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < text.length; i++) buf[p++] = text.charCodeAt(i);
    this.pos = p;
  }

  /** `formatInstant(t, zone.offsetAt(t))`. */
  instant(t: number): void {
    const offset = this.zone.offsetAt(t);
    const local = t + offset;
    const d = Math.floor(local / SECONDS_PER_DAY);
    this.day(d);
    const sec = local - d * SECONDS_PER_DAY;
    const h = (sec / 3600) | 0;
    const m = ((sec % 3600) / 60) | 0;
    const s = sec % 60;
    const buf = this.buf;
    const p = this.pos;
    buf[p] = 84; // T
    buf[p + 1] = 48 + ((h / 10) | 0);
    buf[p + 2] = 48 + (h % 10);
    buf[p + 3] = 58;
    buf[p + 4] = 48 + ((m / 10) | 0);
    buf[p + 5] = 48 + (m % 10);
    buf[p + 6] = 58;
    buf[p + 7] = 48 + ((s / 10) | 0);
    buf[p + 8] = 48 + (s % 10);
    this.pos = p + 9;
    if (offset !== this.offsetOf) {
      this.offsetBytes = encoder.encode(formatOffset(offset));
      this.offsetOf = offset;
    }
    this.put(this.offsetBytes);
  }
}
