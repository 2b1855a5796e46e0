/**
 * Example tests for rules of docs/semantics.md that had no test, or only tests that could not
 * fail (see RULES.md). Test names start with the rule number used there.
 */
import { describe, expect, it } from 'vitest';
import {
  AmbiguousMicError,
  DataError,
  Dataset,
  InvalidArgumentError,
  NotFoundError,
  NotInPlanError,
  OutOfCoverageError,
  type MarketHolidayRow,
  type Tables,
} from '../src/index.js';
import { PHASE_TYPES, fixtureTables, sched } from '../src/testing/fixture.js';

const at = (iso: string) => Date.parse(iso);

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

const closed = (fin_id: string, date: string, holiday_name = 'Closure'): MarketHolidayRow => ({
  fin_id,
  date,
  holiday_name,
  schedule: 'Closed',
  status: 'Closed',
  settlement: 'No',
});

/** A one-market table in UTC covering 2023, with the given schedule rows and extra holidays. */
function small(schedules: ReturnType<typeof sched>[], holidays: MarketHolidayRow[] = [], timezone = 'UTC'): Tables {
  return {
    markets: [{ fin_id: 'XX.S', timezone }],
    holidays: [closed('XX.S', '2023-01-01', 'Start'), closed('XX.S', '2023-12-31', 'End'), ...holidays],
    schedules: schedules as Tables['schedules'],
    phaseTypes: PHASE_TYPES,
  };
}

