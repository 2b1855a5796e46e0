/**
 * Status bytes are written from the parts rules/status.ts computes, with no records (wire/status-json.ts,
 * statusJson): they must be JSON.stringify of the status record, also where a day of the week
 * read cannot be generated, and when the market's rows are in another zone than the market.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dataset, type Tables } from '../src/index.js';
import { CME, fixtureTables, sched } from '../src/testing/fixture.js';

/** The fixture, with a Saturday row whose season has no 2024 definition: its 2024 Saturdays fail. */
function withFailingDays(): Tables {
  const t = fixtureTables();
  t.seasonDefinitions = t.seasonDefinitions!.filter((d) => !(d.season === 'Second Sunday of March' && d.year === 2024));
  t.schedules!.push(
    sched('US.NYSE', 'Regular', 'Other', 'Sat', '12:00', '13:00', {
      season_start: 'Second Sunday of March',
      season_end: 'First Sunday of November',
    }),
  );
  return t;
}

function outcome(f: () => string): string {
  try {
    return f();
  } catch (e) {
    return `throws: ${(e as Error).message}`;
  }
}

describe('status bytes', () => {
  const ds = Dataset.create(withFailingDays());

  it('equal JSON.stringify of status, or fail alike, around days that cannot be generated', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('US.NYSE', CME, 'AR.BYMA'),
        fc.integer({ min: Date.parse('2023-12-01'), max: Date.parse('2024-02-29') }),
        (id, ms) => {
          const record = outcome(() => JSON.stringify(ds.status(id, ms)));
          expect(outcome(() => Buffer.from(ds.statusJson(id, ms)).toString('utf8'))).toBe(record);
        },
      ),
      { numRuns: 300 },
    );
    // The window of a Friday in January 2024 holds its Saturday: both fail, naming the season.
    expect(outcome(() => Buffer.from(ds.statusJson('US.NYSE', Date.parse('2024-01-12T15:00:00Z'))).toString())).toMatch(
      /^throws: .*Second Sunday of March/,
    );
  });
});

describe('status bytes of a market whose rows are in another zone', () => {
  // The rows say Tokyo, the market says New York: status writes the phase's instants in the
  // market's zone and keeps the row's zone name (docs/semantics.md §5, §4 step 7).
  const t: Tables = {
    markets: [{ fin_id: 'XX.AWAY', timezone: 'America/New_York' }],
    holidays: [
      {
        fin_id: 'XX.AWAY',
        date: '2020-01-01',
        holiday_name: 'Bound',
        schedule: 'Closed',
        status: 'Closed',
        settlement: 'No',
      },
      {
        fin_id: 'XX.AWAY',
        date: '2026-12-31',
        holiday_name: 'Bound',
        schedule: 'Closed',
        status: 'Closed',
        settlement: 'No',
      },
    ],
    schedules: [
      sched('XX.AWAY', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00:00', '15:00:00', {
        timezone: 'Asia/Tokyo',
      }),
      sched('XX.AWAY', 'Regular', 'Post-Trading Session', 'Mon-Fri', '15:00:00', '24:00:00', {
        timezone: 'Asia/Tokyo',
      }),
    ],
    phaseTypes: fixtureTables().phaseTypes!,
  };
  const ds = Dataset.create(t);

  it('at noon in Tokyo', () => {
    const ms = Date.parse('2024-03-12T03:00:00Z');
    const s = ds.status('XX.AWAY', ms);
    expect(s.phase).toMatchObject({
      start: '2024-03-11T20:00:00-04:00',
      end: '2024-03-12T02:00:00-04:00',
      timezone: 'Asia/Tokyo',
    });
    expect(Buffer.from(ds.statusJson('XX.AWAY', ms)).toString('utf8')).toBe(JSON.stringify(s));
  });

  it('at any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2021-01-01'), max: Date.parse('2025-12-31') }), (ms) => {
        expect(Buffer.from(ds.statusJson('XX.AWAY', ms)).toString('utf8')).toBe(
          JSON.stringify(ds.status('XX.AWAY', ms)),
        );
      }),
      { numRuns: 300 },
    );
  });
});
