/**
 * The JSON bytes of the listings (holidays of a market or a currency, markets, currencies, a
 * market's schedules, the reference tables) written from each row's JSON kept with its table,
 * instead of stringifying the records of every answer.
 *
 * A listing answers rows of one kept array as they are (a slice by date, or the rows a filter
 * picks), so the array's rows are stringified once, each followed by a comma, into one block
 * with where each row begins (`at`). An answer is then `[`, the bytes between two offsets (or
 * of each picked run of rows) less the last comma, and `]`: the bytes of `JSON.stringify` of
 * the same records (property-tested in core's listing-json test).
 *
 * Blocks are keyed by the array itself (ownerKey), so they follow the data: an override that
 * replaces a market's rows makes a new array (overrides.ts overlayIndex), whose block is made
 * afresh, while every array a new version shares with the last keeps its block. They are kept
 * under the month blocks' byte budget (month-blocks.ts), least recently used out; with no
 * budget, every answer is stringified afresh.
 */
import { allocBytes } from './list-json.js';
import { keptBlock, ownerKey, type MonthBlock } from './month-blocks.js';

const encoder = new TextEncoder();

type Alloc = (size: number) => Uint8Array;
// Node's Buffer skips zero-filling memory about to be overwritten (and pools small ones).
const nodeBuffer = (globalThis as { Buffer?: { allocUnsafe: Alloc } }).Buffer;
const alloc: Alloc = nodeBuffer ? (n) => nodeBuffer.allocUnsafe(n) : (n) => new Uint8Array(n);

const OPEN = 91; // [
const CLOSE = 93; // ]

/** Every row of `rows` stringified, each followed by a comma, with where each begins. */
function writeRows(rows: readonly object[]): MonthBlock {
  const parts: Uint8Array[] = new Array(rows.length);
  const at = new Int32Array(rows.length + 1);
  let size = 0;
  for (let i = 0; i < rows.length; i++) {
    at[i] = size;
    const p = encoder.encode(`${JSON.stringify(rows[i])},`);
    parts[i] = p;
    size += p.length;
  }
  at[rows.length] = size;
  const bytes = alloc(size);
  for (let i = 0; i < rows.length; i++) bytes.set(parts[i]!, at[i]!);
  return { first: 0, bytes, at };
}

// Each array's key, made once: the same string each time, whose hash V8 keeps.
const keys = new WeakMap<object, string>();

function blockOf(rows: readonly object[]): MonthBlock | undefined {
  let key = keys.get(rows);
  if (key === undefined) keys.set(rows, (key = `${ownerKey(rows)}:rows`));
  return keptBlock(key, () => writeRows(rows));
}

// The answer of every row of a block (the listings without a range or filter: markets,
// currencies, schedules, reference tables), made once and handed out as it is.
const wholes = new WeakMap<MonthBlock, Uint8Array>();

/**
 * `JSON.stringify(rows.slice(from, to))` as UTF-8 bytes. The answer of all the rows is kept and
 * shared by every caller, who only sends it (as status bytes are); others are fresh buffers.
 */
export function sliceJson(rows: readonly object[], from: number, to: number): Uint8Array {
  if (to <= from) return emptyList();
  const b = blockOf(rows);
  if (b === undefined) return encoder.encode(JSON.stringify(rows.slice(from, to)));
  if (from === 0 && to === rows.length) {
    let whole = wholes.get(b);
    // Kept for as long as the block: not a view that would keep a 256 KiB slab alive.
    if (whole === undefined) wholes.set(b, (whole = bracketed(b, 0, to, alloc)));
    return whole;
  }
  return bracketed(b, from, to, allocBytes);
}

/**
 * `[`, rows `from..to` of a block less the last comma, `]`: fresh bytes from `take`. An answer
 * handed out once is cut from list-json's shared slabs (`allocBytes`): a holiday year is about
 * 2 KiB, which Node's Buffer pool serves from 8 KiB pools, so every third or fourth answer paid
 * for a new pool's memory (about 1 µs a request, measured).
 */
function bracketed(b: MonthBlock, from: number, to: number, take: Alloc): Uint8Array {
  const start = b.at[from]!;
  // The last row's comma is left out.
  const n = b.at[to]! - 1 - start;
  const out = take(n + 2);
  out[0] = OPEN;
  out.set(b.bytes.subarray(start, start + n), 1);
  out[n + 1] = CLOSE;
  return out;
}

/**
 * `JSON.stringify(picked.map((i) => rows[i]))` as UTF-8 bytes, `picked` increasing indexes of
 * `rows` (the rows a filter keeps, in the order of `rows`).
 */
export function pickedJson(rows: readonly object[], picked: readonly number[]): Uint8Array {
  if (picked.length === 0) return emptyList();
  const b = blockOf(rows);
  if (b === undefined) return encoder.encode(JSON.stringify(picked.map((i) => rows[i])));
  const at = b.at;
  let n = 0;
  for (const i of picked) n += at[i + 1]! - at[i]!;
  const out = allocBytes(n + 1);
  out[0] = OPEN;
  let pos = 1;
  // Adjacent rows are one run of the block: copied at once.
  for (let k = 0; k < picked.length; ) {
    const first = picked[k]!;
    let last = first;
    while (++k < picked.length && picked[k] === last + 1) last++;
    const bytes = b.bytes.subarray(at[first]!, at[last + 1]!);
    out.set(bytes, pos);
    pos += bytes.length;
  }
  // The comma after the last row becomes the closing bracket.
  out[n] = CLOSE;
  return out;
}

function emptyList(): Uint8Array {
  const out = allocBytes(2);
  out[0] = OPEN;
  out[1] = CLOSE;
  return out;
}
