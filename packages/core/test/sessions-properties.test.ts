/**
 * Properties of sessions, stepping, counting and bells (docs/calendar-arithmetic.md §1–3), checked
 * against oracles built from the day view (`listDays`) and from status, not from the index the
 * implementation uses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Dataset,
  InvalidArgumentError,
  OutOfCoverageError,
  formatDay,
  parseInstant,
  type MarketDay,
  type ScheduleRow,
  type Tables,
} from '../src/index.js';
import { PHASE_TYPES } from '../src/testing/fixture.js';
import { hhmm, ID, WIN_END, WIN_START, winEnd, winStart } from './one-market.js';

const DAY_SPECS = ['Mon-Fri', 'Sun-Thu', 'Fri-Mon', 'Sat', 'Sun', 'Mon,Wed,Fri', 'Tue-Sat', 'Mon-Sun'];
const OPEN_TYPES = ['Primary Trading Session', 'Primary Trading Session, No Settlement'];
const CLOSED_TYPES = ['Pre-Open', 'Post-Trading Session', 'Call Auction'];
const instant = (iso: string) => parseInstant(iso, 'x');

// ---- general markets: overlapping, touching, zero-length and overnight phases, DST zones ----

// A coarse grid makes touching, overlapping and zero-length phases common; 24:00 and 00:00 of
// the next day make phases that end at one instant on two dates.
const gridTime = fc.integer({ min: 0, max: 48 }).map((k) => hhmm(k * 30));
const rowTime = fc.oneof(
  { arbitrary: gridTime, weight: 4 },
  { arbitrary: fc.constantFrom('00:00:00', '24:00:00'), weight: 1 },
);
const rowArb = fc
  .record({
    group: fc.constantFrom('Regular', 'Regular', 'Partial'),
    type: fc.constantFrom(...OPEN_TYPES, ...OPEN_TYPES, ...CLOSED_TYPES),
    days: fc.constantFrom(...DAY_SPECS),
    start: rowTime,
    end: rowTime,
    offset: fc.constantFrom(0, 0, 0, 1, 1, 2),
  })
  .map((r): Omit<ScheduleRow, 'fin_id'> => {
    // This build refuses same-day rows that end before they start.
    const [start, end] = r.offset === 0 && r.end < r.start ? [r.end, r.start] : [r.start, r.end];
    return { schedule_group: r.group, phase_type: r.type, days: r.days, start, end, offset_days: r.offset };
  });

const holidayArb = fc.record({
  day: fc.integer({ min: winStart + 1, max: winEnd - 1 }),
  // 'Special' has no rows: a holiday row with no phases.
  schedule: fc.constantFrom('Closed', 'Partial', 'Regular', 'Special'),
  open: fc.boolean(),
});

interface MarketSpec {
  zone: string;
  rows: Omit<ScheduleRow, 'fin_id'>[];
  holidays: { day: number; schedule: string; open: boolean }[];
}

const marketArb: fc.Arbitrary<MarketSpec> = fc.record({
  zone: fc.constantFrom('America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Tokyo', 'America/Santiago'),
  rows: fc.array(rowArb, { minLength: 1, maxLength: 7 }),
  holidays: fc.uniqueArray(holidayArb, { maxLength: 30, selector: (h) => h.day }),
});

function tablesFor(m: MarketSpec): Tables {
  return {
    markets: [{ fin_id: ID, timezone: m.zone }],
    holidays: [
      { fin_id: ID, date: WIN_START, holiday_name: 'Start', schedule: 'Closed', status: 'Closed', settlement: 'No' },
      { fin_id: ID, date: WIN_END, holiday_name: 'End', schedule: 'Closed', status: 'Closed', settlement: 'No' },
      ...m.holidays.map((h) => ({
        fin_id: ID,
        date: formatDay(h.day),
        holiday_name: `H${h.day}`,
        schedule: h.schedule,
        status: h.open ? 'Open' : 'Closed',
        settlement: h.open ? 'Yes' : 'No',
      })),
    ],
    schedules: m.rows.map((r) => ({ ...r, fin_id: ID, timezone: m.zone })),
    phaseTypes: PHASE_TYPES,
    micMapping: [],
    seasonDefinitions: [],
  };
}

/** The oracle: the day view of the whole window, and the valid open phases with their dates. */
interface Oracle {
  days: MarketDay[];
  sessions: string[];
  phases: { start: number; end: number; date: string }[];
}

