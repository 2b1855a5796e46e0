// Shanghai Stock Exchange against the exchange's holiday notices, which follow the State
// Council's arrangements but do not trade on the weekend make-up working days.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, day, expectClosed, expectSessions, iso, sample, sampleYear } from './day-view.js';

const ID = 'CN.SSE';
const FULL = ['09:30-11:30', '13:00-15:00'];

describe('CN.SSE', () => {
  it('2026 closures of the exchange notice', async () => {
    await expectClosed(ID, [
      '2026-01-01',
      '2026-01-02',
      '2026-02-16',
      '2026-02-20',
      '2026-02-23',
      '2026-04-06',
      '2026-05-01',
    ]);
    await expectClosed(ID, ['2026-05-04', '2026-05-05', '2026-06-19', '2026-09-25', '2026-10-01', '2026-10-07']);
    await expectSessions(ID, ['2026-02-24', '2026-10-08'], FULL);
  });

  it('does not trade on the make-up working days (weekends that offices work)', async () => {
    await expectClosed(ID, ['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10']);
    // The interbank market does trade on them (CN.CIBM, 2024-02-04); the exchange does not.
    expect((await day('CN.CIBM', '2024-02-04')).open).toBe(true);
    await expectClosed(ID, ['2024-02-04', '2024-02-18']);
  });

  it('one-off closures: Victory Day 2015 and the extended Spring Festival of 2020', async () => {
    await expectClosed(ID, ['2015-09-03', '2015-09-04', '2020-01-31']);
  });

  it('2027: National Day week and the New Year', async () => {
    await expectClosed(ID, ['2027-01-01', '2027-10-01', '2027-10-04', '2027-10-05']);
  });

  it('a lunch break, and the closing call auction from 2018-08-20', async () => {
    expect((await day(ID, '2026-11-26')).phases).toEqual([
      'Call Auction 09:15-09:25',
      'Order Collection Period 09:25-09:30',
      'Primary Trading Session 09:30-11:30',
      'Intermission 11:30-13:00',
      'Primary Trading Session 13:00-15:00',
      'Pre-Close 14:57-15:00',
    ]);
    expect((await day(ID, '2018-08-17')).phases).not.toContain('Pre-Close 14:57-15:00');
    expect((await day(ID, '2018-08-20')).phases).toContain('Pre-Close 14:57-15:00');
    const { dataset } = await sample();
    expect(dataset.getMarket('XSHG').fin_id).toBe(ID);
  });

  it('property: no weekend day of the coverage window is a trading day', async () => {
    // The window runs from the first to the last holiday row (docs/bulk-format.md §4).
    const { dataset } = await sample();
    const { holidays_min_date: min, holidays_max_date: max } = dataset.getMarket(ID);
    await fc.assert(
      fc.asyncProperty(sampleYear(), fc.integer({ min: 0, max: 52 }), fc.boolean(), async (y, week, sunday) => {
        let d = addDays(iso(y, 1, 1), week * 7);
        while (new Date(`${d}T00:00:00Z`).getUTCDay() !== (sunday ? 0 : 6)) d = addDays(d, 1);
        fc.pre(d >= min! && d <= max!);
        expect((await day(ID, d)).open, d).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
