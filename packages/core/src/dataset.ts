/**
 * The Dataset: indexed tables plus every query of the engine. Adapters (REST, CLI) call these
 * methods and only translate arguments and answers.
 */
import type { DatasetCounts, LookupOptions } from './api.js';
import { buildIndex, buildIndexSteps, type DatasetIndex } from './build/index.js';
import {
  CurrencyCalendar,
  JoinedCalendar,
  MarketCalendar,
  parseCalendarExpression,
  parseConvention,
  parseUnit,
  type CalendarExpression,
  type CalendarMember,
} from './calendars.js';
import { dayName, formatDay, tryParseDay } from './dates.js';
import {
  AmbiguousMicError,
  DataError,
  InvalidArgumentError,
  NotFoundError,
  NotInPlanError,
  OutOfCoverageError,
  type ArgumentFault,
  type DataWarning,
} from './errors.js';
import { LOOK_BACK_DAYS, dayIsOpen, daySettles, generate, generateFrom, phasesByEndDay, toPhase } from './generate.js';
import { USD, closuresBetween, defaultLag, parsePair, parseTenor, spotDay, valueDay, type SpotCalendars } from './fx.js';
import { compileGlob } from './glob.js';
import { dayJsonPieces, phaseJsonPieces, sessionJsonPieces, type JsonPieceOptions } from './json.js';
import { BAR_BREAKS, BELL_EVENTS, MAX_LAG, MAX_STEPS, SESSION_DIRECTIONS, normalizeCurrencyCode, normalizeFinId, normalizeMarketIdentifier, normalizeMic, parseBoolean, parseEnum, parseInstant, parseInteger, parseIsoDate, parsePattern, parsePeriod } from './params.js';
import { checkDays, lowerBound, type MarketEntry } from './model.js';
import { walkReplacements } from './replacements.js';
import { countSessions, findBell, listSessions, offsetSession } from './sessions.js';
import { BarSeries, checkBarLimit, planBars } from './bars.js';
import { barCsvPieces, barJsonPieces } from './bars-json.js';
import { listSpecialSessions } from './special-sessions.js';
import { computeStatus, statusJsonAt } from './status.js';
import {
  asOf,
  bulkIdentifiers,
  bulkItem,
  eventIdInstant,
  mergePlans,
  planMarket,
  type BellEventPlan,
  type PlanOptions,
  type PlannedBellEvent,
  type StatusMany,
  type StatusManyFailure,
  type StatusManyRequest,
} from './many.js';
import type {
  BarCount,
  BarOptions,
  SpecialSession,
  Bell,
  BellEvent,
  AdjustedDate,
  AdvancedDate,
  BusinessDayConvention,
  CalendarDay,
  Currency,
  CurrencyHoliday,
  DatasetOptions,
  DuplicateHoliday,
  FxSpot,
  FxValueDate,
  TimeUnit,
  Market,
  MarketDay,
  MarketHoliday,
  MarketStatus,
  MicMapping,
  Phase,
  PhaseType,
  Plan,
  Schedule,
  RegionalHoliday,
  SeasonDefinition,
  Session,
  SessionCount,
  SessionDirection,
  SessionOffset,
  Tables,
} from './types.js';
import { ZoneRegistry, type Zone } from './zone.js';
import { withExtras } from './build/cells.js';

const TABLE_LABELS: Record<DatasetIndex['absentTables'][number], { label: string; file: string }> = {
  phaseTypes: { label: 'phase types', file: 'phases.csv' },
  micMapping: { label: 'MIC mapping', file: 'mic-mapping.csv' },
  seasonDefinitions: { label: 'season definitions', file: 'season-definitions.csv' },
  regionalHolidays: { label: 'regional holidays', file: 'regional-holidays.csv' },
};

/** A cell as answered: empty or missing is null. */
const cell = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Parses an inclusive date range; both faults are reported together. */
function parseRange(start: string, end: string): { startDay: number; endDay: number } {
  const args = new Args();
  const startDay = args.get(() => dayArg(start, 'start'));
  const endDay = args.get(() => dayArg(end, 'end'));
  args.done();
  if (endDay < startDay) throw InvalidArgumentError.one('end', `end (${end}) is before start (${start})`, 'date_range');
  return { startDay, endDay };
}

