/**
 * Every response body of the REST interface as a zod schema, for the OpenAPI document
 * (openapi.ts) and the tests that check real responses against it. Requests are not
 * validated here: core reads parameters (operations.ts declares which parser each uses).
 *
 * The schemas of calendar records must agree with core's record types: the assertions at the
 * end of this file fail the build when a field is added to one and not the other.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import type * as core from '@openbell/core';
import {
  BELL_EVENTS,
  CHANGE_KINDS,
  CHANGE_OPS,
  CONVENTIONS,
  DAY_NAMES,
  MAX_LAG,
  OVERRIDE_KINDS,
  PLANS,
  UNITS,
} from '@openbell/core';
import { z } from 'zod';

extendZodWithOpenApi(z);

import type { BulkEntry, bulkBody } from './bulk.js';
import {
  ACCESS_LEVEL,
  HEALTH_STATUSES,
  UPDATE_RESULTS,
  type HealthBody,
  type InfoBody,
  type InfoData,
} from './info.js';
import { INTERFACE_VERSION } from './interface-version.js';
export { INTERFACE_VERSION };
/** The zod the schemas are made with (extended with `.openapi`), for operations' `response`. */
export { z };

// ---------------------------------------------------------------------------------------------
// Responses. Loose objects: the data's extra columns ride along (docs/records.md §1: responses allow
// additional properties). Listed fields are always present, null when empty.

const str = z.string().nullable();
const date = z.iso.date();
const dateTime = z.iso.datetime({ offset: true }).openapi({ example: '2023-11-15T09:30:00-05:00' });
// A pattern, not `format: time`: that format means a full RFC 3339 time with an offset, which
// these local wall-clock times are not.
const time = z
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

// ---- trading days, bells, joined calendars, FX dates (docs/calendar-arithmetic.md §1–5) ----

export const Session = z
  .looseObject({
    date,
    open: dateTime.nullable(),
    close: dateTime.nullable(),
    breaks: z.array(z.looseObject({ start: dateTime, end: dateTime }).openapi('SessionBreak')),
    partial: z.boolean(),
    holiday_name: str,
  })
  .openapi('SessionResponse');

export const SessionOffset = z
  .looseObject({ date, n: z.number().int(), session: date.openapi({ example: '2023-11-24' }) })
  .openapi('SessionOffsetResponse');

export const SessionCount = z
  .looseObject({ start: date, end: date, count: z.number().int().min(0) })
  .openapi('SessionCountResponse');

export const Bar = z
  .looseObject({
    date: date.openapi({ description: 'The session the bar belongs to.' }),
    start: dateTime,
    end: dateTime.openapi({
      description: "The bar's end; the end of its piece of open time instead when force_close cuts it short.",
    }),
    sessions: z
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({
        description:
          'Bars of whole sessions only (period 1d, 1w, 1mo): how many sessions the bar covers. `date` is then its ' +
          'last ' +
          "session, `start` the first one's open, `end` the last one's close.",
      }),
  })
  .openapi('Bar', {
    example: { date: '2023-11-24', start: '2023-11-24T09:30:00-05:00', end: '2023-11-24T09:35:00-05:00' },
  });

export const BarCount = z
  .looseObject({
    start: date,
    end: date,
    period: z.string().openapi({ example: '30m' }),
    count: z.number().int().min(0),
  })
  .openapi('BarCountResponse');

export const SpecialSession = z
  .looseObject({
    date,
    open: dateTime.nullable(),
    close: dateTime.nullable(),
    regular_open: dateTime.nullable().openapi({
      description:
        'The open the session would have without its own holiday row; null when it would have no open phase.',
    }),
    regular_close: dateTime.nullable(),
    late_open: z.boolean(),
    early_close: z.boolean(),
    holiday_name: str,
  })
  .openapi('SpecialSession');

export const Bell = z
  .looseObject({
    event: z.enum(BELL_EVENTS),
    at: dateTime
      .nullable()
      .openapi({ description: "The instant in the market's zone; null when there is none in the coverage window." }),
    date: date.nullable().openapi({
      description: 'The local date the run of open phases is attributed to (the end date of its last phase).',
    }),
  })
  .openapi('BellResponse');

const convention = z.enum(CONVENTIONS);

