/**
 * The JSON bytes written straight from generation (json.ts) are those of JSON.stringify of the
 * library's records, whole and in pieces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dataset, formatDay, tryParseDay, type ScheduleRow, type Tables } from '../src/index.js';
import { PHASE_TYPES, fixtureTables, sched } from './fixture.js';
import { DEFAULT_BLOCK_BYTES, monthBlockBytes, setMonthBlockBytes } from '../src/wire/month-blocks.js';

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Asia/Kolkata',
  'America/Santiago',
  'Pacific/Chatham',
  'Australia/Lord_Howe',
];
const TYPES = [
  'Primary Trading Session',
  'Pre-Open',
  'Post-Trading Session',
  'Call Auction',
  'Primary Trading Session, No Settlement',
];
const DAY_SPECS = ['Mon-Fri', 'Sun-Thu', 'Fri-Mon', 'Sat', 'Mon-Sun'];
const WIN_START = '2010-01-01';
const WIN_END = '2030-12-31';
const winStart = tryParseDay(WIN_START)!;
const winEnd = tryParseDay(WIN_END)!;

// Times around the night, where clocks change (a gap or a repeated hour), and 24:00.
const time = fc.oneof(
  fc
    .integer({ min: 0, max: 24 * 60 - 1 })
    .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`),
  fc.constantFrom('01:30:00', '02:00:00', '02:30:00', '03:00:00', '00:00:00', '24:00:00'),
);
// Names and memos with quotes, escapes, non-ASCII text and lone surrogates.
const text = fc.oneof(
  fc.constant(null),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('Séance "principale"', '前場\\後場', 'a\nb'),
);

const rowArb = fc
  .record({
    group: fc.constantFrom('Regular', 'Partial'),
    type: fc.constantFrom(...TYPES),
    days: fc.constantFrom(...DAY_SPECS),
    start: time,
    end: time,
    offset: fc.constantFrom(0, 0, 1, 1, 2, 3, -1),
    name: text,
    memo: text,
  })
  .map((r): Omit<ScheduleRow, 'fin_id' | 'timezone'> => {
    const [start, end] = r.offset === 0 && r.end < r.start ? [r.end, r.start] : [r.start, r.end];
    return {
      schedule_group: r.group,
      phase_type: r.type,
      days: r.days,
      start,
      end,
      offset_days: r.offset,
      phase_name: r.name,
      phase_memo: r.memo,
    };
  });

const holidayArb = fc.record({
  day: fc.integer({ min: winStart + 1, max: winEnd - 1 }),
  schedule: fc.constantFrom('Closed', 'Partial', 'Regular'),
  name: text,
  extra: fc.oneof(fc.constant(undefined), text),
});

const marketArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  rows: fc.array(rowArb, { minLength: 0, maxLength: 8 }),
  holidays: fc.uniqueArray(holidayArb, { maxLength: 30, selector: (h) => h.day }),
});

function tablesFor(markets: (typeof marketArb extends fc.Arbitrary<infer T> ? T : never)[]): Tables {
  const id = (i: number) => `XX.M${i}`;
  return {
    markets: markets.map((m, i) => ({ fin_id: id(i), timezone: m.zone })),
    holidays: markets.flatMap((m, i) => [
      { fin_id: id(i), date: WIN_START, holiday_name: 'Start', schedule: 'Closed', status: 'Closed', settlement: 'No' },
      { fin_id: id(i), date: WIN_END, holiday_name: 'End', schedule: 'Closed', status: 'Closed', settlement: 'No' },
      ...m.holidays.map((h) => ({
        fin_id: id(i),
        date: formatDay(h.day),
        holiday_name: h.name,
        schedule: h.schedule,
        status: h.schedule === 'Closed' ? 'Closed' : 'Open',
        settlement: h.schedule === 'Closed' ? 'No' : 'Yes',
        ...(h.extra === undefined ? {} : { extra_column: h.extra }),
      })),
    ]),
    schedules: markets.flatMap((m, i) => m.rows.map((r) => ({ ...r, fin_id: id(i), timezone: m.zone }))),
    phaseTypes: PHASE_TYPES,
    micMapping: [],
    seasonDefinitions: [],
  };
}

const bytes = (pieces: Iterable<Uint8Array>) => Buffer.concat([...pieces]);
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
/** Byte equality; on a difference, the texts, so the report shows where (toEqual on big Buffers is slow). */
function same(actual: Buffer, expected: Buffer): void {
  if (actual.equals(expected)) return;
  expect(actual.toString('latin1')).toBe(expected.toString('latin1'));
  expect.unreachable('bytes differ');
}

