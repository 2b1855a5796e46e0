/**
 * Records of every resource. Input rows carry the bulk file's columns under normalized names
 * (see docs/bulk-format.md §2); output records add derived fields. Unknown columns ride along through
 * the index signature and are answered unchanged.
 *
 * Conventions: dates are 'YYYY-MM-DD' strings, times 'HH:MM:SS' strings, date-times ISO 8601
 * with the offset in force; an empty cell is null.
 */

import type { TableName } from './errors.js';

/** Where each table came from (tables/provenance.ts names places with it). */
export interface TableSource {
  /** The file as named in the archive, e.g. `csv/schedules.csv`. */
  file: string;
  /** Normalized column name → header as written in the file. */
  headers?: Record<string, string>;
  /**
   * Line of the first data row (rows are consecutive CSV records after it). Default 2: the
   * header is line 1.
   */
  firstLine?: number;
}

export type TableSources = Partial<Record<TableName, TableSource>>;

/** A cell or row the reader could not take as written (a malformed value, a short line). */
export interface RowFault {
  table: TableName;
  /** 0-based index into the table's row array. */
  row: number;
  /** Normalized column name, when one cell is at fault. */
  column?: string;
  message: string;
}

export type Extra = { [column: string]: unknown };

export type IsoDate = string;
export type IsoTime = string;
export type IsoDateTime = string;

/** What the archive covers: decided by which tables it holds (docs/bulk-format.md §1). */
export type Plan = 'holidays_only' | 'no_currencies' | 'full';

export interface MarketRow extends Extra {
  fin_id: string;
  exchange_name?: string | null;
  market_name?: string | null;
  security_group?: string | null;
  timezone?: string | null;
  weekend_definition?: string | null;
  mic?: string | null;
  acronym?: string | null;
  asset_type?: string | null;
  memo?: string | null;
  permanently_closed?: IsoDate | null;
  replaced_by?: string | null;
  country_code?: string | null;
}

export interface Market extends Extra {
  fin_id: string;
  exchange_name: string | null;
  market_name: string | null;
  security_group: string | null;
  timezone: string | null;
  weekend_definition: string | null;
  mic: string | null;
  acronym: string | null;
  asset_type: string | null;
  memo: string | null;
  permanently_closed: IsoDate | null;
  replaced_by: string | null;
  country_code: string | null;
  holidays_min_date: IsoDate | null;
  holidays_max_date: IsoDate | null;
}

export interface MarketHolidayRow extends Extra {
  fin_id: string;
  date: IsoDate;
  holiday_name?: string | null;
  schedule?: string | null;
  settlement?: string | null;
  observed?: boolean | null;
  memo?: string | null;
  status?: string | null;
}

export interface MarketHoliday extends Extra {
  fin_id: string;
  date: IsoDate;
  holiday_name: string | null;
  schedule: string | null;
  settlement: string | null;
  observed: boolean;
  memo: string | null;
  status: string | null;
  has_settlement: boolean;
  is_open: boolean;
  /** Only on a row an override answers (docs/overrides.md §2). */
  override?: OverrideRef;
}

export interface ScheduleRow extends Extra {
  fin_id: string;
  schedule_group?: string | null;
  schedule_group_memo?: string | null;
  timezone?: string | null;
  phase_type?: string | null;
  phase_name?: string | null;
  phase_memo?: string | null;
  days?: string | null;
  start?: IsoTime | null;
  end?: IsoTime | null;
  offset_days?: number | null;
  duration?: number | null;
  min_start?: IsoTime | null;
  max_start?: IsoTime | null;
  min_end?: IsoTime | null;
  max_end?: IsoTime | null;
  in_force_start_date?: IsoDate | null;
  in_force_end_date?: IsoDate | null;
  season_start?: string | null;
  season_end?: string | null;
}

export interface Schedule extends Extra {
  fin_id: string;
  schedule_group: string | null;
  schedule_group_memo: string | null;
  timezone: string | null;
  phase_type: string | null;
  phase_name: string | null;
  phase_memo: string | null;
  days: string | null;
  start: IsoTime | null;
  end: IsoTime | null;
  offset_days: number | null;
  duration: number | null;
  min_start: IsoTime | null;
  max_start: IsoTime | null;
  min_end: IsoTime | null;
  max_end: IsoTime | null;
  in_force_start_date: IsoDate | null;
  in_force_end_date: IsoDate | null;
  season_start: string | null;
  season_end: string | null;
  has_season: boolean;
  /**
   * End time followed by ' +N' when offset_days is not zero; equal to `end` otherwise. The
   * spec lets an answer leave it out; this engine always sets it (docs/records.md §3).
   */
  end_with_offset?: string | null;
}

