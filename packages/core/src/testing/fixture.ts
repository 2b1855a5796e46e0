/**
 * The one fixture of openbell's tests: a small dataset built from the published facts of
 * docs/bulk-format.md §6, as row arrays with the loader's normalized column names, so the tests
 * of core, the catalogue and the server answer from the same rows without the loader or an
 * archive. Published as `@openbell/core/testing` for the workspace's tests only: it is not part of
 * the library's interface, and it is here rather than in a package of its own because it is built
 * of core's types and core's own tests use it (a package of fixtures would depend on core and
 * core's tests on it, a circle); a test importing another package's test/ folder would reach into
 * its private files. docs/architecture.md "Tests".
 */
import { Dataset } from '../dataset.js';
import type { MarketHolidayRow, Plan, ScheduleRow, Tables } from '../types.js';

export const NYSE = 'US.NYSE';

export const PHASE_TYPES = [
  ['Primary Trading Session', 'Open', 'Yes', 'Yes'],
  ['Primary Trading Session, No Settlement', 'Open', 'No', 'No'],
  ['Primary Trading Session, No Closing Price', 'Open', 'No', 'No'],
  ['Pre-Trading Session', 'Closed', 'No', 'No'],
  ['Post-Trading Session', 'Closed', 'No', 'No'],
  ['Pre-Open', 'Closed', 'No', 'No'],
  ['Pre-Close', 'Closed', 'No', 'No'],
  ['Call Auction', 'Closed', 'No', 'No'],
  ['Intermission', 'Closed', 'No', 'No'],
  ['Trading-at-Last', 'Closed', 'No', 'No'],
  ['Order Collection Period', 'Closed', 'No', 'No'],
  ['Settlement Window', 'Closed', 'No', 'No'],
  ['Other', 'Closed', 'No', 'No'],
].map(([name, status, settlement, closing_price]) => ({ name: name!, status, settlement, closing_price }));

type S = Partial<ScheduleRow> & { fin_id: string };
export function sched(
  fin_id: string,
  group: string,
  phase_type: string,
  days: string,
  start: string,
  end: string,
  extra: Partial<ScheduleRow> = {},
): S {
  return { fin_id, schedule_group: group, phase_type, days, start, end, offset_days: 0, ...extra };
}

function hol(
  fin_id: string,
  date: string,
  name: string,
  schedule: string,
  status: string,
  settlement: string,
  extra: Partial<MarketHolidayRow> = {},
): MarketHolidayRow {
  return { fin_id, date, holiday_name: name, schedule, status, settlement, observed: false, memo: null, ...extra };
}

/** Coverage bounds: each market gets holidays on the first and last day of this window. */
function bounds(fin_id: string): MarketHolidayRow[] {
  return [
    hol(fin_id, '2000-01-01', "New Year's Day", 'Closed', 'Closed', 'No'),
    hol(fin_id, '2030-12-25', 'Christmas', 'Closed', 'Closed', 'No'),
  ];
}

const NY = 'America/New_York';
export const NYSE_SCHEDULES: S[] = [
  sched(NYSE, 'Regular', 'Pre-Trading Session', 'Mon-Fri', '04:00:00', '09:30:00', { timezone: NY }),
  sched(NYSE, 'Regular', 'Pre-Open', 'Mon-Fri', '06:30:00', '09:30:00', {
    timezone: NY,
    phase_name: 'Pre-Opening Session',
  }),
  sched(NYSE, 'Regular', 'Call Auction', 'Mon-Fri', '09:30:00', '09:30:00', {
    timezone: NY,
    phase_name: 'Core Open Auction',
  }),
  sched(NYSE, 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:30:00', '16:00:00', {
    timezone: NY,
    phase_name: 'Core Trading Session',
  }),
  sched(NYSE, 'Regular', 'Pre-Close', 'Mon-Fri', '15:50:00', '16:00:00', {
    timezone: NY,
    phase_name: 'Closing Imbalance Period',
    in_force_start_date: '2019-04-01',
  }),
  sched(NYSE, 'Regular', 'Pre-Close', 'Mon-Fri', '15:45:00', '16:00:00', {
    timezone: NY,
    phase_name: 'Closing Imbalance Period',
    in_force_end_date: '2019-03-31',
  }),
  sched(NYSE, 'Regular', 'Post-Trading Session', 'Mon-Fri', '16:00:00', '20:00:00', {
    timezone: NY,
    phase_name: 'Extended Hours',
  }),
  sched(NYSE, 'Partial', 'Pre-Trading Session', 'Mon-Fri', '06:30:00', '09:30:00', { timezone: NY }),
  sched(NYSE, 'Partial', 'Primary Trading Session', 'Mon-Fri', '09:30:00', '13:00:00', { timezone: NY }),
  sched(NYSE, 'Partial', 'Post-Trading Session', 'Mon-Fri', '13:00:00', '13:30:00', {
    timezone: NY,
    phase_name: 'Crossing Session',
  }),
];

