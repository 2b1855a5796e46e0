/**
 * Property of docs/bulk-format.md §5: a bad row dated D changes no answer computed from dates
 * that avoid D. Each run adds one bad row (a second holiday row, a holiday row the reader could
 * not read, a schedule row with an unknown phase type in force a few days, and the same for
 * currency holidays) to the calendar fixture and asks a batch of queries of every operation
 * of both datasets, the one with the row and the one without. For each query the dates it must
 * look at (`must`) and may look at (`may`) are worked out from the answer without the row:
 * - `may` avoids the touched dates → the answers are equal (errors included);
 * - `must` meets them → the answer is the data error naming the row's line;
 * - otherwise one of the two.
 * Listings follow their own rule: a second row is listed, a bad row fails the listing of its date.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataError, Dataset, type Tables } from '../src/index.js';
import { calendarTables } from './calendar-fixture.js';
import { CME, sched } from '../src/testing/fixture.js';

const DAY = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const LOOK_BACK = 2;
const MIN = dayOf('2000-01-01');
const MAX = dayOf('2030-12-25');

const MARKETS = { 'US.NYSE': 'America/New_York', [CME]: 'America/Chicago', 'CN.SGE': 'Asia/Shanghai' } as Record<
  string,
  string
>;
const MARKET_IDS = Object.keys(MARKETS);
const CURRENCIES = ['USD', 'EUR', 'GBP'];

/** The local date (epoch day) of an instant in a zone. */
const localDay = (ms: number, zone: string) =>
  dayOf(new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(ms)));
const monthEnd = (day: number) => {
  const d = new Date(day * DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0) / DAY;
};

type Kind = 'dupHoliday' | 'badHoliday' | 'badSchedule' | 'dupCurrency' | 'badCurrency';
interface Bad {
  kind: Kind;
  owner: string;
  day: number;
  /** Extra days of a schedule row's in-force window. */
  span: number;
}

interface Built {
  bad: Dataset;
  clean: Dataset;
  /** What the data error names: table and 1-based row (no file names without sources). */
  where: string;
  touched: [number, number];
  /** Whether the owner's listing of the date fails (a bad row) or lists a second row (a duplicate). */
  listing: 'fails' | 'second row' | 'unchanged';
}

function build(b: Bad): Built {
  const base = calendarTables();
  const clean: Tables = {
    ...base,
    holidays: [...base.holidays],
    schedules: [...base.schedules!],
    currencyHolidays: [...base.currencyHolidays!],
  };
  const date = iso(b.day);
  const market = b.kind === 'dupHoliday' || b.kind === 'badHoliday' || b.kind === 'badSchedule';
  if (b.kind === 'dupHoliday' && !clean.holidays.some((h) => h.fin_id === b.owner && h.date === date)) {
    clean.holidays.push({
      fin_id: b.owner,
      date,
      holiday_name: 'First row',
      schedule: 'Closed',
      status: 'Closed',
      settlement: 'No',
    });
  }
  if (
    b.kind === 'dupCurrency' &&
    !clean.currencyHolidays!.some((h) => h.currency_code === b.owner && h.date === date)
  ) {
    clean.currencyHolidays!.push({ currency_code: b.owner, date, holiday_name: 'First row', settlement: 'No' });
  }
  const bad: Tables = {
    ...clean,
    holidays: [...clean.holidays],
    schedules: [...clean.schedules!],
    currencyHolidays: [...clean.currencyHolidays!],
  };
  let where: string;
  if (market && b.kind !== 'badSchedule') {
    where = `holidays, row ${bad.holidays.length + 1}`;
    bad.holidays.push({
      fin_id: b.owner,
      date,
      holiday_name: 'Second row',
      schedule: 'Regular',
      status: 'Open',
      settlement: 'Yes',
    });
    if (b.kind === 'badHoliday')
      bad.rowFaults = [
        { table: 'holidays', row: bad.holidays.length - 1, column: 'holiday_name', message: 'malformed quoting' },
      ];
  } else if (b.kind === 'badSchedule') {
    where = `schedules, row ${bad.schedules!.length + 1}`;
    bad.schedules!.push(
      sched(b.owner, 'Regular', 'Lunch Break', 'Mon-Sun', '12:00', '13:00', {
        timezone: MARKETS[b.owner]!,
        in_force_start_date: date,
        in_force_end_date: iso(b.day + b.span),
      }) as never,
    );
  } else {
    where = `currencyHolidays, row ${bad.currencyHolidays!.length + 1}`;
    bad.currencyHolidays!.push({ currency_code: b.owner, date, holiday_name: 'Second row', settlement: 'Yes' });
    if (b.kind === 'badCurrency')
      bad.rowFaults = [
        {
          table: 'currencyHolidays',
          row: bad.currencyHolidays!.length - 1,
          column: 'holiday_name',
          message: 'malformed quoting',
        },
      ];
  }
  return {
    bad: Dataset.create(bad),
    clean: Dataset.create(clean),
    where,
    touched: [b.day, b.day + (b.kind === 'badSchedule' ? b.span : 0)],
    listing:
      b.kind === 'badHoliday' || b.kind === 'badCurrency'
        ? 'fails'
        : b.kind === 'badSchedule'
          ? 'unchanged'
          : 'second row',
  };
}

