/** markets.csv and holidays.csv → market entries with their holidays and coverage windows. */
import { formatDay, tryParseDay } from '../time/dates.js';
import type { MarketEntry } from './model.js';
import { walkReplacements } from './replacements.js';
import type { Market, MarketHoliday, MarketHolidayRow, MarketRow, RowsOnDemand } from '../types.js';
import { OPEN, YES } from '../params/vocabulary.js';
import type { ZoneRegistry } from '../time/zone.js';
import { DayIndexBuilder, ReadRows, dayCell, sameRow, str, withExtras, type Cell } from './cells.js';
import type { BuildLog, Touched } from './log.js';

/**
 * docs/bulk-format.md §3: the FinID's part before the first dot "unless the file carries a column of
 * that name", and an empty cell is null. So with the column an empty cell answers null, not
 * the prefix. The loader gives every row all the file's columns (null when empty); a library
 * caller says "the column exists" by giving the key, even with null.
 */
function countryCode(row: MarketRow, finId: string): string | null {
  return row.country_code === undefined ? finId.split('.')[0]! : str(row.country_code);
}

export function buildMarkets(rows: readonly MarketRow[], log: BuildLog, zones: ZoneRegistry): Map<string, MarketEntry> {
  const markets = new Map<string, MarketEntry>();
  const firstRow = new Map<string, number>();
  rows.forEach((row, i) => {
    const finIdRaw = str(row.fin_id);
    if (finIdRaw === null) {
      log.warn('a market row without a FinID is ignored', { table: 'markets', row: i, column: 'fin_id' });
      return;
    }
    const finId = finIdRaw.trim().toUpperCase();
    const earlier = firstRow.get(finId);
    if (earlier !== undefined) {
      // A duplicate key is a bad row even when the cells agree (docs/bulk-format.md §5).
      const how = sameRow(rows[earlier]!, row) ? 'the same' : 'different';
      log.badMarketRow(
        finId,
        'listing',
        'all',
        { table: 'markets', row: i, column: 'fin_id' },
        `duplicate key FinID ${finId}: market ${finId} is listed twice with ${how} cells (also ` +
          `${log.where('markets', earlier)})`,
      );
      return;
    }
    firstRow.set(finId, i);
    const readerFault = log.readerFault('markets', i);
    if (readerFault)
      log.badMarketRow(
        finId,
        'listing',
        'all',
        { table: 'markets', row: i, ...(readerFault.column ? { column: readerFault.column } : {}) },
        readerFault.message,
      );
    const tz = str(row.timezone);
    let zone = null;
    if (tz !== null) {
      try {
        zone = zones.get(tz);
      } catch {
        log.badMarketRow(
          finId,
          'computed',
          'all',
          { table: 'markets', row: i, column: 'timezone' },
          `unknown time zone '${tz}' for market ${finId}`,
        );
      }
    }
    const closed = dayCell(row.permanently_closed, false);
    if (!closed.ok && !readerFault)
      log.badMarketRow(finId, 'listing', 'all', { table: 'markets', row: i, column: 'permanently_closed' }, closed.why);
    const market: Market = withExtras(
      {
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
        country_code: countryCode(row, finId),
        holidays_min_date: null,
        holidays_max_date: null,
      } as Market,
      row,
    );
    // One map until an override sets the two apart (model.ts).
    const byDay = new Map<number, MarketHoliday>();
    markets.set(finId, {
      market,
      row: i,
      holidays: [],
      holidayDays: new Int32Array(0),
      holidayByDay: byDay,
      scheduleByDay: byDay,
      clips: null,
      schedules: [],
      groups: new Map(),
      minDay: 0,
      maxDay: 0,
      zone,
      listingFaults: null,
      dayFaults: null,
      duplicates: null,
    });
  });

  // A dangling or looping replaced_by is answered at lookup (docs/semantics.md §1); here it only warns.
  for (const entry of markets.values()) {
    const walk = walkReplacements(
      entry,
      (e) => e.market.fin_id,
      (e) => e.market.replaced_by,
      (id) => markets.get(id),
    );
    const location = { table: 'markets' as const, row: entry.row, column: 'replaced_by' };
    if (walk.kind === 'missing' && walk.from === entry.market.fin_id) {
      log.warn(`market ${walk.from} is replaced by ${walk.target}, which is not in the data`, location);
    } else if (walk.kind === 'loop' && walk.target === entry.market.fin_id) {
      log.warn(
        `the replacement chain from ${entry.market.fin_id} loops (${[...walk.path, walk.target].join(' → ')})`,
        location,
      );
    }
  }
  return markets;
}

/**
 * Holiday rows into their markets. A row for a market not in the data touches nothing (a
 * warning); a bad row touches its date (every date when the date cannot be read). Two rows on
 * one date (a duplicate key, identical or not) are both kept, as the listings answer them, and
 * make that date a data error for every answer computed from it.
 * Returns the latest holiday year seen (for the coverage of markets without holidays).
 */
