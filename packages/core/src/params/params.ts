/**
 * Input parameters: the one place where text typed by a caller (a REST query string, a CLI
 * argument, a library call) becomes a value the engine works with. Every parser reports its
 * faults as InvalidArgumentError entries `{ param, msg, type }` naming the parameter, and
 * `parseParams` reads a whole set of parameters and reports every fault at once.
 *
 * The REST layer, the CLI and the library all validate through here, so they accept exactly
 * the same text and word their refusals the same way.
 */
import type { EpochDay, EpochMs } from '../time/dates.js';
import { InvalidArgumentError } from '../errors.js';
import {
  parseBoolean,
  parseDay,
  parseIsoDate,
  parseInstant,
  normalizeFinId,
  normalizeMic,
  normalizeMarketIdentifier,
  normalizeCurrencyCode,
  parseInteger,
  parseEnum,
  parseList,
  parsePattern,
} from './values.js';
import {
  type CalendarExpression,
  parseCalendarExpression,
  parsePair,
  type Tenor,
  parseTenor,
  type Period,
  parsePeriod,
} from './calendars.js';
import { type MonthIndex, parseMonth, type DateRule, parseDateRule, parseMonthList } from './derived-dates.js';
import { parseOverlapMarkets } from './overlap.js';
import { Faults } from './faults.js';

export * from './values.js';
export * from './calendars.js';
export * from './derived-dates.js';
export * from './overlap.js';
export * from './faults.js';

// ---- parameter sets ----------------------------------------------------------------------

export type ParamKind =
  | 'date'
  | 'instant'
  | 'boolean'
  | 'integer'
  | 'enum'
  | 'pattern'
  | 'market_identifier'
  | 'finid'
  | 'mic'
  | 'currency_code'
  | 'list'
  | 'calendar_expression'
  | 'currency_pair'
  | 'tenor'
  | 'period'
  | 'month'
  | 'date_rule'
  | 'text';

/** A raw input value: text from a URL or command line, a boolean flag, repeated text. */
export type RawValue = string | boolean | number | readonly string[] | undefined;

/**
 * One declared parameter: how to read it, and what a missing value means. `T` is the value
 * the engine receives (undefined only for optional parameters without a default), `I` what a
 * library caller may pass, `O` whether it may be left out.
 */
export interface Param<T = unknown, I = unknown, O extends boolean = boolean> {
  readonly kind: ParamKind;
  /** What the value should look like, for messages: "a date in the form YYYY-MM-DD". */
  readonly expected: string;
  /** Absent is allowed (the value is then `default`). */
  readonly optional: O;
  readonly default: T | undefined;
  /** Allowed values of an enum. */
  readonly values?: readonly string[];
  /** Bounds of an integer. */
  readonly min?: number;
  readonly max?: number;
  readonly parse: (value: string | boolean | number, name: string) => T;
  /** Type-level only: what a caller passes. */
  readonly __input?: I;
}

/** The value type a declared parameter yields. */
export type ParamValue<P> = P extends Param<infer T> ? T : never;
/** The values of a parameter set, by name. */
export type ParamValues<S extends Record<string, Param>> = { [K in keyof S]: ParamValue<S[K]> };
/** What a caller passes for a parameter set: required parameters as keys, the others optional. */
export type ParamInputs<S extends Record<string, Param>> = {
  [K in keyof S as S[K] extends Param<unknown, unknown, true> ? never : K]: S[K] extends Param<unknown, infer I>
    ? I
    : never;
} & {
  [K in keyof S as S[K] extends Param<unknown, unknown, true> ? K : never]?: S[K] extends Param<unknown, infer I>
    ? I
    : never;
};

function required<T, I = string>(
  kind: ParamKind,
  expected: string,
  parse: Param<T>['parse'],
  extra: { values?: readonly string[]; min?: number; max?: number } = {},
): Param<T, I, false> {
  return { ...extra, kind, expected, optional: false, default: undefined, parse };
}

