/**
 * Every parameter set and every response of the REST interface as a zod schema. The same
 * objects validate requests (routes.ts), describe the OpenAPI document (openapi.ts) and check
 * real responses in the tests, so the three cannot drift apart.
 *
 * Parameter values are checked with core's own input helpers (parseIsoDate, parseBoolean,
 * parseInstant) so the REST interface, the CLI and the library accept exactly the same text.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { parseBoolean, parseInstant, parseIsoDate } from '@openbell/core';
import { z } from 'zod';

extendZodWithOpenApi(z);

export const INTERFACE_VERSION = '0.6.0';

// ---------------------------------------------------------------------------------------------
// Parameters

/** Marks an issue with the error `type` the 422 body reports for it. */
function issueType(type: string): { type: string } {
  return { type };
}

function required(what: string) {
  return {
    error: (iss: { input?: unknown }) =>
      iss.input === undefined ? `Field required: ${what}` : `Input should be a single value: ${what}`,
  };
}

/**
 * Runs a core input helper inside a zod refinement and turns its InvalidArgumentError faults
 * into zod issues (keeping core's message and type). Anything else is a bug and propagates.
 */
function viaCore<T>(helper: (value: string) => T) {
  return (value: string, ctx: z.RefinementCtx): T => {
    try {
      return helper(value);
    } catch (err) {
      const faults = (err as { code?: unknown; faults?: { msg: string; type: string }[] }).faults;
      if ((err as { code?: unknown }).code !== 'invalid_argument' || !Array.isArray(faults)) throw err;
      for (const f of faults) ctx.addIssue({ code: 'custom', message: f.msg, params: issueType(f.type) });
      return z.NEVER;
    }
  };
}

function dateParam(name: string, description: string) {
  return z
    .string(required('a date in the form YYYY-MM-DD'))
    .transform(viaCore((v) => parseIsoDate(v, name)))
    .openapi({ type: 'string', format: 'date', example: '2023-11-20', param: { description } });
}

const followParam = z
  .string(required('a boolean'))
  .transform(viaCore((v) => parseBoolean(v, 'follow')))
  .optional()
  .default(true)
  .openapi({
    type: 'boolean',
    default: true,
    param: {
      description:
        'Follow `replaced_by` to the market that replaced this one (to the end of the chain). ' +
        'Accepts true/false, 1/0, yes/no, on/off in any case.',
    },
  });

/**
 * A '+' in a query string decodes to a space, so `…T17:00:00+00:00` typed unencoded arrives as
 * `…T17:00:00 00:00`. Putting the sign back is unambiguous: a space is never valid there.
 */
function restorePlus(value: string): string {
  return value.replace(/(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:?\d{2})$/, '$1+$2');
}

function instantParam(name: string, description: string) {
  return z
    .string(required('a date-time such as 2023-11-15T17:00:00+00:00'))
    .transform(viaCore((v) => parseInstant(restorePlus(v), name)))
    .optional()
    .openapi({ type: 'string', format: 'date-time', example: '2023-11-15T17:00:00+00:00', param: { description } });
}

export const MarketsQuery = z.object({
  subset: z
    .string(required('a pattern'))
    .optional()
    .default('*')
    .openapi({
      default: '*',
      example: 'US*',
      param: { description: 'Pattern over FinIDs, any case; `*` matches any run of characters (`US*`, `*.CME.*`).' },
    }),
});

export const FollowQuery = z.object({ follow: followParam });

export const RangeQuery = z.object({
  start: dateParam('start', 'First local date, inclusive (YYYY-MM-DD).'),
  end: dateParam('end', 'Last local date, inclusive (YYYY-MM-DD); not before start.'),
});

export const StatusQuery = z.object({
  datetime_utc: instantParam(
    'datetime_utc',
    'Instant to report on, ISO 8601 with `+00:00` or `Z` (other offsets are converted). Default: now.',
  ),
  datetime: instantParam('datetime', 'Alias of datetime_utc; datetime_utc wins when both are given.'),
});

