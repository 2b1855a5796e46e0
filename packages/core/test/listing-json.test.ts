/**
 * The listings' bytes (listing-json.ts: each row's JSON kept with its table) are the bytes of
 * `JSON.stringify` of the records the same query answers (what the server wrote before), for
 * random markets, currencies, ranges and filters, on the calendar fixture as it is, with one
 * bad or duplicated row (docs/bulk-format.md §5: a bad row fails the listing of its own date
 * only), and after overrides (overrides.ts overlayIndex: a replaced row's bytes follow it). A
 * refusal is the same refusal either way.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Dataset,
  DEFAULT_BLOCK_BYTES,
  formatDay,
  setMonthBlockBytes,
  tryParseDay,
  type OverrideRecord,
  type Tables,
} from '../src/index.js';
import { calendarTables } from './calendar-fixture.js';
import { sliceJson } from '../src/wire/listing-json.js';

const decoder = new TextDecoder();
const MIN = tryParseDay('2021-06-01')!;
const MAX = tryParseDay('2025-06-30')!;

type Outcome = { ok: string } | { error: string };
function outcome(f: () => string): Outcome {
  try {
    return { ok: f() };
  } catch (e) {
    return { error: `${(e as Error).constructor.name}: ${(e as Error).message}` };
  }
}

/** The listing's bytes against `JSON.stringify` of its records: byte-equal, and parsed equal to the records. */
function same(label: string, bytes: () => Uint8Array, records: () => unknown): void {
  const b = outcome(() => decoder.decode(bytes()));
  const r = outcome(() => JSON.stringify(records()));
  expect(b, label).toEqual(r);
  if ('ok' in b) expect(JSON.parse(b.ok), label).toEqual(JSON.parse((r as { ok: string }).ok));
}

const MARKETS = [
  'US.NYSE',
  'XNYS',
  'US.CME.EQUITY.USINDEX1',
  'CN.SGE',
  'CN.CIBM',
  'AE.ADX',
  'AR.BCBA',
  'XX.NONE',
  'ZZZZ',
];
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'XXX'];
const dayArb = fc.integer({ min: MIN, max: MAX });
const rangeArb = fc.tuple(dayArb, fc.integer({ min: -3, max: 800 })).map(([s, n]) => [s, s + n] as const);

/** Every listing of `ds` for random arguments, bytes against records. */
function everyListing(ds: Dataset) {
  return fc.property(
    fc.constantFrom(...MARKETS),
    fc.constantFrom(...CURRENCIES),
    rangeArb,
    fc.constantFrom('*', 'US*', '*.*', 'CN*', 'us.nyse', 'Q*', '*A*'),
    fc.record({
      mic: fc.constantFrom(undefined, 'XNYS', 'XCME', 'ZZZZ'),
      fin_id: fc.constantFrom(undefined, 'US.NYSE', 'CN.SGE'),
    }),
    fc.record({
      season: fc.constantFrom(undefined, null, '', 'second sunday of march', 'Nope'),
      year: fc.constantFrom(undefined, 2023, 2024, 1990),
    }),
    fc.constantFrom('US', 'gb', 'christian', 'ZZ'),
    (market, currency, [s, e], pattern, mic, season, calendar) => {
      const q = ds.parsed;
      same(
        `holidays ${market} ${formatDay(s)}..${formatDay(e)}`,
        () => q.holidayJson(market, s, e),
        () => q.listHolidays(market, s, e),
      );
      same(
        `currency ${currency} ${formatDay(s)}..${formatDay(e)}`,
        () => q.currencyHolidayJson(currency, s, e),
        () => q.listCurrencyHolidays(currency, s, e),
      );
      same(
        `markets ${pattern}`,
        () => q.marketsJson(pattern),
        () => q.listMarkets(pattern),
      );
      same(
        'currencies',
        () => q.currenciesJson(),
        () => q.listCurrencies(),
      );
      same(
        `schedules ${market}`,
        () => q.schedulesJson(market),
        () => q.listSchedules(market),
      );
      same(
        `mic ${JSON.stringify(mic)}`,
        () => q.micMappingJson(mic),
        () => q.listMicMapping(mic),
      );
      same(
        'phase types',
        () => q.phaseTypesJson(),
        () => q.listPhaseTypes(),
      );
      same(
        `seasons ${JSON.stringify(season)}`,
        () => q.seasonDefinitionsJson(season),
        () => q.listSeasonDefinitions(season),
      );
      same(
        `regional ${calendar}`,
        () => q.regionalHolidayJson(calendar, s, e),
        () => q.listRegionalHolidays(calendar, s, e),
      );
    },
  );
}