type Outcome = { ok: unknown } | { error: Error };
function outcome(f: () => unknown): Outcome {
  try {
    return { ok: f() };
  } catch (e) {
    return { error: e as Error };
  }
}

/** Dates of one owner a query looks at: [owner, from, to] (inclusive). */
type Dates = [string, number, number][];
interface Query {
  label: string;
  run: (ds: Dataset) => unknown;
  /** From the answer without the row (undefined when that was an error). */
  must: (answer: unknown) => Dates;
  /** Undefined: any date may be looked at (no equality asserted unless the owner is not involved). */
  may: (answer: unknown) => Dates | undefined;
  owners: string[];
  /** A listing (own rule). */
  listing?: { owner: string; from: number; to: number };
}

const exact = (f: (answer: unknown) => Dates) => ({ must: f, may: f });
const marketRange = (m: string, s: number, e: number): Dates => [[m, s - LOOK_BACK, e]];

const FIRST_BAD_DAY = dayOf('2023-10-20');
const LAST_BAD_DAY = dayOf('2024-01-20');
const marketArb = fc.constantFrom(...MARKET_IDS);
const currencyArb = fc.constantFrom(...CURRENCIES);

/**
 * Queries of every operation, with dates mostly near the bad row's (so that many look at it and
 * many stop just short of it) and members often its owner.
 */