export const CalendarDay = z
  .looseObject({
    date,
    is_business_day: z.boolean(),
    closed: z.array(z.string()).openapi({
      description: 'Members for which the date is not a business day, in expression order.',
      example: ['GB.LSE'],
    }),
  })
  .openapi('CalendarDayResponse');

export const AdjustedDate = z.looseObject({ date, convention, adjusted: date }).openapi('AdjustedDateResponse');

export const AdvancedDate = z
  .looseObject({ date, n: z.number().int(), unit: z.enum(UNITS), result: date })
  .openapi('AdvancedDateResponse');

// Derived dates, overlap, clock changes (docs/calendar-arithmetic.md §10, §12, §13).
export const DerivedDate = z
  .looseObject({
    period: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .openapi({ description: 'The month, YYYY-MM.', example: '2024-03' }),
    nominal: date.openapi({ description: 'The date the rule names.', example: '2024-03-15' }),
    date: date.openapi({
      description: 'The nominal date rolled by the convention, then moved `offset` business days.',
      example: '2024-03-15',
    }),
  })
  .openapi('DerivedDate');

const utcInstant = z.iso.datetime().openapi({ example: '2023-11-15T14:30:00Z' });

export const OverlapInterval = z.looseObject({ start: utcInstant, end: utcInstant }).openapi('OverlapInterval');

const utcOffset = z
  .string()
  .regex(/^[+-]\d{2}:\d{2}(?::\d{2})?$/)
  .openapi({ example: '-05:00' });

export const ClockChange = z
  .looseObject({
    at: utcInstant.openapi({ example: '2024-03-10T07:00:00Z' }),
    offset_before: utcOffset,
    offset_after: utcOffset.openapi({ example: '-04:00' }),
  })
  .openapi('ClockChange');

export const FxSpot = z
  .looseObject({
    pair: z.string().openapi({ example: 'EURUSD' }),
    trade_date: date,
    lag: z.number().int().min(0).max(MAX_LAG),
    spot_date: date,
    closures: z.array(
      z
        .looseObject({
          date,
          closed: z.array(
            z
              .looseObject({ currency: z.string(), reason: z.string().openapi({ example: 'weekend' }) })
              .openapi('FxCurrencyClosure'),
          ),
        })
        .openapi('FxClosure'),
    ),
  })
  .openapi('FxSpotResponse');

export const FxValueDate = z
  .looseObject({
    pair: z.string().openapi({ example: 'EURUSD' }),
    trade_date: date,
    tenor: z.string().openapi({ example: '1M' }),
    spot_date: date,
    value_date: date,
  })
  .openapi('FxValueDateResponse');

export const Availability = z.looseObject({ is_available: z.boolean() }).openapi('IsAvailableResponse');

export const Health = z
  .looseObject({
    status: z.enum(HEALTH_STATUSES),
    data_loaded: z.boolean(),
    detail: z.string().optional(),
    message: z.string().openapi({
      description: "Field of the vendor client's own server (`tradinghours serve`): what the status means.",
    }),
    version: z
      .string()
      .openapi({ description: "Field of the vendor client's own server: the server's package version." }),
  })
  .openapi('HealthResponse');

const isoInstant = z.iso.datetime({ offset: true });

