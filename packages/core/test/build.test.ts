import { describe, expect, it } from 'vitest';
import { DataError, Dataset, type Tables } from '../src/index.js';
import { fixtureTables, sched } from './fixture.js';

function dataError(mutate: (t: Tables) => void): DataError {
  const t = fixtureTables();
  mutate(t);
  try {
    Dataset.create(t);
  } catch (e) {
    expect(e).toBeInstanceOf(DataError);
    return e as DataError;
  }
  throw new Error('expected a DataError');
}

describe('building a Dataset refuses data that would make answers wrong, naming where', () => {
  it('a duplicate market', () => {
    const e = dataError((t) => t.markets.push({ fin_id: 'us.nyse' }));
    expect(e.message).toContain('US.NYSE');
    expect(e.location).toMatchObject({ table: 'markets', row: 9, column: 'fin_id' });
  });

  it('an unknown phase type, naming it', () => {
    const e = dataError((t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Lunch Break', 'Mon', '12:00', '13:00')));
    expect(e.message).toContain("'Lunch Break'");
    expect(e.location).toMatchObject({ table: 'schedules', column: 'phase_type' });
  });

  it('a season name with no definition, naming it', () => {
    const e = dataError((t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Mon', '12:00', '13:00', { season_start: 'Easter', season_end: 'First Sunday of November' })));
    expect(e.message).toContain("'Easter'");
    expect(e.location?.column).toBe('season_start');
  });

  it('malformed days, times, dates, offsets and time zones', () => {
    expect(dataError((t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Mon-Fry', '12:00', '13:00'))).location?.column).toBe('days');
    expect(dataError((t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Mon', '25:00', '13:00'))).location?.column).toBe('start');
    expect(dataError((t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Mon', '14:00', '13:00'))).location?.column).toBe('end');
    expect(dataError((t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Mon', '12:00', '13:00', { offset_days: -1 }))).location?.column).toBe('offset_days');
    expect(dataError((t) => t.schedules!.push(sched('US.NYSE', 'Regular', 'Other', 'Mon', '12:00', '13:00', { in_force_start_date: '2023-02-30' }))).location?.column).toBe('in_force_start_date');
    expect(dataError((t) => t.holidays.push({ fin_id: 'US.NYSE', date: '23-11-2023' })).location).toMatchObject({ table: 'holidays', column: 'date' });
    expect(dataError((t) => t.markets.push({ fin_id: 'XX.TZ', timezone: 'Mars/Olympus' })).message).toContain('Mars/Olympus');
  });

  it('rows for markets that do not exist', () => {
    expect(dataError((t) => t.holidays.push({ fin_id: 'US.NOPE', date: '2023-01-02' })).message).toContain('US.NOPE');
    expect(dataError((t) => t.schedules!.push(sched('US.NOPE', 'Regular', 'Other', 'Mon', '12:00', '13:00'))).location?.table).toBe('schedules');
  });

  it('schedules without a phase types table', () => {
    expect(dataError((t) => (t.phaseTypes = undefined)).location?.table).toBe('phaseTypes');
  });

  it('keeps problems that leave answers right as warnings', () => {
    const t = fixtureTables();
    t.micMapping!.push({ mic: 'XGON', fin_id: 'US.GONE' });
    t.holidays.push({ fin_id: 'US.NYSE', date: '2023-11-23', holiday_name: 'Twice', schedule: 'Closed', status: 'Closed', settlement: 'No' });
    const ds = Dataset.create(t);
    const text = ds.warnings.map((w) => w.message).join('\n');
    expect(text).toMatch(/XGON/);
    expect(text).toMatch(/two holiday rows on 2023-11-23/);
  });

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
