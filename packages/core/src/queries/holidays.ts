/**
 * Holidays of a market or a currency over a range (docs/semantics.md §2): slices of the kept rows,
 * refused for the dates bad rows touch (docs/bulk-format.md §5), and the dates two rows claim.
 */
import { formatDay, type EpochDay } from '../time/dates.js';
import { sliceJson } from '../wire/listing-json.js';
import { checkDayOrder } from '../params/params.js';
import { checkDays, lowerBound } from '../tables/model.js';
import type { CurrencyHoliday, DuplicateHoliday, MarketHoliday } from '../types.js';
import { QueryBase } from './base.js';
import { queriesOf, code, start, end, range, rangeArgs, type Surface } from './declare.js';

export class HolidayRules extends QueryBase {
  listHolidays(identifier: string, startDay: EpochDay, endDay: EpochDay): MarketHoliday[] {
    const { rows, from, to } = this.holidayRows(identifier, startDay, endDay);
    return rows.slice(from, to);
  }

  /** `listHolidays` as the UTF-8 bytes of its JSON, from each row's kept JSON (listing-json.ts). */
  holidayJson(identifier: string, startDay: EpochDay, endDay: EpochDay): Uint8Array {
    const { rows, from, to } = this.holidayRows(identifier, startDay, endDay);
    return sliceJson(rows, from, to);
  }

  /** The market's holiday rows of a range: the range in order, the market, then the dates of bad rows. */
  private holidayRows(
    identifier: string,
    startDay: EpochDay,
    endDay: EpochDay,
  ): { rows: MarketHoliday[]; from: number; to: number } {
    checkDayOrder(startDay, endDay);
    const entry = this.resolve(identifier, true);
    checkDays(entry.listingFaults, startDay, endDay);
    return {
      rows: entry.holidays,
      from: lowerBound(entry.holidayDays, startDay),
      to: lowerBound(entry.holidayDays, endDay + 1),
    };
  }

  /**
   * The dates of a market or currency with two or more holiday rows in the range, each with
   * the file and line of every row: the listings answer such rows as written, and a feed says
   * they conflict (docs/bulk-format.md §5).
   */
  duplicateHolidays(
    kind: 'market' | 'currency',
    key: string,
    startDay: EpochDay,
    endDay: EpochDay,
  ): DuplicateHoliday[] {
    checkDayOrder(startDay, endDay);
    const entry = kind === 'market' ? this.resolve(key, true) : this.currencyEntry(key);
    if (entry.duplicates === null) return [];
    const out: DuplicateHoliday[] = [];
    for (const [day, lines] of entry.duplicates)
      if (day >= startDay && day <= endDay) out.push({ date: formatDay(day), lines: lines.slice() });
    return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  listCurrencyHolidays(code: string, startDay: EpochDay, endDay: EpochDay): CurrencyHoliday[] {
    const { rows, from, to } = this.currencyHolidayRows(code, startDay, endDay);
    return rows.slice(from, to);
  }

  /** `listCurrencyHolidays` as the UTF-8 bytes of its JSON, from each row's kept JSON (listing-json.ts). */
  currencyHolidayJson(code: string, startDay: EpochDay, endDay: EpochDay): Uint8Array {
    const { rows, from, to } = this.currencyHolidayRows(code, startDay, endDay);
    return sliceJson(rows, from, to);
  }

  private currencyHolidayRows(
    code: string,
    startDay: EpochDay,
    endDay: EpochDay,
  ): { rows: CurrencyHoliday[]; from: number; to: number } {
    checkDayOrder(startDay, endDay);
    const entry = this.currencyEntry(code);
    checkDays(entry.listingFaults, startDay, endDay);
    return {
      rows: entry.holidays,
      from: lowerBound(entry.holidayDays, startDay),
      to: lowerBound(entry.holidayDays, endDay + 1),
    };
  }
}

const query = queriesOf<Surface<HolidayRules>>();

export const HOLIDAY_QUERIES = {
  /**
   * The market's holiday rows in the inclusive local date range, ordered by date; the dates must lie
   * in the market's coverage window.
   */
  listHolidays: query({ params: range, args: rangeArgs, run: (q, a) => q.listHolidays(a.identifier, a.start, a.end) }),
  /** The currency's settlement holidays in the inclusive date range, ordered by date. */
  listCurrencyHolidays: query({
    params: { code, start, end },
    args: ['code', 'start', 'end'],
    run: (q, a) => q.listCurrencyHolidays(a.code, a.start, a.end),
  }),
} as const;
