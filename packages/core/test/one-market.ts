/**
 * XX.TEST, the one made-up market of the sessions, bars and special-sessions tests: its tables
 * from a few schedule rows and holidays, and the window and time grid of their properties.
 */
import { Dataset, tryParseDay, type MarketHolidayRow, type ScheduleRow, type Tables } from '../src/index.js';
import { PHASE_TYPES } from '../src/testing/fixture.js';

export const ID = 'XX.TEST';

/**
 * XX.TEST's tables: `rows` (offset 0 and the market's zone unless they say) and `holidays`
 * (closed days named 'Bound' unless they say), between two closed days that bound its coverage,
 * 2023-01-01 and `lastDay`.
 */
export function oneMarketTables(
  rows: Partial<ScheduleRow>[],
  holidays: Partial<MarketHolidayRow>[],
  timezone: string,
  lastDay = '2025-12-31',
): Tables {
  const hol = (date: string, extra: Partial<MarketHolidayRow> = {}): MarketHolidayRow => ({
    fin_id: ID,
    date,
    holiday_name: 'Bound',
    schedule: 'Closed',
    status: 'Closed',
    settlement: 'No',
    ...extra,
  });
  return {
    markets: [{ fin_id: ID, timezone }],
    holidays: [hol('2023-01-01'), hol(lastDay), ...holidays.map((h) => hol(h.date!, h))],
    schedules: rows.map((r) => ({ fin_id: ID, timezone, offset_days: 0, ...r })) as ScheduleRow[],
    phaseTypes: PHASE_TYPES,
    micMapping: [],
    seasonDefinitions: [],
  };
}

/** XX.TEST as a dataset covering 2023-01-01 .. 2025-12-31 (see `oneMarketTables`). */
export function oneMarket(
  rows: Partial<ScheduleRow>[],
  holidays: Partial<MarketHolidayRow>[],
  timezone: string,
): Dataset {
  return Dataset.create(oneMarketTables(rows, holidays, timezone));
}

/** The window of the property tests, as dates and as day numbers. */
export const WIN_START = '2023-01-01';
export const WIN_END = '2024-12-31';
export const winStart = tryParseDay(WIN_START)!;
export const winEnd = tryParseDay(WIN_END)!;

/** A schedule time on the property tests' grid: `minutes` after midnight as HH:MM:00. */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
