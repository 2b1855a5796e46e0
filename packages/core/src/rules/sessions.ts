/**
 * Trading days (sessions), stepping over them, and next/previous bells
 * (docs/calendar-arithmetic.md §1–3), built on the day view of docs/semantics.md §4.
 *
 * Sessions, breaks and bells read the open phases of the day views (`phasesByEndDay`, the same
 * attribution as `/days`), so a date is a session exactly when `/days` says it is open.
 *
 * Rules chosen where the spec is silent:
 * - Day view look-back: a phase belongs to the day view of its end day X when it starts on
 *   X-2 .. X (and not before holidays_min_date): the §4 loop from `max(X - 2, min)`. A row with
 *   offset_days > 2 therefore never belongs to any day view, and never rings a bell.
 * - Phases considered for bells are the union of the day views of every date of the coverage
 *   window: starting on or after holidays_min_date and ending (attribution date) on or before
 *   holidays_max_date. A session that starts on the last covered day and ends after it is not
 *   seen, so every `date` a bell answers lies in the window.
 * - A phase whose end instant is before its start is left out of open/close/breaks and of the
 *   bells (§1, §3), but it still makes its end date open in the day view (`is_open`), so such a
 *   date is a session whose open and close are null (as for a session only through its holiday
 *   row). A zero-length open phase is kept everywhere (it is not "end before start").
 * - `breaks` only look at the open phases of X itself (§1 says "of X"), so a gap covered by an
 *   open phase of another date is still a break of X; a zero-length phase inside a gap splits it
 *   into two breaks (it is a run of its own).
 * - The `date` of a bell is the end date (day + offset_days) of the run's last phase: the phase
 *   whose end is the run's end; when several end at that instant, the latest of their end dates.
 * - Bell instants are compared in milliseconds: an opening at T exactly is neither after nor
 *   before T.
 * - Date-times are written in the market's zone (UTC when the market has none), as status does.
 */
import { SECONDS_PER_DAY, formatDay, formatInstant, type EpochMs } from '../time/dates.js';
import { DataError, InvalidArgumentError, OutOfCoverageError } from '../errors.js';
import { LOOK_BACK_DAYS, phasesByEndDay } from './generate.js';
import { checkDays, lowerBound, type CompiledRow, type MarketEntry } from '../tables/model.js';
import type { Bell, BellEvent, Session, SessionBreak, SessionDirection } from '../types.js';
import type { Zone } from '../time/zone.js';

const isOpenRow = (row: CompiledRow): boolean => row.isOpen;

type OpenPhaseVisitor = (endDay: number, start: number, end: number) => void;

/**
 * Visits every open phase of the day views of `fromDay`..`toDay` (start and end in epoch
 * seconds, end day = the date it belongs to): the day view's own phases (phasesByEndDay).
 */
function forEachOpenPhase(entry: MarketEntry, fromDay: number, toDay: number, visit: OpenPhaseVisitor): void {
  for (const day of phasesByEndDay(entry, fromDay, toDay, isOpenRow)) {
    for (const g of day) visit(g.endDay, g.start, g.end);
  }
}

/** Is `day` a session, given whether its day view holds an open phase (§1: the holiday row decides first). */
function isSession(entry: MarketEntry, day: number, hasOpenPhase: boolean): boolean {
  const holiday = entry.holidayByDay.get(day);
  return holiday ? holiday.is_open : hasOpenPhase;
}

// ---- the per-market index (built on first use, cached per MarketEntry) ----

interface SessionIndex {
  /** Sorted epoch days of every session in the coverage window. */
  days: Int32Array;
  /** Runs of open phases: instants in seconds relative to `base`, strictly increasing. */
  base: number;
  runStart: Int32Array | Float64Array;
  runEnd: Int32Array | Float64Array;
  /** The date each run is attributed to (epoch day). */
  runDay: Int32Array;
  /**
   * Dates whose day view is a data error (a season with no definition for their year), sorted,
   * with the error each one raises. They are neither sessions nor non-sessions: a query whose
   * answer depends on one of them raises its error, every other query answers.
   */
  faultDays: Int32Array;
  faultErrors: DataError[];
}

/** Days per block of the index build: a block that raises a DataError is redone day by day. */
const BLOCK_DAYS = 366;

