// Johannesburg Stock Exchange against the JSE's market notices and the Public Holidays Act.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, day, expectClosed, expectSessions, iso, sample, sampleYear, WEEKDAY } from './day-view.js';

const ID = 'ZA.JSE';

describe('ZA.JSE', () => {
  it("closes on the 2026 public holidays; a Sunday Women's Day moves to Monday", async () => {
    await expectClosed(ID, ['2026-01-01', '2026-04-03', '2026-04-06', '2026-04-27', '2026-05-01', '2026-06-16']);
    await expectClosed(ID, ['2026-08-10', '2026-09-24', '2026-12-16', '2026-12-25']);
  });

  it('2027: Human Rights Day and the Day of Goodwill fall on Sundays and move to Monday', async () => {
    await expectClosed(ID, ['2027-03-22', '2027-03-26', '2027-03-29', '2027-04-27', '2027-12-16', '2027-12-27']);
    await expectSessions(ID, ['2027-12-28', '2027-12-24'], ['09:00-17:00']);
  });

  it('closes on election days and declared holidays', async () => {
    await expectClosed(ID, ['2024-05-29', '2021-11-01', '2019-05-08', '2016-12-27', '2022-12-27', '2008-05-02']);
  });

  it('runs a closing auction 16:50-17:00 and has no clock change', async () => {
    expect((await day(ID, '2026-11-26')).phases).toContain('Pre-Close 16:50-17:00');
    const { dataset } = await sample();
    expect(dataset.clockChanges(ID, '2026-01-01', '2027-12-31')).toEqual([]);
    expect(dataset.getMarket('XJSE').fin_id).toBe(ID);
  });

  it('property: a fixed-date public holiday on a Sunday closes the Monday after', async () => {
    const FIXED: Array<[number, number]> = [
      [1, 1],
      [3, 21],
      [4, 27],
      [5, 1],
      [6, 16],
      [8, 9],
      [9, 24],
      [12, 16],
      [12, 26],
    ];
    await fc.assert(
      fc.asyncProperty(sampleYear(), fc.constantFrom(...FIXED), async (y, [m, d]) => {
        const date = iso(y, m, d);
        fc.pre(WEEKDAY(date) === 0);
        expect((await day(ID, addDays(date, 1))).open, addDays(date, 1)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});

describe('ZA.JSE hours by period', () => {
  it('JET traded 09:00-17:00 without auctions until 10 May 2002, which closed at 15:00; SETS from 13 May', async () => {
    await expectSessions('ZA.JSE', ['2001-06-15', '2002-05-09', '2002-05-13', '2026-11-26'], ['09:00-17:00']);
    await expectSessions('ZA.JSE', ['2002-05-10'], ['09:00-15:00']);
    expect((await day('ZA.JSE', '2002-05-09')).phases).toEqual(['Primary Trading Session 09:00-17:00']);
    expect((await day('ZA.JSE', '2002-05-13')).phases).toContain('Pre-Close 16:50-17:00');
  });
});