function queryArb(b: Bad): fc.Arbitrary<Query> {
  const dayArb = fc.oneof(
    { arbitrary: fc.integer({ min: b.day - 10, max: b.day + 10 }), weight: 3 },
    fc.integer({ min: FIRST_BAD_DAY - 30, max: LAST_BAD_DAY + 30 }),
  );
  const rangeArb = fc.tuple(dayArb, fc.integer({ min: 0, max: 12 })).map(([s, n]) => [s, s + n] as const);
  const instantArb = fc
    .tuple(dayArb, fc.integer({ min: 0, max: 24 * 60 - 1 }))
    .map(([d, min]) => d * DAY + min * 60_000);
  const marketArb = MARKET_IDS.includes(b.owner)
    ? fc.oneof({ arbitrary: fc.constant(b.owner), weight: 3 }, fc.constantFrom(...MARKET_IDS))
    : fc.constantFrom(...MARKET_IDS);
  const currencyArb = CURRENCIES.includes(b.owner)
    ? fc.oneof({ arbitrary: fc.constant(b.owner), weight: 3 }, fc.constantFrom(...CURRENCIES))
    : fc.constantFrom(...CURRENCIES);
  return fc.oneof(
    fc.tuple(marketArb, rangeArb).map(
      ([m, [s, e]]): Query => ({
        label: `listHolidays ${m} ${iso(s)}..${iso(e)}`,
        run: (ds) => ds.listHolidays(m, iso(s), iso(e)),
        must: () => [],
        may: () => [],
        owners: [m],
        listing: { owner: m, from: s, to: e },
      }),
    ),
    fc.tuple(currencyArb, rangeArb).map(
      ([c, [s, e]]): Query => ({
        label: `listCurrencyHolidays ${c} ${iso(s)}..${iso(e)}`,
        run: (ds) => ds.listCurrencyHolidays(c, iso(s), iso(e)),
        must: () => [],
        may: () => [],
        owners: [c],
        listing: { owner: c, from: s, to: e },
      }),
    ),
    fc.tuple(marketArb, rangeArb).map(
      ([m, [s, e]]): Query => ({
        label: `phases ${m} ${iso(s)}..${iso(e)}`,
        run: (ds) => ds.generatePhases(m, iso(s), iso(e)),
        ...exact(() => marketRange(m, s, e)),
        owners: [m],
      }),
    ),
    fc.tuple(marketArb, rangeArb).map(
      ([m, [s, e]]): Query => ({
        label: `days ${m} ${iso(s)}..${iso(e)}`,
        run: (ds) => ds.listDays(m, iso(s), iso(e)),
        ...exact(() => marketRange(m, s, e)),
        owners: [m],
      }),
    ),
    fc.tuple(marketArb, instantArb).map(([m, t]): Query => {
      const x = localDay(t, MARKETS[m]!);
      return {
        label: `status ${m} ${new Date(t).toISOString()}`,
        run: (ds) => ds.status(m, t),
        ...exact(() => [[m, x - LOOK_BACK, x + 5]]),
        owners: [m],
      };
    }),
    fc.tuple(marketArb, rangeArb).map(
      ([m, [s, e]]): Query => ({
        label: `sessions ${m} ${iso(s)}..${iso(e)}`,
        run: (ds) => ds.sessions(m, iso(s), iso(e)),
        ...exact(() => marketRange(m, s, e)),
        owners: [m],
      }),
    ),
    fc.tuple(marketArb, rangeArb, fc.constantFrom('30m', '1h', '7m')).map(
      ([m, [s, e], p]): Query => ({
        label: `bars ${m} ${iso(s)}..${iso(e)} ${p}`,
        run: (ds) => [...ds.bars(m, iso(s), iso(e), { period: p })],
        ...exact(() => marketRange(m, s, e)),
        owners: [m],
      }),
    ),
    fc.tuple(marketArb, rangeArb).map(
      ([m, [s, e]]): Query => ({
        label: `specialSessions ${m} ${iso(s)}..${iso(e)}`,
        run: (ds) => ds.specialSessions(m, iso(s), iso(e)),
        ...exact(() => marketRange(m, s, e)),
        owners: [m],
      }),
    ),
    fc.tuple(marketArb, rangeArb).map(
      ([m, [s, e]]): Query => ({
        label: `sessionCount ${m} ${iso(s)}..${iso(e)}`,
        run: (ds) => ds.sessionCount(m, iso(s), iso(e)),
        ...exact(() => marketRange(m, s, e)),
        owners: [m],
      }),
    ),
    fc
      .tuple(marketArb, dayArb, fc.integer({ min: -8, max: 8 }), fc.constantFrom('none', 'next', 'previous'))
      .map(([m, d, n, dir]): Query => {
        const walked = (a: unknown): Dates => {
          const s = dayOf((a as { session: string }).session);
          return [[m, Math.min(d, s) - LOOK_BACK, Math.max(d, s)]];
        };
        return {
          label: `sessionOffset ${m} ${iso(d)} ${n} ${dir}`,
          run: (ds) => ds.sessionOffset(m, iso(d), n, dir as 'none'),
          must: walked,
          may: walked,
          owners: [m],
        };
      }),
    fc
      .tuple(marketArb, instantArb, fc.constantFrom('open', 'close'), fc.boolean())
      .map(([m, t, ev, forward]): Query => {
        const x = localDay(t, MARKETS[m]!);
        const walked = (a: unknown): Dates => {
          const date = (a as { date: string | null }).date;
          if (forward) return [[m, x - LOOK_BACK, date === null ? MAX : dayOf(date)]];
          return [[m, (date === null ? MIN : dayOf(date)) - LOOK_BACK, ev === 'open' ? x + LOOK_BACK : x]];
        };
        return {
          label: `${forward ? 'next' : 'previous'}Bell ${m} ${new Date(t).toISOString()} ${ev}`,
          run: (ds) => (forward ? ds.nextBell(m, t, ev as 'open') : ds.previousBell(m, t, ev as 'open')),
          must: walked,
          may: walked,
          owners: [m],
        };
      }),
    ...calendarQueries(b.owner, dayArb, rangeArb),
    fc
      .tuple(fc.constantFrom('EURUSD', 'GBPUSD', 'EURGBP', 'USDEUR'), dayArb, fc.constantFrom(undefined, 1, 2, 3))
      .map(([pair, trade, lag]): Query => {
        const members = pairMembers(pair);
        const walked = (a: unknown): Dates =>
          members.map((c) => [c, trade + 1, dayOf((a as { spot_date: string }).spot_date)]);
        // The pair's currencies are a joined calendar (§5 over §4): clean members may settle the date.
        return {
          label: `fxSpot ${pair} ${iso(trade)} lag ${lag}`,
          run: (ds) => ds.fxSpot(pair, iso(trade), lag),
          must: joinedMust(members, walked),
          may: walked,
          owners: members,
        };
      }),
    fc
      .tuple(fc.constantFrom('EURUSD', 'GBPUSD', 'EURGBP'), dayArb, fc.constantFrom('SN', '1W', '1M', '3M'))
      .map(([pair, trade, tenor]): Query => {
        const members = pairMembers(pair);
        return {
          label: `fxValueDate ${pair} ${iso(trade)} ${tenor}`,
          run: (ds) => ds.fxValueDate(pair, iso(trade), tenor),
          // A USD holiday between trade and spot does not move spot: only spot itself is a USD date
          // the value date must look at (no closures are listed here).
          // A joined calendar again: clean members may settle the bad row's date (§4).
          must: joinedMust(members, (a) => {
            const spot = dayOf((a as { spot_date: string }).spot_date);
            return members.map((c) => [c, c === 'USD' ? spot : trade + 1, spot]);
          }),
          // The end-of-month rule and modified following may look past the value date to the month's end.
          may: (a) =>
            members.map((c) => [c, trade + 1, monthEnd(dayOf((a as { value_date: string }).value_date)) + 10]),
          owners: members,
        };
      }),
  );
}