// Keyed by the entry: an index lives exactly as long as the Dataset that holds the market, and
// only markets that were asked about get one (~100 KB for 30 years of a weekday market).
const indexes = new WeakMap<MarketEntry, SessionIndex>();

export function sessionIndex(entry: MarketEntry): SessionIndex {
  let index = indexes.get(entry);
  if (!index) indexes.set(entry, (index = buildIndex(entry)));
  return index;
}

function buildIndex(entry: MarketEntry): SessionIndex {
  const { minDay, maxDay } = entry;
  const flags = new Uint8Array(maxDay - minDay + 1);
  const starts: number[] = [];
  const ends: number[] = [];
  const endDays: number[] = [];
  const faultDays: number[] = [];
  const faultErrors: DataError[] = [];
  const collect: OpenPhaseVisitor = (endDay, start, end) => {
    flags[endDay - minDay] = 1;
    if (end < start) return; // left out of bells (§3), though its date stays open
    starts.push(start);
    ends.push(end);
    endDays.push(endDay);
  };
  // A day view depends on its date alone, so the window can be read in blocks; a block that
  // raises a DataError (one year without a season definition) is read again one date at a time
  // so that only the dates that need the missing definition are lost.
  for (let from = minDay; from <= maxDay; from += BLOCK_DAYS) {
    const to = Math.min(from + BLOCK_DAYS - 1, maxDay);
    const mark = starts.length;
    try {
      forEachOpenPhase(entry, from, to, collect);
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
      starts.length = ends.length = endDays.length = mark;
      flags.fill(0, from - minDay, to - minDay + 1);
      for (let day = from; day <= to; day++) {
        try {
          forEachOpenPhase(entry, day, day, collect);
        } catch (f) {
          if (!(f instanceof DataError)) throw f;
          faultDays.push(day);
          faultErrors.push(f);
        }
      }
    }
  }

  let count = 0;
  let fault = 0;
  for (let i = 0; i < flags.length; i++) {
    if (faultDays[fault] === minDay + i) {
      fault++;
      continue;
    }
    if (isSession(entry, minDay + i, flags[i] === 1)) {
      flags[i] = 2;
      count++;
    }
  }
  const days = new Int32Array(count);
  for (let i = 0, k = 0; i < flags.length; i++) if (flags[i] === 2) days[k++] = minDay + i;

  // Open phases in time order (start, then end); generation is nearly in order already.
  const n = starts.length;
  let order: number[] | null = null;
  for (let i = 1; i < n; i++) {
    if (starts[i]! < starts[i - 1]! || (starts[i] === starts[i - 1] && ends[i]! < ends[i - 1]!)) {
      order = Array.from({ length: n }, (_, k) => k).sort((a, b) => starts[a]! - starts[b]! || ends[a]! - ends[b]!);
      break;
    }
  }
  const rs: number[] = [];
  const re: number[] = [];
  const rd: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = order ? order[k]! : k;
    const s = starts[i]!;
    const e = ends[i]!;
    const d = endDays[i]!;
    const last = rs.length - 1;
    // Overlapping or touching phases form one run.
    if (last >= 0 && s <= re[last]!) {
      if (e > re[last]!) {
        re[last] = e;
        rd[last] = d;
      } else if (e === re[last]! && d > rd[last]!) rd[last] = d;
    } else {
      rs.push(s);
      re.push(e);
      rd.push(d);
    }
  }

  // Instants relative to the window's first midnight fit 32 bits for ~68 years of coverage.
  const base = minDay * SECONDS_PER_DAY;
  const span = (maxDay - minDay + 4) * SECONDS_PER_DAY;
  const Arr = span < 2 ** 31 - 2 * SECONDS_PER_DAY ? Int32Array : Float64Array;
  const runStart = new Arr(rs.length);
  const runEnd = new Arr(rs.length);
  for (let i = 0; i < rs.length; i++) {
    runStart[i] = rs[i]! - base;
    runEnd[i] = re[i]! - base;
  }
  return {
    days,
    base,
    runStart,
    runEnd,
    runDay: Int32Array.from(rd),
    faultDays: Int32Array.from(faultDays),
    faultErrors,
  };
}

