// SIX Swiss Exchange against its published trading calendar and hours.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { day, expectClosed, expectSessions, iso, sample, sampleYear, WEEKDAY } from './day-view.js';

const ID = 'CH.SIX';

describe('CH.SIX', () => {
  it('closes on the 2026 trading calendar holidays', async () => {
    await expectClosed(ID, [
      '2026-01-01',
      '2026-01-02',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-05-14',
      '2026-05-25',
    ]);
    await expectClosed(ID, ['2026-12-24', '2026-12-25', '2026-12-31']);
  });

  it('closes on the 2027 holidays, but not on a Monday after a Sunday National Day', async () => {
    await expectClosed(ID, [
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-06',
      '2027-05-17',
      '2027-12-24',
      '2027-12-31',
    ]);
    await expectSessions(ID, ['2027-08-02'], ['09:00-17:30']);
  });

  it('Ascension Day on 1 May 2008 is one closure under one name', async () => {
    const { dataset } = await sample();
    expect(dataset.listHolidays(ID, '2008-05-01', '2008-05-01').map((h) => h.holiday_name)).toEqual(['Labour Day']);
  });

  it(
    'ends continuous trading at 17:20 with a closing auction to 17:30, in Zurich time across the clock ' + 'change',
    async () => {
      expect((await day(ID, '2026-03-30')).phases).toEqual([
        'Pre-Open 06:00-09:00',
        'Primary Trading Session 09:00-17:30',
        'Pre-Close 17:20-17:30',
        'Trading-at-Last 17:30-17:40',
      ]);
      const { dataset } = await sample();
      expect(dataset.clockChanges(ID, '2026-01-01', '2026-12-31').map((c) => c.at)).toEqual([
        '2026-03-29T01:00:00Z',
        '2026-10-25T01:00:00Z',
      ]);
      expect(dataset.getMarket('XSWX').fin_id).toBe(ID);
    },
  );

  it(
    'hours: SWX closed equities at 17:00 until June 2001; 17:30 with a closing auction, trading at last from ' +
      '2020-06-22',
    async () => {
      await expectSessions(ID, ['2000-06-15', '2001-06-22'], ['09:00-17:00']);
      await expectSessions(ID, ['2002-03-04', '2020-06-19', '2020-06-22', '2026-11-26'], ['09:00-17:30']);
      // Choice (docs/open-data.md): the months SWX traded to 18:00 in 2001 have 17:30.
      await expectSessions(ID, ['2001-06-25', '2001-07-02'], ['09:00-17:30']);
      expect((await day(ID, '2020-06-19')).phases.some((p) => p.startsWith('Trading-at-Last'))).toBe(false);
      expect((await day(ID, '2020-06-22')).phases).toContain('Trading-at-Last 17:30-17:40');
      expect((await day(ID, '2026-11-26')).phases).toContain('Pre-Close 17:20-17:30');
    },
  );

  it(
    "property: Berchtold's Day (2 January) and Swiss National Day (1 August) close the exchange on " + 'weekdays',
    async () => {
      await fc.assert(
        fc.asyncProperty(sampleYear(), fc.constantFrom([1, 2], [8, 1]), async (y, [m, d]) => {
          const date = iso(y, m!, d!);
          fc.pre(WEEKDAY(date) !== 0 && WEEKDAY(date) !== 6);
          expect((await day(ID, date)).open, date).toBe(false);
        }),
        { numRuns: 50 },
      );
    },
  );
});
