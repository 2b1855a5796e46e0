/**
 * Bars: the trading-time grid of docs/calendar-arithmetic.md §8.
 *
 * A query is planned first: the pieces of open time of every session of the range, as a flat
 * list of (date, start, end) in epoch seconds, a few per session. Counting is arithmetic per
 * piece, so the bar limit is checked before a single bar exists; the bars themselves are
 * produced one at a time by a cursor over the pieces (a year of 1-minute bars is never held).
 *
 * Rules chosen where the page is silent:
 * - Pieces are those of §1: the runs of X's own open phases (overlapping or touching phases
 *   form one run), an open phase that ends before it starts left out. A date that is a session
 *   only through its holiday row (no usable open phase) has no bar.
 * - Bars are listed by session date, then time. That is time order, except for data in which
 *   the open time of one date overlaps that of another, where each date keeps its own bars.
 * - Instants are whole seconds, as phases are; P is added to the instant, so a bar that spans
 *   a clock change is P long and its wall times differ by P ± the change.
 */
import { formatDay, formatInstant } from '../time/dates.js';
import { InvalidArgumentError } from '../errors.js';
import { MAX_BARS } from '../params/params.js';
import type { MarketEntry } from '../tables/model.js';
import { openTimes } from './open-time.js';
import type { Bar, BarBreaks } from '../types.js';
import type { Zone } from '../time/zone.js';

/**
 * The Bar record: the one place that says which fields a bar has, in which order (bars-json.ts derives its bytes from
 * it).
 */
export function barRecord(date: string, start: string, end: string): Bar {
  return { date, start, end };
}

export interface BarPlan {
  /** (session day, start, end) triples in epoch seconds, in answer order; zero-length pieces left out. */
  pieces: Float64Array;
  period: number;
  forceClose: boolean;
  count: number;
  /** What the plan was made of, so its bytes can be served from month blocks (bars-json.ts). */
  entry: MarketEntry;
  startDay: number;
  endDay: number;
  breaks: BarBreaks;
}

/** What a cursor walks: pieces and how to cut them. */
export type BarPieces = Pick<BarPlan, 'pieces' | 'period' | 'forceClose'>;

/** Bars of a piece [a, b]: one per start a, a + P, … strictly before b. */
export function barsInPiece(a: number, b: number, period: number): number {
  return b > a ? Math.ceil((b - a) / period) : 0;
}

export function planBars(
  entry: MarketEntry,
  startDay: number,
  endDay: number,
  period: number,
  forceClose: boolean,
  breaks: BarBreaks,
): BarPlan {
  const { session, runs } = openTimes(entry, startDay, endDay);
  const flat: number[] = [];
  let count = 0;
  const add = (day: number, a: number, b: number) => {
    if (b <= a) return;
    flat.push(day, a, b);
    count += barsInPiece(a, b, period);
  };
  for (let i = 0; i < session.length; i++) {
    const r = runs[i];
    if (session[i] !== 1 || r === undefined) continue;
    if (breaks === 'ignore') add(startDay + i, r[0]!, r[r.length - 1]!);
    else for (let k = 0; k < r.length; k += 2) add(startDay + i, r[k]!, r[k + 1]!);
  }
  return { pieces: Float64Array.from(flat), period, forceClose, count, entry, startDay, endDay, breaks };
}

/** Refuses a plan that holds more than MAX_BARS bars, before any is made. */
export function checkBarLimit(plan: BarPlan, start: string, end: string, periodText: string): void {
  if (plan.count <= MAX_BARS) return;
  throw InvalidArgumentError.one(
    'end',
    `The range ${start} to ${end} holds ${plan.count} bars of ${periodText}, more than the limit of ${MAX_BARS} bars ` +
      `per answer; ask for a shorter range or a longer period (bars/count counts without a limit)`,
    'too_many_bars',
  );
}

/**
 * Walks the bars of a plan without making objects: after each `next()` that answers true,
 * `day`, `start` and `end` hold the bar (epoch day, epoch seconds).
 */
export class BarCursor {
  day = 0;
  start = 0;
  end = 0;
  private k = 0;
  private s: number;
  private readonly pieces: Float64Array;
  private readonly period: number;
  private readonly forceClose: boolean;

  constructor(plan: BarPieces) {
    this.pieces = plan.pieces;
    this.period = plan.period;
    this.forceClose = plan.forceClose;
    this.s = plan.pieces.length > 0 ? plan.pieces[1]! : 0;
  }

  next(): boolean {
    const p = this.pieces;
    while (this.k < p.length) {
      const b = p[this.k + 2]!;
      const s = this.s;
      if (s < b) {
        const e = s + this.period;
        this.day = p[this.k]!;
        this.start = s;
        this.end = this.forceClose && e > b ? b : e;
        this.s = e;
        return true;
      }
      this.k += 3;
      if (this.k < p.length) this.s = p[this.k + 1]!;
    }
    return false;
  }
}

/**
 * The bars of one query: iterable as Bar records (made one at a time), or walked with a
 * cursor. Each iteration starts from the first bar.
 */
export class BarSeries implements Iterable<Bar> {
  /** @internal */
  readonly plan: BarPlan;
  /** @internal */
  readonly zone: Zone;
  /** The period as asked (`5m`), and in seconds. */
  readonly period: string;

  /** @internal */
  constructor(plan: BarPlan, zone: Zone, period: string) {
    this.plan = plan;
    this.zone = zone;
    this.period = period;
  }

  get count(): number {
    return this.plan.count;
  }

  get periodSeconds(): number {
    return this.plan.period;
  }

  cursor(): BarCursor {
    return new BarCursor(this.plan);
  }

  *[Symbol.iterator](): Iterator<Bar> {
    const c = this.cursor();
    const zone = this.zone;
    while (c.next())
      yield barRecord(
        formatDay(c.day),
        formatInstant(c.start, zone.offsetAt(c.start)),
        formatInstant(c.end, zone.offsetAt(c.end)),
      );
  }

  toArray(): Bar[] {
    return Array.from(this);
  }
}
