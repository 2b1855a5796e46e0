/** Market status at an instant (engine-semantics §5). */
import { SECONDS_PER_DAY, formatDay, formatInstant, msToSeconds, type EpochMs } from './dates.js';
import { OutOfCoverageError } from './errors.js';
import { LOOK_BACK_DAYS, generate, toPhase, type Generated } from './generate.js';
import { statusBytes } from './json.js';
import { checkDays, type MarketEntry } from './model.js';
import type { MarketStatus } from './types.js';
import { REGULAR_GROUP } from './vocabulary.js';
import type { Zone } from './zone.js';

const STATUS_WINDOW_DAYS = 5;

/**
 * Where an answer of computeStatus holds. The window of phases depends on the local date D
 * alone, and with it fixed the answer changes only when t crosses a phase's start or end: every
 * instant t with `from <= t < to` (epoch seconds, possibly fractional) whose local date is `day`
 * gets the same answer. `day` is checked apart from the bounds because a clock change at
 * midnight can make a local date two separate stretches of time.
 */
export interface StatusSpan {
  from: number;
  to: number;
  day: number;
}

/** The local date of an instant (epoch seconds) in `zone`. */
export const localDayOf = (zone: Zone, t: number): number => Math.floor((t + zone.offsetAt(t)) / SECONDS_PER_DAY);

/** engine-semantics §5. When `span` is given it is filled with where the answer holds. */
export function computeStatus(entry: MarketEntry, zone: Zone, instantMs: EpochMs, span?: StatusSpan): MarketStatus {
  const t = msToSeconds(instantMs);
  const day = localDayOf(zone, t);
  if (day < entry.minDay || day > entry.maxDay) {
    throw new OutOfCoverageError(entry.market.fin_id, formatInstant(Math.floor(t), zone.offsetAt(t)), formatDay(entry.minDay), formatDay(entry.maxDay));
  }
  const last = Math.min(day + STATUS_WINDOW_DAYS, entry.maxDay);
  // The window of dates the answer is computed from, look-back included (bulk-format "Bad rows").
  if (entry.dayFaults !== null) checkDays(entry.dayFaults, Math.max(day - LOOK_BACK_DAYS, entry.minDay), last);
  const phases = generate(entry, day, last);

  // Step 2: the first open phase containing t, else the earliest-starting one containing t.
  let current: Generated | null = null;
  let earliest: Generated | null = null;
  for (const p of phases) {
    if (p.start <= t && t < p.end) {
      if (p.row.isOpen) {
        current = p;
        break;
      }
      if (earliest === null || p.start < earliest.start) earliest = p;
    }
  }
  current ??= earliest;

  if (span) {
    let from = -Infinity;
    let to = Infinity;
    for (const p of phases) {
      if (p.start <= t) from = Math.max(from, p.start);
      else to = Math.min(to, p.start);
      if (p.end <= t) from = Math.max(from, p.end);
      else to = Math.min(to, p.end);
    }
    span.from = from;
    span.to = to;
    span.day = day;
  }

  // Steps 3–5 over the upcoming phases (start after t), in generation order.
  let until: number | null = null;
  let nextBell: number | null = current?.row.isOpen ? current.end : null;
  let earliestUpcoming: number | null = null;
  for (const p of phases) {
    if (!(t < p.start)) continue;
    if (earliestUpcoming === null || p.start < earliestUpcoming) earliestUpcoming = p.start;
    if (current && p.start < current.end && (until === null || p.start < until)) until = p.start;
    if (nextBell === null && p.row.isOpen) nextBell = p.start;
  }
  if (current) until ??= current.end;
  else until = earliestUpcoming;

  // Step 6: holiday name, current phase type, and a non-Regular schedule in parentheses.
  const holiday = entry.holidayByDay.get(day) ?? null;
  let reason = holiday?.holiday_name ?? '';
  if (current) {
    reason += ` - ${current.row.phaseType}`;
    if (holiday && holiday.schedule !== null && holiday.schedule.toLowerCase() !== REGULAR_GROUP) reason += ` (${holiday.schedule})`;
  }
  reason = reason.replace(/^[\s-]+|[\s-]+$/g, '');

  return {
    status: current?.row.isOpen ? 'Open' : 'Closed',
    reason: reason === '' ? null : reason,
    until: until === null ? null : formatInstant(until, zone.offsetAt(until)),
    next_bell: nextBell === null ? null : formatInstant(nextBell, zone.offsetAt(nextBell)),
    phase: current ? toPhase(current, zone) : null,
    market: entry.market,
  };
}

interface StatusMemo extends StatusSpan {
  zone: Zone;
  bytes: Uint8Array;
}

/**
 * The last answer of each market with where it holds: status is asked again and again for the
 * same or a nearby instant ("now"), and computing it generates a week of phases. One entry per
 * market entry, and it goes when the entry (its Dataset) does. Only answers are kept: an
 * instant out of coverage or a data error is computed (and thrown) anew every time.
 */
const memos = new WeakMap<MarketEntry, StatusMemo>();

/**
 * `JSON.stringify(computeStatus(entry, zone, instantMs))` as UTF-8 bytes, from the market's
 * last answer when it holds at `instantMs`. The bytes are shared with later answers: a caller
 * that would write in them takes a copy.
 */
export function statusJsonAt(entry: MarketEntry, zone: Zone, instantMs: EpochMs): Uint8Array {
  const t = msToSeconds(instantMs);
  let memo = memos.get(entry);
  if (memo === undefined || memo.zone !== zone || !(memo.from <= t && t < memo.to) || localDayOf(zone, t) !== memo.day) {
    const span: StatusSpan = { from: 0, to: 0, day: 0 };
    const bytes = statusBytes(computeStatus(entry, zone, instantMs, span));
    memo = { from: span.from, to: span.to, day: span.day, zone, bytes };
    memos.set(entry, memo);
  }
  return memo.bytes;
}