export const Info = z
  .looseObject({
    name: z.literal('openbell'),
    interface_version: z.literal(INTERFACE_VERSION),
    package_version: z.string(),
    data: z
      .looseObject({
        loaded: z.boolean(),
        version: str,
        loaded_at: isoInstant.nullable(),
        downloaded_at: isoInstant.nullable(),
        source: str,
        kind: str,
        is_sample: z.boolean(),
        label: str.openapi({ description: 'A plain-words label; says so loudly when the data is the bundled sample.' }),
        plan: z.enum(PLANS).nullable(),
        counts: z.record(z.string(), z.number().int()).nullable(),
        warnings: z.number().int(),
        confirmed_through: z
          .record(z.string(), date)
          .optional()
          .openapi({
            description:
              "The open dataset only: each market's last date its exchange's published notices cover; " +
              'a holiday after it follows the rule and its memo says projected.',
          }),
      })
      .openapi('InfoData'),
    process: z
      .looseObject({
        pid: z.number().int(),
        worker: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'The cluster worker id under `serve --workers N`; null in a single process.' }),
      })
      .optional()
      .openapi('InfoProcess'),
    updates: z
      .looseObject({
        enabled: z.boolean(),
        every_minutes: z.number(),
        last_attempt_at: isoInstant.nullable(),
        last_success_at: isoInstant.nullable(),
        last_result: z.enum(UPDATE_RESULTS).nullable(),
        last_error: str,
        next_check_at: isoInstant.nullable(),
      })
      .openapi('InfoUpdates'),
    connections: z
      .looseObject({
        limit: z
          .number()
          .int()
          .openapi({ description: 'Connections open at once, event streams apart (`--max-connections`); 0 = no cap.' }),
        per_client: z
          .number()
          .int()
          .openapi({ description: 'Connections of one client address (`--max-connections-per-client`); 0 = no cap.' }),
        subscribers_limit: z
          .number()
          .int()
          .openapi({ description: '`/events` streams open at once (`--max-subscribers`); 0 = no cap.' }),
        open: z.number().int(),
        subscribers: z.number().int(),
        headers_timeout_ms: z
          .number()
          .openapi({ description: 'The header-time bound in force now: lower while above 80% of `limit`.' }),
        evicted: z
          .number()
          .int()
          .openapi({ description: 'Since the start: idle connections closed to make room for a newcomer.' }),
        refused: z
          .looseObject({ limit: z.number().int(), per_client: z.number().int(), subscribers: z.number().int() })
          .openapi({
            description:
              'Since the start: newcomers and `/events` requests answered 503 with Retry-After, by the budget that ' +
              'was full.',
          }),
        dropped: z.number().int().openapi({
          description: 'Since the start: newcomers closed on arrival, too many refusals being already pending.',
        }),
        timed_out: z.number().int().openapi({
          description: 'Since the start: connections closed for not sending their headers (or request) in time.',
        }),
      })
      .optional()
      .openapi('InfoConnections', {
        description: 'The front door of this process (each worker has its own under `serve --workers N`).',
      }),
    // Fields of the vendor client's own server (`tradinghours serve`), for its users.
    api_version: z.string().optional().openapi({ description: 'Vendor-server field: the package version.' }),
    total_markets: z
      .number()
      .int()
      .nullable()
      .optional()
      .openapi({ description: 'Vendor-server field: markets in the data.' }),
    total_currencies: z
      .number()
      .int()
      .nullable()
      .optional()
      .openapi({ description: 'Vendor-server field: currencies in the data.' }),
    last_data_update: isoInstant
      .nullable()
      .optional()
      .openapi({ description: 'Vendor-server field: when the data served was downloaded, else loaded.' }),
    access_level: z
      .enum([ACCESS_LEVEL.full, ACCESS_LEVEL.no_currencies, ACCESS_LEVEL.holidays_only])
      .nullable()
      .optional()
      .openapi({
        description: "Vendor-server field: the plan in the vendor's spelling (holidays_only is only_holidays).",
      }),
  })
  .openapi('InfoResponse');

export const ValidationErrorEntry = z
  .object({
    loc: z.array(z.union([z.string(), z.number().int()])).openapi({ example: ['query', 'start'] }),
    msg: z.string(),
    type: z.string().openapi({ example: 'missing' }),
  })
  .openapi('ValidationErrorEntry');

export const ValidationError = z
  .object({ detail: z.array(ValidationErrorEntry).min(1) })
  .openapi('HTTPValidationError');

export const ErrorDetail = z.object({ detail: z.string() }).openapi('ErrorResponse');

export const AmbiguousError = z
  .object({ detail: z.string(), candidates: z.array(z.string()).min(2) })
  .openapi('AmbiguousMicResponse');

// ---------------------------------------------------------------------------------------------
// Change sets (GET /changes, /changes/{to_version}; core's diff.ts builds them).

const ChangeRecord = z
  .union([Market, MarketHoliday, Schedule, Currency, CurrencyHoliday, PhaseType])
  .nullable()
  .openapi({
    description:
      'The record as the REST interface answers it: a Market, MarketHoliday, Schedule, Currency, CurrencyHoliday or ' +
      'phase type row, by `kind`.',
  });

