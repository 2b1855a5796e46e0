/**
 * Turns the loader's row arrays into indexed structures, once, so that no query scans a whole
 * table. Data that would make answers wrong throws a DataError naming table, row and column;
 * oddities that leave answers right become warnings.
 */
import type { DatasetCounts } from './api.js';
import { formatDay, formatTime, tryParseDay, tryParseTime } from './dates.js';
import { DataError, type DataWarning, type TableName } from './errors.js';
import type { CompiledRow, CurrencyEntry, MarketEntry, RegionalEntry, SeasonDates } from './model.js';
import type {
  Currency,
  CurrencyHoliday,
  DatasetOptions,
  Market,
  MarketHoliday,
  PhaseTypeRow,
  Plan,
  RegionalHolidayRow,
  Schedule,
  ScheduleRow,
  Tables,
} from './types.js';
import { parseDays } from './weekdays.js';
import { ZoneRegistry } from './zone.js';

export interface DatasetIndex {
  plan: Plan;
  markets: Map<string, MarketEntry>;
  /** All markets ordered by FinID. */
  marketList: Market[];
  micIndex: Map<string, string[]>;
  currencies: Map<string, CurrencyEntry>;
  currencyList: Currency[];
  phaseTypes: PhaseTypeRow[];
  regional: Map<string, RegionalEntry>;
  warnings: DataWarning[];
  counts: DatasetCounts;
}

const PRIMARY = 'primary trading session';

function str(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  const s = String(v);
  return s === '' ? null : s;
}

function fail(message: string, table: TableName, row?: number, column?: string): never {
  throw new DataError(message, { table, ...(row !== undefined ? { row } : {}), ...(column !== undefined ? { column } : {}) });
}

function requireDay(value: unknown, table: TableName, row: number, column: string): number {
  const s = str(value);
  const day = s === null ? undefined : tryParseDay(s);
  if (day === undefined) fail(`${column}: expected a date YYYY-MM-DD, got '${s ?? ''}'`, table, row, column);
  return day;
}

function optionalDay(value: unknown, table: TableName, row: number, column: string): number | null {
  return str(value) === null ? null : requireDay(value, table, row, column);
}

function requireTime(value: unknown, table: TableName, row: number, column: string): number {
  const s = str(value);
  const t = s === null ? undefined : tryParseTime(s);
  if (t === undefined) fail(`${column}: expected a time HH:MM:SS, got '${s ?? ''}'`, table, row, column);
  return t;
}

function normTime(value: unknown): string | null {
  const s = str(value);
  if (s === null) return null;
  const t = tryParseTime(s);
  return t === undefined ? s : formatTime(t);
}

function intOrNull(value: unknown, table: TableName, row: number, column: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n)) fail(`${column}: expected an integer, got '${String(value)}'`, table, row, column);
  return n;
}

/**
 * Copies the unknown columns of `row` onto `rec`. Building `rec` as a fixed literal first and
 * adding extras after keeps one hidden class for all records: spreading rows of varying
 * shapes made V8 fall back to slow dictionary objects (10x slower builds).
 */
function withExtras<T extends object>(rec: T, row: object): T {
  for (const k in row) {
    if (!Object.prototype.hasOwnProperty.call(rec, k)) (rec as Record<string, unknown>)[k] = (row as Record<string, unknown>)[k];
  }
  return rec;
}

/** Sorts records by their epoch day (stable), skipping the sort when already in order. */
function sortByDay<T>(recs: T[], days: number[]): { recs: T[]; days: Int32Array } {
  let sorted = true;
  for (let i = 1; i < days.length; i++) {
    if (days[i]! < days[i - 1]!) {
      sorted = false;
      break;
    }
  }
  if (sorted) return { recs, days: Int32Array.from(days) };
  const idx = days.map((_, i) => i).sort((a, b) => days[a]! - days[b]! || a - b);
  return { recs: idx.map((i) => recs[i]!), days: Int32Array.from(idx.map((i) => days[i]!)) };
}

