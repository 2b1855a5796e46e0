/**
 * `adjust` and `advance` against QuantLib (docs/calendar-arithmetic.md §4): QuantLib's published
 * behaviour as examples, a reference model written from its documented algorithm
 * (`Calendar::adjust`, `isEndOfMonth`, `endOfMonth`, `advance`) checked over random calendars,
 * and, when Python can import QuantLib, QuantLib itself fed the business days openbell answers.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CalendarOutOfCoverageError, Dataset, type CurrencyHolidayRow, type CurrencyRow } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

const MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plus = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * MS);
const month = (date: string) => date.slice(0, 7);

type Convention = 'following' | 'preceding' | 'modified_following' | 'modified_preceding' | 'unadjusted';
type Unit = 'days' | 'weeks' | 'months' | 'years';
const CONVENTIONS: Convention[] = ['following', 'preceding', 'modified_following', 'modified_preceding', 'unadjusted'];

function row(code: string, date: string, name: string | null, settlement = 'No'): CurrencyHolidayRow {
  return { currency_code: code, date, holiday_name: name, settlement, observed: false, memo: null };
}

/**
 * A currency whose window runs from `from` to `to` (two rows that do not close settlement) and whose closing rows are
 * `closed`.
 */
function currency(
  code: string,
  from: string,
  to: string,
  closed: string[],
  weekend = 'Sat-Sun',
): { c: CurrencyRow; rows: CurrencyHolidayRow[] } {
  return {
    c: { currency_code: code, currency_name: code, weekend_definition: weekend },
    rows: [
      row(code, from, 'window start', 'Yes'),
      ...closed.map((d) => row(code, d, `closed ${d}`)),
      row(code, to, 'window end', 'Yes'),
    ],
  };
}

function dataset(...cs: { c: CurrencyRow; rows: CurrencyHolidayRow[] }[]): Dataset {
  return Dataset.create(
    { ...fixtureTables(), currencies: cs.map((x) => x.c), currencyHolidays: cs.flatMap((x) => x.rows) },
    { coverageEndYearWithoutHolidays: 2035 },
  );
}

const weekdaysOf = (y: number, m: number): string[] => {
  const out: string[] = [];
  for (let ms = Date.UTC(y, m - 1, 1); new Date(ms).getUTCMonth() === m - 1; ms += MS) {
    const wd = new Date(ms).getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(iso(ms));
  }
  return out;
};

const ds = dataset(
  // Monday to Friday, no holidays.
  currency('MOF', '2000-01-01', '2035-12-31', []),
  // Holidays at month ends: Tue 2023-10-31, Fri 2024-05-31, Mon 2023-07-31 and Fri 2023-07-28.
  currency('HOL', '2000-01-01', '2035-12-31', ['2023-07-28', '2023-07-31', '2023-10-31', '2024-05-31']),
  // No business day in August 2024.
  currency('AUG', '2000-01-01', '2035-12-31', weekdaysOf(2024, 8)),
  // A window that ends on Friday 2023-09-29, and one that starts on Thursday 2023-01-26.
  currency('END', '2000-01-01', '2023-09-29', []),
  currency('BEG', '2023-01-26', '2035-12-31', ['2023-02-27', '2023-02-28']),
  // Sparse: no business day from October 2023 to the end of its window.
  currency(
    'SPR',
    '2023-01-02',
    '2023-12-31',
    [...Array(3)].flatMap((_, k) => weekdaysOf(2023, 10 + k)),
  ),
);

const adv = (expr: string, date: string, n: number, unit: Unit, convention: Convention = 'following', eom = false) =>
  ds.advance(expr, date, n, unit, convention, eom).result;

