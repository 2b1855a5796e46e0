/**
 * phases.csv, season-definitions.csv and schedules.csv → compiled schedule rows per market,
 * grouped and ordered for generation (docs/semantics.md §3 and §4 step 5).
 */
import { daysFromCivil, formatDay, formatTime, yearOfDay } from '../time/dates.js';
import type { TableName } from '../errors.js';
import type { CompiledRow, MarketEntry, SeasonDates } from './model.js';
import type { PhaseTypeRow, Schedule, ScheduleRow, SeasonDefinitionRow } from '../types.js';
import { OPEN, PRIMARY_SESSION, YES } from '../params/vocabulary.js';
import { parseDays } from '../time/weekdays.js';
import type { ZoneRegistry } from '../time/zone.js';
import { dayCell, intCell, sameRow, str, timeCell, withExtras } from './cells.js';
import { FIRST_DAY, LAST_DAY, type BuildLog, type Touched } from './log.js';

/** A phase type by lower-cased name; `conflict` when two different rows share the name. */
export interface PhaseTypeEntry {
  row: PhaseTypeRow;
  conflict: string | null;
}

export function buildPhaseTypes(rows: readonly PhaseTypeRow[], log: BuildLog): Map<string, PhaseTypeEntry> {
  const T: TableName = 'phaseTypes';
  const byName = new Map<string, PhaseTypeEntry & { index: number }>();
  rows.forEach((pt, i) => {
    const name = str(pt.name);
    if (name === null) {
      log.warn('a phase type without a name is ignored', { table: T, row: i, column: 'name' });
      return;
    }
    const key = name.toLowerCase();
    const prev = byName.get(key);
    if (!prev) {
      byName.set(key, { row: pt, conflict: null, index: i });
    } else {
      // A duplicate key is a bad row even when the cells agree (docs/bulk-format.md §5).
      const how = sameRow(prev.row, pt) ? 'identical' : 'different';
      prev.conflict ??=
        `duplicate key Name: phase type '${name}' has two ${how} rows in phases.csv ` +
        `(${log.where(T, prev.index)} and ${log.where(T, i)})`;
      log.warn(
        `duplicate key Name: phase type '${name}' is listed twice with ` +
          `${how === 'identical' ? 'the same' : 'different'} cells; the schedule rows using it are bad rows`,
        { table: T, row: i, column: 'name' },
      );
    }
  });
  return byName;
}

export function buildSeasons(rows: readonly SeasonDefinitionRow[], log: BuildLog): Map<string, SeasonDates> {
  const T: TableName = 'seasonDefinitions';
  const seasons = new Map<string, SeasonDates>();
  const rowOf = new Map<string, number>();
  rows.forEach((sd, i) => {
    const name = str(sd.season);
    const year = intCell(sd.year);
    if (name === null || !year.ok || year.value === null) {
      log.warn(
        name === null
          ? 'a season definition without a season name is ignored'
          : `a season definition of '${name}' without a valid year is ignored`,
        { table: T, row: i, column: name === null ? 'season' : 'year' },
      );
      return;
    }
    const key = name.toLowerCase();
    let entry = seasons.get(key);
    if (!entry) seasons.set(key, (entry = { name, byYear: new Map(), problems: new Map() }));
    const y = year.value;
    const fault = log.readerFault(T, i);
    const date = dayCell(sd.date, true);
    if (fault || !date.ok) {
      const why = fault?.message ?? (date.ok ? '' : date.why);
      entry.problems.set(y, `season '${name}' for ${y} is defined by a bad row (${log.where(T, i, 'date')}: ${why})`);
      log.warn(`${why}; season '${name}' has no usable date for ${y}`, { table: T, row: i, column: 'date' });
      return;
    }
    const seen = `${key}\u0000${y}`;
    const earlier = rowOf.get(seen);
    if (earlier !== undefined) {
      // A duplicate key is a bad row even when the cells agree (docs/bulk-format.md §5): the
      // rows that need this season in this year answer a data error.
      const how = sameRow(rows[earlier]!, sd)
        ? 'two identical rows'
        : entry.byYear.get(y) === date.value
          ? 'two different rows'
          : 'two different dates';
      if (!entry.problems.has(y))
        entry.problems.set(
          y,
          `duplicate key (Season, Year): season '${name}' has ${how} for ${y} (${log.where(T, earlier)} and ` +
            `${log.where(T, i)})`,
        );
      log.warn(`duplicate key (Season, Year): season '${name}' has ${how} for ${y} (also ${log.where(T, earlier)})`, {
        table: T,
        row: i,
        column: 'year',
      });
      return;
    }
    rowOf.set(seen, i);
    entry.byYear.set(y, date.value!);
  });
  return seasons;
}

