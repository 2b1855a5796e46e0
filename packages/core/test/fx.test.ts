/**
 * FX spot and value dates (docs/calendar-arithmetic.md §5), on hand-checked dates of the
 * calendar fixture. Tests marked "Choice" pin decisions the page leaves open.
 */
import { describe, expect, it } from 'vitest';
import {
  CalendarOutOfCoverageError,
  Dataset,
  InvalidArgumentError,
  NotFoundError,
  NotInPlanError,
} from '../src/index.js';
import { defaultLag } from '../src/rules/fx.js';
import { CURRENCIES, CURRENCY_HOLIDAYS, calendarTables } from './calendar-fixture.js';
import { fixtureTables } from '../src/testing/fixture.js';

const ds = Dataset.create(calendarTables());

const weekend = (...codes: string[]) => codes.map((currency) => ({ currency, reason: 'weekend' }));

function params(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidArgumentError);
    return (e as InvalidArgumentError).faults.map((f) => f.param);
  }
  throw new Error('expected an InvalidArgumentError');
}

describe('spot date', () => {
  it(
    'the issue example: EURUSD on Friday 2023-06-16 spots on Tuesday 2023-06-20 (Juneteenth is an intermediate ' +
      'day)',
    () => {
      expect(ds.fxSpot('EURUSD', '2023-06-16')).toEqual({
        pair: 'EURUSD',
        trade_date: '2023-06-16',
        lag: 2,
        spot_date: '2023-06-20',
        closures: [
          { date: '2023-06-17', closed: weekend('EUR', 'USD') },
          { date: '2023-06-18', closed: weekend('EUR', 'USD') },
          { date: '2023-06-19', closed: [{ currency: 'USD', reason: 'Juneteenth National Independence Day' }] },
        ],
      });
    },
  );

  it('a USD holiday on the spot date moves spot; on an intermediate day it does not', () => {
    // Thu 15: intermediate Fri 16, then Mon 19 is closed for USD: spot Tue 20.
    expect(ds.fxSpot('EURUSD', '2023-06-15').spot_date).toBe('2023-06-20');
    // Wed 22 Nov: Thanksgiving (USD) is the intermediate day; spot stays T+2 on Friday.
    expect(ds.fxSpot('EURUSD', '2023-11-22')).toMatchObject({
      spot_date: '2023-11-24',
      closures: [{ date: '2023-11-23', closed: [{ currency: 'USD', reason: 'Thanksgiving Day' }] }],
    });
  });

  it('a non-USD holiday on an intermediate day moves spot', () => {
    // Easter 2023: EUR closed Fri 7 and Mon 10 April; intermediate day Tue 11, spot Wed 12.
    expect(ds.fxSpot('EURUSD', '2023-04-06')).toEqual({
      pair: 'EURUSD',
      trade_date: '2023-04-06',
      lag: 2,
      spot_date: '2023-04-12',
      closures: [
        { date: '2023-04-07', closed: [{ currency: 'EUR', reason: 'Good Friday' }] },
        { date: '2023-04-08', closed: weekend('EUR', 'USD') },
        { date: '2023-04-09', closed: weekend('EUR', 'USD') },
        { date: '2023-04-10', closed: [{ currency: 'EUR', reason: 'Easter Monday' }] },
      ],
    });
  });

  it('T+1 pairs: USDCAD, USDTRY, USDPHP and USDRUB as written; the reversed quotes are T+2', () => {
    const usdcad = ds.fxSpot('USDCAD', '2023-06-30');
    expect(usdcad).toEqual({
      pair: 'USDCAD',
      trade_date: '2023-06-30',
      lag: 1,
      spot_date: '2023-07-05',
      closures: [
        { date: '2023-07-01', closed: weekend('USD', 'CAD') },
        { date: '2023-07-02', closed: weekend('USD', 'CAD') },
        { date: '2023-07-03', closed: [{ currency: 'CAD', reason: 'Canada Day' }] },
        { date: '2023-07-04', closed: [{ currency: 'USD', reason: 'Independence Day' }] },
      ],
    });
    // CADUSD is not in the page's list: lag 2. Intermediate Mon 3 July is Canada Day (CAD), so
    // the intermediate day is Tue 4 (a USD holiday does not move it); spot Wed 5.
    const cadusd = ds.fxSpot('cadusd', '2023-06-30');
    expect(cadusd).toMatchObject({ pair: 'CADUSD', lag: 2, spot_date: '2023-07-05' });
    expect(ds.fxSpot('CADUSD', '2023-06-28')).toMatchObject({ lag: 2, spot_date: '2023-06-30' });
    expect(ds.fxSpot('USDCAD', '2023-06-28')).toMatchObject({ lag: 1, spot_date: '2023-06-29' });
    // Pair order in closures.
    expect(cadusd.closures[0]!.closed).toEqual(weekend('CAD', 'USD'));
    expect(ds.fxSpot('USDCAD', '2023-06-29')).toMatchObject({ lag: 1, spot_date: '2023-06-30', closures: [] });
    // USDTRY: T+1; a closing row without a name is reported as 'holiday'.
    expect(ds.fxSpot('USDTRY', '2023-06-27')).toEqual({
      pair: 'USDTRY',
      trade_date: '2023-06-27',
      lag: 1,
      spot_date: '2023-06-29',
      closures: [{ date: '2023-06-28', closed: [{ currency: 'TRY', reason: 'holiday' }] }],
    });
    expect(ds.fxSpot('TRYUSD', '2023-06-27')).toMatchObject({ lag: 2, spot_date: '2023-06-30' });
    expect([
      defaultLag('USD', 'PHP'),
      defaultLag('USD', 'RUB'),
      defaultLag('USD', 'TRY'),
      defaultLag('USD', 'CAD'),
    ]).toEqual([1, 1, 1, 1]);
    expect([
      defaultLag('PHP', 'USD'),
      defaultLag('RUB', 'USD'),
      defaultLag('TRY', 'USD'),
      defaultLag('CAD', 'USD'),
    ]).toEqual([2, 2, 2, 2]);
    // Crosses with those currencies are T+2, and so are the other USD pairs.
    expect([
      defaultLag('EUR', 'CAD'),
      defaultLag('CAD', 'TRY'),
      defaultLag('USD', 'JPY'),
      defaultLag('GBP', 'USD'),
    ]).toEqual([2, 2, 2, 2]);
  });

  it('crosses: intermediate days count both currencies, and USD must be open on spot', () => {
    // EURGBP on Tue 21 Nov: intermediate Wed 22, Thanksgiving (USD) on Thu 23 moves spot to Fri.
    expect(ds.fxSpot('EURGBP', '2023-11-21')).toEqual({
      pair: 'EURGBP',
      trade_date: '2023-11-21',
      lag: 2,
      spot_date: '2023-11-24',
      closures: [{ date: '2023-11-23', closed: [{ currency: 'USD', reason: 'Thanksgiving Day' }] }],
    });
    // GBP's Coronation holiday is an intermediate day: it moves spot.
    expect(ds.fxSpot('EURGBP', '2023-05-05')).toEqual({
      pair: 'EURGBP',
      trade_date: '2023-05-05',
      lag: 2,
      spot_date: '2023-05-10',
      closures: [
        { date: '2023-05-06', closed: weekend('EUR', 'GBP', 'USD') },
        { date: '2023-05-07', closed: weekend('EUR', 'GBP', 'USD') },
        { date: '2023-05-08', closed: [{ currency: 'GBP', reason: 'Coronation of King Charles III' }] },
      ],
    });
    // EURCAD (T+2): Canada Day moves the intermediate day to Tue 4 July, a USD holiday that
    // does not count there; spot Wed 5. USD comes last in closures.
    expect(ds.fxSpot('EURCAD', '2023-06-30')).toEqual({
      pair: 'EURCAD',
      trade_date: '2023-06-30',
      lag: 2,
      spot_date: '2023-07-05',
      closures: [
        { date: '2023-07-01', closed: weekend('EUR', 'CAD', 'USD') },
        { date: '2023-07-02', closed: weekend('EUR', 'CAD', 'USD') },
        { date: '2023-07-03', closed: [{ currency: 'CAD', reason: 'Canada Day' }] },
        { date: '2023-07-04', closed: [{ currency: 'USD', reason: 'Independence Day' }] },
      ],
    });
  });

  it('a currency with a Fri-Sat weekend: Sunday is an intermediate day', () => {
    expect(ds.fxSpot('USDILS', '2023-09-21')).toEqual({
      pair: 'USDILS',
      trade_date: '2023-09-21',
      lag: 2,
      spot_date: '2023-09-26',
      closures: [
        { date: '2023-09-22', closed: weekend('ILS') },
        { date: '2023-09-23', closed: weekend('USD', 'ILS') },
        { date: '2023-09-24', closed: weekend('USD') },
        { date: '2023-09-25', closed: [{ currency: 'ILS', reason: 'Yom Kippur' }] },
      ],
    });
  });

  it('a holiday row on a weekend day gives the holiday as the reason, the weekend for the others', () => {
    // USD has a Veterans Day row on Saturday 2023-11-11.
    expect(ds.fxSpot('EURUSD', '2023-11-10')).toMatchObject({
      spot_date: '2023-11-14',
      closures: [
        {
          date: '2023-11-11',
          closed: [
            { currency: 'EUR', reason: 'weekend' },
            { currency: 'USD', reason: 'Veterans Day' },
          ],
        },
        { date: '2023-11-12', closed: weekend('EUR', 'USD') },
      ],
    });
  });

  it('lag overrides the pair: 0 answers the trade date itself, 1..5 step further', () => {
    expect(ds.fxSpot('EURUSD', '2023-06-19', 0)).toEqual({
      pair: 'EURUSD',
      trade_date: '2023-06-19',
      lag: 0,
      spot_date: '2023-06-19',
      closures: [],
    });
    // The trade date is not checked to be a business day: lag 0 on a Saturday is that Saturday.
    expect(ds.fxSpot('EURUSD', '2023-06-17', 0).spot_date).toBe('2023-06-17');
    expect(ds.fxSpot('EURUSD', '2023-06-17').spot_date).toBe('2023-06-20');
    expect(ds.fxSpot('EURUSD', '2023-06-16', 1).spot_date).toBe('2023-06-20');
    expect(ds.fxSpot('EURUSD', '2023-06-16', '3')).toMatchObject({ lag: 3, spot_date: '2023-06-21' });
    expect(ds.fxSpot('EURUSD', '2023-06-16', 5).spot_date).toBe('2023-06-23');
    expect(ds.fxSpot('USDCAD', '2023-06-30', 2).spot_date).toBe('2023-07-05');
    expect(ds.fxSpot('USDCAD', '2023-06-29', 2).spot_date).toBe('2023-07-05');
  });

  it('refuses bad pairs, trade dates and lags naming their params', () => {
    expect(params(() => ds.fxSpot('EURUS', '2023-06-16'))).toEqual(['pair']);
    expect(params(() => ds.fxSpot('', '2023-06-16'))).toEqual(['pair']);
    // Choice: one currency twice is not a pair.
    expect(params(() => ds.fxSpot('EUREUR', '2023-06-16'))).toEqual(['pair']);
    expect(params(() => ds.fxSpot('EURUSD', '2023-06-31'))).toEqual(['trade_date']);
    for (const lag of [6, -1, 1.5, 'x'])
      expect(
        params(() => ds.fxSpot('EURUSD', '2023-06-16', lag)),
        String(lag),
      ).toEqual(['lag']);
    expect(params(() => ds.fxSpot('EUR-USD', 'today', 9))).toEqual(['pair', 'trade_date', 'lag']);
    expect(ds.fxSpot('EUR/usd', '2023-06-16').pair).toBe('EURUSD');
  });

  it('unknown currencies are not found; Choice: without USD in the data no spot date is answered', () => {
    expect(() => ds.fxSpot('EURZZZ', '2023-06-16')).toThrow(NotFoundError);
    expect(() => ds.fxSpot('EURZZZ', '2023-06-16')).toThrow(/Currency 'ZZZ'/);
    const noUsd = Dataset.create(
      calendarTables({
        currencies: CURRENCIES.filter((c) => c.currency_code !== 'USD'),
        currencyHolidays: CURRENCY_HOLIDAYS.filter((h) => h.currency_code !== 'USD'),
      }),
    );
    expect(() => noUsd.fxSpot('EURGBP', '2023-06-16')).toThrow(
      /USD is not in the loaded data: FX spot and value dates need its settlement calendar/,
    );
    expect(() => noUsd.fxValueDate('EURGBP', '2023-06-16', '1M')).toThrow(NotFoundError);
    expect(() => noUsd.fxSpot('EURUSD', '2023-06-16')).toThrow(/Currency 'USD' was not found/);
    expect(() => Dataset.create(fixtureTables(), { plan: 'no_currencies' }).fxSpot('EURUSD', '2023-06-16')).toThrow(
      NotInPlanError,
    );
  });

  it('every date looked at must lie in the coverage window of both currencies and USD', () => {
    // Christmas 2030 closes both; the next date is past the windows.
    expect(() => ds.fxSpot('EURUSD', '2030-12-23')).toThrow(CalendarOutOfCoverageError);
    expect(() => ds.fxSpot('EURUSD', '2030-12-23')).toThrow(
      '2030-12-26 is outside the coverage window of calendar EUR+USD: 2000-01-03 to 2030-12-25',
    );
    expect(() => ds.fxSpot('EURGBP', '2030-12-26', 0)).toThrow(/calendar EUR\+GBP\+USD: 2000-01-03 to 2030-12-25/);
    expect(() => ds.fxSpot('EURUSD', '2000-01-01')).toThrow(/2000-01-01 is outside/);
  });
});

