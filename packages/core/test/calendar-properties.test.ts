/**
 * Properties of joined calendars, conventions, advance and FX spot over generated currency
 * tables (random weekends and settlement holidays) joined with the fixture's markets. Business
 * days are checked against an oracle written independently of the engine: weekday names from
 * JavaScript's Date for currencies, the day view (listDays is_open) for markets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CalendarOutOfCoverageError, Dataset, type CurrencyHolidayRow, type CurrencyRow } from '../src/index.js';
import { CME, fixtureTables } from '../src/testing/fixture.js';

const CODES = ['USD', 'EUR', 'ILS', 'JPY'] as const;
const MARKETS = ['US.NYSE', CME, 'CN.CIBM', 'XNYS'] as const;
const WEEKENDS: Record<string, string[]> = {
  'Sat-Sun': ['Sat', 'Sun'],
  'Fri-Sat': ['Fri', 'Sat'],
  Sun: ['Sun'],
  'Fri,Sun': ['Fri', 'Sun'],
  Sat: ['Sat'],
};
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const WINDOW_START = Date.UTC(2023, 0, 1);
const WINDOW_DAYS = 731; // 2023-01-01 .. 2024-12-31
const MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plus = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * MS);
const weekdayName = (date: string) => DAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
const month = (date: string) => date.slice(0, 7);
/** First day of the month after the date's. */
const nextMonth = (date: string) => `${plus(`${month(date)}-28`, 5).slice(0, 7)}-01`;

const currencyArb = fc.record({
  weekend: fc.option(fc.constantFrom(...Object.keys(WEEKENDS)), { nil: null }),
  holidays: fc.uniqueArray(
    fc.record({
      offset: fc.integer({ min: 1, max: WINDOW_DAYS - 2 }),
      settlement: fc.constantFrom('No', 'No', 'No', 'Yes'),
    }),
    {
      maxLength: 40,
      selector: (h) => h.offset,
    },
  ),
});

const worldArb = fc.record({ USD: currencyArb, EUR: currencyArb, ILS: currencyArb, JPY: currencyArb });
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

interface Built {
  ds: Dataset;
  /** Oracle: is `date` a business day of `member`? */
  open(member: string, date: string): boolean;
}

function build(world: World): Built {
  const currencies: CurrencyRow[] = [];
  const rows: CurrencyHolidayRow[] = [];
  const closedDates = new Map<string, Set<string>>();
  for (const code of CODES) {
    const spec = world[code];
    currencies.push({ currency_code: code, weekend_definition: spec.weekend });
    // Window rows that do not close settlement.
    rows.push({ currency_code: code, date: iso(WINDOW_START), holiday_name: 'start', settlement: 'Yes' });
    rows.push({
      currency_code: code,
      date: iso(WINDOW_START + (WINDOW_DAYS - 1) * MS),
      holiday_name: 'end',
      settlement: 'Yes',
    });
    const closed = new Set<string>();
    for (const h of spec.holidays) {
      const date = iso(WINDOW_START + h.offset * MS);
      rows.push({ currency_code: code, date, holiday_name: `H${h.offset}`, settlement: h.settlement });
      if (h.settlement === 'No') closed.add(date);
    }
    closedDates.set(code, closed);
  }
  const ds = Dataset.create({ ...fixtureTables(), currencies, currencyHolidays: rows });
  const marketDays = new Map<string, Map<string, boolean>>();
  const open = (member: string, date: string): boolean => {
    const code = member as (typeof CODES)[number];
    if (closedDates.has(code)) {
      const weekend = WEEKENDS[world[code].weekend ?? 'Sat-Sun']!;
      return !weekend.includes(weekdayName(date)) && !closedDates.get(code)!.has(date);
    }
    let days = marketDays.get(member);
    if (!days) {
      days = new Map(ds.listDays(member, '2023-01-01', '2024-12-31').map((d) => [d.date, d.is_open]));
      marketDays.set(member, days);
    }
    return days.get(date)!;
  };
  return { ds, open };
}