interface Context {
  finId: string;
  entry: MarketEntry;
  phaseTypes: Map<string, PhaseTypeEntry>;
  seasons: Map<string, SeasonDates>;
  zones: ZoneRegistry;
  where: string;
  log: BuildLog;
}

/** A compiled row, or why the row is bad (`everyDate`: whatever its in-force dates, it touches every date). */
type Compiled = CompiledRow | { column: string; why: string; everyDate?: true };

function undefinedSeason(name: string, row: number, column: string, c: Context): SeasonDates {
  c.log.warn(
    `season '${name}' has no definition in season-definitions.csv; the dates on which this row is in force answer a ` +
      `data error`,
    { table: 'schedules', row, column },
    { market: c.finId },
  );
  return { name, byYear: new Map(), problems: new Map() };
}

const timeOrNull = (v: unknown): string | null => {
  const t = timeCell(v, false);
  return t.ok && t.value !== null ? formatTime(t.value) : null;
};
const dayOrNull = (v: unknown): string | null => {
  const d = dayCell(v, false);
  return d.ok && d.value !== null ? formatDay(d.value) : null;
};
const intOrNull = (v: unknown): number | null => {
  const n = intCell(v);
  return n.ok ? n.value : null;
};

/**
 * The record `/schedules` answers for a row (docs/semantics.md §3: "each row answers its
 * fields"), good or bad. A cell that cannot be read as its type (a time, date or integer)
 * answers null, so every answer keeps the documented types; a text cell answers as written,
 * also when it is what makes the row bad (an unknown phase type, a bad Days value).
 */
function scheduleRecord(row: ScheduleRow, finId: string, timezone: string | null): Schedule {
  const end = timeOrNull(row.end);
  const offsetDays = intOrNull(row.offset_days) ?? 0;
  const seasonStart = str(row.season_start);
  const seasonEnd = str(row.season_end);
  return withExtras(
    {
      fin_id: finId,
      schedule_group: str(row.schedule_group),
      schedule_group_memo: str(row.schedule_group_memo),
      timezone,
      phase_type: str(row.phase_type),
      phase_name: str(row.phase_name),
      phase_memo: str(row.phase_memo),
      days: str(row.days),
      start: timeOrNull(row.start),
      end,
      offset_days: intOrNull(row.offset_days),
      duration: intOrNull(row.duration),
      min_start: timeOrNull(row.min_start),
      max_start: timeOrNull(row.max_start),
      min_end: timeOrNull(row.min_end),
      max_end: timeOrNull(row.max_end),
      in_force_start_date: dayOrNull(row.in_force_start_date),
      in_force_end_date: dayOrNull(row.in_force_end_date),
      season_start: seasonStart,
      season_end: seasonEnd,
      has_season: seasonStart !== null && seasonEnd !== null,
      end_with_offset: end !== null && offsetDays !== 0 ? `${end} +${offsetDays}` : end,
    } as Schedule,
    row,
  );
}

