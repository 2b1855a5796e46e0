/**
 * Tables handed over to the build (`Tables.handOver`) or made on demand (`Tables.onDemand`):
 * the build lets the holiday rows go as it reads them, so a loader's rows and the Dataset are
 * not all alive at once. The answers, warnings and data errors must be those of a build from
 * tables the caller keeps (`both` checks the build on demand too).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataError, Dataset, type CurrencyHolidayRow, type MarketHolidayRow, type Tables } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

const SOURCES: Tables['sources'] = {
  holidays: { file: 'csv/holidays.csv', headers: { fin_id: 'FinID', date: 'Date' } },
  currencyHolidays: { file: 'csv/currency-holidays.csv' },
};

/** A holiday row as the loader makes it: every column present, empty cells null. */
const full = (fin_id: string, date: string, more: Partial<MarketHolidayRow> = {}): MarketHolidayRow => ({
  fin_id,
  date,
  holiday_name: 'Day',
  schedule: 'Closed',
  settlement: 'Closed',
  observed: false,
  memo: null,
  status: 'Closed',
  ...more,
});

function answers(ds: Dataset) {
  const attempt = (f: () => unknown) => {
    try {
      return f();
    } catch (e) {
      if (e instanceof DataError) return `DataError: ${e.message}`;
      throw e;
    }
  };
  return {
    warnings: ds.warnings,
    counts: ds.counts,
    markets: ds.listMarkets().map((m) => [m, attempt(() => ds.listHolidays(m.fin_id, '1990-01-01', '2040-12-31'))]),
    currencies: ds
      .listCurrencies()
      .map((c) => [c, attempt(() => ds.listCurrencyHolidays(c.currency_code, '1990-01-01', '2040-12-31'))]),
  };
}

/** The holiday tables of `t` made on demand, each row asked for once, in order. */
function onDemand(t: Tables): Tables {
  const made = <R>(rows: R[]) => {
    let next = 0;
    return {
      count: rows.length,
      row: (i: number) => {
        expect(i).toBe(next++);
        return { ...rows[i]! };
      },
    };
  };
  return {
    ...t,
    holidays: [],
    currencyHolidays: [],
    onDemand: { holidays: made(t.holidays), currencyHolidays: made(t.currencyHolidays ?? []) },
  };
}

function both(mutate: (t: Tables) => void) {
  const kept = fixtureTables();
  kept.sources = SOURCES;
  mutate(kept);
  const given = fixtureTables();
  given.sources = SOURCES;
  mutate(given);
  const made = onDemand(given);
  given.handOver = true;
  const keptDs = Dataset.create(kept);
  const madeDs = Dataset.create(made);
  expect(answers(madeDs)).toEqual(answers(keptDs));
  return { kept, given, keptDs, givenDs: Dataset.create(given) };
}

