/**
 * The fast paths of derived dates and overlap (docs/benchmarks.md) answer what the plain ones
 * do: the bytes core writes are `JSON.stringify` of the records, refusals included, and a
 * joined calendar reading its members' kept business-day flags answers as one asking each
 * member, date by date.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dataset, parseCalendarExpression, parseDateRule } from '../src/index.js';
import {
  CurrencyCalendar,
  JoinedCalendar,
  MarketCalendar,
  joinedFlagBytesKept,
  type CalendarMember,
} from '../src/rules/calendars.js';
import { allocBytes, listOf, recordTemplate } from '../src/wire/list-json.js';
import { daysFromCivil, monthLength } from '../src/time/dates.js';
import { keptSeriesBytes, keptSeriesCount } from '../src/wire/dates-json.js';
import { keptOverlapCount } from '../src/wire/overlap-json.js';
import { buildWithSources } from './bad-rows.js';
import { calendarTables } from './calendar-fixture.js';
import { CME } from '../src/testing/fixture.js';

const ds = Dataset.create(calendarTables(), { coverageEndYearWithoutHolidays: 2035 });
// A market and a currency with a bad row each: their calendars ask each date (no flags), and
// the dates the rows touch fail.
const bad = buildWithSources((t) => {
  t.holidays.push({
    fin_id: 'US.NYSE',
    date: '2024-07-05',
    holiday_name: 'Bad',
    schedule: 'Closed',
    status: 'Closed',
    settlement: 'No',
  });
  t.currencyHolidays.push({ currency_code: 'EUR', date: '2024-07-10', holiday_name: 'Bad', settlement: 'No' } as never);
  t.rowFaults = [
    { table: 'holidays', row: t.holidays.length - 1, column: 'holiday_name', message: 'malformed quoting' },
    { table: 'currencyHolidays', row: t.currencyHolidays.length - 1, column: 'holiday_name', message: 'bad quoting' },
  ];
}, calendarTables);
const datasets = [ds, bad];
/** An index into `datasets` (fast-check prints an index, not a dataset). */
const dataArb = fc.constantFrom(0, 1);

/** The text of bytes, or of pieces of bytes one after another. */
const decode = (bytes: Uint8Array | Iterable<Uint8Array>) =>
  bytes instanceof Uint8Array ? new TextDecoder().decode(bytes) : [...bytes].map((b) => decode(b)).join('');
/** The answer of `fn` as text, or its error's class, code and message. */
const outcome = (fn: () => unknown): string => {
  try {
    const v = fn();
    const pieces = Array.isArray(v) && v.length > 0 && v.every((x) => x instanceof Uint8Array);
    return v instanceof Uint8Array || pieces ? decode(v as Iterable<Uint8Array>) : JSON.stringify(v);
  } catch (e) {
    const err = e as Error & { code?: string };
    return `${err.constructor.name} ${err.code} ${err.message}`;
  }
};

const MEMBERS = ['USD', 'EUR', 'ILS', 'SGD', 'XAU', 'US.NYSE', CME, 'CN.SGE', 'AE.ADX', 'BR.B3'];
const exprArb = fc
  .record({
    members: fc.array(fc.constantFrom(...MEMBERS), { minLength: 1, maxLength: 3 }),
    op: fc.constantFrom('+', '~'),
  })
  .map(({ members, op }) => members.join(op));
const ruleArb = fc.oneof(
  fc
    .tuple(fc.constantFrom(1, 2, 3, 4, 5, -1, -2, -5), fc.constantFrom('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'))
    .map(([n, d]) => `nth-weekday:${n}:${d}`),
  fc.constant('imm'),
  fc.integer({ min: 1, max: 31 }).map((d) => `day:${d}`),
  fc.constantFrom(1, 2, 5, 23, -1, -3, -23).map((n) => `business-day:${n}`),
  fc.constantFrom('first-business-day', 'last-business-day'),
);
const monthArb = fc.integer({ min: 1998 * 12, max: 2037 * 12 });
const ROLLS = ['following', 'preceding', 'modified_following', 'modified_preceding', 'unadjusted'] as const;
const rollArb = fc.constantFrom(...ROLLS);

