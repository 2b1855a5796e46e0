// Korea Exchange against KRX's market closure notices and the CSAT trading-hour notices.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, day, expectClosed, expectSessions, iso, sample, sampleYear, WEEKDAY } from './day-view.js';

const ID = 'KR.KRX';

describe('KR.KRX', () => {
  it('2026 closures: Seollal, substitute days, local election, Chuseok, year-end', async () => {
    await expectClosed(ID, [
      '2026-01-01',
      '2026-02-16',
      '2026-02-17',
      '2026-02-18',
      '2026-03-02',
      '2026-05-01',
      '2026-05-05',
    ]);
    await expectClosed(ID, [
      '2026-05-25',
      '2026-06-03',
      '2026-08-17',
      '2026-09-24',
      '2026-09-25',
      '2026-10-05',
      '2026-10-09',
    ]);
    await expectClosed(ID, ['2026-12-25', '2026-12-31']);
    // Chuseok's Saturday (26 September) gives no substitute day.
    await expectSessions(ID, ['2026-09-28'], ['09:00-15:30']);
  });

  it(
    '2027: Seollal on a Sunday gives Tuesday 9 February; Christmas on a Saturday gives Monday 27 ' + 'December',
    async () => {
      await expectClosed(ID, [
        '2027-02-08',
        '2027-02-09',
        '2027-03-01',
        '2027-05-13',
        '2027-08-16',
        '2027-10-04',
        '2027-10-11',
      ]);
      await expectClosed(ID, ['2027-12-27', '2027-12-31']);
    },
  );

  it('the year-end closure falls on the last weekday when 31 December is a weekend', async () => {
    await expectClosed(ID, ['2022-12-30', '2023-12-29', '2000-12-27', '2000-12-28', '2000-12-29']);
  });

  it("one substitute day for two holidays on one date (Children's Day and Buddha's Birthday 2025)", async () => {
    await expectClosed(ID, ['2025-05-05', '2025-05-06']);
    await expectSessions(ID, ['2025-05-07'], ['09:00-15:30']);
  });

  it('CSAT days open and close one hour late', async () => {
    await expectSessions(ID, ['2026-11-19', '2025-11-13', '2017-11-23'], ['10:00-16:30']);
    await expectSessions(ID, ['2010-11-18'], ['10:00-16:00']);
    expect((await day(ID, '2026-11-19')).holiday).toBe('College Scholastic Ability Test');
  });

  it('an exam day not announced yet (2027) follows the rule of 2018-2026 and says it is projected', async () => {
    await expectSessions(ID, ['2027-11-18'], ['10:00-16:30']);
    await expectSessions(ID, ['2027-11-11', '2027-11-25'], ['09:00-15:30']);
    const { dataset } = await sample();
    const [row] = dataset.listHolidays(ID, '2027-11-18', '2027-11-18');
    expect(row?.memo).toMatch(/^Projected: .*Thursday of 13-19 November/);
    const [announced] = dataset.listHolidays(ID, '2026-11-19', '2026-11-19');
    expect(announced?.memo).not.toMatch(/Projected/);
  });

  it('hours: lunch break until 2000-05-21, 15:00 close until 2016-07-31, 15:30 close since', async () => {
    await expectSessions(ID, ['2000-03-02'], ['09:00-12:00', '13:00-15:00']);
    await expectSessions(ID, ['2000-05-22', '2016-07-29'], ['09:00-15:00']);
    await expectSessions(ID, ['2016-08-01'], ['09:00-15:30']);
    const { dataset } = await sample();
    expect(dataset.clockChanges(ID, '2000-01-01', '2030-12-31')).toEqual([]);
    expect(dataset.getMarket('XKRX').fin_id).toBe(ID);
  });

  it("the year's first trading day opens at 10:00 for the opening ceremony; the close stays", async () => {
    await expectSessions(ID, ['2008-01-02', '2013-01-02', '2016-01-04'], ['10:00-15:00']);
    await expectSessions(ID, ['2021-01-04', '2022-01-03', '2025-01-02', '2026-01-02'], ['10:00-15:30']);
    // 2027: New Year's Day on a Friday, so Monday 4 January; the next day is a regular one.
    await expectSessions(ID, ['2027-01-04'], ['10:00-15:30']);
    await expectSessions(ID, ['2027-01-05', '2026-01-05'], ['09:00-15:30']);
    // Choice (docs/open-data.md): before 2008, the earliest notice followed, the first day opens at 09:00.
    await expectSessions(ID, ['2007-01-02'], ['09:00-15:00']);
    expect((await day(ID, '2026-01-02')).phases).toContain('Pre-Close 15:20-15:30');
  });

  it('property: from 2008 exactly one late-opening day per year, the first weekday the exchange trades', async () => {
    await fc.assert(
      fc.asyncProperty(sampleYear(2008, 2030), async (y) => {
        let d = iso(y, 1, 2);
        while ([0, 6].includes(WEEKDAY(d)) || !(await day(ID, d)).open) d = addDays(d, 1);
        expect((await day(ID, d)).sessions[0]!.slice(0, 5), d).toBe('10:00');
        let next = addDays(d, 1);
        while ([0, 6].includes(WEEKDAY(next)) || !(await day(ID, next)).open) next = addDays(next, 1);
        expect((await day(ID, next)).sessions[0]!.slice(0, 5), next).toBe('09:00');
      }),
      { numRuns: 25 },
    );
  });

  it('property: from 2001 the last weekday of every year is closed', async () => {
    await fc.assert(
      fc.asyncProperty(sampleYear(2001), async (y) => {
        let d = iso(y, 12, 31);
        while (WEEKDAY(d) === 0 || WEEKDAY(d) === 6) d = addDays(d, -1);
        expect((await day(ID, d)).open, d).toBe(false);
      }),
      { numRuns: 30 },
    );
  });

  it(
    'property: from 2014 a Chuseok or Seollal span containing a Sunday makes the next weekday after it a ' + 'closure',
    async () => {
      // The span is found with the Korean calendar of Intl, independently of the generator.
      const dangi = new Intl.DateTimeFormat('en-u-ca-dangi', { timeZone: 'UTC', month: 'numeric', day: 'numeric' });
      const lunar = (y: number, month: number, dayOfMonth: number) => {
        for (let d = iso(y, 1, 1); d <= iso(y, 12, 31); d = addDays(d, 1)) {
          const p = Object.fromEntries(dangi.formatToParts(new Date(`${d}T00:00:00Z`)).map((x) => [x.type, x.value]));
          if (p.month === String(month) && p.day === String(dayOfMonth)) return d;
        }
        throw new Error(`no ${month}/${dayOfMonth} in ${y}`);
      };
      await fc.assert(
        fc.asyncProperty(sampleYear(2014), fc.constantFrom([1, 1], [8, 15]), async (y, [m, d]) => {
          const mid = lunar(y, m!, d!);
          const span = [addDays(mid, -1), mid, addDays(mid, 1)];
          fc.pre(span.some((x) => WEEKDAY(x) === 0));
          let next = addDays(span[2]!, 1);
          while (WEEKDAY(next) === 0 || WEEKDAY(next) === 6) next = addDays(next, 1);
          expect((await day(ID, next)).open, `${y} ${m}/${d}: ${next}`).toBe(false);
        }),
        { numRuns: 40 },
      );
    },
  );
});
