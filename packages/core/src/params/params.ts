/**
 * Input parameters: the one place where text typed by a caller (a REST query string, a CLI
 * argument, a library call) becomes a value the engine works with. Every parser reports its
 * faults as InvalidArgumentError entries `{ param, msg, type }` naming the parameter, and
 * `parseParams` reads a whole set of parameters and reports every fault at once.
 *
 * The REST layer, the CLI and the library all validate through here, so they accept exactly
 * the same text and word their refusals the same way.
 */
import { compileGlob } from './glob.js';
import { SECONDS_PER_DAY, daysFromCivil, formatDay, tryParseDay, type EpochDay, type EpochMs } from '../time/dates.js';
import { InvalidArgumentError, type ArgumentFault } from '../errors.js';
import type { BellEvent, BusinessDayConvention, OverlapPhase, Plan, SessionDirection, TimeUnit } from '../types.js';

// ---- single values -----------------------------------------------------------------------

/** Words read as true / false, any case, surrounding blanks ignored (query strings, CLI config). */
export const TRUE_WORDS: readonly string[] = ['true', '1', 'yes', 'on'];
export const FALSE_WORDS: readonly string[] = ['false', '0', 'no', 'off'];

export function parseBoolean(value: unknown, param: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (TRUE_WORDS.includes(v)) return true;
    if (FALSE_WORDS.includes(v)) return false;
  }
  throw InvalidArgumentError.one(
    param,
    `Input should be a valid boolean (true/false, 1/0, yes/no, on/off), got '${String(value)}'`,
    'bool_parsing',
  );
}

/** Reads a local date `YYYY-MM-DD` (a real one) into its epoch day. */
export function parseDay(value: unknown, param: string): EpochDay {
  if (typeof value !== 'string' || value.length === 0) {
    throw InvalidArgumentError.one(param, 'Field required: a date in the form YYYY-MM-DD', 'missing');
  }
  const days = tryParseDay(value);
  if (days === undefined) {
    throw InvalidArgumentError.one(
      param,
      `Invalid date '${value}': expected a real date in the form YYYY-MM-DD`,
      'date_from_datetime_parsing',
    );
  }
  return days;
}

/**
 * `parseDay`'s check, answering the text itself (the only form of a valid date, so `formatDay` of the day gives it
 * back).
 */
export function parseIsoDate(value: unknown, param: string): string {
  parseDay(value, param);
  return value as string;
}

/** An inclusive range of epoch days, refused (on `end`) when it ends before it starts. */
export function checkDayOrder(startDay: EpochDay, endDay: EpochDay): void {
  if (endDay < startDay)
    throw InvalidArgumentError.one(
      'end',
      `end (${formatDay(endDay)}) is before start (${formatDay(startDay)})`,
      'date_range',
    );
}

const INSTANT_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|z|[+-]\d{2}:?\d{2})$/;

/**
 * A '+' in a query string decodes to a space, so `…T17:00:00+00:00` typed unencoded arrives as
 * `…T17:00:00 00:00`. Putting the sign back is unambiguous: a space is never valid there.
 */
function restorePlus(value: string): string {
  return value.includes(' ') ? value.replace(/(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:?\d{2})$/, '$1+$2') : value;
}

/**
 * Parses an ISO 8601 date-time that carries `Z` or an offset into epoch milliseconds. A value
 * without an offset is refused rather than guessed: the spec asks callers to be explicit. An
 * offset whose `+` was decoded to a space (an unencoded query string) is read as `+`.
 */
