/**
 * docs/bulk-format.md §5: nothing in the rows refuses the whole dataset. A bad row is a
 * warning naming where it is, and only the queries computing from the dates of its market (or
 * currency) it touches answer a DataError naming the row; everything else answers as before
 * (bad-row-scope.test.ts pins which dates).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataError, Dataset, type Tables } from '../src/index.js';
import { buildWithSources, errorOf, scheduleLine, SOURCES } from './bad-rows.js';
import { CME, fixtureTables, sched } from '../src/testing/fixture.js';

const clean = Dataset.create(fixtureTables());
/** Answers of the markets a bad row must not touch. */
const untouched = (ds: Dataset) => ({
  phases: ds.generatePhases('US.CME.EQUITY.USINDEX1', '2023-11-20', '2023-11-24'),
  days: ds.listDays('CN.SGE', '2023-10-01', '2023-10-10'),
  status: ds.status('AE.ADX', Date.parse('2023-11-15T08:00:00Z')),
  holidays: ds.listHolidays('US.CME.EQUITY.USINDEX1', '2023-01-01', '2023-12-31'),
  eur: ds.listCurrencyHolidays('EUR', '2023-01-01', '2023-12-31'),
});

const build = buildWithSources;

/**
 * NYSE with a Saturday row in a season that has no 2024 definition, built by `builder`; `spoiled`
 * tells the epoch days whose day view needs that definition.
 */
function missingSeason2024(builder: (mutate: (t: Tables) => void) => Dataset) {
  const ds = builder((t) => {
    t.seasonDefinitions = t.seasonDefinitions!.filter(
      (d) => !(d.season === 'Second Sunday of March' && d.year === 2024),
    );
    t.schedules!.push(
      sched('US.NYSE', 'Regular', 'Other', 'Sat', '12:00', '13:00', {
        season_start: 'Second Sunday of March',
        season_end: 'First Sunday of November',
      }),
    );
  });
  const DAY = 86_400_000;
  const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
  // The day view of X reads the rows of X-2..X (§4), so a 2024 Saturday spoils itself and the two dates after it.
  const spoiled = (x: number) =>
    [0, 1, 2].some((k) => {
      const d = new Date((x - k) * DAY);
      return d.getUTCFullYear() === 2024 && d.getUTCDay() === 6;
    });
  return { ds, DAY, dayOf, spoiled, first: dayOf('2023-09-01') };
}

