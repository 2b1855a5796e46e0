/**
 * The OpenAPI 3.1 document, generated from the route table and its zod schemas. Built once per
 * process and served as pre-serialized bytes.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { dataRoutes, type DataRoute, type ErrorStatus } from './routes.js';
import { AmbiguousError, ErrorDetail, Health, Info, INTERFACE_VERSION, ValidationError } from './schemas.js';

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'Date or instant outside the market coverage window',
  403: 'Not covered by the plan of the loaded data',
  404: 'Unknown market, MIC or currency',
  409: 'MIC that maps to several markets',
  422: 'A path or query parameter failed validation (one entry per fault)',
  500: 'Server or data fault (details are in the server log)',
  503: 'Calendar data is not loaded yet',
};

function errorSchema(status: ErrorStatus): z.ZodType {
  if (status === 422) return ValidationError;
  if (status === 409) return AmbiguousError;
  return ErrorDetail;
}

function json(description: string, schema: z.ZodType) {
  return { description, content: { 'application/json': { schema } } };
}

function register(registry: OpenAPIRegistry, r: DataRoute): void {
  const responses: Record<string, ReturnType<typeof json>> = { 200: json('Success', r.response) };
  for (const status of r.errors) responses[status] = json(ERROR_TEXT[status], errorSchema(status));
  registry.registerPath({
    method: 'get',
    path: r.path,
    operationId: r.operationId,
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    tags: [r.tag],
    request: { ...(r.params ? { params: r.params } : {}), query: r.query },
    responses,
  });
}

export function buildOpenApiDocument(packageVersion: string): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  registry.registerPath({
    method: 'get',
    path: '/health',
    operationId: 'health',
    summary: 'Whether calendar data is loaded',
    tags: ['Service'],
    responses: {
      200: json('Data is loaded and being served', Health),
      503: json('No data loaded yet (or the first load failed)', Health),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/info',
    operationId: 'info',
    summary: 'Versions, data source and statistics',
    tags: ['Service'],
    responses: { 200: json('Service information', Info) },
  });
  for (const r of dataRoutes) register(registry, r);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'openbell',
      version: INTERFACE_VERSION,
      description:
        'Self-hosted trading-calendar service: markets, holidays, schedules, generated phases, market status ' +
        `and currencies. Server package version ${packageVersion}. All date-times in answers carry the offset ` +
        "in force in the market's timezone.",
    },
    tags: [
      { name: 'Markets', description: 'Markets, their holidays, schedules, phases and status' },
      { name: 'Currencies', description: 'Currencies and settlement holidays' },
      { name: 'Service', description: 'Health and information' },
    ],
  });
}

let cached: { version: string; body: Buffer } | undefined;

/** The serialized document; built on first use and kept for the life of the process. */
export function openApiBytes(packageVersion: string): Buffer {
  if (cached?.version !== packageVersion) {
    cached = { version: packageVersion, body: Buffer.from(JSON.stringify(buildOpenApiDocument(packageVersion))) };
  }
  return cached.body;
}