export function parseInstant(value: unknown, param: string): EpochMs {
  if (typeof value === 'string') {
    const ms = canonicalInstant(value);
    if (ms !== undefined) return ms;
  } else if (typeof value === 'number') {
    // A library caller's epoch milliseconds (a Date arrives as its time); text never reads as a number.
    if (Number.isFinite(value)) return value;
    throw InvalidArgumentError.one(
      param,
      `Invalid instant '${String(value)}': expected epoch milliseconds, a Date or an ISO 8601 date-time`,
      'datetime_parsing',
    );
  }
  return readInstant(value, param);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The digit at `i` of `s`, or a negative number when it is not one (sums of them stay negative). */
function digitAt(s: string, i: number): number {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1e6;
}

function twoAt(s: string, i: number): number {
  return digitAt(s, i) * 10 + digitAt(s, i + 1);
}

/**
 * `parseInstant` of the form nearly every caller sends, `YYYY-MM-DDTHH:MM:SS` then `Z` or
 * `±HH:MM`, read digit by digit (a server reads one on every status request); undefined for
 * anything else, valid or not, which `readInstant` then reads or refuses with its message.
 */
function canonicalInstant(s: string): EpochMs | undefined {
  const n = s.length;
  if (
    (n !== 20 && n !== 25) ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58
  ) {
    return undefined;
  }
  const y = twoAt(s, 0) * 100 + twoAt(s, 2);
  const mo = twoAt(s, 5);
  const d = twoAt(s, 8);
  const h = twoAt(s, 11);
  const mi = twoAt(s, 14);
  const sec = twoAt(s, 17);
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59)
    return undefined;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (mo === 2 && leap ? 29 : MONTH_DAYS[mo - 1]!)) return undefined;
  let offset = 0;
  if (n === 20) {
    if (s.charCodeAt(19) !== 90) return undefined; // Z
  } else {
    const sign = s.charCodeAt(19);
    const oh = twoAt(s, 20);
    const om = twoAt(s, 23);
    if ((sign !== 43 && sign !== 45) || s.charCodeAt(22) !== 58 || oh < 0 || oh > 18 || om < 0 || om > 59)
      return undefined;
    offset = (sign === 45 ? -1 : 1) * (oh * 3600 + om * 60);
  }
  return (daysFromCivil(y, mo, d) * SECONDS_PER_DAY + h * 3600 + mi * 60 + sec - offset) * 1000;
}

/** `parseInstant` of any form it accepts, and its errors. Exported for the test that holds the two readers equal. */
export function readInstant(value: unknown, param: string): EpochMs {
  if (typeof value !== 'string' || value.length === 0) {
    throw InvalidArgumentError.one(param, 'Field required: a date-time such as 2023-11-15T17:00:00+00:00', 'missing');
  }
  const text = restorePlus(value);
  const m = INSTANT_RE.exec(text.trim());
  const fail = () =>
    InvalidArgumentError.one(
      param,
      `Invalid date-time '${text}': expected ISO 8601 with an offset, such as 2023-11-15T17:00:00+00:00 or ` +
        `2023-11-15T17:00:00Z`,
      'datetime_parsing',
    );
  if (!m) throw fail();
  const day = tryParseDay(m[1]!);
  const h = Number(m[2]);
  const mi = Number(m[3]);
  const s = m[4] === undefined ? 0 : Number(m[4]);
  if (day === undefined || h > 23 || mi > 59 || s > 59) throw fail();
  const frac = m[5] ? Math.floor(Number(`0${m[5]}`) * 1000) : 0;
  const z = m[6]!;
  let offset = 0;
  if (z !== 'Z' && z !== 'z') {
    const digits = z.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 18 || om > 59) throw fail();
    offset = (z[0] === '-' ? -1 : 1) * (oh * 3600 + om * 60);
  }
  return (day * SECONDS_PER_DAY + h * 3600 + mi * 60 + s - offset) * 1000 + frac;
}

const MIC_RE = /^[A-Za-z0-9]{4}$/;
const CURRENCY_RE = /^[A-Za-z]{3}$/;

/** FINID_PART_RE over two or more dot-separated parts, in one test: every request reads an identifier. */
const FINID_RE = /^[A-Za-z0-9_&+-]+(?:\.[A-Za-z0-9_&+-]+)+$/;

/** Validates a FinID's form (two or more dot-separated parts) and answers it upper case. */
export function normalizeFinId(value: string, param = 'identifier'): string {
  const v = value.trim();
  if (!FINID_RE.test(v)) {
    throw InvalidArgumentError.one(
      param,
      `Invalid FinID '${value}': expected two or more dot-separated parts such as US.NYSE`,
      'finid_format',
    );
  }
  return v.toUpperCase();
}

/** Validates a MIC's form (four letters or digits) and answers it upper case. */
export function normalizeMic(value: string, param = 'identifier'): string {
  const v = value.trim();
  if (!MIC_RE.test(v)) {
    throw InvalidArgumentError.one(
      param,
      `Invalid MIC '${value}': expected exactly four letters or digits such as XNYS`,
      'mic_format',
    );
  }
  return v.toUpperCase();
}

