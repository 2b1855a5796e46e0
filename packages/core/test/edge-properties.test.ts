/**
 * Property tests for the edge cases of docs/semantics.md that properties.test.ts does not reach:
 * status against a literal oracle of §5 (also around daylight-saving changes), seasons that wrap
 * differently each year, make-up days against an oracle of §4 step 4, sub-resources of replaced
 * markets, is_available, and overnight phases whose ends fall in a gap or an overlap.
 */
import { Instant, LocalDateTime, ZoneId } from '@js-joda/core';
import '@js-joda/timezone';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DataError,
  Dataset,
  NotFoundError,
  OpenbellError,
  daysFromCivil,
  formatDay,
  isoWeekday,
  parseInstant,
  tryParseDay,
  type MarketHolidayRow,
  type Phase,
  type ScheduleRow,
  type Tables,
} from '../src/index.js';
import { PHASE_TYPES, fixtureTables } from '../src/testing/fixture.js';
import { DEFAULT_FC_SEED, PINNED_NOW } from './setup.js';
import { transitionsOf } from './transitions.js';

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
const DAY_SPECS: Record<string, number[]> = {
  'Mon-Fri': [1, 2, 3, 4, 5],
  'Sun-Thu': [7, 1, 2, 3, 4],
  'Fri-Mon': [5, 6, 7, 1],
  Sat: [6],
  Sun: [7],
  'Mon,Wed,Fri': [1, 3, 5],
  'Tue-Sat': [2, 3, 4, 5, 6],
  'Mon-Sun': [1, 2, 3, 4, 5, 6, 7],
};
const WIN_START = '2010-01-01';
const WIN_END = '2030-12-31';
const winEnd = tryParseDay(WIN_END)!;

const ms = (iso: string) => parseInstant(iso, 'x');
const pad = (n: number) => String(n).padStart(2, '0');
const hms = (s: number) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
const fmtOffset = (o: number) =>
  `${o < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(o) / 3600))}:${pad((Math.abs(o) % 3600) / 60)}`;
const closedRow = (fin_id: string, date: string): MarketHolidayRow => ({
  fin_id,
  date,
  holiday_name: 'Bound',
  schedule: 'Closed',
  status: 'Closed',
  settlement: 'No',
});

const TRANSITIONS = new Map(ZONES.map((z) => [z, transitionsOf(z, 2011, 2029)]));

describe('test harness', () => {
  it('fast-check runs with the fixed (or FC_SEED) seed, and "now" is pinned', () => {
    expect(fc.readConfigureGlobal().seed).toBe(Number(process.env.FC_SEED ?? DEFAULT_FC_SEED));
    expect(Date.now()).toBe(Date.parse(PINNED_NOW));
    expect(new Date().toISOString()).toBe('2023-11-15T17:00:00.000Z');
  });
});