/** The fixture with one bad holiday row (the reader could not read it) or a second row of a date. */
function withRow(kind: 'bad' | 'duplicate' | 'badCurrency', owner: string, day: number): Dataset {
  const t: Tables = calendarTables();
  t.holidays = [...t.holidays];
  t.currencyHolidays = [...t.currencyHolidays!];
  const date = formatDay(day);
  if (kind === 'badCurrency') {
    t.currencyHolidays.push({ currency_code: 'USD', date, holiday_name: 'Unreadable', settlement: 'No' });
    t.rowFaults = [
      {
        table: 'currencyHolidays',
        row: t.currencyHolidays.length - 1,
        column: 'holiday_name',
        message: 'malformed quoting',
      },
    ];
  } else {
    t.holidays.push({
      fin_id: owner,
      date,
      holiday_name: 'Second row',
      schedule: 'Closed',
      status: 'Closed',
      settlement: 'No',
    });
    if (kind === 'bad')
      t.rowFaults = [
        { table: 'holidays', row: t.holidays.length - 1, column: 'holiday_name', message: 'malformed quoting' },
      ];
  }
  return Dataset.create(t);
}

let serial = 0;
/** The fixture with overrides of random kinds on random dates (each a valid request). */
function withOverrides(base: Dataset, picks: readonly { kind: number; market: string; day: number }[]): Dataset {
  const records: OverrideRecord[] = [];
  const seen = new Set<string>();
  for (const p of picks) {
    const date = formatDay(p.day);
    const target = p.kind === 4 ? 'USD' : p.market;
    if (seen.has(`${target} ${date}`)) continue;
    seen.add(`${target} ${date}`);
    const body = [
      { kind: 'closure', target, date, name: 'Typhoon', reason: 'Signal No. 8' },
      { kind: 'early_close', target, date, name: 'Early', close: '12:00', reason: 'storm' },
      { kind: 'late_open', target, date, name: 'Late', open: '11:00', reason: 'outage' },
      { kind: 'reopen', target, date, reason: 'open after all' },
      { kind: 'closure', target, date, name: 'Fedwire down', reason: 'outage' },
    ][p.kind]!;
    try {
      records.push(
        base.makeOverride(body, {
          id: `ovr_${String(serial++).padStart(12, '0')}`,
          now: Date.parse('2023-11-20T08:00:00Z'),
          by: 'ops',
        }),
      );
    } catch {
      // A request the data refuses (a date outside the market's window): not part of this set.
    }
  }
  return base.withOverrides(records);
}

