/**
 * Turns the loader's row arrays into indexed structures, once, so that no query scans a whole
 * table. Nothing in the rows refuses the whole dataset (docs/bulk-format.md §5): a bad row
 * is a warning naming file, line and column, and makes only the dates of the market or currency
 * it belongs to that it touches answer a DataError, for the queries computing from them.
 */
import type { DatasetCounts } from '../types.js';
import type { DataWarning } from '../errors.js';
import type { OverrideRecord } from '../types.js';
import type { CurrencyEntry, MarketEntry, RegionalEntry } from './model.js';
import type {
  Currency,
  DatasetOptions,
  Market,
  MicMappingRow,
  PhaseType,
  Plan,
  RegionalHolidayRow,
  SeasonDefinitionRow,
  Tables,
} from '../types.js';
import { ZoneRegistry } from '../time/zone.js';
import { DayIndexBuilder, dayCell, str, withExtras } from './cells.js';
import { addCurrencyHolidays, buildCurrencies } from './currencies.js';
import { BuildLog } from './log.js';
import { addHolidays, buildMarkets, setCoverage } from './markets.js';
import { addSchedules, buildPhaseTypes, buildSeasons } from './schedules.js';

export interface DatasetIndex {
  plan: Plan;
  markets: Map<string, MarketEntry>;
  /** All markets ordered by FinID. */
  marketList: Market[];
  micIndex: Map<string, string[]>;
  currencies: Map<string, CurrencyEntry>;
  currencyList: Currency[];
  phaseTypes: PhaseType[];
  regional: Map<string, RegionalEntry>;
  /** The mapping table's rows as read, null when the archive has no mic-mapping.csv. */
  micMapping: MicMappingRow[] | null;
  /** The season definitions as read, null when the archive has no season-definitions.csv. */
  seasonDefinitions: SeasonDefinitionRow[] | null;
  /** Optional tables the archive does not hold, so a listing can tell "none" from "no file". */
  absentTables: Array<'phaseTypes' | 'micMapping' | 'seasonDefinitions' | 'regionalHolidays'>;
  warnings: DataWarning[];
  counts: DatasetCounts;
  /** Coverage of an owner without holiday rows ends on Dec 31 of this year (the build's). */
  fallbackEndYear?: number;
  /** The vendor's index under an overlay of overrides (overrides.ts); absent on the vendor's own. */
  vendor?: DatasetIndex;
  /** The overrides an overlay applies. */
  applied?: readonly OverrideRecord[];
}

const orNull = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));

function buildMicIndex(
  rows: readonly MicMappingRow[] | undefined,
  markets: Map<string, MarketEntry>,
  log: BuildLog,
): Map<string, string[]> {
  const micIndex = new Map<string, string[]>();
  const add = (mic: string, finId: string, row?: number) => {
    const key = mic.trim().toUpperCase();
    const list = micIndex.get(key);
    if (!list) micIndex.set(key, [finId]);
    else if (!list.includes(finId)) list.push(finId);
    else if (row !== undefined)
      log.warn(`MIC ${key} → ${finId} is listed twice; one row is kept`, { table: 'micMapping', row, column: 'mic' });
  };
  if (rows) {
    rows.forEach((row, i) => {
      const mic = str(row.mic);
      const finId = str(row.fin_id)?.trim().toUpperCase();
      if (mic === null || !finId) {
        log.warn('a MIC mapping row without a MIC or a FinID is ignored', {
          table: 'micMapping',
          row: i,
          column: mic === null ? 'mic' : 'fin_id',
        });
        return;
      }
      if (!markets.has(finId)) {
        log.warn(`MIC ${mic} maps to ${finId}, which is not in the data; ignored`, {
          table: 'micMapping',
          row: i,
          column: 'fin_id',
        });
        return;
      }
      add(mic, finId, i);
    });
  } else {
    // Without a mapping table, the markets' own MIC column is the only source.
    for (const e of markets.values()) if (e.market.mic) add(e.market.mic, e.market.fin_id);
  }
  for (const list of micIndex.values()) list.sort();
  return micIndex;
}

function buildRegional(rows: readonly RegionalHolidayRow[], log: BuildLog): Map<string, RegionalEntry> {
  const index = new DayIndexBuilder<RegionalHolidayRow>();
  rows.forEach((row, i) => {
    const cal = str(row.calendar)?.trim();
    const date = dayCell(row.date, true);
    if (!cal || !date.ok || log.readerFault('regionalHolidays', i)) {
      log.warn(
        !cal
          ? 'a regional holiday without a calendar is ignored'
          : `a regional holiday row that cannot be read is ignored ` +
              `(${date.ok ? log.readerFault('regionalHolidays', i)!.message : date.why})`,
        {
          table: 'regionalHolidays',
          row: i,
          column: !cal ? 'calendar' : 'date',
        },
      );
      return;
    }
    index.add(
      cal.toUpperCase(),
      withExtras({ calendar: cal, date: String(row.date) } as RegionalHolidayRow, row),
      date.value!,
      i,
    );
  });
  const regional = new Map<string, RegionalEntry>();
  for (const [key, { recs, days }] of index.entries()) regional.set(key, { rows: recs, days });
  return regional;
}

