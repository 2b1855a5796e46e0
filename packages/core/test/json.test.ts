/**
 * The JSON bytes written straight from generation (json.ts) are those of JSON.stringify of the
 * library's records, whole and in pieces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dataset, formatDay, tryParseDay, type ScheduleRow, type Tables } from '../src/index.js';
import { PHASE_TYPES, fixtureTables, sched } from '../src/testing/fixture.js';
import { DEFAULT_BLOCK_BYTES, KEEP_MONTHS, monthBlockBytes, setMonthBlockBytes } from '../src/wire/month-blocks.js';
import { pooledPieces, releasePiece } from '../src/wire/piece-pool.js';

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

/**
 * A consumer that hands every piece back once done with it (a copy taken), as the server does
 * once the socket sent it: pieces lent from the pool are then written again for later ones.
 */
function handedBack(pieces: Iterable<Uint8Array>): Buffer {
  const copies: Buffer[] = [];
  for (const p of pieces) {
    copies.push(Buffer.from(p));
    releasePiece(p);
  }
  return Buffer.concat(copies);
}

const longRangeArb = fc.record({
  start: fc.integer({ min: winStart, max: winEnd - 3000 }),
  len: fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 700, max: 760 })),
});

describe('long answers (over KEEP_MONTHS months)', () => {
  it('equal JSON.stringify, cold or over kept blocks, their pieces handed back or kept', () => {
    fc.assert(
      fc.property(
        marketArb,
        fc.array(longRangeArb, { minLength: 2, maxLength: 3 }),
        fc.constantFrom(0, DEFAULT_BLOCK_BYTES),
        fc.boolean(),
        (m, ranges, budget, handBack) => {
          setMonthBlockBytes(budget);
          const read = handBack ? handedBack : bytes;
          try {
            const ds = Dataset.create(tablesFor([m]));
            for (const r of ranges) {
              const s = formatDay(r.start);
              const e = formatDay(r.start + r.len);
              // A short range inside first: its months are kept, and the long one reads them.
              const mid = formatDay(r.start + Math.floor(r.len / 2));
              same(read(ds.phaseJsonChunks('XX.M0', mid, mid)), json(ds.generatePhases('XX.M0', mid, mid)));
              same(read(ds.phaseJsonChunks('XX.M0', s, e)), json(ds.generatePhases('XX.M0', s, e)));
              same(read(ds.dayJsonChunks('XX.M0', s, e)), json(ds.listDays('XX.M0', s, e)));
              same(read(ds.sessionJsonChunks('XX.M0', s, e)), json(ds.sessions('XX.M0', s, e)));
            }
          } finally {
            setMonthBlockBytes(DEFAULT_BLOCK_BYTES);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keep none of the blocks they write, and read those kept', () => {
    setMonthBlockBytes(DEFAULT_BLOCK_BYTES);
    const ds = Dataset.create(fixtureTables());
    // 2021-01-31 .. 2023-01-01 spans 25 months: one over KEEP_MONTHS.
    expect(KEEP_MONTHS).toBe(24);
    const long = bytes(ds.phaseJsonChunks('US.NYSE', '2021-01-31', '2023-01-01'));
    same(long, json(ds.generatePhases('US.NYSE', '2021-01-31', '2023-01-01')));
    expect(monthBlockBytes()).toBe(0);
    // 24 months are kept.
    bytes(ds.phaseJsonChunks('US.NYSE', '2021-02-01', '2023-01-31'));
    const kept = monthBlockBytes();
    expect(kept).toBeGreaterThan(0);
    const april = [...ds.phaseJsonChunks('US.NYSE', '2022-04-01', '2022-04-30')][1]!;
    const pieces = [...ds.phaseJsonChunks('US.NYSE', '2012-01-01', '2024-12-31')];
    expect(monthBlockBytes()).toBe(kept);
    expect(pieces.some((p) => p.buffer === april.buffer && p.byteOffset === april.byteOffset)).toBe(true);
    same(Buffer.concat(pieces), json(ds.generatePhases('US.NYSE', '2012-01-01', '2024-12-31')));
  });

  it('write their pieces in the buffers of pieces handed back; anything else handed back is ignored', () => {
    setMonthBlockBytes(DEFAULT_BLOCK_BYTES);
    const ds = Dataset.create(fixtureTables());
    const first = [...ds.phaseJsonChunks('US.NYSE', '2001-01-01', '2010-12-31')];
    same(Buffer.concat(first), json(ds.generatePhases('US.NYSE', '2001-01-01', '2010-12-31')));
    const before = pooledPieces().buffers;
    // A month of a kept block, a piece the pool did not lend, and the answer's head and end.
    const year = [...ds.phaseJsonChunks('US.NYSE', '2023-01-01', '2023-12-31')];
    for (const p of [year[1]!, new Uint8Array(64 * 1024), first[0]!, first[first.length - 1]!]) releasePiece(p);
    expect(pooledPieces().buffers).toBe(before);
    const lent = first.slice(1, 4);
    for (const p of lent) releasePiece(p);
    // Twice is once.
    releasePiece(lent[0]!);
    expect(pooledPieces().buffers).toBe(before + 3);
    const buffers = new Set(lent.map((p) => p.buffer));
    const next = handedBack(
      (function* () {
        for (const p of ds.phaseJsonChunks('US.NYSE', '2011-01-01', '2020-12-31')) {
          if (buffers.has(p.buffer as ArrayBuffer)) buffers.delete(p.buffer as ArrayBuffer);
          yield p;
        }
      })(),
    );
    expect(buffers.size).toBeLessThan(3);
    same(next, json(ds.generatePhases('US.NYSE', '2011-01-01', '2020-12-31')));
  });

  it('put the buffer of a month with no items back at once (an empty piece is never handed out)', () => {
    const ds = Dataset.create(tablesFor([{ zone: 'UTC', rows: [], holidays: [] }]));
    const before = pooledPieces().buffers;
    const pieces = [...ds.phaseJsonChunks('XX.M0', '2012-01-01', '2020-12-31')];
    expect(Buffer.concat(pieces).toString()).toBe('[]');
    expect(pooledPieces().buffers).toBeGreaterThanOrEqual(Math.max(1, before));
  });
});
