/**
 * statusJson answers from the market's last answer while it holds (wire/status-json.ts, StatusSpan): its
 * bytes must always be those of a fresh computeStatus, whatever instants came before, at and
 * around phase boundaries, local midnights, clock changes, coverage edges and data errors.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dataset, daysFromCivil, formatDay, parseInstant, type Tables } from '../src/index.js';
import { transitionsOf } from './transitions.js';
import { computeStatus, type StatusSpan } from '../src/rules/status.js';
import { Zone } from '../src/time/zone.js';
import { PHASE_TYPES, fixtureTables } from '../src/testing/fixture.js';

const ms = (iso: string) => parseInstant(iso, 'x');
const pad = (n: number) => String(n).padStart(2, '0');
const hms = (s: number) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
const text = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8');

/** What a call answers: its text, or the class and message of what it threw. */
function outcome(f: () => string): string {
  try {
    return f();
  } catch (e) {
    return `${(e as Error).constructor.name}: ${(e as Error).message}`;
  }
}
const fresh = (ds: Dataset, id: string, t: number) => outcome(() => JSON.stringify(ds.status(id, t)));
const memoized = (ds: Dataset, id: string, t: number) => outcome(() => text(ds.statusJson(id, t)));

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'America/Santiago',
  'Asia/Beirut',
  'Asia/Kolkata',
  'UTC',
];
const DAYS = ['Mon-Fri', 'Sun-Thu', 'Sat', 'Mon-Sun', 'Tue-Sat'];
const TYPES = ['Primary Trading Session', 'Pre-Open', 'Post-Trading Session', 'Call Auction', 'Pre-Close'];

/** Offset changes of `zone` in a year, as epoch ms (to the second). */
const changesIn = (zone: string, year: number): number[] => transitionsOf(zone, year, year).map((x) => x.at * 1000);

