/**
 * The Dataset: indexed tables plus every query of the engine, as the library offers them: text
 * arguments (`'XNYS'`, `'2023-01-01'`) read with core's parsers (params.ts), then handed to the
 * same query over parsed values (`dataset.parsed`, queries.ts) that the catalogue calls with
 * the values its parameters yield. Each rule lives once, in queries.ts; each reading of text
 * once, in params.ts. This file only says which parser reads which argument, in which order.
 */
import type { DatasetCounts, LookupOptions } from './api.js';
import { buildIndex, buildIndexSteps, type DatasetIndex } from './tables/build.js';
import { parseCalendarExpression } from './rules/calendars.js';
import type { EpochDay, EpochMs } from './time/dates.js';
import { InvalidArgumentError, type DataWarning } from './errors.js';
import { parsePair, parseTenor } from './rules/fx.js';
import { copyBytes, type JsonPieceOptions } from './wire/json.js';
import {
  BAR_BREAKS,
  BELL_EVENTS,
  CONVENTIONS,
  UNITS,
  Faults,
  MAX_LAG,
  MAX_STEPS,
  SESSION_DIRECTIONS,
  checkDayOrder,
  normalizeCurrencyCode,
  normalizeFinId,
  normalizeMarketIdentifier,
  normalizeMic,
  parseBoolean,
  parseDay,
  parseEnum,
  parseInstant,
  parseInteger,
  parsePattern,
  parsePeriod,
  parseRegionalCalendar,
  MAX_DATE_OFFSET,
  OVERLAP_PHASES,
  parseOverlapMarkets,
  parseDateRule,
  parseList,
  parseMonth,
  parseMonthList,
} from './params/params.js';
import type { BarSeries } from './rules/bars.js';
import type { MarketEntry } from './tables/model.js';
import {
  bulkIdentifiers,
  type BellEventPlan,
  type PlanOptions,
  type StatusMany,
  type StatusManyRequest,
} from './rules/many.js';
import { ParsedQueries, type ParsedBarOptions } from './queries.js';
import {
  isSuperseded,
  makeOverride,
  overlayIndex,
  readOverrideRequest,
  refusedRecord,
  shareUnchanged,
  shareUnchangedSteps,
  vendorIndex,
  type MakeOverride,
  type OverrideRecord,
} from './versions/overrides.js';
import type {
  AdjustedDate,
  AdvancedDate,
  BarCount,
  BarOptions,
  Bell,
  BellEvent,
  BusinessDayConvention,
  CalendarDay,
  ClockChange,
  DerivedDate,
  OverlapInterval,
  OverlapPhase,
  Currency,
  CurrencyHoliday,
  DatasetOptions,
  DuplicateHoliday,
  FxSpot,
  FxValueDate,
  Market,
  MarketDay,
  MarketHoliday,
  MarketStatus,
  MicMapping,
  Phase,
  PhaseType,
  Plan,
  RegionalHoliday,
  Schedule,
  SeasonDefinition,
  Session,
  SessionCount,
  SessionDirection,
  SessionOffset,
  SpecialSession,
  Tables,
  TimeUnit,
} from './types.js';

/** Parses an inclusive date range; both faults are reported together, then the order is checked. */
function parseRange(start: string, end: string): { startDay: EpochDay; endDay: EpochDay } {
  const faults = new Faults();
  const startDay = faults.get(() => parseDay(start, 'start'));
  const endDay = faults.get(() => parseDay(end, 'end'));
  faults.done();
  checkDayOrder(startDay, endDay);
  return { startDay, endDay };
}

/** A market query's identifier and range, read in the order they always were: the range, then the identifier. */
function marketRange(identifier: string, start: string, end: string): [string, EpochDay, EpochDay] {
  const { startDay, endDay } = parseRange(start, end);
  return [normalizeMarketIdentifier(identifier), startDay, endDay];
}

const currencyCode = (code: string): string => normalizeCurrencyCode(String(code ?? ''));