describe('§5 status against a literal oracle (edge cases: overnight phases, DST, holidays, make-up days)', () => {
  const TYPES = [
    'Primary Trading Session',
    'Primary Trading Session, No Settlement',
    'Pre-Open',
    'Post-Trading Session',
    'Call Auction',
    'Pre-Close',
  ];
  const time = fc.integer({ min: 0, max: 24 * 4 - 1 }).map((q) => q * 900);
  const row = fc.record({
    group: fc.constantFrom('Regular', 'Regular', 'Partial'),
    type: fc.constantFrom(...TYPES),
    days: fc.constantFrom(...Object.keys(DAY_SPECS)),
    a: time,
    b: time,
    offset: fc.constantFrom(0, 0, 1, 1, 2),
    otherZone: fc.constantFrom(false, false, false, false, true),
  });
  const holiday = fc.record({
    delta: fc.integer({ min: -3, max: 7 }),
    schedule: fc.constantFrom('Closed', 'Partial', 'Regular', 'REGULAR'),
    name: fc.constantFrom('Holiday', null, ' - Odd Day - ', 'Bank Holiday'),
  });
  const anyInstant = fc.integer({ min: Date.parse('2011-01-05T00:00:00Z'), max: Date.parse('2030-12-20T00:00:00Z') });
  // Near a real offset change of the market's zone (zones without DST have none), to the minute
  // or to the millisecond.
  const nearChange = (zone: string) =>
    fc
      .tuple(
        fc.constantFrom(...TRANSITIONS.get(zone)!),
        fc.integer({ min: -36 * 60, max: 36 * 60 }),
        fc.integer({ min: 0, max: 59_999 }),
      )
      .map(([tr, m, extra]) => tr.at * 1000 + m * 60_000 + (m % 3 === 0 ? 0 : extra));
  const zoneAndInstant = fc
    .constantFrom(...ZONES)
    .chain((zone) =>
      fc.tuple(fc.constant(zone), TRANSITIONS.get(zone)!.length ? fc.oneof(anyInstant, nearChange(zone)) : anyInstant),
    );

  it('status, reason, until, next_bell and phase follow §5 steps 1-7 literally', () => {
    fc.assert(
      fc.property(
        zoneAndInstant,
        fc.array(row, { minLength: 1, maxLength: 7 }),
        fc.array(holiday, { maxLength: 6 }),
        ([zone, t], rows, holidays) => {
          const rules = ZoneId.of(zone).rules();
          const D = Instant.ofEpochMilli(t).atZone(ZoneId.of(zone)).toLocalDate().toString();
          const dDay = tryParseDay(D)!;
          const byDay = new Map(holidays.map((h) => [dDay + h.delta, h]));
          const tables: Tables = {
            markets: [{ fin_id: 'XX.ST', timezone: zone }],
            holidays: [
              closedRow('XX.ST', WIN_START),
              closedRow('XX.ST', WIN_END),
              ...[...byDay].map(([day, h]) => ({
                fin_id: 'XX.ST',
                date: formatDay(day),
                holiday_name: h.name,
                schedule: h.schedule,
                status: h.schedule === 'Closed' ? 'Closed' : 'Open',
                settlement: h.schedule === 'Closed' ? 'No' : 'Yes',
              })),
            ],
            schedules: rows.map((r, i) => {
              const [start, end] = r.offset === 0 && r.b < r.a ? [r.b, r.a] : [r.a, r.b];
              return {
                fin_id: 'XX.ST',
                schedule_group: r.group,
                phase_type: r.type,
                phase_name: `r${i}`,
                days: r.days,
                start: hms(start),
                end: hms(end),
                offset_days: r.offset,
                timezone: r.otherZone ? (zone === 'Asia/Tokyo' ? 'Europe/London' : 'Asia/Tokyo') : zone,
              };
            }),
            phaseTypes: PHASE_TYPES,
          };
          const ds = Dataset.create(tables);
          const s = ds.status('XX.ST', t);

          // The oracle: §5 read literally, on top of §4 phase generation.
          const phases = ds.generatePhases('XX.ST', D, formatDay(Math.min(dDay + 5, winEnd)));
          const containing = phases.filter((p) => ms(p.start) <= t && t < ms(p.end));
          let current: Phase | null = containing.find((p) => p.is_open) ?? null;
          if (!current)
            for (const p of containing) if (current === null || ms(p.start) < ms(current.start)) current = p;
          const upcoming = phases.filter((p) => t < ms(p.start));
          let until: number | null;
          if (current) {
            const end = ms(current.end);
            const before = upcoming.map((p) => ms(p.start)).filter((x) => x < end);
            until = before.length ? Math.min(...before) : end;
          } else until = upcoming.length ? Math.min(...upcoming.map((p) => ms(p.start))) : null;
          const firstOpen = upcoming.find((p) => p.is_open);
          const nextBell = current?.is_open ? ms(current.end) : firstOpen ? ms(firstOpen.start) : null;
          const hol = ds.listHolidays('XX.ST', D, D)[0];
          let reason = hol?.holiday_name ?? '';
          if (current) {
            reason += ` - ${current.phase_type}`;
            if (hol && hol.schedule!.toLowerCase() !== 'regular') reason += ` (${hol.schedule})`;
          }
          reason = reason.replace(/^[\s-]+|[\s-]+$/g, '');
          // Written in the market's zone with the offset in force at that instant.
          const inMarketZone = (x: number | null) => {
            if (x === null) return null;
            const off = rules.offsetOfEpochMilli(x).totalSeconds();
            return `${new Date(x + off * 1000).toISOString().slice(0, 19)}${fmtOffset(off)}`;
          };

          expect(s.status).toBe(current ? current.status : 'Closed');
          expect(s.reason).toBe(reason === '' ? null : reason);
          expect(s.until).toBe(inMarketZone(until));
          expect(s.next_bell).toBe(inMarketZone(nextBell));
          expect(s.market?.fin_id).toBe('XX.ST');
          if (current === null) expect(s.phase).toBeNull();
          else {
            expect(s.phase).toMatchObject({
              phase_type: current.phase_type,
              phase_name: current.phase_name,
              start: inMarketZone(ms(current.start)),
              end: inMarketZone(ms(current.end)),
              // §4 step 7: the phase keeps its row's timezone; only its date-times move (§5).
              timezone: current.timezone,
              is_open: current.is_open,
            });
          }
        },
      ),
    );
  });
});