describe('a build from handed-over tables', () => {
  it('answers as a build from kept tables, and lets the holiday rows go', () => {
    const { kept, given, keptDs, givenDs } = both((t) => {
      t.holidays = t.holidays.map((h) => full(h.fin_id, h.date, h));
    });
    expect(answers(givenDs)).toEqual(answers(keptDs));
    expect(given.holidays).toHaveLength(0);
    expect(given.currencyHolidays).toHaveLength(0);
    expect(kept.holidays.length).toBeGreaterThan(0);
    expect(givenDs.counts.holidays).toBe(kept.holidays.length);
  });

  it('tells identical duplicate rows from different ones as written, not as normalized', () => {
    // Each pair is pushed after the fixture's rows; the second either repeats the first
    // exactly (a warning) or differs only in what the build normalizes (a bad row).
    const pairs: [string, MarketHolidayRow, MarketHolidayRow][] = [
      ['identical', full('US.NYSE', '2031-01-02'), full('US.NYSE', '2031-01-02')],
      ['FinID case', full('US.NYSE', '2031-01-02'), full('us.nyse', '2031-01-02')],
      ['FinID spaces', full(' US.NYSE', '2031-01-02'), full(' US.NYSE', '2031-01-02')],
      ['FinID spaces differ', full('US.NYSE', '2031-01-02'), full(' US.NYSE', '2031-01-02')],
      ['date spaces', full('US.NYSE', '2031-01-02'), full('US.NYSE', ' 2031-01-02')],
      ['observed missing', full('US.NYSE', '2031-01-02'), full('US.NYSE', '2031-01-02', { observed: undefined })],
      ['observed null', full('US.NYSE', '2031-01-02'), full('US.NYSE', '2031-01-02', { observed: null })],
      ['empty memo', full('US.NYSE', '2031-01-02'), full('US.NYSE', '2031-01-02', { memo: '' })],
      ['both empty memo', full('US.NYSE', '2031-01-02', { memo: '' }), full('US.NYSE', '2031-01-02', { memo: '' })],
      [
        'a column missing',
        full('US.NYSE', '2031-01-02'),
        (({ schedule: _, ...r }) => r as MarketHolidayRow)(full('US.NYSE', '2031-01-02')),
      ],
      ['an extra column', full('US.NYSE', '2031-01-02', { extra: 'a' }), full('US.NYSE', '2031-01-02', { extra: 'b' })],
      [
        'a computed column written',
        full('US.NYSE', '2031-01-02', { is_open: true }),
        full('US.NYSE', '2031-01-02', { is_open: true }),
      ],
      [
        'a computed column differs',
        full('US.NYSE', '2031-01-02', { is_open: true }),
        full('US.NYSE', '2031-01-02', { is_open: false }),
      ],
    ];
    for (const [what, a, b] of pairs) {
      const { keptDs, givenDs } = both((t) => t.holidays.push(a, b));
      expect(answers(givenDs), what).toEqual(answers(keptDs));
    }
  });

  it('does the same for currency holidays', () => {
    const row = (more: Partial<CurrencyHolidayRow> = {}): CurrencyHolidayRow => ({
      currency_code: 'USD',
      date: '2031-01-02',
      holiday_name: 'Day',
      settlement: 'No',
      observed: false,
      memo: null,
      ...more,
    });
    for (const [a, b] of [
      [row(), row()],
      [row(), row({ currency_code: 'usd' })],
      [row(), row({ memo: '' })],
    ] as const) {
      const { keptDs, givenDs } = both((t) => t.currencyHolidays!.push(a, b));
      expect(answers(givenDs)).toEqual(answers(keptDs));
    }
  });

  it('property: any mix of duplicate and near-duplicate rows answers as when the rows are kept', () => {
    const variant = fc.record({
      fin_id: fc.constantFrom('US.NYSE', 'us.nyse', ' US.NYSE', 'CN.SGE'),
      date: fc.constantFrom('2031-01-02', '2031-01-03', ' 2031-01-02'),
      holiday_name: fc.constantFrom('A', 'B', null, ''),
      observed: fc.constantFrom(true, false, null, undefined),
      memo: fc.constantFrom(null, '', 'm'),
      status: fc.constantFrom('Closed', 'Open'),
    });
    fc.assert(
      fc.property(fc.array(variant, { minLength: 1, maxLength: 8 }), fc.boolean(), (rows, complete) => {
        const made = rows.map((r) =>
          complete ? full(r.fin_id, r.date, r as Partial<MarketHolidayRow>) : ({ ...r } as MarketHolidayRow),
        );
        const { keptDs, givenDs } = both((t) => t.holidays.push(...made.map((r) => ({ ...r }))));
        expect(answers(givenDs)).toEqual(answers(keptDs));
      }),
      { numRuns: 150 },
    );
  });

  it('in steps, as createSteps is driven by the off-thread loader', () => {
    const given = fixtureTables();
    given.handOver = true;
    const steps = Dataset.createSteps(given);
    let r = steps.next();
    while (!r.done) r = steps.next();
    expect(answers(r.value)).toEqual(answers(Dataset.create(fixtureTables())));
    expect(given.holidays).toHaveLength(0);
  });
});
