/**
 * A small dataset built from row arrays with the published facts of docs/bulk-format.md §6, so the
 * HTTP tests do not depend on the loader or the sample archive.
 */
import { Dataset, type MarketHolidayRow, type Plan, type ScheduleRow, type Tables } from '@openbell/core';
import type { LoadedData } from '../src/index.js';
import { inMemoryData } from '../src/app.js';

export const NYSE = 'US.NYSE';
export const CME = 'US.CME.EQUITY.USINDEX1';
const NY = 'America/New_York';
const CHI = 'America/Chicago';

function sched(
  fin_id: string,
  schedule_group: string,
  phase_type: string,
  days: string,
  start: string,
  end: string,
  timezone: string,
  extra: Partial<ScheduleRow> = {},
): ScheduleRow {
  return {
    fin_id,
    schedule_group,
    schedule_group_memo: null,
    timezone,
    phase_type,
    phase_name: null,
    phase_memo: null,
    days,
    start,
    end,
    offset_days: 0,
    duration: null,
    min_start: null,
    max_start: null,
    min_end: null,
    max_end: null,
    in_force_start_date: null,
    in_force_end_date: null,
    season_start: null,
    season_end: null,
    ...extra,
  };
}

function hol(
  fin_id: string,
  date: string,
  holiday_name: string,
  schedule: string,
  status: string,
  settlement: string,
  observed = false,
): MarketHolidayRow {
  return { fin_id, date, holiday_name, schedule, settlement, observed, memo: null, status };
}

/** Holidays at both ends of 2023–2024 so the coverage window spans the published examples. */
function bounds(finId: string): MarketHolidayRow[] {
  return [
    hol(finId, '2023-01-02', "New Year's Day", 'Closed', 'Closed', 'No', true),
    hol(finId, '2024-12-25', 'Christmas', 'Closed', 'Closed', 'No'),
  ];
}

const PHASE_TYPES: [string, string, string][] = [
  ['Primary Trading Session', 'Open', 'Yes'],
  ['Primary Trading Session, No Settlement', 'Open', 'No'],
  ['Primary Trading Session, No Closing Price', 'Open', 'No'],
  ['Pre-Trading Session', 'Closed', 'No'],
  ['Post-Trading Session', 'Closed', 'No'],
  ['Pre-Open', 'Closed', 'No'],
  ['Pre-Close', 'Closed', 'No'],
  ['Call Auction', 'Closed', 'No'],
  ['Settlement Window', 'Closed', 'No'],
  ['Other', 'Closed', 'No'],
];

