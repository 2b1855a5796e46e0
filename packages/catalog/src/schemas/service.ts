/**
 * The service's own bodies (/health, /info) and the error bodies every operation may answer.
 */
import { PLANS } from '@openbell/core';
import { z } from './zod.js';
import { ACCESS_LEVEL, HEALTH_STATUSES, UPDATE_RESULTS } from '../info.js';
import { INTERFACE_VERSION } from '../interface-version.js';
import { str, date } from './records.js';

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

export const isoInstant = z.iso.datetime({ offset: true });

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
    input: z.unknown().optional().openapi({
      description: 'The value refused, as given (null when the parameter was left out), as FastAPI says.',
      example: '2023-13-01',
    }),
    ctx: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: 'The bound crossed, when one was: `{"ge": 1}`, `{"le": 100}`.', example: { le: 100 } }),
  })
  .openapi('ValidationErrorEntry');

export const ValidationError = z
  .object({ detail: z.array(ValidationErrorEntry).min(1) })
  .openapi('HTTPValidationError');

export const ErrorDetail = z.object({ detail: z.string() }).openapi('ErrorResponse');

export const AmbiguousError = z
  .object({ detail: z.string(), candidates: z.array(z.string()).min(2) })
  .openapi('AmbiguousMicResponse');
