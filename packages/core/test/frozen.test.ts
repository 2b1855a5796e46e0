// A Dataset frozen to bytes and thawed (frozen.ts): the same answers and warnings as the one
// built from the tables, entries decoded on first use, and refused whenever it could differ.
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import {
  DataError,
  Dataset,
  freezeDataset,
  thawDataset,
  type Dataset as DatasetType,
  type DatasetOptions,
  type Tables,
} from '../src/index.js';
import { calendarTables } from './calendar-fixture.js';
import { fixtureTables } from '../src/testing/fixture.js';

const decode = (bytes: Uint8Array) => deserialize(bytes);
const OPTIONS: DatasetOptions = { coverageEndYearWithoutHolidays: 2031 };

/** A frozen dataset as it comes back from a file: through one more serialize/deserialize. */
function roundTrip(tables: Tables, options: DatasetOptions = OPTIONS) {
  const frozen = freezeDataset(tables, options, serialize);
  return frozen && (deserialize(serialize(frozen)) as typeof frozen);
}

const AT = ['2023-11-15T17:00:00Z', '2023-11-24T18:30:00Z', '2024-03-10T07:30:00Z', '2023-10-08T02:00:00Z'].map(
  Date.parse,
);

/** Everything the tables can answer, for every market and currency. */
function answers(ds: DatasetType): unknown {
  const tryIt = (f: () => unknown) => {
    try {
      return f();
    } catch (e) {
      return { error: (e as Error).constructor.name, message: (e as Error).message };
    }
  };
  return {
    plan: ds.plan,
    counts: ds.counts,
    warnings: ds.warnings,
    markets: ds.listMarkets().map((m) => ({
      m,
      byMic: m.mic ? tryIt(() => ds.getMarket(m.mic!)) : null,
      holidays: tryIt(() => ds.listHolidays(m.fin_id, '2000-01-01', '2031-12-31')),
      schedules: tryIt(() => ds.listSchedules(m.fin_id)),
      days: tryIt(() => ds.listDays(m.fin_id, '2023-11-20', '2023-11-27')),
      phases: tryIt(() => ds.generatePhases(m.fin_id, '2024-03-01', '2024-04-15')),
      status: AT.map((t) => tryIt(() => ds.status(m.fin_id, t))),
      sessions: tryIt(() => ds.sessions(m.fin_id, '2023-10-01', '2023-10-15')),
    })),
    currencies: tryIt(() =>
      ds
        .listCurrencies()
        .map((c) => ({ c, holidays: ds.listCurrencyHolidays(c.currency_code, '2020-01-01', '2025-12-31') })),
    ),
    fx: tryIt(() => ds.fxSpot('EURUSD', '2023-11-22')),
    joined: tryIt(() => ds.calendarDays('US.NYSE+USD', '2023-11-20', '2023-11-27')),
  };
}

describe('freezeDataset / thawDataset', () => {
  it('thaws to the Dataset the tables build: the same answers, warnings and counts', () => {
    const tables = calendarTables();
    const frozen = roundTrip(tables)!;
    expect(frozen).toBeDefined();
    const thawed = thawDataset(frozen, { ...OPTIONS, clock: () => AT[0]! }, decode)!;
    expect(answers(thawed)).toEqual(answers(Dataset.create(tables, OPTIONS)));
    // The clock is the thawing caller's, as for create.
    expect(thawed.status('US.NYSE')).toEqual(Dataset.create(tables, OPTIONS).status('US.NYSE', AT[0]!));
  });

  it('keeps objects shared between a market and the lists as one object', () => {
    const thawed = thawDataset(roundTrip(calendarTables())!, OPTIONS, decode)!;
    const listed = thawed.listMarkets().find((m) => m.fin_id === 'US.NYSE')!;
    // listMarkets copies the list, not its records: the built dataset answers the very record too.
    expect(thawed.getMarket('US.NYSE')).toBe(listed);
  });

  it('is refused for another plan or, when the index depends on it, another coverage year', () => {
    const frozen = roundTrip(calendarTables())!;
    expect(thawDataset(frozen, { ...OPTIONS, plan: 'holidays_only' }, decode)).toBeUndefined();
    // Markets that all have holidays (and no currencies): the year changes nothing.
    const base = fixtureTables();
    const withHolidays = {
      ...base,
      markets: base.markets.filter((m) => base.holidays.some((h) => h.fin_id === m.fin_id)),
    };
    const holidaysEverywhere = roundTrip(withHolidays)!;
    expect(holidaysEverywhere.coverageEndYear).toBeNull();
    expect(answers(thawDataset(holidaysEverywhere, { coverageEndYearWithoutHolidays: 2099 }, decode)!)).toEqual(
      answers(Dataset.create(withHolidays, OPTIONS)),
    );
    // A market without holidays covers 2000 to the year: thawed only for that year.
    const tables = calendarTables();
    const withBare = {
      ...tables,
      markets: [...tables.markets, { ...tables.markets[0]!, fin_id: 'XX.BARE', mic: null, replaced_by: null }],
    };
    const bare = roundTrip(withBare)!;
    expect(bare.coverageEndYear).toBe(2031);
    expect(thawDataset(bare, { coverageEndYearWithoutHolidays: 2032 }, decode)).toBeUndefined();
    const thawed = thawDataset(bare, OPTIONS, decode)!;
    expect(thawed.getMarket('XX.BARE').holidays_max_date).toBe('2031-12-31');
    expect(answers(thawed)).toEqual(answers(Dataset.create(withBare, OPTIONS)));
  });

  it('is refused for options it does not know, and not made without a coverage year', () => {
    const frozen = roundTrip(calendarTables())!;
    expect(thawDataset(frozen, { ...OPTIONS, somethingNew: true } as DatasetOptions, decode)).toBeUndefined();
    expect(freezeDataset(calendarTables(), {}, serialize)).toBeUndefined();
  });

  it('is not made for an index with a bad row (its DataError would not survive the bytes)', () => {
    const tables = calendarTables();
    const bad = { ...tables, holidays: [...tables.holidays, { ...tables.holidays[0]!, date: 'not a date' }] };
    expect(() => Dataset.create(bad, OPTIONS).listHolidays('US.NYSE', '2023-01-01', '2023-12-31')).toThrow(DataError);
    expect(freezeDataset(bad, OPTIONS, serialize)).toBeUndefined();
  });

  it('decodes a market the first time it is asked for, and iterates in the built order', () => {
    const frozen = roundTrip(calendarTables())!;
    let decoded = 0;
    const thawed = thawDataset(frozen, OPTIONS, (bytes) => {
      decoded++;
      return deserialize(bytes);
    })!;
    const afterThaw = decoded;
    thawed.status('US.NYSE', AT[0]!);
    expect(decoded).toBe(afterThaw + 1);
    thawed.status('XNYS', AT[1]!);
    expect(decoded).toBe(afterThaw + 2);
    const markets = (thawed as unknown as { index: { markets: Map<string, unknown> } }).index.markets;
    const built = (Dataset.create(calendarTables(), OPTIONS) as unknown as { index: { markets: Map<string, unknown> } })
      .index.markets;
    expect(markets.size).toBe(built.size);
    expect(markets.has('CN.SGE')).toBe(true);
    expect([...markets.keys()]).toEqual([...built.keys()]);
    expect(plainZones([...markets.values()])).toEqual(plainZones([...built.values()]));
  });
});

/** Zones compared by identifier (thawed ones are other objects of the same zone). */
function plainZones(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v, (k, x) => (k === 'zone' && x && typeof x === 'object' ? { id: x.id } : x)));
}
