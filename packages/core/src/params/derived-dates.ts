/**
 * The values of derived dates (docs/calendar-arithmetic.md §10): months of a range, date rules
 * and month filters.
 */
import { InvalidArgumentError } from '../errors.js';

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
