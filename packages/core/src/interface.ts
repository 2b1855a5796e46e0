/**
 * The library's interface, declared once per query: its parameters (the parsers of
 * params/params.ts, by the names REST and the errors use), the order in which the library takes
 * them, and its call on the queries over parsed values (queries.ts). Both adapters of text are
 * derived from these entries, so they read and refuse arguments identically by construction:
 *
 * - `Dataset` gets one method per entry (dataset.ts): `dataset.listHolidays('XNYS', '2024-01-01',
 *   '2024-12-31')` puts its arguments under their names and reads them with `parseParams`;
 * - the catalogue builds its REST operations from the same entries (`fromQuery`), adding only
 *   what a reader of the HTTP interface needs (path, descriptions, examples, the CLI's flags).
 *
 * This module imports only the parsers, as the catalogue does: the CLI builds its commands
 * from the catalogue before any engine code is loaded. docs/architecture.md "Adding an endpoint".
 */
import {
  BAR_BREAKS,
  BELL_EVENTS,
  CONVENTIONS,
  MAX_DATE_OFFSET,
  MAX_LAG,
  MAX_STEPS,
  OVERLAP_PHASES,
  SESSION_DIRECTIONS,
  UNITS,
  optional,
  param,
  parseParams,
  withDefault,
  type Param,
  type ParamValues,
  type Period,
} from './params/params.js';
import type { ParsedBarOptions, ParsedQueries } from './queries.js';
import type { BarBreaks } from './types.js';

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
function query<
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

/** What a caller may pass for one parameter: its input type, and null for an optional one. */
type InputOf<P> = P extends Param<unknown, infer I, infer Opt> ? (Opt extends true ? I | null | undefined : I) : never;
type Inputs<S, N> = { -readonly [K in keyof N]: N[K] extends keyof S ? InputOf<S[N[K]]> : never };
type OptionsOf<S, O> = { [K in keyof O]?: O[K] extends keyof S ? InputOf<S[O[K]]> : never };

/** The arguments of the library's method for a query. */
export type ArgumentsOf<Q> =
  Q extends Query<infer S, infer A, infer R, infer O>
    ? keyof O extends never
      ? [...Inputs<S, A>, ...Partial<Inputs<S, R>>]
      : [...Inputs<S, A>, ...Partial<Inputs<S, R>>, options?: OptionsOf<S, O>]
    : never;

/** The library's method for a query. */
export type MethodOf<Q> = Q extends Query<any, any, any, any, infer T> ? (...args: ArgumentsOf<Q>) => T : never;

/**
 * A library caller's value as the parsers take it: null is left out, a Date is its epoch
 * milliseconds, a list of numbers is its comma-separated text.
 */
function inputOf(value: unknown): unknown {
  if (value === null) return undefined;
  if (value instanceof Date) return value.getTime();
  if (Array.isArray(value)) return value.map(String);
  return value;
}

/** The arguments of a library call as parsed values (every fault at once, as REST reports them). */
export function readArguments<S extends Params>(q: Query<S>, args: ArrayLike<unknown>): ParamValues<S> {
  const raw: Record<string, unknown> = {};
  const positional = [...q.args, ...q.rest];
  for (let i = 0; i < positional.length; i++) raw[positional[i]!] = inputOf(args[i]);
  const options = args[positional.length];
  if (options !== undefined && options !== null) {
    for (const key in q.options) raw[q.options[key]!] = inputOf((options as Record<string, unknown>)[key]);
  }
  return parseParams(q.params, raw);
}

const instantParams = { instant: param.instant() };

/** A required instant of a library call (epoch milliseconds, a Date or ISO 8601 text), as `instant`. */
export function readInstantArgument(value: unknown): number {
  return parseParams(instantParams, { instant: inputOf(value) }).instant;
}

// ---- the parameters several queries share ----

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
/** The library's methods derived from QUERIES, as `Dataset` has them. */
export type QueryMethods = { [K in keyof Queries]: MethodOf<Queries[K]> };
