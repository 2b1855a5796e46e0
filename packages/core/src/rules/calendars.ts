/**
 * Joined calendars and business-day arithmetic (docs/calendar-arithmetic.md §4).
 *
 * Everything here works on epoch days. A calendar is a list of members (markets and
 * currencies) joined by `+` (business day of every member) or `~` (of at least one); its
 * coverage window is the intersection of the members' windows, and every date looked at,
 * including each step of a search, must lie inside it.
 */
import { civilFromDays, daysFromCivil, formatDay, isoWeekday, monthLength } from '../time/dates.js';
import { CalendarOutOfCoverageError, DataError } from '../errors.js';
import { checkDays, type CurrencyEntry, type MarketEntry } from '../tables/model.js';
import { isSessionDay, sessionFlagsOf } from './sessions.js';
import type { BusinessDayConvention, TimeUnit } from '../types.js';
import { weekdayBit } from '../time/weekdays.js';

// The expression parser is a pure text check: it lives in params/calendars.ts (the registry reads it).
export {
  MAX_CALENDAR_MEMBERS,
  parseCalendarExpression,
  type CalendarExpression,
  type MemberKind,
  type MemberSpec,
} from '../params/params.js';

// ---- members ----

/** One calendar of a joined calendar. `isBusinessDay` is only asked about days inside [minDay, maxDay]. */
export interface CalendarMember {
  readonly label: string;
  readonly minDay: number;
  readonly maxDay: number;
  isBusinessDay(day: number): boolean;
  /**
   * 1 for each date of [minDay, maxDay] that is a business day, 0 for the others, as
   * `isBusinessDay` answers; null when some date of the window fails (then each is asked).
   */
  businessDays?(): Uint8Array | null;
}

export class MarketCalendar implements CalendarMember {
  readonly minDay: number;
  readonly maxDay: number;
  constructor(
    readonly label: string,
    readonly entry: MarketEntry,
  ) {
    this.minDay = entry.minDay;
    this.maxDay = entry.maxDay;
  }
  // The market's session flags, read once per calendar: a walk asks about every date it passes.
  private flags: Uint8Array | null | undefined;

  businessDays(): Uint8Array | null {
    return (this.flags ??= sessionFlagsOf(this.entry));
  }

  isBusinessDay(day: number): boolean {
    // A market's business day is a session (docs/calendar-arithmetic.md §1), from the sessions index.
    const flags = (this.flags ??= sessionFlagsOf(this.entry));
    if (flags !== null && day >= this.minDay && day <= this.maxDay) return flags[day - this.minDay] === 1;
    return isSessionDay(this.entry, day);
  }
}

export class CurrencyCalendar implements CalendarMember {
  readonly minDay: number;
  readonly maxDay: number;
  readonly code: string;
  private readonly weekend: number;
  constructor(
    readonly label: string,
    readonly entry: CurrencyEntry,
  ) {
    this.code = entry.currency.currency_code;
    this.minDay = entry.minDay;
    this.maxDay = entry.maxDay;
    if (entry.weekendMask === null) {
      throw new DataError(
        `Weekend Definition of currency ${this.code} ('${entry.currency.weekend_definition}') is not a list of days ` +
          `such as Sat-Sun; its business days are unavailable`,
        { table: 'currencies', row: entry.row, column: 'weekend_definition' },
      );
    }
    this.weekend = entry.weekendMask;
  }

  /**
   * Why `day` is not a business day of the currency, or null when it is one: the name of its
   * first holiday row with settlement `No` (`holiday` when that row has no name), else
   * `weekend` for a day of its weekend definition. The holiday wins on a weekend day too: a
   * reader comparing closures across currencies with different weekends wants to see the
   * holiday a row declares, and the weekend alone says nothing about it.
   */
  reason(day: number): string | null {
    // A bad row dated `day` may be a closure we cannot see (docs/bulk-format.md §5).
    if (this.entry.dayFaults !== null) checkDays(this.entry.dayFaults, day, day);
    const h = this.entry.closedByDay.get(day);
    if (h !== undefined) return h.holiday_name ?? 'holiday';
    return this.weekend & weekdayBit(isoWeekday(day)) ? 'weekend' : null;
  }

