/**
 * Year fractions and business-day counts (docs/calendar-arithmetic.md §14): examples worked by
 * hand, and, when Python can import QuantLib, QuantLib's own day counters over thousands of
 * random pairs (negative spans, equal dates and month ends included) with a bespoke calendar of
 * the business days openbell answers.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CalendarOutOfCoverageError,
  DAY_COUNTS,
  Dataset,
  InvalidArgumentError,
  NotFoundError,
  type CurrencyHolidayRow,
  type CurrencyRow,
  type DayCountConvention,
} from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

const MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const FROM = '2000-01-01';
const TO = '2035-12-31';

function row(code: string, date: string, name: string | null, settlement = 'No'): CurrencyHolidayRow {
  return { currency_code: code, date, holiday_name: name, settlement, observed: false, memo: null };
}

/** A currency with the window FROM..TO and the given closing rows. */
function currency(code: string, closed: readonly string[], weekend = 'Sat-Sun') {
  return {
    c: { currency_code: code, currency_name: code, weekend_definition: weekend } as CurrencyRow,
    rows: [
      row(code, FROM, 'window start', 'Yes'),
      ...closed.map((d) => row(code, d, `closed ${d}`)),
      row(code, TO, 'window end', 'Yes'),
    ],
  };
}

function dataset(...cs: ReturnType<typeof currency>[]): Dataset {
  return Dataset.create(
    { ...fixtureTables(), currencies: cs.map((x) => x.c), currencyHolidays: cs.flatMap((x) => x.rows) },
    { coverageEndYearWithoutHolidays: 2035 },
  );
}

// Monday to Friday with Christmas 2023 and New Year 2024 closed.
const ds = dataset(currency('MOF', ['2023-12-25', '2024-01-01']), currency('ILS', [], 'Fri-Sat'));
const yf = (start: string, end: string, c: DayCountConvention, expr = 'MOF') => ds.yearFraction(expr, start, end, c);