describe("QuantLib's advance on a Monday-Friday calendar without holidays", () => {
  it('the examples of calendar-arithmetic §4', () => {
    expect(adv('MOF', '2023-09-30', 1, 'months', 'following', true)).toBe('2023-10-31');
    expect(adv('MOF', '2023-10-31', 1, 'weeks', 'following', true)).toBe('2023-11-07');
    expect(adv('MOF', '2023-02-28', 1, 'months', 'following', true)).toBe('2023-03-31');
    expect(adv('MOF', '2023-02-28', 1, 'months', 'following', false)).toBe('2023-03-28');
  });

  it('weeks never take the rule: 2015-09-30 plus one week is 2015-10-07', () => {
    expect(adv('MOF', '2015-09-30', 1, 'weeks', 'following', true)).toBe('2015-10-07');
    expect(adv('MOF', '2015-09-30', 1, 'weeks', 'following', false)).toBe('2015-10-07');
    expect(adv('MOF', '2015-09-30', 13, 'weeks', 'following', true)).toBe('2015-12-30');
  });

  it('a month end on a weekend takes the rule, and so does the Friday before it', () => {
    // Sun 2023-04-30 and Sat 29: no business day follows either in April.
    expect(adv('MOF', '2023-04-30', 1, 'months', 'following', true)).toBe('2023-05-31');
    expect(adv('MOF', '2023-04-29', 1, 'months', 'following', true)).toBe('2023-05-31');
    expect(adv('MOF', '2023-04-28', 1, 'months', 'following', true)).toBe('2023-05-31');
    expect(adv('MOF', '2023-04-30', 1, 'months', 'following', false)).toBe('2023-05-30');
    // Thu 2023-04-27 has Friday after it: no rule.
    expect(adv('MOF', '2023-04-27', 1, 'months', 'following', true)).toBe('2023-05-29');
    // The target month's last business day when its last day is on a weekend.
    expect(adv('MOF', '2023-08-31', 1, 'months', 'following', true)).toBe('2023-09-29');
  });

  it('years: from February 29 and to it', () => {
    expect(adv('MOF', '2024-02-29', 1, 'years', 'following', true)).toBe('2025-02-28');
    expect(adv('MOF', '2024-02-29', 1, 'years', 'following', false)).toBe('2025-02-28');
    expect(adv('MOF', '2024-02-29', 4, 'years', 'following', true)).toBe('2028-02-29');
    expect(adv('MOF', '2023-02-28', 1, 'years', 'following', true)).toBe('2024-02-29');
    expect(adv('MOF', '2023-02-28', 1, 'years', 'following', false)).toBe('2024-02-28');
    // Sat 2020-02-29 plus one year: Sun 2021-02-28 without the rule, Fri 26 with it.
    expect(adv('MOF', '2020-02-29', 1, 'years', 'following', false)).toBe('2021-03-01');
    expect(adv('MOF', '2020-02-29', 1, 'years', 'following', true)).toBe('2021-02-26');
  });

  it('negative n', () => {
    expect(adv('MOF', '2023-06-30', -1, 'months', 'following', true)).toBe('2023-05-31');
    expect(adv('MOF', '2023-06-30', -1, 'months', 'following', false)).toBe('2023-05-30');
    expect(adv('MOF', '2023-09-30', -1, 'months', 'following', true)).toBe('2023-08-31');
    expect(adv('MOF', '2023-03-31', -1, 'years', 'following', true)).toBe('2022-03-31');
    expect(adv('MOF', '2024-02-29', -1, 'years', 'following', true)).toBe('2023-02-28');
    expect(adv('MOF', '2023-10-31', -1, 'weeks', 'following', true)).toBe('2023-10-24');
  });

  it(
    "each convention with the rule gives the target month's last business day; without it, the convention " + 'decides',
    () => {
      // Fri 2023-03-31 plus one month is Sun 2023-04-30.
      const without: Record<Convention, string> = {
        following: '2023-05-01',
        modified_following: '2023-04-28',
        preceding: '2023-04-28',
        modified_preceding: '2023-04-28',
        unadjusted: '2023-04-30',
      };
      for (const c of CONVENTIONS) {
        expect(adv('MOF', '2023-03-31', 1, 'months', c, true), c).toBe('2023-04-28');
        expect(adv('MOF', '2023-03-31', 1, 'months', c, false), c).toBe(without[c]);
        // From a month end on a weekend too: the last business day of October, a Tuesday.
        expect(adv('MOF', '2023-09-30', 1, 'months', c, true), c).toBe('2023-10-31');
      }
      // Week targets are adjusted by the convention, rule or not: Sat 2023-10-07.
      expect(adv('MOF', '2023-09-30', 1, 'weeks', 'preceding', true)).toBe('2023-10-06');
      expect(adv('MOF', '2023-09-30', 1, 'weeks', 'unadjusted', true)).toBe('2023-10-07');
    },
  );

  it('n = 0 adjusts the date by the convention whatever the unit, even when the rule would fire', () => {
    for (const unit of ['days', 'weeks', 'months', 'years'] as const) {
      expect(adv('MOF', '2023-09-30', 0, unit, 'following', true), unit).toBe('2023-10-02');
      expect(adv('MOF', '2023-09-30', 0, unit, 'preceding', true), unit).toBe('2023-09-29');
      expect(adv('MOF', '2023-09-30', 0, unit, 'unadjusted', true), unit).toBe('2023-09-30');
    }
  });
});

