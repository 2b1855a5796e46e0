/**
 * Phase generation (docs/semantics.md §4) and the overnight attribution built on it.
 *
 * Generation yields light `Generated` items (row, day, instants); the Phase records with their
 * ISO strings are only made for what a caller returns, so status can look at a week of phases
 * without formatting them.
 */
import {
  SECONDS_PER_DAY,
  formatInstant,
  formatWall,
  isoWeekday,
  yearOfDay,
  type EpochDay,
  type EpochSeconds,
} from '../time/dates.js';
import { DataError } from '../errors.js';
import type { CompiledRow, MarketEntry, SeasonDates } from '../tables/model.js';
import type { MarketHoliday, MarketStatus, Phase } from '../types.js';
import { REGULAR_GROUP } from '../params/vocabulary.js';
import { weekdayBit } from '../time/weekdays.js';
import type { Zone } from '../time/zone.js';

export interface Generated {
  row: CompiledRow;
  /** Local day the phase starts on (the day its schedule group was chosen for). */
  day: EpochDay;
  /** Local day the phase ends on, and so belongs to: day + offset_days. */
  endDay: EpochDay;
  start: EpochSeconds;
  end: EpochSeconds;
  startOffset: number;
  endOffset: number;
}

function seasonDay(row: CompiledRow, s: SeasonDates, year: number): number {
  // A year with a problem (a bad or duplicate definition row) has no date, even when one of
  // its rows could be read.
  const day = s.problems.size !== 0 && s.problems.has(year) ? undefined : s.byYear.get(year);
  if (day === undefined) {
    const why = s.problems.get(year) ?? `season '${s.name}' has no definition for ${year} in season-definitions.csv`;
    throw new DataError(`${row.where}: ${why}`, { table: 'schedules' });
  }
  return day;
}

/** Steps 2 and 3: in force and in season on `day`. */
function applies(row: CompiledRow, day: number): boolean {
  if (day < row.inForceStart || day > row.inForceEnd) return false;
  if (row.seasonStart === null || row.seasonEnd === null) return true;
  const year = yearOfDay(day);
  const start = seasonDay(row, row.seasonStart, year);
  const end = seasonDay(row, row.seasonEnd, year);
  // A season that ends before it starts wraps the new year.
  return end < start ? day <= end || day >= start : day >= start && day <= end;
}

/**
 * Steps 1–5 for one local day: the rows that make its phases, in step-5 order, written into
 * `out` from its start; answers how many. Entries past that count are left as they were, so one
 * array serves every day without being cut (cutting an array to length 0 drops its storage).
 */
export function rowsForDay(entry: MarketEntry, day: EpochDay, out: CompiledRow[]): number {
  const holiday = entry.scheduleByDay.get(day);
  const group = holiday ? (holiday.schedule ?? '').toLowerCase() : REGULAR_GROUP;
  const rows = entry.groups.get(group);
  if (!rows) return 0;
  // Only a holiday row that says "Regular" (a make-up trading day) may borrow another weekday.
  const fallback = holiday !== undefined && group === REGULAR_GROUP;
  const wd = isoWeekday(day);
  const bit = weekdayBit(wd);
  let n = 0;
  for (const r of rows) if (r.dayMask & bit && applies(r, day)) out[n++] = r;
  if (n > 0 || !fallback) return n;
  // Step 4 fallback: the nearest earlier weekday that has rows, wrapping Monday to Sunday.
  let candidates = 0;
  for (const r of rows) if (applies(r, day)) candidates |= r.dayMask;
  if (candidates === 0) return 0;
  for (let k = 1; k <= 6; k++) {
    const w = ((wd - 1 - k + 14) % 7) + 1;
    const b = weekdayBit(w);
    if (candidates & b) {
      for (const r of rows) if (r.dayMask & b && applies(r, day)) out[n++] = r;
      return n;
    }
  }
  return 0;
}

/**
 * How many days before a range generation starts, so that phases which began before the range
 * and end inside it are caught (docs/semantics.md §4: exactly two, as the reference client does;
 * a phase with a longer offset that began earlier is not part of the range's answer).
 */