  isBusinessDay(day: number): boolean {
    return this.reason(day) === null;
  }

  businessDays(): Uint8Array | null {
    let flags = currencyFlags.get(this.entry);
    if (flags === undefined) currencyFlags.set(this.entry, (flags = this.flagsOfWindow()));
    return flags;
  }

  private flagsOfWindow(): Uint8Array | null {
    const { minDay, maxDay } = this.entry;
    if (this.entry.dayFaults !== null || !(maxDay - minDay < MAX_FLAG_DAYS)) return null;
    const flags = new Uint8Array(maxDay - minDay + 1);
    for (let day = minDay; day <= maxDay; day++) flags[day - minDay] = this.reason(day) === null ? 1 : 0;
    return flags;
  }
}

/**
 * A currency's business days over its window, made on first use and kept with its entry (an
 * entry an override does not touch is shared by the versions, and so are its flags). A window
 * longer than this is asked date by date.
 */
const currencyFlags = new WeakMap<CurrencyEntry, Uint8Array | null>();
const MAX_FLAG_DAYS = 200 * 366;

// ---- conventions and units ----

export { CONVENTIONS, UNITS } from '../params/params.js';

// ---- plain calendar arithmetic ----

function daysInMonth(y: number, m: number): number {
  return daysFromCivil(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) - daysFromCivil(y, m, 1);
}

