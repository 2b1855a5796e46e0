// Toronto Stock Exchange against TMX's published holiday schedules and hours.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, day, expectClosed, expectSessions, iso, sample, sampleYear, WEEKDAY } from './day-view.js';

const ID = 'CA.TSX';

describe('CA.TSX', () => {
  it('closes on the 2026 TMX holidays, Boxing Day moving to Monday 28 December', async () => {
    await expectClosed(ID, ['2026-01-01', '2026-02-16', '2026-04-03', '2026-05-18', '2026-07-01', '2026-08-03']);
    await expectClosed(ID, ['2026-09-07', '2026-10-12', '2026-12-25', '2026-12-28']);
  });

  it('trades on days that are holidays elsewhere in Canada', async () => {
    // National Day for Truth and Reconciliation and Remembrance Day are not TSX holidays.
    await expectSessions(ID, ['2026-09-30', '2026-11-11'], ['09:30-16:00']);
  });

  it('2027: a weekend Christmas and Boxing Day close Monday 27 and Tuesday 28 December', async () => {
    await expectClosed(ID, [
      '2027-01-01',
      '2027-02-15',
      '2027-03-26',
      '2027-05-24',
      '2027-07-01',
      '2027-12-27',
      '2027-12-28',
    ]);
    await expectSessions(ID, ['2027-12-29'], ['09:30-16:00']);
  });

  it('closes at 13:00 on a weekday Christmas Eve since 2010', async () => {
    await expectSessions(ID, ['2026-12-24', '2027-12-24', '2010-12-24'], ['09:30-13:00']);
    await expectSessions(ID, ['2009-12-24'], ['09:30-16:00']);
  });

  it('was closed on 11 and 12 September 2001; a Saturday New Year moves to Monday', async () => {
    await expectClosed(ID, ['2001-09-11', '2001-09-12', '2022-01-03']);
  });

  it('opens at 09:30 Toronto time across the clock change of 8 March 2026', async () => {
    const { dataset } = await sample();
    const open = (d: string) => dataset.listDays(ID, d, d)[0]!.phases.find((p) => p.is_open)!.start;
    expect([open('2026-03-06'), open('2026-03-09')]).toEqual([
      '2026-03-06T09:30:00-05:00',
      '2026-03-09T09:30:00-04:00',
    ]);
    expect(dataset.getMarket('XTSE').fin_id).toBe(ID);
  });

  it('property: Canada Day on a weekend closes the following Monday', async () => {
    await fc.assert(
      fc.asyncProperty(sampleYear(), async (y) => {
        const cd = iso(y, 7, 1);
        fc.pre(WEEKDAY(cd) === 0 || WEEKDAY(cd) === 6);
        const monday = addDays(cd, WEEKDAY(cd) === 0 ? 1 : 2);
        expect((await day(ID, monday)).holiday, monday).toBe('Canada Day');
      }),
      { numRuns: 40 },
    );
  });
});