describe('derived dates as bytes', () => {
  it('property: derivedDatesJsonChunks is JSON.stringify of derivedDates, refusals included', () => {
    fc.assert(
      fc.property(
        dataArb,
        exprArb,
        ruleArb,
        monthArb,
        fc.integer({ min: 0, max: 400 }),
        fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }), { nil: undefined }),
        rollArb,
        fc.integer({ min: -30, max: 30 }),
        (d, text, ruleText, start, span, months, roll, offset) => {
          const data = datasets[d]!;
          const expr = parseCalendarExpression(text);
          const rule = parseDateRule(ruleText);
          const options = { months, roll, offset };
          const records = outcome(() => data.parsed.derivedDates(expr, rule, start, start + span, options));
          expect(outcome(() => data.parsed.derivedDatesJsonChunks(expr, rule, start, start + span, options))).toBe(
            records,
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('an empty answer is [], and a month of four-digit years as formatMonth writes it', () => {
    const expr = parseCalendarExpression('USD');
    const plain = { roll: 'unadjusted', offset: 0 } as const;
    const one = (rule: string, month: number) =>
      decode(ds.parsed.derivedDatesJsonChunks(expr, parseDateRule(rule), month, month, plain));
    expect(one('nth-weekday:5:mon', 2023 * 12 + 1)).toBe('[]');
    expect(one('day:9', 2024 * 12 + 8)).toBe('[{"period":"2024-09","nominal":"2024-09-09","date":"2024-09-09"}]');
    // Years before 1000 have four digits too (unadjusted looks at no calendar).
    expect(one('day:31', 999 * 12 + 1)).toBe('[{"period":"0999-02","nominal":"0999-02-28","date":"0999-02-28"}]');
  });
});

describe('kept series of derived dates (docs/benchmarks.md "Kept series")', () => {
  it('a rule is walked over the whole window once; every range is then a slice of it', () => {
    // A dataset of its own: the properties above may have asked for this series already.
    const ds = Dataset.create(calendarTables(), { coverageEndYearWithoutHolidays: 2035 });
    const expr = parseCalendarExpression('US.NYSE+EUR+CN.SGE');
    const rule = parseDateRule('nth-weekday:3:fri');
    const options = { roll: 'modified_following', offset: 2 } as const;
    const before = keptSeriesCount();
    const month = (y: number, m: number) => y * 12 + m - 1;
    decode(ds.parsed.derivedDatesJsonChunks(expr, rule, month(2010, 1), month(2010, 12), options));
    expect(keptSeriesCount()).toBe(before + 1);
    // Another range, another spelling of the same members: the same series.
    const other = parseCalendarExpression('XNYS+EUR+CN.SGE');
    const cut = decode(ds.parsed.derivedDatesJsonChunks(other, rule, month(2011, 3), month(2013, 2), options));
    expect(keptSeriesCount()).toBe(before + 1);
    expect(cut).toBe(JSON.stringify(ds.parsed.derivedDates(other, rule, month(2011, 3), month(2013, 2), options)));
    expect(JSON.parse(cut)).toHaveLength(24);
  });

  it('the series kept stay within 16 MiB, least recently used out', () => {
    const expr = parseCalendarExpression('US.NYSE+EUR+CN.SGE');
    const rules = ['mon', 'tue', 'wed', 'thu', 'fri'].flatMap((d) => [`nth-weekday:1:${d}`, `nth-weekday:3:${d}`]);
    rules.push('imm', 'day:10');
    const options = (offset: number) => ({ roll: 'following', offset }) as const;
    // 12 rules × 61 offsets of a 31-year window (about 26 KiB each): 19 MiB if all were kept.
    for (const r of rules)
      for (let offset = -30; offset <= 30; offset++)
        ds.parsed.derivedDatesJsonChunks(expr, parseDateRule(r), 2010 * 12, 2010 * 12, options(offset));
    expect(keptSeriesBytes()).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(keptSeriesBytes()).toBeGreaterThan(12 * 1024 * 1024);
    expect(keptSeriesCount()).toBeLessThan(rules.length * 61);
  });

  it('property: a kept series answers every range as the walk does, refusals included', () => {
    const expr = parseCalendarExpression('US.NYSE+EUR');
    // The window is 2000-01-03 to 2030-12-25: the months at its ends fail for some rules and
    // offsets, and a range that starts or ends on them must fail as the walk does.
    const edge = fc.oneof(
      monthArb,
      fc.integer({ min: 2000 * 12 - 2, max: 2000 * 12 + 2 }),
      fc.integer({ min: 2030 * 12 + 9, max: 2030 * 12 + 13 }),
    );
    fc.assert(
      fc.property(ruleArb, edge, edge, rollArb, fc.integer({ min: -3, max: 3 }), (r, a, b, roll, offset) => {
        const rule = parseDateRule(r);
        const [start, end] = a <= b ? [a, b] : [b, a];
        const options = { roll, offset };
        const records = outcome(() => ds.parsed.derivedDates(expr, rule, start, end, options));
        // Twice: the first makes the series, the second is cut from it.
        expect(outcome(() => ds.parsed.derivedDatesJsonChunks(expr, rule, start, end, options))).toBe(records);
        expect(outcome(() => ds.parsed.derivedDatesJsonChunks(expr, rule, start, end, options))).toBe(records);
      }),
      { numRuns: 400 },
    );
  });
});

const OVERLAP_MARKETS = ['US.NYSE', CME, 'CN.SGE', 'AE.ADX', 'BR.B3', 'AR.BYMA'];

describe('overlap as bytes', () => {
  const dayArb = fc.integer({ min: daysFromCivil(2000, 1, 1), max: daysFromCivil(2031, 6, 1) });
  it('property: overlapJsonChunks is JSON.stringify of overlap, refusals included', () => {
    fc.assert(
      fc.property(
        dataArb,
        fc.array(fc.constantFrom(...OVERLAP_MARKETS), { minLength: 2, maxLength: 4 }),
        dayArb,
        fc.integer({ min: -2, max: 800 }),
        fc.constantFrom('primary', 'open' as const),
        (d, ids, start, span, phase) => {
          const data = datasets[d]!;
          const records = outcome(() => data.parsed.overlap(ids, start, start + span, phase));
          expect(outcome(() => data.parsed.overlapJsonChunks(ids, start, start + span, phase))).toBe(records);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('kept overlaps (docs/benchmarks.md "Kept series")', () => {
  it('a set asked twice is kept, and every range is then cut from it, clipped at both ends', () => {
    // A dataset of its own: the properties above may have asked for this set already.
    const ds = Dataset.create(calendarTables(), { coverageEndYearWithoutHolidays: 2035 });
    const ids = ['US.NYSE', CME, 'BR.B3'];
    const start = daysFromCivil(2019, 3, 9);
    const before = keptOverlapCount();
    ds.parsed.overlapJsonChunks(ids, start, start + 30, 'open');
    expect(keptOverlapCount()).toBe(before);
    ds.parsed.overlapJsonChunks(ids, start, start + 30, 'open');
    expect(keptOverlapCount()).toBe(before + 1);
    const cut = decode(ds.parsed.overlapJsonChunks(ids, start + 2, start + 9, 'open'));
    expect(cut).toBe(JSON.stringify(ds.parsed.overlap(ids, start + 2, start + 9, 'open')));
    // CME alone (named twice) trades across 00:00Z: the range's first and last intervals are clipped there.
    const cme = [CME, CME];
    const monday = daysFromCivil(2024, 3, 4);
    ds.parsed.overlapJsonChunks(cme, monday, monday, 'open');
    const clipped = JSON.parse(decode(ds.parsed.overlapJsonChunks(cme, monday, monday + 1, 'open')));
    expect(clipped[0].start).toBe('2024-03-04T00:00:00Z');
    expect(clipped.at(-1).end).toBe('2024-03-06T00:00:00Z');
    expect(clipped).toEqual(ds.parsed.overlap(cme, monday, monday + 1, 'open'));
  });

  it('property: a kept overlap answers every range as one made afresh, refusals included', () => {
    const dayArb = fc.integer({ min: daysFromCivil(1999, 1, 1), max: daysFromCivil(2036, 6, 1) });
    fc.assert(
      fc.property(
        // CME twice is CME alone, which trades across 00:00Z: the range's ends clip its intervals.
        fc.constantFrom(['US.NYSE', CME], [CME, CME], ['BR.B3', 'AR.BYMA', 'US.NYSE']),
        dayArb,
        fc.integer({ min: -2, max: 800 }),
        fc.constantFrom('primary', 'open' as const),
        (ids, start, span, phase) => {
          const records = outcome(() => ds.parsed.overlap(ids, start, start + span, phase));
          expect(outcome(() => ds.parsed.overlapJsonChunks(ids, start, start + span, phase))).toBe(records);
          expect(outcome(() => ds.parsed.overlapJsonChunks(ids, start, start + span, phase))).toBe(records);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('joined calendars read kept business-day flags', () => {
  /** The member without its flags: the calendar then asks it date by date. */
  const asked = (m: CalendarMember): CalendarMember => ({
    label: m.label,
    minDay: m.minDay,
    maxDay: m.maxDay,
    isBusinessDay: (d) => m.isBusinessDay(d),
  });
  const memberOf = (data: Dataset, label: string): CalendarMember => {
    type Index = { markets: Map<string, never>; currencies: Map<string, never> };
    const index = (data.parsed as unknown as { index: Index }).index;
    if (label.length === 3) return new CurrencyCalendar(label, index.currencies.get(label)!);
    return new MarketCalendar(label, index.markets.get(label)!);
  };

  it('property: the flags make a day a business day exactly when asking each member does (or both fail)', () => {
    fc.assert(
      fc.property(
        dataArb,
        fc.array(fc.constantFrom(...MEMBERS), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('+', '~' as const),
        fc.integer({ min: daysFromCivil(1999, 6, 1), max: daysFromCivil(2036, 6, 1) }),
        (d, labels, op, day) => {
          const data = datasets[d]!;
          const members = labels.map((l) => memberOf(data, l));
          const kept = new JoinedCalendar(labels.join(op), op, members);
          const plain = new JoinedCalendar(labels.join(op), op, members.map(asked));
          for (let d = day; d < day + 40; d++) {
            expect(outcome(() => kept.isBusinessDay(d))).toBe(outcome(() => plain.isBusinessDay(d)));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a joined calendar's flags are kept across requests, and follow an override of one member", () => {
    // Asked first on this version, so its joined flags are kept; the override then closes a
    // date on USD only, which the joined calendar of the new version sees and the old keeps.
    const expr = 'US.NYSE+USD+EUR';
    const before = ds.adjust(expr, '2024-07-09', 'following').adjusted;
    expect(before).toBe('2024-07-09');
    const kept = joinedFlagBytesKept();
    expect(kept).toBeGreaterThan(0);
    // Asked again (a new JoinedCalendar, as every request makes): the kept flags, none made.
    expect(ds.adjust(expr, '2024-07-09', 'following').adjusted).toBe(before);
    expect(joinedFlagBytesKept()).toBe(kept);
    const body = { kind: 'closure', target: 'usd', date: '2024-07-09', name: 'Storm', reason: 'Fed closed' };
    const made = ds.makeOverride(body, { id: 'ovr_000000000002', now: Date.parse('2024-07-01T00:00:00Z'), by: 'ops' });
    const closed = ds.withOverrides([made]);
    expect(closed.adjust(expr, '2024-07-09', 'following').adjusted).toBe('2024-07-10');
    expect(ds.adjust(expr, '2024-07-09', 'following').adjusted).toBe(before);
    // Both versions' flags are kept side by side, under the bound (16 MiB).
    expect(joinedFlagBytesKept()).toBeGreaterThan(kept);
    expect(joinedFlagBytesKept()).toBeLessThanOrEqual(16 * 1024 * 1024);
  });

  it('kept series and overlaps are those of their own version: an override closing a day is seen', () => {
    const expr = parseCalendarExpression('US.NYSE+USD');
    const rule = parseDateRule('day:11');
    const july = 2024 * 12 + 6;
    const plain = { roll: 'following', offset: 0 } as const;
    const dates = (d: Dataset) => JSON.parse(decode(d.parsed.derivedDatesJsonChunks(expr, rule, july, july, plain)));
    const ids = ['US.NYSE', CME];
    const day = daysFromCivil(2024, 7, 11);
    const overlap = (d: Dataset) => decode(d.parsed.overlapJsonChunks(ids, day, day, 'primary'));
    // Asked on this version first: its series is walked and its overlap kept (asked twice).
    expect(dates(ds)[0].date).toBe('2024-07-11');
    overlap(ds);
    const open = overlap(ds);
    expect(JSON.parse(open)).not.toEqual([]);
    const made = (target: string, id: string) =>
      ds.makeOverride(
        { kind: 'closure', target, date: '2024-07-11', name: 'Storm', reason: 'closed' },
        { id, now: Date.parse('2024-07-01T00:00:00Z'), by: 'ops' },
      );
    const closed = ds.withOverrides([made('usd', 'ovr_000000000003'), made('xnys', 'ovr_000000000004')]);
    expect(dates(closed)[0].date).toBe('2024-07-12');
    overlap(closed);
    expect(overlap(closed)).toBe('[]');
    // The version before keeps its own.
    expect(dates(ds)[0].date).toBe('2024-07-11');
    expect(overlap(ds)).toBe(open);
  });

  it("a currency's flags are those of its own version: an override closing a day is seen", () => {
    // Asked first, so the version before the override has made and kept its flags.
    expect(ds.adjust('USD', '2024-07-08', 'following').adjusted).toBe('2024-07-08');
    const body = { kind: 'closure', target: 'usd', date: '2024-07-08', name: 'Storm', reason: 'Fed closed' };
    const made = ds.makeOverride(body, { id: 'ovr_000000000001', now: Date.parse('2024-07-01T00:00:00Z'), by: 'ops' });
    const closed = ds.withOverrides([made]);
    expect(closed.adjust('USD', '2024-07-08', 'following').adjusted).toBe('2024-07-09');
    expect(ds.adjust('USD', '2024-07-08', 'following').adjusted).toBe('2024-07-08');
  });
});

describe('list-json helpers', () => {
  it('lists cut from a shared slab never share bytes, and a large one has its own memory', () => {
    const template = recordTemplate(['0000-00-00'], (date: string) => ({ date }));
    const lists = Array.from({ length: 40 }, (_, k) => listOf(template, 1 + ((k * 37) % 300)));
    lists.forEach((list, k) => list.fill(k));
    lists.forEach((list, k) => expect(list.every((b) => b === k)).toBe(true));
    const large = allocBytes(64 * 1024);
    expect(large.byteOffset).toBe(0);
    expect(large.buffer.byteLength).toBe(64 * 1024);
    // Small lists share slabs, each starting on an 8-byte boundary.
    for (const list of lists) expect(list.byteOffset % 8).toBe(0);
    expect(new Set(lists.map((l) => l.buffer)).size).toBeLessThan(lists.length);
  });

  it('monthLength agrees with daysFromCivil over four centuries', () => {
    for (let y = 1600; y < 2000; y++) {
      for (let m = 1; m <= 12; m++) {
        const next = m === 12 ? daysFromCivil(y + 1, 1, 1) : daysFromCivil(y, m + 1, 1);
        expect(monthLength(y, m)).toBe(next - daysFromCivil(y, m, 1));
      }
    }
  });

  it('a template holds the record with its values zeroed, and where each begins', () => {
    const t = recordTemplate(['0000-00', '00:00'], (a, b) => ({ a, b }));
    expect(decode(t.bytes)).toBe(',{"a":"0000-00","b":"00:00"}');
    expect(t.at).toEqual([7, 21]);
  });
});

it('the bad-row dataset fails the dates its row touches (so the properties meet failures)', () => {
  expect(outcome(() => bad.adjust('US.NYSE', '2024-07-05', 'following'))).toMatch(/^DataError/);
  expect(outcome(() => bad.adjust('EUR', '2024-07-10', 'following'))).toMatch(/^DataError/);
  expect(outcome(() => bad.overlap('US.NYSE,BR.B3', '2024-07-01', '2024-07-10'))).toMatch(/^DataError/);
});
