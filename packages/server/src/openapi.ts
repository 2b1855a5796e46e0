/**
 * The OpenAPI 3.1 document, generated from the operation registry: each operation's path,
 * parameters (their core kind gives the JSON Schema type), response schema and error statuses.
 * Built once per process and served as pre-serialized bytes.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  endpoints,
  MEDIA_TYPES,
  operations,
  TAGS,
  type ApiParam,
  type Endpoint,
  type ErrorStatus,
  type Operation,
} from '@openbell/catalog';
import * as schemas from '@openbell/catalog/schemas';
import {
  AmbiguousError,
  ErrorDetail,
  Health,
  Info,
  INTERFACE_VERSION,
  ValidationError,
} from '@openbell/catalog/schemas';
import { registerWrites } from './openapi-writes.js';

/**
 * What the document lists besides the catalogue's statuses: 406 when CSV is asked of an answer
 * that is not a list (the dispatcher's rule, and app.ts's for /health, /info and /board).
 */
type DocStatus = ErrorStatus | 406;

const ERROR_TEXT: Record<DocStatus, string> = {
  400: 'Date or instant outside the coverage window (of the market, the joined calendar or the currencies)',
  403: 'Not covered by the plan of the loaded data',
  404:
    'Unknown market, MIC or currency (a calendar member or a currency of the pair); for /changes, a version the ' +
    'change log does not know',
  406: 'CSV was asked (format=csv or Accept: text/csv) of an answer that is not a list',
  409: 'MIC that maps to several markets',
  410:
    'A version no longer kept (the change sets after `since`, or the version `as_of` names); the detail names the ' +
    'oldest kept',
  413: 'The request body is over its limit: refused before any answer',
  422: 'A path or query parameter failed validation (one entry per fault)',
  500: 'Server or data fault (details are in the server log)',
  503: 'Calendar data is not loaded yet',
};

function errorSchema(status: DocStatus): z.ZodType {
  if (status === 422) return ValidationError;
  if (status === 409) return AmbiguousError;
  return ErrorDetail;
}

function json(description: string, schema: z.ZodType) {
  return { description, content: { 'application/json': { schema } } };
}

/** A parameter's example (written as text, as typed in a URL) in the JSON type of its schema. */
function exampleValue(p: ApiParam): unknown {
  if (p.kind === 'integer') return Number(p.example);
  if (p.kind === 'boolean') return p.parse(p.example!, 'example');
  return p.example;
}

/** The JSON Schema of a parameter, from its core kind; zod here only describes, core validates. */
function paramSchema(p: ApiParam): z.ZodType {
  let schema: z.ZodType;
  switch (p.kind) {
    case 'date':
      schema = z.string().openapi({ type: 'string', format: 'date' });
      break;
    case 'instant':
      schema = z.string().openapi({ type: 'string', format: 'date-time' });
      break;
    case 'boolean':
      schema = z.boolean();
      break;
    case 'integer': {
      let n = z.number().int();
      if (p.min !== undefined) n = n.min(p.min);
      if (p.max !== undefined) n = n.max(p.max);
      schema = n;
      break;
    }
    case 'enum':
      schema = z.enum(p.values as [string, ...string[]]);
      break;
    case 'period':
      // The form only: the 24-hour bound (1440m, 24h) is core's to enforce and to explain.
      schema = z.string().regex(/^(?:[1-9]\d{0,3}[mh]|1d|1w|1mo)$/);
      break;
    case 'month':
      schema = z.string().regex(/^\d{4}-\d{2}$/);
      break;
    default:
      schema = z.string();
  }
  schema = schema.openapi({
    ...(p.example !== undefined ? { example: exampleValue(p) } : {}),
    param: { description: p.description },
  });
  if (!p.optional) return schema;
  return p.default === undefined ? schema.optional() : schema.optional().default(p.default as never);
}

function paramObject(op: Operation | Endpoint, names: readonly string[]): z.ZodObject {
  return z.object(Object.fromEntries(names.map((n) => [n, paramSchema(op.params[n] as ApiParam)])));
}

/** The 200 answer of an entry: an operation's JSON schema, or the text its kind answers. */
function success(op: Operation | Endpoint) {
  if (!('kind' in op)) return json('Success', op.response(schemas));
  if (op.kind === 'json' && op.response) return json('Success', op.response(schemas));
  return { description: 'Success', content: { [MEDIA_TYPES[op.kind]]: { schema: z.string() } } };
}

/**
 * The calendar queries answer `as_of` (docs/overrides.md §5): the dispatcher reads it before the
 * operation's own parameters, for every operation that looks up the data.
 */
const POINT_IN_TIME = new Set(['data', 'market', 'range', 'currency', 'calendar', 'fx']);
const AS_OF = z
  .string()
  .optional()
  .openapi({
    param: {
      description:
        'Answer as an earlier version of the data did: a version id (`GET /versions`), or an instant with `Z` or an ' +
        'offset, naming ' +
        'the version served at that instant. Before the oldest version kept: 410. The answer names its version in ' +
        'X-Openbell-Data-Version.',
    },
  });

/**
 * 304 where answers carry an ETag: every operation the dispatcher answers (http/dispatcher.ts)
 * and the calendar feeds (feeds.ts); not the board page, its data or the event stream.
 */
