/**
 * Fast local-time ↔ instant conversion over js-joda's time-zone rules.
 *
 * Asking js-joda for every phase boundary would dominate generation time, so each zone keeps a
 * per-local-day cache: when the offset is the same at both ends of a generous window around a
 * local day (no transition can fall inside it), every wall time of that day converts with one
 * subtraction. Only days that contain a transition take the exact, slower path.
 */
import { LocalDateTime, ZoneId, type ZoneRules } from '@js-joda/core';
import { zoneUntils } from './tzdb.js';
import { SECONDS_PER_DAY, civilFromDays, daysFromCivil, formatDay, type EpochDay, type EpochSeconds } from './dates.js';

/** Wider than any real offset (−12h … +14h), so the window holds every instant of the local day. */
const MARGIN = 18 * 3600;
const TRANSITION_DAY = Number.NaN;
const UNKNOWN = 1e9;
/** The cache is a flat array over these days (1900-01-01 … 2199-12-31); others are computed. */
const CACHE_FROM = daysFromCivil(1900, 1, 1);
const CACHE_DAYS = daysFromCivil(2200, 1, 1) - CACHE_FROM;

export class Zone {
  readonly id: string;
  private readonly rules: ZoneRules;
  /** The tz data's instants of this zone's records, read on the first clock-change question. */
  private untils: number[] | null | undefined;
  private readonly fixed: number | undefined;
  /** Local epoch day → constant offset in seconds, NaN when the day holds a transition. */
  private days: Float64Array | undefined;
  /** Offset of the instant returned by the last `resolve` call (avoids allocating a pair). */
  lastOffset = 0;

  constructor(id: string) {
    this.id = id;
    this.rules = ZoneId.of(id).rules();
    this.fixed = this.rules.isFixedOffset() ? this.rules.offsetOfEpochMilli(0).totalSeconds() : undefined;
  }

  private dayOffset(day: EpochDay): number {
    if (this.fixed !== undefined) return this.fixed;
    const i = day - CACHE_FROM;
    if (i < 0 || i >= CACHE_DAYS) return this.computeDayOffset(day);
    // Allocated on first use: most zones of a dataset are never asked about.
    const cache = (this.days ??= new Float64Array(CACHE_DAYS).fill(UNKNOWN));
    let off = cache[i]!;
    if (off === UNKNOWN) cache[i] = off = this.computeDayOffset(day);
    return off;
  }

  private computeDayOffset(day: EpochDay): number {
    const from = day * SECONDS_PER_DAY - MARGIN;
    const to = (day + 1) * SECONDS_PER_DAY + MARGIN;
    const a = this.rules.offsetOfEpochMilli(from * 1000).totalSeconds();
    const b = this.rules.offsetOfEpochMilli(to * 1000).totalSeconds();
    const mid = this.rules.offsetOfEpochMilli(((from + to) / 2) * 1000).totalSeconds();
    return a === b && a === mid ? a : TRANSITION_DAY;
  }

  /** UTC offset in seconds at an instant. */
  offsetAt(epochSeconds: EpochSeconds): number {
    const off = this.dayOffset(Math.floor(epochSeconds / SECONDS_PER_DAY));
    if (!Number.isNaN(off)) return off;
    return this.rules.offsetOfEpochMilli(Math.floor(epochSeconds * 1000)).totalSeconds();
  }

  /**
   * The instant (epoch seconds) of a local wall time: a time skipped by a forward change moves
   * forward by the gap's length; a time that occurs twice resolves to the earlier instant.
   * `secondsOfDay` may be 86400 (24:00, the end of the day).
   */
  resolve(day: EpochDay, secondsOfDay: number): EpochSeconds {
    const wall = day * SECONDS_PER_DAY + secondsOfDay;
    const off = this.dayOffset(day);
    if (!Number.isNaN(off)) {
      this.lastOffset = off;
      return wall - off;
    }
    return this.resolveSlow(wall);
  }

  /** The offset changes of the zone in [from, to) (offsetChanges). */
  changes(from: EpochSeconds, to: EpochSeconds): OffsetChange[] {
    return offsetChanges(this.rules, from, to, (this.untils ??= zoneUntils(this.id) ?? null) ?? undefined);
  }

