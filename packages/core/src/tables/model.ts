/** Internal, indexed form of the tables, built once by build/. */
import type { EpochDay } from '../time/dates.js';
import type { DataError } from '../errors.js';
import type { Zone } from '../time/zone.js';
import type { Currency, CurrencyHoliday, Market, MarketHoliday, RegionalHolidayRow, Schedule } from '../types.js';

/** A schedule row compiled for generation: parsed times, masks and resolved references. */
export interface CompiledRow {
  rec: Schedule;
  /** Position in the §3 order of the market's schedules (the final tie-break). */
  order: number;
  /** File and line of the row, for data errors found while generating (a season's year). */
  where: string;
  /** The zone instants are computed in: the row's, else its market's. */
  zone: Zone;
  /** The row's own Timezone cell, null when empty (what schedules and phases answer). */
  timezone: string | null;
  dayMask: number;
  startSec: number;
  endSec: number;
  offsetDays: number;
  /** Seconds; the Duration column when given, otherwise computed. Used for ordering only. */
  duration: number;
  inForceStart: number;
  inForceEnd: number;
  /** Season dates by year, or null when the row has no season. */
  seasonStart: SeasonDates | null;
  seasonEnd: SeasonDates | null;
  isPrimary: boolean;
  phaseType: string;
  phaseName: string | null;
  phaseMemo: string | null;
  status: string | null;
  settlement: string | null;
  isOpen: boolean;
  hasSettlement: boolean;
}

export interface SeasonDates {
  name: string;
  byYear: Map<number, number>;
  /** Years whose definition is unusable (a bad row, two different dates), with why. */
  problems: Map<number, string>;
}

export interface MarketEntry {
  market: Market;
  /** Index of the market's row in markets.csv. */
  row: number;
  /** Sorted by date; `holidayDays[i]` is the epoch day of `holidays[i]`. */
  holidays: MarketHoliday[];
  holidayDays: Int32Array;
  /**
   * The holiday that decides a day's schedule group (the first row of that date). A date with
   * two rows keeps both in `holidays` (listings answer them as written) and is a fault day of
   * `dayFaults`, so no computation reads this one silently.
   */
  holidayByDay: Map<number, MarketHoliday>;
  /**
   * The holiday row that chooses a day's schedule group (docs/semantics.md §4 step 1). The same
   * map as `holidayByDay`, except on a date an early-close or late-open override answers for:
   * its phases are the vendor's day cut at the override's time (overrides.ts), so generation
   * keeps reading the vendor's row while every day-level answer reads the override's.
   */
  scheduleByDay: Map<number, MarketHoliday>;
  /** Dates whose day view an override cuts (early close, late open); null when none. */
  clips: Map<number, DayClip> | null;
  schedules: Schedule[];
  /** Lower-cased schedule group → rows in the order of docs/semantics.md §4 step 5. */
  groups: Map<string, CompiledRow[]>;
  minDay: EpochDay;
  maxDay: EpochDay;
  zone: Zone | null;
  /** Dates whose holiday listing is a data error (a bad holiday or market row); null when none. */
  listingFaults: DayFaults | null;
  /** Dates no answer may be computed from (every bad row of the market); null when none. */
  dayFaults: DayFaults | null;
  /** Dates with two or more holiday rows → the file and line of each (an iCalendar feed names them). */
  duplicates: Map<number, string[]> | null;
}

/** An override's cut of one day view: local seconds of the day, null where that side is not cut. */
export interface DayClip {
  open: number | null;
  close: number | null;
}

export interface CurrencyEntry {
  currency: Currency;
  holidays: CurrencyHoliday[];
  holidayDays: Int32Array;
  /** Dates whose holiday listing is a data error (a bad currency or currency-holiday row); null when none. */
  listingFaults: DayFaults | null;
  /** Dates no business day may be computed from (also a date with two holiday rows); null when none. */
  dayFaults: DayFaults | null;
  /** Dates with two or more holiday rows → the file and line of each. */
  duplicates: Map<number, string[]> | null;
  /**
   * Days with a holiday row whose settlement is `No` → the first such row (file order); a date with two rows
   * is a fault day.
   */
  closedByDay: Map<number, CurrencyHoliday>;
  /** Bit mask (bit 0 = Monday) of `weekend_definition`, default Sat-Sun; null when it does not parse. */
  weekendMask: number | null;
  /** Row of the currency in currencies.csv (for data errors). */
  row: number;
  /** Coverage window: span of the holiday rows, else 2000-01-01 to Dec 31 of the fallback year. */
  minDay: number;
  maxDay: number;
}

/**
 * The dates bad rows touch (docs/bulk-format.md §5), as disjoint spans sorted by date, each
 * with the error a query computing from one of its dates answers. Kept per market or currency
 * and absent (null) for the many that have no bad row, so the hot paths pay one null check.
 */
export interface DayFaults {
  /** A fault that touches every date (a row whose dates cannot be read, a bad market row). */
  all: DataError | null;
  /** First and last epoch day of each span, both strictly increasing. */
  from: Int32Array;
  to: Int32Array;
  errors: DataError[];
  /**
   * The spans as the rows gave them, before they were merged: an override that settles a date's
   * holiday rows takes away their spans and merges the rest again (overrides.ts).
   */
  spans: readonly FaultSpan[];
}

export interface FaultSpan {
  from: number;
  to: number;
  error: DataError;
}

/** The error of the first faulty date of `fromDay`..`toDay` (inclusive), or null. */
export function faultIn(faults: DayFaults | null, fromDay: number, toDay: number): DataError | null {
  if (faults === null) return null;
  if (faults.all) return faults.all;
  const i = lowerBound(faults.to, fromDay);
  return i < faults.to.length && faults.from[i]! <= toDay ? faults.errors[i]! : null;
}

/** Throws the error of the first faulty date of `fromDay`..`toDay`. */
export function checkDays(faults: DayFaults | null, fromDay: number, toDay: number): void {
  if (faults === null) return;
  const e = faultIn(faults, fromDay, toDay);
  if (e) throw e;
}

export interface RegionalEntry {
  rows: RegionalHolidayRow[];
  days: Int32Array;
}

/** First index whose value is >= `day` in a sorted array (days, or instants). */
export function lowerBound(days: Int32Array | Float64Array, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
