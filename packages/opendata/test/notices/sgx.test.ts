// Singapore Exchange against SGX's trading calendar notices and the gazetted public holidays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { day, expectClosed, expectSessions, iso, sample, sampleYear, WEEKDAY } from './day-view.js';

const ID = 'SG.SGX';
const FULL = ['09:00-12:00', '13:00-17:00'];
const ALL_DAY = ['09:00-17:00'];
const HALF = ['09:00-12:00'];

describe('SG.SGX', () => {
  it('2026 closures, Sunday holidays moving to Monday', async () => {
    await expectClosed(ID, [
      '2026-01-01',
      '2026-02-17',
      '2026-02-18',
      '2026-04-03',
      '2026-05-01',
      '2026-05-27',
      '2026-06-01',
    ]);
    await expectClosed(ID, ['2026-08-10', '2026-11-09', '2026-12-25']);
  });

  it('half-day trading on the eves of the Lunar New Year, Christmas and the New Year', async () => {
    await expectSessions(
      ID,
      ['2026-02-16', '2026-12-24', '2026-12-31', '2027-02-05', '2027-12-24', '2027-12-31'],
      HALF,
    );
    expect((await day(ID, '2026-12-24')).phases).toContain('Pre-Close 12:00-12:06');
  });

  it('2027: the Lunar New Year on a weekend closes Monday 8 February only', async () => {
    await expectClosed(ID, ['2027-01-01', '2027-02-08', '2027-03-26', '2027-05-20']);
    await expectSessions(ID, ['2027-02-09'], FULL);
  });

  it('polling days and the SG50 holiday', async () => {
    await expectClosed(ID, ['2023-09-01', '2020-07-10', '2015-09-11', '2015-08-07']);
  });

  it('the lunch break ended on 2011-08-01; a mid-day break 12:00-13:00 since 2017-11-13', async () => {
    await expectSessions(ID, ['2000-06-15', '2011-07-29'], ['09:00-12:30', '14:00-17:00']);
    await expectSessions(ID, ['2011-08-01', '2017-11-10'], ALL_DAY);
    await expectSessions(ID, ['2017-11-13', '2026-11-26'], FULL);
    expect((await day(ID, '2017-11-13')).phases).toContain('Intermission 12:00-13:00');
    expect((await day(ID, '2026-11-26')).phases).toContain('Pre-Close 17:00-17:06');
    await expectSessions(ID, ['2010-12-24'], ['09:00-12:30']);
    await expectSessions(ID, ['2014-12-24'], ['09:00-12:00']);
    const { dataset } = await sample();
    expect(dataset.clockChanges(ID, '2000-01-01', '2030-12-31')).toEqual([]);
    expect(dataset.getMarket('XSES').fin_id).toBe(ID);
  });

  it('property: National Day on a Sunday closes the Monday after', async () => {
    await fc.assert(
      fc.asyncProperty(sampleYear(), async (y) => {
        fc.pre(WEEKDAY(iso(y, 8, 9)) === 0);
        expect((await day(ID, iso(y, 8, 10))).open, `${y}-08-10`).toBe(false);
      }),
      { numRuns: 40 },
    );
  });
});