export interface PhaseTypeRow extends Extra {
  name: string;
  status?: string | null;
  settlement?: string | null;
  closing_price?: string | null;
}

export interface MicMappingRow extends Extra {
  mic: string;
  fin_id: string;
}

export interface SeasonDefinitionRow extends Extra {
  season: string;
  year: number;
  date: IsoDate;
}

export interface CurrencyRow extends Extra {
  currency_code: string;
  currency_name?: string | null;
  country_code?: string | null;
  central_bank?: string | null;
  financial_capital?: string | null;
  financial_capital_timezone?: string | null;
  weekend_definition?: string | null;
}

export interface Currency extends Extra {
  currency_code: string;
  currency_name: string | null;
  country_code: string | null;
  central_bank: string | null;
  financial_capital: string | null;
  financial_capital_timezone: string | null;
  weekend_definition: string | null;
}

export interface CurrencyHolidayRow extends Extra {
  currency_code: string;
  date: IsoDate;
  holiday_name?: string | null;
  settlement?: string | null;
  observed?: boolean | null;
  memo?: string | null;
}

export interface CurrencyHoliday extends Extra {
  currency_code: string;
  date: IsoDate;
  holiday_name: string | null;
  settlement: string | null;
  observed: boolean;
  memo: string | null;
  /** Only on a row an override answers (docs/overrides.md §2). */
  override?: OverrideRef;
}

/**
 * A date with two or more holiday rows of one market or currency: the listings answer every
 * row, each computation needing the date answers a data error naming `lines`.
 */
export interface DuplicateHoliday {
  date: IsoDate;
  /** File and line of each row, in file order (`csv/holidays.csv, line 12`). */
  lines: string[];
}

export interface RegionalHolidayRow extends Extra {
  calendar: string;
  country?: string | null;
  date: IsoDate;
  name?: string | null;
  type?: string | null;
  memo?: string | null;
}

/*
 * The reference tables as answered: every field docs/records.md §6 names is present (null when the
 * cell, or the archive's column, is empty), extra columns ride along.
 */
export interface PhaseType extends Extra {
  name: string;
  status: string | null;
  settlement: string | null;
  closing_price: string | null;
}

export interface MicMapping extends Extra {
  mic: string;
  fin_id: string;
}

export interface SeasonDefinition extends Extra {
  season: string;
  year: number;
  date: IsoDate;
}

export interface RegionalHoliday extends Extra {
  calendar: string;
  country: string | null;
  date: IsoDate;
  name: string | null;
  type: string | null;
  memo: string | null;
}

/** A generated phase of a trading day (PhaseResponse). */
export interface Phase {
  phase_type: string;
  start: IsoDateTime;
  end: IsoDateTime;
  phase_name: string | null;
  phase_memo: string | null;
  status: string | null;
  settlement: string | null;
  timezone: string | null;
  has_settlement: boolean;
  is_open: boolean;
}

export interface MarketStatus {
  /** `Open` when the current phase's type is open, else `Closed` (also without a current phase). */
  status: 'Open' | 'Closed';
  reason: string | null;
  until: IsoDateTime | null;
  next_bell: IsoDateTime | null;
  phase: Phase | null;
  market: Market | null;
}

export type DayOfWeek = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';

/** The day-level view of one local date, built on overnight attribution. */
export interface MarketDay {
  date: IsoDate;
  day_of_week: DayOfWeek;
  is_open: boolean;
  has_settlement: boolean;
  holiday: MarketHoliday | null;
  phases: Phase[];
}

// ---- joined calendars and FX dates (docs/calendar-arithmetic.md §4–5) ----

/** Business-day conventions of `adjust` and `advance`. */
export type BusinessDayConvention =
  | 'following'
  | 'preceding'
  | 'modified_following'
  | 'modified_preceding'
  | 'unadjusted';

/** Units of `advance`. */
export type TimeUnit = 'days' | 'weeks' | 'months' | 'years';

/** One date of a joined calendar. */
export interface CalendarDay {
  date: IsoDate;
  is_business_day: boolean;
  /**
   * The members for which the date is not a business day, in expression order, each written
   * as in the expression but upper-cased (`xnys~gb.lse` lists `XNYS`, `GB.LSE`; a MIC is not
   * rewritten to the FinID it resolves to).
   */
  closed: string[];
}

