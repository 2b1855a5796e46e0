/**
 * The bytes of a bars answer, JSON or CSV, written straight from a BarCursor: no Bar records,
 * no strings per bar, no JSON.stringify. A bar is its fixed fragments (cut once out of the JSON
 * of `barRecord` with marker values, so the record's shape stays defined in bars.ts) with a
 * date and two instants written in digit by digit.
 *
 * Pieces are handed out as they fill, so a server can write each one and wait for the socket
 * to drain before asking for the next: a long answer is never whole in memory.
 */
import { BarCursor, type BarPlan, type BarSeries, barRecord, barsInPiece, planBars } from '../rules/bars.js';
import { SECONDS_PER_DAY, formatDay, formatOffset } from '../time/dates.js';
import { itemsByMonth, jsonArray, type JsonPieceOptions } from './json.js';
import type { DayWriter } from './month-blocks.js';
import { publishedHeader } from '../tables/provenance.js';
import type { Zone } from '../time/zone.js';

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
  const header = Object.keys(barRecord('', '', ''))
    .map(publishedHeader)
    .join(',');
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

/** Bars as kept in month blocks: every bar followed by its separator (a comma; CSV's CRLF). */
const JSON_ITEMS: Fragments = {
  ...JSON_FRAGMENTS,
  next: JSON_FRAGMENTS.first,
  after: encoder.encode(`${new TextDecoder().decode(JSON_FRAGMENTS.after)},`),
};
const CSV_ITEMS = CSV_FRAGMENTS;

/**
 * At most this many bars in a month block (about 5 MB of JSON; a month of one-minute bars of a
 * market open around the clock is 44,640). Finer bars are written as they are asked for, a
 * piece at a time, never held whole.
 */
const BLOCK_BARS = 65_536;

/** Room per bar in a block's buffer: a JSON bar with its comma takes 92 bytes with an offset like -05:00. */
const BAR_BYTES = 96;

/** The JSON array of a bars answer in pieces whose concatenation equals `JSON.stringify([...series])`. */
export function barJsonPieces(series: BarSeries, options: JsonPieceOptions = {}): Generator<Uint8Array, void, void> {
  if (!blocksFit(series.plan)) return barPieces(series, JSON_FRAGMENTS, options);
  return jsonArray(JSON_FRAGMENTS.open, barItems(series, 'json', JSON_ITEMS));
}

/** The CSV of a bars answer (header, then one CRLF-ended row per bar) in pieces. */
export function barCsvPieces(series: BarSeries, options: JsonPieceOptions = {}): Generator<Uint8Array, void, void> {
  if (!blocksFit(series.plan)) return barPieces(series, CSV_FRAGMENTS, options);
  return csvRows(CSV_FRAGMENTS.open, barItems(series, 'csv', CSV_ITEMS));
}

function* csvRows(header: Uint8Array, rows: Iterable<Uint8Array>): Generator<Uint8Array, void, void> {
  yield header;
  for (const r of rows) if (r.length > 0) yield r;
}

/** Whether the months of a plan are small enough to keep: judged by its busiest day. */
function blocksFit(plan: BarPlan): boolean {
  const p = plan.pieces;
  let most = 0;
  for (let k = 0; k < p.length; k = dayEnd(p, k)) most = Math.max(most, barsOfDay(p, k, dayEnd(p, k), plan.period));
  return most * 31 <= BLOCK_BARS;
}

/** The bars of a plan's range, month by month, from the kept blocks of its period and rules. */
function barItems(series: BarSeries, format: string, f: Fragments): Generator<Uint8Array, void, void> {
  const plan = series.plan;
  const { entry, period, forceClose, breaks } = plan;
  const write: DayWriter = (from, to, at) => {
    const part = planBars(entry, from, to, period, forceClose, breaks);
    if (at && part.count > BLOCK_BARS) throw new RangeError('a month of bars too large to keep');
    const w = new BarWriter(series.zone, f, alloc(Math.min(part.count, BLOCK_BARS) * BAR_BYTES + BAR_ROOM));
    writeByDay(w, part, from, to, at);
    return w.take(0);
  };
  const kind = `bars:${format}:${period}:${forceClose ? 1 : 0}:${breaks}`;
  return itemsByMonth(entry, kind, plan.startDay, plan.endDay, true, write);
}