const NOT_MODIFIED = {
  description: 'Not modified: `If-None-Match` names the current ETag (no body)',
  headers: { ETag: { description: 'The ETag of the answer', schema: { type: 'string' as const } } },
};
const ETAG = {
  ETag: { description: 'A weak ETag of the answer, for `If-None-Match`', schema: { type: 'string' as const } },
};

function register(registry: OpenAPIRegistry, op: Operation | Endpoint): void {
  const tagged = !('kind' in op) || op.kind === 'feed';
  const responses: Record<string, ResponseConfig> = {
    200: tagged ? { ...success(op), headers: ETAG } : success(op),
  };
  if (tagged) responses[304] = NOT_MODIFIED;
  const statuses: DocStatus[] = [...op.errors];
  const asOf = !('kind' in op) && op.needs !== undefined && POINT_IN_TIME.has(op.needs);
  if (asOf && !statuses.includes(410)) statuses.push(410);
  if (!('kind' in op) && !(op.response(schemas) instanceof z.ZodArray)) statuses.push(406);
  if ('kind' in op && op.kind === 'page') statuses.push(406);
  for (const status of statuses.sort((a, b) => a - b))
    responses[status] = json(ERROR_TEXT[status], errorSchema(status));
  registry.registerPath({
    method: 'get',
    ...named(op),
    request: {
      ...(op.pathParams.length ? { params: paramObject(op, op.pathParams) } : {}),
      query: asOf ? paramObject(op, op.queryParams).extend({ as_of: AS_OF }) : paramObject(op, op.queryParams),
    },
    responses,
  });
}

/** What names an operation in the document, whatever its method. */
function named(op: Operation | Endpoint) {
  return {
    path: op.path,
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
  };
}

/**
 * A POST operation (its body declared in the catalogue): the path and query parameters, the body
 * in each media type it accepts, and no ETag or 304 (a POST's answer is never kept).
 */
function registerPost(registry: OpenAPIRegistry, op: Operation): void {
  const body = op.body!;
  const responses: Record<string, ResponseConfig> = { 200: success(op) };
  for (const status of op.errors) {
    const text =
      status === 422
        ? 'A path or query parameter (one entry per fault), or the body (`loc` ["body"], its line or item named)'
        : status === 413
          ? `The body is over its limit (${body.maxBytes} bytes, or more items than the query reads): refused ` +
            'before any answer'
          : ERROR_TEXT[status];
    responses[status] = json(text, errorSchema(status));
  }
  registry.registerPath({
    method: 'post',
    ...named(op),
    request: {
      ...(op.pathParams.length ? { params: paramObject(op, op.pathParams) } : {}),
      query: paramObject(op, op.queryParams),
      body: {
        description: (op.params[body.param] as ApiParam).description,
        required: true,
        content: Object.fromEntries(
          Object.entries(body.media).map(([type, m]) => [
            type,
            { schema: m.schema(schemas).openapi({ example: m.example }) },
          ]),
        ),
      },
    },
    responses,
  });
}

/**
 * The document; `serverUrl` is the address the server listens on as a client reaches it
 * (`http://127.0.0.1:8000`), so tools that read the document call this very server;
 * a server on a Unix socket has no such address and names localhost.
 */
export function buildOpenApiDocument(
  packageVersion: string,
  serverUrl = 'http://localhost',
): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  registry.registerPath({
    method: 'get',
    path: '/health',
    operationId: 'health',
    summary: 'Whether calendar data is loaded',
    tags: ['Service'],
    responses: {
      200: json('Data is loaded and being served', Health),
      406: json(ERROR_TEXT[406], ErrorDetail),
      503: json('No data loaded yet (or the first load failed)', Health),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/info',
    operationId: 'info',
    summary: 'Versions, data source and statistics',
    tags: ['Service'],
    responses: { 200: json('Service information', Info), 406: json(ERROR_TEXT[406], ErrorDetail) },
  });
  for (const op of Object.values(operations) as Operation[]) if (op.method === 'GET') register(registry, op);
  for (const e of Object.values(endpoints)) register(registry, e);
  registerWrites(registry);
  // The POST operations after the writes, where the bar check's entry always stood.
  for (const op of Object.values(operations) as Operation[]) if (op.method === 'POST') registerPost(registry, op);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'openbell',
      version: INTERFACE_VERSION,
      description:
        'Self-hosted trading-calendar service: markets, holidays, schedules, generated phases, market status, ' +
        'trading days and bells, business days of joined calendars, FX spot and value dates, ' +
        `and currencies. Server package version ${packageVersion}. All date-times in answers carry the offset ` +
        "in force in the market's timezone.",
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: serverUrl, description: 'This server' }],
    // Reading needs no authentication, said explicitly (an empty requirement); the override
    // writes name the bearer scheme themselves (openapi-writes.ts).
    security: [],
    tags: [
      ...Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      { name: 'Live', description: 'The board and the bell-event stream' },
      { name: 'Service', description: 'Health and information' },
    ],
  });
}

let cached: { version: string; serverUrl: string | undefined; body: Buffer } | undefined;

/** The serialized document; built on first use and kept for the life of the process (and its address). */
export function openApiBytes(packageVersion: string, serverUrl?: string): Buffer {
  if (cached?.version !== packageVersion || cached.serverUrl !== serverUrl) {
    cached = {
      version: packageVersion,
      serverUrl,
      body: Buffer.from(JSON.stringify(buildOpenApiDocument(packageVersion, serverUrl))),
    };
  }
  return cached.body;
}
