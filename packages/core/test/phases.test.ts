import { describe, expect, it } from 'vitest';
import { DataError, Dataset, NotInPlanError, OutOfCoverageError, type Tables } from '../src/index.js';
import { CME, fixtureTables, sched } from '../src/testing/fixture.js';

const ds = Dataset.create(fixtureTables());
const brief = (p: { phase_type: string; start: string; end: string }) => `${p.phase_type} ${p.start} ${p.end}`;

describe('§4 generating phases', () => {
  it('generates the NYSE regular day in step-5 order, keeping the zero-length auction', () => {
    expect(ds.generatePhases('US.NYSE', '2023-11-15', '2023-11-15').map(brief)).toEqual([
      'Pre-Trading Session 2023-11-15T04:00:00-05:00 2023-11-15T09:30:00-05:00',
      'Pre-Open 2023-11-15T06:30:00-05:00 2023-11-15T09:30:00-05:00',
      'Call Auction 2023-11-15T09:30:00-05:00 2023-11-15T09:30:00-05:00',
      'Primary Trading Session 2023-11-15T09:30:00-05:00 2023-11-15T16:00:00-05:00',
      'Pre-Close 2023-11-15T15:50:00-05:00 2023-11-15T16:00:00-05:00',
      'Post-Trading Session 2023-11-15T16:00:00-05:00 2023-11-15T20:00:00-05:00',
    ]);
  });

  it('step 1: a Closed holiday has no phases; a Partial holiday uses its group', () => {
    expect(ds.generatePhases('US.NYSE', '2023-11-23', '2023-11-23')).toEqual([]);
    expect(ds.generatePhases('US.NYSE', '2024-12-25', '2024-12-25')).toEqual([]);
    expect(ds.generatePhases('US.NYSE', '2023-11-24', '2023-11-24').map(brief)).toEqual([
      'Pre-Trading Session 2023-11-24T06:30:00-05:00 2023-11-24T09:30:00-05:00',
      'Primary Trading Session 2023-11-24T09:30:00-05:00 2023-11-24T13:00:00-05:00',
      'Post-Trading Session 2023-11-24T13:00:00-05:00 2023-11-24T13:30:00-05:00',
    ]);
  });

  it('step 1: group names match case-insensitively', () => {
    const t: Tables = fixtureTables();
    t.holidays.push({
      fin_id: 'US.NYSE',
      date: '2023-07-03',
      holiday_name: 'Independence Day',
      schedule: 'PARTIAL',
      status: 'Open',
      settlement: 'Yes',
    });
    const phases = Dataset.create(t).generatePhases('US.NYSE', '2023-07-03', '2023-07-03');
    expect(phases.map((p) => p.end.slice(11, 16))).toEqual(['09:30', '13:00', '13:30']);
  });

  it('step 2: rows apply only while in force (inclusive bounds)', () => {
    const preClose = (date: string) =>
      ds
        .generatePhases('US.NYSE', date, date)
        .find((p) => p.phase_type === 'Pre-Close')!
        .start.slice(11, 16);
    expect(preClose('2019-03-29')).toBe('15:45');
    expect(preClose('2019-04-01')).toBe('15:50');
    const adx = (date: string) => ds.generatePhases('AE.ADX', date, date).length;
    expect(adx('2022-01-02')).toBe(1); // Sunday, old Sun-Thu week
    expect(adx('2021-12-31')).toBe(0); // Friday, old weekend
    expect(adx('2022-01-03')).toBe(1); // Monday, new Mon-Fri week
    expect(adx('2022-01-09')).toBe(0); // Sunday, new weekend
    expect(ds.generatePhases('AE.ADX', '2022-01-07', '2022-01-07')[0]!.end).toBe('2022-01-07T15:00:00+04:00');
  });

  it('step 3: seasons, including one that wraps the new year, partition the year', () => {
    const close = (date: string) => ds.generatePhases('BR.B3', date, date).map((p) => p.end.slice(11, 16));
    expect(close('2023-07-12')).toEqual(['17:00']);
    expect(close('2023-01-11')).toEqual(['18:00']); // inside the wrapped season, before its end
    expect(close('2023-12-13')).toEqual(['18:00']); // inside the wrapped season, after its start
    // 2023: second Sunday of March = 03-12, first Sunday of November = 11-05.
    expect(close('2023-03-10')).toEqual(['18:00']);
    expect(close('2023-03-13')).toEqual(['17:00']);
    expect(close('2023-11-03')).toEqual(['17:00']);
    expect(close('2023-11-06')).toEqual(['18:00']);
  });

  it('step 3: a season without a definition for the year is a data error naming name and year', () => {
    const t: Tables = fixtureTables();
    t.seasonDefinitions = t.seasonDefinitions!.filter(
      (s) => !(s.year === 2025 && s.season === 'First Sunday of November'),
    );
    const d = Dataset.create(t);
    expect(() => d.generatePhases('BR.B3', '2025-06-02', '2025-06-02')).toThrow(/First Sunday of November.*2025/);
    expect(() => d.generatePhases('BR.B3', '2025-06-02', '2025-06-02')).toThrow(DataError);
    expect(d.generatePhases('BR.B3', '2024-06-03', '2024-06-03')).toHaveLength(1);
  });

  it('step 4: a Regular holiday row on a weekend borrows the nearest earlier weekday', () => {
    // 2023-10-08 is a Sunday make-up day: Saturday has no rows, Friday does.
    const phases = ds.generatePhases('CN.CIBM', '2023-10-08', '2023-10-08');
    expect(phases.map(brief)).toEqual([
      'Primary Trading Session 2023-10-08T09:00:00+08:00 2023-10-08T12:00:00+08:00',
      'Primary Trading Session 2023-10-08T13:30:00+08:00 2023-10-08T17:00:00+08:00',
    ]);
    // An ordinary weekend (no holiday row) and a Closed holiday never fall back.
    expect(ds.generatePhases('CN.CIBM', '2023-10-15', '2023-10-15')).toEqual([]);
    expect(ds.generatePhases('CN.CIBM', '2023-10-02', '2023-10-02')).toEqual([]);
  });

  it('step 4: fallback is only for Regular; another group with no rows that day stays closed', () => {
    const t: Tables = fixtureTables();
    t.holidays.push({
      fin_id: 'US.NYSE',
      date: '2023-11-26',
      holiday_name: 'Make-up',
      schedule: 'Partial',
      status: 'Open',
      settlement: 'Yes',
    });
    t.holidays.push({
      fin_id: 'US.NYSE',
      date: '2023-11-19',
      holiday_name: 'Make-up',
      schedule: 'Regular',
      status: 'Open',
      settlement: 'Yes',
    });
    const d = Dataset.create(t);
    expect(d.generatePhases('US.NYSE', '2023-11-26', '2023-11-26')).toEqual([]);
    // Sunday 2023-11-19 falls back Sat (none) → Fri (the regular day).
    expect(d.generatePhases('US.NYSE', '2023-11-19', '2023-11-19')).toHaveLength(6);
  });

  it('step 4: fallback wraps from Monday to Sunday', () => {
    const t: Tables = fixtureTables();
    t.holidays.push({
      fin_id: 'CN.SGE',
      date: '2023-10-09',
      holiday_name: 'Make-up',
      schedule: 'Regular',
      status: 'Open',
      settlement: 'Yes',
    });
    t.schedules = t.schedules!.map((s) =>
      s.fin_id === 'CN.SGE' && s.schedule_group === 'Regular' ? { ...s, days: 'Tue-Sun' } : s,
    );
    const phases = Dataset.create(t).generatePhases('CN.SGE', '2023-10-09', '2023-10-09');
    // Monday has no rows; the weekday before Monday is Sunday, which has them. The range holds
    // Sunday's night session (ends Monday) and Monday's own day and night sessions (the night one
    // starts on Monday and ends Tuesday: it touches the range).
    expect(phases.map((p) => p.start.slice(0, 16))).toEqual([
      '2023-10-08T20:00',
      '2023-10-09T09:00',
      '2023-10-09T20:00',
    ]);
  });

  it('step 4: fallback only considers rows in force (and in season) on the day', () => {
    // AE.ADX switched from a Sun-Thu to a Mon-Fri week on 2022-01-03. A make-up Saturday on
    // 2022-01-01 must borrow Thursday's old-week rows, not Friday's rows of the new week.
    const t: Tables = fixtureTables();
    t.holidays.push({
      fin_id: 'AE.ADX',
      date: '2022-01-01',
      holiday_name: 'Make-up',
      schedule: 'Regular',
      status: 'Open',
      settlement: 'Yes',
    });
    expect(Dataset.create(t).generatePhases('AE.ADX', '2022-01-01', '2022-01-01').map(brief)).toEqual([
      'Primary Trading Session 2022-01-01T10:00:00+04:00 2022-01-01T14:00:00+04:00',
    ]);
  });

  it('step 5: a phase type that contains Primary Trading Session counts as primary', () => {
    const t: Tables = fixtureTables();
    t.schedules = [
      sched('US.NYSE', 'Regular', 'Other', 'Mon-Fri', '09:00', '10:00', { phase_name: 'other' }),
      sched('US.NYSE', 'Regular', 'Primary Trading Session, No Settlement', 'Mon-Fri', '09:00', '10:00', {
        phase_name: 'primary-ns',
      }),
    ];
    expect(
      Dataset.create(t)
        .generatePhases('US.NYSE', '2023-11-15', '2023-11-15')
        .map((p) => p.phase_name),
    ).toEqual(['primary-ns', 'other']);
  });

  it('step 5: same start orders by duration, then primary sessions first, then §3 order', () => {
    const t: Tables = fixtureTables();
    t.schedules = [
      sched('US.NYSE', 'Regular', 'Other', 'Mon-Fri', '09:00', '10:00', { phase_name: 'other-1h' }),
      sched('US.NYSE', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00', '10:00', { phase_name: 'primary-1h' }),
      sched('US.NYSE', 'Regular', 'Call Auction', 'Mon-Fri', '09:00', '09:00', { phase_name: 'auction' }),
      sched('US.NYSE', 'Regular', 'Pre-Open', 'Mon-Fri', '08:00', '12:00', { phase_name: 'early' }),
      sched('US.NYSE', 'Regular', 'Other', 'Mon-Fri', '09:00', '10:00', { phase_name: 'other-1h-b' }),
    ];
    const names = Dataset.create(t)
      .generatePhases('US.NYSE', '2023-11-15', '2023-11-15')
      .map((p) => p.phase_name);
    expect(names).toEqual(['early', 'auction', 'primary-1h', 'other-1h', 'other-1h-b']);
  });

  it('step 6: overnight phases end offset days later; a range holds every phase that touches it', () => {
    // Sunday: its Pre-Open and the session that starts Sunday evening and ends Monday.
    const sun = ds.generatePhases(CME, '2023-11-12', '2023-11-12');
    expect(sun.map(brief)).toEqual([
      'Pre-Open 2023-11-12T16:45:00-06:00 2023-11-12T17:00:00-06:00',
      'Primary Trading Session 2023-11-12T17:00:00-06:00 2023-11-13T16:00:00-06:00',
    ]);
    // Monday: the session that began Sunday (look-back), Monday's own phases, and Monday's
    // evening session that ends Tuesday, in generation order (start day, then step 5).
    const mon = ds.generatePhases(CME, '2023-11-13', '2023-11-13');
    expect(mon.map(brief)).toEqual([
      'Primary Trading Session 2023-11-12T17:00:00-06:00 2023-11-13T16:00:00-06:00',
      'Settlement Window 2023-11-13T14:59:30-06:00 2023-11-13T15:00:00-06:00',
      'Pre-Open 2023-11-13T16:45:00-06:00 2023-11-13T17:00:00-06:00',
      'Primary Trading Session 2023-11-13T17:00:00-06:00 2023-11-14T16:00:00-06:00',
    ]);
  });

  it('CME over Thanksgiving 2023 (published example)', () => {
    const thu = ds.generatePhases(CME, '2023-11-23', '2023-11-23');
    expect(thu.map(brief)).toEqual([
      'Primary Trading Session, No Closing Price 2023-11-22T17:00:00-06:00 2023-11-23T12:00:00-06:00',
      'Pre-Open 2023-11-23T12:00:00-06:00 2023-11-23T17:00:00-06:00',
      'Primary Trading Session 2023-11-23T17:00:00-06:00 2023-11-24T12:15:00-06:00',
    ]);
    expect(thu[0]).toMatchObject({
      status: 'Open',
      settlement: 'No',
      is_open: true,
      has_settlement: false,
      timezone: 'America/Chicago',
    });
  });

  it('step 6: offsets of two days are caught by the look-back', () => {
    const t: Tables = fixtureTables();
    t.schedules!.push(
      sched('US.NYSE', 'Regular', 'Other', 'Sat', '08:00', '09:00', { offset_days: 2, phase_name: 'two-day' }),
    );
    const d = Dataset.create(t);
    const mon = d.generatePhases('US.NYSE', '2023-11-13', '2023-11-13');
    expect(mon[0]).toMatchObject({
      phase_name: 'two-day',
      start: '2023-11-11T08:00:00-05:00',
      end: '2023-11-13T09:00:00-05:00',
    });
  });

  it('look-back starts no earlier than holidays_min_date', () => {
    // CN.SGE's coverage starts Saturday 2000-01-01. Friday 1999-12-31's night session would end
    // on it, but the loop starts at max(start - 2, holidays_min_date), so it is not generated.
    expect(ds.generatePhases('CN.SGE', '2000-01-01', '2000-01-01')).toEqual([]);
    // Inside the window the look-back does catch it: Monday night ends on Tuesday. Tuesday's
    // own night session starts in the range and is in it too.
    expect(ds.generatePhases('CN.SGE', '2000-01-04', '2000-01-04').map((p) => p.start)).toEqual([
      '2000-01-03T20:00:00+08:00',
      '2000-01-04T09:00:00+08:00',
      '2000-01-04T20:00:00+08:00',
    ]);
  });

  it('orders a range by the day phases start on, then step 5 (generation order)', () => {
    // A (Mon 08:00 -> Tue 08:00) starts before B on Monday, so it comes first although it ends
    // on Tuesday; Tuesday's A ends Wednesday, after the range, and is still in it.
    const t: Tables = fixtureTables();
    t.schedules = [
      sched('US.NYSE', 'Regular', 'Other', 'Mon-Fri', '08:00', '08:00', { offset_days: 1, phase_name: 'A' }),
      sched('US.NYSE', 'Regular', 'Other', 'Mon-Fri', '09:00', '10:00', { phase_name: 'B' }),
    ];
    const d = Dataset.create(t);
    const got = d
      .generatePhases('US.NYSE', '2023-11-13', '2023-11-14')
      .map((p) => `${p.phase_name} ${p.start.slice(0, 16)}`);
    expect(got).toEqual(['A 2023-11-13T08:00', 'B 2023-11-13T09:00', 'A 2023-11-14T08:00', 'B 2023-11-14T09:00']);
  });

  it('step 7: status and settlement come from the phase types table, a new type works', () => {
    const t: Tables = fixtureTables();
    t.phaseTypes!.push({ name: 'Dark Pool Session', status: 'Open', settlement: 'No', closing_price: 'No' });
    t.schedules!.push(sched('US.NYSE', 'Regular', 'Dark Pool Session', 'Sat', '10:00', '11:00'));
    const p = Dataset.create(t).generatePhases('US.NYSE', '2023-11-11', '2023-11-11');
    expect(p).toEqual([
      {
        phase_type: 'Dark Pool Session',
        start: '2023-11-11T10:00:00-05:00',
        end: '2023-11-11T11:00:00-05:00',
        phase_name: null,
        phase_memo: null,
        status: 'Open',
        settlement: 'No',
        // The row has no Timezone: null (step 7, the row's timezone; was the market's).
        timezone: null,
        has_settlement: false,
        is_open: true,
      },
    ]);
  });

  it('refuses ranges outside the coverage window, naming the window', () => {
    expect(() => ds.generatePhases('US.NYSE', '1999-12-31', '2000-01-05')).toThrow(OutOfCoverageError);
    expect(() => ds.generatePhases('US.NYSE', '2030-12-20', '2030-12-26')).toThrow(/2000-01-01 to 2030-12-25/);
    expect(ds.generatePhases('US.NYSE', '2000-01-01', '2000-01-03').length).toBeGreaterThan(0);
  });

  it('writes each date-time with the offset in force, across a DST change', () => {
    expect(ds.generatePhases('US.NYSE', '2023-03-10', '2023-03-10')[0]!.start).toBe('2023-03-10T04:00:00-05:00');
    expect(ds.generatePhases('US.NYSE', '2023-03-13', '2023-03-13')[0]!.start).toBe('2023-03-13T04:00:00-04:00');
    // One overnight phase spanning the change carries a different offset at each end.
    const t: Tables = fixtureTables();
    t.schedules!.push(
      sched('US.NYSE', 'Regular', 'Other', 'Sat', '20:00', '04:00', { offset_days: 1, phase_name: 'overnight' }),
    );
    const p = Dataset.create(t)
      .generatePhases('US.NYSE', '2024-03-10', '2024-03-10')
      .find((x) => x.phase_name === 'overnight')!;
    expect([p.start, p.end]).toEqual(['2024-03-09T20:00:00-05:00', '2024-03-10T04:00:00-04:00']);
  });

  it('writes a phase in its row time zone, not the market one', () => {
    const t: Tables = fixtureTables();
    t.schedules!.push(
      sched('US.NYSE', 'Regular', 'Other', 'Sat', '10:00', '11:00', {
        timezone: 'Europe/London',
        phase_name: 'london',
      }),
    );
    const p = Dataset.create(t).generatePhases('US.NYSE', '2023-07-08', '2023-07-08')[0]!;
    expect(p).toMatchObject({
      phase_name: 'london',
      timezone: 'Europe/London',
      start: '2023-07-08T10:00:00+01:00',
      end: '2023-07-08T11:00:00+01:00',
    });
  });

  it(
    'step 7: a row with an empty Timezone answers timezone null (schedules and phases), its instants in the ' +
      "market's zone",
    () => {
      const t: Tables = fixtureTables();
      t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Sat', '10:00', '11:00', { phase_name: 'zoneless' }));
      const d = Dataset.create(t);
      expect(d.listSchedules('US.NYSE').find((s) => s.phase_name === 'zoneless')!.timezone).toBeNull();
      const p = d.generatePhases('US.NYSE', '2023-07-08', '2023-07-08').find((x) => x.phase_name === 'zoneless')!;
      expect(p).toMatchObject({ timezone: null, start: '2023-07-08T10:00:00-04:00', end: '2023-07-08T11:00:00-04:00' });
      expect(
        JSON.parse(
          new TextDecoder().decode(Buffer.concat([...d.phaseJsonChunks('US.NYSE', '2023-07-08', '2023-07-08')])),
        ),
      ).toEqual(d.generatePhases('US.NYSE', '2023-07-08', '2023-07-08'));
      // No zone on the row nor on the market: a bad row.
      t.markets = [...t.markets, { fin_id: 'XX.NOZONE' }];
      t.schedules!.push(sched('XX.NOZONE', 'Regular', 'Other', 'Sat', '10:00', '11:00'));
      expect(() => Dataset.create(t).generatePhases('XX.NOZONE', '2023-07-08', '2023-07-08')).toThrow(
        /no time zone for a schedule row of XX.NOZONE \(and none on the market\)/,
      );
    },
  );

  it('moves a skipped local time forward by the gap and resolves a repeated one to the earlier instant', () => {
    const t: Tables = fixtureTables();
    t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Sun', '02:30', '03:30', { phase_name: 'dst' }));
    const d = Dataset.create(t);
    // 2024-03-10: 02:00 → 03:00 in New York; 02:30 does not exist and is read with the offset
    // before the change (-05:00): 07:30 UTC, written 03:30-04:00 (docs/semantics.md §4).
    const spring = d.generatePhases('US.NYSE', '2024-03-10', '2024-03-10')[0]!;
    expect(spring.start).toBe('2024-03-10T03:30:00-04:00');
    expect(Date.parse(spring.start)).toBe(Date.parse('2024-03-10T07:30:00Z'));
    expect(spring.end).toBe('2024-03-10T03:30:00-04:00');
    // A phase whose start falls in the gap can end before it starts; it is answered as computed.
    t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Sun', '02:45', '03:15', { phase_name: 'inverted' }));
    const inv = Dataset.create(t)
      .generatePhases('US.NYSE', '2024-03-10', '2024-03-10')
      .find((p) => p.phase_name === 'inverted')!;
    expect([inv.start, inv.end]).toEqual(['2024-03-10T03:45:00-04:00', '2024-03-10T03:15:00-04:00']);
    // 2024-11-03: 02:00 → 01:00; a 01:30 start occurs twice.
    t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Sun', '01:30', '01:45', { phase_name: 'fall' }));
    const fall = Dataset.create(t)
      .generatePhases('US.NYSE', '2024-11-03', '2024-11-03')
      .find((p) => p.phase_name === 'fall')!;
    expect(fall.start).toBe('2024-11-03T01:30:00-04:00');
  });

  it('is refused on a holidays-only plan', () => {
    const t: Tables = fixtureTables();
    delete t.schedules;
    expect(() => Dataset.create(t).generatePhases('US.NYSE', '2023-11-15', '2023-11-15')).toThrow(NotInPlanError);
  });
});

describe('§4 day view (overnight attribution)', () => {
  it('counts an overnight session on its end date: Sunday closed, Monday open', () => {
    const days = ds.listDays(CME, '2023-11-11', '2023-11-13');
    expect(days.map((d) => [d.date, d.day_of_week, d.is_open, d.phases.length])).toEqual([
      ['2023-11-11', 'Sat', false, 0],
      ['2023-11-12', 'Sun', false, 1],
      ['2023-11-13', 'Mon', true, 3],
    ]);
    expect(days[2]!.has_settlement).toBe(true);
  });

  it(
    'leaves a phase ending on an earlier date than it starts (negative offset) out of every day view, whatever the ' +
      'range',
    () => {
      const t = fixtureTables();
      t.schedules!.push(
        sched('US.NYSE', 'Regular', 'Other', 'Mon-Fri', '08:00', '09:00', { offset_days: -1, phase_name: 'backwards' }),
      );
      const d = Dataset.create(t);
      // The range's phases hold it (it starts on a date of the range and ends inside it)...
      expect(d.generatePhases('US.NYSE', '2023-11-14', '2023-11-15').some((p) => p.phase_name === 'backwards')).toBe(
        true,
      );
      // ...but no day view does, over one day or several, as a one-day range never could.
      for (const [s, e] of [
        ['2023-11-14', '2023-11-14'],
        ['2023-11-14', '2023-11-15'],
        ['2023-11-13', '2023-11-17'],
      ] as const) {
        for (const day of d.listDays('US.NYSE', s, e))
          expect(day.phases.map((p) => p.phase_name)).not.toContain('backwards');
      }
    },
  );

  it('takes is_open and has_settlement from the holiday row when there is one', () => {
    const days = ds.listDays(CME, '2023-11-23', '2023-11-23');
    expect(days[0]!.holiday?.holiday_name).toBe('Thanksgiving Day');
    expect(days[0]!.is_open).toBe(true);
    expect(days[0]!.has_settlement).toBe(false);
    const nyse = ds.listDays('US.NYSE', '2023-11-23', '2023-11-24');
    expect(nyse.map((d) => [d.is_open, d.has_settlement, d.phases.length])).toEqual([
      [false, false, 0],
      [true, true, 3],
    ]);
  });

  it('a holiday row decides is_open and has_settlement even when the phases disagree', () => {
    const t: Tables = fixtureTables();
    // Trades a regular day (open phases with settlement) but the row says Closed / No.
    t.holidays.push({
      fin_id: 'US.NYSE',
      date: '2023-11-15',
      holiday_name: 'Odd',
      schedule: 'Regular',
      status: 'Closed',
      settlement: 'No',
    });
    // Has no phases at all (Partial rows are Mon-Fri; this is a Saturday) but the row says Open / Yes.
    t.holidays.push({
      fin_id: 'US.NYSE',
      date: '2023-11-18',
      holiday_name: 'Odd',
      schedule: 'Partial',
      status: 'Open',
      settlement: 'Yes',
    });
    const days = Dataset.create(t).listDays('US.NYSE', '2023-11-15', '2023-11-18');
    expect(
      days.map((d) => [d.date, d.is_open, d.has_settlement, d.phases.length, d.holiday?.holiday_name ?? null]),
    ).toEqual([
      ['2023-11-15', false, false, 6, 'Odd'],
      ['2023-11-16', true, true, 6, null],
      ['2023-11-17', true, true, 6, null],
      ['2023-11-18', true, true, 0, 'Odd'],
    ]);
  });

  it(
    'a day view depends on the day alone: a phase that began more than two days before its end day belongs to ' +
      'none',
    () => {
      const t: Tables = fixtureTables();
      t.schedules!.push(
        sched('US.NYSE', 'Regular', 'Other', 'Sat', '08:00', '09:00', { offset_days: 3, phase_name: 'three-day' }),
      );
      const d = Dataset.create(t);
      // Saturday 2023-11-11 08:00 → Tuesday 14th 09:00: in the range starting Saturday, in no day view.
      expect(d.generatePhases('US.NYSE', '2023-11-11', '2023-11-14').some((p) => p.phase_name === 'three-day')).toBe(
        true,
      );
      for (const [s, e] of [
        ['2023-11-11', '2023-11-14'],
        ['2023-11-14', '2023-11-14'],
        ['2023-11-09', '2023-11-16'],
      ]) {
        expect(
          d
            .listDays('US.NYSE', s!, e!)
            .flatMap((x) => x.phases)
            .some((p) => p.phase_name === 'three-day'),
        ).toBe(false);
      }
    },
  );

  it('lists the phases of each day: those of the one-day range query that end that day', () => {
    for (const d of ds.listDays(CME, '2023-11-20', '2023-11-27')) {
      const endingThatDay = ds.generatePhases(CME, d.date, d.date).filter((p) => p.end.slice(0, 10) === d.date);
      expect(d.phases).toEqual(endingThatDay);
    }
  });
});
