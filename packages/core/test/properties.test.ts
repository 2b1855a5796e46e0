/**
 * Property-based tests over generated schedules, instants and data shapes.
 */
import { LocalDateTime, ZoneId } from '@js-joda/core';
import '@js-joda/timezone';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DataError,
  Dataset,
  NotFoundError,
  daysFromCivil,
  formatDay,
  parseInstant,
  tryParseDay,
  type ScheduleRow,
  type Tables,
} from '../src/index.js';
import { transitionsOf } from './transitions.js';
import { Zone } from '../src/time/zone.js';
import { PHASE_TYPES } from '../src/testing/fixture.js';

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Asia/Tokyo',
  'America/Sao_Paulo',
  'Pacific/Auckland',
  'America/Santiago',
  'Asia/Kolkata',
];
const TYPES = [
  'Primary Trading Session',
  'Pre-Open',
  'Post-Trading Session',
  'Call Auction',
  'Primary Trading Session, No Settlement',
];
const DAY_SPECS = ['Mon-Fri', 'Sun-Thu', 'Fri-Mon', 'Sat', 'Sun', 'Mon,Wed,Fri', 'Tue-Sat'];
const WIN_START = '2010-01-01';
const WIN_END = '2030-12-31';
const winStart = tryParseDay(WIN_START)!;
const winEnd = tryParseDay(WIN_END)!;