/**
 * The bars of `part` (days `from..to`), noting in `at` where each day's begin.
 *
 * Most days of a market are alike: the same pieces of open time at the same local times, with
 * the same offset, so their bars differ only in their dates. The first such day is written bar
 * by bar and kept as a template; a later day with the same shape is the template copied in one
 * move with the digits of its dates that differ written over.
 */
function writeByDay(w: BarWriter, part: BarPlan, from: number, to: number, at?: Int32Array): void {
  const p = part.pieces;
  let next = from;
  let template: DayTemplate | undefined;
  for (let k = 0; k < p.length; ) {
    const day = p[k]!;
    const e = dayEnd(p, k);
    if (at) while (next <= day) at[next++ - from] = w.pos;
    const shape = dayShape(p, k, e, day, part, w.zone);
    if (shape !== undefined && template !== undefined && template.shape === shape) w.repeat(template, day);
    else {
      const start = w.pos;
      w.fill(new BarCursor({ pieces: p.subarray(k, e), period: part.period, forceClose: part.forceClose }), Infinity);
      if (shape !== undefined) template = w.templateOf(shape, start, day, barsOfDay(p, k, e, part.period)) ?? template;
    }
    k = e;
  }
  if (at) while (next <= to + 1) at[next++ - from] = w.pos;
}

/** A day's bars as written, with where its dates are: what later days of the same shape copy. */
interface DayTemplate {
  /** The day's pieces as local times of day and the offset (see dayShape). */
  shape: string;
  start: number;
  end: number;
  /** The day's date as written. */
  date: string;
  /** Where the date is written in the day's bytes (three times a bar), from `start`. */
  dates: Int32Array;
}

/** Where the pieces of the day of piece `k` end (the next day's first piece). */
function dayEnd(p: Float64Array, k: number): number {
  let e = k;
  while (e < p.length && p[e] === p[k]) e += 3;
  return e;
}

/** How many bars the pieces `k..e` hold. */
function barsOfDay(p: Float64Array, k: number, e: number, period: number): number {
  let n = 0;
  for (let q = k; q < e; q += 3) n += barsInPiece(p[q + 1]!, p[q + 2]!, period);
  return n;
}

/**
 * The shape of a day's bars, when its bytes are those of any other day of that shape with the
 * dates changed: one offset all day, every bar starting and ending on that local date, and a
 * year of four digits. Undefined otherwise (the day is written bar by bar).
 */
function dayShape(p: Float64Array, k: number, e: number, day: number, part: BarPlan, zone: Zone): string | undefined {
  if (day < FOUR_DIGIT_FIRST || day > FOUR_DIGIT_LAST) return undefined;
  const midnight = day * SECONDS_PER_DAY;
  const period = part.period;
  let offset: number | undefined;
  let shape = '';
  for (let q = k; q < e; q += 3) {
    const a = p[q + 1]!;
    const b = p[q + 2]!;
    const lastStart = a + (barsInPiece(a, b, period) - 1) * period;
    const lastEnd = part.forceClose ? Math.min(lastStart + period, b) : lastStart + period;
    const o = zone.offsetAt(a);
    offset ??= o;
    if (o !== offset || zone.offsetAt(lastEnd) !== offset) return undefined;
    const localStart = a + offset - midnight;
    if (localStart < 0 || lastEnd + offset - midnight >= SECONDS_PER_DAY) return undefined;
    shape += `${localStart},${b + offset - midnight};`;
  }
  return `${offset}|${shape}`;
}

/** Epoch days of 1000-01-01 and 9999-12-31: dates of ten characters. */
const FOUR_DIGIT_FIRST = -354285;
const FOUR_DIGIT_LAST = 2932896;

function* barPieces(series: BarSeries, f: Fragments, options: JsonPieceOptions): Generator<Uint8Array, void, void> {
  const pieceBytes = Math.max(1, options.pieceBytes ?? PIECE_BYTES);
  // JSON bars of one zone are all about the same length: size the first buffer from the count.
  const need = Math.min(series.count * 100, pieceBytes) + BAR_ROOM + 64;
  const w = new BarWriter(
    series.zone,
    f,
    options.scratch !== undefined && options.scratch.length >= need ? options.scratch : alloc(need),
  );
  const c = series.cursor();
  w.put(f.open);
  while (w.fill(c, pieceBytes)) yield w.take(Math.min(w.buf.length, pieceBytes + BAR_ROOM + 64));
  if (w.pos + f.close.length > w.buf.length) w.grow();
  w.put(f.close);
  yield w.take(0);
}