/** One of `choices` (params.parseEnum: any case, spaces trimmed); undefined or null answers the default. */
function parseChoice<T extends string>(value: unknown, param: string, choices: readonly T[], fallback: T): T {
  return value === undefined || value === null ? fallback : parseEnum(value, param, choices);
}

/** An instant given to the library: epoch milliseconds, a Date, or an ISO 8601 string with an offset. */
export type InstantInput = number | Date | string;

function parseInstantArg(value: unknown, param: string): EpochMs {
  if (typeof value === 'string') return parseInstant(value, param);
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw InvalidArgumentError.one(
      param,
      `Invalid instant '${String(value)}': expected epoch milliseconds, a Date or an ISO 8601 date-time`,
      'datetime_parsing',
    );
  }
  return ms;
}

/** The arguments of nextBell and previousBell: instant and event together, then the identifier. */
function bellArgs(
  identifier: string,
  instant: InstantInput,
  event: BellEvent,
  param: 'after' | 'before',
): [string, EpochMs, BellEvent] {
  const faults = new Faults();
  const ms = faults.get(() => parseInstantArg(instant, param));
  const ev = faults.get(() => parseChoice(event, 'event', BELL_EVENTS, 'open'));
  faults.done();
  return [normalizeMarketIdentifier(identifier), ms, ev];
}

/** The arguments of the bar queries: range and options together, then the identifier. */
function barArgs(
  identifier: string,
  start: string,
  end: string,
  options: BarOptions,
): [string, EpochDay, EpochDay, ParsedBarOptions] {
  const faults = new Faults();
  const range = faults.get(() => parseRange(start, end));
  const o = options ?? ({} as BarOptions);
  const period = faults.get(() => parsePeriod(o.period));
  const forceClose = faults.get(() => parseBoolean(o.forceClose ?? true, 'force_close'));
  const breaks = faults.get(() => parseChoice(o.breaks, 'breaks', BAR_BREAKS, 'split'));
  faults.done();
  return [normalizeMarketIdentifier(identifier), range.startDay, range.endDay, { period, forceClose, breaks }];
}

export class Dataset {
  private readonly index: DatasetIndex;
  private readonly clock: (() => number) | undefined;
  /**
   * The same queries over parsed values (queries.ts): what the catalogue calls with the values
   * its parameters yield, and what every method here calls once it has read its arguments.
   */
  readonly parsed: ParsedQueries;

  private constructor(index: DatasetIndex, clock?: () => number) {
    this.clock = clock;
    this.index = index;
    this.parsed = new ParsedQueries(index);
  }

  /** Builds the indexes. Throws DataError for data that would make answers wrong. */
  static create(tables: Tables, options?: DatasetOptions): Dataset {
    return new Dataset(buildIndex(tables, options), options?.clock);
  }

  /**
   * A Dataset over an index built earlier (frozen.ts thaws one from bytes). Internal: the index
   * must be what `buildIndex` made for the same options.
   * @internal
   */
  static fromIndex(index: DatasetIndex, clock?: () => number): Dataset {
    return new Dataset(index, clock);
  }

  /**
   * The same build as `create`, as a generator that pauses every few thousand rows: drive it
   * with `next()` and resume from a later turn of the event loop to keep each stall short
   * (the loader does, when swapping data in a running server). Returns the Dataset.
   */
  static *createSteps(tables: Tables, options?: DatasetOptions): Generator<void, Dataset, void> {
    return new Dataset(yield* buildIndexSteps(tables, options), options?.clock);
  }

  /**
   * The index of a dataset, for passes over every market at once that live in modules of
   * their own (diff.ts). Static, so the query surface (CalendarQueries) does not grow.
   * @internal
   */
  static indexOf(dataset: Dataset): DatasetIndex {
    return dataset.index;
  }

  // ---- overrides (overrides.ts) ----

  /**
   * The vendor's tables of this dataset with `records` applied (the active ones), in place of
   * whatever overrides this one applies. Markets and currencies without an override are shared.
   */
  withOverrides(records: readonly OverrideRecord[]): Dataset {
    return new Dataset(overlayIndex(this.index, records), this.clock);
  }