describe('a bad schedule row affects only its market, naming file, line and column', () => {
  const cases: [string, (t: Tables) => void, string, RegExp][] = [
    [
      'an unknown phase type',
      (t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Lunch Break', 'Mon', '12:00', '13:00')),
      'Phase Type',
      /unknown phase type 'Lunch Break'/,
    ],
    [
      'a bad Days value',
      (t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Mon-Fry', '12:00', '13:00')),
      'Days',
      /bad Days value 'Mon-Fry'/,
    ],
    [
      'a malformed time',
      (t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Mon', '25:00', '13:00')),
      'Start',
      /expected a time/,
    ],
    [
      'a malformed integer',
      (t) =>
        t.schedules!.push(
          sched('US.NYSE', 'Regular', 'Other', 'Mon', '12:00', '13:00', { offset_days: 'one' as unknown as number }),
        ),
      'Offset Days',
      /expected an integer, got 'one'/,
    ],
    [
      'a malformed date',
      (t) =>
        t.schedules!.push(
          sched('US.NYSE', 'Regular', 'Other', 'Mon', '12:00', '13:00', { in_force_start_date: '2023-02-30' }),
        ),
      'In Force Start Date',
      /expected a date/,
    ],
    [
      'an unknown time zone',
      (t) =>
        t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Mon', '12:00', '13:00', { timezone: 'Mars/Olympus' })),
      'Timezone',
      /unknown time zone 'Mars\/Olympus'/,
    ],
  ];
  for (const [what, mutate, column, message] of cases) {
    it(what, () => {
      const ds = build(mutate);
      const where = `csv/schedules.csv, line ${scheduleLine()}, column '${column}'`;
      const w = ds.warnings.find((x) => x.market === 'US.NYSE');
      expect(w?.message).toContain(where);
      expect(w?.message).toMatch(message);
      for (const query of [
        () => ds.generatePhases('US.NYSE', '2023-11-15', '2023-11-15'),
        () => ds.listDays('XNYS', '2023-11-15', '2023-11-15'),
        () => ds.status('US.NYSE', Date.parse('2023-11-15T17:00:00Z')),
      ]) {
        const e = errorOf(query);
        expect(e.message).toContain(where);
        expect(e.message).toMatch(message);
      }
      // Was a data error too: docs/bulk-format.md §5 names phases, days and status only. The rows
      // answer as written, the bad one among them.
      expect(ds.listSchedules('US.NYSE')).toHaveLength(clean.listSchedules('US.NYSE').length + 1);
      // Its holidays and record still answer; every other market answers exactly as before.
      expect(ds.listHolidays('US.NYSE', '2023-01-01', '2023-12-31')).toEqual(
        clean.listHolidays('US.NYSE', '2023-01-01', '2023-12-31'),
      );
      expect(ds.getMarket('US.NYSE')).toEqual(clean.getMarket('US.NYSE'));
      expect(untouched(ds)).toEqual(untouched(clean));
    });
  }

  // Was a bad row at load that failed every date of the market (docs/semantics.md §4 step 3).
  it(
    'a season name with no definition at all: a data error naming season and year, only for dates on which the row ' +
      'is in force',
    () => {
      const ds = build((t) =>
        t.schedules!.push(
          sched('US.NYSE', 'Regular', 'Other', 'Sat', '12:00', '13:00', {
            season_start: 'Easter',
            season_end: 'Whitsun',
            in_force_start_date: '2024-01-01',
          }),
        ),
      );
      expect(ds.warnings.map((w) => [w.location?.column, w.market])).toEqual([
        ['season_start', 'US.NYSE'],
        ['season_end', 'US.NYSE'],
      ]);
      const message =
        `csv/schedules.csv, line ${scheduleLine()}: season 'Easter' has no definition for 2024 in ` +
        `season-definitions.csv`;
      expect(errorOf(() => ds.generatePhases('US.NYSE', '2024-03-02', '2024-03-02')).message).toBe(message);
      expect(errorOf(() => ds.status('US.NYSE', Date.parse('2024-03-01T17:00:00Z'))).message).toBe(message);
      // Not in force before 2024 (step 2 comes first), and not needed on weekdays: those answer.
      expect(ds.generatePhases('US.NYSE', '2023-11-13', '2023-11-18')).toEqual(
        clean.generatePhases('US.NYSE', '2023-11-13', '2023-11-18'),
      );
      expect(ds.listDays('US.NYSE', '2023-11-15', '2023-11-15')).toEqual(
        clean.listDays('US.NYSE', '2023-11-15', '2023-11-15'),
      );
      expect(ds.status('US.NYSE', Date.parse('2023-11-15T17:00:00Z'))).toEqual(
        clean.status('US.NYSE', Date.parse('2023-11-15T17:00:00Z')),
      );
      expect(ds.listSchedules('US.NYSE')).toHaveLength(clean.listSchedules('US.NYSE').length + 1);
      expect(ds.sessionCount('US.NYSE', '2023-11-01', '2023-11-30')).toEqual(
        clean.sessionCount('US.NYSE', '2023-11-01', '2023-11-30'),
      );
      expect(untouched(ds)).toEqual(untouched(clean));
    },
  );

  it(
    '/schedules lists a bad row as written: unreadable times, dates and integers null, text as written, in §3 ' +
      'order',
    () => {
      const ds = build((t) =>
        t.schedules!.push(
          sched('US.NYSE', 'Regular', 'Lunch Break', 'Mon-Fry', '8h30', '13:00', {
            offset_days: 'one' as unknown as number,
            in_force_end_date: '2023-02-30',
            phase_name: 'bad',
          }),
        ),
      );
      const rows = ds.listSchedules('US.NYSE');
      const bad = rows.find((s) => s.phase_name === 'bad')!;
      expect(bad).toMatchObject({
        phase_type: 'Lunch Break',
        days: 'Mon-Fry',
        start: null,
        end: '13:00:00',
        offset_days: null,
        in_force_end_date: null,
        end_with_offset: '13:00:00',
        has_season: false,
      });
      // Null start sorts first among the Regular rows with no in-force start and season.
      const regular = rows.filter(
        (s) => s.schedule_group === 'Regular' && s.in_force_start_date === null && s.season_start === null,
      );
      expect(regular[0]).toBe(bad);
      expect(rows.filter((s) => s !== bad)).toEqual(clean.listSchedules('US.NYSE'));
      expect(errorOf(() => ds.generatePhases('US.NYSE', '2023-11-15', '2023-11-15')).message).toMatch(
        /column 'Phase Type'/,
      );
    },
  );

  it('a season defined for some years but not the one asked: only the days that need it fail', () => {
    const ds = build((t) => {
      t.seasonDefinitions = t.seasonDefinitions!.filter(
        (d) => !(d.season === 'Second Sunday of March' && d.year === 2024),
      );
      t.schedules!.push(
        sched('US.NYSE', 'Regular', 'Other', 'Sat', '12:00', '13:00', {
          season_start: 'Second Sunday of March',
          season_end: 'First Sunday of November',
        }),
      );
    });
    expect(ds.warnings).toEqual([]);
    expect(ds.generatePhases('US.NYSE', '2023-07-08', '2023-07-08').length).toBeGreaterThan(0);
    const e = errorOf(() => ds.generatePhases('US.NYSE', '2024-07-06', '2024-07-06'));
    expect(e.message).toBe(
      `csv/schedules.csv, line ${scheduleLine()}: season 'Second Sunday of March' has no definition for 2024 in ` +
        `season-definitions.csv`,
    );
    expect(untouched(ds)).toEqual(untouched(clean));
  });

  it(
    'a season missing for one year: session arithmetic that does not reach the dates needing it answers as ' + 'before',
    () => {
      const ds = build((t) => {
        t.seasonDefinitions = t.seasonDefinitions!.filter(
          (d) => !(d.season === 'Second Sunday of March' && d.year === 2024),
        );
        t.schedules!.push(
          sched('US.NYSE', 'Regular', 'Other', 'Sat', '12:00', '13:00', {
            season_start: 'Second Sunday of March',
            season_end: 'First Sunday of November',
          }),
        );
      });
      const message =
        `csv/schedules.csv, line ${scheduleLine()}: season 'Second Sunday of March' has no definition ` +
        `for 2024 in season-definitions.csv`;
      const at = Date.parse('2023-11-15T17:00:00Z');
      // 2023 and early 2025 never need the 2024 Saturdays.
      expect(ds.sessionOffset('US.NYSE', '2023-11-15', 3)).toEqual(clean.sessionOffset('US.NYSE', '2023-11-15', 3));
      expect(ds.sessionCount('US.NYSE', '2023-01-01', '2023-12-31')).toEqual(
        clean.sessionCount('US.NYSE', '2023-01-01', '2023-12-31'),
      );
      expect(ds.nextBell('US.NYSE', at, 'close')).toEqual(clean.nextBell('US.NYSE', at, 'close'));
      expect(ds.previousBell('US.NYSE', at, 'open')).toEqual(clean.previousBell('US.NYSE', at, 'open'));
      expect(ds.adjust('US.NYSE', '2023-11-23', 'following')).toEqual(
        clean.adjust('US.NYSE', '2023-11-23', 'following'),
      );
      // Weekdays of 2024 whose look-back (§4) holds no Saturday are still known.
      expect(ds.sessions('US.NYSE', '2024-07-03', '2024-07-05')).toEqual(
        clean.sessions('US.NYSE', '2024-07-03', '2024-07-05'),
      );
      // What needs a 2024 Saturday says which season and year are missing.
      expect(errorOf(() => ds.sessionOffset('US.NYSE', '2024-07-05', 1)).message).toBe(message);
      expect(errorOf(() => ds.sessionCount('US.NYSE', '2024-07-01', '2024-07-31')).message).toBe(message);
      expect(errorOf(() => ds.sessionOffset('US.NYSE', '2024-07-06', 0, 'next')).message).toBe(message);
      expect(errorOf(() => ds.nextBell('US.NYSE', Date.parse('2024-07-05T21:00:00Z'), 'open')).message).toBe(message);
      expect(errorOf(() => ds.previousBell('US.NYSE', Date.parse('2024-07-08T12:00:00Z'), 'close')).message).toBe(
        message,
      );
      expect(errorOf(() => ds.adjust('US.NYSE', '2024-07-06', 'following')).message).toBe(message);
      expect(untouched(ds)).toEqual(untouched(clean));
    },
  );

  it(
    'property: a session offset answers as before unless the dates it walks over include one whose day view needs ' +
      'the missing season',
    () => {
      const { ds, DAY, dayOf, spoiled, first } = missingSeason2024(build);
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 700 }),
          fc.integer({ min: -40, max: 40 }),
          fc.constantFrom('next', 'previous') as fc.Arbitrary<'next' | 'previous'>,
          (k, n, direction) => {
            const date = new Date((first + k) * DAY).toISOString().slice(0, 10);
            const expected = clean.sessionOffset('US.NYSE', date, n, direction);
            const lo = Math.min(first + k, dayOf(expected.session));
            const hi = Math.max(first + k, dayOf(expected.session));
            let walksSpoiled = false;
            for (let x = lo; x <= hi; x++) walksSpoiled ||= spoiled(x);
            if (walksSpoiled) expect(() => ds.sessionOffset('US.NYSE', date, n, direction)).toThrow(DataError);
            else expect(ds.sessionOffset('US.NYSE', date, n, direction)).toEqual(expected);
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('a row whose end is before its start with offset 0 is not a bad row: it is answered as written', () => {
    const ds = build((t) =>
      t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Sat', '14:00', '13:00', { phase_name: 'backwards' })),
    );
    expect(ds.warnings).toEqual([]);
    const p = ds.generatePhases('US.NYSE', '2023-11-18', '2023-11-18').find((x) => x.phase_name === 'backwards')!;
    expect([p.start, p.end]).toEqual(['2023-11-18T14:00:00-05:00', '2023-11-18T13:00:00-05:00']);
  });

  it('a negative Offset Days is answered as computed, not refused', () => {
    const ds = build((t) =>
      t.schedules!.push(
        sched('US.NYSE', 'Regular', 'Other', 'Sat', '14:00', '13:00', { offset_days: -1, phase_name: 'before' }),
      ),
    );
    expect(ds.warnings).toEqual([]);
    // Step 6: it ends on Friday, so a Saturday-only range drops it and a range from Friday holds it.
    expect(
      ds.generatePhases('US.NYSE', '2023-11-18', '2023-11-18').find((x) => x.phase_name === 'before'),
    ).toBeUndefined();
    expect(ds.generatePhases('US.NYSE', '2023-11-17', '2023-11-18').find((x) => x.phase_name === 'before')?.end).toBe(
      '2023-11-17T13:00:00-05:00',
    );
  });
});

describe('bad holiday and market rows', () => {
  it('a malformed holiday date: the market answers a data error for holidays too; others answer', () => {
    const ds = build((t) => t.holidays.push({ fin_id: 'US.NYSE', date: '23-11-2023', holiday_name: 'x' }));
    const line = fixtureTables().holidays.length + 2;
    for (const q of [
      () => ds.listHolidays('US.NYSE', '2023-01-01', '2023-12-31'),
      () => ds.generatePhases('US.NYSE', '2023-11-15', '2023-11-15'),
      () => ds.status('XNYS', Date.parse('2023-11-15T17:00:00Z')),
    ]) {
      expect(errorOf(q).message).toBe(
        `csv/holidays.csv, line ${line}, column 'Date': expected a date YYYY-MM-DD, got '23-11-2023'`,
      );
    }
    expect(ds.listSchedules('US.NYSE')).toEqual(clean.listSchedules('US.NYSE'));
    expect(untouched(ds)).toEqual(untouched(clean));
  });

  // The listing answered this data error before docs/bulk-format.md §5.5 kept both rows in listings.
  it(
    'two different holiday rows for one market and date: listed both, computing from the date names both ' + 'lines',
    () => {
      const base = fixtureTables().holidays;
      const first = base.findIndex((h) => h.fin_id === 'US.NYSE' && h.date === '2023-11-23');
      const ds = build((t) => t.holidays.push({ ...base[first]!, holiday_name: 'Second row' }));
      expect(ds.listHolidays('US.NYSE', '2023-11-23', '2023-11-23').map((h) => h.holiday_name)).toEqual([
        base[first]!.holiday_name,
        'Second row',
      ]);
      const e = errorOf(() => ds.generatePhases('US.NYSE', '2023-11-23', '2023-11-23'));
      expect(e.message).toBe(
        `csv/holidays.csv, line ${base.length + 2}, column 'Date': duplicate key (FinID, Date): two different ` +
          `holiday ` +
          `rows for US.NYSE on 2023-11-23 (also csv/holidays.csv, line ${first + 2})`,
      );
      expect(ds.duplicateHolidays('market', 'XNYS', '2023-01-01', '2023-12-31')).toEqual([
        {
          date: '2023-11-23',
          lines: [`csv/holidays.csv, line ${first + 2}`, `csv/holidays.csv, line ${base.length + 2}`],
        },
      ]);
      expect(untouched(ds)).toEqual(untouched(clean));
    },
  );

  // docs/bulk-format.md §5.2 lists "a duplicate key" among bad rows, identical or not (this test pinned
  // the old collapsing of identical rows into one).
  it('identical duplicate holiday rows are a duplicate key: a bad row naming both lines and the key columns', () => {
    const base = fixtureTables().holidays;
    const at = base.findIndex((h) => h.fin_id === 'US.NYSE' && h.date === '2023-11-23');
    const ds = build((t) => t.holidays.push({ ...base[at]! }));
    const message =
      `csv/holidays.csv, line ${base.length + 2}, column 'Date': duplicate key (FinID, Date): two ` +
      `identical holiday rows for US.NYSE on 2023-11-23 (also csv/holidays.csv, line ${at + 2})`;
    expect(ds.warnings.map((w) => [w.message, w.market, w.location?.column])).toEqual([[message, 'US.NYSE', 'date']]);
    expect(ds.listHolidays('US.NYSE', '2023-11-23', '2023-11-23')).toEqual(
      [base[at], base[at]].map(() => clean.listHolidays('US.NYSE', '2023-11-23', '2023-11-23')[0]),
    );
    for (const q of [
      () => ds.listDays('US.NYSE', '2023-11-23', '2023-11-23'),
      () => ds.generatePhases('US.NYSE', '2023-11-24', '2023-11-24'),
      () => ds.status('US.NYSE', Date.parse('2023-11-22T17:00:00Z')),
    ]) {
      expect(errorOf(q).message).toBe(message);
    }
    // The date and what is computed from it alone: the week before answers as without the row.
    expect(ds.status('US.NYSE', Date.parse('2023-11-15T17:00:00Z'))).toEqual(
      clean.status('US.NYSE', Date.parse('2023-11-15T17:00:00Z')),
    );
    expect(ds.getMarket('US.NYSE').fin_id).toBe('US.NYSE');
    expect(untouched(ds)).toEqual(untouched(clean));
  });

  it(
    'identical duplicate rows of the other keyed tables are bad rows too (markets, currencies, currency holidays, ' +
      'phase types, season definitions)',
    () => {
      const market = build((t) => (t.markets = [...t.markets, { ...t.markets.find((m) => m.fin_id === 'US.NYSE')! }]));
      expect(errorOf(() => market.generatePhases('US.NYSE', '2023-11-15', '2023-11-15')).message).toMatch(
        new RegExp(
          "column 'FinID': duplicate key FinID US.NYSE: market US.NYSE is listed twice with the same cells " +
            '\\(also csv/markets.csv, line \\d+\\)',
        ),
      );
      expect(market.listMarkets('US.NYSE')).toHaveLength(1);
      expect(untouched(market)).toEqual(untouched(clean));

      const ccy = build(
        (t) => (t.currencies = [...t.currencies!, { ...t.currencies!.find((c) => c.currency_code === 'USD')! }]),
      );
      expect(errorOf(() => ccy.listCurrencyHolidays('USD', '2023-01-01', '2023-12-31')).message).toMatch(
        /^csv\/currencies.csv, line \d+, column 'Currency Code': duplicate key Currency Code USD/,
      );
      expect(ccy.listCurrencyHolidays('EUR', '2023-01-01', '2023-12-31')).toEqual(
        clean.listCurrencyHolidays('EUR', '2023-01-01', '2023-12-31'),
      );

      const usdRow = fixtureTables().currencyHolidays!.find((h) => h.currency_code === 'USD')!;
      const ccyHol = build((t) => (t.currencyHolidays = [...t.currencyHolidays!, { ...usdRow }]));
      expect(ccyHol.listCurrencyHolidays('USD', usdRow.date, usdRow.date)).toHaveLength(2);
      expect(errorOf(() => ccyHol.calendarDays('USD', usdRow.date, usdRow.date)).message).toMatch(
        /column 'Date': duplicate key \(Currency Code, Date\): two identical holiday rows for USD/,
      );
      expect(untouched(ccyHol)).toEqual(untouched(clean));

      const phase = build(
        (t) =>
          (t.phaseTypes = [...t.phaseTypes!, { ...t.phaseTypes!.find((p) => p.name === 'Primary Trading Session')! }]),
      );
      expect(phase.warnings[0]!.location).toEqual({ table: 'phaseTypes', row: 13, column: 'name' });
      expect(errorOf(() => phase.generatePhases('US.NYSE', '2023-11-15', '2023-11-15')).message).toMatch(
        /duplicate key Name: phase type 'Primary Trading Session' has two identical rows/,
      );
      expect(phase.listHolidays('US.NYSE', '2023-01-01', '2023-12-31')).toEqual(
        clean.listHolidays('US.NYSE', '2023-01-01', '2023-12-31'),
      );

      // A season defined twice for one year: the dates of that year that need it answer the data error.
      const season = build(
        (t) =>
          (t.seasonDefinitions = [
            ...t.seasonDefinitions!,
            { ...t.seasonDefinitions!.find((d) => d.season === 'First Sunday of November' && d.year === 2023)! },
          ]),
      );
      expect(season.warnings.map((w) => w.location?.column)).toEqual(['year']);
      expect(errorOf(() => season.generatePhases('BR.B3', '2023-12-13', '2023-12-13')).message).toMatch(
        /duplicate key \(Season, Year\): season 'First Sunday of November' has two identical rows for 2023/,
      );
      expect(season.generatePhases('BR.B3', '2024-12-11', '2024-12-11')).toEqual(
        clean.generatePhases('BR.B3', '2024-12-11', '2024-12-11'),
      );
    },
  );

  it('identical duplicate schedule rows collapse to one, with a warning', () => {
    const row = fixtureTables().schedules!.find((s) => s.fin_id === 'US.NYSE')!;
    const ds = build((t) => t.schedules!.push({ ...row }));
    expect(ds.generatePhases('US.NYSE', '2023-11-15', '2023-11-15')).toEqual(
      clean.generatePhases('US.NYSE', '2023-11-15', '2023-11-15'),
    );
    expect(ds.warnings).toHaveLength(1);
    expect(ds.warnings[0]!.message).toMatch(/identical schedule row of US.NYSE/);
  });

  it('rows for a market that is not in the data touch nothing: a warning only', () => {
    const ds = build((t) => {
      t.holidays.push({ fin_id: 'US.NOPE', date: '2023-01-02' });
      t.schedules!.push(sched('US.NOPE', 'Regular', 'Other', 'Mon', '12:00', '13:00'));
    });
    expect(ds.warnings.map((w) => w.message).join('\n')).toMatch(
      /holiday row for US.NOPE, which is not in markets.csv[\s\S]*schedule row for US.NOPE/,
    );
    expect(ds.warnings.every((w) => w.market === undefined)).toBe(true);
    expect(untouched(ds)).toEqual(untouched(clean));
    expect(ds.generatePhases('US.NYSE', '2023-11-15', '2023-11-15')).toEqual(
      clean.generatePhases('US.NYSE', '2023-11-15', '2023-11-15'),
    );
  });

  it('a market with an unknown time zone answers a data error for phases, not for its record or holidays', () => {
    const ds = build((t) => t.markets.push({ fin_id: 'XX.TZ', timezone: 'Mars/Olympus' }));
    expect(errorOf(() => ds.status('XX.TZ', Date.parse('2023-11-15T17:00:00Z'))).message).toMatch(
      /csv\/markets.csv, line \d+, column 'Timezone': unknown time zone 'Mars\/Olympus'/,
    );
    expect(ds.getMarket('XX.TZ').timezone).toBe('Mars/Olympus');
    expect(untouched(ds)).toEqual(untouched(clean));
  });

  it('a market listed twice with different cells answers a data error', () => {
    const bad = build((t) => t.markets.push({ fin_id: 'us.nyse', timezone: 'Europe/London' }));
    expect(errorOf(() => bad.listHolidays('US.NYSE', '2023-01-01', '2023-12-31')).message).toMatch(
      /market US.NYSE is listed twice with different cells/,
    );
    expect(untouched(bad)).toEqual(untouched(clean));
  });

  it('reader faults (cells the loader could not read) make their row bad', () => {
    const ds = build(
      (t) => (t.rowFaults = [{ table: 'holidays', row: 0, message: 'the line has 3 fields but the header has 8' }]),
    );
    const owner = fixtureTables().holidays[0]!.fin_id;
    expect(errorOf(() => ds.listHolidays(owner, '2000-01-01', '2030-12-31')).message).toBe(
      'csv/holidays.csv, line 2: the line has 3 fields but the header has 8',
    );
  });

  it('a bad currency holiday row affects that currency only', () => {
    const ds = build((t) => t.currencyHolidays!.push({ currency_code: 'USD', date: 'soon' }));
    expect(errorOf(() => ds.listCurrencyHolidays('USD', '2023-01-01', '2023-12-31')).message).toMatch(
      /^csv\/currency-holidays.csv, line \d+, column 'Date': expected a date/,
    );
    expect(ds.getCurrency('USD').currency_code).toBe('USD');
    expect(untouched(ds)).toEqual(untouched(clean));
  });

  it(
    'schedules without a phase types table: every market with schedules answers a data error, holidays still ' +
      'answer',
    () => {
      const ds = build((t) => (t.phaseTypes = undefined));
      expect(errorOf(() => ds.generatePhases('US.NYSE', '2023-11-15', '2023-11-15')).message).toMatch(
        /unknown phase type/,
      );
      expect(ds.listHolidays('US.NYSE', '2023-01-01', '2023-12-31')).toEqual(
        clean.listHolidays('US.NYSE', '2023-01-01', '2023-12-31'),
      );
    },
  );

  it('keeps at most 1,000 warnings and counts the rest', () => {
    const ds = build((t) => {
      for (let i = 0; i < 1500; i++) t.holidays.push({ fin_id: `XX.N${i}`, date: '2023-01-02' });
    });
    expect(ds.warnings).toHaveLength(1001);
    expect(ds.warnings[1000]!.message).toBe('500 more warnings were not kept');
  });
});

describe('bad rows reach joined calendars and FX dates (a member needs its day views or its holidays)', () => {
  // The fixture's currencies cover only late 2023; rows that close nothing widen them to 2000-2030.
  const WINDOW_ROWS = ['USD', 'EUR'].flatMap((currency_code) =>
    ['2000-01-03', '2030-12-27'].map((date) => ({ currency_code, date, holiday_name: 'window', settlement: 'Yes' })),
  );
  const build = (mutate: (t: Tables) => void) =>
    buildWithSources((t) => {
      t.currencyHolidays!.push(...WINDOW_ROWS);
      mutate(t);
    });
  const clean = build(() => {});
  /** Answers about calendars and pairs that do not include the bad row's market or currency. */
  const others = (ds: Dataset) => ({
    days: ds.calendarDays(`${CME}+USD`, '2023-11-20', '2023-11-26'),
    adjust: ds.adjust('CN.SGE~AE.ADX', '2023-10-01', 'modified_following'),
    advance: ds.advance('USD', '2023-11-22', 2),
  });
  const marketQueries = (ds: Dataset) => [
    () => ds.calendarDays('US.NYSE+USD', '2023-11-20', '2023-11-26'),
    () => ds.calendarDays(`${CME}~XNYS`, '2023-11-20', '2023-11-26'),
    () => ds.adjust('XNYS', '2023-11-23'),
    () => ds.adjust('EUR+US.NYSE', '2023-11-23', 'following'),
    () => ds.advance('US.NYSE', '2023-11-22', 1),
    () => ds.advance('XNYS~USD', '2023-11-22', 1, 'months', 'following', true),
  ];

  it('a bad schedule row of a member market: days, adjust and advance answer its data error', () => {
    const ds = build((t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Lunch Break', 'Mon', '12:00', '13:00')));
    const message =
      `csv/schedules.csv, line ${scheduleLine()}, column 'Phase Type': unknown phase type 'Lunch ` +
      `Break' (not in phases.csv)`;
    for (const q of marketQueries(ds)) expect(errorOf(q).message).toBe(message);
    expect(others(ds)).toEqual(others(clean));
    // `unadjusted` looks at no business day: it answers, as without the row.
    expect(ds.adjust('EUR+US.NYSE', '2023-11-23', 'unadjusted')).toEqual(
      clean.adjust('EUR+US.NYSE', '2023-11-23', 'unadjusted'),
    );
  });

  it('a bad holiday row of a member market, and a bad market row, do the same', () => {
    const holiday = build((t) => t.holidays.push({ fin_id: 'US.NYSE', date: '23-11-2023', holiday_name: 'x' }));
    const line = fixtureTables().holidays.length + 2;
    for (const q of marketQueries(holiday))
      expect(errorOf(q).message).toBe(
        `csv/holidays.csv, line ${line}, column 'Date': expected a date YYYY-MM-DD, got '23-11-2023'`,
      );
    expect(others(holiday)).toEqual(others(clean));
    const zone = build((t) => t.markets.push({ fin_id: 'XX.TZ', timezone: 'Mars/Olympus' }));
    expect(errorOf(() => zone.adjust('XX.TZ+USD', '2023-11-23')).message).toMatch(
      /csv\/markets.csv, line \d+, column 'Timezone': unknown time zone 'Mars\/Olympus'/,
    );
    expect(errorOf(() => zone.calendarDays('USD~XX.TZ', '2023-11-23', '2023-11-23')).message).toMatch(
      /unknown time zone/,
    );
    expect(others(zone)).toEqual(others(clean));
  });

  it('a bad currency holiday row: calendars with that currency and every FX pair with it answer its data error', () => {
    const ds = build((t) =>
      t.currencyHolidays!.push({
        currency_code: 'EUR',
        date: '2023-12-32',
        holiday_name: 'Christmas',
        settlement: 'No',
      }),
    );
    const line = fixtureTables().currencyHolidays!.length + WINDOW_ROWS.length + 2;
    const where = `csv/currency-holidays.csv, line ${line}, column 'Date'`;
    const message = `${where}: expected a date YYYY-MM-DD, got '2023-12-32'`;
    for (const q of [
      () => ds.fxSpot('EURUSD', '2023-06-16'),
      () => ds.fxSpot('USDEUR', '2023-06-16', 1),
      () => ds.fxValueDate('EURUSD', '2023-06-16', '1M'),
      () => ds.calendarDays('EUR', '2023-12-20', '2023-12-27'),
      () => ds.adjust('US.NYSE+EUR', '2023-12-25'),
      () => ds.adjust('US.NYSE~EUR', '2023-12-23'),
      () => ds.advance('USD+EUR', '2023-12-22', 1),
    ]) {
      expect(errorOf(q).message).toBe(message);
    }
    // docs/calendar-arithmetic.md §4: a date the clean members settle answers. This fixture's NYSE
    // trades on Monday the 25th, so `~` needs no word from EUR there (Saturday it does).
    expect(ds.adjust('US.NYSE~EUR', '2023-12-25').adjusted).toBe('2023-12-25');
    expect(clean.adjust('US.NYSE~EUR', '2023-12-25').adjusted).toBe('2023-12-25');
    // Its record still answers, and so does everything without EUR.
    expect(ds.getCurrency('EUR').currency_code).toBe('EUR');
    expect(others(ds)).toEqual(others(clean));
  });

  it('a bad USD row reaches every pair (spot must be a USD business day), crosses included', () => {
    const ds = build((t) =>
      t.currencyHolidays!.push({ currency_code: 'USD', date: 'soon', holiday_name: 'x', settlement: 'No' }),
    );
    expect(errorOf(() => ds.fxSpot('EURUSD', '2023-06-16')).message).toMatch(
      /^csv\/currency-holidays.csv, line \d+, column 'Date': expected a date/,
    );
    expect(errorOf(() => ds.fxValueDate('EURUSD', '2023-06-16', 'SN')).message).toMatch(/expected a date/);
    expect(ds.calendarDays('EUR', '2023-12-20', '2023-12-27')).toEqual(
      clean.calendarDays('EUR', '2023-12-20', '2023-12-27'),
    );
  });

  it(
    "a season missing for one year: calendars answer unless a date they look at needs it, whatever the members' " +
      'order',
    () => {
      const ds = build((t) => {
        t.seasonDefinitions = t.seasonDefinitions!.filter(
          (d) => !(d.season === 'Second Sunday of March' && d.year === 2024),
        );
        t.schedules!.push(
          sched('US.NYSE', 'Regular', 'Other', 'Sat', '12:00', '13:00', {
            season_start: 'Second Sunday of March',
            season_end: 'First Sunday of November',
          }),
        );
      });
      const message =
        `csv/schedules.csv, line ${scheduleLine()}: season 'Second Sunday of March' has no definition ` +
        `for 2024 in season-definitions.csv`;
      for (const expr of ['US.NYSE+USD', 'USD~US.NYSE', 'US.NYSE~USD']) {
        expect(ds.calendarDays(expr, '2023-11-20', '2023-11-26')).toEqual(
          clean.calendarDays(expr, '2023-11-20', '2023-11-26'),
        );
        expect(ds.advance(expr, '2023-11-22', 1, 'months', 'following', true)).toEqual(
          clean.advance(expr, '2023-11-22', 1, 'months', 'following', true),
        );
        // Weekdays of July 2024 whose look-back holds no Saturday are still known.
        expect(ds.calendarDays(expr, '2024-07-03', '2024-07-05')).toEqual(
          clean.calendarDays(expr, '2024-07-03', '2024-07-05'),
        );
        // Mon 8 July 2024 looks back to Sat 6. The day list names every member's state, which the
        // missing season hides, so it fails (a choice: §4 speaks of business days).
        expect(errorOf(() => ds.calendarDays(expr, '2024-07-08', '2024-07-08')).message).toBe(message);
        // Sat 6: USD is closed, which settles `+` but not `~`; Mon 8: USD is open, which settles `~` only.
        expect(errorOf(() => ds.adjust(expr, '2024-07-06')).message).toBe(message);
        if (expr.includes('~')) expect(ds.adjust(expr, '2024-07-08')).toEqual(clean.adjust(expr, '2024-07-08'));
        else expect(errorOf(() => ds.adjust(expr, '2024-07-08')).message).toBe(message);
        expect(errorOf(() => ds.advance(expr, '2024-07-05', 1)).message).toBe(message);
      }
    },
  );

  it(
    'property: advance on a calendar with the spoiled market answers as before unless a date it looks at needs the ' +
      'missing season',
    () => {
      const { ds, DAY, dayOf, spoiled, first } = missingSeason2024(build);
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 700 }),
          fc.integer({ min: -12, max: 12 }),
          fc.constantFrom('US.NYSE', 'US.NYSE+USD', 'EUR~US.NYSE', `US.NYSE+${CME}`),
          (k, n, expr) => {
            const date = new Date((first + k) * DAY).toISOString().slice(0, 10);
            const expected = clean.advance(expr, date, n);
            const to = dayOf(expected.result);
            // n = 0 adjusts from the date itself; otherwise the steps start the day after (before).
            const from = n === 0 ? first + k : n > 0 ? first + k + 1 : first + k - 1;
            // docs/calendar-arithmetic.md §4: a spoiled date fails the walk unless the clean member settles
            // it (closed for `+`, open for `~`). The walk looks at dates from `from` towards `to`.
            const other = expr === 'US.NYSE' ? undefined : expr.replace(/US\.NYSE[+~]?|[+~]US\.NYSE/, '');
            const settled = (x: number) => {
              if (other === undefined) return false;
              const iso = new Date(x * DAY).toISOString().slice(0, 10);
              const open = clean.calendarDays(other, iso, iso)[0]!.is_business_day;
              return expr.includes('~') ? open : !open;
            };
            let fails = false;
            const step = to >= from ? 1 : -1;
            for (let x = from; step > 0 ? x <= to : x >= to; x += step) fails ||= spoiled(x) && !settled(x);
            if (fails) expect(() => ds.advance(expr, date, n)).toThrow(DataError);
            else expect(ds.advance(expr, date, n)).toEqual(expected);
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});

describe('building', () => {
  it('keeps problems that leave answers right as warnings', () => {
    const t = fixtureTables();
    t.micMapping!.push({ mic: 'XGON', fin_id: 'US.GONE' });
    const ds = Dataset.create(t);
    expect(ds.warnings.map((w) => w.message).join('\n')).toMatch(/XGON/);
  });

  it(
    'a MIC mapped twice to one market and a twice-written schedule row warn naming a column (not keys: they stay ' +
      'usable)',
    () => {
      const t = fixtureTables();
      t.sources = SOURCES;
      t.micMapping = [...t.micMapping!, { ...t.micMapping![0]! }];
      t.schedules = [...t.schedules!, { ...t.schedules!.find((s) => s.fin_id === 'US.NYSE')! }];
      const ds = Dataset.create(t);
      expect(ds.warnings.map((w) => [w.location?.table, w.location?.column, w.market])).toEqual([
        ['schedules', 'fin_id', undefined],
        ['micMapping', 'mic', undefined],
      ]);
      expect(ds.generatePhases('US.NYSE', '2023-11-15', '2023-11-15')).toEqual(
        clean.generatePhases('US.NYSE', '2023-11-15', '2023-11-15'),
      );
    },
  );

  it('gives a market without holidays the fallback window', () => {
    const t = fixtureTables();
    t.markets.push({ fin_id: 'XX.NEW', timezone: 'UTC' });
    const m = Dataset.create(t, { coverageEndYearWithoutHolidays: 2031 }).getMarket('XX.NEW');
    expect([m.holidays_min_date, m.holidays_max_date]).toEqual(['2000-01-01', '2031-12-31']);
  });

  it('counts what it loaded', () => {
    const ds = Dataset.create(fixtureTables());
    expect(ds.counts.markets).toBe(9);
    expect(ds.counts.currencies).toBe(2);
    expect(ds.listPhaseTypes()).toHaveLength(13);
  });
});
