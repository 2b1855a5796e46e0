/**
 * Checking a series of timestamps against a market's bar grid (docs/calendar-arithmetic.md §15):
 * which expected bars no timestamp matches, and why each other timestamp is not expected.
 *
 * Memory is bounded by the grid, not by the series: the expected starts (a Float64Array) with a
 * flag each, the sessions of the range, and the extras (which the answer lists anyway). The
 * timestamps are fed one at a time (`add`), so a body can be read as a stream.
 */
import { formatDay, formatInstant, SECONDS_PER_DAY } from '../time/dates.js';
import type { Zone } from '../time/zone.js';
import type { MarketEntry } from '../tables/model.js';
import { openTimes } from './open-time.js';
import type { BarBreaks } from '../types.js';

export const BAR_CHECK_REASONS = [
  'duplicate',
  'outside_range',
  'in_break',
  'off_grid',
  'outside_hours',
  'closed',
] as const;
export type BarCheckReason = (typeof BAR_CHECK_REASONS)[number];

export interface MissingBar {
  date: string;
  start: string;
}

export interface ExtraStamp {
  at: string;
  reason: BarCheckReason;
  date: string | null;
  holiday_name: string | null;
}

export interface BarCheckResult {
  market: string;
  start: string;
  end: string;
  period: string;
  expected: number;
  given: number;
  matched: number;
  missing: MissingBar[];
  extra: ExtraStamp[];
}

/** The most timestamps one check reads; more is refused (413 over HTTP). */
export const MAX_CHECK_STAMPS = 1_000_000;

/** A session of the range: its day, [open, close] and its runs of open time (epoch seconds). */
interface SessionSpan {
  day: number;
  open: number;
  close: number;
  runs: number[];
}

export class BarCheck {
  private readonly starts: Float64Array;
  private readonly days: Float64Array;
  private readonly seen: Uint8Array;
  /** Sessions with open times, ordered by open. */
  private readonly sessions: SessionSpan[];
  private readonly session: Uint8Array;
  private readonly lo: number;
  private readonly hi: number;
  private readonly extras: ExtraStamp[] = [];
  private readonly extraSeen = new Set<number>();
  private hint = 0;
  private given = 0;
  private matched = 0;

  constructor(
    private readonly entry: MarketEntry,
    private readonly zone: Zone,
    private readonly startDay: number,
    private readonly endDay: number,
    period: number,
    private readonly breaks: BarBreaks,
    private readonly periodText: string,
  ) {
    const { session, runs } = openTimes(entry, startDay, endDay);
    this.session = session;
    const sessions: SessionSpan[] = [];
    let count = 0;
    for (let i = 0; i < session.length; i++) {
      const r = runs[i];
      if (session[i] !== 1 || r === undefined || r.length === 0) continue;
      sessions.push({ day: startDay + i, open: r[0]!, close: r[r.length - 1]!, runs: r });
      if (breaks === 'ignore') count += piece(r[0]!, r[r.length - 1]!, period);
      else for (let k = 0; k < r.length; k += 2) count += piece(r[k]!, r[k + 1]!, period);
    }
    this.starts = new Float64Array(count);
    this.days = new Float64Array(count);
    this.seen = new Uint8Array(count);
    let n = 0;
    const fill = (day: number, a: number, b: number) => {
      for (let s = a; s < b; s += period) (this.starts[n] = s), (this.days[n++] = day);
    };
    for (const s of sessions) {
      if (breaks === 'ignore') fill(s.day, s.open, s.close);
      else for (let k = 0; k < s.runs.length; k += 2) fill(s.day, s.runs[k]!, s.runs[k + 1]!);
    }
    this.sessions = sessions.sort((a, b) => a.open - b.open);
    sortStarts(this.starts, this.days);
    this.lo = zone.resolve(startDay, 0);
    this.hi = zone.resolve(endDay + 1, 0);
  }

  get expected(): number {
    return this.starts.length;
  }