/** A market identifier: a FinID when it has a dot, otherwise a MIC (docs/semantics.md §1). */
export function normalizeMarketIdentifier(value: string, param = 'identifier'): string {
  const v = String(value ?? '');
  return v.includes('.') ? normalizeFinId(v, param) : normalizeMic(v, param);
}

export function normalizeCurrencyCode(value: string, param = 'code'): string {
  const v = value.trim();
  if (!CURRENCY_RE.test(v)) {
    throw InvalidArgumentError.one(
      param,
      `Invalid currency code '${value}': expected three letters such as USD`,
      'currency_format',
    );
  }
  return v.toUpperCase();
}

/** An override's target of three letters is a currency; anything else names a market (docs/overrides.md §1). */
export const isCurrencyTarget = (target: string): boolean => /^\s*[A-Za-z]{3}\s*$/.test(target);

/** The key of a regional calendar (a country code or a religion name): trimmed, upper case, not empty. */
export function parseRegionalCalendar(value: unknown, param = 'calendar'): string {
  const k = String(value ?? '')
    .trim()
    .toUpperCase();
  if (!k)
    throw InvalidArgumentError.one(
      param,
      'calendar is empty: give a 2-letter country code or a religion name',
      'value_error',
    );
  return k;
}

/**
 * Largest |n| of stepping operations (sessions/offset, advance): far beyond any coverage window, so the window decides.
 */
export const MAX_STEPS = 1_000_000;

export function parseInteger(value: unknown, param: string, range: { min?: number; max?: number } = {}): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(n)) {
    throw InvalidArgumentError.one(param, `Input should be a valid integer, got '${String(value)}'`, 'int_parsing');
  }
  if ((range.min !== undefined && n < range.min) || (range.max !== undefined && n > range.max)) {
    const bounds =
      range.max === undefined
        ? `>= ${range.min}`
        : range.min === undefined
          ? `<= ${range.max}`
          : `${range.min} to ${range.max}`;
    throw InvalidArgumentError.one(param, `Input should be an integer ${bounds}, got ${n}`, 'value_error');
  }
  return n;
}

export function parseEnum<V extends string>(value: unknown, param: string, values: readonly V[]): V {
  const v = typeof value === 'string' ? value.trim() : value;
  const hit =
    values.find((x) => x === v) ?? values.find((x) => typeof v === 'string' && x.toLowerCase() === v.toLowerCase());
  if (hit === undefined) {
    throw InvalidArgumentError.one(
      param,
      `Input should be ${values.map((x) => `'${x}'`).join(', ')}, got '${String(value)}'`,
      'enum',
    );
  }
  return hit;
}

