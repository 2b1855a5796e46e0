/**
 * The records of markets, currencies and the archive's reference tables, as answered (loose
 * objects: the data's extra columns ride along, docs/records.md §1).
 */
import { DAY_NAMES, OVERRIDE_KINDS } from '@openbell/core';
import { z } from './zod.js';

// ---------------------------------------------------------------------------------------------
// Responses. Loose objects: the data's extra columns ride along (docs/records.md §1: responses allow
// additional properties). Listed fields are always present, null when empty.

export const str = z.string().nullable();
export const date = z.iso.date();
export const dateTime = z.iso.datetime({ offset: true }).openapi({ example: '2023-11-15T09:30:00-05:00' });
// A pattern, not `format: time`: that format means a full RFC 3339 time with an offset, which
// these local wall-clock times are not.
export const time = z
  .string()
  .regex(/^\d{2}:\d{2}:\d{2}$/)
  .openapi({ example: '09:30:00' });

/*
 * Whole-record examples from the bundled sample (US.NYSE, USD), so /docs shows real answers
 * instead of "string" and additionalProp1 for records that allow extra columns.
 */
const EXAMPLE_MARKET = {
  fin_id: 'US.NYSE',
  exchange_name: 'New York Stock Exchange',
  market_name: 'Equities',
  security_group: 'Stocks, ETFs',
  timezone: 'America/New_York',
  weekend_definition: 'Sat-Sun',
  mic: 'XNYS',
  acronym: 'NYSE',
  asset_type: 'Equities',
  memo: 'Canonical trading hours; sample data',
  permanently_closed: null,
  replaced_by: null,
  country_code: 'US',
  holidays_min_date: '2000-01-01',
  holidays_max_date: '2030-12-25',
};
const EXAMPLE_MARKETHOLIDAY = {
  fin_id: 'US.NYSE',
  date: '2023-11-24',
  holiday_name: 'Thanksgiving Day',
  schedule: 'Partial',
  settlement: 'Yes',
  observed: false,
  memo: 'Early close at 13:00 on the day after Thanksgiving',
  status: 'Open',
  has_settlement: true,
  is_open: true,
};
const EXAMPLE_PHASE = {
  phase_type: 'Primary Trading Session',
  start: '2023-11-15T09:30:00-05:00',
  end: '2023-11-15T16:00:00-05:00',
  phase_name: 'Core Trading Session',
  phase_memo: null,
  status: 'Open',
  settlement: 'Yes',
  timezone: 'America/New_York',
  has_settlement: true,
  is_open: true,
};
const EXAMPLE_SCHEDULE = {
  fin_id: 'US.NYSE',
  schedule_group: 'Partial',
  schedule_group_memo: 'Early close at 13:00',
  timezone: 'America/New_York',
  phase_type: 'Primary Trading Session',
  phase_name: 'Core Trading Session',
  phase_memo: null,
  days: 'Mon-Fri',
  start: '09:30:00',
  end: '13:00:00',
  offset_days: 0,
  duration: 12600,
  min_start: null,
  max_start: null,
  min_end: null,
  max_end: null,
  in_force_start_date: null,
  in_force_end_date: null,
  season_start: null,
  season_end: null,
  has_season: false,
  end_with_offset: '13:00:00',
};
const EXAMPLE_CURRENCY = {
  currency_code: 'USD',
  currency_name: 'US Dollar',
  country_code: 'US',
  central_bank: 'Federal Reserve System',
  financial_capital: 'New York',
  financial_capital_timezone: 'America/New_York',
  weekend_definition: 'Sat-Sun',
};
const EXAMPLE_CURRENCYHOLIDAY = {
  currency_code: 'USD',
  date: '2023-06-19',
  holiday_name: 'Juneteenth National Independence Day',
  settlement: 'No',
  observed: false,
  memo: null,
};

export const Market = z
  .looseObject({
    fin_id: z.string().openapi({ example: 'US.NYSE' }),
    exchange_name: str,
    market_name: str,
    security_group: str,
    timezone: str,
    weekend_definition: str,
    mic: str,
    acronym: str,
    asset_type: str,
    memo: str,
    permanently_closed: date.nullable(),
    replaced_by: str,
    country_code: str,
    holidays_min_date: date.nullable(),
    holidays_max_date: date.nullable(),
  })
  .openapi('MarketResponse', { example: EXAMPLE_MARKET });

// docs/overrides.md §1–2: what a holiday record answered from an override says of it.
export const OverrideRef = z
  .object({
    id: z.string().openapi({ example: 'ovr_k2m9x0a1b2c3' }),
    kind: z.enum(OVERRIDE_KINDS),
    reason: z.string(),
    created_by: z.string().openapi({ example: 'ops' }),
    created_at: z.iso.datetime(),
  })
  .openapi('OverrideRef', { description: 'Present only on a holiday row an override answers: which one, and why.' });