/** One of `choices` (params.parseEnum: any case, spaces trimmed); undefined or null answers the default. */
function parseChoice<T extends string>(value: unknown, param: string, choices: readonly T[], fallback: T): T {
  return value === undefined || value === null ? fallback : parseEnum(value, param, choices);
}

/** Epoch milliseconds or a Date, as status takes them. */
/** An instant given to the library: epoch milliseconds, a Date, or an ISO 8601 string with an offset. */
export type InstantInput = number | Date | string;

function parseInstantArg(value: unknown, param: string): number {
  if (typeof value === 'string') return parseInstant(value, param);
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw InvalidArgumentError.one(param, `Invalid instant '${String(value)}': expected epoch milliseconds, a Date or an ISO 8601 date-time`, 'datetime_parsing');
  }
  return ms;
}

/**
 * Runs argument parsers and reports every faulty argument at once (as parseRange does for
 * start and end), instead of stopping at the first.
 */
class Args {
  private readonly faults: ArgumentFault[] = [];
  get<T>(parse: () => T): T {
    try {
      return parse();
    } catch (e) {
      if (e instanceof InvalidArgumentError) {
        this.faults.push(...e.faults);
        return undefined as T;
      }
      throw e;
    }
  }
  done(): void {
    if (this.faults.length) throw new InvalidArgumentError(this.faults);
  }
}

function dayArg(value: unknown, param: string): number {
  return tryParseDay(parseIsoDate(value, param))!;
}

/**
 * Phases and day views of `startDay`..`endDay` are generated from the look-back on: a date a bad
 * row touches there fails them (bulk-format.md "Bad rows").
 */
function checkGenerated(entry: MarketEntry, startDay: number, endDay: number): void {
  if (entry.dayFaults !== null) checkDays(entry.dayFaults, Math.max(startDay - LOOK_BACK_DAYS, entry.minDay), endDay);
}

/** Largest |n| of `advance` and `sessionOffset` (params.ts). */
const MAX_ADVANCE = MAX_STEPS;

export class Dataset {
  private readonly index: DatasetIndex;
  private readonly utc: Zone;

  private readonly clock: (() => number) | undefined;

  private constructor(index: DatasetIndex, clock?: () => number) {
    this.clock = clock;
    this.index = index;
    this.utc = new ZoneRegistry().get('UTC');
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
    const pattern = parsePattern(subset);
    const matches = compileGlob(pattern, 'subset');
    if (pattern === '*') return this.index.marketList.slice();
    return this.index.marketList.filter((m) => matches(m.fin_id));
  }

  getMarket(identifier: string, options?: LookupOptions): Market {
    return this.resolve(identifier, options?.follow ?? true).market;
  }

  getMarketByFinId(finId: string, options?: LookupOptions): Market {
    return this.follow(this.byFinId(normalizeFinId(finId, 'finid')), options?.follow ?? true).market;
  }

  getMarketByMic(mic: string, options?: LookupOptions): Market {
    return this.follow(this.byMic(normalizeMic(mic, 'mic')), options?.follow ?? true).market;
  }

  isMarketAvailable(identifier: string): boolean {
    try {
      this.resolve(identifier, true);
      return true;
    } catch {
      return false;
    }
  }

  listHolidays(identifier: string, start: string, end: string): MarketHoliday[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolve(identifier, true);
    checkDays(entry.listingFaults, startDay, endDay);
    const from = lowerBound(entry.holidayDays, startDay);
    const to = lowerBound(entry.holidayDays, endDay + 1);
    return entry.holidays.slice(from, to);
  }

