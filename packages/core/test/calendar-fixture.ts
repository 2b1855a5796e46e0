/**
 * The shared fixture's markets with a richer currency table for joined calendars and FX
 * dates: settlement holidays around the 2023 examples, a currency whose weekend is Fri-Sat,
 * one without holidays, one whose window does not overlap the others, and one whose weekend
 * definition does not parse. Each currency's window is set by a first and a last row.
 */
import type { CurrencyHolidayRow, CurrencyRow, Tables } from '../src/index.js';
import { fixtureTables } from '../src/testing/fixture.js';

function h(currency_code: string, date: string, holiday_name: string | null, settlement = 'No'): CurrencyHolidayRow {
  return { currency_code, date, holiday_name, settlement, observed: false, memo: null };
}

/** First and last row of a 2000-2030 window. */
function window(code: string): CurrencyHolidayRow[] {
  return [h(code, '2000-01-03', 'Window start'), h(code, '2030-12-25', 'Christmas')];
}

export const CURRENCIES: CurrencyRow[] = [
  { currency_code: 'USD', currency_name: 'US Dollar', weekend_definition: 'Sat-Sun' },
  { currency_code: 'EUR', currency_name: 'Euro', weekend_definition: 'Sat-Sun' },
  { currency_code: 'GBP', currency_name: 'Pound Sterling', weekend_definition: null },
  { currency_code: 'CAD', currency_name: 'Canadian Dollar', weekend_definition: 'Sat-Sun' },
  { currency_code: 'TRY', currency_name: 'Turkish Lira', weekend_definition: 'Sat-Sun' },
  // Israel's settlement weekend is Friday and Saturday: Sunday is a business day.
  { currency_code: 'ILS', currency_name: 'Israeli New Shekel', weekend_definition: 'Fri-Sat' },
  { currency_code: 'XAU', currency_name: 'Gold (no holidays)', weekend_definition: 'Sat-Sun' },
  { currency_code: 'DEM', currency_name: 'Deutsche Mark (2000-2001 only)', weekend_definition: 'Sat-Sun' },
  { currency_code: 'SGD', currency_name: 'Singapore Dollar (2025-2030 only)', weekend_definition: 'Sat-Sun' },
  { currency_code: 'BAD', currency_name: 'Bad weekend', weekend_definition: 'Funday' },
];

export const CURRENCY_HOLIDAYS: CurrencyHolidayRow[] = [
  ...window('USD'),
  h('USD', '2023-05-29', 'Memorial Day'),
  h('USD', '2023-06-19', 'Juneteenth National Independence Day'),
  h('USD', '2023-07-04', 'Independence Day'),
  h('USD', '2023-09-04', 'Labor Day'),
  // Veterans Day on a Saturday: a row on a weekend day.
  h('USD', '2023-11-11', 'Veterans Day'),
  h('USD', '2023-11-23', 'Thanksgiving Day'),
  h('USD', '2023-12-25', 'Christmas'),
  h('USD', '2024-01-01', "New Year's Day"),
  ...window('EUR'),
  h('EUR', '2023-04-07', 'Good Friday'),
  h('EUR', '2023-04-10', 'Easter Monday'),
  h('EUR', '2023-05-01', 'Labour Day'),
  // A row that does not close settlement.
  h('EUR', '2023-10-03', 'German Unity Day', 'Yes'),
  h('EUR', '2023-12-25', 'Christmas'),
  h('EUR', '2023-12-26', 'Christmas Holiday'),
  h('EUR', '2024-01-01', "New Year's Day"),
  ...window('GBP'),
  h('GBP', '2023-05-01', 'Early May Bank Holiday'),
  h('GBP', '2023-05-08', 'Coronation of King Charles III'),
  h('GBP', '2023-05-29', 'Spring Bank Holiday'),
  h('GBP', '2023-08-28', 'Summer Bank Holiday'),
  h('GBP', '2023-12-25', 'Christmas Day'),
  h('GBP', '2023-12-26', 'Boxing Day'),
  ...window('CAD'),
  h('CAD', '2023-07-03', 'Canada Day'),
  h('CAD', '2023-08-07', 'Civic Holiday'),
  h('CAD', '2023-09-04', 'Labour Day'),
  h('CAD', '2023-10-09', 'Thanksgiving Day'),
  ...window('TRY'),
  // A closing row without a name.
  h('TRY', '2023-06-28', null),
  ...window('ILS'),
  h('ILS', '2023-09-25', 'Yom Kippur'),
  h('DEM', '2000-01-03', 'Window start'),
  h('DEM', '2001-12-31', 'Window end'),
  h('SGD', '2025-01-01', "New Year's Day"),
  h('SGD', '2030-12-25', 'Christmas'),
  ...window('BAD'),
];

/**
 * Market holidays whose status disagrees with their schedule: the day view (and so the
 * business day) goes by the status.
 */
export const EXTRA_MARKET_HOLIDAYS = [
  // A weekday whose Regular rows open the market, but the row says Closed.
  {
    fin_id: 'AE.ADX',
    date: '2023-06-27',
    holiday_name: 'Arafat Day',
    schedule: 'Regular',
    status: 'Closed',
    settlement: 'No',
    observed: false,
    memo: null,
  },
  // Schedule Closed (no phases) but status Open.
  {
    fin_id: 'AE.ADX',
    date: '2023-06-28',
    holiday_name: 'Eid al-Adha',
    schedule: 'Closed',
    status: 'Open',
    settlement: 'Yes',
    observed: false,
    memo: null,
  },
];

export function calendarTables(overrides: Partial<Tables> = {}): Tables {
  const base = fixtureTables();
  return {
    ...base,
    holidays: [...base.holidays, ...EXTRA_MARKET_HOLIDAYS],
    currencies: CURRENCIES,
    currencyHolidays: CURRENCY_HOLIDAYS,
    ...overrides,
  };
}
