/**
 * The public query surface of a Dataset. The REST server and the CLI call exactly these
 * methods, so library, REST and CLI answers cannot disagree.
 *
 * Argument conventions:
 * - identifier: a FinID (has a dot) or a MIC (4 alphanumerics), any case.
 * - dates: 'YYYY-MM-DD' local dates of the market, inclusive.
 * - instant: epoch milliseconds, or a Date.
 * Errors are the typed errors of errors.ts; InvalidArgumentError names parameters by the
 * names used here (`identifier`, `code`, `start`, `end`, `instant`, `subset`, `date`, `n`,
 * `direction`, `after`, `before`, `event`), and for the calendar and FX operations by their
 * REST names (`expr`, `date`, `n`, `unit`, `convention`, `end_of_month`, `pair`, `trade_date`,
 * `lag`, `tenor`).
 */
import type { DataWarning } from './errors.js';
import type {
  AdjustedDate,
  AdvancedDate,
  Bell,
  BellEvent,
  BusinessDayConvention,
  CalendarDay,
  Currency,
  CurrencyHoliday,
  FxSpot,
  FxValueDate,
  Market,
  MarketDay,
  MarketHoliday,
  MarketStatus,
  Phase,
  PhaseTypeRow,
  Plan,
  RegionalHolidayRow,
  Schedule,
  Session,
  SessionCount,
  SessionDirection,
  SessionOffset,
  TimeUnit,
} from './types.js';
import type { BellEventPlan, PlanOptions, StatusMany, StatusManyRequest } from './many.js';

export interface LookupOptions {
  /** Follow replaced_by to the end of the chain. Default true. */
  follow?: boolean;
}

export interface DatasetCounts {
  markets: number;
  holidays: number;
  schedules: number;
  phaseTypes: number;
  micMappings: number;
  seasonDefinitions: number;
  currencies: number;
  currencyHolidays: number;
  regionalHolidays: number;
}

export interface CalendarQueries {
  readonly plan: Plan;
  readonly warnings: readonly DataWarning[];
  readonly counts: DatasetCounts;

  listMarkets(subset?: string): Market[];
  getMarket(identifier: string, options?: LookupOptions): Market;
  getMarketByFinId(finId: string, options?: LookupOptions): Market;
  getMarketByMic(mic: string, options?: LookupOptions): Market;
  isMarketAvailable(identifier: string): boolean;

  listHolidays(identifier: string, start: string, end: string): MarketHoliday[];
  listSchedules(identifier: string): Schedule[];
  generatePhases(identifier: string, start: string, end: string): Phase[];
  listDays(identifier: string, start: string, end: string): MarketDay[];
  /** `generatePhases` in consecutive pieces (for writing long ranges); checks its arguments first. */
  phaseChunks(identifier: string, start: string, end: string, chunkDays?: number): Iterable<Phase[]>;
  /** `listDays` in consecutive pieces; checks its arguments first. */
  dayChunks(identifier: string, start: string, end: string, chunkDays?: number): Iterable<MarketDay[]>;
  /**
   * Status at `instant`: epoch ms, a Date or an ISO 8601 string with an offset; omitted, the
   * dataset's clock (the loader's datasets use the current time).
   */
  status(identifier: string, instant?: number | Date | string): MarketStatus;

  /**
   * The status of many markets at one instant (calendar-arithmetic.md §6): one entry per
   * identifier, each the single-market status or the error it would raise.
   */
  statusMany(request: StatusManyRequest, instant: number | Date): StatusMany;
  /**
   * The openings, closings and phase changes of the markets in (from, from + horizon], in
   * order, with stable ids (many.ts); `afterId` resumes after an event already seen.
   */
  bellEvents(identifiers: readonly string[], from: number | Date, horizonMs: number, options?: PlanOptions): BellEventPlan;

  // Trading days and bells (calendar-arithmetic.md §1–3).
  /** The sessions in the inclusive range, in date order (coverage rules as listDays). */
  sessions(identifier: string, start: string, end: string): Session[];
  /**
   * The session `n` sessions after `date` (n < 0: before). A `date` that is not a session is
   * refused with direction 'none' (the default), else first moved to the next/previous session.
   */
  sessionOffset(identifier: string, date: string, n: number, direction?: SessionDirection): SessionOffset;
  /** The number of sessions in the inclusive range. */
  sessionCount(identifier: string, start: string, end: string): SessionCount;
  /** The first opening (or closing) strictly after the instant, searched over the whole coverage window. */
  nextBell(identifier: string, after: number | Date, event?: BellEvent): Bell;
  /** The last opening (or closing) strictly before the instant. */
  previousBell(identifier: string, before: number | Date, event?: BellEvent): Bell;

  listCurrencies(): Currency[];
  getCurrency(code: string): Currency;
  isCurrencyAvailable(code: string): boolean;
  listCurrencyHolidays(code: string, start: string, end: string): CurrencyHoliday[];

  // ---- joined calendars and business days (calendar-arithmetic.md §4) ----
  // `expr`: members joined by one operator, `+` (business day of every member) or `~` (of at
  // least one): `US.NYSE+GB.LSE`, `USD+EUR`, `XNYS~XLON`; a member with a dot or of four
  // characters is a market (FinID or MIC, replacements followed) whose business days are its
  // sessions; three letters is a currency. At most 16 members, no spaces. Out of coverage:
  // CalendarOutOfCoverageError (code `out_of_coverage`) naming the window.

  /** One entry per date of the inclusive range. */
  calendarDays(expr: string, start: string, end: string): CalendarDay[];
  /** The date moved to a business day by the convention (default `following`). */
  adjust(expr: string, date: string, convention?: BusinessDayConvention | string): AdjustedDate;
  /** QuantLib's Calendar::advance: `n` business days, or weeks/months/years then adjusted (end-of-month rule). */
  advance(
    expr: string,
    date: string,
    n: number | string,
    unit?: TimeUnit | string,
    convention?: BusinessDayConvention | string,
    endOfMonth?: boolean | string,
  ): AdvancedDate;

  // ---- FX dates (calendar-arithmetic.md §5) ----

  /** Spot date of a pair (`EURUSD`) traded on `tradeDate`; `lag` 0..5 overrides the pair's (2; 1 for USD against CAD, TRY, PHP, RUB). */
  fxSpot(pair: string, tradeDate: string, lag?: number | string | null): FxSpot;
  /** Value date of a tenor: `SN`, `1W`..`52W`, `1M`..`120M`, `1Y`..`30Y`. */
  fxValueDate(pair: string, tradeDate: string, tenor: string): FxValueDate;

  listPhaseTypes(): PhaseTypeRow[];
  listRegionalHolidays(calendar: string, start: string, end: string): RegionalHolidayRow[];
}