export const MarketHoliday = z
  .looseObject({
    fin_id: z.string(),
    date,
    holiday_name: str,
    schedule: str,
    settlement: str,
    observed: z.boolean(),
    memo: str,
    status: str,
    has_settlement: z.boolean(),
    is_open: z.boolean(),
    override: OverrideRef.optional(),
  })
  .openapi('MarketHolidayResponse', { example: EXAMPLE_MARKETHOLIDAY });

export const Phase = z
  .looseObject({
    phase_type: z.string(),
    start: dateTime,
    end: dateTime,
    phase_name: str,
    phase_memo: str,
    status: str,
    settlement: str,
    timezone: str,
    has_settlement: z.boolean(),
    is_open: z.boolean(),
  })
  .openapi('PhaseResponse', { example: EXAMPLE_PHASE });

export const Schedule = z
  .looseObject({
    fin_id: z.string(),
    schedule_group: str,
    schedule_group_memo: str,
    timezone: str,
    phase_type: str,
    phase_name: str,
    phase_memo: str,
    days: str,
    start: time.nullable(),
    end: time.nullable(),
    offset_days: z.number().int().nullable(),
    duration: z.number().int().nullable(),
    min_start: time.nullable(),
    max_start: time.nullable(),
    min_end: time.nullable(),
    max_end: time.nullable(),
    in_force_start_date: date.nullable(),
    in_force_end_date: date.nullable(),
    season_start: str,
    season_end: str,
    has_season: z.boolean(),
    end_with_offset: str.optional(),
  })
  .openapi('ScheduleResponse', { example: EXAMPLE_SCHEDULE });

export const MarketStatus = z
  .looseObject({
    status: z.enum(['Open', 'Closed']).openapi({ example: 'Open' }),
    reason: str.openapi({ example: 'Primary Trading Session' }),
    until: dateTime.nullable(),
    next_bell: dateTime.nullable(),
    // A union with null (not .nullable()) makes the generator write anyOf [$ref, null]; its
    // allOf form for nullable references would reject null under a strict validator.
    phase: z.union([Phase, z.null()]),
    market: z.union([Market, z.null()]),
  })
  .openapi('MarketStatusResponse');

export const MarketDay = z
  .looseObject({
    date,
    day_of_week: z.enum(DAY_NAMES),
    is_open: z.boolean(),
    has_settlement: z.boolean(),
    holiday: z.union([MarketHoliday, z.null()]),
    phases: z.array(Phase),
  })
  .openapi('MarketDayResponse');

export const Currency = z
  .looseObject({
    currency_code: z.string().openapi({ example: 'USD' }),
    currency_name: str,
    country_code: str,
    central_bank: str,
    financial_capital: str,
    financial_capital_timezone: str,
    weekend_definition: str,
  })
  .openapi('CurrencyResponse', { example: EXAMPLE_CURRENCY });

export const CurrencyHoliday = z
  .looseObject({
    currency_code: z.string(),
    date,
    holiday_name: str,
    settlement: str,
    observed: z.boolean(),
    memo: str,
    override: OverrideRef.optional(),
  })
  .openapi('CurrencyHolidayResponse', { example: EXAMPLE_CURRENCYHOLIDAY });

// ---- reference tables of the archive ----

export const PhaseType = z
  .looseObject({
    name: z.string(),
    status: str.openapi({ description: '`Open` when the market counts as open during the phase.' }),
    settlement: str.openapi({ description: '`Yes` when the phase implies settlement on the date.' }),
    closing_price: str.openapi({ description: '`Yes` when a closing price is published at its end.' }),
  })
  .openapi('PhaseTypeResponse', {
    example: { name: 'Primary Trading Session', status: 'Open', settlement: 'Yes', closing_price: 'Yes' },
  });

export const MicMapping = z
  .looseObject({ mic: z.string(), fin_id: z.string() })
  .openapi('MicMappingResponse', { example: { mic: 'XNYS', fin_id: 'US.NYSE' } });

export const SeasonDefinition = z
  .looseObject({ season: z.string(), year: z.number().int(), date })
  .openapi('SeasonDefinitionResponse', {
    example: { season: 'Second Sunday of March', year: 2024, date: '2024-03-10' },
  });

export const RegionalHoliday = z
  .looseObject({
    calendar: z.string().openapi({
      description:
        'A 2-letter country code (regional calendars) or a religion name (religious ones), as written in the data.',
    }),
    country: str,
    date,
    name: str,
    type: str.openapi({ description: 'For example `public`, `other`, `religious`.' }),
    memo: str,
  })
  .openapi('RegionalHolidayResponse', {
    example: {
      calendar: 'US',
      country: 'United States',
      date: '2023-11-23',
      name: 'Thanksgiving Day',
      type: 'public',
      memo: null,
    },
  });