  /**
   * This dataset with the markets and currencies whose rows are the same as `previous`'s taken
   * from `previous` (shared, with what was computed for them): for keeping versions side by side.
   */
  sharingWith(previous: Dataset): Dataset {
    const index = shareUnchanged(previous.index, this.index);
    return index === this.index ? this : new Dataset(index, this.clock);
  }

  /** `sharingWith` as a generator that pauses every few markets (drive it with `next()`). */
  *sharingWithSteps(previous: Dataset): Generator<void, Dataset, void> {
    const index = yield* shareUnchangedSteps(previous.index, this.index);
    return index === this.index ? this : new Dataset(index, this.clock);
  }

  /** The active overrides this dataset applies (none for the vendor's own). */
  get overrides(): readonly OverrideRecord[] {
    return this.index.applied ?? [];
  }

  /** This dataset without its overrides: the vendor's tables. */
  get vendor(): Dataset {
    if (!this.index.vendor) return this;
    return (this.vendorDataset ??= new Dataset(this.index.vendor, this.clock));
  }
  private vendorDataset: Dataset | undefined;

  /**
   * A request's record when it may be applied to this dataset (docs/overrides.md §3): the body's
   * fields read (all faults together), then checked against the tables, this dataset's
   * overrides included. Throws InvalidArgumentError, NotFoundError, AmbiguousMicError,
   * OutOfCoverageError or ConflictError.
   */
  makeOverride(body: Record<string, unknown>, make: MakeOverride): OverrideRecord {
    return makeOverride(this.index, this.parsed, readOverrideRequest(body), make);
  }

  /** The first active record of `records` these tables refuse, `[index, field, why]`, or null (overrides.ts `refusedRecord`). */
  refusedOverride(records: readonly OverrideRecord[]): [number, 'target' | 'date', string] | null {
    return refusedRecord(this.index, records);
  }

  /** Whether the vendor's tables already say what `record` says (docs/overrides.md §1). */
  isSuperseded(record: OverrideRecord): boolean {
    return isSuperseded(vendorIndex(this.index), record);
  }

  get plan(): Plan {
    return this.index.plan;
  }
  get warnings(): readonly DataWarning[] {
    return this.index.warnings;
  }
  get counts(): DatasetCounts {
    return this.index.counts;
  }

  // ---- markets ----

  listMarkets(subset = '*'): Market[] {
    return this.parsed.listMarkets(parsePattern(subset));
  }

  getMarket(identifier: string, options?: LookupOptions): Market {
    return this.parsed.getMarket(normalizeMarketIdentifier(identifier), options?.follow ?? true);
  }

  getMarketByFinId(finId: string, options?: LookupOptions): Market {
    return this.parsed.getMarketByFinId(normalizeFinId(finId, 'finid'), options?.follow ?? true);
  }

  getMarketByMic(mic: string, options?: LookupOptions): Market {
    return this.parsed.getMarketByMic(normalizeMic(mic, 'mic'), options?.follow ?? true);
  }

  isMarketAvailable(identifier: string): boolean {
    return this.parsed.isMarketAvailable(identifier);
  }

  listHolidays(identifier: string, start: string, end: string): MarketHoliday[] {
    return this.parsed.listHolidays(...marketRange(identifier, start, end));
  }

  /**
   * The dates of a market or currency with two or more holiday rows in `start`..`end`, each with
   * the file and line of every row (ParsedQueries.duplicateHolidays).
   */
  duplicateHolidays(kind: 'market' | 'currency', key: string, start: string, end: string): DuplicateHoliday[] {
    const { startDay, endDay } = parseRange(start, end);
    return this.parsed.duplicateHolidays(
      kind,
      kind === 'market' ? normalizeMarketIdentifier(key) : currencyCode(key),
      startDay,
      endDay,
    );
  }