describe("QuantLib's advance on calendars with holidays", () => {
  it('a holiday on the last weekday makes the day before it the month end', () => {
    // Tue 2023-10-31 is a holiday: Mon 30 is October's last business day.
    expect(adv('HOL', '2023-10-30', 1, 'months', 'following', true)).toBe('2023-11-30');
    expect(adv('HOL', '2023-10-31', 1, 'months', 'following', true)).toBe('2023-11-30');
    expect(adv('HOL', '2023-09-29', 1, 'months', 'following', true)).toBe('2023-10-30');
    expect(adv('HOL', '2023-11-30', -1, 'months', 'following', true)).toBe('2023-10-30');
    // Fri 2023-10-27 has Mon 30 after it: no rule.
    expect(adv('HOL', '2023-10-27', 1, 'months', 'following', true)).toBe('2023-11-27');
    // Holidays Fri 28 and Mon 31 July 2023: Thu 27 is July's last business day.
    expect(adv('HOL', '2023-07-27', 1, 'months', 'following', true)).toBe('2023-08-31');
    expect(adv('HOL', '2023-06-30', 1, 'months', 'following', true)).toBe('2023-07-27');
    expect(adv('HOL', '2023-06-30', 1, 'months', 'following', false)).toBe('2023-08-01');
    expect(adv('HOL', '2023-06-30', 1, 'months', 'modified_following', false)).toBe('2023-07-27');
    // Fri 2024-05-31 is a holiday: the target month ends on Thursday 30.
    expect(adv('HOL', '2024-04-30', 1, 'months', 'unadjusted', true)).toBe('2024-05-30');
  });

  it('weeks around a month-end holiday: the convention only', () => {
    expect(adv('HOL', '2023-10-24', 1, 'weeks', 'following', true)).toBe('2023-11-01');
    expect(adv('HOL', '2023-10-24', 1, 'weeks', 'modified_following', true)).toBe('2023-10-30');
  });

  it(
    "a target month without a business day: QuantLib's endOfMonth goes back to the last business day before " + 'it',
    () => {
      expect(adv('AUG', '2024-07-31', 1, 'months', 'following', true)).toBe('2024-07-31');
      expect(adv('AUG', '2024-09-30', -1, 'months', 'following', true)).toBe('2024-07-31');
      // Without the rule, following leaves August.
      expect(adv('AUG', '2024-07-31', 1, 'months', 'following', false)).toBe('2024-09-02');
    },
  );
});

