/**
 * Bars of whole sessions (docs/calendar-arithmetic.md §11): `1d` one session, `1w` the sessions of
 * one ISO week (Monday to Sunday, by session date), `1mo` those of one calendar month. A bar
 * runs from its first session's open to its last session's close (§1's open and close, so the
 * runs of each date's own open phases), and counts its sessions.
 *
 * Choices where the page is silent:
 * - A session that is one only through its holiday row (no open or close) belongs to no bar
 *   and is not counted in `sessions`; a week of such sessions alone has no bar.
 * - A week is grouped by its Monday whatever the month or year its days fall in: the week of
 *   Monday 2024-12-30 holds Thursday 2025-01-02 (ISO weeks), its bar dated by its last session.
 * - The series' cursor walks one piece per bar; a bar whose open equals its close (a session
 *   of zero length) is listed by the series but has no piece to walk.
 */
import { BarSeries, barRecord } from './bars.js';
import { civilFromDays, formatDay, formatInstant, isoWeekday } from '../time/dates.js';
import type { MarketEntry } from '../tables/model.js';
import { openTimes } from './open-time.js';
import type { SessionGrouping } from '../params/params.js';
import { publishedHeader } from '../tables/provenance.js';
import type { Bar } from '../types.js';
import type { Zone } from '../time/zone.js';

/** The key of the group a session date belongs to. */
function groupOf(day: number, grouping: SessionGrouping): number {
  if (grouping === 'day') return day;
  if (grouping === 'week') return day - (isoWeekday(day) - 1);
  const { y, m } = civilFromDays(day);
  return y * 12 + m;
}

/** The bars of whole sessions of `startDay`..`endDay`, in date order. */
export function sessionBars(
  entry: MarketEntry,
  zone: Zone,
  startDay: number,
  endDay: number,
  grouping: SessionGrouping,
): SessionBar[] {
  const { session, runs } = openTimes(entry, startDay, endDay);
  const out: SessionBar[] = [];
  let open: SessionBar | undefined;
  let group = NaN;
  for (let i = 0; i < session.length; i++) {
    const r = runs[i];
    if (session[i] !== 1 || r === undefined) continue;
    const day = startDay + i;
    const key = groupOf(day, grouping);
    if (open !== undefined && key === group) {
      open.day = day;
      open.end = r[r.length - 1]!;
      open.sessions++;
    } else {
      open = { day, start: r[0]!, end: r[r.length - 1]!, sessions: 1 };
      group = key;
      out.push(open);
    }
  }
  return out;
}

/**
 * A bar of whole sessions in numbers: its last session's date, open of the first, close of the last (epoch seconds).
 */
export interface SessionBar {
  day: number;
  start: number;
  end: number;
  sessions: number;
}

/** The Bar record of a bar of whole sessions, in the market's zone. */
export function sessionBarRecord(b: SessionBar, zone: Zone): Bar {
  return {
    ...barRecord(
      formatDay(b.day),
      formatInstant(b.start, zone.offsetAt(b.start)),
      formatInstant(b.end, zone.offsetAt(b.end)),
    ),
    sessions: b.sessions,
  };
}

/**
 * The bars of a `1d`, `1w` or `1mo` query: few (ten years of days is 3,653), so made whole.
 * Iterates as Bar records with `sessions`; its cursor walks (date, start, end) as minute bars'.
 */
export class SessionBarSeries extends BarSeries {
  readonly bars: readonly SessionBar[];

  /** @internal */
  constructor(bars: SessionBar[], entry: MarketEntry, startDay: number, endDay: number, zone: Zone, period: string) {
    const pieces = new Float64Array(bars.length * 3);
    bars.forEach((b, i) => pieces.set([b.day, b.start, b.end], i * 3));
    // An infinite period with force_close cuts each piece into one bar ending at its end.
    super(
      {
        pieces,
        period: Number.POSITIVE_INFINITY,
        forceClose: true,
        count: bars.length,
        entry,
        startDay,
        endDay,
        breaks: 'ignore',
      },
      zone,
      period,
    );
    this.bars = bars;
  }

  override *[Symbol.iterator](): Iterator<Bar> {
    for (const b of this.bars) yield sessionBarRecord(b, this.zone);
  }

  /** The JSON of the bars as UTF-8 bytes. */
  json(): Uint8Array {
    return new TextEncoder().encode(JSON.stringify(this.toArray()));
  }

  /** The CSV of the bars (header `Date,Start,End,Sessions`, CRLF lines): no cell needs quoting. */
  csv(): Uint8Array {
    const records = this.toArray();
    const header = ['date', 'start', 'end', 'sessions'].map(publishedHeader).join(',');
    const lines = records.map((r) => `${r.date},${r.start},${r.end},${r.sessions}`);
    return new TextEncoder().encode([header, ...lines].map((l) => `${l}\r\n`).join(''));
  }
}