  /** The market's rows as written, bad ones included (ParsedQueries.listSchedules). */
  listSchedules(identifier: string): Schedule[] {
    return this.parsed.listSchedules(normalizeMarketIdentifier(identifier));
  }

  generatePhases(identifier: string, start: string, end: string): Phase[] {
    return this.parsed.generatePhases(...marketRange(identifier, start, end));
  }

  /** `generatePhases` in pieces of about `chunkDays` days of starts each; arguments are checked now. */
  phaseChunks(identifier: string, start: string, end: string, chunkDays = 92): Iterable<Phase[]> {
    return this.parsed.phaseChunks(...marketRange(identifier, start, end), chunkDays);
  }

  /** `listDays` in pieces of `chunkDays` days. */
  dayChunks(identifier: string, start: string, end: string, chunkDays = 92): Iterable<MarketDay[]> {
    return this.parsed.dayChunks(...marketRange(identifier, start, end), chunkDays);
  }

  /**
   * The JSON of `generatePhases` as UTF-8 bytes, in pieces whose concatenation equals
   * `JSON.stringify(generatePhases(…))` byte for byte. Arguments are checked now, before the first piece.
   */
  phaseJsonChunks(identifier: string, start: string, end: string): Iterable<Uint8Array> {
    return this.parsed.phaseJsonChunks(...marketRange(identifier, start, end));
  }

  /** The JSON of `listDays` as UTF-8 bytes in pieces, as `phaseJsonChunks`. */
  dayJsonChunks(identifier: string, start: string, end: string): Iterable<Uint8Array> {
    return this.parsed.dayJsonChunks(...marketRange(identifier, start, end));
  }

  listDays(identifier: string, start: string, end: string): MarketDay[] {
    return this.parsed.listDays(...marketRange(identifier, start, end));
  }

  /** The status at `instant`, by default the dataset's clock (datasets from the loader have one). */
  status(identifier: string, instant?: InstantInput): MarketStatus {
    const ms = this.statusInstant(instant);
    return this.parsed.status(normalizeMarketIdentifier(identifier), ms);
  }

  /** `status` as the UTF-8 bytes of its JSON (`JSON.stringify(status(…))`), for servers. */
  statusJson(identifier: string, instant?: InstantInput): Uint8Array {
    const ms = this.statusInstant(instant);
    // The library's caller owns what it is given: a copy of the shared bytes.
    return copyBytes(this.parsed.statusJson(normalizeMarketIdentifier(identifier), ms));
  }

  /** The market entry a schedule-based query reads, by identifier as typed (tests inspect one). */
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: tests reach it by its name
  private resolveScheduled(identifier: string): MarketEntry {
    // biome-ignore lint/complexity/useLiteralKeys: the bracket reaches a member private to ParsedQueries
    return this.parsed['resolveScheduled'](normalizeMarketIdentifier(identifier));
  }

  private statusInstant(instant: InstantInput | undefined): EpochMs {
    if (instant !== undefined) return parseInstantArg(instant, 'instant');
    if (!this.clock)
      throw InvalidArgumentError.one(
        'instant',
        'Give an instant: this dataset has no clock (datasets from the loader use the current time)',
        'missing',
      );
    return this.clock();
  }

  // ---- many markets (docs/calendar-arithmetic.md §6) and bell events ----

  statusMany(request: StatusManyRequest, instant: InstantInput): StatusMany {
    const faults = new Faults();
    const ms = faults.get(() => parseInstantArg(instant, 'instant'));
    const ids = faults.get(() => bulkIdentifiers(request ?? {}, (p) => this.listMarkets(p).map((m) => m.fin_id)));
    faults.done();
    return this.parsed.statusOf(ids, ms);
  }