/** Builds the index in one go (see buildIndexSteps). */
export function buildIndex(tables: Tables, options: DatasetOptions = {}): DatasetIndex {
  const steps = buildIndexSteps(tables, options);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * The index build as a generator that pauses (yields) every few thousand rows and once per
 * market in the per-market passes, so a caller can spread a large build over several turns
 * of its event loop. Core stays free of timers: the caller decides when to resume.
 */
export function* buildIndexSteps(tables: Tables, options: DatasetOptions = {}): Generator<void, DatasetIndex, void> {
  const warnings: DataWarning[] = [];
  const zones = new ZoneRegistry();
  const plan: Plan =
    options.plan ?? (tables.schedules === undefined ? 'holidays_only' : tables.currencies === undefined ? 'no_currencies' : 'full');

  // ---- phase types ----
  const phaseTypes = tables.phaseTypes ?? [];
  const phaseTypeByName = new Map<string, PhaseTypeRow>();
  phaseTypes.forEach((pt, i) => {
    const name = str(pt.name);
    if (name === null) fail('Name: a phase type needs a name', 'phaseTypes', i, 'name');
    const key = name.toLowerCase();
    if (phaseTypeByName.has(key)) {
      warnings.push({ message: `phase type '${name}' is listed twice; the first row is used`, location: { table: 'phaseTypes', row: i } });
      return;
    }
    phaseTypeByName.set(key, pt);
  });

  // ---- season definitions ----
  const seasons = new Map<string, SeasonDates>();
  (tables.seasonDefinitions ?? []).forEach((sd, i) => {
    const name = str(sd.season);
    if (name === null) fail('Season: empty season name', 'seasonDefinitions', i, 'season');
    const year = intOrNull(sd.year, 'seasonDefinitions', i, 'year');
    if (year === null) fail('Year: empty year', 'seasonDefinitions', i, 'year');
    const day = requireDay(sd.date, 'seasonDefinitions', i, 'date');
    const key = name.toLowerCase();
    let entry = seasons.get(key);
    if (!entry) {
      entry = { name, byYear: new Map() };
      seasons.set(key, entry);
    }
    const prev = entry.byYear.get(year);
    if (prev !== undefined && prev !== day) {
      fail(`Season '${name}' has two different dates for ${year}`, 'seasonDefinitions', i, 'date');
    }
    entry.byYear.set(year, day);
  });

  // ---- markets ----
  const markets = new Map<string, MarketEntry>();
  tables.markets.forEach((row, i) => {
    const finIdRaw = str(row.fin_id);
    if (finIdRaw === null) fail('FinID: a market needs a FinID', 'markets', i, 'fin_id');
    const finId = finIdRaw.trim().toUpperCase();
    if (markets.has(finId)) fail(`FinID: market ${finId} is listed twice`, 'markets', i, 'fin_id');
    const tz = str(row.timezone);
    let zone = null;
    if (tz !== null) {
      try {
        zone = zones.get(tz);
      } catch {
        fail(`Timezone: unknown time zone '${tz}' for market ${finId}`, 'markets', i, 'timezone');
      }
    }
    if (row.permanently_closed != null && str(row.permanently_closed) !== null) {
      optionalDay(row.permanently_closed, 'markets', i, 'permanently_closed');
    }
    const market: Market = withExtras({
      fin_id: finId,
      exchange_name: str(row.exchange_name),
      market_name: str(row.market_name),
      security_group: str(row.security_group),
      timezone: tz,
      weekend_definition: str(row.weekend_definition),
      mic: str(row.mic)?.toUpperCase() ?? null,
      acronym: str(row.acronym),
      asset_type: str(row.asset_type),
      memo: str(row.memo),
      permanently_closed: str(row.permanently_closed),
      replaced_by: str(row.replaced_by)?.trim().toUpperCase() ?? null,
      country_code: str(row.country_code) ?? finId.split('.')[0]!,
      holidays_min_date: null,
      holidays_max_date: null,
    } as Market, row);
    markets.set(finId, {
      market,
      holidays: [],
      holidayDays: new Int32Array(0),
      holidayByDay: new Map(),
      schedules: [],
      groups: new Map(),
      lookBack: 2,
      minDay: 0,
      maxDay: 0,
      zone,
    });
  });

  // replaced_by: a missing target or a cycle is reported at lookup time (engine-semantics §1);
  // here it is a warning so that every other market still loads.
  for (const entry of markets.values()) {
    const target = entry.market.replaced_by;
    if (target !== null && !markets.has(target)) {
      warnings.push({ message: `market ${entry.market.fin_id} is replaced by ${target}, which is not in the data`, location: { table: 'markets', column: 'replaced_by' } });
    }
  }
  for (const entry of markets.values()) {
    const seen = new Set<string>();
    let cur: MarketEntry | undefined = entry;
    while (cur && cur.market.replaced_by !== null) {
      if (seen.has(cur.market.fin_id)) {
        warnings.push({ message: `replacement chain from ${entry.market.fin_id} loops (${[...seen].join(' → ')})`, location: { table: 'markets', column: 'replaced_by' } });
        break;
      }
      seen.add(cur.market.fin_id);
      cur = markets.get(cur.market.replaced_by);
    }
  }

  // ---- market holidays ----
  let latestHolidayYear = 0;
  const tmpHolidays = new Map<string, { recs: MarketHoliday[]; days: number[] }>();
  const holidayRows = tables.holidays;
  for (let i = 0; i < holidayRows.length; i++) {
    if ((i & 2047) === 2047) yield;
    const row = holidayRows[i]!;
    const finId = str(row.fin_id)?.trim().toUpperCase();
    if (!finId) fail('FinID: a holiday needs a FinID', 'holidays', i, 'fin_id');
    if (!markets.has(finId)) fail(`FinID: holiday for unknown market ${finId}`, 'holidays', i, 'fin_id');
    const day = requireDay(row.date, 'holidays', i, 'date');
    const status = str(row.status);
    const settlement = str(row.settlement);
    const rec: MarketHoliday = withExtras(
      {
        fin_id: finId,
        date: String(row.date),
        holiday_name: str(row.holiday_name),
        schedule: str(row.schedule),
        settlement,
        observed: row.observed === true,
        memo: str(row.memo),
        status,
        has_settlement: settlement === 'Yes',
        is_open: status === 'Open',
      } as MarketHoliday,
      row,
    );
    let list = tmpHolidays.get(finId);
    if (!list) tmpHolidays.set(finId, (list = { recs: [], days: [] }));
    list.recs.push(rec);
    list.days.push(day);
  }
  for (const [finId, list] of tmpHolidays) {
    yield;
    const { recs, days } = sortByDay(list.recs, list.days);
    const entry = markets.get(finId)!;
    entry.holidays = recs;
    entry.holidayDays = days;
    for (let k = 0; k < recs.length; k++) {
      const day = days[k]!;
      if (entry.holidayByDay.has(day)) {
        warnings.push({ message: `market ${finId} has two holiday rows on ${recs[k]!.date}; the first decides the day's schedule` });
      } else entry.holidayByDay.set(day, recs[k]!);
    }
    latestHolidayYear = Math.max(latestHolidayYear, Number(recs[recs.length - 1]!.date.slice(0, 4)));
  }

  // Coverage window (bulk-format.md): earliest to latest holiday, else 2000-01-01 to Dec 31 of
  // the caller's "current year + 5".
  const fallbackEndYear = options.coverageEndYearWithoutHolidays ?? (latestHolidayYear || 2030);
  const fallbackMin = tryParseDay('2000-01-01')!;
  const fallbackMax = tryParseDay(`${String(fallbackEndYear).padStart(4, '0')}-12-31`)!;
  for (const entry of markets.values()) {
    const days = entry.holidayDays;
    entry.minDay = days.length ? days[0]! : fallbackMin;
    entry.maxDay = days.length ? days[days.length - 1]! : fallbackMax;
    entry.market.holidays_min_date = formatDay(entry.minDay);
    entry.market.holidays_max_date = formatDay(entry.maxDay);
  }

  // ---- schedules ----
  let scheduleCount = 0;
  if (tables.schedules) {
    if (tables.schedules.length > 0 && tables.phaseTypes === undefined) {
      fail('the archive has schedules but no phase types table (phases.csv)', 'phaseTypes');
    }
    const perMarket = new Map<string, { row: ScheduleRow; i: number }[]>();
    tables.schedules.forEach((row, i) => {
      const finId = str(row.fin_id)?.trim().toUpperCase();
      if (!finId) fail('FinID: a schedule row needs a FinID', 'schedules', i, 'fin_id');
      if (!markets.has(finId)) fail(`FinID: schedule row for unknown market ${finId}`, 'schedules', i, 'fin_id');
      let list = perMarket.get(finId);
      if (!list) perMarket.set(finId, (list = []));
      list.push({ row, i });
    });
    for (const [finId, list] of perMarket) {
      yield;
      const entry = markets.get(finId)!;
      const compiled = list.map(({ row, i }) => compileRow(row, i, finId, entry, phaseTypeByName, seasons, zones));
      compiled.sort(scheduleOrder);
      compiled.forEach((c, k) => (c.order = k));
      entry.schedules = compiled.map((c) => c.rec);
      const groups = new Map<string, CompiledRow[]>();
      for (const c of compiled) {
        const key = (c.rec.schedule_group ?? '').toLowerCase();
        let g = groups.get(key);
        if (!g) groups.set(key, (g = []));
        g.push(c);
        entry.lookBack = Math.max(entry.lookBack, c.offsetDays);
      }
      for (const g of groups.values()) g.sort(dayOrder);
      entry.groups = groups;
      scheduleCount += compiled.length;
    }
  }

  // ---- MIC mapping ----
  const micIndex = new Map<string, string[]>();
  const addMic = (mic: string, finId: string) => {
    const key = mic.trim().toUpperCase();
    const list = micIndex.get(key);
    if (!list) micIndex.set(key, [finId]);
    else if (!list.includes(finId)) list.push(finId);
  };
  if (tables.micMapping) {
    tables.micMapping.forEach((row, i) => {
      const mic = str(row.mic);
      const finId = str(row.fin_id)?.trim().toUpperCase();
      if (mic === null) fail('MIC: empty MIC', 'micMapping', i, 'mic');
      if (!finId) fail('FinID: empty FinID', 'micMapping', i, 'fin_id');
      if (!markets.has(finId)) {
        warnings.push({ message: `MIC ${mic} maps to ${finId}, which is not in the data; ignored`, location: { table: 'micMapping', row: i } });
        return;
      }
      addMic(mic, finId);
    });
  } else {
    // Without a mapping table, the markets' own MIC column is the only source.
    for (const e of markets.values()) if (e.market.mic) addMic(e.market.mic, e.market.fin_id);
  }
  for (const list of micIndex.values()) list.sort();

  // ---- currencies ----
  const currencies = new Map<string, CurrencyEntry>();
  (tables.currencies ?? []).forEach((row, i) => {
    const code = str(row.currency_code)?.trim().toUpperCase();
    if (!code) fail('Currency Code: empty code', 'currencies', i, 'currency_code');
    if (currencies.has(code)) fail(`Currency Code: currency ${code} is listed twice`, 'currencies', i, 'currency_code');
    currencies.set(code, {
      currency: withExtras({
        currency_code: code,
        currency_name: str(row.currency_name),
        country_code: str(row.country_code),
        central_bank: str(row.central_bank),
        financial_capital: str(row.financial_capital),
        financial_capital_timezone: str(row.financial_capital_timezone),
        weekend_definition: str(row.weekend_definition),
      } as Currency, row),
      holidays: [],
      holidayDays: new Int32Array(0),
    });
  });
  const tmpCcy = new Map<string, { recs: CurrencyHoliday[]; days: number[] }>();
  (tables.currencyHolidays ?? []).forEach((row, i) => {
    const code = str(row.currency_code)?.trim().toUpperCase();
    if (!code) fail('Currency Code: empty code', 'currencyHolidays', i, 'currency_code');
    if (!currencies.has(code)) fail(`Currency Code: holiday for unknown currency ${code}`, 'currencyHolidays', i, 'currency_code');
    const day = requireDay(row.date, 'currencyHolidays', i, 'date');
    const rec: CurrencyHoliday = withExtras(
      {
        currency_code: code,
        date: String(row.date),
        holiday_name: str(row.holiday_name),
        settlement: str(row.settlement),
        observed: row.observed === true,
        memo: str(row.memo),
      } as CurrencyHoliday,
      row,
    );
    let list = tmpCcy.get(code);
    if (!list) tmpCcy.set(code, (list = { recs: [], days: [] }));
    list.recs.push(rec);
    list.days.push(day);
  });
  for (const [code, list] of tmpCcy) {
    const { recs, days } = sortByDay(list.recs, list.days);
    const entry = currencies.get(code)!;
    entry.holidays = recs;
    entry.holidayDays = days;
  }

  // ---- regional holidays ----
  const regional = new Map<string, RegionalEntry>();
  const tmpRegional = new Map<string, { recs: RegionalHolidayRow[]; days: number[] }>();
  (tables.regionalHolidays ?? []).forEach((row, i) => {
    const cal = str(row.calendar)?.trim();
    if (!cal) fail('Calendar: empty calendar', 'regionalHolidays', i, 'calendar');
    const day = requireDay(row.date, 'regionalHolidays', i, 'date');
    const key = cal.toUpperCase();
    let list = tmpRegional.get(key);
    if (!list) tmpRegional.set(key, (list = { recs: [], days: [] }));
    list.recs.push(withExtras({ calendar: cal, date: String(row.date) } as RegionalHolidayRow, row));
    list.days.push(day);
  });
  for (const [key, list] of tmpRegional) {
    const { recs, days } = sortByDay(list.recs, list.days);
    regional.set(key, { rows: recs, days });
  }

  const marketList = [...markets.values()].map((e) => e.market).sort((a, b) => (a.fin_id < b.fin_id ? -1 : a.fin_id > b.fin_id ? 1 : 0));
  const currencyList = [...currencies.values()].map((e) => e.currency).sort((a, b) => (a.currency_code < b.currency_code ? -1 : 1));

  return {
    plan,
    markets,
    marketList,
    micIndex,
    currencies,
    currencyList,
    phaseTypes,
    regional,
    warnings,
    counts: {
      markets: markets.size,
      holidays: tables.holidays.length,
      schedules: scheduleCount,
      phaseTypes: phaseTypes.length,
      micMappings: tables.micMapping?.length ?? 0,
      seasonDefinitions: tables.seasonDefinitions?.length ?? 0,
      currencies: currencies.size,
      currencyHolidays: tables.currencyHolidays?.length ?? 0,
      regionalHolidays: tables.regionalHolidays?.length ?? 0,
    },
  };
}

function compileRow(
  row: ScheduleRow,
  i: number,
  finId: string,
  entry: MarketEntry,
  phaseTypes: Map<string, PhaseTypeRow>,
  seasons: Map<string, SeasonDates>,
  zones: ZoneRegistry,
): CompiledRow {
  const T: TableName = 'schedules';
  const phaseType = str(row.phase_type);
  if (phaseType === null) fail(`Phase Type: empty phase type in a schedule row of ${finId}`, T, i, 'phase_type');
  const pt = phaseTypes.get(phaseType.toLowerCase());
  if (!pt) fail(`Phase Type: unknown phase type '${phaseType}' (not in phases.csv) in a schedule row of ${finId}`, T, i, 'phase_type');
  const days = str(row.days);
  if (days === null) fail(`Days: empty days in a schedule row of ${finId}`, T, i, 'days');
  let dayMask: number;
  try {
    dayMask = parseDays(days);
  } catch (e) {
    fail(`Days: ${(e as Error).message}`, T, i, 'days');
  }
  const startSec = requireTime(row.start, T, i, 'start');
  const endSec = requireTime(row.end, T, i, 'end');
  const offsetDays = intOrNull(row.offset_days, T, i, 'offset_days') ?? 0;
  if (offsetDays < 0) fail(`Offset Days: must not be negative, got ${offsetDays}`, T, i, 'offset_days');
  if (offsetDays === 0 && endSec < startSec) {
    fail(`End: ${formatTime(endSec)} is before Start ${formatTime(startSec)} on the same day (Offset Days is 0)`, T, i, 'end');
  }
  const durationCol = intOrNull(row.duration, T, i, 'duration');
  const tz = str(row.timezone) ?? entry.market.timezone;
  if (tz === null) fail(`Timezone: no time zone for a schedule row of ${finId} (and none on the market)`, T, i, 'timezone');
  let zone;
  try {
    zone = zones.get(tz);
  } catch {
    fail(`Timezone: unknown time zone '${tz}'`, T, i, 'timezone');
  }
  const ifs = optionalDay(row.in_force_start_date, T, i, 'in_force_start_date');
  const ife = optionalDay(row.in_force_end_date, T, i, 'in_force_end_date');
  const ssName = str(row.season_start);
  const seName = str(row.season_end);
  const hasSeason = ssName !== null && seName !== null;
  const season = (name: string, column: string): SeasonDates => {
    const s = seasons.get(name.toLowerCase());
    if (!s) fail(`${column === 'season_start' ? 'Season Start' : 'Season End'}: season '${name}' has no definition in season-definitions.csv`, T, i, column);
    return s;
  };
  const seasonStart = hasSeason ? season(ssName, 'season_start') : null;
  const seasonEnd = hasSeason ? season(seName, 'season_end') : null;
  const startStr = formatTime(startSec);
  const endStr = formatTime(endSec);
  const status = str(pt.status);
  const settlement = str(pt.settlement);
  const rec: Schedule = withExtras({
    fin_id: finId,
    schedule_group: str(row.schedule_group),
    schedule_group_memo: str(row.schedule_group_memo),
    timezone: tz,
    phase_type: phaseType,
    phase_name: str(row.phase_name),
    phase_memo: str(row.phase_memo),
    days,
    start: startStr,
    end: endStr,
    offset_days: intOrNull(row.offset_days, T, i, 'offset_days'),
    duration: durationCol,
    min_start: normTime(row.min_start),
    max_start: normTime(row.max_start),
    min_end: normTime(row.min_end),
    max_end: normTime(row.max_end),
    in_force_start_date: ifs === null ? null : formatDay(ifs),
    in_force_end_date: ife === null ? null : formatDay(ife),
    season_start: ssName,
    season_end: seName,
    has_season: hasSeason,
    end_with_offset: offsetDays !== 0 ? `${endStr} +${offsetDays}` : endStr,
  } as Schedule, row);
  return {
    rec,
    order: i,
    zone,
    timezone: tz,
    dayMask,
    startSec,
    endSec,
    offsetDays,
    duration: durationCol ?? endSec + offsetDays * 86_400 - startSec,
    inForceStart: ifs ?? Number.NEGATIVE_INFINITY,
    inForceEnd: ife ?? Number.POSITIVE_INFINITY,
    seasonStart,
    seasonEnd,
    isPrimary: phaseType.toLowerCase().includes(PRIMARY),
    phaseType,
    phaseName: rec.phase_name,
    phaseMemo: rec.phase_memo,
    status,
    settlement,
    isOpen: status === 'Open',
    hasSettlement: settlement === 'Yes',
  };
}

/** Empty sorts first; otherwise plain code-unit order. */
function cmpNullable(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** engine-semantics §3: group, in-force start, season start, start, end, then file order. */
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

/** engine-semantics §4 step 5: start, duration, primary sessions first, then §3 order. */
function dayOrder(a: CompiledRow, b: CompiledRow): number {
  return a.startSec - b.startSec || a.duration - b.duration || Number(b.isPrimary) - Number(a.isPrimary) || a.order - b.order;
}