export function fixtureTables(): Tables {
  const schedules: ScheduleRow[] = [
    sched(NYSE, 'Regular', 'Pre-Trading Session', 'Mon-Fri', '04:00:00', '09:30:00', NY),
    sched(NYSE, 'Regular', 'Pre-Open', 'Mon-Fri', '06:30:00', '09:30:00', NY, { phase_name: 'Pre-Opening Session' }),
    sched(NYSE, 'Regular', 'Call Auction', 'Mon-Fri', '09:30:00', '09:30:00', NY, { phase_name: 'Core Open Auction' }),
    sched(NYSE, 'Regular', 'Primary Trading Session', 'Mon-Fri', '09:30:00', '16:00:00', NY, {
      phase_name: 'Core Trading Session',
    }),
    sched(NYSE, 'Regular', 'Pre-Close', 'Mon-Fri', '15:45:00', '16:00:00', NY, {
      phase_name: 'Closing Imbalance Period',
      in_force_end_date: '2019-03-31',
    }),
    sched(NYSE, 'Regular', 'Pre-Close', 'Mon-Fri', '15:50:00', '16:00:00', NY, {
      phase_name: 'Closing Imbalance Period',
      in_force_start_date: '2019-04-01',
    }),
    sched(NYSE, 'Regular', 'Post-Trading Session', 'Mon-Fri', '16:00:00', '20:00:00', NY, {
      phase_name: 'Extended Hours',
    }),
    sched(NYSE, 'Partial', 'Pre-Trading Session', 'Mon-Fri', '06:30:00', '09:30:00', NY),
    sched(NYSE, 'Partial', 'Primary Trading Session', 'Mon-Fri', '09:30:00', '13:00:00', NY),
    sched(NYSE, 'Partial', 'Post-Trading Session', 'Mon-Fri', '13:00:00', '13:30:00', NY, {
      phase_name: 'Crossing Session',
    }),

    sched(CME, 'Regular', 'Primary Trading Session', 'Sun-Thu', '17:00:00', '16:00:00', CHI, { offset_days: 1 }),
    sched(CME, 'Regular', 'Pre-Open', 'Sun-Thu', '16:45:00', '17:00:00', CHI),
    sched(CME, 'Regular', 'Settlement Window', 'Mon-Fri', '14:59:30', '15:00:00', CHI),
    // Thanksgiving week 2023: the Wednesday night session ends at noon on the holiday, with
    // no closing price, and the holiday itself is a Pre-Open until the evening session.
    sched(CME, 'Thanksgiving Eve', 'Settlement Window', 'Wed', '14:59:30', '15:00:00', CHI),
    sched(CME, 'Thanksgiving Eve', 'Pre-Open', 'Wed', '16:45:00', '17:00:00', CHI),
    sched(CME, 'Thanksgiving Eve', 'Primary Trading Session, No Closing Price', 'Wed', '17:00:00', '12:00:00', CHI, {
      offset_days: 1,
    }),
    sched(CME, 'Thanksgiving', 'Pre-Open', 'Thu', '12:00:00', '17:00:00', CHI),
    sched(CME, 'Thanksgiving', 'Primary Trading Session', 'Thu', '17:00:00', '12:15:00', CHI, { offset_days: 1 }),
    sched(CME, 'Day After Thanksgiving', 'Settlement Window', 'Fri', '11:59:30', '12:00:00', CHI),

    sched(
      'AR.BYMA',
      'Regular',
      'Primary Trading Session',
      'Mon-Fri',
      '11:00:00',
      '17:00:00',
      'America/Argentina/Buenos_Aires',
    ),
  ];

  const holidays: MarketHolidayRow[] = [
    ...bounds(NYSE),
    hol(NYSE, '2023-11-23', 'Thanksgiving Day', 'Closed', 'Closed', 'No'),
    hol(NYSE, '2023-11-24', 'Thanksgiving Day', 'Partial', 'Open', 'Yes'),
    ...bounds(CME),
    hol(CME, '2023-11-22', 'Thanksgiving Day', 'Thanksgiving Eve', 'Open', 'Yes'),
    hol(CME, '2023-11-23', 'Thanksgiving Day', 'Thanksgiving', 'Open', 'No'),
    hol(CME, '2023-11-24', 'Thanksgiving Day', 'Day After Thanksgiving', 'Open', 'Yes'),
    ...bounds('AR.BYMA'),
  ];

  return {
    markets: [
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
        // A column the spec does not name: it must ride along to the answers.
        website: 'https://www.nyse.com',
      },
      {
        fin_id: CME,
        exchange_name: 'Chicago Mercantile Exchange',
        market_name: 'Equity Index',
        timezone: CHI,
        weekend_definition: 'Fri-Sat',
        mic: 'XCME',
      },
      {
        fin_id: 'US.CME.AGRI',
        exchange_name: 'Chicago Mercantile Exchange',
        market_name: 'Agriculture',
        timezone: CHI,
        weekend_definition: 'Sat-Sun',
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
    ],
    holidays,
    schedules,
    phaseTypes: PHASE_TYPES.map(([name, status, settlement]) => ({ name, status, settlement, closing_price: null })),
    micMapping: [
      { mic: 'XNYS', fin_id: NYSE },
      { mic: 'XCME', fin_id: CME },
      { mic: 'XCME', fin_id: 'US.CME.AGRI' },
      { mic: 'XBUE', fin_id: 'AR.BCBA' },
    ],
    seasonDefinitions: [],
    currencies: [
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
    ],
    currencyHolidays: [
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
    ],
    regionalHolidays: [],
  };
}

export function fixtureDataset(plan?: Plan): Dataset {
  return Dataset.create(
    fixtureTables(),
    plan ? { plan, coverageEndYearWithoutHolidays: 2028 } : { coverageEndYearWithoutHolidays: 2028 },
  );
}

export function fixtureData(version = 'fixture-1', plan?: Plan): LoadedData {
  const data = inMemoryData(fixtureDataset(plan), new Date('2023-11-15T00:00:00Z'));
  data.meta.version = version;
  return data;
}

/** 2023-11-15 12:00 New York. */
export const NOON_NY = Date.parse('2023-11-15T17:00:00Z');