describe('year fractions, worked by hand', () => {
  it('actual conventions count calendar days', () => {
    expect(yf('2023-01-31', '2023-07-31', 'act/360')).toEqual({
      start: '2023-01-31',
      end: '2023-07-31',
      convention: 'act/360',
      days: 181,
      year_fraction: 181 / 360,
    });
    expect(yf('2023-01-31', '2023-07-31', 'act/365f').year_fraction).toBe(181 / 365);
    // 2023-07-01 to 2024-07-01: 184 days of 2023 over 365, 182 of leap 2024 over 366.
    expect(yf('2023-07-01', '2024-07-01', 'act/act-isda').year_fraction).toBeCloseTo(184 / 365 + 182 / 366, 15);
    expect(yf('2024-07-01', '2023-07-01', 'act/act-isda')).toMatchObject({ days: -366 });
    expect(yf('2024-07-01', '2023-07-01', 'act/act-isda').year_fraction).toBeCloseTo(-(184 / 365 + 182 / 366), 15);
  });

  it('the three 30/360 variants differ where QuantLib says they do', () => {
    // A start on the 31st and an end on the 31st: all three take both to the 30th.
    for (const c of ['30/360-us', '30e/360', '30/360-bond'] as const)
      expect(yf('2023-01-31', '2023-03-31', c).days).toBe(60);
    // An end on the 31st after a start before the 30th: only 30E/360 moves it.
    expect(yf('2023-01-15', '2023-03-31', '30/360-us').days).toBe(76);
    expect(yf('2023-01-15', '2023-03-31', '30/360-bond').days).toBe(76);
    expect(yf('2023-01-15', '2023-03-31', '30e/360').days).toBe(75);
    // The last of February: US takes a start on it to the 30th (an end too when both are), the others do not.
    expect(yf('2023-02-28', '2023-08-31', '30/360-us').days).toBe(181);
    expect(yf('2023-02-28', '2023-08-31', '30/360-bond').days).toBe(183);
    expect(yf('2023-02-28', '2023-08-31', '30e/360').days).toBe(182);
    expect(yf('2024-02-29', '2025-02-28', '30/360-us').days).toBe(360);
    // QuantLib's order: the 31st rules come before February's (2023-02-28 to 2023-03-31 is 31 days).
    expect(yf('2023-02-28', '2023-03-31', '30/360-us').days).toBe(31);
  });

  it('a 30/360 span going back is what QuantLib counts for the dates in that order, not minus the reverse', () => {
    // QuantLib: dayCount(2023-03-31, 2023-02-28) = -32 under every variant, while the reverse counts 31, 32, 33.
    for (const c of ['30/360-us', '30e/360', '30/360-bond'] as const) {
      expect(yf('2023-03-31', '2023-02-28', c)).toMatchObject({ days: -32, year_fraction: -32 / 360 });
    }
    expect(yf('2023-02-28', '2023-03-31', '30/360-bond').days).toBe(33);
  });

  it('bus/252 counts business days d with start <= d < end', () => {
    // 2023-12-22 (Fri) to 2024-01-05 (Fri): 22 and 26-29 Dec, 2-4 Jan = 8 business days (25 Dec and 1 Jan closed).
    expect(yf('2023-12-22', '2024-01-05', 'bus/252')).toMatchObject({ days: 8, year_fraction: 8 / 252 });
    expect(ds.businessDayCount('MOF', '2023-12-22', '2024-01-05')).toEqual({
      start: '2023-12-22',
      end: '2024-01-05',
      count: 8,
    });
    // Fri-Sat weekend: Sunday 2023-12-24 is a business day.
    expect(ds.businessDayCount('ILS', '2023-12-22', '2023-12-25').count).toBe(1);
    expect(ds.businessDayCount('MOF+ILS', '2023-12-22', '2024-01-05').count).toBe(6);
    expect(ds.businessDayCount('MOF~ILS', '2023-12-22', '2024-01-05').count).toBe(12);
  });

  it("a count going back is QuantLib's: minus the business days d with end < d <= start", () => {
    // Saturday 2023-01-07 back to Friday 2023-01-06: QuantLib answers 0 (the Friday is the excluded end).
    expect(ds.businessDayCount('MOF', '2023-01-07', '2023-01-06').count).toBe(0);
    expect(ds.businessDayCount('MOF', '2023-01-06', '2023-01-07').count).toBe(1);
    expect(ds.businessDayCount('MOF', '2023-01-09', '2023-01-06').count).toBe(-1);
    expect(yf('2023-01-09', '2023-01-02', 'bus/252').days).toBe(-5);
  });

  it('equal dates answer 0 under every convention', () => {
    for (const c of DAY_COUNTS) expect(yf('2023-05-31', '2023-05-31', c)).toMatchObject({ days: 0, year_fraction: 0 });
  });

  it('refuses: unknown convention 422, span over 100 years 422 naming end, unknown member 404, bus/252 outside the window 400', () => {
    const fault = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e;
      }
      throw new Error('no refusal');
    };
    const bad = fault(() => ds.yearFraction('MOF', '2023-01-01', '2023-02-01', 'act/364' as DayCountConvention));
    expect(bad).toBeInstanceOf(InvalidArgumentError);
    expect((bad as InvalidArgumentError).faults[0]!.param).toBe('convention');
    const long = fault(() => yf('1900-01-01', '2000-01-03', 'act/360'));
    expect(long).toBeInstanceOf(InvalidArgumentError);
    expect((long as InvalidArgumentError).faults[0]!.param).toBe('end');
    expect(yf('1900-01-01', '2000-01-02', 'act/360').days).toBe(36_525);
    expect(yf('2000-01-01', '1900-01-01', '30e/360').days).toBe(-36_000);
    expect(fault(() => yf('2023-01-01', '2023-02-01', 'act/360', 'MOF+ZZZ'))).toBeInstanceOf(NotFoundError);
    expect(fault(() => ds.businessDayCount('MOF', '2023-01-01', '2040-01-01'))).toBeInstanceOf(
      CalendarOutOfCoverageError,
    );
    expect(fault(() => yf('1990-01-01', '2023-02-01', 'bus/252'))).toBeInstanceOf(CalendarOutOfCoverageError);
    // The other conventions need no window.
    expect(yf('1990-01-01', '2023-02-01', 'act/365f').days).toBe(12_084);
  });
});

// ---- QuantLib itself ----

const QL_SCRIPT = `
import json, sys
import QuantLib as ql
dcs = {'act/360': ql.Actual360(), 'act/365f': ql.Actual365Fixed(), 'act/act-isda': ql.ActualActual(ql.ActualActual.ISDA),
       '30/360-us': ql.Thirty360(ql.Thirty360.USA), '30e/360': ql.Thirty360(ql.Thirty360.European),
       '30/360-bond': ql.Thirty360(ql.Thirty360.BondBasis)}
out = []
for i, world in enumerate(json.load(sys.stdin)):
    # A name of its own per world: Business252 keeps its monthly counts by the calendar's name.
    cal = ql.BespokeCalendar('openbell-%d' % i)
    for d in world['closed']:
        cal.addHoliday(ql.DateParser.parseISO(d))
    b252 = ql.Business252(cal)
    answers = []
    for c in world['cases']:
        d1, d2 = ql.DateParser.parseISO(c[0]), ql.DateParser.parseISO(c[1])
        r = {k: [dc.dayCount(d1, d2), dc.yearFraction(d1, d2)] for k, dc in dcs.items()}
        if c[2]:
            r['bus/252'] = [b252.dayCount(d1, d2), b252.yearFraction(d1, d2)]
            r['count'] = [cal.businessDaysBetween(d1, d2), 0]
        answers.append(r)
    out.append(answers)
json.dump({'version': ql.__version__, 'answers': out}, sys.stdout)
`;