/**
 * A parsed value that is an object prints as its canonical text (`String(value)`), as the
 * values that are numbers and strings do: adapters key answers by `String` of each value (the
 * server's answer cache), and two values printing alike must mean the same answer.
 */
function printsAsText<T extends { text: string }>(value: T): T {
  // A shared prototype rather than a property of each value: defining one on the value itself
  // turned it into a slow dictionary object that every later read of its fields paid for.
  return Object.assign(Object.create(PRINTS_AS_TEXT) as T, value);
}

const PRINTS_AS_TEXT: object = Object.defineProperty({}, 'toString', {
  value(this: { text: string }) {
    return this.text;
  },
  enumerable: false,
});

/**
 * Builders of declared parameters; `optional` and `withDefault` modify any of them. Each yields
 * the parsed value core's entry points take (`Dataset.parsed`): an epoch day, epoch
 * milliseconds, a normalized identifier, a parsed expression. `date`, `calendarExpression`,
 * `currencyPair` and `tenor` are the same checks passing the text on, for adapters that hand it
 * on as text.
 */
export const param = {
  /** A local date, as its epoch day. */
  day: () => required<EpochDay>('date', 'a date in the form YYYY-MM-DD', (v, n) => parseDay(v, n)),
  /** A local date, checked and passed on as typed. */
  date: () => required('date', 'a date in the form YYYY-MM-DD', (v, n) => parseIsoDate(v, n)),
  /**
   * An instant, as epoch milliseconds: ISO 8601 text with an offset (a library caller may give epoch milliseconds or a
   * Date).
   */
  instant: () =>
    required<EpochMs, string | number | Date>('instant', 'a date-time such as 2023-11-15T17:00:00+00:00', (v, n) =>
      parseInstant(v, n),
    ),
  boolean: () => required<boolean, boolean | string>('boolean', 'a boolean', (v, n) => parseBoolean(v, n)),
  integer: (range: { min?: number; max?: number } = {}) =>
    required<number, number | string>('integer', 'an integer', (v, n) => parseInteger(v, n, range), range),
  enum: <V extends string>(values: readonly V[]) =>
    // Any case and spaces are read (` Modified_Following `), so a caller's type takes any text too.
    required<V, V | (string & {})>('enum', `one of ${values.join(', ')}`, (v, n) => parseEnum(v, n, values), {
      values,
    }),
  pattern: () => required('pattern', 'a pattern', (v, n) => parsePattern(v, n)),
  marketIdentifier: () =>
    required('market_identifier', 'a FinID or a MIC', (v, n) => normalizeMarketIdentifier(String(v), n)),
  finId: () => required('finid', 'a FinID', (v, n) => normalizeFinId(String(v), n)),
  mic: () => required('mic', 'a MIC', (v, n) => normalizeMic(String(v), n)),
  currencyCode: () => required('currency_code', 'a currency code', (v, n) => normalizeCurrencyCode(String(v), n)),
  /** Comma-separated items (a repeated parameter adds to them), trimmed, empty ones dropped. */
  list: () => required<string[], string | readonly string[]>('list', 'a comma-separated list', (v) => parseList(v)),
  /**
   * A calendar expression (`US.NYSE+GB.LSE`, `USD~EUR`), parsed (printing as its upper-case text); its faults name
   * `expr`.
   */
  expression: () =>
    required<CalendarExpression>('calendar_expression', 'a calendar expression such as US.NYSE+GB.LSE', (v) =>
      printsAsText(parseCalendarExpression(String(v))),
    ),
  /** A calendar expression, checked for form and passed on as typed. */
  calendarExpression: () =>
    required(
      'calendar_expression',
      'a calendar expression such as US.NYSE+GB.LSE',
      (v) => (parseCalendarExpression(String(v)), String(v)),
    ),
  /** A currency pair (`EURUSD`), as its two codes upper case; its faults name `pair`. */
  pair: () =>
    required<[string, string]>('currency_pair', 'a currency pair such as EURUSD', (v) => parsePair(String(v))),
  /** A currency pair, checked for form and passed on as typed. */
  currencyPair: () =>
    required('currency_pair', 'a currency pair such as EURUSD', (v) => (parsePair(String(v)), String(v))),
  /** An FX tenor (`SN`, `1W`, `3M`, `1Y`), parsed (printing as its upper-case text); its faults name `tenor`. */
  tenorValue: () =>
    required<Tenor>('tenor', 'a tenor such as SN, 1W, 3M or 1Y', (v) => printsAsText(parseTenor(String(v)))),
  /** An FX tenor, answered as its upper-case text. */
  tenor: () => required('tenor', 'a tenor such as SN, 1W, 3M or 1Y', (v) => parseTenor(String(v)).text),
  /** A bar length (`5m`, `1h`), parsed (printing as written); its faults name the parameter. */
  period: () =>
    required<Period>('period', 'a bar length such as 5m, 30m or 1h', (v, n) => printsAsText(parsePeriod(v, n))),
  /** A month `YYYY-MM`, as its MonthIndex. */
  month: () => required<MonthIndex>('month', 'a month in the form YYYY-MM', (v, n) => parseMonth(v, n)),
  /** A `dates` rule (`nth-weekday:3:fri`, `imm`, `last-business-day`), parsed (printing as its lower-case text). */
  dateRule: () =>
    required<DateRule>('date_rule', 'a rule such as nth-weekday:3:fri, imm or last-business-day', (v, n) =>
      printsAsText(parseDateRule(v, n)),
    ),
  /** Month numbers 1..12, comma-separated (a repeated parameter adds to them). */
  monthList: () =>
    required<number[], string | readonly (string | number)[]>(
      'list',
      'a comma-separated list of month numbers 1 to 12',
      (v, n) => parseMonthList(v, n),
    ),
  /**
   * The markets of `overlap`: 2 to 16 FinIDs or MICs, comma-separated (a repeated parameter adds to them), normalized.
   */
  overlapMarkets: () =>
    required<string[], string | readonly string[]>('list', 'a comma-separated list of 2 to 16 FinIDs or MICs', (v, n) =>
      parseOverlapMarkets(parseList(v), n),
    ),
  /** Any text, passed on as typed (for queries that must never fail, such as is_available). */
  text: () => required('text', 'a value', (v) => String(v)),
};