describe('statusJson from the last answer equals a fresh status', () => {
  const time = fc.integer({ min: 0, max: 24 * 4 }).map((q) => q * 900);
  const row = fc.record({
    group: fc.constantFrom('Regular', 'Regular', 'Partial'),
    type: fc.constantFrom(...TYPES),
    days: fc.constantFrom(...DAYS),
    a: time,
    b: time,
    offset: fc.constantFrom(0, 0, 0, 1, 2),
    // A season missing for one year makes the days that need it a data error.
    seasonal: fc.constantFrom(false, false, false, true),
  });
  const holiday = fc.record({
    delta: fc.integer({ min: -3, max: 7 }),
    schedule: fc.constantFrom('Closed', 'Partial', 'Regular'),
    name: fc.constantFrom('Holiday', null, 'Bank Holiday'),
  });
  const setup = fc.record({
    zone: fc.constantFrom(...ZONES),
    year: fc.integer({ min: 2015, max: 2027 }),
    // Day of the year the instants are taken around; near a clock change half of the time.
    dayOfYear: fc.integer({ min: 0, max: 364 }),
    nearChange: fc.boolean(),
    rows: fc.array(row, { minLength: 1, maxLength: 6 }),
    holidays: fc.array(holiday, { maxLength: 5 }),
    // Coverage ends a few days around the instants, or far away.
    coverage: fc.constantFrom('wide', 'wide', 'starts near', 'ends near'),
    edge: fc.integer({ min: -2, max: 2 }),
    missingSeasonYear: fc.integer({ min: -1, max: 1 }),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
  });

  it(
    'over random sequences of instants (boundaries ±1 ms, midnights, clock changes, coverage edges, data ' + 'errors)',
    () => {
      fc.assert(
        fc.property(setup, (s) => {
          const changes = changesIn(s.zone, s.year);
          const base =
            s.nearChange && changes.length
              ? Math.floor(changes[s.dayOfYear % changes.length]! / 86_400_000)
              : daysFromCivil(s.year, 1, 1) + s.dayOfYear;
          const byDay = new Map(s.holidays.map((h) => [base + h.delta, h]));
          const first = s.coverage === 'starts near' ? base + s.edge : base - 400;
          const last = s.coverage === 'ends near' ? base + s.edge : base + 400;
          for (const d of [first, last]) byDay.delete(d);
          const seasons = [];
          for (let y = s.year - 3; y <= s.year + 3; y++) {
            if (y === s.year + s.missingSeasonYear) continue;
            seasons.push(
              { season: 'Spring', year: y, date: `${y}-03-20` },
              { season: 'Autumn', year: y, date: `${y}-09-22` },
            );
          }
          const tables: Tables = {
            markets: [{ fin_id: 'XX.MEMO', timezone: s.zone }],
            holidays: [
              {
                fin_id: 'XX.MEMO',
                date: formatDay(first),
                holiday_name: 'Bound',
                schedule: 'Closed',
                status: 'Closed',
                settlement: 'No',
              },
              {
                fin_id: 'XX.MEMO',
                date: formatDay(last),
                holiday_name: 'Bound',
                schedule: 'Closed',
                status: 'Closed',
                settlement: 'No',
              },
              ...[...byDay].map(([day, h]) => ({
                fin_id: 'XX.MEMO',
                date: formatDay(day),
                holiday_name: h.name,
                schedule: h.schedule,
                status: h.schedule === 'Closed' ? 'Closed' : 'Open',
                settlement: h.schedule === 'Closed' ? 'No' : 'Yes',
              })),
            ],
            schedules: s.rows.map((r, i) => {
              // Offset 0 rows keep a and b as drawn: an end before the start is answered as written.
              return {
                fin_id: 'XX.MEMO',
                schedule_group: r.group,
                phase_type: r.type,
                phase_name: `r${i}`,
                days: r.days,
                start: hms(Math.min(r.a, 86_399)),
                end: hms(Math.min(r.b, 86_399)),
                offset_days: r.offset,
                timezone: s.zone,
                ...(r.seasonal ? { season_start: 'Spring', season_end: 'Autumn' } : {}),
              };
            }),
            phaseTypes: PHASE_TYPES,
            seasonDefinitions: seasons,
          };
          const ds = Dataset.create(tables);
          const zone = new Zone(s.zone);
          // Candidates: every phase boundary of the days around, ±1 ms; local midnights; the
          // clock changes; plain instants in between.
          const candidates: number[] = [];
          for (let d = base - 2; d <= base + 3; d++) {
            for (const sec of [0, 6 * 3600, 12 * 3600 + 1, 23 * 3600 + 1800]) {
              const at = zone.resolve(d, sec) * 1000;
              candidates.push(at, at - 1, at + 1);
            }
            for (const r of s.rows) {
              for (const sec of [r.a, r.b]) {
                for (const dd of [d, d + r.offset]) {
                  const at = zone.resolve(dd, Math.min(sec, 86_399)) * 1000;
                  candidates.push(at, at - 1, at + 1, at + 0.5);
                }
              }
            }
          }
          for (const c of changes) candidates.push(c, c - 1, c + 1, c - 1_800_000, c + 1_800_000);
          for (const i of s.picks) {
            const t = candidates[i % candidates.length]!;
            expect(memoized(ds, 'XX.MEMO', t)).toBe(fresh(ds, 'XX.MEMO', t));
          }
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe('where a status answer holds (StatusSpan)', () => {
  const ds = Dataset.create(fixtureTables());

  it('NYSE at 12:00: from the open to the Pre-Close, on the local date', () => {
    const span: StatusSpan = { from: 0, to: 0, day: 0 };
    const noon = ms('2023-11-15T12:00:00-05:00');
    // The dataset's own entry (a private method): a hand-made one would need the build.
    const entry = (
      ds as unknown as { resolveScheduled(id: string): Parameters<typeof computeStatus>[0] }
    ).resolveScheduled('US.NYSE');
    computeStatus(entry, entry.zone!, noon, span);
    expect(span.from).toBe(ms('2023-11-15T09:30:00-05:00') / 1000);
    expect(span.to).toBe(ms('2023-11-15T15:50:00-05:00') / 1000);
    expect(formatDay(span.day)).toBe('2023-11-15');
  });

  it('exactly at a boundary the next answer applies; just before it the previous one still does', () => {
    const noon = ms('2023-11-15T12:00:00-05:00');
    const preClose = ms('2023-11-15T15:50:00-05:00');
    const open = ms('2023-11-15T09:30:00-05:00');
    for (const t of [noon, preClose - 1, preClose, preClose - 1, open, open - 1, open, noon, preClose - 0.5]) {
      expect(text(ds.statusJson('US.NYSE', t))).toBe(JSON.stringify(ds.status('US.NYSE', t)));
    }
    expect(JSON.parse(text(ds.statusJson('US.NYSE', preClose - 1))).until).toBe('2023-11-15T15:50:00-05:00');
    expect(JSON.parse(text(ds.statusJson('US.NYSE', preClose))).until).toBe('2023-11-15T16:00:00-05:00');
  });

  it('a closed evening holds past no local midnight: the next date brings its own holiday', () => {
    // 2024-12-24 20:00 to 2024-12-25 04:00 New York has no phase boundary, but Christmas starts at midnight.
    const before = ms('2024-12-24T23:59:59.999-05:00');
    const after = ms('2024-12-25T00:00:00-05:00');
    expect(JSON.parse(text(ds.statusJson('US.NYSE', before))).reason).toBeNull();
    expect(JSON.parse(text(ds.statusJson('US.NYSE', after))).reason).toBe('Christmas');
    expect(JSON.parse(text(ds.statusJson('US.NYSE', before))).reason).toBeNull();
  });

  it('out of coverage is refused every time, even right after an answer of the last covered date', () => {
    const lastDay = ms('2030-12-25T23:59:59-05:00');
    const outside = ms('2030-12-26T00:00:00-05:00');
    expect(text(ds.statusJson('US.NYSE', lastDay))).toBe(JSON.stringify(ds.status('US.NYSE', lastDay)));
    expect(() => ds.statusJson('US.NYSE', outside)).toThrow(/coverage/i);
    expect(() => ds.statusJson('US.NYSE', outside)).toThrow(/coverage/i);
  });

  it("the bytes are the caller's own: changing them does not change the next answer", () => {
    const noon = ms('2023-11-15T12:00:00-05:00');
    const a = ds.statusJson('US.NYSE', noon);
    const want = text(a);
    a.fill(0);
    expect(text(ds.statusJson('US.NYSE', noon + 1000))).toBe(want);
  });
});
