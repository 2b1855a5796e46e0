/** currencies.csv and currency-holidays.csv → currency entries with their settlement holidays. */
import { formatDay, tryParseDay } from '../time/dates.js';
import type { TableName } from '../errors.js';
import type { CurrencyEntry } from './model.js';
import type { Currency, CurrencyHoliday, CurrencyHolidayRow, CurrencyRow, RowsOnDemand } from '../types.js';
import { DEFAULT_WEEKEND, NO } from '../params/vocabulary.js';
import { parseDays } from '../time/weekdays.js';
import { DayIndexBuilder, ReadRows, dayCell, sameRow, str, withExtras } from './cells.js';
import type { BuildLog } from './log.js';
import { duplicateKey, touchedByDate } from './markets.js';

const DEFAULT_WEEKEND_MASK = parseDays(DEFAULT_WEEKEND);

/**
 * A currency's weekend (`Weekend Definition`, default Sat-Sun). One that does not parse is a
 * warning here and a data error for the queries that need the currency's business days (see
 * CurrencyCalendar), so its holiday list and every other currency keep working.
 */
function weekendMask(value: string | null, code: string, row: number, log: BuildLog): number | null {
  if (value === null || value.trim() === '') return DEFAULT_WEEKEND_MASK;
  try {
    return parseDays(value);
  } catch (e) {
    log.warn(
      `currency ${code}: Weekend Definition '${value}' does not parse (${(e as Error).message}); its business days ` +
        `are unavailable`,
      { table: 'currencies', row, column: 'weekend_definition' },
      { currency: code },
    );
    return null;
  }
}

/** `fallbackEndYear`: coverage of a currency without holiday rows ends on Dec 31 of it (as for markets). */
export function buildCurrencies(
  rows: readonly CurrencyRow[],
  log: BuildLog,
  fallbackEndYear: number,
): Map<string, CurrencyEntry> {
  const fallbackMin = tryParseDay('2000-01-01')!;
  const fallbackMax = tryParseDay(`${String(fallbackEndYear).padStart(4, '0')}-12-31`)!;
  const T: TableName = 'currencies';
  const currencies = new Map<string, CurrencyEntry>();
  const firstRow = new Map<string, number>();
  rows.forEach((row, i) => {
    const code = str(row.currency_code)?.trim().toUpperCase();
    if (!code) {
      log.warn('a currency row without a code is ignored', { table: T, row: i, column: 'currency_code' });
      return;
    }
    const earlier = firstRow.get(code);
    if (earlier !== undefined) {
      // A duplicate key is a bad row even when the cells agree (docs/bulk-format.md §5).
      const how = sameRow(rows[earlier]!, row) ? 'the same' : 'different';
      log.badCurrencyRow(
        code,
        'listing',
        'all',
        { table: T, row: i, column: 'currency_code' },
        `duplicate key Currency Code ${code}: currency ${code} is listed twice with ${how} cells (also ` +
          `${log.where(T, earlier)})`,
      );
      return;
    }
    firstRow.set(code, i);
    const fault = log.readerFault(T, i);
    if (fault)
      log.badCurrencyRow(
        code,
        'listing',
        'all',
        { table: T, row: i, ...(fault.column ? { column: fault.column } : {}) },
        fault.message,
      );
    currencies.set(code, {
      currency: withExtras(
        {
          currency_code: code,
          currency_name: str(row.currency_name),
          country_code: str(row.country_code),
          central_bank: str(row.central_bank),
          financial_capital: str(row.financial_capital),
          financial_capital_timezone: str(row.financial_capital_timezone),
          weekend_definition: str(row.weekend_definition),
        } as Currency,
        row,
      ),
      holidays: [],
      holidayDays: new Int32Array(0),
      listingFaults: null,
      dayFaults: null,
      duplicates: null,
      closedByDay: new Map(),
      weekendMask: weekendMask(str(row.weekend_definition), code, i, log),
      row: i,
      minDay: fallbackMin,
      maxDay: fallbackMax,
    });
  });
  return currencies;
}

export function addCurrencyHolidays(
  rows: readonly CurrencyHolidayRow[],
  currencies: Map<string, CurrencyEntry>,
  log: BuildLog,
  handOver = false,
  onDemand?: RowsOnDemand<CurrencyHolidayRow>,
): void {
  const T = 'currencyHolidays' as const;
  const index = new DayIndexBuilder<CurrencyHoliday>();
  const read = new ReadRows(rows, handOver, [], onDemand);
  for (let i = 0; i < read.count; i++) {
    const row = read.row(i);
    read.done(i, row, currencyHolidayRecord(row, i));
  }
  function currencyHolidayRecord(row: CurrencyHolidayRow, i: number): CurrencyHoliday | null {
    const cell = str(row.currency_code)?.trim().toUpperCase();
    if (!cell) {
      log.warn('a currency holiday row without a code is ignored', { table: T, row: i, column: 'currency_code' });
      return null;
    }
    const currency = currencies.get(cell)?.currency;
    if (!currency) {
      log.warn(`currency holiday row for ${cell}, which is not in currencies.csv; ignored`, {
        table: T,
        row: i,
        column: 'currency_code',
      });
      return null;
    }
    // The currency's own string, shared by its rows (the upper-cased cell is a new string per row).
    const code = currency.currency_code;
    const fault = log.readerFault(T, i);
    const date = dayCell(row.date, true);
    if (fault) {
      log.badCurrencyRow(
        code,
        'listing',
        touchedByDate(date, fault.column),
        { table: T, row: i, ...(fault.column ? { column: fault.column } : {}) },
        fault.message,
      );
      return null;
    }
    if (!date.ok) {
      log.badCurrencyRow(code, 'listing', 'all', { table: T, row: i, column: 'date' }, date.why);
      return null;
    }
    const rec: CurrencyHoliday = withExtras(
      {
        currency_code: code,
        date: formatDay(date.value!),
        holiday_name: str(row.holiday_name),
        settlement: str(row.settlement),
        observed: row.observed === true,
        memo: str(row.memo),
      } as CurrencyHoliday,
      row,
    );
    index.add(code, rec, date.value!, i);
    return rec;
  }
  for (const [code, { recs, days, rowIndex }] of index.entries()) {
    const entry = currencies.get(code)!;
    // As for markets: every row is listed, a date's first row decides, two rows fault the date.
    for (let k = 0; k < recs.length; ) {
      const day = days[k]!;
      let n = k + 1;
      while (n < recs.length && days[n] === day) n++;
      if (recs[k]!.settlement === NO) entry.closedByDay.set(day, recs[k]!);
      if (n - k > 1) {
        const lines = duplicateKey(
          log,
          T,
          '(Currency Code, Date)',
          code,
          day,
          rowIndex.subarray(k, n),
          (j) => read.same(rowIndex[k]!, recs[k]!, rowIndex[k + j]!, recs[k + j]!),
          'currency',
        );
        (entry.duplicates ??= new Map()).set(day, lines);
      }
      k = n;
    }
    entry.holidays = recs;
    entry.holidayDays = days;
    if (recs.length === 0) continue;
    // Coverage window of a currency (docs/calendar-arithmetic.md §4): the span of its holiday rows.
    entry.minDay = days[0]!;
    entry.maxDay = days[days.length - 1]!;
  }
  read.finish();
}