export const LOOK_BACK_DAYS = 2;

/** Which schedule rows to make phases of (all when absent): rows left out cost nothing. */
export type RowFilter = (row: CompiledRow) => boolean;

/**
 * docs/semantics.md §4: every phase that touches [startDay, endDay], in generation order (the
 * local day a phase starts on, then step 5). That is the phases starting on a day of the range
 * (whatever their end) and those that began in the look-back and do not end before the range.
 * Day-level answers attribute these by `endDay` themselves (see `phasesByEndDay`).
 */
export function generate(entry: MarketEntry, startDay: EpochDay, endDay: EpochDay, keep?: RowFilter): Generated[] {
  return generateFrom(entry, Math.max(startDay - LOOK_BACK_DAYS, entry.minDay), endDay, startDay, keep);
}

/**
 * The phases of the days `fromDay`..`toDay` (in generation order) that do not end before
 * `rangeStart`. `generate` is this from the look-back on; a long range can be produced as the
 * concatenation of consecutive day spans (the first one starting at the look-back).
 */
export function generateFrom(
  entry: MarketEntry,
  fromDay: EpochDay,
  toDay: EpochDay,
  rangeStart: EpochDay,
  keep?: RowFilter,
): Generated[] {
  const out: Generated[] = [];
  eachGenerated(entry, fromDay, toDay, rangeStart, (g) => out.push(copyOf(g)), keep);
  return out;
}

function copyOf(g: Generated): Generated {
  return {
    row: g.row,
    day: g.day,
    endDay: g.endDay,
    start: g.start,
    end: g.end,
    startOffset: g.startOffset,
    endOffset: g.endOffset,
  };
}

/**
 * The phases of `generateFrom`, in its order, handed to `visit` one at a time in one object
 * reused for every phase (a writer of bytes then makes no object per phase; copy what is kept).
 */
export function eachGenerated(
  entry: MarketEntry,
  fromDay: EpochDay,
  toDay: EpochDay,
  rangeStart: EpochDay,
  visit: (g: Generated) => void,
  keep?: RowFilter,
): void {
  const rows: CompiledRow[] = [];
  const g: Generated = {
    row: undefined as unknown as CompiledRow,
    day: 0,
    endDay: 0,
    start: 0,
    end: 0,
    startOffset: 0,
    endOffset: 0,
  };
  for (let day = fromDay; day <= toDay; day++) {
    const n = rowsForDay(entry, day, rows);
    for (let i = 0; i < n; i++) {
      const row = rows[i]!;
      if (keep && !keep(row)) continue;
      const endDayOfPhase = day + row.offsetDays;
      // Step 6: only phases that end before the range are dropped.
      if (endDayOfPhase < rangeStart) continue;
      const zone: Zone = row.zone;
      g.row = row;
      g.day = day;
      g.endDay = endDayOfPhase;
      g.start = zone.resolve(day, row.startSec);
      g.startOffset = zone.lastOffset;
      g.end = zone.resolve(endDayOfPhase, row.endSec);
      g.endOffset = zone.lastOffset;
      if (
        entry.clips === null ||
        !entry.clips.has(endDayOfPhase) ||
        row.offsetDays < 0 ||
        row.offsetDays > LOOK_BACK_DAYS ||
        cut(entry, g)
      )
        visit(g);
    }
  }
}

/**
 * An override's cut of a day view (docs/overrides.md §2): false when the phase
 * is left out, else true with the phase shortened in place. Only phases of the day view are
 * cut, so the test above keeps phases that belong to no day view as they are.
 */
function cut(entry: MarketEntry, g: Generated): boolean {
  const clip = entry.clips!.get(g.endDay)!;
  // The override's time is local to the market; a market without a zone reads it in the row's.
  const local = entry.zone ?? g.row.zone;
  if (clip.close !== null) {
    const t = local.resolve(g.endDay, clip.close);
    if (g.start >= t) return false;
    if (g.end > t) {
      g.end = t;
      g.endOffset = g.row.zone.offsetAt(t);
    }
  }
  if (clip.open !== null) {
    const t = local.resolve(g.endDay, clip.open);
    if (g.end <= t) return false;
    if (g.start < t) {
      g.start = t;
      g.startOffset = g.row.zone.offsetAt(t);
    }
  }
  return true;
}

