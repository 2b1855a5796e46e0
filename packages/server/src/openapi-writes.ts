/**
 * The override writes in the OpenAPI document (docs/overrides.md §3): `POST /overrides` and
 * `DELETE /overrides/{id}`, under a bearer scheme, with the statuses writes.ts answers in the
 * order it checks them. They are the server's, not the catalogue's (they need a token and a
 * file), so they are declared here beside the handler's rules rather than derived.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { MAX_OVERRIDE_NAME, MAX_OVERRIDE_REASON, OVERRIDE_KINDS } from '@openbell/core';
import { AmbiguousError, ErrorDetail, Override, ValidationError } from '@openbell/catalog/schemas';
import { z } from 'zod';

export const BEARER = 'adminToken';

const hhmm = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .nullable()
  .optional();

/** The body of `POST /overrides`; core checks it (every fault at once, `loc: ["body", field]`). */
export const OverrideInput = z
  .object({
    kind: z.enum(OVERRIDE_KINDS),
    target: z.string().openapi({ description: 'A FinID, a MIC or a currency code.', example: 'HK.HKEX' }),
    date: z.string().openapi({ format: 'date', example: '2026-07-02' }),
    name: z
      .string()
      .max(MAX_OVERRIDE_NAME)
      .optional()
      .openapi({ description: 'Required except for a reopen.', example: 'Typhoon signal No. 8' }),
    open: hhmm.openapi({ description: 'Local time HH:MM; a late_open only.' }),
    close: hhmm.openapi({ description: 'Local time HH:MM; an early_close only.' }),
    reason: z.string().max(MAX_OVERRIDE_REASON).openapi({ example: 'HKO signal hoisted at 06:40' }),
  })
  .openapi('OverrideInput');

const json = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });
// Response headers take plain JSON Schema (the generator converts only whole zod header objects).
const header = (
  description: string,
  schema: { type: 'string' | 'integer'; minimum?: number } = { type: 'string' },
) => ({ description, schema });

const RETRY_AFTER = { 'Retry-After': header('Seconds to wait before trying again', { type: 'integer', minimum: 1 }) };
const VERSION = { 'X-Openbell-Data-Version': header('The version of the data this write made') };

/** The refusals both writes share, in writes.ts's order. */
const REFUSED = {
  401: {
    ...json('No token, or not an admin token of this service (a failure counted against the address)', ErrorDetail),
    headers: { 'WWW-Authenticate': header('`Bearer realm="openbell"`') },
  },
  403: json('A replica (the detail names its publisher), or no admin token is configured', ErrorDetail),
  429: {
    ...json('Too many failed write attempts from this address in the current minute', ErrorDetail),
    headers: RETRY_AFTER,
  },
  503: json('Calendar data is not loaded yet', ErrorDetail),
};

export function registerWrites(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', BEARER, {
    type: 'http',
    scheme: 'bearer',
    description: 'An admin token (`--admin-token NAME=SECRET` or `OPENBELL_ADMIN_TOKENS`); reading needs none.',
  });
  const security = [{ [BEARER]: [] }];
  registry.registerPath({
    method: 'post',
    path: '/overrides',
    operationId: 'createOverride',
    summary: 'Make an override',
    description:
      'A closure, early close, late open or reopen of a market or currency on one date, served at once by every ' +
      'query. The body is checked whole: every fault at once.',
    tags: ['Overrides'],
    security,
    request: { body: { required: true, content: { 'application/json': { schema: OverrideInput } } } },
    responses: {
      201: {
        ...json('The override made', Override),
        headers: { Location: header('`/overrides/{id}` of the new override'), ...VERSION },
      },
      400: json("The date is outside the target's coverage window", ErrorDetail),
      ...REFUSED,
      404: json('Unknown market or currency', ErrorDetail),
      409: json(
        'A MIC that maps to several markets (`candidates`), an active override of the same target and date ' +
          '(`id` names it), or a reopen where the vendor has no row',
        z.union([AmbiguousError, ErrorDetail.extend({ id: z.string().optional() })]),
      ),
      413: json('The body is over 64 KiB', ErrorDetail),
      415: json('Content-Type is not JSON', ErrorDetail),
      422: json('The body is not a JSON object, or its fields fail validation (one entry per fault)', ValidationError),
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/overrides/{id}',
    operationId: 'withdrawOverride',
    summary: 'Withdraw an override',
    description: 'The record stays (with `withdrawn_at` and `withdrawn_by`); the vendor data answers again.',
    tags: ['Overrides'],
    security,
    request: {
      params: z.object({
        id: z.string().openapi({ param: { description: 'The id of the override (`ovr_` and 12 letters or digits).' } }),
      }),
    },
    responses: {
      200: { ...json('The override, withdrawn', Override), headers: VERSION },
      ...REFUSED,
      404: json('No override has this id', ErrorDetail),
      409: json('The override is already withdrawn', ErrorDetail),
    },
  });
}
