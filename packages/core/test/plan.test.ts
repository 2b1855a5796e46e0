import { describe, expect, it } from 'vitest';
import { Dataset, NotFoundError, NotInPlanError, type Tables } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

describe('§6 plans and availability', () => {
  it('derives the plan from which tables the archive holds', () => {
    const full = fixtureTables();
    expect(Dataset.create(full).plan).toBe('full');
    const noCcy: Tables = { ...fixtureTables(), currencies: undefined, currencyHolidays: undefined };
    expect(Dataset.create(noCcy).plan).toBe('no_currencies');
    const holidaysOnly: Tables = {
      ...fixtureTables(),
      schedules: undefined,
      currencies: undefined,
      currencyHolidays: undefined,
    };
    expect(Dataset.create(holidaysOnly).plan).toBe('holidays_only');
  });

  it('refuses schedules, phases, days and status on a holidays-only plan, with a message saying so', () => {
    const ds = Dataset.create({
      ...fixtureTables(),
      schedules: undefined,
      currencies: undefined,
      currencyHolidays: undefined,
    });
    for (const call of [
      () => ds.listSchedules('US.NYSE'),
      () => ds.generatePhases('US.NYSE', '2023-11-15', '2023-11-15'),
      () => ds.listDays('US.NYSE', '2023-11-15', '2023-11-15'),
      () => ds.status('US.NYSE', Date.parse('2023-11-15T17:00:00Z')),
    ]) {
      expect(call).toThrow(NotInPlanError);
      expect(call).toThrow(/not covered by the plan/);
    }
    // Holidays stay available, and an unknown market is still not found (a different answer).
    expect(ds.listHolidays('US.NYSE', '2023-11-23', '2023-11-23')).toHaveLength(1);
    expect(() => ds.listHolidays('US.NOPE', '2023-11-23', '2023-11-23')).toThrow(NotFoundError);
  });

  it('refuses currencies without the full plan; availability answers false instead', () => {
    const ds = Dataset.create({ ...fixtureTables(), currencies: undefined, currencyHolidays: undefined });
    expect(() => ds.listCurrencies()).toThrow(NotInPlanError);
    expect(() => ds.getCurrency('USD')).toThrow(NotInPlanError);
    expect(() => ds.listCurrencyHolidays('USD', '2023-01-01', '2023-12-31')).toThrow(NotInPlanError);
    expect(ds.isCurrencyAvailable('USD')).toBe(false);
    const full = Dataset.create(fixtureTables());
    expect(full.isCurrencyAvailable('usd')).toBe(true);
    expect(full.isCurrencyAvailable('XXX')).toBe(false);
    expect(full.isCurrencyAvailable('US')).toBe(false);
    expect(() => full.getCurrency('XXX')).toThrow(NotFoundError);
  });
});
