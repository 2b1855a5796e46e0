/** Internal, indexed form of the tables, built once by build.ts. */
import type { Zone } from './zone.js';
import type { Currency, CurrencyHoliday, Market, MarketHoliday, RegionalHolidayRow, Schedule } from './types.js';

/** A schedule row compiled for generation: parsed times, masks and resolved references. */
export interface CompiledRow {
  rec: Schedule;
  /** Position in the §3 order of the market's schedules (the final tie-break). */
  order: number;
  zone: Zone;
  timezone: string;
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
}

export interface MarketEntry {
  market: Market;
  /** Sorted by date; `holidayDays[i]` is the epoch day of `holidays[i]`. */
  holidays: MarketHoliday[];
  holidayDays: Int32Array;
  /** The holiday that decides a day's schedule group (the first row of that date). */
  holidayByDay: Map<number, MarketHoliday>;
  schedules: Schedule[];
  /** Lower-cased schedule group → rows in the order of engine-semantics §4 step 5. */
  groups: Map<string, CompiledRow[]>;
  /** Days of look-back needed to catch phases that began before a range (≥ 2). */
  lookBack: number;
  minDay: number;
  maxDay: number;
  zone: Zone | null;
}

export interface CurrencyEntry {
  currency: Currency;
  holidays: CurrencyHoliday[];
  holidayDays: Int32Array;
  /** Days with a holiday row whose settlement is `No` → the first such row (file order). */
  closedByDay: Map<number, CurrencyHoliday>;
  /** Bit mask (bit 0 = Monday) of `weekend_definition`, default Sat-Sun; null when it does not parse. */
  weekendMask: number | null;
  /** Row of the currency in currencies.csv (for data errors). */
  row: number;
  /** Coverage window: span of the holiday rows, else 2000-01-01 to Dec 31 of the fallback year. */
  minDay: number;
  maxDay: number;
}

export interface RegionalEntry {
  rows: RegionalHolidayRow[];
  days: Int32Array;
}

/** First index whose day is >= `day` in a sorted array. */
export function lowerBound(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