describe('what the rule looks at', () => {
  const outOfCoverage = (fn: () => unknown) => expect(fn).toThrow(CalendarOutOfCoverageError);

  it("only the rest of the start's month: a calendar with no business day for months answers", () => {
    // SPR has no business day from October to its window's end: deciding that Fri
    // 2023-09-29 is September's last business day must not look for the next one.
    expect(adv('SPR', '2023-09-29', -1, 'months', 'following', true)).toBe('2023-08-31');
    expect(adv('SPR', '2023-09-29', -3, 'months', 'modified_following', true)).toBe('2023-06-30');
    expect(adv('SPR', '2023-09-28', -1, 'months', 'following', true)).toBe('2023-08-28');
  });

  it('a modified convention looks no further than its month before turning back (calendar-arithmetic §4)', () => {
    // SPR has no business day from October 2023 to its window's end (2023-12-31): following
    // leaves the window, but the month alone decides modified_following.
    expect(ds.adjust('SPR', '2023-10-15', 'modified_following').adjusted).toBe('2023-09-29');
    expect(() => ds.adjust('SPR', '2023-10-15', 'following')).toThrow(CalendarOutOfCoverageError);
    // modified_preceding turns forward when its month has none: past the window, 400.
    expect(() => ds.adjust('SPR', '2023-10-15', 'modified_preceding')).toThrow(CalendarOutOfCoverageError);
    // BEG's window starts on Thursday 2023-01-26: January's rest decides modified_preceding.
    expect(ds.adjust('BEG', '2023-01-29', 'modified_preceding').adjusted).toBe('2023-01-27');
    expect(ds.adjust('BEG', '2023-01-28', 'modified_following').adjusted).toBe('2023-01-30');
  });

  it('a date of the rest of the month outside the window is out of coverage, when the rule needs it', () => {
    // END's window ends on Friday 2023-09-29: whether a business day follows it is unknown.
    outOfCoverage(() => adv('END', '2023-09-29', -1, 'months', 'following', true));
    // The rule off, or weeks: nothing past the window is looked at.
    expect(adv('END', '2023-09-29', -1, 'months', 'following', false)).toBe('2023-08-29');
    expect(adv('END', '2023-09-29', -1, 'weeks', 'following', true)).toBe('2023-09-22');
    // Thu 28 has Friday 29 after it: the rule is decided inside the window.
    expect(adv('END', '2023-09-28', -1, 'months', 'following', true)).toBe('2023-08-28');
  });

  it("the target date itself is not looked at when the rule answers from the target month's end", () => {
    // BEG closes Mon 27 and Tue 28 February 2023: Fri 24 is February's last business day.
    // Minus one month is Tue 2023-01-24, before the window; the rule's answer, Tue 31, is inside.
    expect(adv('BEG', '2023-02-24', -1, 'months', 'following', true)).toBe('2023-01-31');
    outOfCoverage(() => adv('BEG', '2023-02-24', -1, 'months', 'following', false));
    // A result that walks out of the window is out of coverage.
    outOfCoverage(() => adv('BEG', '2023-02-24', -2, 'months', 'following', true));
  });
});

// ---- a reference model from QuantLib's documented algorithm ----

interface Model {
  isBusinessDay(date: string): boolean;
}

function qlAdjust(cal: Model, d: string, c: Convention): string {
  if (c === 'unadjusted') return d;
  const walk = (from: string, step: number) => {
    let x = from;
    while (!cal.isBusinessDay(x)) x = plus(x, step);
    return x;
  };
  if (c === 'following' || c === 'modified_following') {
    const f = walk(d, 1);
    return c === 'modified_following' && month(f) !== month(d) ? qlAdjust(cal, d, 'preceding') : f;
  }
  const p = walk(d, -1);
  return c === 'modified_preceding' && month(p) !== month(d) ? qlAdjust(cal, d, 'following') : p;
}

/** QuantLib's Date::operator+ for months: the day of month clipped to the target month's length. */
function qlAddMonths(d: string, months: number): string {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = total - ty * 12;
  const length = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  return iso(Date.UTC(ty, tm, Math.min(day, length)));
}

const lastOfMonth = (d: string) => plus(qlAddMonths(`${month(d)}-01`, 1), -1);
const qlIsEndOfMonth = (cal: Model, d: string) => month(d) !== month(qlAdjust(cal, plus(d, 1), 'following'));
const qlEndOfMonth = (cal: Model, d: string) => qlAdjust(cal, lastOfMonth(d), 'preceding');

function qlAdvance(cal: Model, d: string, n: number, unit: Unit, c: Convention, eom: boolean): string {
  if (n === 0) return qlAdjust(cal, d, c);
  if (unit === 'days') {
    let x = d;
    for (let k = Math.abs(n); k > 0; k--) {
      x = plus(x, Math.sign(n));
      while (!cal.isBusinessDay(x)) x = plus(x, Math.sign(n));
    }
    return x;
  }
  if (unit === 'weeks') return qlAdjust(cal, plus(d, 7 * n), c);
  const target = qlAddMonths(d, unit === 'years' ? 12 * n : n);
  if (eom && qlIsEndOfMonth(cal, d)) return qlEndOfMonth(cal, target);
  return qlAdjust(cal, target, c);
}

describe('the model of QuantLib matches its published examples', () => {
  const monFri: Model = { isBusinessDay: (d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()) };
  it('on Monday to Friday', () => {
    expect(qlAdvance(monFri, '2023-09-30', 1, 'months', 'following', true)).toBe('2023-10-31');
    expect(qlAdvance(monFri, '2023-10-31', 1, 'weeks', 'following', true)).toBe('2023-11-07');
    expect(qlAdvance(monFri, '2023-02-28', 1, 'months', 'following', true)).toBe('2023-03-31');
    expect(qlAdvance(monFri, '2023-02-28', 1, 'months', 'following', false)).toBe('2023-03-28');
    expect(qlAdvance(monFri, '2015-09-30', 1, 'weeks', 'following', true)).toBe('2015-10-07');
  });
});