const CHI = 'America/Chicago';
export const CME = 'US.CME.EQUITY.USINDEX1';
export const CME_SCHEDULES: S[] = [
  sched(CME, 'Regular', 'Primary Trading Session', 'Sun-Thu', '17:00:00', '16:00:00', {
    timezone: CHI,
    offset_days: 1,
  }),
  sched(CME, 'Regular', 'Pre-Open', 'Sun-Thu', '16:45:00', '17:00:00', { timezone: CHI }),
  sched(CME, 'Regular', 'Settlement Window', 'Mon-Fri', '14:59:30', '15:00:00', { timezone: CHI }),
  // Thanksgiving eve: the overnight session ends at noon on the holiday, without a closing price.
  sched(CME, 'Thanksgiving Eve', 'Settlement Window', 'Wed', '14:59:30', '15:00:00', { timezone: CHI }),
  sched(CME, 'Thanksgiving Eve', 'Pre-Open', 'Wed', '16:45:00', '17:00:00', { timezone: CHI }),
  sched(CME, 'Thanksgiving Eve', 'Primary Trading Session, No Closing Price', 'Wed', '17:00:00', '12:00:00', {
    timezone: CHI,
    offset_days: 1,
  }),
  sched(CME, 'Thanksgiving', 'Pre-Open', 'Thu', '12:00:00', '17:00:00', { timezone: CHI }),
  sched(CME, 'Thanksgiving', 'Primary Trading Session', 'Thu', '17:00:00', '12:15:00', {
    timezone: CHI,
    offset_days: 1,
  }),
  sched(CME, 'Day After Thanksgiving', 'Settlement Window', 'Fri', '11:59:30', '12:00:00', { timezone: CHI }),
];

/** The market holiday rows: each market's coverage bounds, Thanksgiving, a make-up working day. */
function holidays(): MarketHolidayRow[] {
  return [
    ...bounds(NYSE),
    hol(NYSE, '2023-11-23', 'Thanksgiving Day', 'Closed', 'Closed', 'No'),
    hol(NYSE, '2023-11-24', 'Thanksgiving Day', 'Partial', 'Open', 'Yes'),
    hol(NYSE, '2024-12-25', 'Christmas', 'Closed', 'Closed', 'No'),
    ...bounds(CME),
    hol(CME, '2023-11-22', 'Thanksgiving Day', 'Thanksgiving Eve', 'Open', 'Yes'),
    hol(CME, '2023-11-23', 'Thanksgiving Day', 'Thanksgiving', 'Open', 'No'),
    hol(CME, '2023-11-24', 'Thanksgiving Day', 'Day After Thanksgiving', 'Open', 'Yes'),
    ...bounds('AR.BCBA'),
    ...bounds('AR.BYMA'),
    ...bounds('AE.ADX'),
    ...bounds('CN.CIBM'),
    // A Sunday make-up working day: trades like a regular day (weekday fallback).
    hol('CN.CIBM', '2023-10-08', 'National Day', 'Regular', 'Open', 'Yes'),
    hol('CN.CIBM', '2023-10-02', 'National Day', 'Closed', 'Closed', 'No'),
    ...bounds('BR.B3'),
    ...bounds('CN.SGE'),
  ];
}

