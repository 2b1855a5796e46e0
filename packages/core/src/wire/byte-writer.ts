/**
 * The byte writer every JSON writer of wire/ writes into: a growing buffer written in place,
 * with the digits of dates, times and instants written as `formatWall`/`formatInstant` would.
 */
import {
  SECONDS_PER_DAY,
  civilFromDays,
  formatDay,
  formatOffset,
  formatTime,
  type EpochDay,
  type EpochSeconds,
} from '../time/dates.js';
import { lend, releasePiece } from './piece-pool.js';

const encoder = new TextEncoder();

type Alloc = (size: number) => Uint8Array;
// Node's Buffer skips zero-filling memory about to be overwritten; elsewhere a plain array.
const nodeBuffer = (globalThis as { Buffer?: { allocUnsafe: Alloc } }).Buffer;
export const alloc: Alloc = nodeBuffer ? (n) => nodeBuffer.allocUnsafe(n) : (n) => new Uint8Array(n);

/** A growing byte buffer written in place. */
export class ByteWriter {
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

/** A copy of `bytes` that its receiver may change (a Buffer from Node's pool when small). */
export function copyBytes(bytes: Uint8Array): Uint8Array {
  const out = alloc(bytes.length);
  out.set(bytes);
  return out;
}