/** One schedule row, or the first reason it cannot be used. */
function compileRow(row: ScheduleRow, i: number, c: Context): Compiled {
  const phaseType = str(row.phase_type);
  if (phaseType === null) return { column: 'phase_type', why: 'the phase type is empty' };
  const pt = c.phaseTypes.get(phaseType.toLowerCase());
  if (!pt) return { column: 'phase_type', why: `unknown phase type '${phaseType}' (not in phases.csv)` };
  if (pt.conflict) return { column: 'phase_type', why: pt.conflict, everyDate: true };
  const days = str(row.days);
  if (days === null) return { column: 'days', why: 'the days are empty' };
  let dayMask: number;
  try {
    dayMask = parseDays(days);
  } catch (e) {
    return { column: 'days', why: `bad Days value '${days}': ${(e as Error).message}` };
  }
  const start = timeCell(row.start, true);
  if (!start.ok) return { column: 'start', why: start.why };
  const end = timeCell(row.end, true);
  if (!end.ok) return { column: 'end', why: end.why };
  const offset = intCell(row.offset_days);
  if (!offset.ok) return { column: 'offset_days', why: offset.why };
  const duration = intCell(row.duration);
  if (!duration.ok) return { column: 'duration', why: duration.why };
  for (const col of ['min_start', 'max_start', 'min_end', 'max_end'] as const) {
    const t = timeCell(row[col], false);
    if (!t.ok) return { column: col, why: t.why };
  }
  // An empty Timezone answers null (docs/semantics.md §3, §4 step 7: the row's own timezone),
  // while its instants are computed in the market's zone.
  const ownZone = str(row.timezone);
  const tz = ownZone ?? c.entry.market.timezone;
  if (tz === null)
    return { column: 'timezone', why: `no time zone for a schedule row of ${c.finId} (and none on the market)` };
  let zone;
  try {
    zone = c.zones.get(tz);
  } catch {
    return { column: 'timezone', why: `unknown time zone '${tz}'` };
  }
  const ifs = dayCell(row.in_force_start_date, false);
  if (!ifs.ok) return { column: 'in_force_start_date', why: ifs.why };
  const ife = dayCell(row.in_force_end_date, false);
  if (!ife.ok) return { column: 'in_force_end_date', why: ife.why };
  const ssName = str(row.season_start);
  const seName = str(row.season_end);
  const hasSeason = ssName !== null && seName !== null;
  let seasonStart: SeasonDates | null = null;
  let seasonEnd: SeasonDates | null = null;
  if (hasSeason) {
    // A name with no definition at all is a season missing in every year (docs/semantics.md §4
    // step 3): only a date on which the row is in force needs it, and that date answers a data
    // error naming the season and the year (generate.ts seasonDay), as for one missing year.
    seasonStart = c.seasons.get(ssName.toLowerCase()) ?? undefinedSeason(ssName, i, 'season_start', c);
    seasonEnd = c.seasons.get(seName.toLowerCase()) ?? undefinedSeason(seName, i, 'season_end', c);
  }
  const startSec = start.value!;
  const endSec = end.value!;
  const offsetDays = offset.value ?? 0;
  const status = str(pt.row.status);
  const settlement = str(pt.row.settlement);
  const rec = scheduleRecord(row, c.finId, ownZone);
  return {
    rec,
    order: i,
    where: c.where,
    zone,
    timezone: ownZone,
    dayMask,
    startSec,
    endSec,
    offsetDays,
    duration: duration.value ?? endSec + offsetDays * 86_400 - startSec,
    inForceStart: ifs.value ?? Number.NEGATIVE_INFINITY,
    inForceEnd: ife.value ?? Number.POSITIVE_INFINITY,
    seasonStart,
    seasonEnd,
    isPrimary: phaseType.toLowerCase().includes(PRIMARY_SESSION),
    phaseType,
    phaseName: rec.phase_name,
    phaseMemo: rec.phase_memo,
    status,
    settlement,
    isOpen: status === OPEN,
    hasSettlement: settlement === YES,
  };
}

/** Schedule rows into their markets; returns how many rows were compiled. */
export function* addSchedules(
  rows: readonly ScheduleRow[],
  markets: Map<string, MarketEntry>,
  phaseTypes: Map<string, PhaseTypeEntry>,
  seasons: Map<string, SeasonDates>,
  zones: ZoneRegistry,
  log: BuildLog,
): Generator<void, number, void> {
  const T: TableName = 'schedules';
  const perMarket = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const finId = str(row.fin_id)?.trim().toUpperCase();
    if (!finId) {
      log.warn('a schedule row without a FinID is ignored', { table: T, row: i, column: 'fin_id' });
      return;
    }
    if (!markets.has(finId)) {
      log.warn(`schedule row for ${finId}, which is not in markets.csv; ignored`, {
        table: T,
        row: i,
        column: 'fin_id',
      });
      return;
    }
    let list = perMarket.get(finId);
    if (!list) perMarket.set(finId, (list = []));
    list.push(i);
  });
  let count = 0;
  for (const [finId, indices] of perMarket) {
    yield;
    const entry = markets.get(finId)!;
    const compiled: CompiledRow[] = [];
    // Bad rows are listed by /schedules as written (docs/bulk-format.md §5.6: a bad schedule row reaches
    // phases, days and status), though they make no phases.
    const bad: { rec: Schedule; i: number }[] = [];
    const kept: number[] = [];
    for (const i of indices) {
      const row = rows[i]!;
      const twin = kept.find((k) => sameRow(rows[k]!, row));
      if (twin !== undefined) {
        log.warn(`an identical schedule row of ${finId} (also ${log.where(T, twin)}); one is kept`, {
          table: T,
          row: i,
          column: 'fin_id',
        });
        continue;
      }
      kept.push(i);
      const fault = log.readerFault(T, i);
      if (fault) {
        log.badMarketRow(
          finId,
          'computed',
          scheduleTouched(row, fault.column, entry, seasons),
          { table: T, row: i, ...(fault.column ? { column: fault.column } : {}) },
          fault.message,
        );
        bad.push({ rec: scheduleRecord(row, finId, str(row.timezone)), i });
        continue;
      }
      const c = compileRow(row, i, { finId, entry, phaseTypes, seasons, zones, where: log.where(T, i), log });
      if ('why' in c) {
        log.badMarketRow(
          finId,
          'computed',
          c.everyDate ? 'all' : scheduleTouched(row, c.column, entry, seasons),
          { table: T, row: i, column: c.column },
          c.why,
        );
        bad.push({ rec: scheduleRecord(row, finId, str(row.timezone)), i });
      } else compiled.push(c);
    }
    compiled.sort(scheduleOrder);
    // Before `order` turns from the file position into the §3 position.
    entry.schedules = bad.length ? listingWithBadRows(compiled, bad) : compiled.map((c) => c.rec);
    compiled.forEach((c, k) => (c.order = k));
    const groups = new Map<string, CompiledRow[]>();
    for (const c of compiled) {
      const key = (c.rec.schedule_group ?? '').toLowerCase();
      let g = groups.get(key);
      if (!g) groups.set(key, (g = []));
      g.push(c);
    }
    for (const g of groups.values()) g.sort(dayOrder);
    entry.groups = groups;
    count += compiled.length;
  }
  return count;
}