describe('value date', () => {
  it('SN is the next business day of both currencies and USD after spot', () => {
    expect(ds.fxValueDate('EURUSD', '2023-06-16', 'SN')).toEqual({
      pair: 'EURUSD',
      trade_date: '2023-06-16',
      tenor: 'SN',
      spot_date: '2023-06-20',
      value_date: '2023-06-21',
    });
    expect(ds.fxValueDate('EURUSD', '2023-11-20', 'sn')).toMatchObject({
      tenor: 'SN',
      spot_date: '2023-11-22',
      value_date: '2023-11-24',
    });
    // A cross skips USD holidays too.
    expect(ds.fxValueDate('EURGBP', '2023-11-20', 'SN')).toMatchObject({
      spot_date: '2023-11-22',
      value_date: '2023-11-24',
    });
  });

  it(
    'weeks, months and years from spot with modified following; the end-of-month rule moves months and years ' + 'only',
    () => {
      const v = (pair: string, trade: string, tenor: string) => ds.fxValueDate(pair, trade, tenor).value_date;
      expect(v('EURUSD', '2023-06-16', '1W')).toBe('2023-06-27');
      expect(v('EURUSD', '2023-06-16', '1m')).toBe('2023-07-20');
      // 20 August is a Sunday.
      expect(v('EURUSD', '2023-06-16', '2M')).toBe('2023-08-21');
      expect(v('EURUSD', '2023-06-16', '1Y')).toBe('2024-06-20');
      // Spot 28 Feb 2023 is February's last business day: end of month.
      expect(ds.fxValueDate('EURUSD', '2023-02-24', '1M')).toMatchObject({
        spot_date: '2023-02-28',
        value_date: '2023-03-31',
      });
      expect(v('EURUSD', '2023-02-24', '3M')).toBe('2023-05-31');
      expect(v('EURUSD', '2023-02-24', '1Y')).toBe('2024-02-29');
      // Spot Fri 31 March: April's last business day is Fri 28.
      expect(ds.fxValueDate('EURUSD', '2023-03-29', '1M')).toMatchObject({
        spot_date: '2023-03-31',
        value_date: '2023-04-28',
      });
      // Spot Wed 30 August (not month end): 30 September is a Saturday, following would leave the month.
      expect(ds.fxValueDate('EURUSD', '2023-08-28', '1M')).toMatchObject({
        spot_date: '2023-08-30',
        value_date: '2023-09-29',
      });
      // USDCAD spot is T+1; spot Fri 30 June is June's last business day, yet week tenors stay
      // plain weeks (the rule is for months and years).
      expect(ds.fxValueDate('USDCAD', '2023-06-29', '1W')).toMatchObject({
        spot_date: '2023-06-30',
        value_date: '2023-07-07',
      });
      expect(ds.fxValueDate('EURUSD', '2023-06-28', '1W')).toMatchObject({
        spot_date: '2023-06-30',
        value_date: '2023-07-07',
      });
      expect(ds.fxValueDate('EURUSD', '2023-06-28', '5W')).toMatchObject({
        spot_date: '2023-06-30',
        value_date: '2023-08-04',
      });
      expect(ds.fxValueDate('EURUSD', '2023-06-28', '1M')).toMatchObject({
        spot_date: '2023-06-30',
        value_date: '2023-07-31',
      });
      expect(ds.fxValueDate('EURUSD', '2023-02-24', '1W')).toMatchObject({
        spot_date: '2023-02-28',
        value_date: '2023-03-07',
      });
      expect(ds.fxValueDate('EURUSD', '2023-06-27', '1W')).toMatchObject({
        spot_date: '2023-06-29',
        value_date: '2023-07-06',
      });
    },
  );

  it('accepts SN, 1W..52W, 1M..120M, 1Y..30Y only, naming param tenor', () => {
    for (const t of ['52W', '120M', '30Y']) expect(ds.fxValueDate('EURUSD', '2000-06-15', t).tenor, t).toBe(t);
    for (const t of ['53W', '121M', '31Y', '0M', '01M', 'ON', 'TN', '1D', '', 'M', '1 M']) {
      expect(
        params(() => ds.fxValueDate('EURUSD', '2023-06-16', t)),
        t,
      ).toEqual(['tenor']);
    }
  });
});
