/**
 * The pieces of the bad-row tests (docs/bulk-format.md §5): the fixture built with the files
 * and column names its rows came from, so a bad row's error names them; the DataError a query
 * answers; the line a row pushed onto the fixture stands on.
 */
import { expect } from 'vitest';
import { DataError, Dataset, type Tables } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

/** Where each table's rows came from: its file and the headers of the columns the tests name. */
export const SOURCES: Tables['sources'] = {
  markets: { file: 'csv/markets.csv', headers: { fin_id: 'FinID', timezone: 'Timezone' } },
  holidays: { file: 'csv/holidays.csv', headers: { fin_id: 'FinID', date: 'Date', holiday_name: 'Holiday Name' } },
  schedules: {
    file: 'csv/schedules.csv',
    headers: {
      phase_type: 'Phase Type',
      days: 'Days',
      start: 'Start',
      end: 'End',
      offset_days: 'Offset Days',
      in_force_start_date: 'In Force Start Date',
    },
  },
  currencyHolidays: { file: 'csv/currency-holidays.csv', headers: { date: 'Date' } },
  currencies: { file: 'csv/currencies.csv' },
};

/** The tables of `base` (the fixture unless told) with SOURCES, changed by `mutate`, as a dataset. */
export function buildWithSources(mutate: (t: Tables) => void, base: () => Tables = fixtureTables): Dataset {
  const t = base();
  t.sources = SOURCES;
  mutate(t);
  return Dataset.create(t);
}

/** The DataError `f` throws. */
export function errorOf(f: () => unknown): DataError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(DataError);
    return e as DataError;
  }
  throw new Error('expected a DataError');
}

/** The line of a holiday row pushed onto the fixture's (header first, lines from 1). */
export const holidayLine = () => fixtureTables().holidays.length + 2;
/** The line of a schedule row pushed onto the fixture's. */
export const scheduleLine = () => fixtureTables().schedules!.length + 2;