  bellEvents(
    identifiers: readonly string[],
    from: InstantInput,
    horizonMs: number,
    options: PlanOptions = {},
  ): BellEventPlan {
    const faults = new Faults();
    const fromMs = faults.get(() => parseInstantArg(from, 'instant'));
    faults.get(() => {
      if (typeof horizonMs !== 'number' || !(horizonMs >= 0) || !Number.isFinite(horizonMs)) {
        throw InvalidArgumentError.one(
          'horizon',
          `Input should be a non-negative number of milliseconds, got '${String(horizonMs)}'`,
          'value_error',
        );
      }
    });
    faults.done();
    return this.parsed.bellEvents(identifiers, fromMs, horizonMs, options);
  }

  // ---- trading days and bells (docs/calendar-arithmetic.md §1–3) ----

  sessions(identifier: string, start: string, end: string): Session[] {
    return this.parsed.sessions(...marketRange(identifier, start, end));
  }

  /** The JSON of `sessions` as UTF-8 bytes in pieces, as `phaseJsonChunks`; arguments and bad rows are checked now. */
  sessionJsonChunks(identifier: string, start: string, end: string): Iterable<Uint8Array> {
    return this.parsed.sessionJsonChunks(...marketRange(identifier, start, end));
  }

  sessionOffset(identifier: string, date: string, n: number, direction: SessionDirection = 'none'): SessionOffset {
    const faults = new Faults();
    const day = faults.get(() => parseDay(date, 'date'));
    const steps = faults.get(() => parseInteger(n, 'n', { min: -MAX_STEPS, max: MAX_STEPS }));
    const dir = faults.get(() => parseChoice(direction, 'direction', SESSION_DIRECTIONS, 'none'));
    faults.done();
    return this.parsed.sessionOffset(normalizeMarketIdentifier(identifier), day, steps, dir);
  }

  sessionCount(identifier: string, start: string, end: string): SessionCount {
    return this.parsed.sessionCount(...marketRange(identifier, start, end));
  }

  nextBell(identifier: string, after: InstantInput, event: BellEvent = 'open'): Bell {
    return this.parsed.nextBell(...bellArgs(identifier, after, event, 'after'));
  }

  previousBell(identifier: string, before: InstantInput, event: BellEvent = 'open'): Bell {
    return this.parsed.previousBell(...bellArgs(identifier, before, event, 'before'));
  }

  // ---- bars and special sessions (docs/calendar-arithmetic.md §8–9) ----

  /**
   * The bars of `period` inside the open time of each session of `start`..`end`, made one at
   * a time as the answer is iterated (or walked with its cursor). Refused with an
   * InvalidArgumentError naming the count when the range holds more than MAX_BARS bars.
   */
  bars(identifier: string, start: string, end: string, options: BarOptions): BarSeries {
    return this.parsed.bars(...barArgs(identifier, start, end, options));
  }

  /** How many bars `bars` would list, with no limit. */
  countBars(identifier: string, start: string, end: string, options: BarOptions): BarCount {
    return this.parsed.countBars(...barArgs(identifier, start, end, options));
  }

  /** The JSON of `bars` as UTF-8 bytes in pieces (`JSON.stringify([...bars(…)])`), as `phaseJsonChunks`. */
  barJsonChunks(
    identifier: string,
    start: string,
    end: string,
    options: BarOptions,
    pieces?: JsonPieceOptions,
  ): Iterable<Uint8Array> {
    return this.parsed.barJsonChunks(...barArgs(identifier, start, end, options), pieces);
  }

  /** The CSV of `bars` (header `Date,Start,End`, CRLF lines) as UTF-8 bytes in pieces. */
  barCsvChunks(
    identifier: string,
    start: string,
    end: string,
    options: BarOptions,
    pieces?: JsonPieceOptions,
  ): Iterable<Uint8Array> {
    return this.parsed.barCsvChunks(...barArgs(identifier, start, end, options), pieces);
  }

  /** The sessions of `start`..`end` that open late, close early, or are special otherwise (§9). */
  specialSessions(identifier: string, start: string, end: string): SpecialSession[] {
    return this.parsed.specialSessions(...marketRange(identifier, start, end));
  }

  // ---- currencies ----

  listCurrencies(): Currency[] {
    return this.parsed.listCurrencies();
  }

