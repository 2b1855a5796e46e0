/**
 * Joined calendars, business-day conventions and advance (docs/calendar-arithmetic.md §4), on
 * hand-checked dates.
 */
import { describe, expect, it } from 'vitest';
import {
  AmbiguousMicError,
  CalendarOutOfCoverageError,
  DataError,
  Dataset,
  NotFoundError,
  NotInPlanError,
} from '../src/index.js';
import { calendarTables } from './calendar-fixture.js';
import { faultsOf } from './faults.js';
import { CME, fixtureTables } from '../src/testing/fixture.js';

const ds = Dataset.create(calendarTables(), { coverageEndYearWithoutHolidays: 2035 });

const fault = (fn: () => unknown) => faultsOf(fn).map(({ param, msg }) => ({ param, msg }));

const adj = (expr: string, date: string, convention?: string) => ds.adjust(expr, date, convention).adjusted;
const adv = (expr: string, date: string, n: number, unit?: string, convention?: string, eom?: boolean) =>
  ds.advance(expr, date, n, unit, convention, eom).result;

describe('calendar expressions', () => {
  it('accepts FinIDs, MICs and currencies, any case, one member or up to 16', () => {
    expect(ds.calendarDays('US.NYSE+usd', '2023-11-23', '2023-11-23')[0]!.closed).toEqual(['US.NYSE', 'USD']);
    expect(ds.calendarDays('xnys~eur', '2023-11-23', '2023-11-23')[0]).toEqual({
      date: '2023-11-23',
      is_business_day: true,
      closed: ['XNYS'],
    });
    expect(ds.calendarDays('USD', '2023-11-23', '2023-11-23')[0]!.closed).toEqual(['USD']);
    const sixteen = Array(16).fill('USD').join('+');
    expect(ds.calendarDays(sixteen, '2023-11-22', '2023-11-22')[0]!.is_business_day).toBe(true);
  });

  it.each([
    ['', 'Field required'],
    ['USD+EUR~GBP', 'one operator'],
    ['USD+ EUR', 'spaces'],
    [' USD', 'spaces'],
    ['USD++EUR', 'empty member'],
    ['+USD', 'empty member'],
    ['USD~', 'empty member'],
    ['USDX1', "'USDX1' is neither"],
    ['US', "'US' is neither"],
    ['U1D', "'U1D' is neither"],
    ['US..NYSE', "'US..NYSE' is not a FinID"],
    ['US.NYSE/X', 'is not a FinID'],
    [Array(17).fill('USD').join('~'), 'at most 16 members, got 17'],
  ])('refuses %j as a malformed expression naming param expr', (expr, msg) => {
    const f = fault(() => ds.adjust(expr, '2023-11-23'));
    expect(f).toHaveLength(1);
    expect(f[0]!.param).toBe('expr');
    expect(f[0]!.msg).toContain(msg);
  });

  it('reports every faulty argument together', () => {
    expect(
      fault(() => ds.advance('A B', '2023-02-30', 'x', 'fortnights', 'nearest', 'maybe')).map((f) => f.param),
    ).toEqual(['expr', 'date', 'n', 'unit', 'convention', 'end_of_month']);
    expect(fault(() => ds.calendarDays('USD', '2023-11-24', '2023-11-23')).map((f) => f.param)).toEqual(['end']);
  });

  it('unknown members are not found; MICs follow replacements; an ambiguous MIC is refused', () => {
    expect(() => ds.adjust('USD+ZZZ', '2023-11-23')).toThrow(NotFoundError);
    expect(() => ds.adjust('USD+ZZZ', '2023-11-23')).toThrow(/Currency 'ZZZ'/);
    expect(() => ds.adjust('QQQQ~USD', '2023-11-23')).toThrow(/MIC 'QQQQ'/);
    expect(() => ds.adjust('US.NOPE', '2023-11-23')).toThrow(/Market 'US.NOPE'/);
    expect(() => ds.adjust('XCME', '2023-11-23')).toThrow(AmbiguousMicError);
    // XBUE → AR.BCBA, replaced by AR.BYMA (Mon-Fri): written as given in `closed`.
    expect(ds.calendarDays('xbue+USD', '2023-11-25', '2023-11-25')[0]!.closed).toEqual(['XBUE', 'USD']);
    expect(adj('XBUE', '2023-11-25')).toBe('2023-11-27');
  });

  it('currency members need the full plan, market members need schedules', () => {
    const t = calendarTables();
    const holidaysOnly = Dataset.create({ markets: t.markets, holidays: t.holidays });
    expect(() => holidaysOnly.adjust('US.NYSE', '2023-11-23')).toThrow(NotInPlanError);
    expect(() => holidaysOnly.adjust('USD', '2023-11-23')).toThrow(/Currencies are not covered/);
    const noCurrencies = Dataset.create(fixtureTables(), { plan: 'no_currencies' });
    expect(noCurrencies.adjust('US.NYSE', '2023-11-23').adjusted).toBe('2023-11-24');
    expect(() => noCurrencies.adjust('US.NYSE+USD', '2023-11-23')).toThrow(NotInPlanError);
  });

  it('a currency whose weekend definition does not parse is a data error for that currency only', () => {
    expect(ds.warnings.some((w) => /BAD: Weekend Definition 'Funday'/.test(w.message))).toBe(true);
    expect(() => ds.adjust('USD+BAD', '2023-11-23')).toThrow(DataError);
    expect(adj('USD', '2023-11-23')).toBe('2023-11-24');
  });
});