/** `a, b,,c` → `['a', 'b', 'c']`. */
export function parseList(value: unknown): string[] {
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** Ten years of days, inclusive: the default cap on a range no coverage window bounds (the catalogue's rangeCapped). */
export const DEFAULT_MAX_RANGE_DAYS = 3653;

/**
 * Refuses a date range longer than `maxDays` days (both ends inclusive), naming the cap: the
 * adapters apply it to the operations whose cost grows with the range (phases, days, sessions).
 */
export function checkRangeSpan(start: string, end: string, maxDays: number, param = 'end'): void {
  const a = tryParseDay(start);
  const b = tryParseDay(end);
  if (a !== undefined && b !== undefined) checkDaySpan(a, b, maxDays, param);
}

/** `checkRangeSpan` over parsed dates (what the catalogue holds after reading its parameters). */
export function checkDaySpan(startDay: EpochDay, endDay: EpochDay, maxDays: number, param = 'end'): void {
  const days = endDay - startDay + 1;
  if (days > maxDays) {
    throw InvalidArgumentError.one(
      param,
      `The range ${formatDay(startDay)} to ${formatDay(endDay)} spans ${days} days, more than the limit of ` +
        `${maxDays} days (about ${Math.floor(maxDays / 365.25)} years); ask for a shorter range`,
      'range_too_long',
    );
  }
}

/**
 * A FinID pattern: `*` matches any run of characters, any case; blank means every market.
 * Refused only when longer than MAX_PATTERN_LENGTH (matching itself is linear: glob.ts).
 */
export function parsePattern(value: unknown, param = 'subset'): string {
  const v = typeof value === 'string' ? value.trim() : '';
  const pattern = v === '' ? '*' : v;
  compileGlob(pattern, param);
  return pattern;
}

// ---- calendar expressions, conventions, currency pairs, tenors (docs/calendar-arithmetic.md §4–5) ----
// Pure text checks, here so that the operation registry reads them without the engine; the
// engine (calendars.ts, fx.ts) re-exports them.

export const MAX_CALENDAR_MEMBERS = 16;

export type MemberKind = 'finid' | 'mic' | 'currency';

export interface MemberSpec {
  /** As written in the expression, upper-cased: how `closed` names the member. */
  label: string;
  kind: MemberKind;
}

export interface CalendarExpression {
  /** The expression upper-cased (as used in error messages). */
  text: string;
  operator: '+' | '~';
  members: MemberSpec[];
}

/** A FinID part inside an expression: no '+', which joins members. */
const EXPR_FINID_PART_RE = /^[A-Za-z0-9_&-]+$/;

function badExpr(msg: string): InvalidArgumentError {
  return InvalidArgumentError.one('expr', msg, 'calendar_expression');
}

/**
 * Parses `US.NYSE+GB.LSE`, `USD+EUR`, `XNYS~XLON` or a single member. A member with a dot is a
 * FinID, one of four letters or digits a MIC, one of three letters a currency code. One
 * operator per expression, at most 16 members, no spaces.
 */
export function parseCalendarExpression(expr: unknown): CalendarExpression {
  if (typeof expr !== 'string' || expr.length === 0) {
    throw InvalidArgumentError.one(
      'expr',
      'Field required: a calendar expression such as US.NYSE+GB.LSE or USD+EUR',
      'missing',
    );
  }
  if (/\s/.test(expr)) throw badExpr(`Invalid calendar expression '${expr}': spaces are not allowed`);
  const hasPlus = expr.includes('+');
  const hasTilde = expr.includes('~');
  if (hasPlus && hasTilde) {
    throw badExpr(
      `Invalid calendar expression '${expr}': use one operator per expression, either + (all members open) or ~ (any ` +
        `member open)`,
    );
  }
  const operator = hasTilde ? '~' : '+';
  const parts = expr.split(operator);
  if (parts.length > MAX_CALENDAR_MEMBERS) {
    throw badExpr(
      `Invalid calendar expression '${expr}': at most ${MAX_CALENDAR_MEMBERS} members, got ${parts.length}`,
    );
  }
  const members = parts.map((part): MemberSpec => {
    if (part === '')
      throw badExpr(
        `Invalid calendar expression '${expr}': empty member (an operator at the start or end, or two in a row)`,
      );
    const label = part.toUpperCase();
    if (part.includes('.')) {
      const fin = part.split('.');
      if (fin.length < 2 || !fin.every((p) => EXPR_FINID_PART_RE.test(p))) {
        throw badExpr(
          `Invalid calendar expression '${expr}': '${part}' is not a FinID (two or more dot-separated parts such as ` +
            `US.NYSE)`,
        );
      }
      return { label, kind: 'finid' };
    }
    if (MIC_RE.test(part)) return { label, kind: 'mic' };
    if (CURRENCY_RE.test(part)) return { label, kind: 'currency' };
    throw badExpr(
      `Invalid calendar expression '${expr}': '${part}' is neither a market (a FinID such as US.NYSE or a MIC such ` +
        `as XNYS) nor a currency code (three letters such as USD)`,
    );
  });
  return { text: expr.toUpperCase(), operator, members };
}

/** Business-day conventions of `adjust` and `advance`; units of `advance`. */
export const CONVENTIONS = [
  'following',
  'preceding',
  'modified_following',
  'modified_preceding',
  'unadjusted',
] as const satisfies readonly BusinessDayConvention[];
export const UNITS = ['days', 'weeks', 'months', 'years'] as const satisfies readonly TimeUnit[];
/** What `nextBell`/`previousBell` look for. */
export const BELL_EVENTS = ['open', 'close'] as const satisfies readonly BellEvent[];
/** How `sessionOffset` treats a date that is not a session. */
export const SESSION_DIRECTIONS = ['none', 'next', 'previous'] as const satisfies readonly SessionDirection[];
/** The most identifiers one bulk status (or bell-event stream) may name. */
export const MAX_BULK_IDENTIFIERS = 1000;
/** The longest FX spot lag a caller may ask for, in business days (the shortest is 0). */
export const MAX_LAG = 5;
/** The plans of the data, from the least to the most it covers. */
export const PLANS = ['holidays_only', 'no_currencies', 'full'] as const satisfies readonly Plan[];

// Each list above names every member of its type: a member added to the type and not to the
// list (which the parsers, the documentation and the CLI's help are made from) fails the build.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
function sameMembers<_T extends true>(): void {}
sameMembers<Same<(typeof CONVENTIONS)[number], BusinessDayConvention>>();
sameMembers<Same<(typeof UNITS)[number], TimeUnit>>();
sameMembers<Same<(typeof BELL_EVENTS)[number], BellEvent>>();
sameMembers<Same<(typeof SESSION_DIRECTIONS)[number], SessionDirection>>();
sameMembers<Same<(typeof PLANS)[number], Plan>>();
sameMembers<Same<(typeof OVERLAP_PHASES)[number], OverlapPhase>>();

/**
 * `EURUSD` (any case; `EUR/USD` is accepted too) → ['EUR', 'USD']. Choice: a "pair" of one
 * currency twice (`USDUSD`) is refused: it is not a trade with a spot date.
 */
export function parsePair(value: unknown): [string, string] {
  if (typeof value !== 'string' || value.length === 0) {
    throw InvalidArgumentError.one('pair', 'Field required: a currency pair such as EURUSD', 'missing');
  }
  const m = /^([A-Za-z]{3})\/?([A-Za-z]{3})$/.exec(value.trim());
  if (!m)
    throw InvalidArgumentError.one(
      'pair',
      `Invalid currency pair '${value}': expected two three-letter currency codes such as EURUSD`,
      'pair_format',
    );
  const a = m[1]!.toUpperCase();
  const b = m[2]!.toUpperCase();
  if (a === b)
    throw InvalidArgumentError.one(
      'pair',
      `Invalid currency pair '${value}': the two currencies must differ`,
      'pair_format',
    );
  return [a, b];
}

export type Tenor = { text: 'SN' } | { text: string; n: number; unit: Exclude<TimeUnit, 'days'> };

const TENOR_LIMITS = { W: ['weeks', 52], M: ['months', 120], Y: ['years', 30] } as const;

/** `SN`, `1W`..`52W`, `1M`..`120M`, `1Y`..`30Y` (any case). */
export function parseTenor(value: unknown): Tenor {
  if (typeof value !== 'string' || value.length === 0) {
    throw InvalidArgumentError.one('tenor', 'Field required: a tenor such as SN, 1W, 3M or 1Y', 'missing');
  }
  const v = value.trim().toUpperCase();
  if (v === 'SN') return { text: 'SN' };
  const m = /^([1-9]\d{0,2})([WMY])$/.exec(v);
  const limit = m ? TENOR_LIMITS[m[2] as 'W' | 'M' | 'Y'] : undefined;
  if (!m || !limit || Number(m[1]) > limit[1]) {
    throw InvalidArgumentError.one(
      'tenor',
      `Invalid tenor '${value}': expected SN, 1W to 52W, 1M to 120M or 1Y to 30Y`,
      'tenor_format',
    );
  }
  return { text: v, n: Number(m[1]), unit: limit[0] };
}

/** Most bars one answer lists; more is refused, naming how many the range holds. */
export const MAX_BARS = 1_000_000;

/** How bars treat a session's breaks: restart after each (`split`), or run through (`ignore`). */
export const BAR_BREAKS = ['split', 'ignore'] as const;

/** A bar length: as written (`5m`, `1h`) and in seconds of elapsed time. */
export interface Period {
  text: string;
  seconds: number;
  /**
   * Set for the periods of whole sessions (docs/calendar-arithmetic.md §11: `1d`, `1w`, `1mo`), whose
   * bars group sessions by date rather than cut elapsed time; `seconds` is then 0.
   */
  sessions?: SessionGrouping;
}

/** How bars of whole sessions group them: one each, by ISO week, by calendar month. */
export type SessionGrouping = 'day' | 'week' | 'month';
const SESSION_PERIODS = { '1d': 'day', '1w': 'week', '1mo': 'month' } as const satisfies Record<
  string,
  SessionGrouping
>;

/**
 * `1m`..`1440m` or `1h`..`24h` (docs/calendar-arithmetic.md §8), or the bars of whole sessions `1d`,
 * `1w`, `1mo` (§11). Lower case only: `M` reads as months in tenors, and a bar length is no place
 * to guess. Leading zeros are refused (`05m`).
 */
export function parsePeriod(value: unknown, param = 'period'): Period {
  if (typeof value !== 'string' || value.trim().length === 0) {
    throw InvalidArgumentError.one(param, 'Field required: a bar length such as 5m, 30m, 1h or 4h', 'missing');
  }
  const v = value.trim();
  const whole = SESSION_PERIODS[v as keyof typeof SESSION_PERIODS];
  if (whole !== undefined) return { text: v, seconds: 0, sessions: whole };
  const m = /^([1-9]\d{0,3})([mh])$/.exec(v);
  const n = m ? Number(m[1]) : 0;
  const seconds = m ? n * (m[2] === 'h' ? 3600 : 60) : 0;
  if (!m || seconds > SECONDS_PER_DAY) {
    throw InvalidArgumentError.one(
      param,
      `Invalid period '${value}': expected a whole number of minutes or hours, 1m to 1440m or 1h to 24h, or 1d, 1w ` +
        `or 1mo`,
      'period_format',
    );
  }
  return { text: v, seconds };
}

// ---- derived dates (docs/calendar-arithmetic.md §10) ----

/** A month of a range as a count of months (`year * 12 + month - 1`), so a range is plain arithmetic. */
export type MonthIndex = number;

/** Most months one `dates` range may hold. */
export const MAX_DATE_MONTHS = 1200;
/** Largest |offset| of `dates`, in business days. */
export const MAX_DATE_OFFSET = 30;

/** `YYYY-MM` (a real month) as its MonthIndex. */
export function parseMonth(value: unknown, param: string): MonthIndex {
  if (typeof value !== 'string' || value.length === 0) {
    throw InvalidArgumentError.one(param, 'Field required: a month in the form YYYY-MM', 'missing');
  }
  const m = /^(\d{4})-(\d{2})$/.exec(value.trim());
  const month = m ? Number(m[2]) : 0;
  if (!m || month < 1 || month > 12) {
    throw InvalidArgumentError.one(
      param,
      `Invalid month '${value}': expected a month in the form YYYY-MM, such as 2024-03`,
      'month_parsing',
    );
  }
  return Number(m[1]) * 12 + month - 1;
}

/** A MonthIndex as `YYYY-MM`. */
export function formatMonth(month: MonthIndex): string {
  const y = Math.floor(month / 12);
  return `${String(y).padStart(4, '0')}-${String(month - y * 12 + 1).padStart(2, '0')}`;
}

/**
 * What a `dates` rule names in a month. `nth-weekday`: the n-th `weekday` (ISO, 1 = Monday) of
 * the month, n < 0 counting from its end; `quarterly` keeps March, June, September and
 * December only (`imm`). `day`: that day of the month, or its last. `business-day`: the n-th
 * business day of the month on the calendar, n < 0 from its end.
 */
export type DateRule = { text: string } & (
  | { kind: 'nth-weekday'; n: number; weekday: number; quarterly: boolean }
  | { kind: 'day'; day: number }
  | { kind: 'business-day'; n: number }
);

const RULE_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** An ordinal of a rule: 1..max or -max..-1, written without a plus sign or leading zeros. */
function ruleOrdinal(text: string | undefined, max: number): number | undefined {
  if (text === undefined || !/^-?[1-9]\d*$/.test(text)) return undefined;
  const n = Number(text);
  return Math.abs(n) <= max ? n : undefined;
}

/**
 * `nth-weekday:N:DAY`, `imm`, `day:D`, `business-day:N`, `first-business-day`,
 * `last-business-day` (any case). The text kept is the rule lower case.
 */
export function parseDateRule(value: unknown, param = 'rule'): DateRule {
  if (typeof value !== 'string' || value.trim().length === 0) {
    throw InvalidArgumentError.one(
      param,
      'Field required: a rule such as nth-weekday:3:fri, imm, day:15, business-day:-1 or last-business-day',
      'missing',
    );
  }
  const text = value.trim().toLowerCase();
  const [head, a, b, ...rest] = text.split(':');
  let rule: DateRule | undefined;
  if (rest.length === 0) {
    if (head === 'imm' && a === undefined) rule = { text, kind: 'nth-weekday', n: 3, weekday: 3, quarterly: true };
    else if (head === 'first-business-day' && a === undefined) rule = { text, kind: 'business-day', n: 1 };
    else if (head === 'last-business-day' && a === undefined) rule = { text, kind: 'business-day', n: -1 };
    else if (head === 'nth-weekday' && b !== undefined) {
      const n = ruleOrdinal(a, 5);
      const weekday = RULE_DAYS.indexOf(b as (typeof RULE_DAYS)[number]) + 1;
      if (n !== undefined && weekday > 0) rule = { text, kind: 'nth-weekday', n, weekday, quarterly: false };
    } else if (head === 'day' && b === undefined) {
      const day = ruleOrdinal(a, 31);
      if (day !== undefined && day > 0) rule = { text, kind: 'day', day };
    } else if (head === 'business-day' && b === undefined) {
      const n = ruleOrdinal(a, 23);
      if (n !== undefined) rule = { text, kind: 'business-day', n };
    }
  }
  if (rule === undefined) {
    throw InvalidArgumentError.one(
      param,
      `Invalid rule '${value}': expected nth-weekday:N:DAY (N 1 to 5 or -1 to -5, DAY mon to sun), imm, day:D (1 to ` +
        `31), business-day:N (1 to 23 or -1 to -23), first-business-day or last-business-day`,
      'rule_format',
    );
  }
  return rule;
}

/**
 * The months kept by `dates`: numbers 1..12, comma-separated, in any order. An empty entry or a
 * month given twice is refused rather than read past: either is a typo in a list of twelve.
 */
export function parseMonthList(value: unknown, param = 'months'): number[] {
  const entries = String(value)
    .split(',')
    .map((v) => v.trim());
  const seen = new Set<number>();
  for (const e of entries) {
    const n = /^\d{1,2}$/.test(e) ? Number(e) : 0;
    if (e === '')
      throw InvalidArgumentError.one(param, `Invalid months '${String(value)}': an empty entry`, 'months_format');
    if (n < 1 || n > 12)
      throw InvalidArgumentError.one(
        param,
        `Invalid months '${String(value)}': '${e}' is not a month number 1 to 12`,
        'months_format',
      );
    if (seen.has(n))
      throw InvalidArgumentError.one(
        param,
        `Invalid months '${String(value)}': month ${n} is given twice`,
        'months_format',
      );
    seen.add(n);
  }
  return [...seen];
}

// ---- overlap of markets (docs/calendar-arithmetic.md §12) ----

/** How many markets one `overlap` query names: at least two, at most sixteen. */
export const MIN_OVERLAP_MARKETS = 2;
export const MAX_OVERLAP_MARKETS = 16;
/** Which phases make a market trading for `overlap`. */
export const OVERLAP_PHASES = ['primary', 'open'] as const satisfies readonly OverlapPhase[];

/** The identifiers of an `overlap` query, each normalized; every bad one is reported, naming `markets`. */
export function parseOverlapMarkets(ids: readonly string[], param = 'markets'): string[] {
  if (ids.length < MIN_OVERLAP_MARKETS || ids.length > MAX_OVERLAP_MARKETS) {
    throw InvalidArgumentError.one(
      param,
      `Give ${MIN_OVERLAP_MARKETS} to ${MAX_OVERLAP_MARKETS} markets (FinIDs or MICs, comma-separated); got ` +
        `${ids.length}`,
      'markets_count',
    );
  }
  const faults = new Faults();
  const out = ids.map((id) => faults.get(() => normalizeMarketIdentifier(id, param)));
  faults.done();
  return out;
}

/**
 * Runs parsers and reports every fault at once: `get` answers a parser's value (undefined when
 * it fails, its faults kept), `done` throws one InvalidArgumentError with every fault kept.
 */
export class Faults {
  // Made on the first fault: most reads have none.
  private faults: ArgumentFault[] | undefined;
  get<T>(parse: () => T): T {
    try {
      return parse();
    } catch (e) {
      this.keep(e);
      return undefined as T;
    }
  }
  /** Keeps the faults of a parser's InvalidArgumentError; anything else is thrown on. */
  keep(e: unknown): void {
    if (!(e instanceof InvalidArgumentError)) throw e;
    (this.faults ??= []).push(...e.faults);
  }
  done(): void {
    if (this.faults) throw new InvalidArgumentError(this.faults);
  }
}

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