export function optional<T, I>(p: Param<T, I>): Param<T | undefined, I, true> {
  return { ...p, optional: true, default: undefined };
}

export function withDefault<T, I>(p: Param<T, I>, value: T): Param<T, I, true> {
  return { ...p, optional: true, default: value };
}

/**
 * Reads every parameter of `specs` from `raw` (in the order of `specs`) and returns their
 * values, or throws one InvalidArgumentError carrying a fault for each bad parameter.
 * A repeated value (an array) is refused: every parameter takes a single value.
 */
export function parseParams<S extends Record<string, Param>>(
  specs: S,
  raw: Readonly<Record<string, unknown>>,
): ParamValues<S> {
  const out: Record<string, unknown> = {};
  const faults = new Faults();
  // `keep` rather than `get`: no closure per parameter on a path every request takes.
  for (const name in specs) {
    try {
      out[name] = readParam(specs[name]!, name, raw[name]);
    } catch (e) {
      faults.keep(e);
      out[name] = undefined;
    }
  }
  faults.done();
  return out as ParamValues<S>;
}

function readParam(spec: Param, name: string, value: unknown): unknown {
  if (value === undefined) {
    if (!spec.optional) throw InvalidArgumentError.one(name, `Field required: ${spec.expected}`, 'missing');
    return spec.default;
  }
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number')
    return spec.parse(value, name);
  // A repeated list parameter adds to the list.
  if (
    spec.kind === 'list' &&
    Array.isArray(value) &&
    value.every((v) => typeof v === 'string' || typeof v === 'number')
  )
    return spec.parse(value.join(','), name);
  throw InvalidArgumentError.one(name, `Input should be a single value: ${spec.expected}`, 'string_type');
}
export type { EpochDay, EpochMs, EpochSeconds } from '../time/dates.js';
export { isIsoDate, tryParseDay } from '../time/dates.js';
