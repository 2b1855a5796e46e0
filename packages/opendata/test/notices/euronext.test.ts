// Euronext Paris and Amsterdam against Euronext's published trading calendars and hours.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { day, expectClosed, expectSessions, iso, sample, sampleYear, WEEKDAY } from './day-view.js';

const FULL = ['09:00-17:30'];
const EARLY = ['09:00-14:00'];

describe.each(['FR.EURONEXT', 'NL.EURONEXT'])('%s', (id) => {
  it('closes on the 2026 and 2027 Euronext holidays', async () => {
    await expectClosed(id, ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25']);
    await expectClosed(id, ['2027-01-01', '2027-03-26', '2027-03-29']);
  });

  it('trades through national holidays that are not Euronext holidays', async () => {
    // Ascension, Whit Monday, Bastille Day, King's Day: Euronext stays open.
    await expectSessions(id, ['2026-05-14', '2026-05-25', '2026-07-14', '2026-04-27', '2027-05-06'], FULL);
  });

  it('closes early on the weekday eves of Christmas and the New Year', async () => {
    await expectSessions(id, ['2026-12-24', '2026-12-31', '2027-12-24', '2027-12-31'], EARLY);
    const eve = await day(id, '2026-12-24');
    expect(eve.phases).toContain('Call Auction 14:00-14:05');
    expect(eve.schedule).toBe('Partial');
  });

  it('follows the European clock change: the 09:00 open moves from 08:00Z to 07:00Z', async () => {
    const { dataset } = await sample();
    const [fri] = dataset.listDays(id, '2026-03-27', '2026-03-27');
    const [mon] = dataset.listDays(id, '2026-03-30', '2026-03-30');
    const open = (d: typeof fri) => d!.phases.find((p) => p.is_open)!.start;
    expect([open(fri), open(mon)]).toEqual(['2026-03-27T09:00:00+01:00', '2026-03-30T09:00:00+02:00']);
    expect(dataset.clockChanges(id, '2027-01-01', '2027-12-31').map((c) => c.at)).toEqual([
      '2027-03-28T01:00:00Z',
      '2027-10-31T01:00:00Z',
    ]);
  });

  it('property: from 2002 weekday 24 and 31 December close at 14:00, 25 and 26 December are closed', async () => {
    await fc.assert(
      fc.asyncProperty(sampleYear(2002), fc.constantFrom(24, 25, 26, 31), async (y, dd) => {
        const d = iso(y, 12, dd);
        fc.pre(WEEKDAY(d) !== 0 && WEEKDAY(d) !== 6);
        expect((await day(id, d)).sessions, d).toEqual(dd === 24 || dd === 31 ? EARLY : []);
      }),
      { numRuns: 60 },
    );
  });
});

describe('NL.EURONEXT before the harmonised calendar', () => {
  it("closed on Queen's Day, Whit Monday and New Year's Eve 2001, and on Ascension Day 2000", async () => {
    await expectClosed('NL.EURONEXT', ['2001-04-30', '2001-06-04', '2001-12-31', '2000-06-01', '2000-06-12']);
    await expectSessions('FR.EURONEXT', ['2001-04-30', '2001-06-04'], FULL);
    await expectSessions('NL.EURONEXT', ['2002-04-30'], FULL);
  });

  it('answers XPAR and XAMS', async () => {
    const { dataset } = await sample();
    expect([dataset.getMarket('XPAR').fin_id, dataset.getMarket('XAMS').fin_id]).toEqual([
      'FR.EURONEXT',
      'NL.EURONEXT',
    ]);
  });
});

describe('Euronext hours by period', () => {
  it(
    "Amsterdam: shares 09:00-16:30 (Amsterdam Exchanges' hours from August 1999) until the Euronext market " + 'model',
    async () => {
      await expectSessions('NL.EURONEXT', ['2000-06-15', '2001-10-26'], ['09:00-16:30']);
      await expectSessions('NL.EURONEXT', ['2001-10-29', '2002-06-14'], FULL);
      expect((await day('NL.EURONEXT', '2001-10-29')).phases).toContain('Call Auction 17:30-17:35');
    },
  );

  it('Paris: 09:00-17:30 through the span', async () => {
    await expectSessions('FR.EURONEXT', ['2000-06-15', '2001-10-26', '2026-11-26'], FULL);
  });
});