// Random calendars: a weekend definition and holiday rows, dense around month ends where the
// rule lives, over 2020-2027 so that years of ±2 stay inside.
const WINDOW_FROM = '2020-01-01';
const WINDOW_TO = '2027-12-31';
const WEEKENDS: Record<string, number[]> = { 'Sat-Sun': [6, 0], 'Fri-Sat': [5, 6], Sun: [0], 'Thu,Fri': [4, 5] };
const FROM_MS = Date.parse(`${WINDOW_FROM}T00:00:00Z`);
const SPAN = Math.round((Date.parse(`${WINDOW_TO}T00:00:00Z`) - FROM_MS) / MS);

const nearMonthEndArb = fc
  .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 0, max: 6 }))
  .map(([k, back]) => plus(lastOfMonth(qlAddMonths(WINDOW_FROM, k)), -back));
const anyDayArb = fc.integer({ min: 1, max: SPAN - 1 }).map((k) => iso(FROM_MS + k * MS));
const calendarArb = fc.record({
  weekend: fc.constantFrom(...Object.keys(WEEKENDS)),
  // The window's own rows sit on its first and last day.
  holidays: fc.uniqueArray(
    fc.oneof(nearMonthEndArb, anyDayArb).filter((d) => d > WINDOW_FROM && d < WINDOW_TO),
    { maxLength: 120 },
  ),
});
const dateArb = fc.oneof(
  fc
    .integer({ min: 24, max: 71 })
    .chain((k) => fc.integer({ min: 0, max: 6 }).map((back) => plus(lastOfMonth(qlAddMonths(WINDOW_FROM, k)), -back))),
  fc.integer({ min: 730, max: SPAN - 730 }).map((k) => iso(FROM_MS + k * MS)),
);
const RANGE: Record<Unit, number> = { days: 15, weeks: 10, months: 24, years: 2 };
const caseArb = fc.record({
  date: dateArb,
  step: fc
    .constantFrom<Unit>('days', 'weeks', 'months', 'months', 'years', 'years')
    .chain((unit) => fc.record({ unit: fc.constant(unit), n: fc.integer({ min: -RANGE[unit], max: RANGE[unit] }) })),
  convention: fc.constantFrom(...CONVENTIONS),
  eom: fc.constantFrom(true, true, false),
});
type Case = { date: string; unit: Unit; n: number; convention: Convention; eom: boolean };
const flat = ({ step, ...rest }: typeof caseArb extends fc.Arbitrary<infer T> ? T : never): Case => ({
  ...rest,
  ...step,
});
type Cal = typeof calendarArb extends fc.Arbitrary<infer T> ? T : never;

function build(cal: Cal): { ds: Dataset; model: Model } {
  const weekend = WEEKENDS[cal.weekend]!;
  const closed = new Set(cal.holidays);
  const ds = dataset(currency('RND', WINDOW_FROM, WINDOW_TO, cal.holidays, cal.weekend));
  return {
    ds,
    model: { isBusinessDay: (d) => !weekend.includes(new Date(`${d}T00:00:00Z`).getUTCDay()) && !closed.has(d) },
  };
}

/** The engine's answer, or null when it walks out of the window (a long run of closed days near its end). */
function engine(ds: Dataset, c: Case): string | null {
  try {
    return ds.advance('RND', c.date, c.n, c.unit, c.convention, c.eom).result;
  } catch (e) {
    if (e instanceof CalendarOutOfCoverageError) return null;
    throw e;
  }
}

describe('advance agrees with the reference model of QuantLib (property)', () => {
  it('over random holiday sets, weekends, dates, n, units, conventions and the rule', () => {
    fc.assert(
      fc.property(calendarArb, fc.array(caseArb, { minLength: 1, maxLength: 20 }), (cal, cases) => {
        const { ds, model } = build(cal);
        for (const c of cases.map(flat)) {
          const got = engine(ds, c);
          if (got === null) continue;
          expect(got, JSON.stringify(c)).toBe(qlAdvance(model, c.date, c.n, c.unit, c.convention, c.eom));
          expect(ds.adjust('RND', c.date, c.convention).adjusted).toBe(qlAdjust(model, c.date, c.convention));
        }
      }),
      { numRuns: 150 },
    );
  });
});

