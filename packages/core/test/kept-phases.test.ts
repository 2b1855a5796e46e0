/**
 * Status reads its week of phases from months of generated phases kept under the month-block
 * budget (generate.ts, generateKept). What it reads must be exactly what `generate` makes for
 * that window, whatever the budget (none, a few months, the default), including a window that
 * holds a day whose generation fails and a month that fails on a day outside the window; and
 * the status bytes written from them must be JSON.stringify of the status record, also when the
 * market's rows are in another zone than the market.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Dataset, daysFromCivil, type Tables } from '../src/index.js';
import { generate, generateKept, type Generated } from '../src/generate.js';
import type { MarketEntry } from '../src/model.js';
import { DEFAULT_BLOCK_BYTES, setMonthBlockBytes } from '../src/month-blocks.js';
import { CME, fixtureTables, sched } from './fixture.js';

const entryOf = (ds: Dataset, id: string): MarketEntry => (ds as unknown as { resolveScheduled(id: string): MarketEntry }).resolveScheduled(id);

/** What a window is: its phases as plain values, or the message it failed with. */
function windowOf(f: () => Generated[]): string {
  try {
    return JSON.stringify(f().map((g) => [g.row.order, g.day, g.endDay, g.start, g.end, g.startOffset, g.endOffset]));
  } catch (e) {
    return `throws: ${(e as Error).message}`;
  }
}

/** The fixture, with a Saturday row whose season has no 2024 definition: its 2024 Saturdays fail. */
function withFailingDays(): Tables {
  const t = fixtureTables();
  t.seasonDefinitions = t.seasonDefinitions!.filter((d) => !(d.season === 'Second Sunday of March' && d.year === 2024));
  t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Sat', '12:00', '13:00', { season_start: 'Second Sunday of March', season_end: 'First Sunday of November' }));
  return t;
}

afterEach(() => setMonthBlockBytes(DEFAULT_BLOCK_BYTES));

describe('kept phases (generateKept)', () => {
  const ds = Dataset.create(withFailingDays());
  const ids = ['US.NYSE', CME, 'AR.BYMA'];
  const from = daysFromCivil(2023, 10, 1);

  it('reads the same phases as generate for any window, whatever the budget', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom(0, 4096, 64 * 1024, DEFAULT_BLOCK_BYTES),
        (id, start, length, budget) => {
          setMonthBlockBytes(budget);
          const entry = entryOf(ds, id);
          const a = from + start;
          const want = windowOf(() => generate(entry, a, a + length));
          expect(windowOf(() => generateKept(entry, a, a + length))).toBe(want);
          // Again, from the months now kept.
          expect(windowOf(() => generateKept(entry, a, a + length))).toBe(want);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('fails where generate fails, and only there, when a month holds a failing day', () => {
    const entry = entryOf(ds, 'US.NYSE');
    // January 2024 fails on its Saturdays (the 6th and 13th): its month cannot be kept, yet a
    // window of its weekdays (look-back included) is read.
    const friday = daysFromCivil(2024, 1, 12);
    expect(windowOf(() => generateKept(entry, friday - 2, friday))).not.toMatch(/^throws/);
    expect(windowOf(() => generateKept(entry, friday, friday + 1))).toMatch(/^throws: .*Second Sunday of March/);
  });

  it('status and its bytes agree with a status computed with nothing kept', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.integer({ min: Date.parse('2023-09-01'), max: Date.parse('2024-04-30') }), (id, ms) => {
        setMonthBlockBytes(0);
        const fresh = outcome(() => JSON.stringify(ds.status(id, ms)));
        setMonthBlockBytes(DEFAULT_BLOCK_BYTES);
        expect(outcome(() => JSON.stringify(ds.status(id, ms)))).toBe(fresh);
        expect(outcome(() => Buffer.from(ds.statusJson(id, ms)).toString('utf8'))).toBe(fresh);
      }),
      { numRuns: 300 },
    );
  });
});

function outcome(f: () => string): string {
  try {
    return f();
  } catch (e) {
    return `throws: ${(e as Error).message}`;
  }
}

describe('status bytes of a market whose rows are in another zone', () => {
  // The rows say Tokyo, the market says New York: status writes the phase's instants in the
  // market's zone and keeps the row's zone name (engine-semantics §5, §4 step 7).
  const t: Tables = {
    markets: [{ fin_id: 'XX.AWAY', timezone: 'America/New_York' }],
    holidays: [
      { fin_id: 'XX.AWAY', date: '2020-01-01', holiday_name: 'Bound', schedule: 'Closed', status: 'Closed', settlement: 'No' },
      { fin_id: 'XX.AWAY', date: '2026-12-31', holiday_name: 'Bound', schedule: 'Closed', status: 'Closed', settlement: 'No' },
    ],
    schedules: [
      sched('XX.AWAY', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00:00', '15:00:00', { timezone: 'Asia/Tokyo' }),
      sched('XX.AWAY', 'Regular', 'Post-Trading Session', 'Mon-Fri', '15:00:00', '24:00:00', { timezone: 'Asia/Tokyo' }),
    ],
    phaseTypes: fixtureTables().phaseTypes!,
  };
  const ds = Dataset.create(t);

  it('at noon in Tokyo', () => {
    const ms = Date.parse('2024-03-12T03:00:00Z');
    const s = ds.status('XX.AWAY', ms);
    expect(s.phase).toMatchObject({ start: '2024-03-11T20:00:00-04:00', end: '2024-03-12T02:00:00-04:00', timezone: 'Asia/Tokyo' });
    expect(Buffer.from(ds.statusJson('XX.AWAY', ms)).toString('utf8')).toBe(JSON.stringify(s));
  });

  it('at any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2021-01-01'), max: Date.parse('2025-12-31') }), (ms) => {
        expect(Buffer.from(ds.statusJson('XX.AWAY', ms)).toString('utf8')).toBe(JSON.stringify(ds.status('XX.AWAY', ms)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('kept phases beside the month blocks of answers', () => {
  it('a month kept as phase JSON and as generated phases: each reads its own', () => {
    const ds = Dataset.create(fixtureTables());
    const at = Date.parse('2023-11-14T15:00:00Z');
    const chunks = () => Buffer.concat([...ds.phaseJsonChunks('US.NYSE', '2023-11-01', '2023-11-30')].map((c) => Buffer.from(c))).toString('utf8');
    const phases = JSON.stringify(ds.generatePhases('US.NYSE', '2023-11-01', '2023-11-30'));
    setMonthBlockBytes(0);
    const status = JSON.stringify(ds.status('US.NYSE', at));
    // Blocks first, then status; then the other way round, on fresh budgets.
    for (const order of [0, 1]) {
      setMonthBlockBytes(DEFAULT_BLOCK_BYTES);
      if (order === 0) expect(chunks()).toBe(phases);
      expect(Buffer.from(ds.statusJson('US.NYSE', at)).toString('utf8')).toBe(status);
      expect(JSON.stringify(ds.status('US.NYSE', at + 1))).toBe(status);
      expect(chunks()).toBe(phases);
    }
  });
});