export const Change = z
  .object({
    kind: z.enum(CHANGE_KINDS),
    op: z.enum(CHANGE_OPS),
    key: z
      .union([
        z.object({ fin_id: z.string(), date }),
        z.object({ fin_id: z.string() }),
        z.object({ currency_code: z.string(), date }),
        z.object({ currency_code: z.string() }),
        z.object({ name: z.string() }),
      ])
      .openapi({ example: { fin_id: 'US.NYSE', date: '2024-01-02' } }),
    before: ChangeRecord.openapi({ description: 'The record before the change; null when added.' }),
    after: ChangeRecord.openapi({ description: 'The record after the change; null when removed.' }),
    fields: z
      .array(z.string())
      .optional()
      .openapi({ description: 'Only for `changed`: the fields that differ, in record order.' }),
    soon: z
      .boolean()
      .openapi({ description: 'A holiday whose date lies 0 to 30 days on or after `loaded_at` (local date).' }),
    source: z
      .literal('override')
      .optional()
      .openapi({ description: 'On every change of a version made by an override change.' }),
  })
  .openapi('Change');

export const ChangeSet = z
  .object({
    from_version: str,
    to_version: str,
    loaded_at: z.iso.datetime().openapi({ example: '2023-11-15T12:00:00.000Z' }),
    summary: z
      .object({ soon: z.number().int().min(0) })
      .catchall(z.number().int().min(0))
      .openapi({
        description: '`<kind>_<op>` counts (zeros left out) and `soon`.',
        example: { holiday_added: 1, soon: 1 },
      }),
    changes: z.array(Change),
  })
  .openapi('ChangeSet');

export const Override = z
  .object({
    id: z.string().openapi({ example: 'ovr_k2m9x0a1b2c3' }),
    kind: z.enum(OVERRIDE_KINDS),
    target: z.string().openapi({ description: 'A FinID or a currency code.', example: 'HK.HKEX' }),
    date,
    name: str.openapi({ example: 'Typhoon signal No. 8' }),
    open: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .nullable(),
    close: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .nullable(),
    reason: z.string(),
    created_at: z.iso.datetime(),
    created_by: z.string(),
    withdrawn_at: z.iso.datetime().nullable(),
    withdrawn_by: z.string().nullable(),
    superseded: z.boolean().openapi({ description: "The vendor's data already says the same thing." }),
  })
  .openapi('Override');

export const Version = z
  .object({
    version: z.string(),
    loaded_at: z.iso.datetime(),
    source: z.enum(['archive', 'override']),
  })
  .openapi('Version');

export const HistoryEntry = Version.extend({
  op: z.enum(CHANGE_OPS),
  before: z.union([MarketHoliday, CurrencyHoliday]).nullable(),
  after: z.union([MarketHoliday, CurrencyHoliday]).nullable(),
}).openapi('HistoryEntry');

export const ChangeVersions = z.object({ versions: z.array(ChangeSet) }).openapi('ChangeVersions');

// ---------------------------------------------------------------------------------------------
// Agreement with core's record types, checked by the compiler: each schema's output and the
// core type must be assignable both ways (a field missing, extra or typed differently on
// either side fails the build).

/** The declared fields only (deeply): loose objects and core's `Extra` rows both carry an index signature. */
type Known<T> = T extends readonly (infer E)[]
  ? Known<E>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Known<T[K]> }
    : T;
