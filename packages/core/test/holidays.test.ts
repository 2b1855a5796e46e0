import { describe, expect, it } from 'vitest';
import { Dataset, InvalidArgumentError } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

const ds = Dataset.create(fixtureTables());

describe('§2 holidays', () => {
  it('answers rows with start <= date <= end, inclusive, ordered by date', () => {
    const h = ds.listHolidays('US.NYSE', '2023-11-23', '2024-12-25');
    expect(h.map((x) => x.date)).toEqual(['2023-11-23', '2023-11-24', '2024-12-25']);
    expect(ds.listHolidays('US.NYSE', '2023-11-24', '2023-11-24').map((x) => x.date)).toEqual(['2023-11-24']);
    expect(ds.listHolidays('US.NYSE', '2023-11-25', '2024-12-24')).toEqual([]);
  });

  it('derives is_open and has_settlement from status and settlement', () => {
    const [closed, partial] = ds.listHolidays('US.NYSE', '2023-11-23', '2023-11-24');
    expect(closed).toMatchObject({
      holiday_name: 'Thanksgiving Day',
      schedule: 'Closed',
      is_open: false,
      has_settlement: false,
      observed: false,
    });
    expect(partial).toMatchObject({ schedule: 'Partial', status: 'Open', is_open: true, has_settlement: true });
  });

  it('orders by date whatever the order of the file', () => {
    // The fixture lists the coverage bounds (2000, 2030) before the 2023-2024 rows.
    expect(ds.listHolidays('US.NYSE', '1900-01-01', '2100-01-01').map((h) => h.date)).toEqual([
      '2000-01-01',
      '2023-11-23',
      '2023-11-24',
      '2024-12-25',
      '2030-12-25',
    ]);
  });

  it('is not limited to the coverage window', () => {
    expect(ds.listHolidays('US.NYSE', '1900-01-01', '2100-01-01').length).toBe(5);
  });

  it('refuses end before start and malformed dates, naming the parameter', () => {
    expect(() => ds.listHolidays('US.NYSE', '2023-11-24', '2023-11-23')).toThrow(InvalidArgumentError);
    try {
      ds.listHolidays('US.NYSE', '2023-02-30', 'soon');
      expect.unreachable('malformed dates must be refused');
    } catch (e) {
      expect((e as InvalidArgumentError).faults.map((f) => f.param)).toEqual(['start', 'end']);
    }
  });

  it('lists currency holidays the same way', () => {
    expect(ds.listCurrencyHolidays('usd', '2023-01-01', '2023-12-31').map((h) => h.date)).toEqual([
      '2023-11-23',
      '2023-12-25',
    ]);
    expect(ds.getCurrency('eur').country_code).toBe('Eurozone');
    expect(ds.listCurrencies().map((c) => c.currency_code)).toEqual(['EUR', 'USD']);
  });

  it('lists regional holidays by calendar', () => {
    expect(ds.listRegionalHolidays('us', '2023-01-01', '2023-12-31')).toHaveLength(1);
    expect(ds.listRegionalHolidays('XX', '2023-01-01', '2023-12-31')).toEqual([]);
  });
});