const exprArb = fc.record({
  members: fc.uniqueArray(fc.constantFrom<string>(...CODES, ...MARKETS), { minLength: 1, maxLength: 5 }),
  op: fc.constantFrom('+', '~'),
});

/** Dates well inside the 2023-2024 window, so that searches stay in it. */
const dateArb = fc.integer({ min: 60, max: WINDOW_DAYS - 61 }).map((o) => iso(WINDOW_START + o * MS));
const convArb = fc.constantFrom('following', 'preceding', 'modified_following', 'modified_preceding', 'unadjusted');

/** Runs `fn`, discarding the run (fc.pre) if a search left the window anyway. */
function inWindow<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CalendarOutOfCoverageError) fc.pre(false);
    throw e;
  }
}

describe('joined calendars (properties)', () => {
  it('business days and closed members match the oracle; + is all members, ~ at least one', () => {
    fc.assert(
      fc.property(worldArb, exprArb, dateArb, (world, { members, op }, start) => {
        const { ds, open } = build(world);
        const days = ds.calendarDays(members.join(op), start, plus(start, 20));
        expect(days).toHaveLength(21);
        for (const d of days) {
          const closed = members.filter((m) => !open(m, d.date));
          expect(d.closed, d.date).toEqual(closed);
          expect(d.is_business_day, d.date).toBe(op === '+' ? closed.length === 0 : closed.length < members.length);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("a + calendar's business days are a subset of each member's, a ~ calendar's a superset", () => {
    fc.assert(
      fc.property(worldArb, exprArb, dateArb, (world, { members }, start) => {
        const { ds } = build(world);
        const end = plus(start, 30);
        const bd = (expr: string) => ds.calendarDays(expr, start, end).map((d) => d.is_business_day);
        const all = bd(members.join('+'));
        const any = bd(members.join('~'));
        for (const m of members) {
          const own = bd(m);
          own.forEach((isBd, i) => {
            if (all[i]) expect(isBd).toBe(true);
            if (isBd) expect(any[i]).toBe(true);
          });
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('adjust and advance (properties)', () => {
  it('adjust is idempotent, and its result is a business day (except unadjusted)', () => {
    fc.assert(
      fc.property(worldArb, exprArb, dateArb, convArb, (world, { members, op }, date, conv) => {
        const { ds } = build(world);
        const expr = members.join(op);
        const once = inWindow(() => ds.adjust(expr, date, conv).adjusted);
        expect(inWindow(() => ds.adjust(expr, once, conv).adjusted)).toBe(once);
        if (conv !== 'unadjusted') expect(ds.calendarDays(expr, once, once)[0]!.is_business_day).toBe(true);
      }),
    );
  });

  it(
    'preceding <= date <= following with no business day between; the modified ones pick one of them in the ' + 'month',
    () => {
      fc.assert(
        fc.property(worldArb, exprArb, dateArb, (world, { members, op }, date) => {
          const { ds } = build(world);
          const expr = members.join(op);
          const [f, p, mf, mp] = inWindow(() =>
            ['following', 'preceding', 'modified_following', 'modified_preceding'].map(
              (c) => ds.adjust(expr, date, c).adjusted,
            ),
          );
          expect(p! <= date && date <= f!).toBe(true);
          const between = ds
            .calendarDays(expr, p!, f!)
            .filter((d) => d.is_business_day)
            .map((d) => d.date);
          // Only the ends are business days (one date when the date itself is one).
          expect(between).toEqual(p === f ? [date] : [p, f]);
          expect(mf).toBe(month(f!) === month(date) ? f : p);
          expect(mp).toBe(month(p!) === month(date) ? p : f);
        }),
      );
    },
  );

  it('advance by n business days then by -n returns to the adjusted date', () => {
    fc.assert(
      fc.property(worldArb, exprArb, dateArb, fc.integer({ min: -15, max: 15 }), (world, { members, op }, date, n) => {
        const { ds } = build(world);
        const expr = members.join(op);
        const there = inWindow(() => ds.advance(expr, date, n).result);
        const back = inWindow(() => ds.advance(expr, there, -n).result);
        // Forward then back lands on the last business day on or before the date; backward
        // then forward on the first on or after it. A business day comes back to itself.
        const expected = n === 0 ? there : ds.adjust(expr, date, n > 0 ? 'preceding' : 'following').adjusted;
        expect(back).toBe(expected);
        if (ds.calendarDays(expr, date, date)[0]!.is_business_day) expect(back).toBe(date);
      }),
    );
  });

  it('advance by n days lands on a business day with exactly |n| business days after the date up to it', () => {
    fc.assert(
      fc.property(
        worldArb,
        exprArb,
        dateArb,
        fc.integer({ min: -15, max: 15 }).filter((n) => n !== 0),
        (world, { members, op }, date, n) => {
          const { ds } = build(world);
          const expr = members.join(op);
          const result = inWindow(() => ds.advance(expr, date, n).result);
          const [from, to] = n > 0 ? [plus(date, 1), result] : [result, plus(date, -1)];
          const days = ds.calendarDays(expr, from, to);
          expect(days.filter((d) => d.is_business_day)).toHaveLength(Math.abs(n));
          expect(ds.calendarDays(expr, result, result)[0]!.is_business_day).toBe(true);
        },
      ),
    );
  });

  it(
    "months with the end-of-month rule: from a month's last business day to the target month's last business " + 'day',
    () => {
      fc.assert(
        fc.property(worldArb, exprArb, dateArb, fc.integer({ min: -3, max: 3 }), (world, { members, op }, date, n) => {
          const { ds } = build(world);
          const expr = members.join(op);
          // The last business day of the date's month: one business day before the next month.
          const last = inWindow(() => ds.advance(expr, nextMonth(date), -1).result);
          fc.pre(month(last) === month(date));
          const result = inWindow(() => ds.advance(expr, last, n, 'months', 'following', true).result);
          const target = new Date(`${month(last)}-01T00:00:00Z`);
          target.setUTCMonth(target.getUTCMonth() + n);
          expect(month(result)).toBe(iso(target.getTime()).slice(0, 7));
          const rest = ds.calendarDays(expr, result, plus(nextMonth(result), -1));
          expect(rest[0]!.is_business_day).toBe(true);
          expect(rest.slice(1).some((d) => d.is_business_day)).toBe(false);
        }),
      );
    },
  );
});

describe('the end-of-month rule (properties)', () => {
  type Unit = 'weeks' | 'months' | 'years';
  /** §4's plain-calendar addition, by JavaScript's Date: a day past the target month's end becomes its last day. */
  function addPlain(date: string, n: number, unit: Unit): string {
    if (unit === 'weeks') return plus(date, 7 * n);
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const total = y * 12 + (m - 1) + (unit === 'years' ? 12 * n : n);
    const ty = Math.floor(total / 12);
    const tm = total - ty * 12;
    const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
    return iso(Date.UTC(ty, tm, Math.min(d, last)));
  }
  /** Business days of the month of `date`, from the engine's calendarDays (checked against the oracle above). */
  const businessDaysOfMonth = (ds: Dataset, expr: string, date: string) =>
    ds
      .calendarDays(expr, `${month(date)}-01`, plus(nextMonth(date), -1))
      .filter((d) => d.is_business_day)
      .map((d) => d.date);

  // Month ends are where the rule lives: half the dates are among the last five days of a month.
  const monthEndArb = fc
    .tuple(fc.integer({ min: 2, max: 21 }), fc.integer({ min: 0, max: 4 }))
    .map(([k, back]) => plus(nextMonth(iso(Date.UTC(2023, k, 1))), -1 - back));
  const stepArb = fc.oneof(
    fc.record({ unit: fc.constant<Unit>('weeks'), n: fc.integer({ min: -10, max: 10 }) }),
    fc.record({ unit: fc.constant<Unit>('months'), n: fc.integer({ min: -6, max: 6 }) }),
    fc.record({ unit: fc.constant<Unit>('years'), n: fc.integer({ min: -1, max: 1 }) }),
  );

  it(
    'fires for months and years when no business day follows the date in its month, to the last business day of the ' +
      'target month, whatever the convention; never for weeks or n = 0',
    () => {
      fc.assert(
        fc.property(
          worldArb,
          exprArb,
          fc.oneof(dateArb, monthEndArb),
          stepArb,
          convArb,
          (world, { members, op }, date, { unit, n }, conv) => {
            const { ds } = build(world);
            const expr = members.join(op);
            const withRule = inWindow(() => ds.advance(expr, date, n, unit, conv, true).result);
            const target = addPlain(date, n, unit);
            const own = inWindow(() => businessDaysOfMonth(ds, expr, date));
            const noneAfter = own.every((d) => d <= date);
            if (unit !== 'weeks' && n !== 0 && noneAfter) {
              const there = inWindow(() => businessDaysOfMonth(ds, expr, target));
              fc.pre(there.length > 0);
              expect(withRule).toBe(there.at(-1));
            } else {
              expect(withRule).toBe(inWindow(() => ds.advance(expr, date, n, unit, conv, false).result));
              expect(withRule).toBe(inWindow(() => ds.adjust(expr, n === 0 ? date : target, conv).adjusted));
            }
          },
        ),
        { numRuns: 200 },
      );
    },
  );
});

describe('FX spot (properties)', () => {
  const pairArb = fc.tuple(fc.constantFrom(...CODES), fc.constantFrom(...CODES)).filter(([a, b]) => a !== b);

  it('spot is a business day of both currencies and USD; closures are exactly the closed dates before it', () => {
    fc.assert(
      fc.property(
        worldArb,
        pairArb,
        dateArb,
        fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
        (world, [a, b], trade, lag) => {
          const { ds, open } = build(world);
          const spot = inWindow(() => ds.fxSpot(a + b, trade, lag));
          const L = lag ?? 2;
          expect(spot.lag).toBe(L);
          if (L === 0) {
            expect(spot).toMatchObject({ spot_date: trade, closures: [] });
            return;
          }
          expect(spot.spot_date > trade).toBe(true);
          const order = [...new Set([a, b, 'USD'])];
          for (const c of order) expect(open(c, spot.spot_date), c).toBe(true);
          const expected = [];
          for (let d = plus(trade, 1); d < spot.spot_date; d = plus(d, 1)) {
            const closed = order.filter((c) => !open(c, d));
            if (closed.length)
              expect(
                spot.closures.find((x) => x.date === d)?.closed.map((x) => x.currency),
                d,
              ).toEqual(closed);
            if (closed.length) expected.push(d);
          }
          expect(spot.closures.map((x) => x.date)).toEqual(expected);
          // Intermediate days count the non-USD currencies only: with L - 1 of them open in
          // (trade, spot), and the spot the first date after the last of them open for all three.
          const nonUsd = [a, b].filter((c) => c !== 'USD');
          const interim: string[] = [];
          for (let d = plus(trade, 1); interim.length < L - 1; d = plus(d, 1))
            if (nonUsd.every((c) => open(c, d))) interim.push(d);
          const after = interim.at(-1) ?? trade;
          let first = plus(after, 1);
          while (!order.every((c) => open(c, first))) first = plus(first, 1);
          expect(spot.spot_date).toBe(first);
        },
      ),
    );
  });

  it('a longer lag never gives an earlier spot date', () => {
    fc.assert(
      fc.property(worldArb, pairArb, dateArb, fc.integer({ min: 0, max: 4 }), (world, [a, b], trade, lag) => {
        const { ds } = build(world);
        const s1 = inWindow(() => ds.fxSpot(a + b, trade, lag).spot_date);
        const s2 = inWindow(() => ds.fxSpot(a + b, trade, lag + 1).spot_date);
        expect(s2 >= s1).toBe(true);
      }),
    );
  });
});