describe('§1 finding a market', () => {
  // The fixture's AR.BCBA and AR.BYMA have identical schedules and coverage, so comparing their
  // answers cannot tell a followed lookup from an unfollowed one. Here every answer differs.
  function replaced(): Dataset {
    const t = fixtureTables();
    t.markets.push(
      { fin_id: 'ZZ.OLD', timezone: 'Asia/Tokyo', replaced_by: 'ZZ.NEW' },
      { fin_id: 'ZZ.NEW', timezone: 'Europe/London' },
    );
    t.micMapping!.push({ mic: 'ZOLD', fin_id: 'ZZ.OLD' });
    t.holidays.push(
      closed('ZZ.OLD', '2000-01-01'),
      closed('ZZ.OLD', '2023-11-15', 'Old Closure'),
      closed('ZZ.OLD', '2030-12-31'),
      closed('ZZ.NEW', '2000-01-03'),
      {
        fin_id: 'ZZ.NEW',
        date: '2023-11-16',
        holiday_name: 'New Half Day',
        schedule: 'Partial',
        status: 'Open',
        settlement: 'No',
      },
      closed('ZZ.NEW', '2030-12-30'),
    );
    t.schedules!.push(
      sched('ZZ.OLD', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00', '11:00', { phase_name: 'old' }),
      sched('ZZ.NEW', 'Regular', 'Primary Trading Session', 'Mon-Fri', '08:00', '16:30', { phase_name: 'new' }),
      sched('ZZ.NEW', 'Partial', 'Primary Trading Session, No Settlement', 'Mon-Fri', '08:00', '12:30', {
        phase_name: 'new-half',
      }),
    );
    return Dataset.create(t);
  }

  it('1.10 sub-resources of a replaced market answer with the replacing market (data that differs)', () => {
    const ds = replaced();
    for (const id of ['ZZ.OLD', 'zz.old', 'ZOLD']) {
      const schedules = ds.listSchedules(id);
      expect(schedules.map((s) => [s.fin_id, s.phase_name])).toEqual([
        ['ZZ.NEW', 'new-half'],
        ['ZZ.NEW', 'new'],
      ]);
      expect(ds.listHolidays(id, '2023-11-01', '2023-11-30').map((h) => [h.fin_id, h.holiday_name])).toEqual([
        ['ZZ.NEW', 'New Half Day'],
      ]);
      // 2023-11-15 is a closed holiday of ZZ.OLD; ZZ.NEW trades 08:00-16:30 London.
      expect(
        ds.generatePhases(id, '2023-11-15', '2023-11-16').map((p) => `${p.phase_name} ${p.start} ${p.end}`),
      ).toEqual([
        'new 2023-11-15T08:00:00+00:00 2023-11-15T16:30:00+00:00',
        'new-half 2023-11-16T08:00:00+00:00 2023-11-16T12:30:00+00:00',
      ]);
      const days = ds.listDays(id, '2023-11-15', '2023-11-16');
      expect(days.map((d) => [d.date, d.is_open, d.has_settlement, d.holiday?.holiday_name ?? null])).toEqual([
        ['2023-11-15', true, true, null],
        ['2023-11-16', true, false, 'New Half Day'],
      ]);
      const s = ds.status(id, at('2023-11-15T12:00:00Z'));
      expect(s).toMatchObject({ status: 'Open', next_bell: '2023-11-15T16:30:00+00:00' });
      expect(s.market?.fin_id).toBe('ZZ.NEW');
      // The coverage window is the replacing market's too.
      expect(caught(() => ds.generatePhases(id, '2000-01-01', '2000-01-05'))).toBeInstanceOf(OutOfCoverageError);
      expect(() => ds.generatePhases(id, '2000-01-01', '2000-01-05')).toThrow(/ZZ\.NEW.*2000-01-03 to 2030-12-30/);
    }
    // follow=false still answers the stored record.
    expect(ds.getMarket('ZOLD', { follow: false })).toMatchObject({ fin_id: 'ZZ.OLD', replaced_by: 'ZZ.NEW' });
  });

  it('1.8/1.10 a sub-resource of a market whose replacement chain loops or dangles is an error, never a hang', () => {
    const t = fixtureTables();
    t.markets.push(
      { fin_id: 'ZZ.X', replaced_by: 'ZZ.Y', timezone: 'UTC' },
      { fin_id: 'ZZ.Y', replaced_by: 'ZZ.X', timezone: 'UTC' },
      { fin_id: 'ZZ.D', replaced_by: 'ZZ.GONE', timezone: 'UTC' },
    );
    const ds = Dataset.create(t);
    expect(caught(() => ds.generatePhases('ZZ.X', '2023-01-02', '2023-01-02'))).toBeInstanceOf(DataError);
    expect(caught(() => ds.listHolidays('ZZ.Y', '2023-01-02', '2023-01-02'))).toBeInstanceOf(DataError);
    expect(caught(() => ds.status('ZZ.D', at('2023-01-02T12:00:00Z')))).toBeInstanceOf(NotFoundError);
    expect(ds.isMarketAvailable('ZZ.X')).toBe(false);
    expect(ds.isMarketAvailable('ZZ.D')).toBe(false);
  });

  it('1.12 is_available is false, not an error, for malformed identifiers of every kind', () => {
    const ds = Dataset.create(fixtureTables());
    for (const bad of ['', '.', 'US.', 'US..NYSE', 'XN', 'XNYSE', 'X-YS', ' ']) {
      expect(() => ds.isMarketAvailable(bad)).not.toThrow();
      expect(ds.isMarketAvailable(bad)).toBe(false);
    }
    // A MIC mapped to one replaced market is available (the lookup succeeds through the chain).
    expect(ds.isMarketAvailable('XBUE')).toBe(true);
    expect(ds.isMarketAvailable('ar.bcba')).toBe(true);
  });
});

describe('§2 holidays', () => {
  it(
    '2.3 answers every holiday row in range, both rows of a date written twice; computing from that date is a data ' +
      'error',
    () => {
      const t = fixtureTables();
      t.holidays.push({
        fin_id: 'US.NYSE',
        date: '2023-11-23',
        holiday_name: 'Second row',
        schedule: 'Closed',
        status: 'Closed',
        settlement: 'No',
      });
      const ds = Dataset.create(t);
      expect(ds.listHolidays('US.NYSE', '2023-11-23', '2023-11-24').map((h) => [h.date, h.holiday_name])).toEqual([
        ['2023-11-23', 'Thanksgiving Day'],
        ['2023-11-23', 'Second row'],
        ['2023-11-24', 'Thanksgiving Day'],
      ]);
      expect(() => ds.listDays('US.NYSE', '2023-11-23', '2023-11-24')).toThrow(
        /two different holiday rows for US.NYSE on 2023-11-23/,
      );
      expect(
        Dataset.create(fixtureTables())
          .listHolidays('US.NYSE', '2023-11-23', '2023-11-24')
          .map((h) => [h.date, h.holiday_name]),
      ).toEqual([
        ['2023-11-23', 'Thanksgiving Day'],
        ['2023-11-24', 'Thanksgiving Day'],
      ]);
    },
  );

  it('2.3 lists the rows of the asked market only, and currency holidays of the asked currency only', () => {
    const ds = Dataset.create(fixtureTables());
    const nyse = ds.listHolidays('US.NYSE', '2023-11-01', '2023-11-30');
    expect(nyse.map((h) => h.fin_id)).toEqual(['US.NYSE', 'US.NYSE']);
    expect(ds.listHolidays('US.CME.EQUITY.USINDEX1', '2023-11-01', '2023-11-30').map((h) => h.schedule)).toEqual([
      'Thanksgiving Eve',
      'Thanksgiving',
      'Day After Thanksgiving',
    ]);
    expect(ds.listCurrencyHolidays('EUR', '2023-01-01', '2023-12-31').map((h) => [h.currency_code, h.date])).toEqual([
      ['EUR', '2023-12-25'],
    ]);
  });

  it('2.2 end before start, and malformed dates, are validation errors naming each parameter', () => {
    const ds = Dataset.create(fixtureTables());
    const e1 = caught(() => ds.listHolidays('US.NYSE', '2023-11-24', '2023-11-23')) as InvalidArgumentError;
    expect(e1).toBeInstanceOf(InvalidArgumentError);
    expect(e1.faults.map((f) => f.param)).toEqual(['end']);
    const e2 = caught(() => ds.listHolidays('US.NYSE', '2023-02-30', 'soon')) as InvalidArgumentError;
    expect(e2).toBeInstanceOf(InvalidArgumentError);
    expect(e2.faults.map((f) => f.param)).toEqual(['start', 'end']);
    const e3 = caught(() => ds.listCurrencyHolidays('USD', '2023-12-31', '2023-01-01')) as InvalidArgumentError;
    expect(e3.faults.map((f) => f.param)).toEqual(['end']);
    // A one-day range is not "end before start".
    expect(ds.listHolidays('US.NYSE', '2023-11-23', '2023-11-23')).toHaveLength(1);
  });
});

describe('§4 generating phases', () => {
  it(
    '4.0 end before start is refused for phases and days; a range crossing either window edge is refused ' + 'whole',
    () => {
      const ds = Dataset.create(fixtureTables());
      for (const call of [
        () => ds.generatePhases('US.NYSE', '2023-11-16', '2023-11-15'),
        () => ds.listDays('US.NYSE', '2023-11-16', '2023-11-15'),
      ]) {
        const e = caught(call) as InvalidArgumentError;
        expect(e).toBeInstanceOf(InvalidArgumentError);
        expect(e.faults[0]!.param).toBe('end');
      }
      // Coverage is 2000-01-01 .. 2030-12-25 for US.NYSE.
      for (const [s, e] of [
        ['1999-12-31', '2000-01-05'],
        ['2030-12-20', '2030-12-26'],
        ['1999-01-01', '2031-01-01'],
      ] as const) {
        expect(() => ds.generatePhases('US.NYSE', s, e)).toThrow(OutOfCoverageError);
        expect(() => ds.listDays('US.NYSE', s, e)).toThrow(/2000-01-01 to 2030-12-25/);
      }
      expect(ds.listDays('US.NYSE', '2030-12-20', '2030-12-25')).toHaveLength(6);
    },
  );

  it('4.1 a make-up day whose schedule spells Regular in another case still falls back', () => {
    const t = fixtureTables();
    // 2023-10-15 is a Sunday; CN.CIBM rows are Mon-Fri.
    t.holidays.push({
      fin_id: 'CN.CIBM',
      date: '2023-10-15',
      holiday_name: 'Make-up',
      schedule: 'REGULAR',
      status: 'Open',
      settlement: 'Yes',
    });
    t.holidays.push({
      fin_id: 'CN.CIBM',
      date: '2023-10-14',
      holiday_name: 'Make-up',
      schedule: 'regular',
      status: 'Open',
      settlement: 'Yes',
    });
    const ds = Dataset.create(t);
    expect(ds.generatePhases('CN.CIBM', '2023-10-14', '2023-10-15').map((p) => p.start)).toEqual([
      '2023-10-14T09:00:00+08:00',
      '2023-10-14T13:30:00+08:00',
      '2023-10-15T09:00:00+08:00',
      '2023-10-15T13:30:00+08:00',
    ]);
  });

  it('4.4 a make-up day on a weekday that has rows uses its own rows, not the day before', () => {
    const ds = Dataset.create(
      small(
        [
          sched('XX.S', 'Regular', 'Primary Trading Session', 'Mon', '08:00', '12:00', { phase_name: 'mon' }),
          sched('XX.S', 'Regular', 'Primary Trading Session', 'Tue', '09:00', '12:00', { phase_name: 'tue' }),
        ],
        [
          {
            fin_id: 'XX.S',
            date: '2023-11-14',
            holiday_name: 'Make-up',
            schedule: 'Regular',
            status: 'Open',
            settlement: 'Yes',
          },
        ],
      ),
    );
    expect(ds.generatePhases('XX.S', '2023-11-14', '2023-11-14').map((p) => p.phase_name)).toEqual(['tue']);
  });

  it('4.3 a season is resolved with the year of the date: each year uses its own definition', () => {
    // "Summer" starts and ends on different dates each year; a row applies only inside them.
    const t: Tables = {
      markets: [{ fin_id: 'XX.S', timezone: 'UTC' }],
      holidays: [closed('XX.S', '2022-01-01'), closed('XX.S', '2024-12-31')],
      schedules: [
        sched('XX.S', 'Regular', 'Other', 'Mon-Sun', '10:00', '11:00', {
          season_start: 'Summer Start',
          season_end: 'Summer End',
        }),
      ] as Tables['schedules'],
      phaseTypes: PHASE_TYPES,
      seasonDefinitions: [
        { season: 'Summer Start', year: 2022, date: '2022-06-01' },
        { season: 'Summer End', year: 2022, date: '2022-06-10' },
        { season: 'summer start', year: 2023, date: '2023-06-05' },
        { season: 'SUMMER END', year: 2023, date: '2023-06-07' },
        { season: 'Summer Start', year: 2024, date: '2024-12-30' },
        { season: 'Summer End', year: 2024, date: '2024-01-02' },
      ],
    };
    const open = Dataset.create(t)
      .listDays('XX.S', '2022-01-01', '2024-12-31')
      .filter((d) => d.phases.length > 0)
      .map((d) => d.date);
    expect(open).toEqual([
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'].map((d) => `2022-06-${d}`),
      '2023-06-05',
      '2023-06-06',
      '2023-06-07',
      // 2024 wraps (end before start): the first two days and the last two.
      '2024-01-01',
      '2024-01-02',
      '2024-12-30',
    ]);
  });

  it('4.3 the data error for a missing season year names the season and the year, whichever field is missing', () => {
    const t = fixtureTables();
    t.seasonDefinitions = t.seasonDefinitions!.filter(
      (s) => !(s.year === 2026 && s.season === 'Second Sunday of March'),
    );
    const ds = Dataset.create(t);
    const e = caught(() => ds.generatePhases('BR.B3', '2026-06-01', '2026-06-01')) as DataError;
    expect(e).toBeInstanceOf(DataError);
    expect(e.message).toContain("'Second Sunday of March'");
    expect(e.message).toContain('2026');
  });
});

describe('§5 market status', () => {
  // A market that trades 10:00-11:00 UTC every day; closures are added per test.
  const daily = (closures: string[]) =>
    Dataset.create(
      small(
        [sched('XX.S', 'Regular', 'Primary Trading Session', 'Mon-Sun', '10:00', '11:00')],
        closures.map((d) => closed('XX.S', d)),
      ),
    );

  it('5.1 the status window is D .. D+5 exactly: a bell on D+5 is found, one on D+6 is not', () => {
    // D = Monday 2023-11-13, 12:00 (after that day's session).
    const t = at('2023-11-13T12:00:00Z');
    const reaches5 = daily(['2023-11-14', '2023-11-15', '2023-11-16', '2023-11-17']).status('XX.S', t);
    expect(reaches5).toMatchObject({
      status: 'Closed',
      phase: null,
      until: '2023-11-18T10:00:00+00:00',
      next_bell: '2023-11-18T10:00:00+00:00',
    });
    const beyond = daily(['2023-11-14', '2023-11-15', '2023-11-16', '2023-11-17', '2023-11-18']).status('XX.S', t);
    expect(beyond).toMatchObject({ status: 'Closed', phase: null, until: null, next_bell: null });
  });

  it('5.1 the look-back applies: a phase that began two days before D is current on D', () => {
    const ds = Dataset.create(
      small([
        sched('XX.S', 'Regular', 'Primary Trading Session, No Settlement', 'Sat', '08:00', '09:00', {
          offset_days: 2,
          phase_name: 'long',
        }),
      ]),
    );
    // Monday 2023-11-13 08:30: inside Sat 08:00 -> Mon 09:00.
    const s = ds.status('XX.S', at('2023-11-13T08:30:00Z'));
    expect(s).toMatchObject({
      status: 'Open',
      until: '2023-11-13T09:00:00+00:00',
      next_bell: '2023-11-13T09:00:00+00:00',
    });
    expect(s.phase).toMatchObject({ phase_name: 'long', start: '2023-11-11T08:00:00+00:00' });
  });

  it('5.4 until is the earliest upcoming start, not the first upcoming phase in generation order', () => {
    // Step 5 orders by wall-clock start: B (07:00 UTC) before A (08:00 in Tokyo), but A's
    // instant (Mon 23:00 UTC) comes first.
    const ds = Dataset.create(
      small([
        sched('XX.S', 'Regular', 'Pre-Open', 'Tue', '08:00', '08:30', { timezone: 'Asia/Tokyo', phase_name: 'A' }),
        sched('XX.S', 'Regular', 'Primary Trading Session', 'Tue', '07:00', '10:00', { phase_name: 'B' }),
      ]),
    );
    expect(ds.generatePhases('XX.S', '2023-11-14', '2023-11-14').map((p) => p.phase_name)).toEqual(['B', 'A']);
    // Monday 12:00: no current phase. until -> A's start; next_bell -> the first open upcoming (B).
    expect(ds.status('XX.S', at('2023-11-13T12:00:00Z'))).toMatchObject({
      status: 'Closed',
      phase: null,
      until: '2023-11-13T23:00:00+00:00',
      next_bell: '2023-11-14T07:00:00+00:00',
    });
  });

  it(
    '5.4 with a current phase, until is the earliest upcoming start before it ends, whatever the generation ' + 'order',
    () => {
      const ds = Dataset.create(
        small([
          sched('XX.S', 'Regular', 'Primary Trading Session', 'Mon', '09:00', '17:00', { phase_name: 'C' }),
          // Tuesday 01:00 in Tokyo is Monday 16:00 UTC, generated with Tuesday's rows.
          sched('XX.S', 'Regular', 'Other', 'Tue', '01:00', '01:00', { timezone: 'Asia/Tokyo', phase_name: 'X' }),
          sched('XX.S', 'Regular', 'Pre-Close', 'Mon', '16:30', '16:45', { phase_name: 'Y' }),
          sched('XX.S', 'Regular', 'Pre-Open', 'Mon', '18:00', '19:00', { phase_name: 'after' }),
        ]),
      );
      // Generation order: Monday's C, Y, after, then Tuesday's X.
      expect(ds.generatePhases('XX.S', '2023-11-13', '2023-11-14').map((p) => p.phase_name)).toEqual([
        'C',
        'Y',
        'after',
        'X',
      ]);
      const s = ds.status('XX.S', at('2023-11-13T12:00:00Z'));
      expect(s).toMatchObject({
        status: 'Open',
        until: '2023-11-13T16:00:00+00:00',
        next_bell: '2023-11-13T17:00:00+00:00',
      });
      expect(s.phase?.phase_name).toBe('C');
      // After X and Y began, C is still the current (open) phase; nothing else starts before 17:00.
      expect(ds.status('XX.S', at('2023-11-13T16:50:00Z'))).toMatchObject({ until: '2023-11-13T17:00:00+00:00' });
    },
  );

  it('5.5 next_bell: a closed current phase points at the first open phase to come, not at its own end', () => {
    const ds = Dataset.create(
      small([
        sched('XX.S', 'Regular', 'Pre-Open', 'Mon', '08:00', '09:30', { phase_name: 'pre' }),
        sched('XX.S', 'Regular', 'Primary Trading Session', 'Tue', '09:00', '10:00', { phase_name: 'tue' }),
      ]),
    );
    expect(ds.status('XX.S', at('2023-11-13T08:30:00Z'))).toMatchObject({
      status: 'Closed',
      reason: 'Pre-Open',
      until: '2023-11-13T09:30:00+00:00',
      next_bell: '2023-11-14T09:00:00+00:00',
    });
  });

  it('5.6 reason: a holiday without a name, a non-Regular schedule, trimming and the empty case', () => {
    const rows = [
      sched('XX.S', 'Partial', 'Primary Trading Session', 'Mon-Sun', '10:00', '11:00'),
      sched('XX.S', 'Regular', 'Primary Trading Session', 'Mon-Sun', '10:00', '11:00'),
    ];
    const ds = Dataset.create(
      small(rows, [
        {
          fin_id: 'XX.S',
          date: '2023-11-13',
          holiday_name: null,
          schedule: 'Partial',
          status: 'Open',
          settlement: 'No',
        },
        {
          fin_id: 'XX.S',
          date: '2023-11-14',
          holiday_name: '  Bank Holiday - ',
          schedule: 'Closed',
          status: 'Closed',
          settlement: 'No',
        },
        {
          fin_id: 'XX.S',
          date: '2023-11-15',
          holiday_name: null,
          schedule: 'Closed',
          status: 'Closed',
          settlement: 'No',
        },
        {
          fin_id: 'XX.S',
          date: '2023-11-16',
          holiday_name: 'Make-up',
          schedule: 'regular',
          status: 'Open',
          settlement: 'Yes',
        },
      ]),
    );
    // No name, current phase, non-Regular schedule: the leading " - " is trimmed.
    expect(ds.status('XX.S', at('2023-11-13T10:30:00Z')).reason).toBe('Primary Trading Session (Partial)');
    // Holiday name only (no current phase, so no schedule either), spaces and dashes trimmed.
    expect(ds.status('XX.S', at('2023-11-14T10:30:00Z')).reason).toBe('Bank Holiday');
    // Nothing to say: null, not ''.
    expect(ds.status('XX.S', at('2023-11-15T10:30:00Z')).reason).toBeNull();
    expect(ds.status('XX.S', at('2023-11-17T12:00:00Z')).reason).toBeNull();
    // A Regular schedule in any case adds no parentheses.
    expect(ds.status('XX.S', at('2023-11-16T10:30:00Z')).reason).toBe('Make-up - Primary Trading Session');
  });

  it(
    '5.7 status is the current phase status; phase and market are answered; a phase in another zone is written in ' +
      "the market zone and keeps its row's timezone (§4 step 7)",
    () => {
      const ds = Dataset.create(
        small(
          [sched('XX.S', 'Regular', 'Other', 'Mon', '09:00', '10:00', { timezone: 'Asia/Tokyo' })],
          [],
          'America/New_York',
        ),
      );
      // Monday 09:30 Tokyo = Sunday 19:30 New York (EST). D (New York) is Sunday; the row's day is Monday.
      const s = ds.status('XX.S', at('2023-11-13T00:30:00Z'));
      expect(s.status).toBe('Closed');
      expect(s.phase).toMatchObject({
        phase_type: 'Other',
        start: '2023-11-12T19:00:00-05:00',
        end: '2023-11-12T20:00:00-05:00',
        timezone: 'Asia/Tokyo',
      });
      expect(s.market?.fin_id).toBe('XX.S');
      expect(s.until).toBe('2023-11-12T20:00:00-05:00');
    },
  );

  it('5.0 an instant outside the coverage window is refused, naming the window', () => {
    const ds = Dataset.create(fixtureTables());
    const e = caught(() => ds.status('US.NYSE', at('2030-12-26T05:30:00Z'))) as OutOfCoverageError;
    expect(e).toBeInstanceOf(OutOfCoverageError);
    expect(e.message).toContain('2000-01-01 to 2030-12-25');
    // 2000-01-01 05:30 UTC is 00:30 New York on 2000-01-01, the first covered date: inside.
    expect(() => ds.status('US.NYSE', at('2000-01-01T05:30:00Z'))).not.toThrow();
    // 1999-12-31 23:30 New York (2000-01-01 04:30 UTC) is outside: D is the local date.
    expect(() => ds.status('US.NYSE', at('2000-01-01T04:30:00Z'))).toThrow(OutOfCoverageError);
  });
});

describe('§7 errors (the typed errors adapters map by code)', () => {
  const ds = Dataset.create(fixtureTables());

  it('7.1-7.5 each case raises the error whose code the adapters map to its HTTP status', () => {
    const code = (fn: () => unknown) => (caught(fn) as { code: string }).code;
    expect(code(() => ds.listHolidays('US.NYSE', 'x', '2023-01-01'))).toBe('invalid_argument');
    expect(code(() => ds.getMarket('US..NYSE'))).toBe('invalid_argument');
    expect(code(() => ds.getMarket('XNY'))).toBe('invalid_argument');
    expect(code(() => ds.getCurrency('US'))).toBe('invalid_argument');
    expect(code(() => ds.getMarket('US.NOPE'))).toBe('not_found');
    expect(code(() => ds.getMarket('ZZZZ'))).toBe('not_found');
    expect(code(() => ds.getCurrency('XXX'))).toBe('not_found');
    expect(code(() => ds.getMarket('XCME'))).toBe('ambiguous');
    expect(code(() => ds.status('US.NYSE', at('1990-01-01T00:00:00Z')))).toBe('out_of_coverage');
    const holidaysOnly = Dataset.create({
      ...fixtureTables(),
      schedules: undefined,
      currencies: undefined,
      currencyHolidays: undefined,
    });
    expect(code(() => holidaysOnly.generatePhases('US.NYSE', '2023-11-15', '2023-11-15'))).toBe('not_in_plan');
    expect(code(() => holidaysOnly.listCurrencies())).toBe('not_in_plan');
    expect(caught(() => ds.getMarket('XCME'))).toBeInstanceOf(AmbiguousMicError);
    expect(caught(() => holidaysOnly.listSchedules('US.NYSE'))).toBeInstanceOf(NotInPlanError);
  });

  it('7.2 not found names what was not found: market, MIC or currency', () => {
    expect(() => ds.getMarket('US.NOPE')).toThrow(/US\.NOPE/);
    expect(() => ds.getMarket('zzzz')).toThrow(/ZZZZ/);
    expect(() => ds.getCurrency('xxx')).toThrow(/XXX/);
    expect(() => ds.listHolidays('US.NOPE', '2023-01-01', '2023-01-02')).toThrow(/US\.NOPE/);
  });

  it('7.1 a malformed identifier is named identifier; one fault per bad parameter', () => {
    const e = caught(() => ds.generatePhases('X-YZ', '2023-01-01', '2023-01-02')) as InvalidArgumentError;
    expect(e.faults).toEqual([expect.objectContaining({ param: 'identifier' })]);
    const both = caught(() => ds.listDays('US.NYSE', '', '2023-13-01')) as InvalidArgumentError;
    expect(both.faults.map((f) => f.param)).toEqual(['start', 'end']);
    expect(both.faults.every((f) => f.msg.length > 0 && f.type.length > 0)).toBe(true);
  });
});

describe('§5 step 1: the status window is generated like a range', () => {
  it('a phase that starts on the window’s last day and ends after it is in the window (next_bell found)', () => {
    // Only a Monday night session (20:00 → Tuesday 02:00). Wednesday 2023-11-15: the window is
    // Wed..Mon 2023-11-20, and Monday's session starts on its last day and ends on Tuesday.
    const ds = Dataset.create(
      small([sched('XX.S', 'Regular', 'Primary Trading Session', 'Mon', '20:00', '02:00', { offset_days: 1 })]),
    );
    expect(ds.status('XX.S', at('2023-11-15T12:00:00Z'))).toMatchObject({
      status: 'Closed',
      until: '2023-11-20T20:00:00+00:00',
      next_bell: '2023-11-20T20:00:00+00:00',
    });
    // From Tuesday noon the window is Tue..Sun: Monday 20th's session lies beyond it, so none.
    expect(ds.status('XX.S', at('2023-11-14T12:00:00Z'))).toMatchObject({ next_bell: null, until: null });
  });

  it('a phase that began two days before D and is still running is the current phase (look-back)', () => {
    const ds = Dataset.create(
      small([sched('XX.S', 'Regular', 'Primary Trading Session', 'Mon', '20:00', '02:00', { offset_days: 2 })]),
    );
    expect(ds.status('XX.S', at('2023-11-15T01:00:00Z'))).toMatchObject({
      status: 'Open',
      next_bell: '2023-11-15T02:00:00+00:00',
    });
  });
});