function oracle(ds: Dataset): Oracle {
  const days = ds.listDays(ID, WIN_START, WIN_END);
  const phases: Oracle['phases'] = [];
  for (const d of days) {
    for (const p of d.phases) {
      if (!p.is_open) continue;
      const start = instant(p.start);
      const end = instant(p.end);
      if (end >= start) phases.push({ start, end, date: d.date });
    }
  }
  return { days, sessions: days.filter((d) => d.is_open).map((d) => d.date), phases };
}

/**
 * Openings and closings by their pointwise definition: an instant where the market goes from
 * not open to open (no open phase covers the instant just before it, a phase starts there), or
 * from open to not open. Computed with sorted prefix maxima, not by merging runs.
 */
function bells(phases: Oracle['phases']): {
  openings: { at: number; date: string }[];
  closings: { at: number; date: string }[];
} {
  const byStart = phases.slice().sort((a, b) => a.start - b.start);
  const starts = byStart.map((p) => p.start);
  const prefixMaxEnd: number[] = [];
  let m = Number.NEGATIVE_INFINITY;
  for (const p of byStart) prefixMaxEnd.push((m = Math.max(m, p.end)));
  /** Largest end among phases whose start is < x (strict) or <= x. */
  const maxEndBefore = (x: number, inclusive: boolean) => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (inclusive ? starts[mid]! <= x : starts[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? Number.NEGATIVE_INFINITY : prefixMaxEnd[lo - 1]!;
  };
  const closingDate = new Map<number, string>();
  for (const p of phases) {
    // Closing at p.end unless some phase with start <= p.end ends after it.
    if (maxEndBefore(p.end, true) <= p.end) {
      const prev = closingDate.get(p.end);
      if (prev === undefined || p.date > prev) closingDate.set(p.end, p.date);
    }
  }
  const closings = [...closingDate].map(([at, date]) => ({ at, date })).sort((a, b) => a.at - b.at);
  const openingAts = new Set<number>();
  for (const p of phases) if (maxEndBefore(p.start, false) < p.start) openingAts.add(p.start);
  // An opening's run is attributed to the date of the first closing at or after it.
  const openings = [...openingAts]
    .sort((a, b) => a - b)
    .map((at) => ({ at, date: closings.find((c) => c.at >= at)!.date }));
  return { openings, closings };
}

const winMs = {
  from: Date.parse(`${WIN_START}T00:00:00Z`) + 2 * 86_400_000,
  to: Date.parse(`${WIN_END}T00:00:00Z`) - 86_400_000,
};

describe('properties of sessions (§1–2)', () => {
  it('sessions are exactly the open dates of the day view; count equals the number listed', () => {
    let sessionsSeen = 0;
    fc.assert(
      fc.property(
        marketArb,
        fc.integer({ min: winStart, max: winEnd }),
        fc.integer({ min: 0, max: 120 }),
        (m, a, len) => {
          const ds = Dataset.create(tablesFor(m));
          const b = Math.min(a + len, winEnd);
          const [start, end] = [formatDay(a), formatDay(b)];
          const days = ds.listDays(ID, start, end);
          const listed = ds.sessions(ID, start, end);
          expect(listed.map((s) => s.date)).toEqual(days.filter((d) => d.is_open).map((d) => d.date));
          expect(ds.sessionCount(ID, start, end)).toEqual({ start, end, count: listed.length });
          sessionsSeen += listed.length;
          for (const s of listed) {
            const day = days.find((d) => d.date === s.date)!;
            expect(s.partial).toBe(day.holiday !== null);
            expect(s.holiday_name).toBe(day.holiday?.holiday_name ?? null);
          }
        },
      ),
    );
    expect(sessionsSeen).toBeGreaterThan(100);
  });

  it('open, close and breaks: the open phases of the date cover [open, close] except exactly the breaks', () => {
    let withBreaks = 0;
    fc.assert(
      fc.property(marketArb, fc.integer({ min: winStart + 3, max: winEnd - 40 }), (m, a) => {
        const ds = Dataset.create(tablesFor(m));
        const [start, end] = [formatDay(a), formatDay(a + 30)];
        const days = new Map(ds.listDays(ID, start, end).map((d) => [d.date, d]));
        for (const s of ds.sessions(ID, start, end)) {
          const ph = days
            .get(s.date)!
            .phases.filter((p) => p.is_open)
            .map((p) => ({ start: instant(p.start), end: instant(p.end) }))
            .filter((p) => p.end >= p.start);
          if (ph.length === 0) {
            expect([s.open, s.close, s.breaks]).toEqual([null, null, []]);
            continue;
          }
          const open = instant(s.open!);
          const close = instant(s.close!);
          expect(open).toBe(Math.min(...ph.map((p) => p.start)));
          expect(close).toBe(Math.max(...ph.map((p) => p.end)));
          const breaks = s.breaks.map((x) => ({ start: instant(x.start), end: instant(x.end) }));
          if (breaks.length) withBreaks++;
          let prev = open;
          for (const x of breaks) {
            expect(x.start).toBeGreaterThanOrEqual(prev);
            expect(x.end).toBeGreaterThan(x.start);
            prev = x.end;
            // No open phase (not even a zero-length one) touches a break's interior.
            for (const p of ph) expect(p.end <= x.start || p.start >= x.end).toBe(true);
          }
          expect(prev).toBeLessThanOrEqual(close);
          // Every elementary interval between phase boundaries is either covered or inside a break.
          const cuts = [...new Set(ph.flatMap((p) => [p.start, p.end]))].sort((x, y) => x - y);
          for (let k = 0; k + 1 < cuts.length; k++) {
            const mid = (cuts[k]! + cuts[k + 1]!) / 2;
            const covered = ph.some((p) => p.start <= mid && mid <= p.end);
            const inBreak = breaks.some((x) => x.start < mid && mid < x.end);
            expect(covered).toBe(!inBreak);
          }
        }
      }),
    );
    expect(withBreaks).toBeGreaterThan(20);
  });

  it('offset steps over the listed sessions; offset(offset(d, n), -n) = d', () => {
    let inside = 0;
    let outside = 0;
    fc.assert(
      fc.property(marketArb, fc.nat(), fc.integer({ min: -60, max: 60 }), (m, pick, n) => {
        const ds = Dataset.create(tablesFor(m));
        const { sessions } = oracle(ds);
        fc.pre(sessions.length > 0);
        const i = pick % sessions.length;
        const d = sessions[i]!;
        const j = i + n;
        if (j < 0 || j >= sessions.length) {
          outside++;
          expect(() => ds.sessionOffset(ID, d, n)).toThrow(OutOfCoverageError);
          return;
        }
        inside++;
        const s = ds.sessionOffset(ID, d, n);
        expect(s).toEqual({ date: d, n, session: sessions[j] });
        expect(ds.sessionOffset(ID, s.session, -n).session).toBe(d);
      }),
    );
    expect(inside).toBeGreaterThan(50);
    expect(outside).toBeGreaterThan(0);
  });

  it('a date that is not a session is refused, or moved to the next/previous listed session first', () => {
    let moved = 0;
    fc.assert(
      fc.property(
        marketArb,
        fc.integer({ min: winStart, max: winEnd }),
        fc.integer({ min: -5, max: 5 }),
        (m, day, n) => {
          const ds = Dataset.create(tablesFor(m));
          const { sessions } = oracle(ds);
          const date = formatDay(day);
          fc.pre(!sessions.includes(date));
          moved++;
          expect(() => ds.sessionOffset(ID, date, n)).toThrow(InvalidArgumentError);
          const after = sessions.findIndex((s) => s > date);
          const before = after === -1 ? sessions.length - 1 : after - 1;
          for (const [dir, i] of [
            ['next', after === -1 ? sessions.length : after],
            ['previous', before],
          ] as const) {
            const j = i + n;
            if (i < 0 || i >= sessions.length || j < 0 || j >= sessions.length) {
              expect(() => ds.sessionOffset(ID, date, n, dir)).toThrow(OutOfCoverageError);
            } else {
              expect(ds.sessionOffset(ID, date, n, dir).session).toBe(sessions[j]);
            }
          }
        },
      ),
    );
    expect(moved).toBeGreaterThan(30);
  });
});

describe('properties of bells (§3)', () => {
  // T is either any instant of the window or exactly at (or 1 ms around) a phase boundary.
  const tArb = fc.oneof(
    fc.integer({ min: winMs.from, max: winMs.to }).map((t) => ({ t, near: null as null | number })),
    fc.record({ k: fc.nat(), shift: fc.constantFrom(-1, 0, 0, 1) }).map((x) => ({ t: 0, near: x.k, shift: x.shift })),
  );

  it('next/previous opening and closing are the nearest ones strictly after/before T (brute force)', () => {
    let found = 0;
    fc.assert(
      fc.property(marketArb, fc.array(tArb, { minLength: 1, maxLength: 6 }), (m, ts) => {
        const ds = Dataset.create(tablesFor(m));
        const { phases } = oracle(ds);
        const { openings, closings } = bells(phases);
        const boundaries = phases.flatMap((p) => [p.start, p.end]).filter((x) => x >= winMs.from && x <= winMs.to);
        for (const x of ts) {
          let t = x.t;
          if (x.near !== null) {
            if (boundaries.length === 0) continue;
            t = boundaries[x.near % boundaries.length]! + (x as { shift: number }).shift;
          }
          for (const [event, list] of [
            ['open', openings],
            ['close', closings],
          ] as const) {
            const next = list.find((b) => b.at > t) ?? null;
            const prev = list.filter((b) => b.at < t).at(-1) ?? null;
            const gotNext = ds.nextBell(ID, t, event);
            const gotPrev = ds.previousBell(ID, t, event);
            expect(gotNext.event).toBe(event);
            expect(gotNext.at === null ? null : instant(gotNext.at)).toBe(next?.at ?? null);
            expect(gotNext.date).toBe(next?.date ?? null);
            expect(gotPrev.at === null ? null : instant(gotPrev.at)).toBe(prev?.at ?? null);
            expect(gotPrev.date).toBe(prev?.date ?? null);
            if (next) found++;
          }
        }
      }),
    );
    expect(found).toBeGreaterThan(100);
  });

  it('every bell of the brute force is found from 1 ms before it and 1 ms after it, with its date', () => {
    let checked = 0;
    fc.assert(
      fc.property(marketArb, (m) => {
        const ds = Dataset.create(tablesFor(m));
        const { openings, closings } = bells(oracle(ds).phases);
        for (const [event, list] of [
          ['open', openings],
          ['close', closings],
        ] as const) {
          const step = Math.max(1, Math.floor(list.length / 150));
          for (let k = 0; k < list.length; k += step) {
            const b = list[k]!;
            if (b.at - 1 < winMs.from || b.at + 1 > winMs.to) continue;
            const expected = { at: b.at, date: b.date };
            const next = ds.nextBell(ID, b.at - 1, event);
            const prev = ds.previousBell(ID, b.at + 1, event);
            expect({ at: instant(next.at!), date: next.date }).toEqual(expected);
            expect({ at: instant(prev.at!), date: prev.date }).toEqual(expected);
            checked++;
          }
        }
      }),
    );
    expect(checked).toBeGreaterThan(1000);
  });

  // Status picks the first open phase in generation order and does not merge runs, so it agrees
  // with the bells exactly when open phases neither touch nor overlap and generation order is
  // time order. These markets are built that way: each group's open intervals are disjoint and
  // lie inside [a, a + 23 h) of their start day, in zones without clock changes.
  const disjointArb = fc
    .record({
      zone: fc.constantFrom('Asia/Tokyo', 'Asia/Kolkata', 'Asia/Shanghai', 'UTC', 'Asia/Dubai'),
      a: fc.integer({ min: 0, max: 1000 }),
      groups: fc.tuple(
        fc.uniqueArray(fc.integer({ min: 0, max: 1380 }), { minLength: 2, maxLength: 8 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 1380 }), { minLength: 2, maxLength: 6 }),
      ),
      days: fc.array(fc.constantFrom(...DAY_SPECS), { minLength: 4, maxLength: 4 }),
      closed: fc.array(
        fc.record({ type: fc.constantFrom(...CLOSED_TYPES), start: gridTime, len: fc.integer({ min: 0, max: 600 }) }),
        { maxLength: 3 },
      ),
      holidays: fc.uniqueArray(holidayArb, { maxLength: 30, selector: (h) => h.day }),
    })
    .map((x): MarketSpec => {
      const rows: Omit<ScheduleRow, 'fin_id'>[] = [];
      x.groups.forEach((marks, g) => {
        const sorted = marks.map((k) => x.a + k).sort((p, q) => p - q);
        for (let k = 0; k + 1 < sorted.length; k += 2) {
          const [s, e] = [sorted[k]!, sorted[k + 1]!];
          if (s >= 1440) continue;
          rows.push({
            schedule_group: g === 0 ? 'Regular' : 'Partial',
            phase_type: OPEN_TYPES[k % 2],
            days: x.days[k % 4],
            start: hhmm(s),
            end: hhmm(e % 1440),
            offset_days: Math.floor(e / 1440),
          });
        }
      });
      for (const c of x.closed) {
        const s = Number(c.start.slice(0, 2)) * 60 + Number(c.start.slice(3, 5));
        const e = s + c.len;
        rows.push({
          schedule_group: 'Regular',
          phase_type: c.type,
          days: 'Mon-Fri',
          start: c.start,
          end: hhmm(e % 1440),
          offset_days: Math.floor(e / 1440),
        });
      }
      return { zone: x.zone, rows, holidays: x.holidays };
    });

  it('agree with status where its five-day window reaches', () => {
    const seen = { open: 0, closed: 0 };
    fc.assert(
      fc.property(
        disjointArb,
        fc.array(fc.integer({ min: winMs.from, max: winMs.to - 7 * 86_400_000 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (m, ts, pick) => {
          const ds = Dataset.create(tablesFor(m));
          // Also T exactly at an open phase's start or end.
          const some = ds
            .generatePhases(
              ID,
              formatDay(Math.floor(ts[0]! / 86_400_000)),
              formatDay(Math.floor(ts[0]! / 86_400_000) + 3),
            )
            .filter((p) => p.is_open);
          if (some.length) {
            const p = some[pick % some.length]!;
            ts.push(instant(p.start), instant(p.end));
          }
          for (const t of ts) {
            const s = ds.status(ID, t);
            if (s.status === 'Open') {
              seen.open++;
              expect(instant(ds.nextBell(ID, t, 'close').at!)).toBe(instant(s.next_bell!));
            } else if (s.next_bell !== null) {
              seen.closed++;
              expect(instant(ds.nextBell(ID, t, 'open').at!)).toBe(instant(s.next_bell));
            }
          }
        },
      ),
    );
    expect(seen.open).toBeGreaterThan(50);
    expect(seen.closed).toBeGreaterThan(50);
  });
});
