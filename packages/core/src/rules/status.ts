/** Market status at an instant (docs/semantics.md §5). */
import { SECONDS_PER_DAY, formatDay, formatInstant, msToSeconds, type EpochMs } from '../time/dates.js';
import { OutOfCoverageError } from '../errors.js';
import { LOOK_BACK_DAYS, generate, statusRecord, toPhase, type Generated } from './generate.js';
import { checkDays, type MarketEntry } from '../tables/model.js';
import type { MarketStatus } from '../types.js';
import { REGULAR_GROUP } from '../params/vocabulary.js';
import type { Zone } from '../time/zone.js';

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

/** What a status answer is made of, before any of it is written as text (§5 steps 1–5). */
export interface StatusParts {
  /** The instant's local date. */
  day: number;
  current: Generated | null;
  until: number | null;
  nextBell: number | null;
}

/** Steps 1–5: the current phase, `until` and `next_bell` at t (epoch seconds), and where they hold. */
export function statusParts(entry: MarketEntry, zone: Zone, t: number, span?: StatusSpan): StatusParts {
  const day = localDayOf(zone, t);
  if (day < entry.minDay || day > entry.maxDay) {
    throw new OutOfCoverageError(
      entry.market.fin_id,
      formatInstant(Math.floor(t), zone.offsetAt(t)),
      formatDay(entry.minDay),
      formatDay(entry.maxDay),
    );
  }
  const last = Math.min(day + STATUS_WINDOW_DAYS, entry.maxDay);
  // The window of dates the answer is computed from, look-back included (docs/bulk-format.md §5).
  if (entry.dayFaults !== null) checkDays(entry.dayFaults, Math.max(day - LOOK_BACK_DAYS, entry.minDay), last);
  const phases = generate(entry, day, last);

  // One pass over the window, in generation order, for what steps 2-5 read:
  // - step 2's candidates: the first open phase containing t, and the earliest-starting one;
  // - of the upcoming phases (start after t), the earliest start and the first open one's;
  // - for `span`, the nearest start or end on either side of t.
  let firstOpen: Generated | null = null;
  let earliest: Generated | null = null;
  let earliestUpcoming: number | null = null;
  let firstUpcomingOpen: number | null = null;
  let from = -Infinity;
  let to = Infinity;
  for (let i = 0; i < phases.length; i++) {
    const p = phases[i]!;
    const { start, end } = p;
    const open = p.row.isOpen;
    if (t < start) {
      if (earliestUpcoming === null || start < earliestUpcoming) earliestUpcoming = start;
      if (firstUpcomingOpen === null && open) firstUpcomingOpen = start;
      if (start < to) to = start;
    } else {
      if (t < end) {
        if (open) firstOpen ??= p;
        if (earliest === null || start < earliest.start) earliest = p;
      }
      if (start > from) from = start;
    }
    if (end <= t) {
      if (end > from) from = end;
    } else if (end < to) to = end;
  }
  if (span) {
    span.from = from;
    span.to = to;
    span.day = day;
  }

  // Step 2: the first open phase containing t, else the earliest-starting one containing t.
  const current = firstOpen ?? earliest;
  // Steps 3-5. `until`: the first upcoming start before the current phase ends, else its end
  // (the earliest upcoming start is that start when any is); with no current phase, the
  // earliest upcoming start. `next_bell`: the current open phase's end, else the first
  // upcoming open phase's start in generation order.
  let until: number | null;
  if (current) until = earliestUpcoming !== null && earliestUpcoming < current.end ? earliestUpcoming : current.end;
  else until = earliestUpcoming;
  const nextBell = current?.row.isOpen ? current.end : firstUpcomingOpen;
  return { day, current, until, nextBell };
}

/** Step 6: holiday name, current phase type, and a non-Regular schedule in parentheses. */
export function reasonOf(entry: MarketEntry, { day, current }: StatusParts): string | null {
  const holiday = entry.holidayByDay.get(day) ?? null;
  let reason = holiday?.holiday_name ?? '';
  if (current) {
    reason += ` - ${current.row.phaseType}`;
    if (holiday && holiday.schedule !== null && holiday.schedule.toLowerCase() !== REGULAR_GROUP)
      reason += ` (${holiday.schedule})`;
  }
  reason = reason.replace(/^[\s-]+|[\s-]+$/g, '');
  return reason === '' ? null : reason;
}

/** docs/semantics.md §5. When `span` is given it is filled with where the answer holds. */
export function computeStatus(entry: MarketEntry, zone: Zone, instantMs: EpochMs, span?: StatusSpan): MarketStatus {
  const parts = statusParts(entry, zone, msToSeconds(instantMs), span);
  const { current, until, nextBell } = parts;
  return statusRecord(
    current?.row.isOpen ? 'Open' : 'Closed',
    reasonOf(entry, parts),
    until === null ? null : formatInstant(until, zone.offsetAt(until)),
    nextBell === null ? null : formatInstant(nextBell, zone.offsetAt(nextBell)),
    current ? toPhase(current, zone) : null,
    entry.market,
  );
}