function pairMembers(pair: string): string[] {
  return [...new Set([pair.slice(0, 3), pair.slice(3), 'USD'])];
}

/** A member's dates: a market's day views look back. */
const memberDates = (member: string, from: number, to: number): [string, number, number] => [
  member,
  MARKET_IDS.includes(member) ? from - LOOK_BACK : from,
  to,
];

/**
 * docs/calendar-arithmetic.md §4: a date of a joined calendar that the clean members settle answers
 * even when the owner's row touches it, so a walk of several members need not fail there: it
 * answers as without the row or fails naming it (bad-row-scope and calendars tests pin the cases).
 */
const joinedMust = (members: readonly string[], dates: (a: unknown) => Dates) =>
  members.length > 1 ? (): Dates => [] : dates;

/** Joined calendars; each holds the bad row's owner. */
function calendarQueries(
  owner: string,
  dayArb: fc.Arbitrary<number>,
  rangeArb: fc.Arbitrary<readonly [number, number]>,
): fc.Arbitrary<Query>[] {
  const exprArb = fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...MARKET_IDS, ...CURRENCIES), { minLength: 1, maxLength: 3 }),
      fc.constantFrom('+', '~'),
    )
    .map(([members, op]) => [members.includes(owner) ? members : [owner, ...members].slice(0, 3), op] as const);
  return [
    fc.tuple(exprArb, rangeArb).map(([[members, op], [s, e]]): Query => {
      const expr = members.join(op);
      return {
        label: `calendarDays ${expr} ${iso(s)}..${iso(e)}`,
        run: (ds) => ds.calendarDays(expr, iso(s), iso(e)),
        ...exact(() => members.map((m) => memberDates(m, s, e))),
        owners: members,
      };
    }),
    fc
      .tuple(
        exprArb,
        dayArb,
        fc.constantFrom('following', 'preceding', 'modified_following', 'modified_preceding', 'unadjusted'),
      )
      .map(([[members, op], d, conv]): Query => {
        const expr = members.join(op);
        const between = (a: unknown): Dates => {
          if (conv === 'unadjusted') return [];
          const r = dayOf((a as { adjusted: string }).adjusted);
          return members.map((m) => memberDates(m, Math.min(d, r), Math.max(d, r)));
        };
        return {
          label: `adjust ${expr} ${iso(d)} ${conv}`,
          run: (ds) => ds.adjust(expr, iso(d), conv),
          must: joinedMust(members, between),
          // A modified convention may look past the month's end before turning back.
          may: (a) => (conv.startsWith('modified') ? members.map((m) => memberDates(m, d - 15, d + 15)) : between(a)),
          owners: members,
        };
      }),
    fc.tuple(exprArb, dayArb, fc.integer({ min: -6, max: 6 })).map(([[members, op], d, n]): Query => {
      const expr = members.join(op);
      const walked = (a: unknown): Dates => {
        const r = dayOf((a as { result: string }).result);
        const [from, to] = n > 0 ? [d + 1, r] : n < 0 ? [r, d - 1] : [d, r];
        return members.map((m) => memberDates(m, from, to));
      };
      return {
        label: `advance ${expr} ${iso(d)} ${n} days`,
        run: (ds) => ds.advance(expr, iso(d), n),
        must: joinedMust(members, walked),
        may: walked,
        owners: members,
      };
    }),
    fc.tuple(exprArb, dayArb, fc.integer({ min: -2, max: 2 })).map(([[members, op], d, n]): Query => {
      const expr = members.join(op);
      const t = new Date(d * DAY);
      const target =
        Date.UTC(
          t.getUTCFullYear(),
          t.getUTCMonth() + n,
          Math.min(t.getUTCDate(), new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + n + 1, 0)).getUTCDate()),
        ) / DAY;
      const walked = (a: unknown): Dates => {
        const r = dayOf((a as { result: string }).result);
        return members.map((m) => memberDates(m, Math.min(target, r), Math.max(target, r)));
      };
      return {
        label: `advance ${expr} ${iso(d)} ${n} months`,
        run: (ds) => ds.advance(expr, iso(d), n, 'months', 'following'),
        must: joinedMust(members, walked),
        may: walked,
        owners: members,
      };
    }),
  ];
}

