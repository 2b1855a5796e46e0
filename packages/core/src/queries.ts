/**
 * The queries, each written here whole: its rule over parsed values (a method of
 * `ParsedQueries`) and, at the end of the file, its declaration (`QUERIES`: its parameters, the
 * library's order of arguments, the call of the method). The rules take what core's parameter
 * parsers (params.ts) answer — epoch days, epoch milliseconds, normalized identifiers and codes,
 * parsed expressions, pairs, tenors and periods — so nothing here reads text typed by a caller
 * again. The catalogue calls them (`dataset.parsed`) with the values its parameters yield, and
 * builds its REST operations from the declarations; the Dataset's methods (the library API) read
 * their text arguments with the same declarations (interface.ts says how) and call them too.
 * docs/architecture.md "Adding an operation".
 *
 * Identifiers and codes are the normalized forms (upper case, checked): `normalizeMarketIdentifier`,
 * `normalizeFinId`, `normalizeMic`, `normalizeCurrencyCode`. A date range is refused when it
 * ends before it starts, after the arguments are read and before anything is looked up.
 */
import type { DatasetIndex } from './tables/build.js';
import {
  CurrencyCalendar,
  JoinedCalendar,
  MarketCalendar,
  type CalendarExpression,
  type CalendarMember,
} from './rules/calendars.js';
import { dayName, formatDay, tryParseDay, type EpochDay, type EpochMs } from './time/dates.js';
import { AmbiguousMicError, DataError, NotFoundError, NotInPlanError, OutOfCoverageError } from './errors.js';
import {
  LOOK_BACK_DAYS,
  dayIsOpen,
  daySettles,
  generate,
  generateFrom,
  phasesByEndDay,
  toPhase,
} from './rules/generate.js';
import { USD, closuresBetween, defaultLag, spotDay, valueDay, type SpotCalendars, type Tenor } from './rules/fx.js';
import { compileGlob } from './params/glob.js';
import { dayJsonPieces, phaseJsonPieces, sessionJsonPieces, type JsonPieceOptions } from './wire/json.js';
import { pickedJson, sliceJson } from './wire/listing-json.js';
import {
  BAR_BREAKS,
  BELL_EVENTS,
  CONVENTIONS,
  Faults,
  MAX_DATE_OFFSET,
  MAX_LAG,
  MAX_STEPS,
  OVERLAP_PHASES,
  SESSION_DIRECTIONS,
  UNITS,
  checkDayOrder,
  checkDaySpan,
  normalizeCurrencyCode,
  normalizeMarketIdentifier,
  optional,
  param,
  parseRegionalCalendar,
  withDefault,
  type DateRule,
  type MonthIndex,
  type Param,
  type ParamValues,
  type Period,
} from './params/params.js';
import { checkDays, lowerBound, type MarketEntry } from './tables/model.js';
import { walkReplacements } from './rules/replacements.js';
import { countSessions, findBell, listSessions, offsetSession } from './rules/sessions.js';
import { BarSeries, checkBarLimit, planBars } from './rules/bars.js';
import { barCsvPieces, barJsonPieces } from './wire/bars-json.js';
import { listSpecialSessions } from './rules/special-sessions.js';
import { checkMonthRange, derivedDates, type DerivedDateOptions } from './rules/derived-dates.js';
import { derivedDatesJsonPieces } from './wire/dates-json.js';
import { clockChangesOf, overlapOf } from './rules/overlap.js';
import { overlapJsonPieces } from './wire/overlap-json.js';
import { SessionBarSeries, sessionBars } from './rules/session-bars.js';
import { computeStatus, statusJsonAt } from './rules/status.js';
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
} from './rules/many.js';
import type {
  AdjustedDate,
  AdvancedDate,
  BarBreaks,
  BarCount,
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
  RegionalHoliday,
  Schedule,
  SeasonDefinition,
  Session,
  SessionCount,
  SessionDirection,
  SessionOffset,
  SpecialSession,
  TimeUnit,
} from './types.js';
import { ZoneRegistry, type Zone } from './time/zone.js';
import { withExtras } from './tables/cells.js';

/** What `bars` and `countBars` take besides the market and range, parsed (BarOptions as text). */
export interface ParsedBarOptions {
  period: Period;
  forceClose: boolean;
  breaks: BarBreaks;
}

const TABLE_LABELS: Record<DatasetIndex['absentTables'][number], { label: string; file: string }> = {
  phaseTypes: { label: 'phase types', file: 'phases.csv' },
  micMapping: { label: 'MIC mapping', file: 'mic-mapping.csv' },
  seasonDefinitions: { label: 'season definitions', file: 'season-definitions.csv' },
  regionalHolidays: { label: 'regional holidays', file: 'regional-holidays.csv' },
};

/** The longest range of clock changes, in days: 200 years (docs/calendar-arithmetic.md §13). */
export const MAX_CLOCK_CHANGE_DAYS = 73_050;

// Reference tables' records as answered, made once per table (or regional calendar): the
// listings are then slices or picks of kept records, whose JSON is kept too (listing-json.ts).
const regionalRecords = new WeakMap<object, RegionalHoliday[]>();
const seasonTables = new WeakMap<object, { rows: SeasonDefinition[]; names: string[] }>();
const micTables = new WeakMap<object, { rows: MicMapping[]; mics: string[]; finIds: string[] }>();

/** A cell as answered: empty or missing is null. */
const cell = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Phases and day views of `startDay`..`endDay` are generated from the look-back on: a date a bad
 * row touches there fails them (docs/bulk-format.md §5).
 */
function checkGenerated(entry: MarketEntry, startDay: number, endDay: number): void {
  if (entry.dayFaults !== null) checkDays(entry.dayFaults, Math.max(startDay - LOOK_BACK_DAYS, entry.minDay), endDay);
}

/** Joined calendars a dataset keeps made (ParsedQueries.calendars). */
const CALENDARS_KEPT = 256;
/** Windows of bell-event plans kept (lastPlans): an opening's empty one and a horizon, twice over. */
const PLAN_WINDOWS_KEPT = 4;

export class ParsedQueries {
  private readonly utc: Zone = new ZoneRegistry().get('UTC');
  /**
   * Each market's planned bell events over the last few windows asked for, by window. The
   * server replans every `/events` channel at a data swap at one instant (a stream opens with
   * an empty window, then plans its horizon), and ten thousand channels on different sets of
   * markets then share one plan of each market instead of one each (docs/benchmarks.md,
   * "Watchers"). Frozen: every caller gets the same objects.
   */
  private readonly lastPlans = new Map<string, Map<MarketEntry, readonly PlannedBellEvent[]>>();

