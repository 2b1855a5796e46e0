import { describe, expect, it } from 'vitest';
import { Dataset, InvalidArgumentError, NotInPlanError, type Tables } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

const ds = Dataset.create(fixtureTables());
const holidaysOnly = (): Tables => ({
  ...fixtureTables(),
  schedules: undefined,
  currencies: undefined,
  currencyHolidays: undefined,
});

describe('reference tables: phase types, season definitions, MIC mapping, regional holidays', () => {
  it('lists regional holidays by calendar in any case, and refuses an empty calendar with the range faults', () => {
    expect(ds.listRegionalHolidays(' us ', '2023-01-01', '2023-12-31')).toEqual([
      {
        calendar: 'US',
        country: 'United States',
        date: '2023-11-23',
        name: 'Thanksgiving Day',
        type: 'public',
        memo: null,
      },
    ]);
    expect(ds.listRegionalHolidays('US', '2023-11-24', '2023-12-31')).toEqual([]);
    // As REST reads it: the dates first, then the calendar's key with the order of the range.
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as InvalidArgumentError).faults.map((f) => f.param);
      }
      return expect.unreachable('an empty calendar must be refused');
    };
    expect(refused(() => ds.listRegionalHolidays('', 'x', '2023-01-01'))).toEqual(['start']);
    expect(refused(() => ds.listRegionalHolidays('', '2023-12-31', '2023-01-01'))).toEqual(['calendar', 'end']);
  });

  it('passes extra columns of a regional holiday through', () => {
    const t = fixtureTables();
    const own = Dataset.create({
      ...t,
      regionalHolidays: [
        { calendar: 'Hindu', date: '2024-11-01', name: 'Diwali', type: 'religious', memo: null, region: 'IN' },
      ],
    });
    expect(own.listRegionalHolidays('HINDU', '2024-01-01', '2024-12-31')).toEqual([
      {
        calendar: 'Hindu',
        country: null,
        date: '2024-11-01',
        name: 'Diwali',
        type: 'religious',
        memo: null,
        region: 'IN',
      },
    ]);
  });

  it('filters season definitions by season (any case) and year, ordered by season then year', () => {
    const one = ds.listSeasonDefinitions({ season: 'second sunday of march', year: '2024' });
    expect(one).toEqual([{ season: 'Second Sunday of March', year: 2024, date: '2024-03-10' }]);
    expect(ds.listSeasonDefinitions({ year: 2024 }).map((r) => r.season)).toEqual([
      'First Sunday of November',
      'Saturday before First Sunday of November',
      'Saturday before Second Sunday of March',
      'Second Sunday of March',
    ]);
    const all = ds.listSeasonDefinitions();
    expect(all).toHaveLength(4 * 31);
    expect(all.slice(0, 2).map((r) => r.year)).toEqual([2000, 2001]);
    expect(ds.listSeasonDefinitions({ season: 'No such season' })).toEqual([]);
    expect(() => ds.listSeasonDefinitions({ year: 'soon' })).toThrow(InvalidArgumentError);
  });

  it('leaves unreadable season rows out of the listing but lists duplicates', () => {
    const t = fixtureTables();
    const own = Dataset.create({
      ...t,
      seasonDefinitions: [
        { season: 'Harvest', year: 2024, date: '2024-09-01' },
        { season: 'Harvest', year: 2024, date: '2024-09-02' },
        { season: 'Harvest', year: 'later' as unknown as number, date: '2025-09-01' },
      ],
    });
    expect(own.listSeasonDefinitions({ season: 'HARVEST' }).map((r) => r.date)).toEqual(['2024-09-01', '2024-09-02']);
  });

  it('filters the MIC mapping by MIC and FinID, any case, ordered by MIC then FinID', () => {
    expect(ds.listMicMapping({ mic: 'xcme' })).toEqual([
      { mic: 'XCME', fin_id: 'US.CME.AGRI' },
      { mic: 'XCME', fin_id: 'US.CME.EQUITY.USINDEX1' },
    ]);
    expect(ds.listMicMapping({ fin_id: 'us.nyse' })).toEqual([{ mic: 'XNYS', fin_id: 'US.NYSE' }]);
    expect(ds.listMicMapping({ mic: 'XNYS', fin_id: 'US.CME.AGRI' })).toEqual([]);
    expect(ds.listMicMapping().map((r) => r.mic)).toEqual(['BVMF', 'SGEX', 'XADS', 'XBUE', 'XCME', 'XCME', 'XNYS']);
    try {
      ds.listMicMapping({ mic: 'TOO-LONG', fin_id: 'NODOT' });
      expect.unreachable('malformed filters must be refused');
    } catch (e) {
      expect((e as InvalidArgumentError).faults.map((f) => f.param)).toEqual(['mic', 'fin_id']);
    }
  });

  it('lists phase types as read', () => {
    expect(ds.listPhaseTypes().map((p) => p.name)).toContain('Primary Trading Session');
  });

  it(
    'refuses phase types and season definitions on a holidays-only plan; MIC mapping and regional holidays ' + 'stay',
    () => {
      const h = Dataset.create(holidaysOnly());
      expect(() => h.listPhaseTypes()).toThrow(NotInPlanError);
      expect(() => h.listSeasonDefinitions()).toThrow(/season definitions table is not covered by the plan/);
      expect(h.listMicMapping({ mic: 'XNYS' })).toHaveLength(1);
      expect(h.listRegionalHolidays('US', '2023-01-01', '2023-12-31')).toHaveLength(1);
    },
  );

  it('refuses a table the archive does not hold, naming its file', () => {
    const none = Dataset.create({
      ...fixtureTables(),
      phaseTypes: undefined,
      micMapping: undefined,
      seasonDefinitions: undefined,
      regionalHolidays: undefined,
    });
    const cases: Array<[() => unknown, string]> = [
      [() => none.listPhaseTypes(), 'phases.csv'],
      [() => none.listSeasonDefinitions(), 'season-definitions.csv'],
      [() => none.listMicMapping(), 'mic-mapping.csv'],
      [() => none.listRegionalHolidays('US', '2023-01-01', '2023-12-31'), 'regional-holidays.csv'],
    ];
    for (const [call, file] of cases) {
      expect(call).toThrow(NotInPlanError);
      expect(call).toThrow(`csv/${file} is not in the archive`);
    }
    // An empty table is held: it lists nothing.
    expect(
      Dataset.create({ ...fixtureTables(), regionalHolidays: [] }).listRegionalHolidays(
        'US',
        '2023-01-01',
        '2023-12-31',
      ),
    ).toEqual([]);
  });
});