const badArb: fc.Arbitrary<Bad> = fc.oneof(
  fc.record({
    kind: fc.constantFrom<Kind>('dupHoliday', 'badHoliday', 'badSchedule'),
    owner: marketArb,
    day: fc.integer({ min: FIRST_BAD_DAY, max: LAST_BAD_DAY }),
    span: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    kind: fc.constantFrom<Kind>('dupCurrency', 'badCurrency'),
    owner: currencyArb,
    day: fc.integer({ min: FIRST_BAD_DAY, max: LAST_BAD_DAY }),
    span: fc.constant(0),
  }),
);

const meets = (dates: Dates, owner: string, [a, b]: [number, number]) =>
  dates.some(([o, from, to]) => o === owner && Math.max(from, MIN) <= b && a <= Math.min(to, MAX) && from <= to);

function isRowError(o: Outcome, where: string): boolean {
  return 'error' in o && o.error instanceof DataError && o.error.message.includes(`${where}, column`);
}

function check(built: Built, b: Bad, q: Query): void {
  const withRow = outcome(() => q.run(built.bad));
  const without = outcome(() => q.run(built.clean));
  const show = () => `${q.label} with ${b.kind} ${b.owner} ${iso(b.day)}`;
  if (q.listing) {
    const hit = q.listing.owner === b.owner && q.listing.from <= b.day && b.day <= q.listing.to;
    if (hit && built.listing === 'fails') expect(isRowError(withRow, built.where), show()).toBe(true);
    else if (hit && built.listing === 'second row') {
      const rows = (withRow as { ok: { holiday_name: string }[] }).ok;
      expect(
        rows.filter((r) => r.holiday_name !== 'Second row'),
        show(),
      ).toEqual((without as { ok: unknown }).ok);
      expect(
        rows.filter((r) => r.holiday_name === 'Second row'),
        show(),
      ).toHaveLength(1);
    } else expect(withRow, show()).toEqual(without);
    return;
  }
  if (!q.owners.includes(b.owner)) {
    expect(withRow, show()).toEqual(without);
    return;
  }
  if ('error' in without) {
    // Errors before any date is looked at (coverage, arguments) stay; a walk that failed without
    // the row may now stop earlier at the row.
    if (!isRowError(withRow, built.where)) expect(withRow, show()).toEqual(without);
    return;
  }
  const may = q.may(without.ok);
  const must = q.must(without.ok);
  if (may !== undefined && !meets(may, b.owner, built.touched)) expect(withRow, show()).toEqual(without);
  else if (meets(must, b.owner, built.touched))
    expect(
      isRowError(withRow, built.where),
      `${show()}: ${'error' in withRow ? withRow.error.message : 'answered'}`,
    ).toBe(true);
  else if (!isRowError(withRow, built.where)) expect(withRow, show()).toEqual(without);
}

describe('a bad row dated D changes no answer whose dates avoid D', () => {
  it(
    'property: over bad rows, dates and every operation, answers equal those without the row unless they look at D, ' +
      'which fail naming the row',
    () => {
      fc.assert(
        fc.property(
          badArb.chain((b) => fc.tuple(fc.constant(b), fc.array(queryArb(b), { minLength: 8, maxLength: 16 }))),
          ([b, queries]) => {
            const built = build(b);
            for (const q of queries) check(built, b, q);
          },
        ),
        { numRuns: 40 },
      );
    },
  );
});