const rangeArb = fc.record({
  start: fc.integer({ min: winStart, max: winEnd - 400 }),
  len: fc.integer({ min: 0, max: 400 }),
});

describe('JSON bytes of phases and days', () => {
  it(
    'equal JSON.stringify of generatePhases and listDays, across markets, ranges, clock changes and overnight ' +
      'rows',
    () => {
      fc.assert(
        fc.property(fc.array(marketArb, { minLength: 1, maxLength: 3 }), rangeArb, (markets, r) => {
          const ds = Dataset.create(tablesFor(markets));
          const s = formatDay(r.start);
          const e = formatDay(r.start + r.len);
          for (let i = 0; i < markets.length; i++) {
            const id = `XX.M${i}`;
            same(bytes(ds.phaseJsonChunks(id, s, e)), json(ds.generatePhases(id, s, e)));
            same(bytes(ds.dayJsonChunks(id, s, e)), json(ds.listDays(id, s, e)));
          }
        }),
        { numRuns: 80 },
      );
    },
  );

  it('answer any range from month blocks, cold or kept, as JSON.stringify would', () => {
    fc.assert(
      fc.property(
        marketArb,
        fc.array(rangeArb, { minLength: 2, maxLength: 4 }),
        fc.constantFrom(0, 4096, DEFAULT_BLOCK_BYTES),
        (m, ranges, budget) => {
          setMonthBlockBytes(budget);
          try {
            const ds = Dataset.create(tablesFor([m]));
            // Later ranges overlap earlier ones: their months come from the kept blocks.
            for (const r of ranges) {
              const s = formatDay(r.start);
              const e = formatDay(r.start + r.len);
              same(bytes(ds.phaseJsonChunks('XX.M0', s, e)), json(ds.generatePhases('XX.M0', s, e)));
              same(bytes(ds.dayJsonChunks('XX.M0', s, e)), json(ds.listDays('XX.M0', s, e)));
            }
          } finally {
            setMonthBlockBytes(DEFAULT_BLOCK_BYTES);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('equal the records of every market of the fixture over two years', () => {
    const ds = Dataset.create(fixtureTables());
    for (const m of ds.listMarkets()) {
      if (!ds.listSchedules(m.fin_id).length) continue;
      for (const [s, e] of [
        ['2023-01-01', '2024-12-31'],
        ['2023-11-22', '2023-11-22'],
        ['2023-02-27', '2023-03-02'],
      ] as const) {
        same(bytes(ds.phaseJsonChunks(m.fin_id, s, e)), json(ds.generatePhases(m.fin_id, s, e)));
        same(bytes(ds.dayJsonChunks(m.fin_id, s, e)), json(ds.listDays(m.fin_id, s, e)));
      }
    }
  });

  it('serve a kept month as a view of its block: two ranges share its memory', () => {
    const ds = Dataset.create(fixtureTables());
    const year = [...ds.phaseJsonChunks('US.NYSE', '2023-01-01', '2023-12-31')];
    const other = [...ds.phaseJsonChunks('US.NYSE', '2023-03-15', '2023-05-20')];
    // '[', January … December, ']': the months of the year are whole blocks.
    expect(year.length).toBe(14);
    const april = year[4]!;
    expect(other.some((p) => p.buffer === april.buffer && p.byteOffset === april.byteOffset)).toBe(true);
    expect(monthBlockBytes()).toBeGreaterThan(0);
  });

  it('write a month afresh when its block cannot be made, failing only on the day that fails', () => {
    // A Saturday row in a season with no 2024 definition: January 2024's block fails on its Saturdays.
    const t = fixtureTables();
    t.seasonDefinitions = t.seasonDefinitions!.filter(
      (d) => !(d.season === 'Second Sunday of March' && d.year === 2024),
    );
    t.schedules!.push(
      sched('US.NYSE', 'Regular', 'Other', 'Sat', '12:00', '13:00', {
        season_start: 'Second Sunday of March',
        season_end: 'First Sunday of November',
      }),
    );
    const ds = Dataset.create(t);
    for (const [s, e] of [
      ['2023-12-01', '2024-01-05'],
      ['2024-01-09', '2024-01-12'],
    ] as const) {
      same(bytes(ds.phaseJsonChunks('US.NYSE', s, e)), json(ds.generatePhases('US.NYSE', s, e)));
      same(bytes(ds.dayJsonChunks('US.NYSE', s, e)), json(ds.listDays('US.NYSE', s, e)));
    }
    expect(() => ds.generatePhases('US.NYSE', '2024-01-09', '2024-01-13')).toThrow(/Second Sunday of March/);
    expect(() => [...ds.phaseJsonChunks('US.NYSE', '2024-01-09', '2024-01-13')]).toThrow(/Second Sunday of March/);
  });

  it('status bytes equal JSON.stringify of status, at any instant, for every market of the fixture', () => {
    const ds = Dataset.create(fixtureTables());
    const ids = ds
      .listMarkets()
      .filter((m) => ds.listSchedules(m.fin_id).length > 0)
      .map((m) => m.fin_id);
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        fc.integer({ min: Date.parse('2001-01-01'), max: Date.parse('2030-06-30') }),
        (id, ms) => {
          same(Buffer.from(ds.statusJson(id, ms)), json(ds.status(id, ms)));
          // Twice: the second answer uses the market's JSON made by the first.
          same(Buffer.from(ds.statusJson(id, ms)), json(ds.status(id, ms)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('checks the arguments before the first piece', () => {
    const ds = Dataset.create(fixtureTables());
    expect(() => ds.phaseJsonChunks('US.NYSE', '2024-01-02', '2024-01-01')).toThrow(/before start/);
    expect(() => ds.dayJsonChunks('US.NYSE', '1990-01-01', '1990-01-02')).toThrow(/outside the coverage window/);
  });
});

describe('JSON bytes of sessions', () => {
  it('equal JSON.stringify of sessions, from month blocks cold or kept, across markets and ranges', () => {
    fc.assert(
      fc.property(marketArb, fc.array(rangeArb, { minLength: 2, maxLength: 3 }), (m, ranges) => {
        const ds = Dataset.create(tablesFor([m]));
        for (const r of ranges) {
          const s = formatDay(r.start);
          const e = formatDay(r.start + r.len);
          same(bytes(ds.sessionJsonChunks('XX.M0', s, e)), json(ds.sessions('XX.M0', s, e)));
        }
      }),
      { numRuns: 80 },
    );
  });

  it('check bad-row dates before the first piece, as sessions does', () => {
    const t = fixtureTables();
    t.seasonDefinitions = t.seasonDefinitions!.filter(
      (d) => !(d.season === 'Second Sunday of March' && d.year === 2024),
    );
    t.schedules!.push(
      sched('US.NYSE', 'Regular', 'Other', 'Sat', '12:00', '13:00', {
        season_start: 'Second Sunday of March',
        season_end: 'First Sunday of November',
      }),
    );
    const ds = Dataset.create(t);
    same(
      bytes(ds.sessionJsonChunks('US.NYSE', '2023-12-01', '2024-01-05')),
      json(ds.sessions('US.NYSE', '2023-12-01', '2024-01-05')),
    );
    expect(() => ds.sessions('US.NYSE', '2024-01-09', '2024-01-13')).toThrow(/Second Sunday of March/);
    expect(() => [...ds.sessionJsonChunks('US.NYSE', '2024-01-09', '2024-01-13')]).toThrow(/Second Sunday of March/);
  });
});

describe('month blocks', () => {
  it('stay within their byte budget, least recently used out, and answer the same beyond it', () => {
    const budget = 256 * 1024;
    setMonthBlockBytes(budget);
    try {
      const ds = Dataset.create(fixtureTables());
      const ids = ds
        .listMarkets()
        .filter((m) => ds.listSchedules(m.fin_id).length > 0)
        .map((m) => m.fin_id);
      for (const id of ids) {
        for (const [s, e] of [
          ['2021-01-01', '2021-12-31'],
          ['2023-01-01', '2023-12-31'],
        ] as const) {
          same(bytes(ds.phaseJsonChunks(id, s, e)), json(ds.generatePhases(id, s, e)));
          same(bytes(ds.dayJsonChunks(id, s, e)), json(ds.listDays(id, s, e)));
          expect(monthBlockBytes()).toBeLessThanOrEqual(budget);
        }
      }
      expect(monthBlockBytes()).toBeGreaterThan(budget / 2);
    } finally {
      setMonthBlockBytes(DEFAULT_BLOCK_BYTES);
    }
  });
});