export interface AdjustedDate {
  date: IsoDate;
  convention: BusinessDayConvention;
  adjusted: IsoDate;
}

export interface AdvancedDate {
  date: IsoDate;
  n: number;
  unit: TimeUnit;
  result: IsoDate;
}

/** Why a currency was not a business day: the holiday's name, or `weekend`. */
export interface FxCurrencyClosure {
  currency: string;
  reason: string;
}

export interface FxClosure {
  date: IsoDate;
  /** Pair order, then USD; each currency once. */
  closed: FxCurrencyClosure[];
}

export interface FxSpot {
  /** Six upper-case letters, base then quote: `EURUSD`. */
  pair: string;
  trade_date: IsoDate;
  lag: number;
  spot_date: IsoDate;
  /** Every date strictly between trade date and spot date on which a currency of the pair or USD was closed. */
  closures: FxClosure[];
}

export interface FxValueDate {
  pair: string;
  trade_date: IsoDate;
  /** Upper case: `SN`, `1W`, `3M`, `1Y`. */
  tenor: string;
  spot_date: IsoDate;
  value_date: IsoDate;
}

/**
 * The loader's output: one array of rows per table. A table that is `undefined` was not in
 * the archive; that decides the plan unless `plan` is given.
 */
export interface Tables {
  markets: MarketRow[];
  holidays: MarketHolidayRow[];
  schedules?: ScheduleRow[] | undefined;
  phaseTypes?: PhaseTypeRow[] | undefined;
  micMapping?: MicMappingRow[] | undefined;
  seasonDefinitions?: SeasonDefinitionRow[] | undefined;
  currencies?: CurrencyRow[] | undefined;
  currencyHolidays?: CurrencyHolidayRow[] | undefined;
  regionalHolidays?: RegionalHolidayRow[] | undefined;
  /** Where each table came from, so warnings and data errors name file, line and column. */
  sources?: TableSources | undefined;
  /** Cells or rows the reader could not take as written; each makes its row a bad row. */
  rowFaults?: RowFault[] | undefined;
  /**
   * The caller gives the rows up to the build: the build lets each holiday and currency
   * holiday row go once it has read it and leaves those arrays empty, so a large archive's rows
   * and its Dataset are not all in memory at once. Answers are the same either way.
   */
  handOver?: boolean | undefined;
  /**
   * Holiday and currency holiday rows made as the build reads them (each once, in order),
   * instead of the arrays in `holidays` and `currencyHolidays`, which are then not read: a
   * caller holding a large table in a form more compact than row objects never makes them all.
   */
  onDemand?:
    | {
        holidays?: RowsOnDemand<MarketHolidayRow> | undefined;
        currencyHolidays?: RowsOnDemand<CurrencyHolidayRow> | undefined;
      }
    | undefined;
}

/** A table whose rows are made when they are read (Tables.onDemand). */
export interface RowsOnDemand<R> {
  readonly count: number;
  row(i: number): R;
}

export interface DatasetOptions {
  /** Overrides the plan derived from which tables are present. */
  plan?: Plan;
  /**
   * Coverage end year for markets without holidays (docs/bulk-format.md §4: December 31 of the current
   * year plus five). Core has no clock, so the caller says what "current year + 5" is.
   * Defaults to the latest year in any holiday table, or 2030 when there is none.
   */
  coverageEndYearWithoutHolidays?: number;
  /**
   * The clock `status` uses when called without an instant (epoch ms). Core has none of its
   * own: the loader passes `Date.now`; without one, an instant is required.
   */
  clock?: () => number;
}

/** A gap inside a session not covered by any of its open phases (a lunch break). */
export interface SessionBreak {
  start: IsoDateTime;
  end: IsoDateTime;
}

/** One trading day of a market (docs/calendar-arithmetic.md §1). */
export interface Session {
  date: IsoDate;
  /** Earliest start of the day's open phases, in the market's zone; null when it has none. */
  open: IsoDateTime | null;
  /** Latest end of the day's open phases; null when it has none. */
  close: IsoDateTime | null;
  breaks: SessionBreak[];
  /** True when the date has a holiday row (an irregular session). */
  partial: boolean;
  holiday_name: string | null;
}

/** How `sessionOffset` moves a date that is not a session: refuse, or to the next/previous session. */
export type SessionDirection = 'none' | 'next' | 'previous';

