import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { day, expectSessions } from './day-view.js';
import { checkNotices, closed, trades } from './notices.js';

const B = 'B3 trading calendar';
checkNotices('BR.B3', [
  closed('2014-06-12', `${B}: World Cup opening match in São Paulo`),
  closed('2016-12-30', `${B}: last business day of the year (New Year's Eve on a Saturday)`),
  closed('2017-12-29', `${B}: last business day of the year (New Year's Eve on a Sunday)`),
  trades('2020-07-09', '10:00', '17:00', '-03:00', `${B}: trading on São Paulo's moved state holiday in 2020`),
  trades('2020-11-20', '10:00', '18:00', '-03:00', `${B}: trading on São Paulo's moved city holiday in 2020`),
  closed('2021-07-09', `${B}: Constitutionalist Revolution`),
  trades('2026-02-18', '13:00', '18:00', '-03:00', `${B}: Ash Wednesday, trading from 13:00`),
  trades('2026-03-06', '10:00', '18:00', '-03:00', `${B}: hours before US daylight saving time`),
  trades('2026-03-09', '10:00', '17:00', '-03:00', `${B}: hours during US daylight saving time`),
  closed('2026-11-20', `${B}: Black Consciousness Day`),
  closed('2026-12-24', `${B}: Christmas Eve`),
  closed('2026-12-31', `${B}: New Year's Eve`),
  closed('2027-02-09', `${B}: Carnival`),
  closed('2027-12-31', `${B}: New Year's Eve`),
]);

const ID = 'BR.B3';
const REGULAR = ['10:00-17:00'];
const LATER = ['11:00-18:00'];
const LONGER = ['10:00-18:00'];

describe('BR.B3 hours by period (the exchange notices of each change)', () => {
  it('2001: back to 10:00-17:00 on April 2, the day after US summer time began', async () => {
    await expectSessions(ID, ['2001-03-30'], LATER);
    await expectSessions(ID, ['2001-04-02'], REGULAR);
    // The same rule under the US rules before 2007: summer time from the first Sunday of April.
    await expectSessions(ID, ['2006-03-31'], LATER);
    await expectSessions(ID, ['2006-04-03'], REGULAR);
  });

  it('until 2014: 11:00-18:00 from the Monday after Brazilian summer time begins', async () => {
    await expectSessions(ID, ['2003-10-17', '2006-11-03', '2007-10-11', '2011-10-14'], REGULAR);
    await expectSessions(ID, ['2003-10-20', '2006-11-06', '2007-10-15', '2011-10-17'], LATER);
    // 2006: US winter time from October 29, yet the hours changed with Brazil's on November 6.
    const { phases } = await day(ID, '2006-11-06');
    expect(phases).toContain('Pre-Open 10:45-11:00');
    expect(phases).toContain('Pre-Close 17:55-18:00');
  });

  it('the end of Brazilian summer time does not change the session (2011-02-21)', async () => {
    await expectSessions(ID, ['2011-02-18', '2011-02-21'], LATER);
  });

  it('choice (docs/sample-rules.md): the 10:00 open of the longer session starts with its 2015 season', async () => {
    await expectSessions(ID, ['2014-10-20', '2015-03-06'], LATER);
    await expectSessions(ID, ['2015-03-09', '2015-10-16'], REGULAR);
    await expectSessions(ID, ['2015-10-19'], LONGER);
  });

  it('from 2015: 10:00-18:00, without an after-market, until the Monday after US summer time begins', async () => {
    await expectSessions(ID, ['2016-10-14'], REGULAR);
    await expectSessions(ID, ['2016-10-17', '2017-03-10', '2017-10-16'], LONGER);
    await expectSessions(ID, ['2017-03-13', '2017-10-13', '2018-03-12'], REGULAR);
    expect((await day(ID, '2017-10-16')).phases.some((p) => p.startsWith('Post-Trading'))).toBe(false);
    expect((await day(ID, '2018-03-12')).phases).toContain('Post-Trading Session 17:30-18:00');
  });

  it('without Brazilian summer time: 10:00-18:00 from the Monday after US summer time ends', async () => {
    await expectSessions(ID, ['2021-11-05', '2022-03-14', '2022-11-04', '2024-03-11', '2025-10-31'], REGULAR);
    await expectSessions(ID, ['2021-11-08', '2022-03-11', '2022-11-07', '2024-03-08', '2025-11-03'], LONGER);
    await expectSessions(ID, ['2026-11-03', '2027-03-12'], LONGER);
    await expectSessions(ID, ['2027-03-15'], REGULAR);
  });

  it('Ash Wednesday opens at 13:00 and closes with the session of its period', async () => {
    await expectSessions(ID, ['2008-02-06'], ['13:00-18:00']);
    await expectSessions(ID, ['2026-02-18'], ['13:00-18:00']);
  });

  // São Paulo's and New York's offsets from the time zone database, independent of the generator.
  const offsetHours = (zone: string, date: string) => {
    const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${date}T15:00:00Z`))
      .find((p) => p.type === 'timeZoneName')!.value;
    const m = /GMT([+-])(\d\d):(\d\d)/.exec(name)!;
    return (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60);
  };

  it('property: the session closes at 18:00 exactly while São Paulo is two hours ahead of New York', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.date({ min: new Date('2000-02-01'), max: new Date('2026-12-31'), noInvalidDate: true }),
        async (d) => {
          const date = d.toISOString().slice(0, 10);
          const view = await day(ID, date);
          fc.pre(view.open && view.holiday === null);
          const ahead = offsetHours('America/Sao_Paulo', date) - offsetHours('America/New_York', date);
          const brazilSummer = offsetHours('America/Sao_Paulo', date) === -2;
          // Before 2019 the longer session waited for Brazilian summer time in the autumn, even when
          // New York's winter time came first (2002, 2004, 2006).
          const waits = Number(date.slice(0, 4)) < 2019 && !brazilSummer && date.slice(5) > '07';
          const longer = ahead >= 2 && !waits;
          expect(view.sessions.at(-1)!.slice(-5), date).toBe(longer ? '18:00' : '17:00');
        },
      ),
      { numRuns: 300 },
    );
  });
});