export function* addHolidays(
  rows: readonly MarketHolidayRow[],
  markets: Map<string, MarketEntry>,
  log: BuildLog,
  handOver = false,
  onDemand?: RowsOnDemand<MarketHolidayRow>,
): Generator<void, number, void> {
  const T = 'holidays' as const;
  const index = new DayIndexBuilder<MarketHoliday>();
  const read = new ReadRows(rows, handOver, ['has_settlement', 'is_open'], onDemand);
  for (let i = 0; i < read.count; i++) {
    if ((i & 2047) === 2047) yield;
    const row = read.row(i);
    read.done(i, row, holidayRecord(row, i, markets, log, index));
  }
  let latestYear = 0;
  for (const [finId, { recs, days, rowIndex }] of index.entries()) {
    yield;
    const entry = markets.get(finId)!;
    // Sorted by day and then file order: a date's rows are adjacent, its first row first.
    for (let k = 0; k < recs.length; ) {
      const day = days[k]!;
      let n = k + 1;
      while (n < recs.length && days[n] === day) n++;
      entry.holidayByDay.set(day, recs[k]!);
      if (n - k > 1) {
        const lines = duplicateKey(
          log,
          T,
          '(FinID, Date)',
          finId,
          day,
          rowIndex.subarray(k, n),
          (j) => read.same(rowIndex[k]!, recs[k]!, rowIndex[k + j]!, recs[k + j]!),
          'market',
        );
        (entry.duplicates ??= new Map()).set(day, lines);
      }
      k = n;
    }
    entry.holidays = recs;
    entry.holidayDays = days;
    const last = entry.holidays[entry.holidays.length - 1];
    if (last) latestYear = Math.max(latestYear, Number(last.date.slice(0, 4)));
  }
  read.finish();
  return latestYear;
}

/**
 * Two or more rows of one owner on one date: a warning per row after the first (each naming
 * the first), and one error for that date naming every line, which the answers computed from
 * the date raise. The listing keeps the rows. Returns the lines, in file order.
 */
export function duplicateKey(
  log: BuildLog,
  table: 'holidays' | 'currencyHolidays',
  key: string,
  owner: string,
  day: number,
  rowIndex: Int32Array,
  sameAsFirst: (j: number) => boolean,
  kind: 'market' | 'currency',
): string[] {
  const date = formatDay(day);
  const lines = Array.from(rowIndex, (r) => log.where(table, r));
  let allSame = true;
  for (let j = 1; j < rowIndex.length; j++) {
    const same = sameAsFirst(j);
    if (!same) allSame = false;
    log.warn(
      `duplicate key ${key}: two ${same ? 'identical' : 'different'} holiday rows for ${owner} on ${date} (also ` +
        `${lines[0]})`,
      { table, row: rowIndex[j]!, column: 'date' },
      kind === 'market' ? { market: owner } : { currency: owner },
    );
  }
  const count = rowIndex.length === 2 ? 'two' : String(rowIndex.length);
  const others = lines.filter((_, j) => j !== 1).join(' and ');
  const error = log.error(
    { table, row: rowIndex[1]!, column: 'date' },
    `duplicate key ${key}: ${count} ${allSame ? 'identical' : 'different'} holiday rows for ${owner} on ${date} ` +
      `(also ${others})`,
  );
  if (kind === 'market') log.marketFault(owner, 'computed', [[day, day]], error);
  else log.currencyFault(owner, 'computed', [[day, day]], error);
  return lines;
}

/** Row `i` of holidays.csv into `index`; its record, or null when the row is not kept. */
function holidayRecord(
  row: MarketHolidayRow,
  i: number,
  markets: Map<string, MarketEntry>,
  log: BuildLog,
  index: DayIndexBuilder<MarketHoliday>,
): MarketHoliday | null {
  const T = 'holidays' as const;
  const cell = str(row.fin_id)?.trim().toUpperCase();
  if (!cell) {
    log.warn('a holiday row without a FinID is ignored', { table: T, row: i, column: 'fin_id' });
    return null;
  }
  const market = markets.get(cell)?.market;
  if (!market) {
    log.warn(`holiday row for ${cell}, which is not in markets.csv; ignored`, { table: T, row: i, column: 'fin_id' });
    return null;
  }
  // The market's own string: the upper-cased cell is a new string per row (12 MiB for 300,000 rows).
  const finId = market.fin_id;
  const readerFault = log.readerFault(T, i);
  const date = dayCell(row.date, true);
  if (readerFault) {
    log.badMarketRow(
      finId,
      'listing',
      touchedByDate(date, readerFault.column),
      { table: T, row: i, ...(readerFault.column ? { column: readerFault.column } : {}) },
      readerFault.message,
    );
    return null;
  }
  if (!date.ok) {
    log.badMarketRow(finId, 'listing', 'all', { table: T, row: i, column: 'date' }, date.why);
    return null;
  }
  const status = str(row.status);
  const settlement = str(row.settlement);
  const rec: MarketHoliday = withExtras(
    {
      fin_id: finId,
      date: formatDay(date.value!),
      holiday_name: str(row.holiday_name),
      schedule: str(row.schedule),
      settlement,
      observed: row.observed === true,
      memo: str(row.memo),
      status,
      has_settlement: settlement === YES,
      is_open: status === OPEN,
    } as MarketHoliday,
    row,
  );
  index.add(finId, rec, date.value!, i);
  return rec;
}

/** A bad dated row touches its date, unless the date is what cannot be read. */
export function touchedByDate(date: Cell<number | null>, faultColumn: string | undefined): Touched {
  return date.ok && date.value !== null && faultColumn !== 'date' ? [[date.value, date.value]] : 'all';
}

/** Coverage (docs/bulk-format.md §4): earliest to latest holiday, else 2000-01-01 to Dec 31 of `fallbackEndYear`. */
export function setCoverage(markets: Map<string, MarketEntry>, fallbackEndYear: number): void {
  const fallbackMin = tryParseDay('2000-01-01')!;
  const fallbackMax = tryParseDay(`${String(fallbackEndYear).padStart(4, '0')}-12-31`)!;
  for (const entry of markets.values()) {
    const days = entry.holidayDays;
    entry.minDay = days.length ? days[0]! : fallbackMin;
    entry.maxDay = days.length ? days[days.length - 1]! : fallbackMax;
    entry.market.holidays_min_date = formatDay(entry.minDay);
    entry.market.holidays_max_date = formatDay(entry.maxDay);
  }
}