/** The first Python that can import QuantLib (Debian's package installs it for /usr/bin/python3). */
const PYTHON = [process.env.QUANTLIB_PYTHON, '/usr/bin/python3', 'python3'].find(
  (p): p is string => !!p && spawnSync(p, ['-c', 'import QuantLib'], { stdio: 'ignore' }).status === 0,
);
if (!PYTHON)
  console.warn(
    'QuantLib day-count cross-check SKIPPED: no python3 that can import QuantLib (apt-get install -y python3-quantlib)',
  );

const FROM_MS = Date.parse(`${FROM}T00:00:00Z`);
const SPAN = Math.round((Date.parse(`${TO}T00:00:00Z`) - FROM_MS) / MS);
const WEEKENDS = ['Sat-Sun', 'Fri-Sat', 'Sun', 'Sat-Sun'];
/** A date near a month's end (the 30/360 rules' ground), or any date of the window. */
const dayInWindow = fc.oneof(
  fc
    .tuple(fc.integer({ min: 2000, max: 2035 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 3 }))
    .map(([y, m, back]) => iso(Date.UTC(y, m, 1) - (back + 1) * MS)),
  fc.integer({ min: 0, max: SPAN }).map((k) => iso(FROM_MS + k * MS)),
);
/** Dates far outside any window, for the conventions that need none. */
const farDay = fc.integer({ min: Date.UTC(1901, 0, 1) / MS, max: Date.UTC(2198, 11, 31) / MS }).map((k) => iso(k * MS));
const pairArb = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(dayInWindow, dayInWindow) },
  // Short spans, both ways, where one closed day at either end decides a count.
  {
    weight: 3,
    arbitrary: fc
      .tuple(dayInWindow, fc.integer({ min: -12, max: 12 }))
      .map(([d, k]) => [d, iso(Date.parse(`${d}T00:00:00Z`) + k * MS)] as [string, string])
      .filter(([, e]) => e >= FROM && e <= TO),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(farDay, farDay).filter(([a, b]) => Math.abs(Date.parse(a) - Date.parse(b)) / MS <= 36_525),
  },
);
const worldArb = fc.record({
  weekend: fc.constantFrom(...WEEKENDS),
  holidays: fc.uniqueArray(
    fc.integer({ min: 1, max: SPAN - 1 }).map((k) => iso(FROM_MS + k * MS)),
    { maxLength: 400 },
  ),
  pairs: fc.array(pairArb, { minLength: 500, maxLength: 500 }),
});

describe.skipIf(!PYTHON)('year fractions and counts agree with QuantLib itself', () => {
  it("on random calendars built from openbell's business days, thousands of pairs", () => {
    const worlds = fc.sample(worldArb, { numRuns: 8, seed: 20261128 });
    const batch = worlds.map((w, i) => {
      const world = dataset(currency('RND', w.holidays, w.weekend));
      // The fixture's New York market joined to the random currency in half the worlds.
      const expr = i % 2 === 0 ? 'RND' : 'RND+US.NYSE';
      const days = world.calendarDays(expr, '2000-01-03', '2030-12-25');
      const closed = days.filter((d) => !d.is_business_day).map((d) => d.date);
      const lo = days[0]!.date;
      const hi = days[days.length - 1]!.date;
      const cases = w.pairs.map(([a, b]) => [a, b, a >= lo && a <= hi && b >= lo && b <= hi] as const);
      return { world, expr, closed, cases };
    });
    const run = spawnSync(PYTHON!, ['-c', QL_SCRIPT], {
      input: JSON.stringify(batch.map((w) => ({ closed: w.closed, cases: w.cases }))),
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(run.status, run.stderr).toBe(0);
    const { answers } = JSON.parse(run.stdout) as { answers: Record<string, [number, number]>[][] };
    let compared = 0;
    let negative = 0;
    const differ: string[] = [];
    batch.forEach((w, i) => {
      w.cases.forEach(([a, b, inWindow], k) => {
        const ql = answers[i]![k]!;
        if (b < a) negative++;
        for (const c of DAY_COUNTS) {
          if (c === 'bus/252' && !inWindow) continue;
          const ours = w.world.yearFraction(w.expr, a, b, c);
          const [days, fraction] = ql[c]!;
          compared++;
          if (ours.days !== days || Math.abs(ours.year_fraction - fraction) > 1e-12)
            differ.push(
              `${w.expr} ${a} ${b} ${c}: ours ${ours.days} ${ours.year_fraction}, QuantLib ${days} ${fraction}`,
            );
        }
        if (inWindow) {
          compared++;
          const count = w.world.businessDayCount(w.expr, a, b).count;
          if (count !== ql.count![0]) differ.push(`${w.expr} ${a} ${b} count: ours ${count}, QuantLib ${ql.count}`);
        }
      });
    });
    console.info(
      `QuantLib day counters: ${compared} answers compared, ${negative} negative spans, ${differ.length} differ`,
    );
    expect(differ.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(20_000);
    expect(negative).toBeGreaterThan(1_000);
  }, 120_000);
});