describe('wrapped seasons, resolved with the year of each date', () => {
  it(
    "a row whose season wraps the new year applies on d <= end or d >= start of d's own year; its complement on the " +
      'rest',
    () => {
      const years = [2021, 2022, 2023, 2024];
      // Per year: lo < hi - 1 (day-of-year indexes), so both the wrap and its complement hold days.
      const bounds = fc
        .integer({ min: 0, max: 361 })
        .chain((lo) => fc.tuple(fc.constant(lo), fc.integer({ min: lo + 2, max: 363 })));
      fc.assert(
        fc.property(
          fc.tuple(...years.map(() => bounds)),
          fc.constantFrom('UTC', 'America/New_York', 'Australia/Sydney'),
          (perYear, zone) => {
            const defs = years.flatMap((year, k) => {
              const jan1 = daysFromCivil(year, 1, 1);
              const [lo, hi] = perYear[k]!;
              return [
                { season: 'Wrap Start', year, date: formatDay(jan1 + hi) },
                { season: 'Wrap End', year, date: formatDay(jan1 + lo) },
                { season: 'Gap Start', year, date: formatDay(jan1 + lo + 1) },
                { season: 'Gap End', year, date: formatDay(jan1 + hi - 1) },
              ];
            });
            const row = (phase_name: string, season_start: string, season_end: string): ScheduleRow => ({
              fin_id: 'XX.SEASON',
              schedule_group: 'Regular',
              phase_type: 'Pre-Open',
              days: 'Mon-Sun',
              start: '10:00',
              end: '11:00',
              season_start,
              season_end,
              phase_name,
            });
            const open = (date: string) => ({
              fin_id: 'XX.SEASON',
              date,
              holiday_name: 'x',
              schedule: 'Regular',
              status: 'Open',
              settlement: 'Yes',
            });
            const t: Tables = {
              markets: [{ fin_id: 'XX.SEASON', timezone: zone }],
              holidays: [open('2021-01-01'), open('2024-12-31')],
              schedules: [row('wrap', 'Wrap Start', 'Wrap End'), row('gap', 'gap start', 'GAP END')],
              phaseTypes: PHASE_TYPES,
              seasonDefinitions: defs,
            };
            const days = Dataset.create(t).listDays('XX.SEASON', '2021-01-01', '2024-12-31');
            expect(days).toHaveLength(daysFromCivil(2025, 1, 1) - daysFromCivil(2021, 1, 1));
            for (const d of days) {
              const day = tryParseDay(d.date)!;
              const year = Number(d.date.slice(0, 4));
              const [lo, hi] = perYear[years.indexOf(year)]!;
              const doy = day - daysFromCivil(year, 1, 1);
              const inWrap = doy <= lo || doy >= hi;
              expect([d.date, d.phases.map((p) => p.phase_name)]).toEqual([d.date, [inWrap ? 'wrap' : 'gap']]);
            }
          },
        ),
        { numRuns: 40 },
      );
    },
  );
});