/** The schedule rows: NYSE and CME above, and a market for each kind of rule the tests need. */
function schedules(): S[] {
  return [
    ...NYSE_SCHEDULES,
    ...CME_SCHEDULES,
    sched('AR.BYMA', 'Regular', 'Primary Trading Session', 'Mon-Fri', '11:00:00', '17:00:00', {
      timezone: 'America/Argentina/Buenos_Aires',
    }),
    sched('AR.BCBA', 'Regular', 'Primary Trading Session', 'Mon-Fri', '11:00:00', '17:00:00', {
      timezone: 'America/Argentina/Buenos_Aires',
    }),
    sched('AE.ADX', 'Regular', 'Primary Trading Session', 'Sun-Thu', '10:00:00', '14:00:00', {
      timezone: 'Asia/Dubai',
      in_force_end_date: '2022-01-02',
    }),
    sched('AE.ADX', 'Regular', 'Primary Trading Session', 'Mon-Fri', '10:00:00', '15:00:00', {
      timezone: 'Asia/Dubai',
      in_force_start_date: '2022-01-03',
    }),
    sched('CN.CIBM', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00:00', '12:00:00', {
      timezone: 'Asia/Shanghai',
    }),
    sched('CN.CIBM', 'Regular', 'Primary Trading Session', 'Mon-Fri', '13:30:00', '17:00:00', {
      timezone: 'Asia/Shanghai',
    }),
    sched('CN.SGE', 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:00:00', '15:30:00', {
      timezone: 'Asia/Shanghai',
    }),
    sched('CN.SGE', 'Regular', 'Primary Trading Session', 'Mon-Fri', '20:00:00', '02:30:00', {
      timezone: 'Asia/Shanghai',
      offset_days: 1,
      phase_name: 'Night Session',
    }),
    // Hours follow US daylight saving: a wrapping season over the new year.
    sched('BR.B3', 'Regular', 'Primary Trading Session', 'Mon-Fri', '10:00:00', '17:00:00', {
      timezone: 'America/Sao_Paulo',
      season_start: 'Second Sunday of March',
      season_end: 'Saturday before First Sunday of November',
    }),
    sched('BR.B3', 'Regular', 'Primary Trading Session', 'Mon-Fri', '10:00:00', '18:00:00', {
      timezone: 'America/Sao_Paulo',
      season_start: 'First Sunday of November',
      season_end: 'Saturday before Second Sunday of March',
    }),
  ];
}

/** The dates of BR.B3's seasons (US daylight saving), 2000-2030. */
function seasonDefinitions(): Tables['seasonDefinitions'] {
  const out = [];
  for (let y = 2000; y <= 2030; y++) {
    const nthSunday = (month: number, n: number) => {
      const first = new Date(Date.UTC(y, month - 1, 1));
      const offset = (7 - first.getUTCDay()) % 7;
      return new Date(Date.UTC(y, month - 1, 1 + offset + 7 * (n - 1)));
    };
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const minus1 = (d: Date) => new Date(d.getTime() - 86_400_000);
    out.push(
      { season: 'Second Sunday of March', year: y, date: iso(nthSunday(3, 2)) },
      { season: 'Saturday before Second Sunday of March', year: y, date: iso(minus1(nthSunday(3, 2))) },
      { season: 'First Sunday of November', year: y, date: iso(nthSunday(11, 1)) },
      { season: 'Saturday before First Sunday of November', year: y, date: iso(minus1(nthSunday(11, 1))) },
    );
  }
  return out;
}

const MARKETS = [
  {
    fin_id: NYSE,
    exchange_name: 'New York Stock Exchange',
    market_name: 'Equities',
    security_group: null,
    timezone: NY,
    weekend_definition: 'Sat-Sun',
    mic: 'XNYS',
    acronym: 'NYSE',
    asset_type: 'Equities',
    memo: null,
    permanently_closed: null,
    replaced_by: null,
    // Columns the spec does not name: they must ride along to the answers.
    website: 'https://www.nyse.com',
    extra_column: 'kept',
  },
  {
    fin_id: CME,
    exchange_name: 'Chicago Mercantile Exchange',
    market_name: 'Equity Index',
    timezone: CHI,
    mic: 'XCME',
  },
  {
    fin_id: 'AR.BCBA',
    exchange_name: 'Bolsa de Comercio de Buenos Aires',
    timezone: 'America/Argentina/Buenos_Aires',
    mic: 'XBUE',
    permanently_closed: '2017-04-24',
    replaced_by: 'AR.BYMA',
  },
  {
    fin_id: 'AR.BYMA',
    exchange_name: 'Bolsas y Mercados Argentinos',
    timezone: 'America/Argentina/Buenos_Aires',
    mic: 'XBUE',
  },
  {
    fin_id: 'AE.ADX',
    exchange_name: 'Abu Dhabi Securities Exchange',
    timezone: 'Asia/Dubai',
    mic: 'XADS',
    weekend_definition: 'Sat-Sun',
  },
  { fin_id: 'CN.CIBM', exchange_name: 'China Interbank Bond Market', timezone: 'Asia/Shanghai' },
  { fin_id: 'CN.SGE', exchange_name: 'Shanghai Gold Exchange', timezone: 'Asia/Shanghai', mic: 'SGEX' },
  { fin_id: 'BR.B3', exchange_name: 'B3', timezone: 'America/Sao_Paulo', mic: 'BVMF' },
  { fin_id: 'US.CME.AGRI', exchange_name: 'Chicago Mercantile Exchange', timezone: CHI, mic: 'XCME' },
];

const MIC_MAPPING = [
  { mic: 'XNYS', fin_id: NYSE },
  { mic: 'XCME', fin_id: CME },
  { mic: 'XCME', fin_id: 'US.CME.AGRI' },
  { mic: 'XBUE', fin_id: 'AR.BCBA' },
  { mic: 'XADS', fin_id: 'AE.ADX' },
  { mic: 'SGEX', fin_id: 'CN.SGE' },
  { mic: 'BVMF', fin_id: 'BR.B3' },
];