/** Adds months on the plain calendar; a day past the end of the target month becomes its last day. */
export function addMonths(day: number, months: number): number {
  const { y, m, d } = civilFromDays(day);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = total - ty * 12 + 1;
  return daysFromCivil(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

function lastDayOfMonth(day: number): number {
  const { y, m, d } = civilFromDays(day);
  return day - d + monthLength(y, m);
}

// ---- joined business-day flags ----

/**
 * The joined calendar's own business-day flags over its window, kept across requests: made
 * from the members' flags (each kept with its market or currency entry), so every date a walk
 * looks at is one read instead of one per member. Keyed by the operator, the window's first
 * date and the members' flag arrays themselves (an id each), which fix every flag: a new version that
 * shares a member's entry shares its flags, and an override that touches a member brings new
 * flags and so a new key. Bounded in bytes, least recently used out; a key of flags no longer
 * used (a replaced version's) ages out with the others.
 */
const JOINED_FLAG_BYTES = 16 * 1024 * 1024;
const joinedFlags = new Map<string, Uint8Array>();
let joinedFlagBytes = 0;
const flagIds = new WeakMap<Uint8Array, number>();
let nextFlagId = 0;

function flagId(flags: Uint8Array): number {
  let id = flagIds.get(flags);
  if (id === undefined) flagIds.set(flags, (id = nextFlagId++));
  return id;
}

/** Bytes of joined flags kept now (tests look at the bound). */
export function joinedFlagBytesKept(): number {
  return joinedFlagBytes;
}

/** What fixes a joined calendar's every answer: its operator, its window's first date and its members' flags. */
function joinedKey(operator: '+' | '~', minDay: number, days: readonly Uint8Array[]): string {
  let key = `${operator}${minDay}:`;
  for (const f of days) key += `${flagId(f)},`;
  return key;
}

function joinFlags(
  operator: '+' | '~',
  minDay: number,
  maxDay: number,
  members: { days: Uint8Array[]; from: number[] },
): Uint8Array {
  const { days, from } = members;
  const key = joinedKey(operator, minDay, days);
  let joined = joinedFlags.get(key);
  if (joined !== undefined) {
    // Least recently used out: a hit moves to the end of the map's order.
    joinedFlags.delete(key);
    joinedFlags.set(key, joined);
    return joined;
  }
  const length = maxDay - minDay + 1;
  joined = new Uint8Array(length);
  joined.set(days[0]!.subarray(minDay - from[0]!, minDay - from[0]! + length));
  // Flags are 0 or 1: `+` is a business day of every member, `~` of at least one.
  for (let i = 1; i < days.length; i++) {
    const f = days[i]!;
    const at = minDay - from[i]!;
    if (operator === '+') for (let k = 0; k < length; k++) joined[k] = joined[k]! & f[at + k]!;
    else for (let k = 0; k < length; k++) joined[k] = joined[k]! | f[at + k]!;
  }
  if (length <= JOINED_FLAG_BYTES / 4) {
    joinedFlags.set(key, joined);
    joinedFlagBytes += length;
    for (const [k, v] of joinedFlags) {
      if (joinedFlagBytes <= JOINED_FLAG_BYTES) break;
      joinedFlags.delete(k);
      joinedFlagBytes -= v.length;
    }
  }
  return joined;
}

// ---- joined calendars ----

export class JoinedCalendar {
  readonly minDay: number;
  readonly maxDay: number;

  constructor(
    /** What errors name the calendar by, e.g. `US.NYSE+GB.LSE`. */
    readonly name: string,
    readonly operator: '+' | '~',
    readonly members: readonly CalendarMember[],
  ) {
    let min = Number.NEGATIVE_INFINITY;
    let max = Number.POSITIVE_INFINITY;
    for (const m of members) {
      min = Math.max(min, m.minDay);
      max = Math.min(max, m.maxDay);
    }
    this.minDay = min;
    this.maxDay = max;
  }

  /** Throws the out-of-coverage error naming the window when `day` lies outside it. */
  check(day: number): void {
    if (day < this.minDay || day > this.maxDay || !(this.minDay <= this.maxDay)) {
      throw new CalendarOutOfCoverageError(this.name, formatDay(day), formatDay(this.minDay), formatDay(this.maxDay));
    }
  }

  /** The calendar's business-day flags over its window (joinFlags), once every member has them; else null. */
  private flags: Uint8Array | null | undefined;

  private businessFlags(): Uint8Array | null {
    const members = this.memberFlags();
    return members === null ? null : joinFlags(this.operator, this.minDay, this.maxDay, members);
  }

  private memberFlags(): { days: Uint8Array[]; from: number[] } | null {
    const days: Uint8Array[] = [];
    const from: number[] = [];
    for (const m of this.members) {
      let f: Uint8Array | null;
      try {
        f = m.businessDays?.() ?? null;
      } catch {
        // Asking the members date by date meets the same failure where it always did.
        return null;
      }
      if (f === null) return null;
      days.push(f);
      from.push(m.minDay);
    }
    return { days, from };
  }

  isBusinessDay(day: number): boolean {
    // Inside the window with every member clean, the joined flag answers: the same answer as
    // asking each member, without the walk through them. Kept small so that walks inline it.
    const flags = this.flags;
    if (flags && day >= this.minDay && day <= this.maxDay) return flags[day - this.minDay] === 1;
    return this.firstOrAsked(day);
  }

  /**
   * The calendar's business-day flags over its window (one byte a date from `minDay`, 1 for a
   * business day), or null when a member has none (a bad row): then each date is asked.
   */
  windowFlags(): Uint8Array | null {
    if (this.flags === undefined) this.flags = this.minDay <= this.maxDay ? this.businessFlags() : null;
    return this.flags;
  }

  /**
   * A key that names what every answer of this calendar depends on (joinedKey), the same for
   * two expressions of the same members (`XNYS+XLON` and `US.NYSE+GB.LSE`); null when a member
   * has no flags (a bad row), whose answers are then not kept.
   */
  contentKey(): string | null {
    if (this.key === undefined) {
      const members = this.windowFlags() === null ? null : this.memberFlags();
      this.key = members === null ? null : joinedKey(this.operator, this.minDay, members.days);
    }
    return this.key;
  }

  private key: string | null | undefined;

  /** isBusinessDay before the flags are looked up, and outside them (outside the window, or none). */
  private firstOrAsked(day: number): boolean {
    if (this.flags === undefined && day >= this.minDay && day <= this.maxDay) {
      this.flags = this.businessFlags();
      if (this.flags !== null) return this.flags[day - this.minDay] === 1;
    }
    return this.askMembers(day);
  }

  /** isBusinessDay asking each member. */
  private askMembers(day: number): boolean {
    this.check(day);
    // Every member is asked, whatever the order of the expression: a member whose date is a
    // data error fails the date only when the clean members leave it open (docs/calendar-arithmetic.md
    // §4): for `+` a clean member closed on it decides, for `~` a clean member open on it.
    const all = this.operator === '+';
    let failure: unknown;
    for (const m of this.members) {
      let open: boolean;
      try {
        open = m.isBusinessDay(day);
      } catch (e) {
        if (!(e instanceof DataError)) throw e;
        failure ??= e;
        continue;
      }
      if (open !== all) return open;
    }
    if (failure !== undefined) throw failure;
    return all;
  }

  /** Labels of the members for which `day` is not a business day, in expression order. */
  closedMembers(day: number): string[] {
    this.check(day);
    const out: string[] = [];
    for (const m of this.members) if (!m.isBusinessDay(day)) out.push(m.label);
    return out;
  }

  following(day: number): number {
    let d = day;
    while (!this.isBusinessDay(d)) d++;
    return d;
  }

  preceding(day: number): number {
    let d = day;
    while (!this.isBusinessDay(d)) d--;
    return d;
  }

  adjust(day: number, convention: BusinessDayConvention): number {
    this.check(day);
    if (convention !== 'modified_following' && convention !== 'modified_preceding')
      return this.adjustInMonth(day, convention, day, day);
    const { y, m, d } = civilFromDays(day);
    const first = day - d + 1;
    return this.adjustInMonth(day, convention, first, first + monthLength(y, m) - 1);
  }

  /**
   * `adjust` of `day` (checked by the caller) in the month `first`..`last` that holds it, for
   * callers that know the month already (a derived date's walk).
   */
  adjustInMonth(day: number, convention: BusinessDayConvention, first: number, last: number): number {
    switch (convention) {
      case 'unadjusted':
        return day;
      case 'following':
        return this.following(day);
      case 'preceding':
        return this.preceding(day);
      // A modified convention looks no further than the end (or start) of the month before it
      // turns back (docs/calendar-arithmetic.md §4): only the month can decide, and a walk past it could
      // leave the coverage window for an answer the month already gives.
      case 'modified_following': {
        for (let d = day; d <= last; d++) if (this.isBusinessDay(d)) return d;
        return this.preceding(day);
      }
      case 'modified_preceding': {
        for (let d = day; d >= first; d--) if (this.isBusinessDay(d)) return d;
        return this.following(day);
      }
    }
  }

  /**
   * QuantLib's `Calendar::isEndOfMonth`: no business day follows `day` in its month, so `day`
   * is the month's last business day or a non-business day after it. QuantLib asks whether the
   * next business day after `day` is in another month; only the rest of the month can decide
   * that, so nothing past it is looked at (a calendar with no business day for years would
   * otherwise walk out of its coverage window for an answer it already has).
   */
  isEndOfMonth(day: number): boolean {
    const end = lastDayOfMonth(day);
    for (let d = day + 1; d <= end; d++) if (this.isBusinessDay(d)) return false;
    return true;
  }

  /**
   * QuantLib's `Calendar::endOfMonth`: the last day of the month of `day` adjusted `preceding`,
   * so the month's last business day, or the last one before the month when it has none.
   */
  endOfMonth(day: number): number {
    return this.preceding(lastDayOfMonth(day));
  }

  /**
   * `advance` of docs/calendar-arithmetic.md §4, step for step QuantLib's `Calendar::advance`: n = 0
   * adjusts the date whatever the unit, weeks never take the end-of-month rule, and when months
   * or years take it the convention plays no part (`unadjusted` included, as in Debian's
   * QuantLib 1.29, which the cross-check runs against). The target date of the plain addition
   * is only looked at when it is adjusted, so a rule that answers from the target month's end
   * does not fail on a target outside the window.
   */
  advance(day: number, n: number, unit: TimeUnit, convention: BusinessDayConvention, endOfMonth: boolean): number {
    this.check(day);
    if (n === 0) return this.adjust(day, convention);
    if (unit === 'days') {
      let d = day;
      const step = n > 0 ? 1 : -1;
      for (let k = Math.abs(n); k > 0; k--) {
        d += step;
        while (!this.isBusinessDay(d)) d += step;
      }
      return d;
    }
    if (unit === 'weeks') return this.adjust(day + 7 * n, convention);
    const target = addMonths(day, unit === 'years' ? 12 * n : n);
    if (endOfMonth && this.isEndOfMonth(day)) return this.endOfMonth(target);
    return this.adjust(target, convention);
  }
}