  getCurrency(code: string): Currency {
    return this.parsed.getCurrency(currencyCode(code));
  }

  isCurrencyAvailable(code: string): boolean {
    return this.parsed.isCurrencyAvailable(code);
  }

  listCurrencyHolidays(code: string, start: string, end: string): CurrencyHoliday[] {
    const { startDay, endDay } = parseRange(start, end);
    return this.parsed.listCurrencyHolidays(currencyCode(code), startDay, endDay);
  }

  // ---- joined calendars (docs/calendar-arithmetic.md §4) ----

  calendarDays(expr: string, start: string, end: string): CalendarDay[] {
    const faults = new Faults();
    const parsed = faults.get(() => parseCalendarExpression(expr));
    const range = faults.get(() => parseRange(start, end));
    faults.done();
    return this.parsed.calendarDays(parsed, range.startDay, range.endDay);
  }

  adjust(expr: string, date: string, convention: BusinessDayConvention | string = 'following'): AdjustedDate {
    const faults = new Faults();
    const parsed = faults.get(() => parseCalendarExpression(expr));
    const day = faults.get(() => parseDay(date, 'date'));
    const conv = faults.get(() => parseChoice(convention, 'convention', CONVENTIONS, 'following'));
    faults.done();
    return this.parsed.adjust(parsed, day, conv);
  }

  advance(
    expr: string,
    date: string,
    n: number | string,
    unit: TimeUnit | string = 'days',
    convention: BusinessDayConvention | string = 'following',
    endOfMonth: boolean | string = false,
  ): AdvancedDate {
    const faults = new Faults();
    const parsed = faults.get(() => parseCalendarExpression(expr));
    const day = faults.get(() => parseDay(date, 'date'));
    const steps = faults.get(() => parseInteger(n, 'n', { min: -MAX_STEPS, max: MAX_STEPS }));
    const u = faults.get(() => parseChoice(unit, 'unit', UNITS, 'days'));
    const conv = faults.get(() => parseChoice(convention, 'convention', CONVENTIONS, 'following'));
    const eom = faults.get(() => parseBoolean(endOfMonth ?? false, 'end_of_month'));
    faults.done();
    return this.parsed.advance(parsed, day, steps, u, conv, eom);
  }

  // ---- derived dates, overlap, clock changes (docs/calendar-arithmetic.md §10, §12, §13) ----

  /**
   * The date `rule` names in each month of `start`..`end` (`YYYY-MM`) on the calendar, rolled by
   * `roll` (default following) and moved `offset` business days (default 0): `nth-weekday:3:fri`,
   * `imm`, `day:15`, `business-day:-2`, `first-business-day`, `last-business-day`.
   */
  derivedDates(
    expr: string,
    rule: string,
    start: string,
    end: string,
    options: {
      months?: string | readonly number[] | null;
      roll?: BusinessDayConvention | string | null;
      offset?: number | string | null;
    } = {},
  ): DerivedDate[] {
    const faults = new Faults();
    const parsed = faults.get(() => parseCalendarExpression(expr));
    const r = faults.get(() => parseDateRule(rule));
    const from = faults.get(() => parseMonth(start, 'start'));
    const to = faults.get(() => parseMonth(end, 'end'));
    const months =
      options.months === undefined || options.months === null
        ? undefined
        : faults.get(() =>
            parseMonthList(Array.isArray(options.months) ? options.months.join(',') : options.months, 'months'),
          );
    const roll = faults.get(() => parseChoice(options.roll, 'roll', CONVENTIONS, 'following'));
    const offset =
      options.offset === undefined || options.offset === null || options.offset === ''
        ? 0
        : faults.get(() => parseInteger(options.offset, 'offset', { min: -MAX_DATE_OFFSET, max: MAX_DATE_OFFSET }));
    faults.done();
    return this.parsed.derivedDates(parsed, r, from, to, { months, roll, offset });
  }