describe('weekend make-up days against an oracle of §4 steps 1-4', () => {
  const rowArb = fc.record({
    days: fc.constantFrom(...Object.keys(DAY_SPECS)),
    hour: fc.integer({ min: 0, max: 22 }),
    type: fc.constantFrom('Primary Trading Session', 'Pre-Open', 'Primary Trading Session, No Settlement'),
    inForce: fc.constantFrom('always', 'always', 'always', 'ended', 'not yet'),
  });

  it(
    'a Regular holiday row (any case) borrows the nearest earlier weekday with rows in force; nothing else falls ' +
      'back',
    () => {
      fc.assert(
        fc.property(
          fc.array(rowArb, { minLength: 1, maxLength: 5 }),
          fc.integer({ min: daysFromCivil(2023, 1, 2), max: daysFromCivil(2024, 12, 30) }),
          fc.constantFrom('Regular', 'REGULAR', 'regular', 'none', 'Partial'),
          (rows, day, kind) => {
            const date = formatDay(day);
            const schedules: ScheduleRow[] = rows.map((r, i) => ({
              fin_id: 'XX.MU',
              schedule_group: 'Regular',
              phase_type: r.type,
              phase_name: `r${i}`,
              days: r.days,
              start: `${pad(r.hour)}:00`,
              end: `${pad(r.hour)}:30`,
              ...(r.inForce === 'ended' ? { in_force_end_date: formatDay(day - 1) } : {}),
              ...(r.inForce === 'not yet' ? { in_force_start_date: formatDay(day + 1) } : {}),
            }));
            const t: Tables = {
              markets: [{ fin_id: 'XX.MU', timezone: 'Asia/Shanghai' }],
              holidays: [
                closedRow('XX.MU', '2023-01-01'),
                closedRow('XX.MU', '2024-12-31'),
                ...(kind === 'none'
                  ? []
                  : [
                      {
                        fin_id: 'XX.MU',
                        date,
                        holiday_name: 'Make-up',
                        schedule: kind,
                        status: 'Open',
                        settlement: 'Yes',
                      },
                    ]),
              ],
              schedules,
              phaseTypes: PHASE_TYPES,
            };
            const wd = isoWeekday(day);
            const inForce = rows.map((r, i) => ({ ...r, i })).filter((r) => r.inForce === 'always');
            const on = (w: number) => inForce.filter((r) => DAY_SPECS[r.days]!.includes(w));
            let expected: typeof inForce = [];
            if (kind !== 'Partial') {
              expected = on(wd);
              if (expected.length === 0 && kind !== 'none') {
                for (let k = 1; k <= 6 && expected.length === 0; k++) expected = on(((wd - 1 - k + 14) % 7) + 1);
              }
            }
            const got = Dataset.create(t).generatePhases('XX.MU', date, date);
            expect(got.map((p) => p.phase_name).sort()).toEqual(expected.map((r) => `r${r.i}`).sort());
            for (const p of got) {
              const r = rows[Number(p.phase_name!.slice(1))]!;
              expect([p.start, p.end]).toEqual([
                `${date}T${pad(r.hour)}:00:00+08:00`,
                `${date}T${pad(r.hour)}:30:00+08:00`,
              ]);
            }
            // Step 5 order of the day: by start time.
            expect(got.map((p) => p.start)).toEqual(got.map((p) => p.start).sort());
          },
        ),
      );
    },
  );
});