const byString =
  <T>(key: (x: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

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
 * market in the per-market passes, so a caller can spread a large build over several turns of
 * its event loop. Core stays free of timers: the caller decides when to resume.
 */
export function* buildIndexSteps(tables: Tables, options: DatasetOptions = {}): Generator<void, DatasetIndex, void> {
  const log = new BuildLog(tables.sources, tables.rowFaults);
  const zones = new ZoneRegistry();
  const plan: Plan =
    options.plan ??
    (tables.schedules === undefined ? 'holidays_only' : tables.currencies === undefined ? 'no_currencies' : 'full');

  // Counted first: handed-over tables are emptied as the build reads them.
  const onDemand = tables.onDemand ?? {};
  const holidayCount = onDemand.holidays ? onDemand.holidays.count : tables.holidays.length;
  const currencyHolidayCount = onDemand.currencyHolidays
    ? onDemand.currencyHolidays.count
    : (tables.currencyHolidays?.length ?? 0);
  const handOver = tables.handOver === true;

  const markets = buildMarkets(tables.markets, log, zones);
  const latestHolidayYear = yield* addHolidays(tables.holidays, markets, log, handOver, onDemand.holidays);
  // "Current year + 5" comes from the caller: core has no clock.
  const fallbackEndYear = options.coverageEndYearWithoutHolidays ?? (latestHolidayYear || 2030);
  setCoverage(markets, fallbackEndYear);

  // Held as answered (every field present), so the listing and the change log show one record.
  const phaseTypes: PhaseType[] = (tables.phaseTypes ?? []).map((r) =>
    withExtras(
      {
        name: r.name === undefined || r.name === null ? r.name : String(r.name),
        status: orNull(r.status),
        settlement: orNull(r.settlement),
        closing_price: orNull(r.closing_price),
      },
      r,
    ),
  );
  let scheduleCount = 0;
  if (tables.schedules) {
    if (tables.schedules.length > 0 && tables.phaseTypes === undefined) {
      log.warn(
        'the archive has schedules but no phase types table (phases.csv); every schedule row has an unknown phase type',
        { table: 'phaseTypes' },
      );
    }
    scheduleCount = yield* addSchedules(
      tables.schedules,
      markets,
      buildPhaseTypes(phaseTypes, log),
      buildSeasons(tables.seasonDefinitions ?? [], log),
      zones,
      log,
    );
  }

  const micIndex = buildMicIndex(tables.micMapping, markets, log);
  const currencies = buildCurrencies(tables.currencies ?? [], log, fallbackEndYear);
  addCurrencyHolidays(tables.currencyHolidays ?? [], currencies, log, handOver, onDemand.currencyHolidays);
  const regional = buildRegional(tables.regionalHolidays ?? [], log);

  for (const [finId, f] of log.marketFaults) {
    const entry = markets.get(finId);
    if (!entry) continue;
    entry.listingFaults = f.listing.finish();
    entry.dayFaults = f.computed.finish();
  }
  for (const [code, f] of log.currencyFaults) {
    const entry = currencies.get(code);
    if (!entry) continue;
    entry.listingFaults = f.listing.finish();
    entry.dayFaults = f.computed.finish();
  }

  return {
    plan,
    markets,
    marketList: [...markets.values()].map((e) => e.market).sort(byString((m) => m.fin_id)),
    micIndex,
    currencies,
    currencyList: [...currencies.values()].map((e) => e.currency).sort(byString((c) => c.currency_code)),
    phaseTypes,
    regional,
    micMapping: tables.micMapping ?? null,
    seasonDefinitions: tables.seasonDefinitions ?? null,
    absentTables: (['phaseTypes', 'micMapping', 'seasonDefinitions', 'regionalHolidays'] as const).filter(
      (t) => tables[t] === undefined,
    ),
    warnings: log.finish(),
    fallbackEndYear,
    counts: {
      markets: markets.size,
      holidays: holidayCount,
      schedules: scheduleCount,
      phaseTypes: phaseTypes.length,
      micMappings: tables.micMapping?.length ?? 0,
      seasonDefinitions: tables.seasonDefinitions?.length ?? 0,
      currencies: currencies.size,
      currencyHolidays: currencyHolidayCount,
      regionalHolidays: tables.regionalHolidays?.length ?? 0,
    },
  };
}
