// National Stock Exchange of India against its holiday and special-session circulars.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { day, expectClosed, expectSessions, iso, sample, sampleYear, WEEKDAY } from './day-view.js';

const ID = 'IN.NSE';
const FULL = ['09:15-15:30'];

describe('IN.NSE', () => {
  it('2026 trading holidays of the exchange circular', async () => {
    await expectClosed(ID, [
      '2026-01-15',
      '2026-01-26',
      '2026-03-03',
      '2026-03-26',
      '2026-03-31',
      '2026-04-03',
      '2026-04-14',
    ]);
    await expectClosed(ID, [
      '2026-05-01',
      '2026-05-28',
      '2026-06-26',
      '2026-09-14',
      '2026-10-02',
      '2026-10-20',
      '2026-11-10',
    ]);
    await expectClosed(ID, ['2026-11-24', '2026-12-25']);
    await expectSessions(ID, ['2026-08-14', '2026-11-09'], FULL);
  });

  it('2027 (not yet announced): the fixed-date holidays and Good Friday only', async () => {
    await expectClosed(ID, ['2027-01-26', '2027-03-26', '2027-04-14']);
    await expectSessions(ID, ['2027-03-22', '2027-11-01'], FULL);
  });

  it('Diwali Muhurat trading: an evening hour on a holiday, on a weekday or a weekend', async () => {
    await expectSessions(ID, ['2024-11-01'], ['18:00-19:00']);
    await expectSessions(ID, ['2023-11-12'], ['18:15-19:15']);
    await expectSessions(ID, ['2025-10-21'], ['13:45-14:45']);
    expect((await day(ID, '2024-11-01')).schedule).toBe('Muhurat Trading');
  });

  it('special sessions: Saturday budget days, and the disaster-recovery drill of 2 March 2024', async () => {
    await expectSessions(ID, ['2025-02-01', '2020-02-01', '2024-01-20'], FULL);
    await expectSessions(ID, ['2024-03-02', '2024-05-18'], ['09:15-10:00', '11:30-12:30']);
    await expectClosed(ID, ['2024-01-22', '2024-05-20', '2024-11-20']);
  });

  it('hours: 09:55 open until 2009, 09:00 in 2010 until the pre-open auction started on 2010-10-18', async () => {
    await expectSessions(ID, ['2009-12-31'], ['09:55-15:30']);
    await expectSessions(ID, ['2010-01-04', '2010-10-15'], ['09:00-15:30']);
    await expectSessions(ID, ['2010-10-18'], FULL);
    expect((await day(ID, '2026-11-26')).phases[0]).toBe('Call Auction 09:00-09:08');
    const { dataset } = await sample();
    expect(dataset.clockChanges(ID, '2000-01-01', '2030-12-31')).toEqual([]);
    expect(dataset.getMarket('XNSE').fin_id).toBe(ID);
  });

  it('property: Republic Day, Independence Day and Gandhi Jayanti close the exchange on weekdays', async () => {
    await fc.assert(
      fc.asyncProperty(sampleYear(), fc.constantFrom([1, 26], [8, 15], [10, 2]), async (y, [m, d]) => {
        const date = iso(y, m!, d!);
        fc.pre(WEEKDAY(date) !== 0 && WEEKDAY(date) !== 6);
        expect((await day(ID, date)).open, date).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});