describe('replaced markets: every sub-resource answers for the end of the chain', () => {
  it(
    'schedules, holidays, phases, days, status and availability follow replaced_by; loops and dangling targets fail ' +
      'cleanly',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }), { minLength: 1, maxLength: 7 }),
          (links) => {
            const n = links.length;
            const id = (i: number) => `ZZ.M${i}`;
            const tables: Tables = {
              markets: links.map((to, i) => ({
                fin_id: id(i),
                timezone: 'UTC',
                ...(to !== undefined ? { replaced_by: id(to) } : {}),
              })),
              holidays: links.flatMap((_, i) => [
                closedRow(id(i), '2023-01-01'),
                {
                  fin_id: id(i),
                  date: `2023-06-${pad(10 + i)}`,
                  holiday_name: `H${i}`,
                  schedule: 'Closed',
                  status: 'Closed',
                  settlement: 'No',
                },
                closedRow(id(i), '2023-12-31'),
              ]),
              schedules: links.map((_, i) => ({
                fin_id: id(i),
                schedule_group: 'Regular',
                phase_type: 'Primary Trading Session',
                days: 'Mon-Sun',
                start: `${pad(i)}:00`,
                end: `${pad(i)}:30`,
                phase_name: `M${i}`,
              })),
              phaseTypes: PHASE_TYPES,
            };
            const ds = Dataset.create(tables);
            for (let i = 0; i < n; i++) {
              const seen = new Set<number>();
              let cur = i;
              let outcome: 'ok' | 'cycle' | 'missing' = 'ok';
              while (links[cur] !== undefined) {
                seen.add(cur);
                const next = links[cur]!;
                if (next >= n) {
                  outcome = 'missing';
                  break;
                }
                if (seen.has(next)) {
                  outcome = 'cycle';
                  break;
                }
                cur = next;
              }
              const calls = [
                () => ds.listSchedules(id(i)),
                () => ds.listHolidays(id(i), '2023-06-01', '2023-06-30'),
                () => ds.generatePhases(id(i), '2023-03-01', '2023-03-01'),
                () => ds.listDays(id(i), '2023-03-01', '2023-03-01'),
                () => ds.status(id(i), Date.parse('2023-03-01T12:00:00Z')),
              ];
              expect(ds.isMarketAvailable(id(i))).toBe(outcome === 'ok');
              if (outcome !== 'ok') {
                for (const call of calls) expect(call).toThrow(outcome === 'cycle' ? DataError : NotFoundError);
                continue;
              }
              expect(ds.listSchedules(id(i)).map((s) => [s.fin_id, s.phase_name])).toEqual([[id(cur), `M${cur}`]]);
              expect(ds.listHolidays(id(i), '2023-06-01', '2023-06-30').map((h) => h.holiday_name)).toEqual([
                `H${cur}`,
              ]);
              expect(ds.generatePhases(id(i), '2023-03-01', '2023-03-01').map((p) => p.start)).toEqual([
                `2023-03-01T${pad(cur)}:00:00+00:00`,
              ]);
              expect(ds.listDays(id(i), '2023-03-01', '2023-03-01')[0]!.phases.map((p) => p.phase_name)).toEqual([
                `M${cur}`,
              ]);
              expect(ds.status(id(i), Date.parse('2023-03-01T12:00:00Z')).market?.fin_id).toBe(id(cur));
            }
          },
        ),
      );
    },
  );
});

describe('is_available', () => {
  const t = fixtureTables();
  t.markets.push(
    { fin_id: 'ZZ.LOOP1', replaced_by: 'ZZ.LOOP2' },
    { fin_id: 'ZZ.LOOP2', replaced_by: 'ZZ.LOOP1' },
    { fin_id: 'ZZ.DANGLING', replaced_by: 'ZZ.NOWHERE' },
  );
  t.micMapping!.push({ mic: 'ZLUP', fin_id: 'ZZ.LOOP1' });
  const ds = Dataset.create(t);
  const known = [
    'US.NYSE',
    'US.CME.EQUITY.USINDEX1',
    'AR.BCBA',
    'XNYS',
    'XCME',
    'XBUE',
    'SGEX',
    'ZZ.LOOP1',
    'ZZ.DANGLING',
    'ZLUP',
    'US.NOPE',
    'ZZZZ',
  ];
  const flipCase = (s: string, mask: number) =>
    [...s].map((c, i) => ((mask >> (i % 30)) & 1 ? c.toLowerCase() : c.toUpperCase())).join('');
  const identifier = fc.oneof(
    fc.tuple(fc.constantFrom(...known), fc.nat()).map(([s, m]) => flipCase(s, m)),
    fc.stringMatching(/^[A-Za-z0-9]{3,5}$/),
    fc.stringMatching(/^[A-Za-z]{0,3}(\.[A-Za-z0-9-]{0,5}){0,3}$/),
    fc.string({ maxLength: 10 }),
  );

  it('is true exactly when the lookup succeeds, and neither ever crashes with a non-engine error', () => {
    fc.assert(
      fc.property(identifier, (id) => {
        let ok: boolean;
        try {
          ds.getMarket(id);
          ok = true;
        } catch (e) {
          expect(e).toBeInstanceOf(OpenbellError);
          ok = false;
        }
        expect(ds.isMarketAvailable(id)).toBe(ok);
      }),
      { numRuns: 500 },
    );
  });
});