  /**
   * The maximal intervals (UTC) in which every market of `markets` (2 to 16 FinIDs or MICs, a
   * list or comma-separated) trades over the UTC dates `start`..`end`: in their primary
   * sessions (default) or in any open phase.
   */
  overlap(
    markets: string | readonly string[],
    start: string,
    end: string,
    phase: OverlapPhase | string = 'primary',
  ): OverlapInterval[] {
    const faults = new Faults();
    const ids = faults.get(() => parseOverlapMarkets(typeof markets === 'string' ? parseList(markets) : markets));
    const range = faults.get(() => parseRange(start, end));
    const p = faults.get(() => parseChoice(phase, 'phase', OVERLAP_PHASES, 'primary'));
    faults.done();
    return this.parsed.overlap(ids, range.startDay, range.endDay, p);
  }

  /** The instants at which the market's time zone changes its UTC offset within the local dates `start`..`end`. */
  clockChanges(identifier: string, start: string, end: string): ClockChange[] {
    return this.parsed.clockChanges(...marketRange(identifier, start, end));
  }

  // ---- FX dates (docs/calendar-arithmetic.md §5) ----

  fxSpot(pair: string, tradeDate: string, lag?: number | string | null): FxSpot {
    const faults = new Faults();
    const parsed = faults.get(() => parsePair(pair));
    const trade = faults.get(() => parseDay(tradeDate, 'trade_date'));
    const lagN =
      lag === undefined || lag === null || lag === ''
        ? undefined
        : faults.get(() => parseInteger(lag, 'lag', { min: 0, max: MAX_LAG }));
    faults.done();
    return this.parsed.fxSpot(parsed, trade, lagN);
  }

  fxValueDate(pair: string, tradeDate: string, tenor: string): FxValueDate {
    const faults = new Faults();
    const parsed = faults.get(() => parsePair(pair));
    const trade = faults.get(() => parseDay(tradeDate, 'trade_date'));
    const t = faults.get(() => parseTenor(tenor));
    faults.done();
    return this.parsed.fxValueDate(parsed, trade, t);
  }

  // ---- reference tables (ParsedQueries says which plan and file each needs) ----

  /** The phase types table as read, in file order. */
  listPhaseTypes(): PhaseType[] {
    return this.parsed.listPhaseTypes();
  }

  /**
   * Regional and religious holidays of one calendar (a 2-letter country code or a religion name,
   * any case) in an inclusive date range, ordered by date. A calendar without rows answers an
   * empty list.
   */
  listRegionalHolidays(calendar: string, start: string, end: string): RegionalHoliday[] {
    const faults = new Faults();
    const key = faults.get(() => parseRegionalCalendar(calendar));
    const range = faults.get(() => parseRange(start, end));
    faults.done();
    return this.parsed.listRegionalHolidays(key, range.startDay, range.endDay);
  }

  /** Season definitions, optionally of one season (name any case) and one year (ParsedQueries.listSeasonDefinitions). */
  listSeasonDefinitions(
    filter: { season?: string | null | undefined; year?: number | string | null | undefined } = {},
  ): SeasonDefinition[] {
    const faults = new Faults();
    const year =
      filter.year === undefined || filter.year === null || filter.year === ''
        ? undefined
        : faults.get(() => parseInteger(filter.year, 'year', { min: 1, max: 9999 }));
    faults.done();
    return this.parsed.listSeasonDefinitions({ season: filter.season, year });
  }

  /** The MIC mapping table, optionally only the rows of one MIC and/or one FinID (any case), ordered by MIC, then FinID. */
  listMicMapping(filter: { mic?: string | null | undefined; fin_id?: string | null | undefined } = {}): MicMapping[] {
    const faults = new Faults();
    const mic = filter.mic ? faults.get(() => normalizeMic(filter.mic!, 'mic')) : undefined;
    const finId = filter.fin_id ? faults.get(() => normalizeFinId(filter.fin_id!, 'fin_id')) : undefined;
    faults.done();
    return this.parsed.listMicMapping({ mic, fin_id: finId });
  }
}