describe('listings written from kept row JSON', () => {
  afterEach(() => setMonthBlockBytes(DEFAULT_BLOCK_BYTES));
  const clean = Dataset.create(calendarTables());

  it('equal JSON.stringify of their records, byte for byte', () => {
    fc.assert(everyListing(clean), { numRuns: 300 });
  });

  it('equal them with one bad or duplicated row: the bad row fails its own dates only', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('bad' as const, 'duplicate' as const, 'badCurrency' as const),
        fc.constantFrom('US.NYSE', 'CN.SGE', 'US.CME.EQUITY.USINDEX1'),
        dayArb,
        (kind, owner, day) => {
          const ds = withRow(kind, owner, day);
          fc.assert(everyListing(ds), { numRuns: 15 });
          // The listing of the bad row's date fails, a range beside it does not.
          const q = ds.parsed;
          if (kind === 'bad') {
            expect(() => q.holidayJson(owner, day, day)).toThrow(/malformed quoting|holidays/);
            same(
              'beside',
              () => q.holidayJson(owner, day + 1, day + 40),
              () => q.listHolidays(owner, day + 1, day + 40),
            );
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('follow overrides: a replaced row is answered with its own bytes, the rows around it unchanged', () => {
    const pick = fc.record({
      kind: fc.integer({ min: 0, max: 4 }),
      market: fc.constantFrom('US.NYSE', 'CN.SGE', 'US.CME.EQUITY.USINDEX1'),
      day: dayArb,
    });
    fc.assert(
      fc.property(fc.array(pick, { minLength: 1, maxLength: 4 }), (picks) => {
        // The base's bytes are kept first, so an override must not answer them for its own rows.
        for (const m of ['US.NYSE', 'CN.SGE', 'US.CME.EQUITY.USINDEX1']) clean.parsed.holidayJson(m, MIN, MAX);
        clean.parsed.currencyHolidayJson('USD', MIN, MAX);
        const ds = withOverrides(clean, picks);
        fc.assert(everyListing(ds), { numRuns: 10 });
        for (const p of picks) {
          const target = p.kind === 4 ? 'USD' : p.market;
          const bytes =
            p.kind === 4
              ? ds.parsed.currencyHolidayJson(target, p.day, p.day)
              : ds.parsed.holidayJson(target, p.day, p.day);
          const records =
            p.kind === 4
              ? ds.parsed.listCurrencyHolidays(target, p.day, p.day)
              : ds.parsed.listHolidays(target, p.day, p.day);
          expect(decoder.decode(bytes)).toBe(JSON.stringify(records));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('are written afresh, the same bytes, when no blocks are kept', () => {
    setMonthBlockBytes(0);
    fc.assert(everyListing(Dataset.create(calendarTables())), { numRuns: 100 });
  });

  it('answer the reference tables from records made once per table (the same objects each time, as holidays)', () => {
    const q = clean.parsed;
    expect(q.listMicMapping({})[0]).toBe(q.listMicMapping({ mic: q.listMicMapping({})[0]!.mic })[0]);
    expect(q.listSeasonDefinitions({})[0]).toBe(q.listSeasonDefinitions({})[0]);
    expect(q.listRegionalHolidays('US', MIN, MAX)[0]).toBe(q.listRegionalHolidays('us', MIN, MAX)[0]);
    expect(q.listHolidays('US.NYSE', MIN, MAX)[0]).toBe(q.listHolidays('XNYS', MIN, MAX)[0]);
  });

  it('share the answer of a whole list (sent as it is), and hand out a fresh buffer for a part of one', () => {
    const q = clean.parsed;
    expect(q.currenciesJson()).toBe(q.currenciesJson());
    expect(q.schedulesJson('US.NYSE')).toBe(q.schedulesJson('XNYS'));
    const all = q.listHolidays('US.NYSE', MIN - 10_000, MAX + 10_000);
    expect(all.length).toBeGreaterThan(2);
    const second = tryParseDay(all[1]!.date)!;
    const part = q.holidayJson('US.NYSE', second, MAX + 10_000);
    const text = decoder.decode(part);
    expect(text).toBe(JSON.stringify(all.slice(1)));
    part.fill(32);
    expect(decoder.decode(q.holidayJson('US.NYSE', second, MAX + 10_000))).toBe(text);
    expect(decoder.decode(q.holidayJson('US.NYSE', tryParseDay('2090-01-01')!, tryParseDay('2090-12-31')!))).toBe('[]');
  });
});

describe('where a listing answer lives', () => {
  it("a slice answered once is cut from a shared slab; a whole list's kept answer is not", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ n: i, name: `row ${i}` }));
    const a = sliceJson(rows, 1, 5);
    const b = sliceJson(rows, 2, 7);
    expect(JSON.parse(decoder.decode(a))).toEqual(rows.slice(1, 5));
    // Two answers of the same slab: one memory allocation for many answers.
    expect(b.buffer).toBe(a.buffer);
    expect(a.buffer.byteLength).toBeGreaterThanOrEqual(256 * 1024);
    // Kept as long as its rows' block: never a view that holds a slab alive.
    const whole = sliceJson(rows, 0, rows.length);
    expect(JSON.parse(decoder.decode(whole))).toEqual(rows);
    expect(whole.buffer).not.toBe(a.buffer);
    expect(whole.buffer.byteLength).toBeLessThanOrEqual(8 * 1024);
  });
});