export interface SessionOffset {
  date: IsoDate;
  n: number;
  session: IsoDate;
}

export interface SessionCount {
  start: IsoDate;
  end: IsoDate;
  count: number;
}

export type BellEvent = 'open' | 'close';

/** An opening or closing of the market (docs/calendar-arithmetic.md §3); both null when there is none. */
export interface Bell {
  event: BellEvent;
  /** The instant, in the market's zone. */
  at: IsoDateTime | null;
  /** The local date the run is attributed to (the end date of its last phase). */
  date: IsoDate | null;
}

/** How bars treat a session's breaks (docs/calendar-arithmetic.md §8): restart after each, or run through. */
export type BarBreaks = 'split' | 'ignore';

/**
 * What `bars` and `countBars` take besides the market and range. `period` is `1m`..`1440m` or
 * `1h`..`24h`; `forceClose` (default true) ends the last bar of a piece at its end; `breaks`
 * defaults to `split`. Booleans and choices may also be given as text, as a query string has them.
 */
export interface BarOptions {
  period: string;
  forceClose?: boolean | string;
  breaks?: BarBreaks | string;
}

/** One bar of the trading-time grid (docs/calendar-arithmetic.md §8), date-times in the market's zone. */
export interface Bar {
  /** The session the bar belongs to. */
  date: IsoDate;
  start: IsoDateTime;
  end: IsoDateTime;
  /**
   * Bars of whole sessions only (`1d`, `1w`, `1mo`, docs/calendar-arithmetic.md §11): how many sessions the
   * bar covers.
   */
  sessions?: number;
}

/** How many bars a `bars` query would list (no bar limit). */
export interface BarCount {
  start: IsoDate;
  end: IsoDate;
  period: string;
  count: number;
}

// ---- derived dates, overlap, clock changes (docs/calendar-arithmetic.md §10, §12, §13) ----

/** A date a `dates` rule names in a month (docs/calendar-arithmetic.md §10). */
export interface DerivedDate {
  /** The month, `YYYY-MM`. */
  period: string;
  /** The date the rule names. */
  nominal: IsoDate;
  /** `nominal` rolled by the convention, then advanced `offset` business days. */
  date: IsoDate;
}

/** Which phases make a market trading for `overlap`: its primary sessions, or every open phase. */
export type OverlapPhase = 'primary' | 'open';

/** An interval in which every market of an `overlap` query trades, in UTC (`…Z`). */
export interface OverlapInterval {
  start: IsoDateTime;
  end: IsoDateTime;
}

/** An instant at which a market's time zone changes its UTC offset (docs/calendar-arithmetic.md §13). */
export interface ClockChange {
  /** In UTC, `…Z`. */
  at: IsoDateTime;
  /** `+HH:MM`, or `+HH:MM:SS` for an offset with seconds. */
  offset_before: string;
  offset_after: string;
}

/** A session whose open or close differs from its regular ones (docs/calendar-arithmetic.md §9). */
export interface SpecialSession {
  date: IsoDate;
  open: IsoDateTime | null;
  close: IsoDateTime | null;
  /** What the session would open and close at without its own holiday row; null when it would have no open phase. */
  regular_open: IsoDateTime | null;
  regular_close: IsoDateTime | null;
  late_open: boolean;
  early_close: boolean;
  holiday_name: string | null;
}

// ---- overrides (docs/overrides.md) ----

export const OVERRIDE_KINDS = ['closure', 'early_close', 'late_open', 'reopen'] as const;
export type OverrideKind = (typeof OVERRIDE_KINDS)[number];

/** A request to make an override, its fields read (target as typed: it is resolved against the data). */
export interface OverrideRequest {
  kind: OverrideKind;
  target: string;
  date: string;
  name: string | null;
  open: string | null;
  close: string | null;
  reason: string;
}

/**
 * An override as kept and answered (docs/overrides.md §1): the request's fields (`target` a FinID or currency code),
 * and the audit's.
 */
export interface OverrideRecord extends OverrideRequest {
  id: string;
  created_at: string;
  created_by: string;
  withdrawn_at: string | null;
  withdrawn_by: string | null;
  superseded: boolean;
}

/** What a holiday record answered from an override says of it. */
export type OverrideRef = Pick<OverrideRecord, 'id' | 'kind' | 'reason' | 'created_by' | 'created_at'>;

/** How many rows of each table a dataset holds. */
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
