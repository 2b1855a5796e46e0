import { describe, expect, it } from 'vitest';
import { DataError, Dataset, type Tables } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

/** Runs a createSteps generator to the end, counting its pauses. */
function drive(tables: Tables): { ds: Dataset; pauses: number } {
  const steps = Dataset.createSteps(tables);
  let pauses = 0;
  for (;;) {
    const r = steps.next();
    if (r.done) return { ds: r.value, pauses };
    pauses += 1;
  }
}

describe('Dataset.createSteps (the build in pauses)', () => {
  it('builds the same Dataset as create, pausing along the way', () => {
    const tables = fixtureTables();
    const a = Dataset.create(tables);
    const { ds: b, pauses } = drive(tables);
    expect(pauses).toBeGreaterThan(0);
    expect(b.counts).toEqual(a.counts);
    expect(b.warnings).toEqual(a.warnings);
    expect(b.listMarkets()).toEqual(a.listMarkets());
    for (const m of a.listMarkets())
      expect(b.listHolidays(m.fin_id, '2000-01-01', '2030-12-31')).toEqual(
        a.listHolidays(m.fin_id, '2000-01-01', '2030-12-31'),
      );
    expect(b.generatePhases('US.NYSE', '2023-11-20', '2023-11-26')).toEqual(
      a.generatePhases('US.NYSE', '2023-11-20', '2023-11-26'),
    );
  });

  it('pauses every few thousand holiday rows, so a large table never runs in one stretch', () => {
    const tables = fixtureTables();
    const extra = Array.from({ length: 10_000 }, (_, i) => ({
      ...tables.holidays[0]!,
      date: `1990-01-${String((i % 28) + 1).padStart(2, '0')}`,
    }));
    const { pauses } = drive({ ...tables, holidays: [...tables.holidays, ...extra] });
    expect(pauses).toBeGreaterThanOrEqual(4);
  });

  it('reports the bad rows create reports, and the same data errors', () => {
    const tables = fixtureTables();
    const bad = { ...tables, holidays: [...tables.holidays, { ...tables.holidays[0]!, date: '2023-02-30' }] };
    const a = Dataset.create(bad);
    const b = drive(bad).ds;
    expect(b.warnings).toEqual(a.warnings);
    expect(a.warnings.length).toBe(1);
    const fin = tables.holidays[0]!.fin_id;
    expect(() => b.listHolidays(fin, '2000-01-01', '2030-12-31')).toThrow(DataError);
    expect(() => b.listHolidays(fin, '2000-01-01', '2030-12-31')).toThrow(a.warnings[0]!.message);
  });
});