export const NoQuery = z.object({});

function pathParam<N extends string>(name: N, description: string, example: string) {
  const shape = { [name]: z.string().openapi({ example, param: { description } }) } as Record<N, z.ZodString>;
  return z.object(shape);
}

export const IdentifierPath = pathParam('identifier', 'A FinID (has a dot, e.g. US.NYSE) or a MIC (four letters or digits, e.g. XNYS); any case.', 'US.NYSE');
export const FinIdPath = pathParam('finid', 'A FinID, any case.', 'US.NYSE');
export const MicPath = pathParam('mic', 'An ISO 10383 MIC, any case.', 'XNYS');
export const CodePath = pathParam('code', 'A 3-letter currency code, any case.', 'USD');

// ---------------------------------------------------------------------------------------------
// Responses. Loose objects: the data's extra columns ride along (service-spec: responses allow
// additional properties). Listed fields are always present, null when empty.

const str = z.string().nullable();
const date = z.iso.date();
const dateTime = z.iso.datetime({ offset: true }).openapi({ example: '2023-11-15T09:30:00-05:00' });
const time = z
  .string()
  .regex(/^\d{2}:\d{2}:\d{2}$/)
  .openapi({ format: 'time', example: '09:30:00' });

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
  .openapi('MarketResponse');

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
  })
  .openapi('MarketHolidayResponse');

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
  .openapi('PhaseResponse');

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
  .openapi('ScheduleResponse');

export const MarketStatus = z
  .looseObject({
    status: z.string().openapi({ example: 'Open' }),
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
    day_of_week: z.enum(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']),
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
  .openapi('CurrencyResponse');

export const CurrencyHoliday = z
  .looseObject({
    currency_code: z.string(),
    date,
    holiday_name: str,
    settlement: str,
    observed: z.boolean(),
    memo: str,
  })
  .openapi('CurrencyHolidayResponse');

export const Availability = z.looseObject({ is_available: z.boolean() }).openapi('IsAvailableResponse');

export const Health = z
  .looseObject({
    status: z.enum(['ok', 'loading', 'unavailable']),
    data_loaded: z.boolean(),
    detail: z.string().optional(),
    message: z.string().optional().openapi({ description: "Field of the vendor client's own server (`tradinghours serve`)." }),
    version: z.string().optional().openapi({ description: "Field of the vendor client's own server: the server's package version." }),
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
        plan: z.enum(['holidays_only', 'no_currencies', 'full']).nullable(),
        counts: z.record(z.string(), z.number().int()).nullable(),
        warnings: z.number().int(),
      })
      .openapi('InfoData'),
    updates: z
      .looseObject({
        enabled: z.boolean(),
        every_minutes: z.number(),
        last_attempt_at: isoInstant.nullable(),
        last_success_at: isoInstant.nullable(),
        last_result: z.enum(['updated', 'up_to_date', 'failed']).nullable(),
        last_error: str,
        next_check_at: isoInstant.nullable(),
      })
      .openapi('InfoUpdates'),
    // Fields of the vendor client's own server (`tradinghours serve`), for its users.
    api_version: z.string().optional().openapi({ description: 'Vendor-server field: the package version.' }),
    total_markets: z.number().int().nullable().optional().openapi({ description: 'Vendor-server field: markets in the data.' }),
    total_currencies: z.number().int().nullable().optional().openapi({ description: 'Vendor-server field: currencies in the data.' }),
    last_data_update: isoInstant.nullable().optional().openapi({ description: 'Vendor-server field: when the data served was downloaded, else loaded.' }),
    access_level: z
      .enum(['full', 'no_currencies', 'only_holidays'])
      .nullable()
      .optional()
      .openapi({ description: "Vendor-server field: the plan in the vendor's spelling (holidays_only is only_holidays)." }),
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
