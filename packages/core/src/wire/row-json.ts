/**
 * The JSON of a phase, from its schedule row's constant parts: what a phase's JSON holds besides
 * its two instants depends on its row alone, so it is encoded once per row (json.ts says how),
 * and per phase only the instants are written.
 */
import { SECONDS_PER_DAY, formatOffset, type EpochDay, type EpochSeconds } from '../time/dates.js';
import type { Zone } from '../time/zone.js';
import { phaseRecord, type Generated } from '../rules/generate.js';
import type { CompiledRow, MarketEntry } from '../tables/model.js';
import type { ByteWriter } from './byte-writer.js';

const encoder = new TextEncoder();

/**
 * The constant parts of one row's phase JSON. A phase is written as `head`, the start date,
 * the start's rest (`T`, the row's start time, the offset, `","end":"`), the end date and the
 * end's rest (`T`, end time, offset and the fields after `end`). The rests depend on the
 * offset in force; each is kept for the offset last used (they change twice a year at most).
 */
export interface RowJson {
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
export interface EntryJson {
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

export function jsonOf(entry: MarketEntry): EntryJson {
  let j = entryJson.get(entry);
  if (!j) entryJson.set(entry, (j = { rows: [], endsEarly: undefined, phaseBytesPerDay: 2048, dayBytesPerDay: 2048 }));
  return j;
}

/** `formatWall`'s test: the instant is the row's wall time on `day` (no gap moved it, not 24:00). */
function onWall(day: EpochDay, secondsOfDay: number, instant: EpochSeconds, offset: number): boolean {
  return secondsOfDay < SECONDS_PER_DAY && instant + offset === day * SECONDS_PER_DAY + secondsOfDay;
}

/** One phase in its own zone: `JSON.stringify(toPhase(g))`. */
export function writePhase(w: ByteWriter, g: Generated, parts: (RowJson | undefined)[]): void {
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
export function writePhaseIn(w: ByteWriter, g: Generated, zone: Zone, parts: (RowJson | undefined)[]): void {
  const j = (parts[g.row.order] ??= rowJson(g.row));
  w.bytes(j.head);
  w.instant(g.start, zone.offsetAt(g.start));
  w.bytes(j.mid);
  w.instant(g.end, zone.offsetAt(g.end));
  w.bytes(j.tail);
}