const CURRENCIES = [
  {
    currency_code: 'USD',
    currency_name: 'US Dollar',
    country_code: 'US',
    central_bank: 'Federal Reserve',
    financial_capital: 'New York',
    financial_capital_timezone: NY,
    weekend_definition: 'Sat-Sun',
  },
  {
    currency_code: 'EUR',
    currency_name: 'Euro',
    country_code: 'Eurozone',
    central_bank: 'European Central Bank',
    financial_capital: 'Frankfurt',
    financial_capital_timezone: 'Europe/Berlin',
    weekend_definition: 'Sat-Sun',
  },
];

const CURRENCY_HOLIDAYS = [
  {
    currency_code: 'USD',
    date: '2023-11-23',
    holiday_name: 'Thanksgiving Day',
    settlement: 'No',
    observed: false,
    memo: null,
  },
  {
    currency_code: 'USD',
    date: '2023-12-25',
    holiday_name: 'Christmas',
    settlement: 'No',
    observed: false,
    memo: null,
  },
  {
    currency_code: 'EUR',
    date: '2023-12-25',
    holiday_name: 'Christmas',
    settlement: 'No',
    observed: false,
    memo: null,
  },
];

/** The fixture's tables, fresh on each call (tests change them). */
export function fixtureTables(): Tables {
  return structuredClone({
    markets: MARKETS,
    holidays: holidays(),
    schedules: schedules() as ScheduleRow[],
    phaseTypes: PHASE_TYPES,
    micMapping: MIC_MAPPING,
    seasonDefinitions: seasonDefinitions(),
    currencies: CURRENCIES,
    currencyHolidays: CURRENCY_HOLIDAYS,
    regionalHolidays: [
      {
        calendar: 'US',
        country: 'United States',
        date: '2023-11-23',
        name: 'Thanksgiving Day',
        type: 'public',
        memo: null,
      },
    ],
  });
}

/**
 * The fixture as a `Dataset`, with `plan` when given. US.CME.AGRI has no holiday rows: its coverage
 * ends with 2028 (`coverageEndYearWithoutHolidays`), a fixed year, so no answer depends on today.
 */
export function fixtureDataset(plan?: Plan): Dataset {
  return Dataset.create(
    fixtureTables(),
    plan ? { plan, coverageEndYearWithoutHolidays: 2028 } : { coverageEndYearWithoutHolidays: 2028 },
  );
}

/** 2023-11-15 12:00 New York, a Wednesday the fixture's markets trade. */
export const NOON_NY = Date.parse('2023-11-15T17:00:00Z');

/**
 * The fixture with the duplicate rows measured on real vendor archives: two holiday rows of one
 * market on one date long ago (US.NYSE on Christmas Eve 2004, one Closed, one Partial), and two
 * currency holiday rows of USD and of EUR on that date. Before, these failed every date of the
 * market and every FX pair; now they touch 2004-12-24 alone.
 */
export function duplicateRowTables(): Tables {
  const t = fixtureTables();
  t.holidays.push(
    hol(NYSE, '2004-12-24', 'Christmas Eve', 'Closed', 'Closed', 'No'),
    hol(NYSE, '2004-12-24', 'Christmas Eve', 'Partial', 'Open', 'Yes', { memo: 'a second row for one date' }),
  );
  // Rows that close nothing widen both currencies' coverage to 2000-2030.
  const window = ['USD', 'EUR'].flatMap((currency_code) =>
    ['2000-01-03', '2030-12-27'].map((date) => ({
      currency_code,
      date,
      holiday_name: 'window',
      settlement: 'Yes',
      observed: false,
      memo: null,
    })),
  );
  t.currencyHolidays = [
    ...t.currencyHolidays!,
    ...window,
    {
      currency_code: 'USD',
      date: '2004-12-24',
      holiday_name: 'Christmas Eve',
      settlement: 'No',
      observed: false,
      memo: null,
    },
    {
      currency_code: 'USD',
      date: '2004-12-24',
      holiday_name: 'Christmas Eve',
      settlement: 'Yes',
      observed: false,
      memo: null,
    },
    {
      currency_code: 'EUR',
      date: '2004-12-24',
      holiday_name: 'Christmas Eve',
      settlement: 'No',
      observed: false,
      memo: null,
    },
    {
      currency_code: 'EUR',
      date: '2004-12-24',
      holiday_name: 'Christmas Eve',
      settlement: 'No',
      observed: false,
      memo: null,
    },
  ];
  return t;
}