/**
 * Overnight attribution: the day view of each local day X of [startDay, endDay] (index 0 is
 * startDay), the phases of `generate(X, X)` that end on X, in generation order. A day view
 * depends on X alone, so a phase that began more than the look-back before its end day belongs
 * to none (whatever range is asked), as with one-day ranges; so does one whose row ends on an
 * earlier day than it starts (a negative offset): `generate(X, X)` drops it (§4 step 6).
 */
export function phasesByEndDay(
  entry: MarketEntry,
  startDay: EpochDay,
  endDay: EpochDay,
  keep?: RowFilter,
): Generated[][] {
  const byDay: Generated[][] = Array.from({ length: endDay - startDay + 1 }, () => []);
  // The phases of `generate`, visited: only those attributed to a day are copied.
  const from = Math.max(startDay - LOOK_BACK_DAYS, entry.minDay);
  eachGenerated(
    entry,
    from,
    endDay,
    startDay,
    (g) => {
      const span = g.endDay - g.day;
      if (g.endDay >= startDay && g.endDay <= endDay && span >= 0 && span <= LOOK_BACK_DAYS)
        byDay[g.endDay - startDay]!.push(copyOf(g));
    },
    keep,
  );
  return byDay;
}

/**
 * The PhaseResponse record of a generated phase, its instants written in `zone` (default: the
 * row's own). Its `timezone` stays the row's whatever `zone` is (docs/semantics.md §4 step 7):
 * a status answer writes date-times in the market's zone (§5) but does not rename the phase's.
 */
export function toPhase(g: Generated, zone?: Zone): Phase {
  const r = g.row;
  const sameZone = zone === undefined || zone === r.zone;
  const startOffset = sameZone ? g.startOffset : zone.offsetAt(g.start);
  const endOffset = sameZone ? g.endOffset : zone.offsetAt(g.end);
  return phaseRecord(
    r,
    sameZone ? formatWall(g.day, r.startSec, r.rec.start!, g.start, startOffset) : formatInstant(g.start, startOffset),
    sameZone ? formatWall(g.endDay, r.endSec, r.rec.end!, g.end, endOffset) : formatInstant(g.end, endOffset),
    r.timezone,
  );
}

/**
 * The PhaseResponse record of a row with its instants written: the one place that says which
 * fields a phase has, in which order (wire/row-json.ts derives the bytes of the REST answer from it).
 */
export function phaseRecord(r: CompiledRow, start: string, end: string, timezone: string | null): Phase {
  return {
    phase_type: r.phaseType,
    start,
    end,
    phase_name: r.phaseName,
    phase_memo: r.phaseMemo,
    status: r.status,
    settlement: r.settlement,
    timezone,
    has_settlement: r.hasSettlement,
    is_open: r.isOpen,
  };
}

/**
 * The MarketStatus record with its fields in answer order: the one place that says which
 * fields a status has (wire/status-json.ts cuts the JSON's constant parts out of it).
 */
export function statusRecord(
  status: MarketStatus['status'],
  reason: string | null,
  until: string | null,
  nextBell: string | null,
  phase: Phase | null,
  market: MarketStatus['market'],
): MarketStatus {
  return { status, reason, until, next_bell: nextBell, phase, market };
}

/** Whether a day view is open: its holiday row says, else any of its phases being open does. */
export function dayIsOpen(holiday: MarketHoliday | null, phases: readonly Generated[]): boolean {
  return holiday ? holiday.is_open : phases.some((g) => g.row.isOpen);
}

/** Whether a day view settles: its holiday row says, else any of its phases settling does. */
export function daySettles(holiday: MarketHoliday | null, phases: readonly Generated[]): boolean {
  return holiday ? holiday.has_settlement : phases.some((g) => g.row.hasSettlement);
}

export { SECONDS_PER_DAY };