  private resolveSlow(wall: number): EpochSeconds {
    const localDay = Math.floor(wall / SECONDS_PER_DAY);
    const secs = wall - localDay * SECONDS_PER_DAY;
    const { y, m, d } = civilFromDays(localDay);
    const ldt = LocalDateTime.of(y, m, d, Math.floor(secs / 3600), Math.floor((secs % 3600) / 60), secs % 60);
    const offsets = this.rules.validOffsets(ldt);
    if (offsets.length === 0) {
      // In a gap: read the wall time with the offset in force before the change, which moves it
      // forward by the gap's length (02:30 in a 02:00-03:00 gap is 03:30 after the change): the
      // `compatible` rule of java.time, js-joda, zoneinfo and Temporal, and the reference client's.
      const transition = this.rules.transition(ldt)!;
      this.lastOffset = transition.offsetAfter().totalSeconds();
      return wall - transition.offsetBefore().totalSeconds();
    }
    // One offset, or two in an overlap: the larger offset gives the earlier instant.
    let best = offsets[0]!.totalSeconds();
    for (const o of offsets) best = Math.max(best, o.totalSeconds());
    this.lastOffset = best;
    return wall - best;
  }
}

/** An instant at which a zone's UTC offset changes, with the offsets either side (seconds). */
export interface OffsetChange {
  at: EpochSeconds;
  before: number;
  after: number;
}

/**
 * The instants in [from, to) at which the rules change the UTC offset, in order. `untils` (the
 * tz data's instants at which the zone's record changes, tzdb.ts `zoneUntils`) names the
 * candidates, some of which only rename the zone (the offset stays): those are left out. Without
 * them the rules are scanned an hour at a time, each change then found to the second by bisection.
 */
export function offsetChanges(
  rules: ZoneRules,
  from: EpochSeconds,
  to: EpochSeconds,
  untils?: readonly number[],
): OffsetChange[] {
  const out: OffsetChange[] = [];
  if (rules.isFixedOffset() || !(from < to)) return out;
  const offset = (s: number) => rules.offsetOfEpochMilli(s * 1000).totalSeconds();
  if (untils) {
    let lo = 0;
    let hi = untils.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (untils[mid]! < from * 1000) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < untils.length && untils[i]! < to * 1000; i++) {
      const at = Math.ceil(untils[i]! / 1000);
      const before = rules.offsetOfEpochMilli(untils[i]! - 1).totalSeconds();
      const after = offset(at);
      if (before !== after) out.push({ at, before, after });
    }
    return out;
  }
  let t = from;
  let current = offset(from - 1);
  while (t < to) {
    const next = Math.min(t + 3600, to);
    const o = offset(next - 1);
    if (o !== current || offset(t) !== current) {
      // The first second in [t, next) with another offset than `current`.
      let a = t;
      let b = next - 1;
      while (a < b) {
        const mid = Math.floor((a + b) / 2);
        if (offset(mid) !== current) b = mid;
        else a = mid + 1;
      }
      const after = offset(a);
      out.push({ at: a, before: current, after });
      current = after;
      t = a + 1;
      continue;
    }
    t = next;
  }
  return out;
}

/** One Zone object per identifier, shared by all markets of a Dataset. */
export class ZoneRegistry {
  private readonly zones = new Map<string, Zone>();
  get(id: string): Zone {
    let z = this.zones.get(id);
    if (!z) {
      z = new Zone(id);
      this.zones.set(id, z);
    }
    return z;
  }
}

const shared = new ZoneRegistry();

/**
 * The local date (YYYY-MM-DD) of an instant in an IANA zone, by the same rules the engine uses:
 * adapters that show "today" for a market (the board's holiday, the CLI's `+1d`) ask here
 * instead of carrying their own time-zone code. UTC when the zone is missing or unknown.
 */
export function localDate(timezone: string | null | undefined, instantMs: number): string {
  const seconds = Math.floor(instantMs / 1000);
  let offset = 0;
  if (timezone) {
    try {
      offset = shared.get(timezone).offsetAt(seconds);
    } catch {
      // An unknown zone: the date in UTC, as for a market without a timezone.
    }
  }
  return formatDay(Math.floor((seconds + offset) / SECONDS_PER_DAY));
}