/**
 * The dates a bad schedule row touches (docs/bulk-format.md §5): those of its in-force
 * window inside the market's coverage (no answer computes from a date outside it), narrowed to
 * its season in each year whose season dates resolve; every date when an in-force date cannot
 * be read. The Days cell is not used to narrow: it may be what is wrong.
 */
function scheduleTouched(
  row: ScheduleRow,
  faultColumn: string | undefined,
  entry: MarketEntry,
  seasons: Map<string, SeasonDates>,
): Touched {
  const ifs = dayCell(row.in_force_start_date, false);
  const ife = dayCell(row.in_force_end_date, false);
  if (!ifs.ok || !ife.ok || faultColumn === 'in_force_start_date' || faultColumn === 'in_force_end_date') return 'all';
  const from = Math.max(ifs.value ?? FIRST_DAY, entry.minDay);
  const to = Math.min(ife.value ?? LAST_DAY, entry.maxDay);
  if (from > to) return [];
  const startName = str(row.season_start);
  const endName = str(row.season_end);
  if (startName === null || endName === null) return [[from, to]];
  const start = seasons.get(startName.toLowerCase());
  const end = seasons.get(endName.toLowerCase());
  const dateOf = (s: SeasonDates | undefined, y: number) =>
    s === undefined || s.problems.has(y) ? undefined : s.byYear.get(y);
  const spans: [number, number][] = [];
  const clip = (a: number, b: number) => {
    const lo = Math.max(a, from);
    const hi = Math.min(b, to);
    if (lo <= hi) spans.push([lo, hi]);
  };
  for (let y = yearOfDay(from); y <= yearOfDay(to); y++) {
    const first = daysFromCivil(y, 1, 1);
    const last = daysFromCivil(y + 1, 1, 1) - 1;
    const a = dateOf(start, y);
    const b = dateOf(end, y);
    if (a === undefined || b === undefined) clip(first, last);
    else if (b < a) {
      // A season that ends before it starts wraps the new year (generate.ts applies).
      clip(first, b);
      clip(a, last);
    } else clip(a, b);
  }
  return spans;
}

/** Empty sorts first; otherwise plain code-unit order. */
function cmpNullable(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The §3 order over good and bad rows together, on the records' fields: times and dates are
 * written HH:MM:SS and YYYY-MM-DD, so their text order is their order; an unreadable one is
 * null and sorts first, as an empty one does.
 */
function listingWithBadRows(
  compiled: readonly CompiledRow[],
  bad: readonly { rec: Schedule; i: number }[],
): Schedule[] {
  const all = [...compiled.map((c) => ({ rec: c.rec, i: c.order })), ...bad];
  all.sort(
    (a, b) =>
      cmpNullable(a.rec.schedule_group, b.rec.schedule_group) ||
      cmpNullable(a.rec.in_force_start_date, b.rec.in_force_start_date) ||
      cmpNullable(a.rec.season_start, b.rec.season_start) ||
      cmpNullable(a.rec.start, b.rec.start) ||
      cmpNullable(a.rec.end, b.rec.end) ||
      a.i - b.i,
  );
  return all.map((x) => x.rec);
}

/** docs/semantics.md §3: group, in-force start, season start, start, end, then file order. */
function scheduleOrder(a: CompiledRow, b: CompiledRow): number {
  return (
    cmpNullable(a.rec.schedule_group, b.rec.schedule_group) ||
    cmpNullable(a.rec.in_force_start_date, b.rec.in_force_start_date) ||
    cmpNullable(a.rec.season_start, b.rec.season_start) ||
    a.startSec - b.startSec ||
    a.endSec - b.endSec ||
    a.order - b.order
  );
}

/** docs/semantics.md §4 step 5: start, duration, primary sessions first, then §3 order. */
function dayOrder(a: CompiledRow, b: CompiledRow): number {
  return (
    a.startSec - b.startSec || a.duration - b.duration || Number(b.isPrimary) - Number(a.isPrimary) || a.order - b.order
  );
}