  /** @internal */
  constructor(private readonly index: DatasetIndex) {}

  // ---- markets ----

  /** Markets whose FinID matches a pattern (params.parsePattern's answer), by FinID. */
  listMarkets(pattern: string): Market[] {
    if (pattern === '*') return this.index.marketList.slice();
    const matches = compileGlob(pattern, 'subset');
    return this.index.marketList.filter((m) => matches(m.fin_id));
  }

  /**
   * `listMarkets` as the UTF-8 bytes of its JSON, from each market's kept JSON (listing-json.ts).
   * Like every listing's bytes here, the answer of a whole list is kept and shared with later
   * answers: it must not be written in (a server only sends it).
   */
  marketsJson(pattern: string): Uint8Array {
    const list = this.index.marketList;
    if (pattern === '*') return sliceJson(list, 0, list.length);
    const matches = compileGlob(pattern, 'subset');
    const picked: number[] = [];
    for (let i = 0; i < list.length; i++) if (matches(list[i]!.fin_id)) picked.push(i);
    return pickedJson(list, picked);
  }

  getMarket(identifier: string, follow: boolean): Market {
    return this.resolve(identifier, follow).market;
  }

  getMarketByFinId(finId: string, follow: boolean): Market {
    return this.follow(this.byFinId(finId), follow).market;
  }

  getMarketByMic(mic: string, follow: boolean): Market {
    return this.follow(this.byMic(mic), follow).market;
  }

  /** Never fails: `identifier` is any text, and malformed or unknown answers false. */
  isMarketAvailable(identifier: string): boolean {
    try {
      this.resolve(normalizeMarketIdentifier(identifier), true);
      return true;
    } catch {
      return false;
    }
  }

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

  /**
   * The market's rows as written, bad ones included: a bad row (of schedules, holidays or the
   * market) reaches the answers computed from the rows (phases, days, status), not the listing
   * of the rows themselves (docs/bulk-format.md §5).
   */
  listSchedules(identifier: string): Schedule[] {
    return this.resolveScheduled(identifier).schedules.slice();
  }

  /** `listSchedules` as the UTF-8 bytes of its JSON, from each row's kept JSON (listing-json.ts). */
  schedulesJson(identifier: string): Uint8Array {
    const rows = this.resolveScheduled(identifier).schedules;
    return sliceJson(rows, 0, rows.length);
  }

  generatePhases(identifier: string, startDay: EpochDay, endDay: EpochDay): Phase[] {
    const entry = this.generated(identifier, startDay, endDay);
    return generate(entry, startDay, endDay).map((g) => toPhase(g));
  }