type Agree<A, B> = [Known<A>] extends [Known<B>] ? ([Known<B>] extends [Known<A>] ? true : false) : false;
function agree<_T extends true>(): void {}
agree<Agree<z.output<typeof Market>, core.Market>>();
agree<Agree<z.output<typeof MarketHoliday>, core.MarketHoliday>>();
agree<Agree<z.output<typeof Phase>, core.Phase>>();
agree<Agree<z.output<typeof Schedule>, core.Schedule>>();
agree<Agree<z.output<typeof MarketStatus>, core.MarketStatus>>();
agree<Agree<z.output<typeof MarketDay>, core.MarketDay>>();
agree<Agree<z.output<typeof Currency>, core.Currency>>();
agree<Agree<z.output<typeof CurrencyHoliday>, core.CurrencyHoliday>>();
agree<Agree<z.output<typeof PhaseType>, core.PhaseType>>();
agree<Agree<z.output<typeof MicMapping>, core.MicMapping>>();
agree<Agree<z.output<typeof SeasonDefinition>, core.SeasonDefinition>>();
agree<Agree<z.output<typeof RegionalHoliday>, core.RegionalHoliday>>();
agree<Agree<z.output<typeof Session>, core.Session>>();
agree<Agree<z.output<typeof SessionOffset>, core.SessionOffset>>();
agree<Agree<z.output<typeof SessionCount>, core.SessionCount>>();
agree<Agree<z.output<typeof Bell>, core.Bell>>();
agree<Agree<z.output<typeof Bar>, core.Bar>>();
agree<Agree<z.output<typeof BarCount>, core.BarCount>>();
agree<Agree<z.output<typeof SpecialSession>, core.SpecialSession>>();
agree<Agree<z.output<typeof CalendarDay>, core.CalendarDay>>();
agree<Agree<z.output<typeof AdjustedDate>, core.AdjustedDate>>();
agree<Agree<z.output<typeof AdvancedDate>, core.AdvancedDate>>();
agree<Agree<z.output<typeof DerivedDate>, core.DerivedDate>>();
agree<Agree<z.output<typeof OverlapInterval>, core.OverlapInterval>>();
agree<Agree<z.output<typeof ClockChange>, core.ClockChange>>();
agree<Agree<z.output<typeof FxSpot>, core.FxSpot>>();
agree<Agree<z.output<typeof FxValueDate>, core.FxValueDate>>();
agree<Agree<z.output<typeof ChangeSet>, core.ChangeSet>>();
agree<Agree<z.output<typeof Override>, core.OverrideRecord>>();

// /status of many markets (bulk.ts builds the body).
const StatusManyOk = MarketStatus.omit({ market: true })
  .extend({ identifier: z.string(), fin_id: z.string(), timezone: z.string().nullable() })
  .openapi('BulkStatusEntry');

const StatusManyFault = z
  .object({
    identifier: z.string(),
    error: z.looseObject({
      status: z.number().int(),
      detail: z.unknown(),
      candidates: z
        .array(z.string())
        .optional()
        .openapi({ description: 'The FinIDs of an ambiguous MIC (status 409).' }),
    }),
  })
  .openapi('BulkStatusError');

export const BulkStatus = z
  .object({
    as_of: z.string().openapi({ example: '2023-11-15T17:00:00+00:00' }),
    markets: z.array(z.union([StatusManyOk, StatusManyFault])),
  })
  .openapi('BulkStatusResponse');

// GET /board/data (the server's board handler builds the body).
export const BoardData = z
  .object({
    as_of: z.string().openapi({ example: '2023-11-15T17:00:00+00:00' }),
    now_ms: z
      .number()
      .int()
      .openapi({ description: "The server's clock, epoch milliseconds (the page measures its offset from it)." }),
    data: z.looseObject({ version: str, is_sample: z.boolean(), loaded_at: isoInstant }).openapi('BoardDataSource'),
    markets: z.array(
      z.union([
        StatusManyOk.extend({
          mic: str,
          exchange_name: str,
          market_name: str,
          holiday: str.openapi({
            description:
              "The holiday of the trading date the status is about (the current phase's, else the local date), if any.",
          }),
          holiday_date: str.openapi({ description: 'The date of `holiday` (YYYY-MM-DD); null without one.' }),
          holiday_next: z.boolean().openapi({
            description:
              "`holiday` belongs to the next trading date, not the market's local date (an evening session of the " +
              'next day).',
          }),
        }).openapi('BoardEntry'),
        StatusManyFault,
      ]),
    ),
  })
  .openapi('BoardDataResponse');

// The service bodies and the bulk status against the types of the code that builds them. The
// document leaves some of /info's fields out (the load's warnings in detail): the body's type
// names them apart (InfoDataDetails), so any other field added to one side fails the build.
// Optional and required fields count alike: the document marks what a caller may rely on.
type Shape<T> = T extends readonly (infer E)[]
  ? Shape<E>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]-?: Shape<Exclude<T[K], undefined>> }
    : T;
type SameShape<A, B> = [Shape<A>] extends [Shape<B>] ? ([Shape<B>] extends [Shape<A>] ? true : false) : false;
agree<SameShape<z.output<typeof Health>, HealthBody>>();
agree<SameShape<z.output<typeof Info>, Omit<InfoBody, 'data'> & { data: InfoData }>>();
agree<
  SameShape<z.output<typeof BulkStatus>, Omit<ReturnType<typeof bulkBody>, 'markets'> & { markets: BulkEntry[] }>
>();