const time = fc
  .integer({ min: 0, max: 24 * 60 - 1 })
  .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`);

const rowArb = fc
  .record({
    group: fc.constantFrom('Regular', 'Partial'),
    type: fc.constantFrom(...TYPES),
    days: fc.constantFrom(...DAY_SPECS),
    start: time,
    end: time,
    offset: fc.constantFrom(0, 0, 0, 1, 1, 2),
  })
  .map((r): Omit<ScheduleRow, 'fin_id'> => {
    // Same-day rows must not end before they start.
    const [start, end] = r.offset === 0 && r.end < r.start ? [r.end, r.start] : [r.start, r.end];
    return { schedule_group: r.group, phase_type: r.type, days: r.days, start, end, offset_days: r.offset };
  });

const holidayArb = fc.record({
  day: fc.integer({ min: winStart + 1, max: winEnd - 1 }),
  schedule: fc.constantFrom('Closed', 'Partial', 'Regular'),
});

const marketArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  rows: fc.array(rowArb, { minLength: 1, maxLength: 8 }),
  holidays: fc.uniqueArray(holidayArb, { maxLength: 40, selector: (h) => h.day }),
});

type MarketSpec = typeof marketArb extends fc.Arbitrary<infer T> ? T : never;

function tablesFor(m: MarketSpec): Tables {
  return {
    markets: [{ fin_id: 'XX.TEST', timezone: m.zone }],
    holidays: [
      {
        fin_id: 'XX.TEST',
        date: WIN_START,
        holiday_name: 'Start',
        schedule: 'Closed',
        status: 'Closed',
        settlement: 'No',
      },
      { fin_id: 'XX.TEST', date: WIN_END, holiday_name: 'End', schedule: 'Closed', status: 'Closed', settlement: 'No' },
      ...m.holidays.map((h) => ({
        fin_id: 'XX.TEST',
        date: formatDay(h.day),
        holiday_name: 'H',
        schedule: h.schedule,
        status: h.schedule === 'Closed' ? 'Closed' : 'Open',
        settlement: h.schedule === 'Closed' ? 'No' : 'Yes',
      })),
    ],
    schedules: m.rows.map((r) => ({ ...r, fin_id: 'XX.TEST', timezone: m.zone })),
    phaseTypes: PHASE_TYPES,
    micMapping: [],
    seasonDefinitions: [],
  };
}

const rangeArb = fc.record({
  start: fc.integer({ min: winStart, max: winEnd - 40 }),
  len: fc.integer({ min: 0, max: 30 }),
});

/** Local date part of an ISO date-time with offset. */
const localDate = (iso: string) => iso.slice(0, 10);
const instant = (iso: string) => parseInstant(iso, 'x');

describe('properties of phase generation', () => {
  const dayOf = (iso: string) => tryParseDay(localDate(iso))!;

  it(
    'every phase touches the range: it starts on a day of it, or began at most two days before and does not end ' +
      'before it',
    () => {
      fc.assert(
        fc.property(marketArb, rangeArb, (m, r) => {
          const ds = Dataset.create(tablesFor(m));
          const s = r.start;
          const e = r.start + r.len;
          const phases = ds.generatePhases('XX.TEST', formatDay(s), formatDay(e));
          for (const p of phases) {
            const startDay = dayOf(p.start);
            if (startDay >= s) expect(startDay).toBeLessThanOrEqual(e);
            else {
              expect(startDay).toBeGreaterThanOrEqual(s - 2);
              expect(dayOf(p.end)).toBeGreaterThanOrEqual(s);
            }
          }
          // Generation order: by the day a phase starts on.
          const starts = phases.map((p) => localDate(p.start));
          expect(starts).toEqual([...starts].sort());
        }),
        { numRuns: 150 },
      );
    },
  );

  it('a range holds exactly the union of its one-day ranges, in start-day order', () => {
    fc.assert(
      fc.property(
        marketArb,
        fc.record({ start: fc.integer({ min: winStart, max: winEnd - 10 }), len: fc.integer({ min: 0, max: 6 }) }),
        (m, r) => {
          const ds = Dataset.create(tablesFor(m));
          const key = (p: { start: string; end: string; phase_type: string }) => `${p.start}|${p.end}|${p.phase_type}`;
          const whole = ds.generatePhases('XX.TEST', formatDay(r.start), formatDay(r.start + r.len)).map(key);
          const union = new Set<string>();
          for (let d = r.start; d <= r.start + r.len; d++)
            for (const p of ds.generatePhases('XX.TEST', formatDay(d), formatDay(d))) union.add(key(p));
          expect(new Set(whole)).toEqual(union);
          expect(whole).toHaveLength(union.size);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('the day view of X holds, in generation order, exactly the phases of the range that end on X', () => {
    fc.assert(
      fc.property(marketArb, rangeArb, (m, r) => {
        const ds = Dataset.create(tablesFor(m));
        const s = formatDay(r.start);
        const e = formatDay(r.start + r.len);
        const days = ds.listDays('XX.TEST', s, e);
        const range = ds.generatePhases('XX.TEST', s, e);
        expect(days).toHaveLength(r.len + 1);
        for (const d of days) {
          expect(d.phases).toEqual(range.filter((p) => localDate(p.end) === d.date));
          // Every phase of the day view is in the one-day range of that day.
          const oneDay = ds.generatePhases('XX.TEST', d.date, d.date);
          for (const p of d.phases) expect(oneDay).toContainEqual(p);
          if (d.holiday) {
            expect(d.is_open).toBe(d.holiday.status === 'Open');
            expect(d.has_settlement).toBe(d.holiday.settlement === 'Yes');
          } else {
            expect(d.is_open).toBe(d.phases.some((p) => p.is_open));
            expect(d.has_settlement).toBe(d.phases.some((p) => p.has_settlement));
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('properties of status', () => {
  const instantArb = fc.integer({ min: Date.parse('2010-01-05T00:00:00Z'), max: Date.parse('2030-12-20T00:00:00Z') });

  it('agrees with a brute-force scan and never points before the instant', () => {
    fc.assert(
      fc.property(marketArb, instantArb, (m, t) => {
        const ds = Dataset.create(tablesFor(m));
        const s = ds.status('XX.TEST', t);
        // Brute force: every phase of a wide window that contains t.
        const day = Math.floor(t / 86_400_000);
        const around = ds.generatePhases('XX.TEST', formatDay(day - 1), formatDay(Math.min(day + 7, winEnd)));
        const containing = around.filter((p) => instant(p.start) <= t && t < instant(p.end));
        const openOne = containing.find((p) => p.is_open);
        // Without an open phase, the current one is the earliest-starting (first on ties).
        const earliest = containing.reduce<(typeof containing)[number] | undefined>(
          (a, p) => (a === undefined || instant(p.start) < instant(a.start) ? p : a),
          undefined,
        );
        const expectedCurrent = openOne ?? earliest;
        expect(s.status).toBe(expectedCurrent ? expectedCurrent.status : 'Closed');
        expect(s.phase?.phase_type ?? null).toBe(expectedCurrent?.phase_type ?? null);
        if (openOne) {
          expect(s.phase?.is_open).toBe(true);
          expect(instant(s.next_bell!)).toBe(instant(s.phase!.end));
        }
        if (s.phase) expect(instant(s.phase.start) <= t && t < instant(s.phase.end)).toBe(true);
        else expect(containing).toEqual([]);
        if (s.until !== null) expect(instant(s.until)).toBeGreaterThan(t);
        if (s.next_bell !== null) expect(instant(s.next_bell)).toBeGreaterThanOrEqual(t);
      }),
      { numRuns: 200 },
    );
  });
});

describe('properties of time-zone resolution', () => {
  // Days around real transitions are where the per-day cache could go wrong.
  const dayArb = fc.integer({ min: daysFromCivil(2000, 1, 1), max: daysFromCivil(2030, 12, 31) });
  const secondsArb = fc.integer({ min: 0, max: 86_399 });

  it('matches js-joda: a time in a gap moves forward by the gap, a repeated time takes the earlier instant', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), dayArb, secondsArb, (zoneId, day, secs) => {
        const zone = new Zone(zoneId);
        const got = zone.resolve(day, secs);
        const rules = ZoneId.of(zoneId).rules();
        const date = LocalDateTime.parse(`${formatDay(day)}T00:00:00`).plusSeconds(secs);
        const offsets = rules.validOffsets(date).map((o) => o.totalSeconds());
        const wall = day * 86_400 + secs;
        const expected =
          offsets.length === 0
            ? wall - rules.transition(date)!.offsetBefore().totalSeconds()
            : wall - Math.max(...offsets);
        expect(got).toBe(expected);
        // js-joda's own ZonedDateTime.of applies the same rule.
        expect(got).toBe(date.atZone(ZoneId.of(zoneId)).toEpochSecond());
        expect(zone.lastOffset).toBe(rules.offsetOfEpochMilli(got * 1000).totalSeconds());
      }),
      { numRuns: 2000 },
    );
  });

  it('resolves every minute of real transition days: the wall time itself, or shifted by the gap inside one', () => {
    // 2024-03-10 (gap) and 2024-11-03 (overlap) in New York; 2024-04-07 (overlap) and 2024-10-06 (gap) in Sydney.
    for (const [zoneId, y, mo, d] of [
      ['America/New_York', 2024, 3, 10],
      ['America/New_York', 2024, 11, 3],
      ['Australia/Sydney', 2024, 4, 7],
      ['Australia/Sydney', 2024, 10, 6],
    ] as const) {
      const zone = new Zone(zoneId);
      const day = daysFromCivil(y, mo, d);
      let shifted = 0;
      for (let secs = 0; secs < 86_400; secs += 60) {
        const got = zone.resolve(day, secs);
        const wallBack = got + zone.lastOffset - day * 86_400;
        if (wallBack !== secs) {
          // Only inside a forward gap, and then by exactly one hour (both zones shift by 1 h).
          expect(wallBack - secs).toBe(3600);
          shifted++;
        }
      }
      expect(shifted).toBe(
        y === 2024 && ((zoneId === 'America/New_York' && mo === 3) || (zoneId === 'Australia/Sydney' && mo === 10))
          ? 60
          : 0,
      );
    }
  });
});

describe('properties of seasons', () => {
  it('a wrapping season covers exactly the dates outside its gap, and its complement the rest', () => {
    const year = 2023;
    const jan1 = daysFromCivil(year, 1, 1);
    // The gap lo+1 .. hi-1 must hold a day: with hi = lo + 1 its own definition would run
    // backwards and describe a wrapping season of its own.
    const bounds = fc
      .integer({ min: 0, max: 361 })
      .chain((lo) => fc.tuple(fc.constant(lo), fc.integer({ min: lo + 2, max: 363 })));
    fc.assert(
      fc.property(bounds, ([lo, hi]) => {
        // Wrapping season: from hi to lo (end before start). Complement: lo+1 .. hi-1.
        const defs = [
          { season: 'wrap-start', year, date: formatDay(jan1 + hi) },
          { season: 'wrap-end', year, date: formatDay(jan1 + lo) },
          { season: 'gap-start', year, date: formatDay(jan1 + lo + 1) },
          { season: 'gap-end', year, date: formatDay(jan1 + hi - 1) },
        ];
        const t: Tables = {
          markets: [{ fin_id: 'XX.SEASON', timezone: 'UTC' }],
          holidays: [
            {
              fin_id: 'XX.SEASON',
              date: `${year}-01-01`,
              holiday_name: 'x',
              schedule: 'Regular',
              status: 'Open',
              settlement: 'Yes',
            },
            {
              fin_id: 'XX.SEASON',
              date: `${year}-12-31`,
              holiday_name: 'x',
              schedule: 'Regular',
              status: 'Open',
              settlement: 'Yes',
            },
          ],
          schedules: [
            {
              fin_id: 'XX.SEASON',
              schedule_group: 'Regular',
              phase_type: 'Pre-Open',
              days: 'Mon-Sun',
              start: '10:00',
              end: '11:00',
              season_start: 'wrap-start',
              season_end: 'wrap-end',
              phase_name: 'wrap',
            },
            {
              fin_id: 'XX.SEASON',
              schedule_group: 'Regular',
              phase_type: 'Pre-Open',
              days: 'Mon-Sun',
              start: '10:00',
              end: '11:00',
              season_start: 'gap-start',
              season_end: 'gap-end',
              phase_name: 'gap',
            },
          ],
          phaseTypes: PHASE_TYPES,
          seasonDefinitions: defs,
        };
        const days = Dataset.create(t).listDays('XX.SEASON', `${year}-01-01`, `${year}-12-31`);
        days.forEach((d, i) => {
          const inWrap = i <= lo || i >= hi;
          expect(d.phases.map((p) => p.phase_name)).toEqual([inWrap ? 'wrap' : 'gap']);
        });
      }),
      { numRuns: 60 },
    );
  });
});

describe('properties of weekend make-up days', () => {
  it('a Regular holiday row on a day without rows trades like the nearest earlier weekday that has rows', () => {
    const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    fc.assert(
      fc.property(
        fc.subarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 400 }),
        (tradingDays, k) => {
          const day = daysFromCivil(2023, 1, 2) + k; // 2023-01-02 is a Monday
          const wd = k % 7;
          fc.pre(!tradingDays.includes(wd));
          const rows = tradingDays.map((i) => ({
            fin_id: 'XX.MAKEUP',
            schedule_group: 'Regular',
            phase_type: 'Primary Trading Session',
            days: weekdays[i],
            start: `${String(8 + i).padStart(2, '0')}:00`,
            end: '18:00',
          }));
          const t: Tables = {
            markets: [{ fin_id: 'XX.MAKEUP', timezone: 'Asia/Shanghai' }],
            holidays: [
              {
                fin_id: 'XX.MAKEUP',
                date: '2022-01-01',
                holiday_name: 'x',
                schedule: 'Closed',
                status: 'Closed',
                settlement: 'No',
              },
              {
                fin_id: 'XX.MAKEUP',
                date: formatDay(day),
                holiday_name: 'Make-up',
                schedule: 'Regular',
                status: 'Open',
                settlement: 'Yes',
              },
              {
                fin_id: 'XX.MAKEUP',
                date: '2025-01-01',
                holiday_name: 'x',
                schedule: 'Closed',
                status: 'Closed',
                settlement: 'No',
              },
            ],
            schedules: rows,
            phaseTypes: PHASE_TYPES,
          };
          const phases = Dataset.create(t).generatePhases('XX.MAKEUP', formatDay(day), formatDay(day));
          let back = 1;
          while (!tradingDays.includes((wd - back + 7) % 7)) back++;
          const borrowed = (wd - back + 7) % 7;
          expect(phases.map((p) => p.start.slice(11, 13))).toEqual([String(8 + borrowed).padStart(2, '0')]);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('properties of replaced markets', () => {
  it('follow ends at a market without replaced_by, or fails cleanly on cycles and dangling targets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }), { minLength: 1, maxLength: 10 }),
        (links) => {
          const markets = links.map((to, i) => ({
            fin_id: `ZZ.M${i}`,
            ...(to !== undefined ? { replaced_by: `ZZ.M${to}` } : {}),
          }));
          const ds = Dataset.create({ markets, holidays: [] });
          for (let i = 0; i < links.length; i++) {
            // Walk the chain independently to know the expected answer.
            const seen = new Set<number>();
            let cur: number | undefined = i;
            let outcome: 'ok' | 'cycle' | 'missing' = 'ok';
            while (cur !== undefined && links[cur] !== undefined) {
              seen.add(cur);
              const next: number = links[cur]!;
              if (next >= links.length) {
                outcome = 'missing';
                break;
              }
              if (seen.has(next)) {
                outcome = 'cycle';
                break;
              }
              cur = next;
            }
            const run = () => ds.getMarket(`ZZ.M${i}`).fin_id;
            if (outcome === 'ok') expect(run()).toBe(`ZZ.M${cur}`);
            else if (outcome === 'cycle') expect(run).toThrow(DataError);
            else expect(run).toThrow(NotFoundError);
            expect(ds.getMarket(`ZZ.M${i}`, { follow: false }).fin_id).toBe(`ZZ.M${i}`);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('properties of overnight phases', () => {
  // Independent oracle: no fallback (holidays are Closed or Partial only), so a row makes a phase
  // on day d exactly when its group is d's group and d's weekday is in its days.
  const MASKS: Record<string, number[]> = {
    'Mon-Fri': [1, 2, 3, 4, 5],
    'Sun-Thu': [7, 1, 2, 3, 4],
    'Fri-Mon': [5, 6, 7, 1],
    Sat: [6],
    Sun: [7],
    'Mon,Wed,Fri': [1, 3, 5],
    'Tue-Sat': [2, 3, 4, 5, 6],
  };
  const isoWd = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1; // 1970-01-01 (day 0) was a Thursday
  const spec = fc.record({
    zone: fc.constantFrom(...ZONES),
    rows: fc.array(rowArb, { minLength: 1, maxLength: 8 }),
    holidays: fc.uniqueArray(
      fc.record({
        day: fc.integer({ min: winStart + 1, max: winEnd - 1 }),
        schedule: fc.constantFrom('Closed', 'Partial'),
      }),
      { maxLength: 40, selector: (h) => h.day },
    ),
  });

  it(
    'a range holds exactly the phases starting in it and those that began up to two days before and do not end ' +
      'before it',
    () => {
      fc.assert(
        fc.property(
          spec,
          fc.integer({ min: winStart + 3, max: winEnd - 40 }),
          fc.integer({ min: 0, max: 10 }),
          (m, s, len) => {
            // Concentrate holidays around the range so they matter.
            const hs = m.holidays.map((h) => ({ ...h, day: s - 3 + ((h.day - winStart) % (len + 5)) }));
            // Off the window's own boundary rows: a second, different row on a date is a bad row.
            const uniq = [
              ...new Map(hs.filter((h) => h.day !== winStart && h.day !== winEnd).map((h) => [h.day, h])).values(),
            ];
            const rows = m.rows.map((r, i) => ({ ...r, phase_name: `r${i}` }) as ScheduleRow);
            const t = tablesFor({ zone: m.zone, rows, holidays: uniq });
            const e = s + len;
            const got = Dataset.create(t)
              .generatePhases('XX.TEST', formatDay(s), formatDay(e))
              .map((p) => `${p.phase_name}|${p.start.slice(0, 10)}|${p.end.slice(0, 10)}`);
            const holidayOf = new Map(uniq.map((h) => [h.day, h.schedule]));
            const expected: string[] = [];
            for (let d = s - 2; d <= e; d++) {
              const group = holidayOf.get(d) ?? 'Regular';
              rows.forEach((r) => {
                const endDay = d + r.offset_days!;
                if (r.schedule_group === group && MASKS[r.days!]!.includes(isoWd(d)) && endDay >= s) {
                  expected.push(`${r.phase_name}|${formatDay(d)}|${formatDay(endDay)}`);
                }
              });
            }
            expect([...got].sort()).toEqual(expected.sort());
            // And they come in generation order: by the day they start on.
            const starts = got.map((k) => k.split('|')[1]!);
            expect(starts).toEqual([...starts].sort());
          },
        ),
        { numRuns: 150 },
      );
    },
  );
});

describe('properties of daylight-saving gaps and overlaps in generated phases', () => {
  // Every real transition of ZONES in 2001-2029: instant T (epoch seconds), offsets before and after.
  const transitions = ZONES.flatMap((zone) => transitionsOf(zone, 2001, 2029));
  const hms = (s: number) =>
    [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
  const two = (n: number) => String(n).padStart(2, '0');
  const fmtOffset = (o: number) =>
    `${o < 0 ? '-' : '+'}${two(Math.floor(Math.abs(o) / 3600))}:${two((Math.abs(o) % 3600) / 60)}`;

  it('finds the transitions it samples from', () => {
    expect(transitions.filter((x) => x.after > x.before).length).toBeGreaterThan(100);
    expect(transitions.filter((x) => x.after < x.before).length).toBeGreaterThan(100);
  });

  it(
    'a local time in a gap moves forward by the gap, one in an overlap takes the earlier instant, written with the ' +
      'offset in force',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...transitions), fc.integer({ min: -150, max: 150 }), (tr, minutes) => {
          // A wall-clock time near the transition, on the local calendar.
          const wall = tr.at + tr.before + minutes * 60;
          const day = Math.floor(wall / 86_400);
          const secs = wall - day * 86_400;
          // Oracle: wall - before is valid if earlier than T, wall - after if at or after T.
          const candidates = [wall - tr.before, wall - tr.after].filter((c, i) => (i === 0 ? c < tr.at : c >= tr.at));
          // In a gap (no candidate) the wall time is read with the offset before the change.
          const expected = candidates.length === 0 ? wall - tr.before : Math.min(...candidates);
          const expectedOffset = expected < tr.at ? tr.before : tr.after;
          const t: Tables = {
            markets: [{ fin_id: 'XX.DST', timezone: tr.zone }],
            holidays: [
              {
                fin_id: 'XX.DST',
                date: '2000-01-01',
                holiday_name: 'x',
                schedule: 'Closed',
                status: 'Closed',
                settlement: 'No',
              },
              {
                fin_id: 'XX.DST',
                date: '2030-12-31',
                holiday_name: 'x',
                schedule: 'Closed',
                status: 'Closed',
                settlement: 'No',
              },
            ],
            schedules: [
              {
                fin_id: 'XX.DST',
                schedule_group: 'Regular',
                phase_type: 'Pre-Open',
                days: 'Mon-Sun',
                start: hms(secs),
                end: hms(secs),
                phase_name: 'at',
              },
              {
                fin_id: 'XX.DST',
                schedule_group: 'Regular',
                phase_type: 'Pre-Open',
                days: 'Mon-Sun',
                start: '00:00:00',
                end: hms(secs),
                phase_name: 'upto',
              },
            ],
            phaseTypes: PHASE_TYPES,
          };
          const phases = Dataset.create(t).generatePhases('XX.DST', formatDay(day), formatDay(day));
          const at = phases.find((p) => p.phase_name === 'at')!;
          const upto = phases.find((p) => p.phase_name === 'upto')!;
          for (const iso of [at.start, at.end, upto.end]) {
            expect(instant(iso) / 1000).toBe(expected);
            expect(iso.slice(19)).toBe(fmtOffset(expectedOffset));
          }
          // Outside a gap the written wall time is the row's own.
          if (candidates.length > 0) expect(at.start.slice(0, 19)).toBe(`${formatDay(day)}T${hms(secs)}`);
        }),
      );
    },
  );
});

describe('properties of long answers in pieces', () => {
  it(
    'the pieces of phaseChunks and dayChunks concatenate to generatePhases and listDays, whatever the piece ' + 'size',
    () => {
      fc.assert(
        fc.property(marketArb, rangeArb, fc.integer({ min: 1, max: 12 }), (m, r, chunkDays) => {
          const ds = Dataset.create(tablesFor(m));
          const s = formatDay(r.start);
          const e = formatDay(r.start + r.len);
          expect([...ds.phaseChunks('XX.TEST', s, e, chunkDays)].flat()).toEqual(ds.generatePhases('XX.TEST', s, e));
          expect([...ds.dayChunks('XX.TEST', s, e, chunkDays)].flat()).toEqual(ds.listDays('XX.TEST', s, e));
        }),
        { numRuns: 100 },
      );
    },
  );

  it('checks the arguments before the first piece', () => {
    const ds = Dataset.create(tablesFor({ zone: 'UTC', rows: [], holidays: [] }));
    expect(() => ds.phaseChunks('XX.TEST', '2024-01-02', '2024-01-01')).toThrow(/before start/);
    expect(() => ds.dayChunks('XX.TEST', '1990-01-01', '1990-01-02')).toThrow(/outside the coverage window/);
  });
});
