import { describe, expect, it } from 'vitest';
import { Dataset, type Tables } from '../src/index.js';
import { fixtureTables, sched } from '../src/testing/fixture.js';

describe('§3 schedules', () => {
  it('orders by group, in-force start (empty first), season start (empty first), start, end, file order', () => {
    const t: Tables = fixtureTables();
    t.schedules = [
      sched('US.NYSE', 'Regular', 'Other', 'Mon', '10:00', '11:00', {
        in_force_start_date: '2020-01-01',
        phase_name: 'f',
      }),
      sched('US.NYSE', 'Regular', 'Other', 'Mon', '09:00', '11:00', { phase_name: 'b' }),
      sched('US.NYSE', 'Partial', 'Other', 'Mon', '12:00', '13:00', { phase_name: 'a' }),
      sched('US.NYSE', 'Regular', 'Other', 'Mon', '09:00', '10:00', { phase_name: 'c1' }),
      sched('US.NYSE', 'Regular', 'Other', 'Mon', '09:00', '10:00', { phase_name: 'c2' }),
      sched('US.NYSE', 'Regular', 'Other', 'Mon', '08:00', '09:00', {
        phase_name: 'e',
        season_start: 'First Sunday of November',
        season_end: 'Saturday before Second Sunday of March',
      }),
      sched('US.NYSE', 'Regular', 'Other', 'Mon', '10:00', '11:00', {
        in_force_start_date: '2019-01-01',
        phase_name: 'd',
      }),
    ];
    const ds = Dataset.create(t);
    expect(ds.listSchedules('US.NYSE').map((s) => s.phase_name)).toEqual(['a', 'c1', 'c2', 'b', 'e', 'd', 'f']);
  });

  it('orders by start before end, and compares times, not strings', () => {
    const t: Tables = fixtureTables();
    t.schedules = [
      sched('US.NYSE', 'Regular', 'Other', 'Mon', '10:00', '10:30', { phase_name: 'late' }),
      sched('US.NYSE', 'Regular', 'Other', 'Mon', '9:00', '12:00', { phase_name: 'early-long' }),
      sched('US.NYSE', 'Regular', 'Other', 'Mon', '09:30', '11:00', { phase_name: 'middle' }),
    ];
    expect(
      Dataset.create(t)
        .listSchedules('US.NYSE')
        .map((s) => s.phase_name),
    ).toEqual(['early-long', 'middle', 'late']);
  });

  it('answers has_season, end_with_offset and HH:MM:SS times', () => {
    const t: Tables = fixtureTables();
    t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Sat', '8:00', '09:15', { offset_days: 2 }));
    const ds = Dataset.create(t);
    const cme = ds.listSchedules('US.CME.EQUITY.USINDEX1').find((s) => s.offset_days === 1)!;
    expect(cme.end_with_offset).toBe('16:00:00 +1');
    expect(cme.has_season).toBe(false);
    const sat = ds.listSchedules('US.NYSE').find((s) => s.days === 'Sat')!;
    expect(sat.start).toBe('08:00:00');
    expect(sat.end_with_offset).toBe('09:15:00 +2');
    const b3 = ds.listSchedules('BR.B3');
    expect(b3.every((s) => s.has_season)).toBe(true);
    expect(ds.listSchedules('US.NYSE')[0]!.end_with_offset).toBe(ds.listSchedules('US.NYSE')[0]!.end);
  });

  it('has_season needs both season fields', () => {
    const t: Tables = fixtureTables();
    t.schedules!.push(
      sched('US.NYSE', 'Regular', 'Other', 'Sat', '08:00', '09:00', { season_start: 'First Sunday of November' }),
    );
    const ds = Dataset.create(t);
    expect(ds.listSchedules('US.NYSE').find((s) => s.days === 'Sat')!.has_season).toBe(false);
  });
});