describe('overnight phases whose start or end falls in a daylight-saving gap or overlap', () => {
  /**
   * §4: a missing local time moves forward by the gap (read with the offset before it), a repeated one takes the
   * earlier instant.
   */
  function resolve(zone: string, day: number, secs: number): number {
    const rules = ZoneId.of(zone).rules();
    const ldt = LocalDateTime.parse(`${formatDay(day)}T00:00:00`).plusSeconds(secs);
    const offsets = rules.validOffsets(ldt).map((o) => o.totalSeconds());
    const wall = day * 86_400 + secs;
    return offsets.length === 0
      ? wall - rules.transition(ldt)!.offsetBefore().totalSeconds()
      : wall - Math.max(...offsets);
  }
  const all = [...TRANSITIONS.values()].flat();

  it('both ends resolve per §4 and are written with the offset in force; the phase belongs to its end date', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...all),
        fc.integer({ min: -120, max: 120 }),
        fc.integer({ min: 0, max: 86_399 }),
        fc.constantFrom(1, 2),
        fc.boolean(),
        (tr, minutes, otherSecs, offsetDays, startNearChange) => {
          const wall = tr.at + tr.before + minutes * 60;
          const nearDay = Math.floor(wall / 86_400);
          const nearSecs = wall - nearDay * 86_400;
          const startDay = startNearChange ? nearDay : nearDay - offsetDays;
          const endDay = startDay + offsetDays;
          const [startSecs, endSecs] = startNearChange ? [nearSecs, otherSecs] : [otherSecs, nearSecs];
          const t: Tables = {
            markets: [{ fin_id: 'XX.ON', timezone: tr.zone }],
            holidays: [closedRow('XX.ON', '2010-01-01'), closedRow('XX.ON', '2030-12-31')],
            schedules: [
              {
                fin_id: 'XX.ON',
                schedule_group: 'Regular',
                phase_type: 'Primary Trading Session',
                days: 'Mon-Sun',
                start: hms(startSecs),
                end: hms(endSecs),
                offset_days: offsetDays,
              },
            ],
            phaseTypes: PHASE_TYPES,
          };
          const ds = Dataset.create(t);
          const day = ds.listDays('XX.ON', formatDay(endDay), formatDay(endDay))[0]!;
          // Every day has one such phase: the one ending on endDay started offsetDays earlier.
          expect(day.phases).toHaveLength(1);
          expect(day.is_open).toBe(true);
          const p = day.phases[0]!;
          const rules = ZoneId.of(tr.zone).rules();
          const expectStart = resolve(tr.zone, startDay, startSecs);
          const expectEnd = resolve(tr.zone, endDay, endSecs);
          expect(ms(p.start) / 1000).toBe(expectStart);
          expect(ms(p.end) / 1000).toBe(expectEnd);
          expect(p.start.slice(19)).toBe(fmtOffset(rules.offsetOfEpochMilli(expectStart * 1000).totalSeconds()));
          expect(p.end.slice(19)).toBe(fmtOffset(rules.offsetOfEpochMilli(expectEnd * 1000).totalSeconds()));
          expect(p.end.slice(0, 10)).toBe(formatDay(endDay));
        },
      ),
    );
  });
});

