/** Market status at an instant (engine-semantics §5). */
import { SECONDS_PER_DAY, formatDay, formatInstant, msToSeconds, type EpochMs } from './dates.js';
import { OutOfCoverageError } from './errors.js';
import { generate, toPhase, type Generated } from './generate.js';
import type { MarketEntry } from './model.js';
import type { MarketStatus } from './types.js';
import { REGULAR_GROUP } from './vocabulary.js';
import type { Zone } from './zone.js';

const STATUS_WINDOW_DAYS = 5;

export function computeStatus(entry: MarketEntry, zone: Zone, instantMs: EpochMs): MarketStatus {
  const t = msToSeconds(instantMs);
  const day = Math.floor((t + zone.offsetAt(t)) / SECONDS_PER_DAY);
  if (day < entry.minDay || day > entry.maxDay) {
    throw new OutOfCoverageError(entry.market.fin_id, formatInstant(Math.floor(t), zone.offsetAt(t)), formatDay(entry.minDay), formatDay(entry.maxDay));
  }
  const phases = generate(entry, day, Math.min(day + STATUS_WINDOW_DAYS, entry.maxDay));

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
