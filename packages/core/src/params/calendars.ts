/**
 * The values of calendar arithmetic (docs/calendar-arithmetic.md §4–5, §8): calendar
 * expressions, business-day conventions and units, currency pairs, tenors and bar periods, with
 * the vocabularies and limits the adapters show.
 */
import { SECONDS_PER_DAY } from '../time/dates.js';
import { InvalidArgumentError } from '../errors.js';
import type { BellEvent, BusinessDayConvention, OverlapPhase, Plan, SessionDirection, TimeUnit } from '../types.js';
import { CURRENCY_RE, MIC_RE } from './patterns.js';
import type { OVERLAP_PHASES } from './overlap.js';

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
