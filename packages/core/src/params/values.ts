/**
 * Single values of text: booleans, local dates, instants, identifiers and codes, integers,
 * enumerations, lists, range spans and FinID patterns, each parser naming its parameter in its
 * faults (params.ts says how they are read as sets).
 */
import { compileGlob } from './glob.js';
import { SECONDS_PER_DAY, daysFromCivil, formatDay, tryParseDay, type EpochDay, type EpochMs } from '../time/dates.js';
import { InvalidArgumentError } from '../errors.js';
import { CURRENCY_RE, MIC_RE } from './patterns.js';

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
    const ctx = range.min !== undefined && n < range.min ? { ge: range.min } : { le: range.max };
    throw InvalidArgumentError.one(param, `Input should be an integer ${bounds}, got ${n}`, 'value_error', {
      input: value,
      ctx,
    });
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
      { ctx: { max_days: maxDays } },
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