/**
 * Raises the error of the first date of `fromDay`..`toDay` whose day view is a data error: a
 * date a bad row touches, from the look-back on (a day view holds the overnight phases of the
 * days before it), or a date that needs a missing season definition.
 */
function checkFaults(entry: MarketEntry, index: SessionIndex, fromDay: number, toDay: number): void {
  const lo = Math.min(fromDay, toDay);
  const hi = Math.max(fromDay, toDay);
  if (entry.dayFaults !== null) checkDays(entry.dayFaults, Math.max(lo - LOOK_BACK_DAYS, entry.minDay), hi);
  if (index.faultDays.length === 0) return;
  const i = lowerBound(index.faultDays, lo);
  if (i < index.faultDays.length && index.faultDays[i]! <= hi) throw index.faultErrors[i]!;
}

// ---- §1 sessions ----

function write(zone: Zone, epochSeconds: number): string {
  return formatInstant(epochSeconds, zone.offsetAt(epochSeconds));
}

/** The sessions of `startDay`..`endDay` (inside the coverage window), in date order. */
/** Is `day` a session of the market (one of the index's days)? */
export function isSessionDay(entry: MarketEntry, day: number): boolean {
  const index = sessionIndex(entry);
  // A market without bad rows or failing dates answers from a flag per date of its window:
  // joined calendars ask about every date they walk, tens of thousands for a long `dates` range.
  if (entry.dayFaults === null && index.faultDays.length === 0 && day >= entry.minDay && day <= entry.maxDay) {
    return (sessionFlags.get(index) ?? flagsOf(entry, index))[day - entry.minDay] === 1;
  }
  checkFaults(entry, index, day, day);
  const days = index.days;
  const i = lowerBound(days, day);
  return i < days.length && days[i] === day;
}

/**
 * The session flags of a market (1 for each date of its window that is a session), or null when
 * some date of it fails (a bad row, a missing season): then each date is asked of isSessionDay.
 */
export function sessionFlagsOf(entry: MarketEntry): Uint8Array | null {
  const index = sessionIndex(entry);
  if (entry.dayFaults !== null || index.faultDays.length !== 0) return null;
  return sessionFlags.get(index) ?? flagsOf(entry, index);
}

/** 1 for each date of the window that is a session, made on first use from the index's days. */
const sessionFlags = new WeakMap<SessionIndex, Uint8Array>();

function flagsOf(entry: MarketEntry, index: SessionIndex): Uint8Array {
  const flags = new Uint8Array(entry.maxDay - entry.minDay + 1);
  for (const d of index.days) flags[d - entry.minDay] = 1;
  sessionFlags.set(index, flags);
  return flags;
}

export function listSessions(entry: MarketEntry, zone: Zone, startDay: number, endDay: number): Session[] {
  if (entry.dayFaults !== null) checkDays(entry.dayFaults, Math.max(startDay - LOOK_BACK_DAYS, entry.minDay), endDay);
  const hasOpen = new Uint8Array(endDay - startDay + 1);
  // Valid open phases per date as flat [start, end, start, end, ...] lists.
  const phases: (number[] | undefined)[] = new Array(endDay - startDay + 1);
  forEachOpenPhase(entry, startDay, endDay, (pd, start, end) => {
    const i = pd - startDay;
    hasOpen[i] = 1;
    if (end < start) return; // §1: a phase that ends before it starts is left out
    (phases[i] ??= []).push(start, end);
  });

  const out: Session[] = [];
  for (let day = startDay; day <= endDay; day++) {
    const i = day - startDay;
    if (!isSession(entry, day, hasOpen[i] === 1)) continue;
    const holiday = entry.holidayByDay.get(day) ?? null;
    let open: string | null = null;
    let close: string | null = null;
    const breaks: SessionBreak[] = [];
    const flat = phases[i];
    if (flat) {
      const pairs: [number, number][] = [];
      for (let k = 0; k < flat.length; k += 2) pairs.push([flat[k]!, flat[k + 1]!]);
      pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      let runEnd = pairs[0]![1];
      for (let k = 1; k < pairs.length; k++) {
        const [s, e] = pairs[k]!;
        if (s > runEnd) breaks.push({ start: write(zone, runEnd), end: write(zone, s) });
        if (e > runEnd) runEnd = e;
      }
      open = write(zone, pairs[0]![0]);
      close = write(zone, runEnd);
    }
    out.push({
      date: formatDay(day),
      open,
      close,
      breaks,
      partial: holiday !== null,
      holiday_name: holiday?.holiday_name ?? null,
    });
  }
  return out;
}