describe('orders of §3 and §4 step 5', () => {
  const tm = fc.integer({ min: 0, max: 47 }).map((h) => h * 1800);
  const seasons = [
    { season: 'Winter Start', year: 2023, date: '2023-10-01' },
    { season: 'Winter End', year: 2023, date: '2023-03-31' },
    { season: 'Summer Start', year: 2023, date: '2023-04-01' },
    { season: 'Summer End', year: 2023, date: '2023-09-30' },
  ];

  it(
    '§3: schedules are ordered by group, in-force start (empty first), season start (empty first), start, end, then ' +
      'file order',
    () => {
      const rowArb = fc.record({
        group: fc.constantFrom('Regular', 'Partial', 'Early Close'),
        inForce: fc.constantFrom(null, '2019-06-01', '2020-01-01'),
        season: fc.constantFrom(null, 'Winter', 'Summer'),
        a: tm,
        b: tm,
      });
      fc.assert(
        fc.property(fc.array(rowArb, { minLength: 1, maxLength: 10 }), (rows) => {
          const input = rows.map((r, i) => {
            const [start, end] = r.b < r.a ? [r.b, r.a] : [r.a, r.b];
            return { ...r, i, start, end };
          });
          const t: Tables = {
            markets: [{ fin_id: 'XX.ORD', timezone: 'UTC' }],
            holidays: [closedRow('XX.ORD', '2023-01-01'), closedRow('XX.ORD', '2023-12-31')],
            schedules: input.map((r) => ({
              fin_id: 'XX.ORD',
              schedule_group: r.group,
              phase_type: 'Other',
              phase_name: `r${r.i}`,
              days: 'Mon',
              start: hms(r.start),
              end: hms(r.end),
              in_force_start_date: r.inForce,
              season_start: r.season && `${r.season} Start`,
              season_end: r.season && `${r.season} End`,
            })),
            phaseTypes: PHASE_TYPES,
            seasonDefinitions: seasons,
          };
          const nullsFirst = (x: string | null, y: string | null) =>
            x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
          const expected = [...input].sort(
            (x, y) =>
              nullsFirst(x.group, y.group) ||
              nullsFirst(x.inForce, y.inForce) ||
              nullsFirst(x.season && `${x.season} Start`, y.season && `${y.season} Start`) ||
              x.start - y.start ||
              x.end - y.end ||
              x.i - y.i,
          );
          expect(
            Dataset.create(t)
              .listSchedules('XX.ORD')
              .map((s) => s.phase_name),
          ).toEqual(expected.map((r) => `r${r.i}`));
        }),
      );
    },
  );

  it('§4 step 5 and answer order: by day, then start, duration, primary sessions first, then the §3 order', () => {
    const rowArb = fc.record({
      type: fc.constantFrom('Primary Trading Session', 'Other', 'Pre-Open', 'Primary Trading Session, No Settlement'),
      a: tm,
      b: tm,
      offset: fc.constantFrom(0, 0, 1),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 8 }), (rows) => {
        const input = rows.map((r, i) => {
          const [start, end] = r.offset === 0 && r.b < r.a ? [r.b, r.a] : [r.a, r.b];
          return {
            ...r,
            i,
            start,
            end,
            duration: end + r.offset * 86_400 - start,
            primary: r.type.includes('Primary Trading Session'),
          };
        });
        const t: Tables = {
          markets: [{ fin_id: 'XX.ORD', timezone: 'UTC' }],
          holidays: [closedRow('XX.ORD', '2023-01-01'), closedRow('XX.ORD', '2023-12-31')],
          schedules: input.map((r) => ({
            fin_id: 'XX.ORD',
            schedule_group: 'Regular',
            phase_type: r.type,
            phase_name: `r${r.i}`,
            days: 'Mon-Sun',
            start: hms(r.start),
            end: hms(r.end),
            offset_days: r.offset,
          })),
          phaseTypes: PHASE_TYPES,
        };
        const ds = Dataset.create(t);
        const schedOrder = ds.listSchedules('XX.ORD').map((s) => s.phase_name);
        const step5 = (x: (typeof input)[number], y: (typeof input)[number]) =>
          x.start - y.start ||
          x.duration - y.duration ||
          Number(y.primary) - Number(x.primary) ||
          schedOrder.indexOf(`r${x.i}`) - schedOrder.indexOf(`r${y.i}`);
        // The phases of Wednesday 2023-11-15: Tuesday's overnight rows first (they started a day
        // earlier and end on Wednesday), then every row of Wednesday (same-day ones and the
        // overnight ones that start that day), all in step-5 order.
        const expected = [...input.filter((r) => r.offset === 1).sort(step5), ...[...input].sort(step5)];
        const got = ds.generatePhases('XX.ORD', '2023-11-15', '2023-11-15');
        expect(got.map((p) => p.phase_name)).toEqual(expected.map((r) => `r${r.i}`));
        const startDays = [
          ...input.filter((r) => r.offset === 1).map(() => '2023-11-14'),
          ...input.map(() => '2023-11-15'),
        ];
        expect(got.map((p) => p.start.slice(0, 10))).toEqual(startDays);
      }),
    );
  });
});