// ---- QuantLib itself ----

const QL_SCRIPT = `
import json, sys
import QuantLib as ql
conv = {'following': ql.Following, 'preceding': ql.Preceding, 'modified_following': ql.ModifiedFollowing,
        'modified_preceding': ql.ModifiedPreceding, 'unadjusted': ql.Unadjusted}
unit = {'days': ql.Days, 'weeks': ql.Weeks, 'months': ql.Months, 'years': ql.Years}
out = []
for world in json.load(sys.stdin):
    cal = ql.BespokeCalendar('openbell')
    for d in world['closed']:
        cal.addHoliday(ql.DateParser.parseISO(d))
    answers = []
    for c in world['cases']:
        d = ql.DateParser.parseISO(c['date'])
        if c['op'] == 'adjust':
            r = cal.adjust(d, conv[c['convention']])
        else:
            r = cal.advance(d, c['n'], unit[c['unit']], conv[c['convention']], c['eom'])
        answers.append(r.ISO())
    out.append(answers)
json.dump({'version': ql.__version__, 'answers': out}, sys.stdout)
`;

/** The first Python that can import QuantLib (Debian's package installs it for /usr/bin/python3). */
const PYTHON = [process.env.QUANTLIB_PYTHON, '/usr/bin/python3', 'python3'].find(
  (p): p is string => !!p && spawnSync(p, ['-c', 'import QuantLib'], { stdio: 'ignore' }).status === 0,
);
if (!PYTHON)
  console.warn(
    'QuantLib cross-check SKIPPED: no python3 that can import QuantLib (apt-get install -y quantlib-python, or ' +
      'python3-quantlib)',
  );

describe.skipIf(!PYTHON)('advance and adjust agree with QuantLib itself', () => {
  it("on random calendars built from openbell's business days", () => {
    const worlds = fc.sample(fc.tuple(calendarArb, fc.array(caseArb, { minLength: 150, maxLength: 150 })), {
      numRuns: 60,
      seed: 20231031,
    });
    const batch = worlds.map(([cal, cases]) => {
      const { ds, model } = build(cal);
      // QuantLib is told exactly the non-business days openbell answers over the window.
      const closed = ds
        .calendarDays('RND', WINDOW_FROM, WINDOW_TO)
        .filter((d) => !d.is_business_day)
        .map((d) => d.date);
      const asked: {
        op: 'adjust' | 'advance';
        date: string;
        n: number;
        unit: Unit;
        convention: Convention;
        eom: boolean;
        ours: string;
        fires: boolean;
      }[] = [];
      for (const c of cases.map(flat)) {
        const ours = engine(ds, c);
        if (ours === null) continue;
        const { n } = c;
        const fires = c.eom && n !== 0 && (c.unit === 'months' || c.unit === 'years') && qlIsEndOfMonth(model, c.date);
        asked.push({ op: 'advance', date: c.date, n, unit: c.unit, convention: c.convention, eom: c.eom, ours, fires });
        const adjusted = ds.adjust('RND', c.date, c.convention).adjusted;
        asked.push({
          op: 'adjust',
          date: c.date,
          n: 0,
          unit: 'days',
          convention: c.convention,
          eom: false,
          ours: adjusted,
          fires: false,
        });
      }
      return { closed, asked };
    });
    const run = spawnSync(PYTHON!, ['-c', QL_SCRIPT], {
      input: JSON.stringify(batch.map((w) => ({ closed: w.closed, cases: w.asked }))),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status, run.stderr).toBe(0);
    const { answers } = JSON.parse(run.stdout) as { version: string; answers: string[][] };
    let compared = 0;
    let endOfMonthFired = 0;
    const differ: string[] = [];
    batch.forEach((w, i) => {
      w.asked.forEach((c, k) => {
        compared++;
        if (c.fires) endOfMonthFired++;
        if (c.ours !== answers[i]![k]) differ.push(`${JSON.stringify(c)} quantlib=${answers[i]![k]}`);
      });
    });
    expect(differ.slice(0, 10)).toEqual([]);
    // The cases must exercise what they check: thousands of them, many under the rule.
    expect(compared).toBeGreaterThan(10_000);
    expect(endOfMonthFired).toBeGreaterThan(300);
  }, 120_000);
});
