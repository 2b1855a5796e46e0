/**
 * The JSON bytes of lists of small records of fixed length made of dates, months and UTC
 * instants (derived dates, overlap intervals), written without records, strings per value,
 * JSON.stringify or UTF-8 encoding: each item is a copy of the record's template (its JSON
 * with zeros for the digits) with the digits written in.
 *
 * The template is cut out of the JSON of the record itself, built with marker values
 * (`recordTemplate`), so the record's shape stays defined where the record is. The digits are
 * written as `formatDay`, `formatMonth` and `formatTime` write them for the years 0000..9999;
 * a list holding a value outside those years (or an instant that is not a whole second) is
 * written by its caller with JSON.stringify instead.
 */
type Alloc = (size: number) => Uint8Array;
// Node's Buffer skips zero-filling memory about to be overwritten.
const nodeBuffer = (globalThis as { Buffer?: { allocUnsafe: Alloc; allocUnsafeSlow: Alloc } }).Buffer;

/**
 * Lists of up to an eighth of this are cut from shared slabs of it, as Node's Buffer pool cuts
 * buffers under 4 KiB from 8 KiB: an answer of 23 KiB (thirty years of dates) then costs a view
 * instead of a memory allocation of its own (about 2 µs, and as much again in the collector's
 * work). A slab lives as long as any list cut from it: a holder that keeps lists for long (the
 * server's answer cache) copies them out (`Buffer.from`) rather than keep slabs alive for them.
 */
const SLAB_BYTES = 256 * 1024;
let slab: Uint8Array | undefined;
let slabUsed = 0;

export function allocBytes(size: number): Uint8Array {
  if (nodeBuffer === undefined) return new Uint8Array(size);
  if (size > SLAB_BYTES / 8) return nodeBuffer.allocUnsafe(size);
  if (slab === undefined || slabUsed + size > SLAB_BYTES) {
    slab = nodeBuffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const out = slab.subarray(slabUsed, slabUsed + size);
  // Each list starts on an 8-byte boundary, as the pool's do.
  slabUsed += (size + 7) & ~7;
  return out;
}

const MARK = (k: number) => `\u0001openbell-${k}\u0002`;

/** A record's JSON with its values' digits zeroed, and where each value begins. */
export interface RecordTemplate {
  /** `,` and the record: the first item is written without the comma. */
  bytes: Uint8Array;
  /** Offsets of the values in `bytes`. */
  at: number[];
}

/**
 * The template of the record `make` builds, with each value (in the order given, which must be
 * its order in the JSON) replaced by `holes[k]` (a value of its length, zeros for its digits,
 * such as `0000-00-00`).
 */
export function recordTemplate(holes: readonly string[], make: (...values: string[]) => unknown): RecordTemplate {
  const marks = holes.map((_, k) => MARK(k));
  let text = `,${JSON.stringify(make(...marks))}`;
  const at: number[] = [];
  for (let k = 0; k < marks.length; k++) {
    const cut = JSON.stringify(marks[k]).slice(1, -1);
    const i = text.indexOf(cut);
    if (i < 0 || (k > 0 && i < at[k - 1]!)) throw new Error(`record value ${k} not found in order in ${text}`);
    text = text.slice(0, i) + holes[k]! + text.slice(i + cut.length);
    at.push(i);
  }
  return { bytes: Uint8Array.from(text, (c) => c.charCodeAt(0)), at };
}

/**
 * A list of `count` items of `template`: `[`, the items (each a copy of the template, the
 * first without its comma) and `]`. Item k's template (its comma) begins at k × its length:
 * the caller writes the digits in.
 */
export function listOf(template: RecordTemplate, count: number): Uint8Array {
  if (count === 0) return Uint8Array.of(91, 93);
  const t = template.bytes;
  const total = count * t.length;
  const buf = allocBytes(total + 1);
  buf.set(t, 0);
  // Doubling copies: a few calls fill the list however long it is.
  for (let filled = t.length; filled < total; ) {
    const n = Math.min(filled, total - filled);
    buf.copyWithin(filled, 0, n);
    filled += n;
  }
  // The first item's comma is the opening bracket.
  buf[0] = 91;
  buf[total] = 93;
  return buf;
}

/**
 * The items of a list `listOf(template, count)` was written into, each with its leading comma,
 * in memory of their own (the list may be a Buffer cut from a shared slab, whose `slice` is a
 * view): what a series kept for slicing holds. Undefined when the list was written another way
 * (the `JSON.stringify` fallback of a value outside the template's width).
 */
export function itemsOf(list: Uint8Array, template: RecordTemplate, count: number): Uint8Array | undefined {
  if (count === 0) return new Uint8Array(0);
  if (list.length !== count * template.bytes.length + 1) return undefined;
  const items = new Uint8Array(list.length - 1);
  items.set(list.subarray(0, items.length));
  // The first item's opening bracket was its comma.
  items[0] = 44;
  return items;
}

/** A list's pieces around items cut from `itemsOf`: never written in by whoever sends them. */
export const LIST_OPEN = Uint8Array.of(91);
export const LIST_CLOSE = Uint8Array.of(93);
export const EMPTY_LIST = Uint8Array.of(91, 93);

/** The two ASCII digits of each of 0..99: those of n at 2n and 2n + 1. */
export const PAIRS = Uint8Array.from({ length: 200 }, (_, i) => 48 + (i & 1 ? (i >> 1) % 10 : ((i >> 1) / 10) | 0));

/** Two digits of `n` (0..99) at `p`. */
export function write2(buf: Uint8Array, p: number, n: number): void {
  buf[p] = PAIRS[2 * n]!;
  buf[p + 1] = PAIRS[2 * n + 1]!;
}

/** Four digits of `y` (0..9999) at `p`, as `padStart(4, '0')` writes it. */
export function write4(buf: Uint8Array, p: number, y: number): void {
  const hi = (y / 100) | 0;
  write2(buf, p, hi);
  write2(buf, p + 2, y - hi * 100);
}

/** `HH:MM:SS` of `seconds` (a whole number, 0..86399) at `p`, as `formatTime`. */
export function writeTime(buf: Uint8Array, p: number, seconds: number): void {
  const h = (seconds / 3600) | 0;
  const rest = seconds - h * 3600;
  const m = (rest / 60) | 0;
  write2(buf, p, h);
  write2(buf, p + 3, m);
  write2(buf, p + 6, rest - m * 60);
}