  /**
   * `generatePhases` in pieces of about `chunkDays` days of starts each, whose concatenation is
   * the whole answer: for writing a long range without holding all of it. Arguments are checked
   * now, before the first piece.
   */
  phaseChunks(identifier: string, startDay: EpochDay, endDay: EpochDay, chunkDays = 92): Iterable<Phase[]> {
    const entry = this.generated(identifier, startDay, endDay);
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
  dayChunks(identifier: string, startDay: EpochDay, endDay: EpochDay, chunkDays = 92): Iterable<MarketDay[]> {
    const entry = this.generated(identifier, startDay, endDay);
    return (function* (self: ParsedQueries) {
      for (let from = startDay; from <= endDay; from += chunkDays)
        yield self.dayViews(entry, from, Math.min(endDay, from + chunkDays - 1));
    })(this);
  }

  /**
   * The JSON of `generatePhases` as UTF-8 bytes, in pieces whose concatenation equals
   * `JSON.stringify(generatePhases(…))` byte for byte, written without building the records:
   * what a server sends. Arguments are checked now, before the first piece.
   */
  phaseJsonChunks(identifier: string, startDay: EpochDay, endDay: EpochDay): Iterable<Uint8Array> {
    return phaseJsonPieces(this.generated(identifier, startDay, endDay), startDay, endDay);
  }

  /** The JSON of `listDays` as UTF-8 bytes in pieces, as `phaseJsonChunks`. */
  dayJsonChunks(identifier: string, startDay: EpochDay, endDay: EpochDay): Iterable<Uint8Array> {
    return dayJsonPieces(this.generated(identifier, startDay, endDay), startDay, endDay);
  }

  listDays(identifier: string, startDay: EpochDay, endDay: EpochDay): MarketDay[] {
    return this.dayViews(this.generated(identifier, startDay, endDay), startDay, endDay);
  }

  status(identifier: string, instant: EpochMs): MarketStatus {
    const entry = this.resolveScheduled(identifier);
    return computeStatus(entry, entry.zone ?? this.utc, instant);
  }

  /**
   * `status` as the UTF-8 bytes of its JSON (`JSON.stringify(status(…))`), for servers. Served
   * from the market's last answer while it still holds (statusJsonAt); the bytes are shared
   * with later answers and must not be written in (a server only sends them).
   */
  statusJson(identifier: string, instant: EpochMs): Uint8Array {
    const entry = this.resolveScheduled(identifier);
    return statusJsonAt(entry, entry.zone ?? this.utc, instant);
  }

  // ---- many markets (docs/calendar-arithmetic.md §6) and bell events ----

  /** The status of the markets of a request (`subset` a parsed pattern) at an instant. */
  statusMany(request: StatusManyRequest, instant: EpochMs): StatusMany {
    return this.statusOf(
      bulkIdentifiers(request, (p) => this.listMarkets(p).map((m) => m.fin_id)),
      instant,
    );
  }

  /** The status of each of `identifiers` (as typed: each is read on its own, and a bad one is its entry's error). */
  statusOf(identifiers: readonly string[], instant: EpochMs): StatusMany {
    return {
      as_of: asOf(instant),
      markets: identifiers.map((identifier) => {
        try {
          return bulkItem(identifier, this.status(normalizeMarketIdentifier(identifier), instant));
        } catch (error) {
          return { identifier, error: error instanceof Error ? error : new Error(String(error)) };
        }
      }),
    };
  }

  /** The bell events of `identifiers` (as typed, each read on its own) from `from` for `horizonMs`. */
  bellEvents(
    identifiers: readonly string[],
    from: EpochMs,
    horizonMs: number,
    options: PlanOptions = {},
  ): BellEventPlan {
    const toMs = from + horizonMs;
    // Resuming plans from just before the last event seen, so later events of its instant stay.
    const resumeAt = options.afterId !== undefined ? eventIdInstant(options.afterId) : undefined;
    const start = resumeAt !== undefined && resumeAt <= toMs ? resumeAt - 1 : from;
    const errors: StatusManyFailure[] = [];
    const seen = new Set<string>();
    const perMarket: (readonly PlannedBellEvent[])[] = [];
    const window = `${start}:${toMs}`;
    let plans = this.lastPlans.get(window);
    if (plans === undefined) {
      this.lastPlans.set(window, (plans = new Map()));
      if (this.lastPlans.size > PLAN_WINDOWS_KEPT) this.lastPlans.delete(this.lastPlans.keys().next().value!);
    }
    for (const identifier of identifiers) {
      try {
        const entry = this.resolveScheduled(normalizeMarketIdentifier(identifier));
        if (seen.has(entry.market.fin_id)) continue;
        seen.add(entry.market.fin_id);
        let plan = plans.get(entry);
        if (plan === undefined) plans.set(entry, (plan = planMarket(entry, entry.zone ?? this.utc, start, toMs)));
        perMarket.push(plan);
      } catch (error) {
        errors.push({ identifier, error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
    return { events: mergePlans(perMarket, options.afterId), errors };
  }

  // ---- trading days and bells (docs/calendar-arithmetic.md §1–3) ----

  sessions(identifier: string, startDay: EpochDay, endDay: EpochDay): Session[] {
    const entry = this.covered(identifier, startDay, endDay);
    return listSessions(entry, entry.zone ?? this.utc, startDay, endDay);
  }

  /**
   * The JSON of `sessions` as UTF-8 bytes in pieces, as `phaseJsonChunks`. Arguments and the
   * dates of bad rows are checked now, before the first piece.
   */
  sessionJsonChunks(identifier: string, startDay: EpochDay, endDay: EpochDay): Iterable<Uint8Array> {
    const entry = this.generated(identifier, startDay, endDay);
    return sessionJsonPieces(entry, entry.zone ?? this.utc, startDay, endDay);
  }

  sessionOffset(identifier: string, day: EpochDay, n: number, direction: SessionDirection): SessionOffset {
    const entry = this.covered(identifier, day, day);
    // `+ 0`: a step count of -0 is answered as 0.
    return { date: formatDay(day), n: n + 0, session: formatDay(offsetSession(entry, day, n + 0, direction)) };
  }

  sessionCount(identifier: string, startDay: EpochDay, endDay: EpochDay): SessionCount {
    const entry = this.covered(identifier, startDay, endDay);
    return { start: formatDay(startDay), end: formatDay(endDay), count: countSessions(entry, startDay, endDay) };
  }

  nextBell(identifier: string, after: EpochMs, event: BellEvent): Bell {
    const entry = this.resolveScheduled(identifier);
    return findBell(entry, entry.zone ?? this.utc, after, event, true);
  }

  previousBell(identifier: string, before: EpochMs, event: BellEvent): Bell {
    const entry = this.resolveScheduled(identifier);
    return findBell(entry, entry.zone ?? this.utc, before, event, false);
  }

  // ---- bars and special sessions (docs/calendar-arithmetic.md §8–9) ----

  /**
   * The bars of `period` inside the open time of each session of the range, made one at a time
   * as the answer is iterated (or walked with its cursor). Refused with an InvalidArgumentError
   * naming the count when the range holds more than MAX_BARS bars.
   */
  bars(identifier: string, startDay: EpochDay, endDay: EpochDay, options: ParsedBarOptions): BarSeries {
    const series = this.barSeries(identifier, startDay, endDay, options);
    checkBarLimit(series.plan, formatDay(startDay), formatDay(endDay), series.period);
    return series;
  }

  /** How many bars `bars` would list, with no limit. */
  countBars(identifier: string, startDay: EpochDay, endDay: EpochDay, options: ParsedBarOptions): BarCount {
    const series = this.barSeries(identifier, startDay, endDay, options);
    return { start: formatDay(startDay), end: formatDay(endDay), period: series.period, count: series.count };
  }

  /** The JSON of `bars` as UTF-8 bytes in pieces (`JSON.stringify([...bars(…)])`), as `phaseJsonChunks`. */
  barJsonChunks(
    identifier: string,
    startDay: EpochDay,
    endDay: EpochDay,
    options: ParsedBarOptions,
    pieces?: JsonPieceOptions,
  ): Iterable<Uint8Array> {
    const series = this.bars(identifier, startDay, endDay, options);
    if (series instanceof SessionBarSeries) return [series.json()];
    return barJsonPieces(series, pieces);
  }

  /** The CSV of `bars` (header `Date,Start,End`, CRLF lines) as UTF-8 bytes in pieces. */
  barCsvChunks(
    identifier: string,
    startDay: EpochDay,
    endDay: EpochDay,
    options: ParsedBarOptions,
    pieces?: JsonPieceOptions,
  ): Iterable<Uint8Array> {
    const series = this.bars(identifier, startDay, endDay, options);
    if (series instanceof SessionBarSeries) return [series.csv()];
    return barCsvPieces(series, pieces);
  }

  /** The sessions of the range that open late, close early, or are special otherwise (§9). */
  specialSessions(identifier: string, startDay: EpochDay, endDay: EpochDay): SpecialSession[] {
    const entry = this.generated(identifier, startDay, endDay);
    return listSpecialSessions(entry, entry.zone ?? this.utc, startDay, endDay);
  }

  private barSeries(identifier: string, startDay: EpochDay, endDay: EpochDay, options: ParsedBarOptions): BarSeries {
    const entry = this.generated(identifier, startDay, endDay);
    // Bars of whole sessions (§11) group sessions: no elapsed-time grid to plan.
    const grouping = options.period.sessions;
    if (grouping !== undefined)
      return new SessionBarSeries(
        sessionBars(entry, entry.zone ?? this.utc, startDay, endDay, grouping),
        entry,
        startDay,
        endDay,
        entry.zone ?? this.utc,
        options.period.text,
      );
    const plan = planBars(entry, startDay, endDay, options.period.seconds, options.forceClose, options.breaks);
    return new BarSeries(plan, entry.zone ?? this.utc, options.period.text);
  }

  // ---- currencies ----

  listCurrencies(): Currency[] {
    this.requireCurrencies();
    return this.index.currencyList.slice();
  }

  /** `listCurrencies` as the UTF-8 bytes of its JSON, from each currency's kept JSON (listing-json.ts). */
  currenciesJson(): Uint8Array {
    this.requireCurrencies();
    const list = this.index.currencyList;
    return sliceJson(list, 0, list.length);
  }

  getCurrency(code: string): Currency {
    return this.currencyEntry(code).currency;
  }

  /** Never fails: `code` is any text, and malformed or unknown answers false. */
  isCurrencyAvailable(code: string): boolean {
    try {
      this.currencyEntry(normalizeCurrencyCode(String(code ?? '')));
      return true;
    } catch {
      return false;
    }
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

  // ---- joined calendars (docs/calendar-arithmetic.md §4) ----

  calendarDays(expr: CalendarExpression, startDay: EpochDay, endDay: EpochDay): CalendarDay[] {
    checkDayOrder(startDay, endDay);
    const cal = this.calendar(expr);
    cal.check(startDay);
    cal.check(endDay);
    const days: CalendarDay[] = [];
    for (let d = startDay; d <= endDay; d++) {
      const closed = cal.closedMembers(d);
      days.push({
        date: formatDay(d),
        is_business_day: cal.operator === '+' ? closed.length === 0 : closed.length < cal.members.length,
        closed,
      });
    }
    return days;
  }

  adjust(expr: CalendarExpression, day: EpochDay, convention: BusinessDayConvention): AdjustedDate {
    const adjusted = this.calendar(expr).adjust(day, convention);
    return { date: formatDay(day), convention, adjusted: formatDay(adjusted) };
  }

  advance(
    expr: CalendarExpression,
    day: EpochDay,
    n: number,
    unit: TimeUnit,
    convention: BusinessDayConvention,
    endOfMonth: boolean,
  ): AdvancedDate {
    const result = this.calendar(expr).advance(day, n, unit, convention, endOfMonth);
    return { date: formatDay(day), n, unit, result: formatDay(result) };
  }

  // ---- derived dates, overlap, clock changes (docs/calendar-arithmetic.md §10, §12, §13) ----

  /**
   * The date `rule` names in each month of `startMonth`..`endMonth` (MonthIndex, as params
   * parseMonth answers), rolled and offset on the calendar. The range is checked first (its
   * length, then its order), then the calendar's members.
   */
  derivedDates(
    expr: CalendarExpression,
    rule: DateRule,
    startMonth: MonthIndex,
    endMonth: MonthIndex,
    options: DerivedDateOptions,
  ): DerivedDate[] {
    checkMonthRange(startMonth, endMonth);
    return derivedDates(this.calendar(expr), rule, startMonth, endMonth, options);
  }

  /**
   * `derivedDates` as the bytes of its JSON in pieces (what the server sends; views of kept
   * memory, never written in), with the same refusals, made before the first piece.
   */
  derivedDatesJsonChunks(
    expr: CalendarExpression,
    rule: DateRule,
    startMonth: MonthIndex,
    endMonth: MonthIndex,
    options: DerivedDateOptions,
  ): Iterable<Uint8Array> {
    checkMonthRange(startMonth, endMonth);
    return derivedDatesJsonPieces(this.calendar(expr), rule, startMonth, endMonth, options);
  }

  /**
   * The maximal intervals in which every market of `identifiers` (normalized; one named twice
   * counts once) trades, over the UTC dates `startDay`..`endDay`: the range in order, then each
   * market in the order given (plan, lookup, coverage of both dates), then the rows read.
   */
  overlap(
    identifiers: readonly string[],
    startDay: EpochDay,
    endDay: EpochDay,
    phase: OverlapPhase,
  ): OverlapInterval[] {
    return overlapOf(this.overlapMarkets(identifiers, startDay, endDay), startDay, endDay, phase);
  }

  /** `overlap` as the bytes of its JSON in pieces, as `derivedDatesJsonChunks`. */
  overlapJsonChunks(
    identifiers: readonly string[],
    startDay: EpochDay,
    endDay: EpochDay,
    phase: OverlapPhase,
  ): Iterable<Uint8Array> {
    return overlapJsonPieces(this.overlapMarkets(identifiers, startDay, endDay), startDay, endDay, phase);
  }

  /** The markets of `overlap`, checked in its order. */
  private overlapMarkets(identifiers: readonly string[], startDay: EpochDay, endDay: EpochDay): MarketEntry[] {
    checkDayOrder(startDay, endDay);
    const entries: MarketEntry[] = [];
    for (const id of identifiers) {
      const entry = this.covered(id, startDay, endDay);
      if (!entries.includes(entry)) entries.push(entry);
    }
    for (const entry of entries)
      checkGenerated(entry, Math.max(startDay - 1, entry.minDay), Math.min(endDay + 1, entry.maxDay));
    return entries;
  }

  /**
   * The changes of the market's UTC offset within its local dates `startDay`..`endDay`: the
   * time zone database decides, not the coverage window, so only the range is bounded.
   */
  clockChanges(identifier: string, startDay: EpochDay, endDay: EpochDay): ClockChange[] {
    checkDayOrder(startDay, endDay);
    checkDaySpan(startDay, endDay, MAX_CLOCK_CHANGE_DAYS);
    const entry = this.resolve(identifier, true);
    // A time zone the data names but the database does not know is the market row's data
    // error (it touches every date), not a zone without changes.
    if (entry.zone === null && entry.market.timezone !== null) {
      if (entry.dayFaults !== null) checkDays(entry.dayFaults, entry.minDay, entry.minDay);
      throw new DataError(`Market ${entry.market.fin_id} names the unknown time zone '${entry.market.timezone}'`, {
        table: 'markets',
        column: 'timezone',
      });
    }
    return clockChangesOf(entry.zone ?? this.utc, startDay, endDay);
  }

  // ---- FX dates (docs/calendar-arithmetic.md §5) ----

  /** `pair` as params.parsePair answers it; `lag` undefined is the pair's own. */
  fxSpot([base, quote]: readonly [string, string], tradeDay: EpochDay, lag: number | undefined): FxSpot {
    const cals = this.spotCalendars(base, quote);
    const L = lag ?? defaultLag(base, quote);
    const spot = spotDay(cals, tradeDay, L);
    return {
      pair: base + quote,
      trade_date: formatDay(tradeDay),
      lag: L,
      spot_date: formatDay(spot),
      closures: closuresBetween(cals, tradeDay, spot),
    };
  }

  fxValueDate([base, quote]: readonly [string, string], tradeDay: EpochDay, tenor: Tenor): FxValueDate {
    const cals = this.spotCalendars(base, quote);
    const spot = spotDay(cals, tradeDay, defaultLag(base, quote));
    const value = valueDay(cals.all, spot, tenor);
    return {
      pair: base + quote,
      trade_date: formatDay(tradeDay),
      tenor: tenor.text,
      spot_date: formatDay(spot),
      value_date: formatDay(value),
    };
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

  /** `listPhaseTypes` as the UTF-8 bytes of its JSON (listing-json.ts). */
  phaseTypesJson(): Uint8Array {
    this.needTable('phaseTypes', 'schedules');
    const rows = this.index.phaseTypes;
    return sliceJson(rows, 0, rows.length);
  }

  /**
   * Regional and religious holidays of one calendar (a 2-letter country code or a religion
   * name, any case: params.parseRegionalCalendar, the one reading of that text) in an inclusive
   * date range, ordered by date. A calendar without rows answers an empty list.
   */
  listRegionalHolidays(calendar: string, startDay: EpochDay, endDay: EpochDay): RegionalHoliday[] {
    const { rows, from, to } = this.regionalRows(calendar, startDay, endDay);
    return rows.slice(from, to);
  }

  /** `listRegionalHolidays` as the UTF-8 bytes of its JSON (listing-json.ts). */
  regionalHolidayJson(calendar: string, startDay: EpochDay, endDay: EpochDay): Uint8Array {
    const { rows, from, to } = this.regionalRows(calendar, startDay, endDay);
    return sliceJson(rows, from, to);
  }

  private regionalRows(
    calendar: string,
    startDay: EpochDay,
    endDay: EpochDay,
  ): { rows: readonly RegionalHoliday[]; from: number; to: number } {
    const faults = new Faults();
    const key = faults.get(() => parseRegionalCalendar(calendar));
    faults.get(() => checkDayOrder(startDay, endDay));
    faults.done();
    this.needTable('regionalHolidays');
    const entry = this.index.regional.get(key);
    if (!entry) return { rows: [], from: 0, to: 0 };
    // The records are made once per calendar (as answered: empty cells null, extra columns kept).
    let rows = regionalRecords.get(entry);
    if (rows === undefined) {
      rows = entry.rows.map((r) =>
        withExtras(
          {
            calendar: r.calendar,
            country: cell(r.country),
            date: r.date,
            name: cell(r.name),
            type: cell(r.type),
            memo: cell(r.memo),
          },
          r,
        ),
      );
      regionalRecords.set(entry, rows);
    }
    return { rows, from: lowerBound(entry.days, startDay), to: lowerBound(entry.days, endDay + 1) };
  }

  /**
   * Season definitions, optionally of one season (name any case) and one year, ordered by
   * season name, year and file order. Rows whose season, year or date cannot be read are load
   * warnings and are left out; two rows of one season and year are both listed.
   */
  listSeasonDefinitions(filter: { season?: string | null | undefined; year?: number | undefined }): SeasonDefinition[] {
    const { rows, picked } = this.seasonRows(filter);
    return picked.map((i) => rows[i]!);
  }

  /** `listSeasonDefinitions` as the UTF-8 bytes of its JSON (listing-json.ts). */
  seasonDefinitionsJson(filter: { season?: string | null | undefined; year?: number | undefined }): Uint8Array {
    const { rows, picked } = this.seasonRows(filter);
    return pickedJson(rows, picked);
  }

  private seasonRows(filter: { season?: string | null | undefined; year?: number | undefined }): {
    rows: readonly SeasonDefinition[];
    picked: number[];
  } {
    this.needTable('seasonDefinitions', 'schedules');
    const season = filter.season?.trim().toLowerCase() || undefined;
    const year = filter.year;
    const table = this.index.seasonDefinitions!;
    // Sorted once per table: a filter keeps rows of the sorted list, whose order is the answer's.
    let sorted = seasonTables.get(table);
    if (sorted === undefined) {
      const rows = table.filter(
        (r) =>
          typeof r.season === 'string' &&
          r.season !== '' &&
          typeof r.year === 'number' &&
          tryParseDay(String(r.date)) !== undefined,
      );
      const keyed = rows.map((r, i) => ({ r, i, name: r.season.toLowerCase() }));
      keyed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.r.year - b.r.year || a.i - b.i));
      sorted = {
        rows: keyed.map((x) => withExtras({ season: x.r.season, year: x.r.year, date: x.r.date }, x.r)),
        names: keyed.map((x) => x.name),
      };
      seasonTables.set(table, sorted);
    }
    const picked: number[] = [];
    for (let i = 0; i < sorted.rows.length; i++) {
      if ((season === undefined || sorted.names[i] === season) && (year === undefined || sorted.rows[i]!.year === year))
        picked.push(i);
    }
    return { rows: sorted.rows, picked };
  }

  /**
   * The MIC mapping table, optionally only the rows of one MIC and/or one FinID (normalized),
   * ordered by MIC, then FinID. Rows without a MIC or a FinID are load warnings and left out.
   */
  listMicMapping(filter: { mic?: string | undefined; fin_id?: string | undefined }): MicMapping[] {
    const { rows, picked } = this.micRows(filter);
    return picked.map((i) => rows[i]!);
  }

  /** `listMicMapping` as the UTF-8 bytes of its JSON (listing-json.ts). */
  micMappingJson(filter: { mic?: string | undefined; fin_id?: string | undefined }): Uint8Array {
    const { rows, picked } = this.micRows(filter);
    return pickedJson(rows, picked);
  }

  private micRows(filter: { mic?: string | undefined; fin_id?: string | undefined }): {
    rows: readonly MicMapping[];
    picked: number[];
  } {
    const { mic, fin_id: finId } = filter;
    this.needTable('micMapping');
    const table = this.index.micMapping!;
    // Sorted once per table: a filter keeps rows of the sorted list, whose order is the answer's.
    let sorted = micTables.get(table);
    if (sorted === undefined) {
      const up = (v: unknown) =>
        String(v ?? '')
          .trim()
          .toUpperCase();
      const keyed = table
        .filter((r) => up(r.mic) !== '' && up(r.fin_id) !== '')
        .map((r, i) => ({ r, i, mic: up(r.mic), finId: up(r.fin_id) }));
      keyed.sort((a, b) => cmp(a.mic, b.mic) || cmp(a.finId, b.finId) || a.i - b.i);
      sorted = {
        rows: keyed.map((x) => withExtras({ mic: String(x.r.mic), fin_id: String(x.r.fin_id) }, x.r)),
        mics: keyed.map((x) => x.mic),
        finIds: keyed.map((x) => x.finId),
      };
      micTables.set(table, sorted);
    }
    const picked: number[] = [];
    for (let i = 0; i < sorted.rows.length; i++) {
      if ((mic === undefined || sorted.mics[i] === mic) && (finId === undefined || sorted.finIds[i] === finId))
        picked.push(i);
    }
    return { rows: sorted.rows, picked };
  }

  /** Refuses (403) a reference table the plan leaves out or the archive does not hold. */
  private needTable(table: DatasetIndex['absentTables'][number], plan?: 'schedules'): void {
    if (plan === 'schedules' && this.index.plan === 'holidays_only')
      throw new NotInPlanError(
        'schedules',
        `The ${TABLE_LABELS[table].label} table is not covered by the plan of the loaded data (it comes with ` +
          `schedules)`,
      );
    if (this.index.absentTables.includes(table)) {
      throw new NotInPlanError(
        table,
        `The loaded data has no ${TABLE_LABELS[table].label} table (csv/${TABLE_LABELS[table].file} is not in the ` +
          `archive)`,
      );
    }
  }

  // ---- internals ----

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

  /** A normalized identifier with a dot is a FinID, otherwise a MIC (docs/semantics.md §1). */
  private resolve(identifier: string, follow: boolean): MarketEntry {
    return this.follow(identifier.includes('.') ? this.byFinId(identifier) : this.byMic(identifier), follow);
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
      throw new DataError(
        `The replacement chain of ${entry.market.fin_id} loops back to ${walk.target}; the data is inconsistent`,
        { table: 'markets', column: 'replaced_by' },
      );
    }
    throw new NotFoundError(
      'market',
      walk.target,
      `Market ${walk.from} was replaced by ${walk.target}, which is not in the loaded data`,
    );
  }

  /** Resolves a market for a schedule-based query, refusing first if the plan lacks schedules. */
  private resolveScheduled(identifier: string): MarketEntry {
    if (this.index.plan === 'holidays_only') throw new NotInPlanError('schedules');
    return this.resolve(identifier, true);
  }

  /** The market of a range query: the range in order, then the market, then its coverage window. */
  private covered(identifier: string, startDay: EpochDay, endDay: EpochDay): MarketEntry {
    checkDayOrder(startDay, endDay);
    const entry = this.resolveScheduled(identifier);
    for (const day of [startDay, endDay]) {
      if (day < entry.minDay || day > entry.maxDay) {
        throw new OutOfCoverageError(
          entry.market.fin_id,
          formatDay(day),
          formatDay(entry.minDay),
          formatDay(entry.maxDay),
        );
      }
    }
    return entry;
  }

  /** `covered`, then the rows the generated phases of the range read (checkGenerated). */
  private generated(identifier: string, startDay: EpochDay, endDay: EpochDay): MarketEntry {
    const entry = this.covered(identifier, startDay, endDay);
    checkGenerated(entry, startDay, endDay);
    return entry;
  }

  /**
   * The members of a parsed expression: the plan first (currencies need the full plan,
   * markets the schedules), then each member in order (unknown: NotFoundError). A market's
   * business days are its sessions, read from its day views: a date a bad row touches fails
   * the calendar when a step looks at it, rather than answering as if the row were not there.
   */
  /**
   * Joined calendars made, by their expression's text (which errors name them by): a calendar
   * asked again skips resolving its members and keeps what it looked up (its flags, its content
   * key). The dataset never changes, so neither do they; at most CALENDARS_KEPT, then started afresh.
   */
  private readonly calendars = new Map<string, JoinedCalendar>();

  private calendar(expr: CalendarExpression): JoinedCalendar {
    if (expr.members.some((m) => m.kind !== 'currency') && this.index.plan === 'holidays_only')
      throw new NotInPlanError('schedules');
    if (expr.members.some((m) => m.kind === 'currency')) this.requireCurrencies();
    let cal = this.calendars.get(expr.text);
    if (cal === undefined) {
      cal = this.joinedCalendar(expr);
      if (this.calendars.size >= CALENDARS_KEPT) this.calendars.clear();
      this.calendars.set(expr.text, cal);
    }
    return cal;
  }

  private joinedCalendar(expr: CalendarExpression): JoinedCalendar {
    const members = expr.members.map(
      (m): CalendarMember =>
        m.kind === 'currency'
          ? new CurrencyCalendar(m.label, this.currencyEntry(m.label))
          : new MarketCalendar(m.label, this.resolve(m.label, true)),
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
      if (!entry)
        throw new NotFoundError(
          'currency',
          USD,
          `Currency USD is not in the loaded data: FX spot and value dates need its settlement calendar`,
        );
      usd = new CurrencyCalendar(USD, entry);
    }
    const members = usd === b || usd === q ? [b, q] : [b, q, usd];
    return { base: b, quote: q, usd, all: new JoinedCalendar(members.map((m) => m.code).join('+'), '+', members) };
  }

  private requireCurrencies(): void {
    if (this.index.plan !== 'full') throw new NotInPlanError('currencies');
  }

  private currencyEntry(code: string) {
    this.requireCurrencies();
    const entry = this.index.currencies.get(code);
    if (!entry) throw new NotFoundError('currency', code);
    return entry;
  }
}

// ---- the shape of a query's declaration ----

type Params = Record<string, Param>;
/** The queries over parsed values as their public members (`dataset.parsed`, or a stand-in answering alike). */
export type ParsedQuerySurface = { readonly [K in keyof ParsedQueries]: ParsedQueries[K] };
type Name<S> = keyof S & string;

/** One query of the library, declared once. */
export interface Query<
  S extends Params = Params,
  A extends readonly Name<S>[] = readonly Name<S>[],
  R extends readonly Name<S>[] = readonly Name<S>[],
  O extends Record<string, Name<S>> = Record<string, Name<S>>,
  T = unknown,
> {
  /** The parameters, in the order their faults are reported (the REST order too). */
  readonly params: S;
  /** The library's leading arguments, in order; each is required by the method's type. */
  readonly args: A;
  /** Further positional arguments the method's type lets a caller leave out (defaults apply). */
  readonly rest: R;
  /** The last argument as an object: the library's key for each parameter (`forceClose` → `force_close`). */
  readonly options: O;
  /** The answer, from the parsed values; `now` stands for the present when an instant is left out. */
  readonly run: (q: ParsedQuerySurface, a: ParamValues<S>, now: () => number) => T;
}

/** Declares a query; the method's argument types and its answer are inferred from it. */
export function query<
  S extends Params,
  const A extends readonly Name<S>[],
  T,
  const R extends readonly Name<S>[] = [],
  const O extends Record<string, Name<S>> = Record<never, never>,
>(spec: {
  params: S;
  args: A;
  rest?: R;
  options?: O;
  run: (q: ParsedQuerySurface, a: ParamValues<S>, now: () => number) => T;
}): Query<S, A, R, O, T> {
  return { rest: [] as unknown as R, options: {} as O, ...spec };
}

// ---- the library's declaration of each query (interface.ts says how a method comes from one) ----
//
// Each entry: the query's parameters (the parsers of params/params.ts, by the names REST and the
// errors use), the order in which the library takes them, and its call on the queries above.
// `Dataset` gets one method per entry (dataset.ts) and the catalogue one REST operation
// (`fromQuery`), so both read and refuse arguments identically by construction.

// The parameters several queries share.

const identifier = param.marketIdentifier();
const code = param.currencyCode();
const start = param.day();
const end = param.day();
const follow = withDefault(param.boolean(), true);
const expr = param.expression();
const convention = withDefault(param.enum(CONVENTIONS), 'following');
const steps = param.integer({ min: -MAX_STEPS, max: MAX_STEPS });
const event = withDefault(param.enum(BELL_EVENTS), 'open');
const pair = param.pair();
const range = { identifier, start, end };
const bars = {
  identifier,
  start,
  end,
  period: param.period(),
  force_close: withDefault(param.boolean(), true),
  breaks: withDefault(param.enum(BAR_BREAKS), 'split'),
};
const barOptions = { period: 'period', forceClose: 'force_close', breaks: 'breaks' } as const;

/** The bar options of parsed bar arguments, as the queries over parsed values take them. */
export const barOptionsOf = (a: { period: Period; force_close: boolean; breaks: BarBreaks }): ParsedBarOptions => ({
  period: a.period,
  forceClose: a.force_close,
  breaks: a.breaks,
});
const rangeArgs = ['identifier', 'start', 'end'] as const;

export const QUERIES = {
  // ---- markets ----
  listMarkets: query({
    params: { subset: withDefault(param.pattern(), '*') },
    args: [],
    rest: ['subset'],
    run: (q, a) => q.listMarkets(a.subset),
  }),
  getMarket: query({
    params: { identifier, follow },
    args: ['identifier'],
    options: { follow: 'follow' },
    run: (q, a) => q.getMarket(a.identifier, a.follow),
  }),
  getMarketByFinId: query({
    params: { finid: param.finId(), follow },
    args: ['finid'],
    options: { follow: 'follow' },
    run: (q, a) => q.getMarketByFinId(a.finid, a.follow),
  }),
  getMarketByMic: query({
    params: { mic: param.mic(), follow },
    args: ['mic'],
    options: { follow: 'follow' },
    run: (q, a) => q.getMarketByMic(a.mic, a.follow),
  }),
  /** Never an error: unknown or malformed identifiers answer false. */
  isMarketAvailable: query({
    params: { identifier: param.text() },
    args: ['identifier'],
    run: (q, a) => q.isMarketAvailable(a.identifier),
  }),
  listHolidays: query({ params: range, args: rangeArgs, run: (q, a) => q.listHolidays(a.identifier, a.start, a.end) }),
  /** The market's rows as written, bad ones included. */
  listSchedules: query({ params: { identifier }, args: ['identifier'], run: (q, a) => q.listSchedules(a.identifier) }),
  generatePhases: query({
    params: range,
    args: rangeArgs,
    run: (q, a) => q.generatePhases(a.identifier, a.start, a.end),
  }),
  listDays: query({ params: range, args: rangeArgs, run: (q, a) => q.listDays(a.identifier, a.start, a.end) }),
  /** The status at `instant`, by default the dataset's clock (datasets from the loader have one). */
  status: query({
    params: { identifier, instant: optional(param.instant()) },
    args: ['identifier'],
    rest: ['instant'],
    run: (q, a, now) => q.status(a.identifier, a.instant ?? now()),
  }),
  /** The sessions of `start`..`end` that open late, close early, or are special otherwise. */
  specialSessions: query({
    params: range,
    args: rangeArgs,
    run: (q, a) => q.specialSessions(a.identifier, a.start, a.end),
  }),
  /** The instants at which the market's time zone changes its UTC offset within the local dates `start`..`end`. */
  clockChanges: query({ params: range, args: rangeArgs, run: (q, a) => q.clockChanges(a.identifier, a.start, a.end) }),

  // ---- trading days and bells (docs/calendar-arithmetic.md §1–3) ----
  sessions: query({ params: range, args: rangeArgs, run: (q, a) => q.sessions(a.identifier, a.start, a.end) }),
  sessionOffset: query({
    params: { identifier, date: param.day(), n: steps, direction: withDefault(param.enum(SESSION_DIRECTIONS), 'none') },
    args: ['identifier', 'date', 'n'],
    rest: ['direction'],
    run: (q, a) => q.sessionOffset(a.identifier, a.date, a.n, a.direction),
  }),
  sessionCount: query({ params: range, args: rangeArgs, run: (q, a) => q.sessionCount(a.identifier, a.start, a.end) }),
  /** The next bell strictly after `after` (default: the dataset's clock). */
  nextBell: query({
    params: { identifier, after: optional(param.instant()), event },
    args: ['identifier'],
    rest: ['after', 'event'],
    run: (q, a, now) => q.nextBell(a.identifier, a.after ?? now(), a.event),
  }),
  /** The previous bell strictly before `before` (default: the dataset's clock). */
  previousBell: query({
    params: { identifier, before: optional(param.instant()), event },
    args: ['identifier'],
    rest: ['before', 'event'],
    run: (q, a, now) => q.previousBell(a.identifier, a.before ?? now(), a.event),
  }),

  // ---- bars (docs/calendar-arithmetic.md §8, §11) ----
  /**
   * The bars of `period` inside the open time of each session of `start`..`end`, made one at a
   * time as the answer is iterated (or walked with its cursor). Refused with an
   * InvalidArgumentError naming the count when the range holds more than MAX_BARS bars.
   */
  bars: query({
    params: bars,
    args: rangeArgs,
    options: barOptions,
    run: (q, a) => q.bars(a.identifier, a.start, a.end, barOptionsOf(a)),
  }),
  /** How many bars `bars` would list, with no limit. */
  countBars: query({
    params: bars,
    args: rangeArgs,
    options: barOptions,
    run: (q, a) => q.countBars(a.identifier, a.start, a.end, barOptionsOf(a)),
  }),

  // ---- currencies ----
  listCurrencies: query({ params: {}, args: [], run: (q) => q.listCurrencies() }),
  getCurrency: query({ params: { code }, args: ['code'], run: (q, a) => q.getCurrency(a.code) }),
  /** Never an error: unknown or malformed codes answer false. */
  isCurrencyAvailable: query({
    params: { code: param.text() },
    args: ['code'],
    run: (q, a) => q.isCurrencyAvailable(a.code),
  }),
  listCurrencyHolidays: query({
    params: { code, start, end },
    args: ['code', 'start', 'end'],
    run: (q, a) => q.listCurrencyHolidays(a.code, a.start, a.end),
  }),

  // ---- joined calendars (docs/calendar-arithmetic.md §4, §10) ----
  calendarDays: query({
    params: { expr, start, end },
    args: ['expr', 'start', 'end'],
    run: (q, a) => q.calendarDays(a.expr, a.start, a.end),
  }),
  adjust: query({
    params: { expr, date: param.day(), convention },
    args: ['expr', 'date'],
    rest: ['convention'],
    run: (q, a) => q.adjust(a.expr, a.date, a.convention),
  }),
  advance: query({
    params: {
      expr,
      date: param.day(),
      n: steps,
      unit: withDefault(param.enum(UNITS), 'days'),
      convention,
      end_of_month: withDefault(param.boolean(), false),
    },
    args: ['expr', 'date', 'n'],
    rest: ['unit', 'convention', 'end_of_month'],
    run: (q, a) => q.advance(a.expr, a.date, a.n, a.unit, a.convention, a.end_of_month),
  }),
  /**
   * The date `rule` names in each month of `start`..`end` (`YYYY-MM`) on the calendar, rolled by
   * `roll` (default following) and moved `offset` business days (default 0): `nth-weekday:3:fri`,
   * `imm`, `day:15`, `business-day:-2`, `first-business-day`, `last-business-day`.
   */
  derivedDates: query({
    params: {
      expr,
      rule: param.dateRule(),
      start: param.month(),
      end: param.month(),
      months: optional(param.monthList()),
      roll: convention,
      offset: withDefault(param.integer({ min: -MAX_DATE_OFFSET, max: MAX_DATE_OFFSET }), 0),
    },
    args: ['expr', 'rule', 'start', 'end'],
    options: { months: 'months', roll: 'roll', offset: 'offset' },
    run: (q, a) => q.derivedDates(a.expr, a.rule, a.start, a.end, { months: a.months, roll: a.roll, offset: a.offset }),
  }),
  /**
   * The maximal intervals (UTC) in which every market of `markets` (2 to 16 FinIDs or MICs, a
   * list or comma-separated) trades over the UTC dates `start`..`end`: in their primary
   * sessions (default) or in any open phase.
   */
  overlap: query({
    params: { markets: param.overlapMarkets(), start, end, phase: withDefault(param.enum(OVERLAP_PHASES), 'primary') },
    args: ['markets', 'start', 'end'],
    rest: ['phase'],
    run: (q, a) => q.overlap(a.markets, a.start, a.end, a.phase),
  }),

  // ---- FX dates (docs/calendar-arithmetic.md §5) ----
  fxSpot: query({
    params: { pair, trade_date: param.day(), lag: optional(param.integer({ min: 0, max: MAX_LAG })) },
    args: ['pair', 'trade_date'],
    rest: ['lag'],
    run: (q, a) => q.fxSpot(a.pair, a.trade_date, a.lag),
  }),
  fxValueDate: query({
    params: { pair, trade_date: param.day(), tenor: param.tenorValue() },
    args: ['pair', 'trade_date', 'tenor'],
    run: (q, a) => q.fxValueDate(a.pair, a.trade_date, a.tenor),
  }),

  // ---- reference tables (queries.ts says which plan and file each needs) ----
  /** The phase types table as read, in file order. */
  listPhaseTypes: query({ params: {}, args: [], run: (q) => q.listPhaseTypes() }),
  /**
   * Regional and religious holidays of one calendar (a 2-letter country code or a religion name,
   * any case) in an inclusive date range, ordered by date. A calendar without rows answers an
   * empty list.
   */
  listRegionalHolidays: query({
    // Any text: the query reads the key, with the order of the range, so both faults come together.
    params: { calendar: param.text(), start, end },
    args: ['calendar', 'start', 'end'],
    run: (q, a) => q.listRegionalHolidays(a.calendar, a.start, a.end),
  }),
  /** Season definitions, optionally of one season (name any case) and one year. */
  listSeasonDefinitions: query({
    params: { season: optional(param.text()), year: optional(param.integer({ min: 1, max: 9999 })) },
    args: [],
    options: { season: 'season', year: 'year' },
    run: (q, a) => q.listSeasonDefinitions({ season: a.season, year: a.year }),
  }),
  /**
   * The MIC mapping table, optionally only the rows of one MIC and/or one FinID (any case), ordered by MIC, then FinID.
   */
  listMicMapping: query({
    params: { mic: optional(param.mic()), fin_id: optional(param.finId()) },
    args: [],
    options: { mic: 'mic', fin_id: 'fin_id' },
    run: (q, a) => q.listMicMapping({ mic: a.mic, fin_id: a.fin_id }),
  }),
} as const;

export type Queries = typeof QUERIES;