describe('business days of markets and currencies', () => {
  it('joins with + (every member) and ~ (at least one), listing closed members in order', () => {
    expect(ds.calendarDays('US.NYSE+USD', '2023-11-22', '2023-11-27')).toEqual([
      { date: '2023-11-22', is_business_day: true, closed: [] },
      { date: '2023-11-23', is_business_day: false, closed: ['US.NYSE', 'USD'] },
      // NYSE half day: its holiday row says Open.
      { date: '2023-11-24', is_business_day: true, closed: [] },
      { date: '2023-11-25', is_business_day: false, closed: ['US.NYSE', 'USD'] },
      { date: '2023-11-26', is_business_day: false, closed: ['US.NYSE', 'USD'] },
      { date: '2023-11-27', is_business_day: true, closed: [] },
    ]);
    expect(
      ds.calendarDays('EUR~US.NYSE', '2023-11-23', '2023-11-25').map((d) => [d.is_business_day, d.closed]),
    ).toEqual([
      [true, ['US.NYSE']],
      [true, []],
      [false, ['EUR', 'US.NYSE']],
    ]);
  });

  it('a market business day is a session: overnight sessions count on the day they end, make-up days count', () => {
    // CME: Sun 17:00 to Mon 16:00 belongs to Monday; Thu-Fri session makes Friday a session.
    expect(ds.calendarDays(CME, '2023-11-10', '2023-11-13').map((d) => d.is_business_day)).toEqual([
      true,
      false,
      false,
      true,
    ]);
    // CIBM: Sunday 2023-10-08 is a make-up trading day, Monday 2023-10-02 a holiday.
    expect(ds.calendarDays('CN.CIBM', '2023-10-02', '2023-10-02')[0]!.is_business_day).toBe(false);
    expect(ds.calendarDays('CN.CIBM', '2023-10-08', '2023-10-08')[0]!.is_business_day).toBe(true);
    expect(adj('CN.CIBM', '2023-10-07')).toBe('2023-10-08');
  });

  it("a market holiday row decides by its status, whatever its schedule's phases say", () => {
    expect(ds.listDays('AE.ADX', '2023-06-27', '2023-06-27')[0]!.phases.some((p) => p.is_open)).toBe(true);
    expect(ds.calendarDays('AE.ADX', '2023-06-26', '2023-06-29').map((d) => d.is_business_day)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(adv('AE.ADX', '2023-06-26', 1)).toBe('2023-06-28');
  });

  it('market business days agree with the day view (listDays is_open) of the whole of 2023', () => {
    for (const id of ['US.NYSE', CME, 'CN.SGE', 'CN.CIBM', 'AE.ADX', 'BR.B3']) {
      const days = ds.listDays(id, '2023-01-01', '2023-12-31').map((d) => d.is_open);
      expect(
        ds.calendarDays(id, '2023-01-01', '2023-12-31').map((d) => d.is_business_day),
        id,
      ).toEqual(days);
      // Both open and closed days occur, so the comparison can fail.
      expect(new Set(days).size, id).toBe(2);
    }
  });

  it('a currency is closed on its weekend definition and on settlement No rows only', () => {
    // EUR: a settlement Yes row leaves the day a business day.
    expect(ds.calendarDays('EUR', '2023-10-03', '2023-10-03')[0]!.is_business_day).toBe(true);
    expect(ds.calendarDays('EUR', '2023-12-26', '2023-12-26')[0]!.is_business_day).toBe(false);
    // GBP has no weekend definition: Sat-Sun by default.
    expect(ds.calendarDays('GBP', '2023-05-05', '2023-05-08').map((d) => d.is_business_day)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('a Fri-Sat weekend currency trades on Sunday', () => {
    expect(ds.calendarDays('ILS', '2023-09-21', '2023-09-26').map((d) => d.is_business_day)).toEqual([
      true,
      false,
      false,
      true,
      false,
      true,
    ]);
    expect(adj('ILS', '2023-09-22')).toBe('2023-09-24');
    expect(adj('ILS', '2023-09-23', 'preceding')).toBe('2023-09-21');
    expect(adv('ILS', '2023-09-21', 1)).toBe('2023-09-24');
    // Joined with USD, only Mon-Thu are left.
    expect(
      ds
        .calendarDays('ILS+USD', '2023-09-18', '2023-09-24')
        .filter((d) => d.is_business_day)
        .map((d) => d.date),
    ).toEqual(['2023-09-18', '2023-09-19', '2023-09-20', '2023-09-21']);
    expect(ds.calendarDays('ILS~USD', '2023-09-22', '2023-09-24').map((d) => [d.is_business_day, d.closed])).toEqual([
      [true, ['ILS']],
      [false, ['ILS', 'USD']],
      [true, ['USD']],
    ]);
  });
});

describe('coverage', () => {
  it('a currency covers the span of its holiday rows; without rows, 2000-01-01 to Dec 31 of the fallback year', () => {
    expect(() => ds.adjust('USD', '2000-01-02')).toThrow(
      '2000-01-02 is outside the coverage window of calendar USD: 2000-01-03 to 2030-12-25',
    );
    expect(adj('XAU', '2000-01-01', 'unadjusted')).toBe('2000-01-01');
    expect(adj('XAU', '2035-12-31', 'unadjusted')).toBe('2035-12-31');
    expect(() => ds.adjust('XAU', '2036-01-01')).toThrow(/XAU: 2000-01-01 to 2035-12-31/);
  });

  it('a calendar asked again is the one made before, still named as it was written', () => {
    // The dataset keeps the calendars it made by their text: each spelling keeps its own name,
    // and each answers as a dataset asked for the first time does.
    const fresh = () => Dataset.create(calendarTables(), { coverageEndYearWithoutHolidays: 2035 });
    const plus = fresh().adjust('XNYS+EUR', '2023-12-25').adjusted;
    const either = fresh().adjust('XNYS~EUR', '2023-12-25').adjusted;
    expect(plus).not.toBe(either);
    for (let k = 0; k < 2; k++) {
      expect(() => ds.adjust('XNYS+EUR', '2000-01-02')).toThrow(/calendar XNYS\+EUR: 2000-01-03/);
      expect(() => ds.adjust('US.NYSE+EUR', '2000-01-02')).toThrow(/calendar US\.NYSE\+EUR: 2000-01-03/);
      expect(() => ds.adjust('XNYS~EUR', '2000-01-02')).toThrow(/calendar XNYS~EUR: 2000-01-03/);
      expect(adj('XNYS+EUR', '2023-12-25')).toBe(plus);
      expect(adj('XNYS~EUR', '2023-12-25')).toBe(either);
      // A member that cannot be found is refused every time, never kept.
      expect(() => ds.adjust('XNYS+ZZZ', '2023-12-25')).toThrow(NotFoundError);
    }
  });

  it('a joined calendar covers the intersection of its members', () => {
    expect(() => ds.calendarDays('XAU+SGD', '2024-12-31', '2025-01-02')).toThrow(CalendarOutOfCoverageError);
    expect(() => ds.calendarDays('XAU+SGD', '2024-12-31', '2025-01-02')).toThrow(
      '2024-12-31 is outside the coverage window of calendar XAU+SGD: 2025-01-01 to 2030-12-25',
    );
    expect(() => ds.calendarDays('XAU+SGD', '2025-01-02', '2031-01-01')).toThrow(/2031-01-01 is outside/);
    expect(ds.calendarDays('XAU+SGD', '2025-01-01', '2025-01-02').map((d) => d.closed)).toEqual([['SGD'], []]);
    expect(() => ds.adjust('DEM+SGD', '2025-06-02')).toThrow(
      /do not overlap \(latest start 2025-01-01, earliest end 2001-12-31\)/,
    );
    let err: unknown;
    try {
      ds.adjust('us.nyse+DEM', '2023-01-02');
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({
      code: 'out_of_coverage',
      calendar: 'US.NYSE+DEM',
      requested: '2023-01-02',
      windowStart: '2000-01-03',
      windowEnd: '2001-12-31',
    });
  });

  it('a search that steps outside the window is out of coverage', () => {
    // USD's last covered day is a holiday: following has to look at 2030-12-26.
    expect(() => ds.adjust('USD', '2030-12-25')).toThrow(/2030-12-26 is outside .* USD: 2000-01-03 to 2030-12-25/);
    expect(adj('USD', '2030-12-25', 'preceding')).toBe('2030-12-24');
    expect(() => ds.advance('USD', '2030-12-20', 3)).toThrow(/2030-12-26 is outside/);
    expect(() => ds.advance('USD', '2000-01-04', -1)).toThrow(/2000-01-02 is outside/);
    expect(() => ds.advance('USD', '2030-06-03', 1, 'years')).toThrow(/2031-06-03 is outside/);
  });
});

describe('adjust', () => {
  const E = 'USD+EUR';
  it.each([
    // Saturday, last day of September: only the modified conventions stay in September.
    ['2023-09-30', 'following', '2023-10-02'],
    ['2023-09-30', 'modified_following', '2023-09-29'],
    ['2023-09-30', 'preceding', '2023-09-29'],
    ['2023-09-30', 'modified_preceding', '2023-09-29'],
    ['2023-09-30', 'unadjusted', '2023-09-30'],
    // Sunday, first day of October: preceding would leave the month.
    ['2023-10-01', 'following', '2023-10-02'],
    ['2023-10-01', 'modified_following', '2023-10-02'],
    ['2023-10-01', 'preceding', '2023-09-29'],
    ['2023-10-01', 'modified_preceding', '2023-10-02'],
    // Year end over Christmas and New Year's Day of both currencies.
    ['2023-12-30', 'following', '2024-01-02'],
    ['2023-12-30', 'modified_following', '2023-12-29'],
    ['2024-01-01', 'modified_preceding', '2024-01-02'],
    ['2024-01-01', 'preceding', '2023-12-29'],
    ['2023-12-25', 'preceding', '2023-12-22'],
    ['2023-12-25', 'following', '2023-12-27'],
    // A business day stays.
    ['2023-09-29', 'following', '2023-09-29'],
    ['2023-09-29', 'modified_preceding', '2023-09-29'],
  ])('USD+EUR %s %s → %s', (date, convention, expected) => {
    expect(ds.adjust(E, date, convention)).toEqual({ date, convention, adjusted: expected });
  });

  it('defaults to following, accepts any case, refuses other conventions naming param convention', () => {
    expect(ds.adjust(E, '2023-09-30')).toEqual({ date: '2023-09-30', convention: 'following', adjusted: '2023-10-02' });
    expect(ds.adjust(E, '2023-09-30', 'Modified_Following').convention).toBe('modified_following');
    expect(fault(() => ds.adjust(E, '2023-09-30', 'modified'))).toEqual([
      { param: 'convention', msg: expect.stringContaining("got 'modified'") },
    ]);
    expect(fault(() => ds.adjust(E, '2023-9-30'))[0]!.param).toBe('date');
  });
});

describe('advance', () => {
  it('days: n business days from the date itself; Saturday plus one is Monday; n = 0 adjusts', () => {
    expect(ds.advance('USD+EUR', '2023-09-30', 1)).toEqual({
      date: '2023-09-30',
      n: 1,
      unit: 'days',
      result: '2023-10-02',
    });
    expect(adv('USD', '2023-06-16', 1)).toBe('2023-06-20');
    expect(adv('EUR', '2023-06-16', 1)).toBe('2023-06-19');
    expect(adv('USD', '2023-06-15', 2)).toBe('2023-06-20');
    expect(adv('USD+EUR', '2023-09-30', 0)).toBe('2023-10-02');
    expect(adv('USD+EUR', '2023-09-30', 0, 'days', 'preceding')).toBe('2023-09-29');
    // The convention plays no part when n is not 0.
    expect(adv('USD+EUR', '2023-09-30', 1, 'days', 'preceding')).toBe('2023-10-02');
    expect(adv('US.NYSE', '2023-11-22', 1)).toBe('2023-11-24');
    expect(adv('US.NYSE', '2023-11-22', 3)).toBe('2023-11-28');
  });

  it('days: negative steps walk backwards', () => {
    expect(adv('USD', '2023-06-20', -1)).toBe('2023-06-16');
    expect(adv('USD+EUR', '2023-10-02', -1)).toBe('2023-09-29');
    expect(adv('USD+EUR', '2023-10-01', -1)).toBe('2023-09-29');
    expect(adv('USD+EUR', '2024-01-02', -2)).toBe('2023-12-28');
    expect(adv('US.NYSE', '2023-11-27', -2)).toBe('2023-11-22');
    expect(adv('USD', '2023-06-20', -10)).toBe('2023-06-05');
  });

  it('weeks: add on the plain calendar then adjust', () => {
    expect(adv('USD', '2023-06-12', 1, 'weeks')).toBe('2023-06-20');
    expect(adv('USD', '2023-06-12', 1, 'weeks', 'preceding')).toBe('2023-06-16');
    expect(adv('USD', '2023-06-26', -1, 'weeks', 'unadjusted')).toBe('2023-06-19');
    expect(adv('USD', '2023-02-28', 1, 'weeks', 'following', false)).toBe('2023-03-07');
  });

  it('weeks never take the end-of-month rule: plain weeks, then adjust', () => {
    // Tue 2023-02-28 is February's last business day; the rule would have made it March 31.
    expect(adv('USD', '2023-02-28', 1, 'weeks', 'following', true)).toBe('2023-03-07');
    expect(adv('USD', '2023-02-28', 5, 'weeks', 'following', true)).toBe('2023-04-04');
    expect(adv('USD+EUR', '2023-06-30', 1, 'weeks', 'modified_following', true)).toBe('2023-07-07');
    expect(adv('USD', '2023-03-31', -1, 'weeks', 'following', true)).toBe('2023-03-24');
    // Sat 2023-09-30 plus a week is Sat 7 October, adjusted.
    expect(adv('USD', '2023-09-30', 1, 'weeks', 'preceding', true)).toBe('2023-10-06');
  });

  it('months and years: a day past the end of the target month becomes its last day, then adjust', () => {
    expect(adv('USD', '2023-01-31', 1, 'months')).toBe('2023-02-28');
    expect(adv('USD', '2024-01-31', 1, 'months')).toBe('2024-02-29');
    expect(adv('USD+EUR', '2023-03-31', 1, 'months')).toBe('2023-05-02');
    expect(adv('USD+EUR', '2023-03-31', 1, 'months', 'modified_following')).toBe('2023-04-28');
    expect(adv('USD', '2023-07-19', -1, 'months')).toBe('2023-06-20');
    expect(adv('USD', '2024-02-29', 1, 'years')).toBe('2025-02-28');
    expect(adv('USD', '2023-06-19', 1, 'years', 'unadjusted')).toBe('2024-06-19');
    expect(ds.advance('USD', '2023-01-31', '-2', 'MONTHS')).toEqual({
      date: '2023-01-31',
      n: -2,
      unit: 'months',
      result: '2022-11-30',
    });
  });

  it('end-of-month rule: from the last business day of a month to the last business day of the target month', () => {
    // 2023-02-28 (Tue) is February's last business day.
    expect(adv('USD', '2023-02-28', 1, 'months', 'following', true)).toBe('2023-03-31');
    expect(adv('USD', '2023-02-28', 1, 'months', 'following', false)).toBe('2023-03-28');
    expect(adv('USD', '2023-02-28', 1, 'years', 'following', true)).toBe('2024-02-29');
    // 2023-04-28 (Fri) is April's last business day (29, 30 weekend); May 31 a Wednesday.
    expect(adv('USD', '2023-04-28', 1, 'months', 'following', true)).toBe('2023-05-31');
    expect(adv('USD', '2023-04-28', 1, 'months', 'following', false)).toBe('2023-05-30');
    // The target month's last business day, not its last day: April 2023 ends on a Sunday.
    expect(adv('USD', '2023-03-31', 1, 'months', 'following', true)).toBe('2023-04-28');
    expect(adv('USD', '2023-03-31', 1, 'months', 'following', false)).toBe('2023-05-01');
    // Backwards too.
    expect(adv('USD', '2023-04-28', -1, 'months', 'following', true)).toBe('2023-03-31');
    // Not the last business day: the rule does not apply.
    expect(adv('USD', '2023-03-30', 1, 'months', 'following', true)).toBe('2023-05-01');
  });

  it("end-of-month rule also from a non-business day after the month's last business day", () => {
    // Sat 2023-09-30 comes after September's last business day (Fri 29): no business day
    // follows it in September, so plus one month is October's last business day.
    expect(adv('USD', '2023-09-30', 1, 'months', 'following', true)).toBe('2023-10-31');
    expect(adv('XNYS', '2023-09-30', 1, 'months', 'following', true)).toBe('2023-10-31');
    expect(adv('USD', '2023-09-30', 1, 'months', 'following', false)).toBe('2023-10-30');
    expect(adv('XNYS', '2023-09-30', 1, 'years', 'following', true)).toBe('2024-09-30');
    expect(adv('XNYS', '2023-04-29', 1, 'years', 'following', true)).toBe('2024-04-30');
    // Fri 2023-12-29, the year's last business day (30 and 31 a weekend), to January's.
    expect(adv('USD', '2023-12-29', 1, 'months', 'following', true)).toBe('2024-01-31');
    // n = 0 adjusts the date, whatever the unit and the rule (not back to Fri 29).
    expect(adv('XNYS', '2023-09-30', 0, 'months', 'following', true)).toBe('2023-10-02');
    expect(adv('XNYS', '2023-09-30', 0, 'years', 'following', true)).toBe('2023-10-02');
    expect(adv('XNYS', '2023-09-29', 1, 'months', 'following', true)).toBe('2023-10-31');
    expect(adv('XNYS', '2023-09-29', 0, 'months', 'following', true)).toBe('2023-09-29');
  });

  it("end-of-month rule with unadjusted: the target month's last business day, as with any convention", () => {
    expect(adv('USD', '2023-03-31', 1, 'months', 'unadjusted', true)).toBe('2023-04-28');
    expect(adv('USD', '2023-02-28', 1, 'months', 'unadjusted', true)).toBe('2023-03-31');
    expect(adv('USD', '2023-09-30', 1, 'months', 'unadjusted', true)).toBe('2023-10-31');
    expect(adv('USD', '2023-04-30', 1, 'months', 'unadjusted', true)).toBe('2023-05-31');
    // Not at the month's end: the plain date, unadjusted.
    expect(adv('USD', '2023-09-28', 1, 'months', 'unadjusted', true)).toBe('2023-10-28');
  });

  it('refuses bad n, unit and end_of_month naming their params', () => {
    expect(fault(() => ds.advance('USD', '2023-06-16', 1.5))[0]!.param).toBe('n');
    expect(fault(() => ds.advance('USD', '2023-06-16', '1e3'))[0]!.param).toBe('n');
    expect(fault(() => ds.advance('USD', '2023-06-16', 2_000_000))[0]!.param).toBe('n');
    expect(fault(() => ds.advance('USD', '2023-06-16', 1, 'day'))[0]!.param).toBe('unit');
    expect(fault(() => ds.advance('USD', '2023-06-16', 1, 'months', 'following', 'maybe'))[0]!.param).toBe(
      'end_of_month',
    );
    expect(ds.advance('USD', '2023-02-28', '1', 'months', 'following', 'true').result).toBe('2023-03-31');
  });
});