  /**
   * The dates of a market or currency with two or more holiday rows in `start`..`end`, each with
   * the file and line of every row: the listings answer such rows as written, and a feed says
   * they conflict (bulk-format.md "Bad rows").
   */
  duplicateHolidays(kind: 'market' | 'currency', key: string, start: string, end: string): DuplicateHoliday[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = kind === 'market' ? this.resolve(key, true) : this.currencyEntry(key);
    if (entry.duplicates === null) return [];
    const out: DuplicateHoliday[] = [];
    for (const [day, lines] of entry.duplicates) if (day >= startDay && day <= endDay) out.push({ date: formatDay(day), lines: lines.slice() });
    return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  /**
   * The market's rows as written, bad ones included: a bad row (of schedules, holidays or the
   * market) reaches the answers computed from the rows (phases, days, status), not the listing
   * of the rows themselves (bulk-format.md "Bad rows").
   */
  listSchedules(identifier: string): Schedule[] {
    const entry = this.resolveScheduled(identifier);
    return entry.schedules.slice();
  }

  generatePhases(identifier: string, start: string, end: string): Phase[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    checkGenerated(entry, startDay, endDay);
    return generate(entry, startDay, endDay).map((g) => toPhase(g));
  }

  /**
   * `generatePhases` in pieces of about `chunkDays` days of starts each, whose concatenation is
   * the whole answer: for writing a long range without holding all of it. Arguments are checked
   * now, before the first piece.
   */
  phaseChunks(identifier: string, start: string, end: string, chunkDays = 92): Iterable<Phase[]> {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    checkGenerated(entry, startDay, endDay);
    return (function* () {
      let from = Math.max(startDay - LOOK_BACK_DAYS, entry.minDay);
      while (from <= endDay) {
        const to = Math.min(endDay, Math.max(from, startDay) + chunkDays - 1);
        yield generateFrom(entry, from, to, startDay).map((g) => toPhase(g));
        from = to + 1;
      }
    })();
  }

  /** `listDays` in pieces of `chunkDays` days (a day view depends on its date alone). */
  dayChunks(identifier: string, start: string, end: string, chunkDays = 92): Iterable<MarketDay[]> {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    checkGenerated(entry, startDay, endDay);
    return (function* (self: Dataset) {
      for (let from = startDay; from <= endDay; from += chunkDays) yield self.dayViews(entry, from, Math.min(endDay, from + chunkDays - 1));
    })(this);
  }

  /**
   * The JSON of `generatePhases` as UTF-8 bytes, in pieces whose concatenation equals
   * `JSON.stringify(generatePhases(…))` byte for byte, written without building the records:
   * what a server sends. Arguments are checked now, before the first piece.
   */
  phaseJsonChunks(identifier: string, start: string, end: string): Iterable<Uint8Array> {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    checkGenerated(entry, startDay, endDay);
    return phaseJsonPieces(entry, startDay, endDay);
  }

  /** The JSON of `listDays` as UTF-8 bytes in pieces, as `phaseJsonChunks`. */
  dayJsonChunks(identifier: string, start: string, end: string): Iterable<Uint8Array> {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    checkGenerated(entry, startDay, endDay);
    return dayJsonPieces(entry, startDay, endDay);
  }

  listDays(identifier: string, start: string, end: string): MarketDay[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    checkGenerated(entry, startDay, endDay);
    return this.dayViews(entry, startDay, endDay);
  }

  private dayViews(entry: MarketEntry, startDay: number, endDay: number): MarketDay[] {
    const attributed = phasesByEndDay(entry, startDay, endDay);
    const days: MarketDay[] = [];
    for (let day = startDay; day <= endDay; day++) {
      const own = attributed[day - startDay]!;
      const holiday = entry.holidayByDay.get(day) ?? null;
      days.push({
        date: formatDay(day),
        day_of_week: dayName(day),
        is_open: dayIsOpen(holiday, own),
        has_settlement: daySettles(holiday, own),
        holiday,
        phases: own.map((g) => toPhase(g)),
      });
    }
    return days;
  }

  status(identifier: string, instant?: InstantInput): MarketStatus {
    const ms = this.statusInstant(instant);
    const entry = this.resolveScheduled(identifier);
    return computeStatus(entry, entry.zone ?? this.utc, ms);
  }

  /**
   * `status` as the UTF-8 bytes of its JSON (`JSON.stringify(status(…))`), for servers. Served
   * from the market's last answer while it still holds (statusJsonAt); the bytes are the
   * caller's own.
   */
  statusJson(identifier: string, instant?: number | Date | string): Uint8Array {
    const ms = this.statusInstant(instant);
    const entry = this.resolveScheduled(identifier);
    return statusJsonAt(entry, entry.zone ?? this.utc, ms);
  }

  private statusInstant(instant: InstantInput | undefined): number {
    if (instant !== undefined) return parseInstantArg(instant, 'instant');
    if (!this.clock) throw InvalidArgumentError.one('instant', 'Give an instant: this dataset has no clock (datasets from the loader use the current time)', 'missing');
    return this.clock();
  }

  // ---- many markets (calendar-arithmetic.md §6) and bell events ----

  statusMany(request: StatusManyRequest, instant: InstantInput): StatusMany {
    const args = new Args();
    const ms = args.get(() => parseInstantArg(instant, 'instant'));
    const ids = args.get(() => bulkIdentifiers(request ?? {}, (p) => this.listMarkets(p).map((m) => m.fin_id)));
    args.done();
    return {
      as_of: asOf(ms),
      markets: ids.map((identifier) => {
        try {
          return bulkItem(identifier, this.status(identifier, ms));
        } catch (error) {
          return { identifier, error: error instanceof Error ? error : new Error(String(error)) };
        }
      }),
    };
  }

  bellEvents(identifiers: readonly string[], from: InstantInput, horizonMs: number, options: PlanOptions = {}): BellEventPlan {
    const args = new Args();
    const fromMs = args.get(() => parseInstantArg(from, 'instant'));
    args.get(() => {
      if (typeof horizonMs !== 'number' || !(horizonMs >= 0) || !Number.isFinite(horizonMs)) {
        throw InvalidArgumentError.one('horizon', `Input should be a non-negative number of milliseconds, got '${String(horizonMs)}'`, 'value_error');
      }
    });
    args.done();
    const toMs = fromMs + horizonMs;
    // Resuming plans from just before the last event seen, so later events of its instant stay.
    const resumeAt = options.afterId !== undefined ? eventIdInstant(options.afterId) : undefined;
    const start = resumeAt !== undefined && resumeAt <= toMs ? resumeAt - 1 : fromMs;
    const errors: StatusManyFailure[] = [];
    const seen = new Set<string>();
    const perMarket: PlannedBellEvent[][] = [];
    for (const identifier of identifiers) {
      try {
        const entry = this.resolveScheduled(identifier);
        if (seen.has(entry.market.fin_id)) continue;
        seen.add(entry.market.fin_id);
        perMarket.push(planMarket(entry, entry.zone ?? this.utc, start, toMs));
      } catch (error) {
        errors.push({ identifier, error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
    return { events: mergePlans(perMarket, options.afterId), errors };
  }

  // ---- trading days and bells (calendar-arithmetic.md §1–3) ----

  sessions(identifier: string, start: string, end: string): Session[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    return listSessions(entry, entry.zone ?? this.utc, startDay, endDay);
  }

  /**
   * The JSON of `sessions` as UTF-8 bytes in pieces, as `phaseJsonChunks`. Arguments and the
   * dates of bad rows are checked now, before the first piece.
   */
  sessionJsonChunks(identifier: string, start: string, end: string): Iterable<Uint8Array> {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    checkGenerated(entry, startDay, endDay);
    return sessionJsonPieces(entry, entry.zone ?? this.utc, startDay, endDay);
  }

  sessionOffset(identifier: string, date: string, n: number, direction: SessionDirection = 'none'): SessionOffset {
    const args = new Args();
    const day = args.get(() => dayArg(date, 'date'));
    const steps = args.get(() => parseInteger(n, 'n', { min: -MAX_ADVANCE, max: MAX_ADVANCE }) + 0);
    const dir = args.get(() => parseChoice(direction, 'direction', SESSION_DIRECTIONS, 'none'));
    args.done();
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, day, day);
    return { date: formatDay(day), n: steps, session: formatDay(offsetSession(entry, day, steps, dir)) };
  }

  sessionCount(identifier: string, start: string, end: string): SessionCount {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    return { start: formatDay(startDay), end: formatDay(endDay), count: countSessions(entry, startDay, endDay) };
  }

  nextBell(identifier: string, after: InstantInput, event: BellEvent = 'open'): Bell {
    return this.bell(identifier, after, event, 'after');
  }

  previousBell(identifier: string, before: InstantInput, event: BellEvent = 'open'): Bell {
    return this.bell(identifier, before, event, 'before');
  }

  private bell(identifier: string, instant: InstantInput, event: BellEvent, param: 'after' | 'before'): Bell {
    const args = new Args();
    const ms = args.get(() => parseInstantArg(instant, param));
    const ev = args.get(() => parseChoice(event, 'event', BELL_EVENTS, 'open'));
    args.done();
    const entry = this.resolveScheduled(identifier);
    return findBell(entry, entry.zone ?? this.utc, ms, ev, param === 'after');
  }

  // ---- bars and special sessions (calendar-arithmetic.md §8–9) ----

  /**
   * The bars of `period` inside the open time of each session of `start`..`end`, made one at
   * a time as the answer is iterated (or walked with its cursor). Refused with an
   * InvalidArgumentError naming the count when the range holds more than MAX_BARS bars.
   */
  bars(identifier: string, start: string, end: string, options: BarOptions): BarSeries {
    const { series, startDay, endDay } = this.barSeries(identifier, start, end, options);
    checkBarLimit(series.plan, formatDay(startDay), formatDay(endDay), series.period);
    return series;
  }

  /** How many bars `bars` would list, with no limit. */
  countBars(identifier: string, start: string, end: string, options: BarOptions): BarCount {
    const { series, startDay, endDay } = this.barSeries(identifier, start, end, options);
    return { start: formatDay(startDay), end: formatDay(endDay), period: series.period, count: series.count };
  }

  /** The JSON of `bars` as UTF-8 bytes in pieces (`JSON.stringify([...bars(…)])`), as `phaseJsonChunks`. */
  barJsonChunks(identifier: string, start: string, end: string, options: BarOptions, pieces?: JsonPieceOptions): Iterable<Uint8Array> {
    return barJsonPieces(this.bars(identifier, start, end, options), pieces);
  }

  /** The CSV of `bars` (header `Date,Start,End`, CRLF lines) as UTF-8 bytes in pieces. */
  barCsvChunks(identifier: string, start: string, end: string, options: BarOptions, pieces?: JsonPieceOptions): Iterable<Uint8Array> {
    return barCsvPieces(this.bars(identifier, start, end, options), pieces);
  }

  /** The sessions of `start`..`end` that open late, close early, or are special otherwise (§9). */
  specialSessions(identifier: string, start: string, end: string): SpecialSession[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, startDay, endDay);
    checkGenerated(entry, startDay, endDay);
    return listSpecialSessions(entry, entry.zone ?? this.utc, startDay, endDay);
  }

  private barSeries(identifier: string, start: string, end: string, options: BarOptions) {
    const args = new Args();
    const range = args.get(() => parseRange(start, end));
    const o = options ?? ({} as BarOptions);
    const period = args.get(() => parsePeriod(o.period));
    const forceClose = args.get(() => parseBoolean(o.forceClose ?? true, 'force_close'));
    const breaks = args.get(() => parseChoice(o.breaks, 'breaks', BAR_BREAKS, 'split'));
    args.done();
    const entry = this.resolveScheduled(identifier);
    this.checkCoverage(entry, range.startDay, range.endDay);
    checkGenerated(entry, range.startDay, range.endDay);
    const plan = planBars(entry, range.startDay, range.endDay, period.seconds, forceClose, breaks);
    return { series: new BarSeries(plan, entry.zone ?? this.utc, period.text), ...range };
  }

  // ---- currencies ----

  listCurrencies(): Currency[] {
    this.requireCurrencies();
    return this.index.currencyList.slice();
  }

  getCurrency(code: string): Currency {
    return this.currencyEntry(code).currency;
  }

  isCurrencyAvailable(code: string): boolean {
    try {
      this.currencyEntry(code);
      return true;
    } catch {
      return false;
    }
  }

  listCurrencyHolidays(code: string, start: string, end: string): CurrencyHoliday[] {
    const { startDay, endDay } = parseRange(start, end);
    const entry = this.currencyEntry(code);
    checkDays(entry.listingFaults, startDay, endDay);
    return entry.holidays.slice(lowerBound(entry.holidayDays, startDay), lowerBound(entry.holidayDays, endDay + 1));
  }

  // ---- joined calendars (calendar-arithmetic.md §4) ----

  calendarDays(expr: string, start: string, end: string): CalendarDay[] {
    const args = new Args();
    const parsed = args.get(() => parseCalendarExpression(expr));
    const range = args.get(() => parseRange(start, end));
    args.done();
    const cal = this.calendar(parsed);
    cal.check(range.startDay);
    cal.check(range.endDay);
    const days: CalendarDay[] = [];
    for (let d = range.startDay; d <= range.endDay; d++) {
      const closed = cal.closedMembers(d);
      days.push({ date: formatDay(d), is_business_day: cal.operator === '+' ? closed.length === 0 : closed.length < cal.members.length, closed });
    }
    return days;
  }

  adjust(expr: string, date: string, convention: BusinessDayConvention | string = 'following'): AdjustedDate {
    const args = new Args();
    const parsed = args.get(() => parseCalendarExpression(expr));
    const start = args.get(() => dayArg(date, 'date'));
    const conv = args.get(() => parseConvention(convention));
    args.done();
    const adjusted = this.calendar(parsed).adjust(start, conv);
    return { date: formatDay(start), convention: conv, adjusted: formatDay(adjusted) };
  }

  advance(
    expr: string,
    date: string,
    n: number | string,
    unit: TimeUnit | string = 'days',
    convention: BusinessDayConvention | string = 'following',
    endOfMonth: boolean | string = false,
  ): AdvancedDate {
    const args = new Args();
    const parsed = args.get(() => parseCalendarExpression(expr));
    const start = args.get(() => dayArg(date, 'date'));
    const steps = args.get(() => parseInteger(n, 'n', { min: -MAX_ADVANCE, max: MAX_ADVANCE }));
    const u = args.get(() => parseUnit(unit));
    const conv = args.get(() => parseConvention(convention));
    const eom = args.get(() => parseBoolean(endOfMonth ?? false, 'end_of_month'));
    args.done();
    const result = this.calendar(parsed).advance(start, steps, u, conv, eom);
    return { date: formatDay(start), n: steps, unit: u, result: formatDay(result) };
  }

  // ---- FX dates (calendar-arithmetic.md §5) ----

  fxSpot(pair: string, tradeDate: string, lag?: number | string | null): FxSpot {
    const args = new Args();
    const [base, quote] = args.get(() => parsePair(pair)) ?? [];
    const trade = args.get(() => dayArg(tradeDate, 'trade_date'));
    const lagN = lag === undefined || lag === null || lag === '' ? undefined : args.get(() => parseInteger(lag, 'lag', { min: 0, max: MAX_LAG }));
    args.done();
    const cals = this.spotCalendars(base!, quote!);
    const L = lagN ?? defaultLag(base!, quote!);
    const spot = spotDay(cals, trade, L);
    return { pair: base! + quote!, trade_date: formatDay(trade), lag: L, spot_date: formatDay(spot), closures: closuresBetween(cals, trade, spot) };
  }

  fxValueDate(pair: string, tradeDate: string, tenor: string): FxValueDate {
    const args = new Args();
    const [base, quote] = args.get(() => parsePair(pair)) ?? [];
    const trade = args.get(() => dayArg(tradeDate, 'trade_date'));
    const t = args.get(() => parseTenor(tenor));
    args.done();
    const cals = this.spotCalendars(base!, quote!);
    const spot = spotDay(cals, trade, defaultLag(base!, quote!));
    const value = valueDay(cals.all, spot, t);
    return { pair: base! + quote!, trade_date: formatDay(trade), tenor: t.text, spot_date: formatDay(spot), value_date: formatDay(value) };
  }

  // ---- reference tables ----

  // Phase types and season definitions come with the schedules (a holidays-only archive has
  // neither); the MIC mapping and the regional holidays with every plan. A table the plan
  // includes but the archive lacks is refused naming its file: an empty list would read as
  // "no rows" when nothing is known.

  /** The phase types table as read, in file order. */
  listPhaseTypes(): PhaseType[] {
    this.needTable('phaseTypes', 'schedules');
    return this.index.phaseTypes.slice();
  }

  /**
   * Regional and religious holidays of one calendar (a 2-letter country code or a religion
   * name, any case) in an inclusive date range, ordered by date. A calendar without rows answers
   * an empty list.
   */
  listRegionalHolidays(calendar: string, start: string, end: string): RegionalHoliday[] {
    const args = new Args();
    const key = args.get(() => {
      const k = String(calendar ?? '').trim().toUpperCase();
      if (!k) throw InvalidArgumentError.one('calendar', 'calendar is empty: give a 2-letter country code or a religion name', 'value_error');
      return k;
    });
    const range = args.get(() => parseRange(start, end));
    args.done();
    this.needTable('regionalHolidays');
    const entry = this.index.regional.get(key);
    if (!entry) return [];
    return entry.rows
      .slice(lowerBound(entry.days, range.startDay), lowerBound(entry.days, range.endDay + 1))
      .map((r) => withExtras({ calendar: r.calendar, country: cell(r.country), date: r.date, name: cell(r.name), type: cell(r.type), memo: cell(r.memo) }, r));
  }

  /**
   * Season definitions, optionally of one season (name any case) and one year, ordered by
   * season name, year and file order. Rows whose season, year or date cannot be read are load
   * warnings and are left out; two rows of one season and year are both listed.
   */
  listSeasonDefinitions(filter: { season?: string | null | undefined; year?: number | string | null | undefined } = {}): SeasonDefinition[] {
    const args = new Args();
    const year = filter.year === undefined || filter.year === null || filter.year === '' ? undefined : args.get(() => parseInteger(filter.year, 'year', { min: 1, max: 9999 }));
    args.done();
    this.needTable('seasonDefinitions', 'schedules');
    const season = filter.season?.trim().toLowerCase() || undefined;
    const rows = this.index.seasonDefinitions!.filter(
      (r) => typeof r.season === 'string' && r.season !== '' && typeof r.year === 'number' && tryParseDay(String(r.date)) !== undefined,
    );
    const picked = rows
      .map((r, i) => ({ r, i, name: r.season.toLowerCase() }))
      .filter((x) => (season === undefined || x.name === season) && (year === undefined || x.r.year === year));
    picked.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.r.year - b.r.year || a.i - b.i));
    return picked.map((x) => withExtras({ season: x.r.season, year: x.r.year, date: x.r.date }, x.r));
  }

  /**
   * The MIC mapping table, optionally only the rows of one MIC and/or one FinID (any case),
   * ordered by MIC, then FinID. Rows without a MIC or a FinID are load warnings and left out.
   */
  listMicMapping(filter: { mic?: string | null | undefined; fin_id?: string | null | undefined } = {}): MicMapping[] {
    const args = new Args();
    const mic = filter.mic ? args.get(() => normalizeMic(filter.mic!, 'mic')) : undefined;
    const finId = filter.fin_id ? args.get(() => normalizeFinId(filter.fin_id!, 'fin_id')) : undefined;
    args.done();
    this.needTable('micMapping');
    const up = (v: unknown) => String(v ?? '').trim().toUpperCase();
    const rows = this.index.micMapping!.filter((r) => up(r.mic) !== '' && up(r.fin_id) !== '' && (mic === undefined || up(r.mic) === mic) && (finId === undefined || up(r.fin_id) === finId));
    return rows.map((r, i) => ({ r, i })).sort((a, b) => cmp(up(a.r.mic), up(b.r.mic)) || cmp(up(a.r.fin_id), up(b.r.fin_id)) || a.i - b.i).map((x) => withExtras({ mic: String(x.r.mic), fin_id: String(x.r.fin_id) }, x.r));
  }

  /** Refuses (403) a reference table the plan leaves out or the archive does not hold. */
  private needTable(table: DatasetIndex['absentTables'][number], plan?: 'schedules'): void {
    if (plan === 'schedules' && this.index.plan === 'holidays_only') throw new NotInPlanError('schedules', `The ${TABLE_LABELS[table].label} table is not covered by the plan of the loaded data (it comes with schedules)`);
    if (this.index.absentTables.includes(table)) {
      throw new NotInPlanError(table, `The loaded data has no ${TABLE_LABELS[table].label} table (csv/${TABLE_LABELS[table].file} is not in the archive)`);
    }
  }

  // ---- internals ----

  private byFinId(finId: string): MarketEntry {
    const entry = this.index.markets.get(finId);
    if (!entry) throw new NotFoundError('market', finId);
    return entry;
  }

  private byMic(mic: string): MarketEntry {
    const finIds = this.index.micIndex.get(mic);
    if (!finIds || finIds.length === 0) throw new NotFoundError('mic', mic);
    if (finIds.length > 1) throw new AmbiguousMicError(mic, finIds.slice());
    return this.byFinId(finIds[0]!);
  }

  /** An identifier with a dot is a FinID, otherwise a MIC (engine-semantics §1). */
  private resolve(identifier: string, follow: boolean): MarketEntry {
    const id = String(identifier ?? '');
    return this.resolveNormalized(id, normalizeMarketIdentifier(id), follow);
  }

  private resolveNormalized(id: string, normalized: string, follow: boolean): MarketEntry {
    const entry = id.includes('.') ? this.byFinId(normalized) : this.byMic(normalized);
    return this.follow(entry, follow);
  }

  private follow(entry: MarketEntry, follow: boolean): MarketEntry {
    // Most markets were never replaced: no walk (and its Set) for them.
    if (!follow || entry.market.replaced_by === null) return entry;
    const walk = walkReplacements(
      entry,
      (e) => e.market.fin_id,
      (e) => e.market.replaced_by,
      (id) => this.index.markets.get(id),
    );
    if (walk.kind === 'end') return walk.entry;
    if (walk.kind === 'loop') {
      throw new DataError(`The replacement chain of ${entry.market.fin_id} loops back to ${walk.target}; the data is inconsistent`, { table: 'markets', column: 'replaced_by' });
    }
    throw new NotFoundError('market', walk.target, `Market ${walk.from} was replaced by ${walk.target}, which is not in the loaded data`);
  }

  /** Resolves a market for a schedule-based query, refusing first if the plan lacks schedules. */
  private resolveScheduled(identifier: string): MarketEntry {
    const id = String(identifier ?? '');
    const normalized = normalizeMarketIdentifier(id);
    if (this.index.plan === 'holidays_only') throw new NotInPlanError('schedules');
    return this.resolveNormalized(id, normalized, true);
  }

  private checkCoverage(entry: MarketEntry, startDay: number, endDay: number): void {
    for (const day of [startDay, endDay]) {
      if (day < entry.minDay || day > entry.maxDay) {
        throw new OutOfCoverageError(entry.market.fin_id, formatDay(day), formatDay(entry.minDay), formatDay(entry.maxDay));
      }
    }
  }

  /**
   * The members of a parsed expression: the plan first (currencies need the full plan,
   * markets the schedules), then each member in order (unknown: NotFoundError). A market's
   * business days are its sessions, read from its day views: a date a bad row touches fails
   * the calendar when a step looks at it, rather than answering as if the row were not there.
   */
  private calendar(expr: CalendarExpression): JoinedCalendar {
    if (expr.members.some((m) => m.kind !== 'currency') && this.index.plan === 'holidays_only') throw new NotInPlanError('schedules');
    if (expr.members.some((m) => m.kind === 'currency')) this.requireCurrencies();
    const members = expr.members.map((m): CalendarMember =>
      m.kind === 'currency' ? new CurrencyCalendar(m.label, this.currencyEntry(m.label)) : new MarketCalendar(m.label, this.resolve(m.label, true)),
    );
    return new JoinedCalendar(expr.text, expr.operator, members);
  }

  /**
   * Calendars of an FX pair. Choice: USD missing from the data is a NotFoundError naming USD
   * rather than a spot date computed without it: every pair's spot must be a USD business day.
   */
  private spotCalendars(base: string, quote: string): SpotCalendars {
    const b = new CurrencyCalendar(base, this.currencyEntry(base));
    const q = new CurrencyCalendar(quote, this.currencyEntry(quote));
    let usd: CurrencyCalendar;
    if (base === USD) usd = b;
    else if (quote === USD) usd = q;
    else {
      const entry = this.index.currencies.get(USD);
      if (!entry) throw new NotFoundError('currency', USD, `Currency USD is not in the loaded data: FX spot and value dates need its settlement calendar`);
      usd = new CurrencyCalendar(USD, entry);
    }
    const members = usd === b || usd === q ? [b, q] : [b, q, usd];
    return { base: b, quote: q, usd, all: new JoinedCalendar(members.map((m) => m.code).join('+'), '+', members) };
  }

  private requireCurrencies(): void {
    if (this.index.plan !== 'full') throw new NotInPlanError('currencies');
  }

  private currencyEntry(code: string) {
    const c = normalizeCurrencyCode(String(code ?? ''));
    this.requireCurrencies();
    const entry = this.index.currencies.get(c);
    if (!entry) throw new NotFoundError('currency', c);
    return entry;
  }
}