/** A byte buffer that bars are written in. */
class BarWriter {
  pos = 0;
  buf: Uint8Array;
  private first = true;
  readonly zone: Zone;
  private readonly f: Fragments;
  // The date and offset last written, as bytes: consecutive bars share them.
  private readonly dayBytes = new Uint8Array(16);
  private dayLength = 0;
  private dayOf = NaN;
  private offsetOf = NaN;
  private offsetBytes = new Uint8Array(0);
  /** Where the bar last written in full or copied starts (-1: none to copy), and what it holds. */
  private last = -1;
  private lastLength = 0;
  private startAt = 0;
  private endAt = 0;
  private lastDay = NaN;
  private lastStartDay = NaN;
  private lastEndDay = NaN;
  private lastStartOffset = NaN;
  private lastEndOffset = NaN;
  private lastStartSec = 0;
  private lastEndSec = 0;

  constructor(zone: Zone, f: Fragments, buf: Uint8Array) {
    this.zone = zone;
    this.f = f;
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
    this.last = -1;
    return out;
  }

  put(b: Uint8Array): void {
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < b.length; i++) buf[p++] = b[i]!;
    this.pos = p;
  }

  /**
   * Writes the cursor's bars until they run out (false) or the buffer holds `pieceBytes` and
   * has no room for another bar (true: take a piece, then call again).
   *
   * Consecutive bars of a session usually differ only in their two times of day: such a bar is
   * the previous one copied in one move with the digits of its times that changed written over
   * (the minutes, mostly), instead of being written byte by byte.
   */
  fill(c: BarCursor, pieceBytes: number): boolean {
    const f = this.f;
    const zone = this.zone;
    for (;;) {
      if (this.pos + BAR_ROOM > this.buf.length) {
        if (this.pos >= pieceBytes) return true;
        this.grow();
      }
      if (!c.next()) return false;
      const startOffset = zone.offsetAt(c.start);
      const endOffset = zone.offsetAt(c.end);
      const startLocal = c.start + startOffset;
      const endLocal = c.end + endOffset;
      const startDay = Math.floor(startLocal / SECONDS_PER_DAY);
      const endDay = Math.floor(endLocal / SECONDS_PER_DAY);
      const buf = this.buf;
      const pos = this.pos;
      if (
        this.last >= 0 &&
        c.day === this.lastDay &&
        startDay === this.lastStartDay &&
        endDay === this.lastEndDay &&
        startOffset === this.lastStartOffset &&
        endOffset === this.lastEndOffset
      ) {
        const n = this.lastLength;
        buf.copyWithin(pos, this.last, this.last + n);
        const startSec = startLocal - startDay * SECONDS_PER_DAY;
        const endSec = endLocal - endDay * SECONDS_PER_DAY;
        patchTime(buf, pos + this.startAt, startSec, this.lastStartSec);
        patchTime(buf, pos + this.endAt, endSec, this.lastEndSec);
        this.lastStartSec = startSec;
        this.lastEndSec = endSec;
        this.last = pos;
        this.pos = pos + n;
        continue;
      }
      // Only a bar written after another can be copied: the first one lacks the separator.
      this.last = this.first ? -1 : pos;
      this.put(this.first ? f.first : f.next);
      this.first = false;
      this.day(c.day);
      this.put(f.beforeStart);
      this.day(startDay);
      this.startAt = this.pos + 1 - pos; // after the T
      this.time(startLocal - startDay * SECONDS_PER_DAY, startOffset);
      this.put(f.beforeEnd);
      this.day(endDay);
      this.endAt = this.pos + 1 - pos;
      this.time(endLocal - endDay * SECONDS_PER_DAY, endOffset);
      this.put(f.after);
      this.lastLength = this.pos - pos;
      this.lastStartSec = startLocal - startDay * SECONDS_PER_DAY;
      this.lastEndSec = endLocal - endDay * SECONDS_PER_DAY;
      this.lastDay = c.day;
      this.lastStartDay = startDay;
      this.lastEndDay = endDay;
      this.lastStartOffset = startOffset;
      this.lastEndOffset = endOffset;
    }
  }

  /**
   * The day just written from `start` as a template of `shape`, when its date is found three
   * times a bar (else undefined: it is not copied).
   */
  templateOf(shape: string, start: number, day: number, bars: number): DayTemplate | undefined {
    const date = formatDay(day);
    const code = encoder.encode(date);
    const dates = new Int32Array(bars * 3);
    const buf = this.buf;
    let n = 0;
    for (let q = start; q + 10 <= this.pos; q++) {
      if (buf[q] !== code[0] || buf[q + 4] !== 45) continue;
      let same = true;
      for (let i = 1; i < 10; i++) if (buf[q + i] !== code[i]) same = false;
      if (!same) continue;
      if (n === dates.length) return undefined;
      dates[n++] = q - start;
      q += 9;
    }
    return n === dates.length ? { shape, start, end: this.pos, date, dates } : undefined;
  }

  /** The template's bytes again, with `day`'s date written over the template's. */
  repeat(t: DayTemplate, day: number): void {
    const n = t.end - t.start;
    while (this.pos + n > this.buf.length) this.grow();
    const buf = this.buf;
    const pos = this.pos;
    buf.copyWithin(pos, t.start, t.end);
    const date = formatDay(day);
    for (let i = 0; i < 10; i++) {
      const c = date.charCodeAt(i);
      if (c === t.date.charCodeAt(i)) continue;
      const d = t.dates;
      for (let j = 0; j < d.length; j++) buf[pos + d[j]! + i] = c;
    }
    this.pos = pos + n;
    // The bar before the next one is not the one written last bar by bar.
    this.last = -1;
  }

  /** `T`, the time of day and the offset of an instant whose date was just written. */
  private time(seconds: number, offset: number): void {
    const p = this.pos;
    this.buf[p] = 84; // T
    writeTime(this.buf, p + 1, seconds);
    this.pos = p + 9;
    if (offset !== this.offsetOf) {
      this.offsetBytes = encoder.encode(formatOffset(offset));
      this.offsetOf = offset;
    }
    this.put(this.offsetBytes);
  }

  /** `formatDay(day)`. */
  private day(day: number): void {
    if (day !== this.dayOf) {
      const text = formatDay(day);
      for (let i = 0; i < text.length; i++) this.dayBytes[i] = text.charCodeAt(i);
      this.dayLength = text.length;
      this.dayOf = day;
    }
    const buf = this.buf;
    const b = this.dayBytes;
    const p = this.pos;
    const n = this.dayLength;
    for (let i = 0; i < n; i++) buf[p + i] = b[i]!;
    this.pos = p + n;
  }
}