  /** One timestamp, as epoch milliseconds, and its text as given. */
  add(ms: number, text: string): void {
    this.given++;
    const i = ms % 1000 === 0 ? this.find(ms / 1000) : -1;
    if (i >= 0) {
      if (this.seen[i] === 0) {
        this.seen[i] = 1;
        this.matched++;
      } else this.extras.push({ at: text, reason: 'duplicate', date: null, holiday_name: null });
      return;
    }
    if (this.extraSeen.has(ms)) {
      this.extras.push({ at: text, reason: 'duplicate', date: null, holiday_name: null });
      return;
    }
    this.extraSeen.add(ms);
    this.extras.push(this.classify(ms / 1000, text));
  }

  /** The index of the expected bar starting at `s`, or -1; in-order series are answered at the hint. */
  private find(s: number): number {
    const st = this.starts;
    const h = this.hint;
    if (h < st.length && st[h] === s) return ((this.hint = h + 1), h);
    let lo = 0;
    let hi = st.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = st[mid]!;
      if (v < s) lo = mid + 1;
      else if (v > s) hi = mid - 1;
      else return ((this.hint = mid + 1), mid);
    }
    return -1;
  }

  private classify(s: number, at: string): ExtraStamp {
    const x = this.sessionAt(s);
    if (x !== null) {
      const inBreak = this.breaks === 'split' && inGap(x.runs, s);
      return { at, reason: inBreak ? 'in_break' : 'off_grid', date: formatDay(x.day), holiday_name: null };
    }
    if (s < this.lo || s >= this.hi) return { at, reason: 'outside_range', date: null, holiday_name: null };
    const local = Math.floor((s + this.zone.offsetAt(s)) / SECONDS_PER_DAY);
    const i = local - this.startDay;
    if (i >= 0 && i < this.session.length && this.session[i] === 1)
      return { at, reason: 'outside_hours', date: formatDay(local), holiday_name: null };
    const row = this.entry.holidayByDay.get(local);
    return { at, reason: 'closed', date: null, holiday_name: row && !row.is_open ? row.holiday_name : null };
  }

  /** The first session (by open) whose [open, close] holds `s`. */
  private sessionAt(s: number): SessionSpan | null {
    const ss = this.sessions;
    let lo = 0;
    let hi = ss.length - 1;
    // The last session opening at or before s; sessions of other dates may overlap it, so a few
    // before it are asked too.
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (ss[mid]!.open <= s) lo = mid + 1;
      else hi = mid - 1;
    }
    let found: SessionSpan | null = null;
    for (let k = hi; k >= 0 && k >= hi - 3; k--) if (ss[k]!.close >= s) found = ss[k]!;
    return found;
  }

  result(): BarCheckResult {
    const missing: MissingBar[] = [];
    for (let i = 0; i < this.starts.length; i++) {
      if (this.seen[i] === 1) continue;
      const s = this.starts[i]!;
      missing.push({ date: formatDay(this.days[i]!), start: formatInstant(s, this.zone.offsetAt(s)) });
    }
    return {
      market: this.entry.market.fin_id,
      start: formatDay(this.startDay),
      end: formatDay(this.endDay),
      period: this.periodText,
      expected: this.starts.length,
      given: this.given,
      matched: this.matched,
      missing,
      extra: this.extras,
    };
  }
}

function piece(a: number, b: number, period: number): number {
  return b > a ? Math.ceil((b - a) / period) : 0;
}

/** Inside a break of runs [a0, b0, a1, b1, …]: from the end of one run to the start of the next, that start left out. */
function inGap(runs: number[], s: number): boolean {
  for (let k = 1; k + 1 < runs.length; k += 2) if (s >= runs[k]! && s < runs[k + 1]!) return true;
  return false;
}

/** Bars are made by session date; data whose sessions overlap in time are put in time order here. */
function sortStarts(starts: Float64Array, days: Float64Array): void {
  let sorted = true;
  for (let i = 1; i < starts.length && sorted; i++) if (starts[i]! <= starts[i - 1]!) sorted = false;
  if (sorted) return;
  const order = Array.from(starts.keys()).sort((a, b) => starts[a]! - starts[b]! || days[a]! - days[b]!);
  const s = Float64Array.from(order, (i) => starts[i]!);
  const d = Float64Array.from(order, (i) => days[i]!);
  starts.set(s);
  days.set(d);
}