// ---- §2 stepping and counting ----

/** The session `n` sessions from `day` after moving it to a session by `direction` (§2). */
export function offsetSession(entry: MarketEntry, day: number, n: number, direction: SessionDirection): number {
  const index = sessionIndex(entry);
  const { days } = index;
  const fin = entry.market.fin_id;
  // Every date walked over must be known: a data error on the way is the answer.
  const outside = (what: string, towards: number) => {
    checkFaults(entry, index, day, towards);
    return new OutOfCoverageError(fin, what, formatDay(entry.minDay), formatDay(entry.maxDay));
  };
  let i = lowerBound(days, day);
  if (i >= days.length || days[i] !== day) {
    checkFaults(entry, index, day, day);
    if (direction === 'none') {
      throw InvalidArgumentError.one(
        'date',
        `${formatDay(day)} is not a trading day of ${fin}; pass direction=next or direction=previous to move it to one`,
        'not_a_trading_day',
      );
    }
    // lowerBound already points at the first session after `day`.
    if (direction === 'previous') i -= 1;
    if (i < 0) throw outside(`The last session before ${formatDay(day)}`, entry.minDay);
    if (i >= days.length) throw outside(`The first session after ${formatDay(day)}`, entry.maxDay);
  }
  const j = i + n;
  if (j < 0 || j >= days.length) {
    throw outside(
      `The session ${Math.abs(n)} session${Math.abs(n) === 1 ? '' : 's'} ${n < 0 ? 'before' : 'after'} ` +
        `${formatDay(days[i]!)}`,
      j < 0 ? entry.minDay : entry.maxDay,
    );
  }
  checkFaults(entry, index, day, days[j]!);
  return days[j]!;
}

export function countSessions(entry: MarketEntry, startDay: number, endDay: number): number {
  const index = sessionIndex(entry);
  checkFaults(entry, index, startDay, endDay);
  const { days } = index;
  return lowerBound(days, endDay + 1) - lowerBound(days, startDay);
}

// ---- §3 bells ----

/** First index whose value is > x (values strictly increasing). */
function upperBound(values: Int32Array | Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The first opening/closing strictly after (`forward`) or the last one strictly before the
 * instant `instantMs`, searched over the whole coverage window. The local date of the instant
 * must lie in the window.
 */
export function findBell(entry: MarketEntry, zone: Zone, instantMs: EpochMs, event: BellEvent, forward: boolean): Bell {
  const t = instantMs / 1000;
  const day = Math.floor((t + zone.offsetAt(t)) / SECONDS_PER_DAY);
  if (day < entry.minDay || day > entry.maxDay) {
    throw new OutOfCoverageError(
      entry.market.fin_id,
      formatInstant(Math.floor(t), zone.offsetAt(t)),
      formatDay(entry.minDay),
      formatDay(entry.maxDay),
    );
  }
  const index = sessionIndex(entry);
  const values = event === 'open' ? index.runStart : index.runEnd;
  const x = t - index.base;
  const i = forward ? upperBound(values, x) : lowerBound(values, x) - 1;
  // Runs of a date whose day view is a data error are missing from the index: a bell could hide
  // there when such a date lies between the instant and the bell found. Looking back, an
  // opening before the instant can belong to a run that ends up to the look-back later.
  const found = i < 0 || i >= values.length ? undefined : index.runDay[i]!;
  if (forward) checkFaults(entry, index, day, found ?? entry.maxDay);
  else
    checkFaults(
      entry,
      index,
      found ?? entry.minDay,
      Math.min(entry.maxDay, event === 'open' ? day + LOOK_BACK_DAYS : day),
    );
  if (i < 0 || i >= values.length) return { event, at: null, date: null };
  const at = values[i]! + index.base;
  return { event, at: write(zone, at), date: formatDay(index.runDay[i]!) };
}