/** `HH:MM:SS` of `seconds` (0 .. 86399) at `p`. */
function writeTime(buf: Uint8Array, p: number, seconds: number): void {
  const h = (seconds / 3600) | 0;
  const rest = seconds - h * 3600;
  const m = (rest / 60) | 0;
  const s = rest - m * 60;
  buf[p] = 48 + ((h / 10) | 0);
  buf[p + 1] = 48 + (h % 10);
  buf[p + 2] = 58;
  buf[p + 3] = 48 + ((m / 10) | 0);
  buf[p + 4] = 48 + (m % 10);
  buf[p + 5] = 58;
  buf[p + 6] = 48 + ((s / 10) | 0);
  buf[p + 7] = 48 + (s % 10);
}

/** Writes over the digits of `HH:MM:SS` at `p` that differ between `seconds` and `was`. */
function patchTime(buf: Uint8Array, p: number, seconds: number, was: number): void {
  if (seconds === was) return;
  const h = (seconds / 3600) | 0;
  const wh = (was / 3600) | 0;
  if (h !== wh) {
    buf[p] = 48 + ((h / 10) | 0);
    buf[p + 1] = 48 + (h % 10);
  }
  const rest = seconds - h * 3600;
  const wrest = was - wh * 3600;
  const m = (rest / 60) | 0;
  const wm = (wrest / 60) | 0;
  if (m !== wm) {
    buf[p + 3] = 48 + ((m / 10) | 0);
    buf[p + 4] = 48 + (m % 10);
  }
  const s = rest - m * 60;
  if (s !== wrest - wm * 60) {
    buf[p + 6] = 48 + ((s / 10) | 0);
    buf[p + 7] = 48 + (s % 10);
  }
}
