/**
 * docs/calendar-arithmetic.md §10–13: derived dates, bars of whole sessions, overlap of markets and
 * clock changes, each rule with an example on the calendar fixture and the properties issue 32
 * lists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CalendarOutOfCoverageError, Dataset, NotFoundError } from '../src/index.js';
import { buildWithSources } from './bad-rows.js';
import { calendarTables } from './calendar-fixture.js';
import { faultsOf } from './faults.js';
import { CME } from '../src/testing/fixture.js';

const ds = Dataset.create(calendarTables(), { coverageEndYearWithoutHolidays: 2035 });
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

const faults = (fn: () => unknown) => faultsOf(fn).map(({ param, msg }) => ({ param, msg }));

const dates = (
  expr: string,
  rule: string,
  start: string,
  end: string,
  options: Parameters<Dataset['derivedDates']>[4] = {},
) => ds.derivedDates(expr, rule, start, end, options);
const nominals = (expr: string, rule: string, start: string, end: string) =>
  dates(expr, rule, start, end, { roll: 'unadjusted' }).map((d) => d.nominal);

describe('§10 derived dates: the rules', () => {
  it('nth-weekday: the third Friday of each month of 2024 (index option expiries)', () => {
    expect(nominals('USD', 'nth-weekday:3:fri', '2024-01', '2024-12')).toEqual([
      '2024-01-19',
      '2024-02-16',
      '2024-03-15',
      '2024-04-19',
      '2024-05-17',
      '2024-06-21',
      '2024-07-19',
      '2024-08-16',
      '2024-09-20',
      '2024-10-18',
      '2024-11-15',
      '2024-12-20',
    ]);
  });

  it('nth-weekday from the end, and a month without a fifth Monday names no date', () => {
    expect(nominals('USD', 'nth-weekday:-1:thu', '2023-11', '2023-11')).toEqual(['2023-11-30']);
    expect(nominals('USD', 'NTH-WEEKDAY:-5:Wed', '2024-01', '2024-01')).toEqual(['2024-01-03']);
    // January 2024 has five Mondays (1, 8, 15, 22, 29), February 2023 four.
    expect(
      dates('USD', 'nth-weekday:5:mon', '2023-02', '2024-01', { roll: 'unadjusted' }).map((d) => d.period),
    ).toEqual(['2023-05', '2023-07', '2023-10', '2024-01']);
  });

  it('imm: third Wednesdays of March, June, September and December (QuantLib IMM dates)', () => {
    expect(nominals('USD', 'imm', '2023-01', '2024-12')).toEqual([
      '2023-03-15',
      '2023-06-21',
      '2023-09-20',
      '2023-12-20',
      '2024-03-20',
      '2024-06-19',
      '2024-09-18',
      '2024-12-18',
    ]);
  });

  it('day:D, the last day of a shorter month', () => {
    expect(nominals('USD', 'day:31', '2024-01', '2024-04')).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
    ]);
    expect(nominals('USD', 'day:29', '2023-02', '2023-02')).toEqual(['2023-02-28']);
    expect(nominals('USD', 'day:1', '2023-07', '2023-07')).toEqual(['2023-07-01']);
  });

  it('business-day:N counts business days of the calendar; not rolled; a month with fewer names no date', () => {
    // USD: Christmas Monday 2023-12-25 and New Year's Day 2024-01-01 are holidays.
    expect(dates('USD', 'last-business-day', '2023-12', '2023-12')).toEqual([
      { period: '2023-12', nominal: '2023-12-29', date: '2023-12-29' },
    ]);
    expect(dates('USD', 'first-business-day', '2024-01', '2024-01', { roll: 'preceding' })).toEqual([
      { period: '2024-01', nominal: '2024-01-02', date: '2024-01-02' },
    ]);
    expect(nominals('USD', 'business-day:2', '2024-01', '2024-01')).toEqual(['2024-01-03']);
    expect(nominals('USD', 'business-day:-2', '2023-12', '2023-12')).toEqual(['2023-12-28']);
    // December 2023 has 20 USD business days.
    expect(nominals('USD', 'business-day:20', '2023-12', '2023-12')).toEqual(['2023-12-29']);
    expect(nominals('USD', 'business-day:21', '2023-12', '2023-12')).toEqual([]);
    expect(nominals('USD', 'business-day:-21', '2023-12', '2023-12')).toEqual([]);
  });

  it('roll and offset: Thanksgiving 2023 on the NYSE', () => {
    // The fourth Thursday of November 2023 is Thanksgiving; Friday 24 is a (short) session.
    const at = (roll: string, offset = 0) =>
      dates('US.NYSE', 'nth-weekday:4:thu', '2023-11', '2023-11', { roll, offset })[0]!;
    expect(at('following')).toEqual({ period: '2023-11', nominal: '2023-11-23', date: '2023-11-24' });
    expect(at('preceding').date).toBe('2023-11-22');
    expect(at('unadjusted').date).toBe('2023-11-23');
    expect(at('following', 2).date).toBe('2023-11-28');
    expect(at('following', -1).date).toBe('2023-11-22');
    // With `unadjusted` the offset walks from the holiday itself: Thursday + 1 is Friday.
    expect(at('unadjusted', 1).date).toBe('2023-11-24');
    expect(at('unadjusted', -1).date).toBe('2023-11-22');
  });

  it('months keeps the months listed, in any order; the rule still decides (imm in March only)', () => {
    expect(dates('USD', 'day:15', '2023-01', '2023-12', { months: '12,3' }).map((d) => d.period)).toEqual([
      '2023-03',
      '2023-12',
    ]);
    expect(dates('USD', 'imm', '2023-01', '2023-12', { months: [1, 3] }).map((d) => d.period)).toEqual(['2023-03']);
  });

  it('joined calendars roll over every member: IMM June 2024 plus two business days', () => {
    // On USD+EUR the fixture has no holiday near; 2024-06-19 plus two is Friday the 21st.
    expect(dates('USD+EUR', 'imm', '2024-06', '2024-06', { offset: 2 })).toEqual([
      { period: '2024-06', nominal: '2024-06-19', date: '2024-06-21' },
    ]);
  });
});

describe('§10 derived dates: refusals and coverage', () => {
  it('reports every faulty parameter together, naming each', () => {
    const f = faults(() =>
      dates('US.NYSE+', 'nth-weekday:6:fri', '2024-13', '24-01', { months: '3,,4', roll: 'nearest', offset: 31 }),
    );
    expect(f.map((x) => x.param)).toEqual(['expr', 'rule', 'start', 'end', 'months', 'roll', 'offset']);
  });

  it.each([
    '',
    'nth-weekday:0:fri',
    'nth-weekday:3:friday',
    'nth-weekday:+3:fri',
    'nth-weekday:3',
    'imm:1',
    'day:0',
    'day:32',
    'business-day:24',
    'business-day:0',
    'business-day:-24',
    'last-business-day:1',
    'third-friday',
  ])('refuses rule %j naming rule', (rule) =>
    expect(faults(() => dates('USD', rule, '2024-01', '2024-02')).map((x) => x.param)).toEqual(['rule']),
  );

  it.each(['', '3,3', '3,,6', '0', '13', 'mar', ' , '])('refuses months %j naming months', (months) => {
    expect(faults(() => dates('USD', 'imm', '2024-01', '2024-12', { months })).map((x) => x.param)).toEqual(['months']);
  });

  it('more than 1,200 months, or an end before the start, is 422 on end before anything is looked up', () => {
    expect(faults(() => dates('XXXX', 'imm', '1900-01', '2000-12'))).toEqual([
      { param: 'end', msg: expect.stringContaining('1212 months') },
    ]);
    expect(dates('USD', 'day:1', '2000-01', '2099-12', { roll: 'unadjusted' })).toHaveLength(1200);
    expect(faults(() => dates('XXXX', 'imm', '2024-02', '2024-01'))[0]!.param).toBe('end');
    expect(() => dates('XXXX', 'imm', '2024-01', '2024-02')).toThrow(NotFoundError);
  });

  it('only the dates a computation looks at must lie in the coverage window', () => {
    // US.NYSE's window ends on 2030-12-25: day:31 unadjusted asks nothing of it.
    expect(dates('US.NYSE', 'day:31', '2030-11', '2031-01', { roll: 'unadjusted' }).map((d) => d.date)).toEqual([
      '2030-11-30',
      '2030-12-31',
      '2031-01-31',
    ]);
    expect(() => dates('US.NYSE', 'day:31', '2030-12', '2030-12')).toThrow(CalendarOutOfCoverageError);
    expect(() => dates('US.NYSE', 'day:31', '2030-12', '2030-12', { roll: 'unadjusted', offset: -1 })).toThrow(
      CalendarOutOfCoverageError,
    );
    expect(dates('US.NYSE', 'day:20', '2030-12', '2030-12', { roll: 'unadjusted', offset: -1 })[0]!.date).toBe(
      '2030-12-19',
    );
    // The n-th business day walks from the month's first day (or last, for N < 0).
    expect(dates('US.NYSE', 'first-business-day', '2030-12', '2030-12')[0]!.date).toBe('2030-12-02');
    expect(() => dates('US.NYSE', 'last-business-day', '2030-12', '2030-12')).toThrow(CalendarOutOfCoverageError);
  });
});

describe('§10 derived dates: properties', () => {
  const exprArb = fc.constantFrom('USD', 'US.NYSE', 'USD+EUR', 'US.NYSE+EUR+ILS', `${CME}~EUR`, 'EUR~ILS');
  const monthArb = fc.integer({ min: 2001 * 12, max: 2029 * 12 + 10 });
  const ym = (m: number) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
  const ruleArb = fc.oneof(
    fc
      .tuple(fc.integer({ min: -5, max: 5 }), fc.constantFrom('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'))
      .filter(([n]) => n !== 0)
      .map(([n, d]) => `nth-weekday:${n}:${d}`),
    fc.integer({ min: 1, max: 31 }).map((d) => `day:${d}`),
    fc.constant('imm'),
  );
  const rollArb = fc.constantFrom('following', 'preceding', 'modified_following', 'modified_preceding');

  it(
    'nth-weekday names the n-th such weekday of the month, as counted on the plain calendar (QuantLib ' + 'nthWeekday)',
    () => {
      fc.assert(
        fc.property(monthArb, fc.integer({ min: -5, max: 5 }), fc.integer({ min: 0, max: 6 }), (m, n, wd) => {
          fc.pre(n !== 0);
          const y = Math.floor(m / 12);
          const mo = m % 12;
          const names = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
          const matching: string[] = [];
          for (let d = 1; d <= 31; d++) {
            const t = Date.UTC(y, mo, d);
            if (new Date(t).getUTCMonth() === mo && new Date(t).getUTCDay() === wd) matching.push(iso(t));
          }
          const expected = n > 0 ? matching[n - 1] : matching[matching.length + n];
          expect(nominals('USD', `nth-weekday:${n}:${names[wd]}`, ym(m), ym(m))).toEqual(
            expected === undefined ? [] : [expected],
          );
        }),
        { numRuns: 300 },
      );
    },
  );

  it('a rolled date is a business day; offset 0 is the rolled date; offset N is N business days after it', () => {
    fc.assert(
      fc.property(
        exprArb,
        ruleArb,
        monthArb,
        rollArb,
        fc.integer({ min: -30, max: 30 }),
        (expr, rule, m, roll, offset) => {
          const [plain] = dates(expr, rule, ym(m), ym(m), { roll, offset: 0 });
          fc.pre(plain !== undefined);
          expect(ds.calendarDays(expr, plain!.date, plain!.date)[0]!.is_business_day).toBe(true);
          expect(plain!.date).toBe(ds.adjust(expr, plain!.nominal, roll).adjusted);
          const [moved] = dates(expr, rule, ym(m), ym(m), { roll, offset });
          expect(moved!.nominal).toBe(plain!.nominal);
          expect(moved!.date).toBe(ds.advance(expr, plain!.date, offset).result);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('business-day:N is the N-th business day of its month (from its end for N < 0)', () => {
    fc.assert(
      fc.property(exprArb, monthArb, fc.integer({ min: -23, max: 23 }), (expr, m, n) => {
        fc.pre(n !== 0);
        const first = Date.UTC(Math.floor(m / 12), m % 12, 1);
        const last = Date.UTC(Math.floor(m / 12), (m % 12) + 1, 0);
        const days = ds
          .calendarDays(expr, iso(first), iso(last))
          .filter((d) => d.is_business_day)
          .map((d) => d.date);
        const expected = n > 0 ? days[n - 1] : days[days.length + n];
        const got = dates(expr, `business-day:${n}`, ym(m), ym(m), { roll: 'preceding' });
        expect(got.map((d) => [d.nominal, d.date])).toEqual(expected === undefined ? [] : [[expected, expected]]);
      }),
      { numRuns: 150 },
    );
  });
});

describe('§11 bars of whole sessions', () => {
  const sessionsWithHours = (id: string, start: string, end: string) =>
    ds.sessions(id, start, end).filter((s) => s.open !== null && s.close !== null);

  it('1w: the Thanksgiving week of 2023 on the NYSE holds four sessions, the last a short Friday', () => {
    expect([...ds.bars('US.NYSE', '2023-11-20', '2023-11-26', { period: '1w' })]).toEqual([
      { date: '2023-11-24', start: '2023-11-20T09:30:00-05:00', end: '2023-11-24T13:00:00-05:00', sessions: 4 },
    ]);
    expect(ds.countBars('US.NYSE', '2023-11-20', '2023-11-26', { period: '1w' })).toEqual({
      start: '2023-11-20',
      end: '2023-11-26',
      period: '1w',
      count: 1,
    });
  });

  it('1d on an overnight market: each bar opens the evening before its session', () => {
    const [bar] = [...ds.bars(CME, '2023-11-21', '2023-11-21', { period: '1d' })];
    const [s] = sessionsWithHours(CME, '2023-11-21', '2023-11-21');
    expect(bar).toEqual({ date: '2023-11-21', start: s!.open, end: s!.close, sessions: 1 });
    expect(bar!.start.slice(0, 10)).toBe('2023-11-20');
  });

  it(
    '1mo: the first and last months hold only the sessions inside the range; force_close and breaks play no ' + 'part',
    () => {
      const bars = [
        ...ds.bars('US.NYSE', '2023-10-16', '2023-12-05', { period: '1mo', forceClose: false, breaks: 'ignore' }),
      ];
      expect(bars.map((b) => [b.date, b.start.slice(0, 10), b.sessions])).toEqual([
        ['2023-10-31', '2023-10-16', 12],
        ['2023-11-30', '2023-11-01', 21],
        ['2023-12-05', '2023-12-01', 3],
      ]);
      expect([...ds.bars('US.NYSE', '2023-10-16', '2023-12-05', { period: '1mo' })]).toEqual(bars);
    },
  );

  it("the series' cursor walks one (date, open, close) per bar, in epoch days and seconds", () => {
    const series = ds.bars('US.NYSE', '2023-11-20', '2023-12-01', { period: '1w' });
    const walked: [string, string, string][] = [];
    const c = series.cursor();
    while (c.next())
      walked.push([
        new Date(c.day * DAY).toISOString().slice(0, 10),
        new Date(c.start * 1000).toISOString(),
        new Date(c.end * 1000).toISOString(),
      ]);
    expect(walked).toEqual(
      [...series].map((b) => [b.date, new Date(b.start).toISOString(), new Date(b.end).toISOString()]),
    );
    expect(series.count).toBe(2);
  });

  it('JSON and CSV bytes are those of the records', () => {
    const bars = [...ds.bars('US.NYSE', '2023-11-20', '2023-12-01', { period: '1w' })];
    const text = (pieces: Iterable<Uint8Array>) => [...pieces].map((p) => new TextDecoder().decode(p)).join('');
    expect(JSON.parse(text(ds.barJsonChunks('US.NYSE', '2023-11-20', '2023-12-01', { period: '1w' })))).toEqual(bars);
    expect(text(ds.barCsvChunks('US.NYSE', '2023-11-20', '2023-12-01', { period: '1w' }))).toBe(
      `Date,Start,End,Sessions\r\n${bars.map((b) => `${b.date},${b.start},${b.end},${b.sessions}\r\n`).join('')}`,
    );
  });

  const marketArb = fc.constantFrom('US.NYSE', CME, 'CN.SGE', 'AE.ADX', 'BR.B3');
  const rangeArb = fc
    .tuple(fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 120 }))
    .map(([a, n]) => [iso(dayMs('2022-01-01') + a * DAY), iso(dayMs('2022-01-01') + (a + n) * DAY)] as const);

  it('property: daily bars equal the sessions (with an open and a close)', () => {
    fc.assert(
      fc.property(marketArb, rangeArb, (id, [start, end]) => {
        const bars = [...ds.bars(id, start, end, { period: '1d' })];
        expect(bars).toEqual(
          sessionsWithHours(id, start, end).map((s) => ({ date: s.date, start: s.open, end: s.close, sessions: 1 })),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('property: weekly (and monthly) bars partition the sessions of the range by ISO week (month)', () => {
    const weekOf = (date: string) => {
      const t = dayMs(date);
      return t - ((new Date(t).getUTCDay() + 6) % 7) * DAY;
    };
    fc.assert(
      fc.property(marketArb, rangeArb, fc.constantFrom('1w', '1mo'), (id, [start, end], period) => {
        const sessions = sessionsWithHours(id, start, end);
        const key = (date: string) => (period === '1w' ? String(weekOf(date)) : date.slice(0, 7));
        const bars = [...ds.bars(id, start, end, { period })];
        let k = 0;
        for (const b of bars) {
          const group = sessions.slice(k, k + b.sessions!);
          expect(group.length).toBe(b.sessions);
          expect(new Set(group.map((s) => key(s.date))).size).toBe(1);
          expect(b).toEqual({
            date: group.at(-1)!.date,
            start: group[0]!.open,
            end: group.at(-1)!.close,
            sessions: b.sessions,
          });
          k += b.sessions!;
        }
        expect(k).toBe(sessions.length);
        // Consecutive bars are different weeks (months): the groups are maximal.
        for (let i = 1; i < bars.length; i++) expect(key(bars[i]!.date)).not.toBe(key(bars[i - 1]!.date));
        expect(ds.countBars(id, start, end, { period }).count).toBe(bars.length);
      }),
      { numRuns: 60 },
    );
  });
});

describe('§12 overlap', () => {
  it('NYSE and the CME equity index futures: the NYSE day, in UTC', () => {
    expect(ds.overlap(['US.NYSE', CME], '2023-11-20', '2023-11-20')).toEqual([
      { start: '2023-11-20T14:30:00Z', end: '2023-11-20T21:00:00Z' },
    ]);
  });

  it('refusals: 2 to 16 markets naming markets, the range on end, phase; unknown market 404; coverage 400', () => {
    expect(faults(() => ds.overlap('US.NYSE', '2023-11-20', '2023-11-20')).map((f) => f.param)).toEqual(['markets']);
    expect(faults(() => ds.overlap(Array(17).fill('US.NYSE'), '2023-11-20', '2023-11-20')).map((f) => f.param)).toEqual(
      ['markets'],
    );
    expect(faults(() => ds.overlap('US.NYSE,X', '2023-11-2', '2023-11-20', 'all')).map((f) => f.param)).toEqual([
      'markets',
      'start',
      'phase',
    ]);
    expect(faults(() => ds.overlap('US.NYSE,CN.SGE', '2023-11-20', '2023-11-19')).map((f) => f.param)).toEqual(['end']);
    expect(() => ds.overlap('US.NYSE,XX.NONE', '2023-11-20', '2023-11-20')).toThrow(NotFoundError);
    expect(() => ds.overlap('US.NYSE,CN.SGE', '2030-12-20', '2030-12-26')).toThrow(/coverage/);
  });

  it('a market named twice counts once: its own trading time', () => {
    const own = ds.overlap('US.NYSE,us.nyse', '2023-11-20', '2023-11-21');
    expect(own).toEqual([
      { start: '2023-11-20T14:30:00Z', end: '2023-11-20T21:00:00Z' },
      { start: '2023-11-21T14:30:00Z', end: '2023-11-21T21:00:00Z' },
    ]);
  });

  // Every instant (minute) is in an interval exactly when every market trades then; intervals
  // never touch (they are maximal) and lie inside the UTC range.
  const marketsArb = fc.uniqueArray(fc.constantFrom('US.NYSE', CME, 'CN.SGE', 'AE.ADX', 'BR.B3', 'AR.BYMA'), {
    minLength: 2,
    maxLength: 3,
  });
  const tradingAt = (id: string, start: string, end: string, phase: 'primary' | 'open') => {
    const from = iso(dayMs(start) - 3 * DAY);
    const to = iso(dayMs(end) + 2 * DAY);
    const phases = ds
      .generatePhases(id, from, to)
      .filter((p) => (phase === 'open' ? p.is_open : p.phase_type.toLowerCase().includes('primary trading session')));
    const spans = phases.map((p) => [Date.parse(p.start), Date.parse(p.end)] as const);
    return (t: number) => spans.some(([a, b]) => a <= t && t < b);
  };

  it("property: intervals lie inside every market's trading phases, and are maximal", () => {
    fc.assert(
      fc.property(
        marketsArb,
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('primary', 'open') as fc.Arbitrary<'primary' | 'open'>,
        (ids, a, n, phase) => {
          const start = iso(dayMs('2022-06-01') + a * DAY);
          const end = iso(dayMs(start) + n * DAY);
          const got = ds.overlap(ids, start, end, phase).map((i) => [Date.parse(i.start), Date.parse(i.end)] as const);
          const trading = ids.map((id) => tradingAt(id, start, end, phase));
          const inside = (t: number) => got.some(([s, e]) => s <= t && t < e);
          for (let t = dayMs(start); t < dayMs(end) + DAY; t += 60_000)
            expect(inside(t), new Date(t).toISOString()).toBe(trading.every((f) => f(t)));
          for (let i = 0; i < got.length; i++) {
            expect(got[i]![1]).toBeGreaterThan(got[i]![0]);
            if (i > 0) expect(got[i]![0]).toBeGreaterThan(got[i - 1]![1]);
          }
          if (got.length) {
            expect(got[0]![0]).toBeGreaterThanOrEqual(dayMs(start));
            expect(got.at(-1)![1]).toBeLessThanOrEqual(dayMs(end) + DAY);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('§13 clock changes', () => {
  it('New York 2024: forward in March, back in November, in UTC', () => {
    expect(ds.clockChanges('US.NYSE', '2024-01-01', '2024-12-31')).toEqual([
      { at: '2024-03-10T07:00:00Z', offset_before: '-05:00', offset_after: '-04:00' },
      { at: '2024-11-03T06:00:00Z', offset_before: '-04:00', offset_after: '-05:00' },
    ]);
  });

  it('not limited to the coverage window: local mean time has seconds', () => {
    expect(ds.clockChanges('US.NYSE', '1883-01-01', '1883-12-31')).toEqual([
      { at: '1883-11-18T17:00:00Z', offset_before: '-04:56:02', offset_after: '-05:00' },
    ]);
  });

  it('a zone without daylight saving has none', () => {
    expect(ds.clockChanges('AE.ADX', '2000-01-01', '2030-12-31')).toEqual([]);
  });

  it("an unknown time zone is the market row's data error; a market without a zone answers in UTC, none", () => {
    const bad = buildWithSources((t) =>
      t.markets.push({ fin_id: 'XX.TZ', timezone: 'Mars/Olympus' }, { fin_id: 'XX.UTC', timezone: null }),
    );
    expect(() => bad.clockChanges('XX.TZ', '2024-01-01', '2024-12-31')).toThrow(
      /csv\/markets.csv, line \d+, column 'Timezone': unknown time zone 'Mars\/Olympus'/,
    );
    expect(bad.clockChanges('XX.UTC', '2024-01-01', '2024-12-31')).toEqual([]);
  });

  it('a midnight in a gap: Sao Paulo skipped 00:00-01:00 on 2018-11-04, which starts that date', () => {
    const change = { at: '2018-11-04T03:00:00Z', offset_before: '-03:00', offset_after: '-02:00' };
    expect(ds.clockChanges('BR.B3', '2018-11-04', '2018-11-04')).toEqual([change]);
    expect(ds.clockChanges('BR.B3', '2018-11-03', '2018-11-03')).toEqual([]);
  });

  it('200 years at most (73,050 days), 422 naming end; end before start too', () => {
    // 1900-01-01 to 2100-01-01 is 73,050 days, both ends included.
    expect(ds.clockChanges('US.NYSE', '1900-01-01', '2100-01-01').length).toBeGreaterThan(200);
    expect(faults(() => ds.clockChanges('US.NYSE', '1900-01-01', '2100-01-02'))).toEqual([
      { param: 'end', msg: expect.stringContaining('73051 days') },
    ]);
    expect(faults(() => ds.clockChanges('US.NYSE', '2024-01-02', '2024-01-01')).map((f) => f.param)).toEqual(['end']);
  });

  it('property: each change moves the offset, in time order, and the next one starts from the offset it left', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('US.NYSE', CME, 'BR.B3', 'CN.SGE', 'AR.BYMA'),
        fc.integer({ min: 1850, max: 2030 }),
        fc.integer({ min: 0, max: 40 }),
        (id, y, n) => {
          const changes = ds.clockChanges(id, `${y}-01-01`, `${y + n}-12-31`);
          for (let i = 0; i < changes.length; i++) {
            expect(changes[i]!.offset_before).not.toBe(changes[i]!.offset_after);
            if (i > 0) {
              expect(Date.parse(changes[i]!.at)).toBeGreaterThan(Date.parse(changes[i - 1]!.at));
              expect(changes[i]!.offset_before).toBe(changes[i - 1]!.offset_after);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
