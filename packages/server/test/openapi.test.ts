/**
 * The served OpenAPI document against the served answers: every route is documented, and
 * real bodies (successes and errors) validate both against the zod schemas and against the
 * JSON Schemas of the document itself.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';
import { buildOpenApiDocument } from '../src/openapi.js';
import type { OpenbellApp } from '../src/app.js';
import { endpoints, operations, type Endpoint, type Operation } from '@openbell/catalog';
import * as schemas from '@openbell/catalog/schemas';
import { CME, fixtureData, NOON_NY } from './fixture.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = { [k: string]: Json };

const dataRoutes = (Object.values(operations) as Operation[]).filter((op) => op.method === 'GET');
const posted = (Object.values(operations) as Operation[]).filter((op) => op.method === 'POST');
let app: OpenbellApp;
let doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required: boolean }[];
        responses: Record<string, { content?: { 'application/json': { schema: Schema } } }>;
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
};

beforeAll(async () => {
  app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => NOON_NY });
  doc = (await request(app).get('/openapi.json').expect(200)).body;
});

// A small validator for the JSON Schema subset the generator emits (no network, no new deps).
const FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  time: /^\d{2}:\d{2}:\d{2}$/,
};

function typeOf(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function validate(schema: Schema, value: Json, where: string, errors: string[]): void {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (!target) errors.push(`${where}: unresolved ${schema.$ref}`);
    else validate(target, value, where, errors);
  }
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
    const t = typeOf(value);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) {
      errors.push(`${where}: ${t} is not ${types.join('|')}`);
      return;
    }
  }
  if (schema.const !== undefined && value !== schema.const)
    errors.push(`${where}: not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    errors.push(`${where}: ${JSON.stringify(value)} not in enum`);
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value))
      errors.push(`${where}: '${value}' fails pattern`);
    const f = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
    if (f && !f.test(value)) errors.push(`${where}: '${value}' is not a ${String(schema.format)}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      errors.push(`${where}: fewer than ${schema.minItems} items`);
    if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
      value.forEach((v, i) => validate(schema.items as Schema, v, `${where}[${i}]`, errors));
    }
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of (schema.required ?? []) as string[]) if (!(key in value)) errors.push(`${where}: missing ${key}`);
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, sub] of Object.entries(props))
      if (key in value) validate(sub, value[key]!, `${where}.${key}`, errors);
    if (schema.additionalProperties === false) {
      for (const key of Object.keys(value)) if (!(key in props)) errors.push(`${where}: unexpected ${key}`);
    }
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const results = list.map((s) => {
      const errs: string[] = [];
      validate(s as Schema, value, where, errs);
      return errs;
    });
    const ok = results.filter((r) => r.length === 0).length;
    if (key === 'allOf' && ok !== list.length) errors.push(...results.flat());
    if (key === 'anyOf' && ok === 0) errors.push(`${where}: matches no anyOf branch (${results.flat().join('; ')})`);
    if (key === 'oneOf' && ok !== 1) errors.push(`${where}: matches ${ok} oneOf branches`);
  }
}

/** Finds the documented path template a concrete URL path falls under. */
function templateOf(path: string): string {
  const candidates = Object.keys(doc.paths).filter((t) => {
    const re = new RegExp(`^${t.replace(/\{\w+\}/g, '[^/]+')}$`);
    return re.test(path);
  });
  // Literal segments win over placeholders (finid/, mic/ routes).
  candidates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const t = candidates[0];
  if (!t) throw new Error(`no documented route for ${path}`);
  return t;
}

const SAMPLES: [string, number][] = [
  ['/health', 200],
  ['/info', 200],
  ['/markets', 200],
  ['/markets?subset=US*', 200],
  ['/markets/US.NYSE', 200],
  ['/markets/XBUE?follow=false', 200],
  ['/markets/finid/US.NYSE', 200],
  ['/markets/mic/XNYS', 200],
  ['/markets/US.NYSE/holidays?start=2023-01-01&end=2024-12-31', 200],
  ['/markets/US.NYSE/phases?start=2023-11-20&end=2023-11-26', 200],
  [`/markets/${CME}/phases?start=2023-11-22&end=2023-11-24`, 200],
  ['/markets/US.NYSE/days?start=2023-11-20&end=2023-11-26', 200],
  ['/markets/US.NYSE/bars?start=2023-11-20&end=2023-11-24&period=30m', 200],
  ['/markets/US.NYSE/bars/count?start=2023-11-20&end=2023-11-24&period=1h&breaks=ignore', 200],
  ['/markets/US.NYSE/bars?start=2023-11-20&end=2023-11-24&period=90s', 422],
  ['/markets/US.NYSE/special-sessions?start=2023-11-20&end=2023-11-26', 200],
  ['/markets/US.NYSE/schedules', 200],
  ['/markets/US.NYSE/status', 200],
  ['/markets/US.NYSE/status?datetime_utc=2023-11-11T23:00:00Z', 200],
  ['/markets/US.NYSE/is_available', 200],
  ['/currencies', 200],
  ['/currencies/USD', 200],
  ['/currencies/USD/holidays?start=2023-01-01&end=2023-12-31', 200],
  ['/currencies/USD/is_available', 200],
  // Sessions, bells, joined calendars, FX (on the fixture: USD covers 2023-11-23..2023-12-25, EUR only 2023-12-25).
  ['/markets/US.NYSE/sessions?start=2023-11-20&end=2023-11-26', 200],
  [`/markets/${CME}/sessions?start=2023-11-22&end=2023-11-24`, 200],
  ['/markets/US.NYSE/sessions/offset?date=2023-11-22&n=1', 200],
  ['/markets/US.NYSE/sessions/count?start=2023-11-01&end=2023-11-30', 200],
  ['/markets/US.NYSE/next', 200],
  ['/markets/US.NYSE/previous?before=2023-11-27T14:00:00Z&event=close', 200],
  ['/markets/AR.BYMA/previous?before=2023-01-02T20:00:00Z', 200],
  ['/calendars/US.NYSE+USD/days?start=2023-11-23&end=2023-11-24', 200],
  ['/calendars/US.NYSE/adjust?date=2023-11-23', 200],
  ['/calendars/US.NYSE/advance?date=2023-11-22&n=1', 200],
  ['/fx/spot?pair=EURUSD&trade_date=2023-12-25&lag=0', 200],
  ['/markets/US.NYSE/sessions/offset?date=2023-11-23&n=1', 422],
  ['/calendars/US.NYSE~USD+EUR/days?start=x', 422],
  ['/fx/value-date?pair=EURUSD&trade_date=2023-11-22&tenor=0W', 422],
  ['/calendars/US.NOPE/adjust?date=2023-11-23', 404],
  ['/fx/spot?pair=EURJPY&trade_date=2023-12-25', 404],
  ['/calendars/XCME/adjust?date=2023-11-23', 409],
  ['/markets/US.NYSE/sessions?start=2031-01-01&end=2031-01-02', 400],
  ['/fx/value-date?pair=EURUSD&trade_date=2023-11-22&tenor=1M', 400],
  ['/markets/US.NYSE/holidays', 422],
  ['/markets/X!/phases?start=x', 422],
  ['/markets/US.NOPE', 404],
  ['/markets/XCME', 409],
  ['/markets/US.NYSE/phases?start=2031-01-01&end=2031-01-02', 400],
  ['/currencies/XXX', 404],
];

describe('OpenAPI document', () => {
  it('documents the board, the bell-event stream and the feeds with the media type they answer', () => {
    const media = (path: string) => Object.keys(doc.paths[path]!.get!.responses['200']!.content ?? {});
    expect(media('/board')).toEqual(['text/html']);
    expect(media('/board/data')).toEqual(['application/json']);
    expect(media('/events')).toEqual(['text/event-stream']);
    expect(media('/markets/{identifier}/holidays.ics')).toEqual(['text/calendar']);
    expect(media('/currencies/{code}/holidays.ics')).toEqual(['text/calendar']);
  });

  it('is OpenAPI 3.1 with interface version 0.6.0', () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
    expect((doc as unknown as { info: { version: string } }).info.version).toBe('0.6.0');
  });

  it('documents every route that is served, with its parameters', () => {
    const documented = Object.keys(doc.paths).sort();
    const served = [
      '/health',
      '/info',
      ...dataRoutes.map((r) => r.path),
      ...Object.values(endpoints).map((e) => e.path),
      // POSTed with a body (the catalogue's BodySpec): the bar check.
      ...posted.map((r) => r.path),
    ].sort();
    expect(documented).toEqual(served);
    expect(posted.map((r) => r.path)).toEqual(['/markets/{identifier}/bars/check']);
    for (const r of posted) {
      const op = doc.paths[r.path]!.post! as unknown as {
        parameters: { in: string; name: string }[];
        requestBody: { required: boolean; content: Record<string, { schema: Schema }> };
        responses: Record<string, unknown>;
      };
      expect(doc.paths[r.path]!.get, r.path).toBeUndefined();
      expect(op.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
        [...r.pathParams.map((n) => `path:${n}`), ...r.queryParams.map((n) => `query:${n}`)].sort(),
      );
      expect(op.requestBody.required).toBe(true);
      expect(Object.keys(op.requestBody.content)).toEqual(['application/json', 'text/csv', 'text/plain']);
      expect(op.requestBody.content['application/json']!.schema).toMatchObject({ type: 'array' });
      // The body's limit (413), and no ETag or 304: a POST's answer is never kept.
      expect(Object.keys(op.responses).sort()).toEqual(
        ['200', ...r.errors.map(String)].sort((a, b) => Number(a) - Number(b)),
      );
      expect(op.responses['413']).toBeDefined();
    }
    for (const r of [...dataRoutes, ...Object.values(endpoints)] as (Operation | Endpoint)[]) {
      const op = doc.paths[r.path]!.get!;
      const names = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort();
      // Calendar queries also take `as_of` (docs/overrides.md §5), read by the dispatcher.
      const asOf = !('kind' in r) && ['data', 'market', 'range', 'currency', 'calendar', 'fx'].includes(r.needs ?? '');
      const expected = [
        ...r.pathParams.map((n) => `path:${n}`),
        ...r.queryParams.map((n) => `query:${n}`),
        ...(asOf ? ['query:as_of'] : []),
      ].sort();
      expect(names, r.path).toEqual(expected);
      expect(op.responses['200'], r.path).toBeDefined();
      for (const status of r.errors) expect(op.responses[String(status)], `${r.path} ${status}`).toBeDefined();
    }
  });

  it('marks the spec defaults and required parameters', () => {
    const params = (path: string) => doc.paths[path]!.get!.parameters!;
    const follow = params('/markets/{identifier}').find((p) => p.name === 'follow') as unknown as {
      required: boolean;
      schema: Schema;
    };
    expect(follow.required).toBe(false);
    expect(follow.schema).toMatchObject({ type: 'boolean', default: true });
    const subset = params('/markets').find((p) => p.name === 'subset') as unknown as {
      required: boolean;
      schema: Schema;
    };
    expect(subset.schema.default).toBe('*');
    const range = params('/markets/{identifier}/holidays').filter((p) => p.in === 'query' && p.name !== 'as_of');
    expect(range.map((p) => [p.name, p.required])).toEqual([
      ['start', true],
      ['end', true],
    ]);
  });

  it('tags the calendar-arithmetic operations Sessions, Calendars and FX, each parameter with an example', () => {
    const tags = (doc as unknown as { tags: { name: string }[] }).tags.map((t) => t.name);
    expect(tags).toEqual(expect.arrayContaining(['Sessions', 'Calendars', 'FX']));
    const tagged: Record<string, string[]> = {};
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = (item.get ?? item.post) as unknown as {
        tags: string[];
        parameters?: { name: string; schema: Schema }[];
      };
      for (const tag of op.tags) (tagged[tag] ??= []).push(path);
      if (!['Sessions', 'Calendars', 'FX'].some((t) => op.tags.includes(t))) continue;
      // `as_of` has no example: a version id is the server's own, and an instant before it is a 410.
      for (const p of op.parameters ?? [])
        if (p.name !== 'as_of') expect(p.schema.example, `${path} ${p.name}`).toBeDefined();
    }
    expect(tagged.Sessions?.sort()).toEqual([
      '/markets/{identifier}/next',
      '/markets/{identifier}/previous',
      '/markets/{identifier}/sessions',
      '/markets/{identifier}/sessions/count',
      '/markets/{identifier}/sessions/offset',
      '/overlap',
    ]);
    expect(tagged.Calendars?.sort()).toEqual([
      '/calendars/{expr}/adjust',
      '/calendars/{expr}/advance',
      '/calendars/{expr}/business-days/count',
      '/calendars/{expr}/dates',
      '/calendars/{expr}/days',
      '/calendars/{expr}/year-fraction',
    ]);
    expect(tagged.FX?.sort()).toEqual(['/fx/spot', '/fx/value-date']);
  });

  it(
    'every parameter example conforms to the schema documented for it (integers as numbers, enums in the ' + 'enum)',
    () => {
      let checked = 0;
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const p of ((item.get ?? item.post) as unknown as { parameters?: { name: string; schema: Schema }[] })
          .parameters ?? []) {
          if (p.schema.example === undefined) continue;
          const errors: string[] = [];
          validate(p.schema, p.schema.example, `${path} ${p.name}`, errors);
          const { minimum, maximum } = p.schema as { minimum?: number; maximum?: number };
          if (
            typeof p.schema.example === 'number' &&
            ((minimum !== undefined && p.schema.example < minimum) ||
              (maximum !== undefined && p.schema.example > maximum))
          ) {
            errors.push(`${path} ${p.name}: example out of bounds`);
          }
          expect(errors).toEqual([]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(30);
    },
  );

  it('is served byte-identical on every request (built once)', async () => {
    // One listening server: the document names the address it is reached at (supertest
    // would listen on a new port per request).
    const srv = app.listen(0, '127.0.0.1');
    await new Promise((r) => srv.once('listening', r));
    try {
      const { port } = srv.address() as { port: number };
      const [a, b] = [
        await fetch(`http://127.0.0.1:${port}/openapi.json`),
        await fetch(`http://127.0.0.1:${port}/openapi.json`),
      ];
      const text = await a.text();
      expect(text).toBe(await b.text());
      expect(JSON.parse(text).servers).toEqual([{ url: `http://127.0.0.1:${port}`, description: 'This server' }]);
    } finally {
      srv.close();
    }
  });
});

describe('real responses conform to the document', () => {
  for (const [path, status] of SAMPLES) {
    it(`${path} → ${status}`, async () => {
      const res = await request(app).get(path).expect(status);
      const template = templateOf(path.split('?')[0]!);
      const documented = doc.paths[template]!.get!.responses[String(status)];
      expect(documented, `${template} documents ${status}`).toBeDefined();
      const schema = documented!.content!['application/json'].schema;
      const errors: string[] = [];
      validate(schema, res.body as Json, 'body', errors);
      expect(errors).toEqual([]);

      // And against the zod schema the route declares.
      const route = dataRoutes.find((r) => r.path === template);
      if (status === 200 && route) {
        const parsed = route.response(schemas).safeParse(res.body);
        expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
      }
    });
  }

  it('the validator catches broken bodies (it is not vacuous)', async () => {
    const body = (await request(app).get('/markets/US.NYSE/status')).body as Record<string, Json>;
    const schema = { $ref: '#/components/schemas/MarketStatusResponse' };
    const broken: Record<string, Json>[] = [
      { ...body, until: '15:50' },
      { ...body, status: null },
      { ...body, phase: { ...(body.phase as Record<string, Json>), is_open: 'yes' } },
      Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'next_bell')),
    ];
    for (const b of broken) {
      const errors: string[] = [];
      validate(schema, b, 'body', errors);
      expect(errors.length, JSON.stringify(b).slice(0, 80)).toBeGreaterThan(0);
    }
  });

  it('service bodies match their zod schemas', async () => {
    expect(schemas.Health.safeParse((await request(app).get('/health')).body).success).toBe(true);
    const info = schemas.Info.safeParse((await request(app).get('/info')).body);
    expect(info.success, info.success ? '' : JSON.stringify(info.error.issues)).toBe(true);
    const err = schemas.ValidationError.safeParse((await request(app).get('/markets/US.NYSE/holidays')).body);
    expect(err.success).toBe(true);
    expect(schemas.AmbiguousError.safeParse((await request(app).get('/markets/XCME')).body).success).toBe(true);
    const board = schemas.BoardData.safeParse((await request(app).get('/board/data?markets=XNYS,NOPE')).body);
    expect(board.success, board.success ? '' : JSON.stringify(board.error.issues)).toBe(true);
  });
});

describe('examples people see in /docs', () => {
  it('records that allow extra columns carry a real example (no "string" or additionalProp1 placeholders)', () => {
    const doc = buildOpenApiDocument() as {
      components: { schemas: Record<string, { example?: Record<string, unknown> }> };
    };
    for (const name of [
      'MarketResponse',
      'MarketHolidayResponse',
      'PhaseResponse',
      'ScheduleResponse',
      'CurrencyResponse',
      'CurrencyHolidayResponse',
    ]) {
      const example = doc.components.schemas[name]?.example;
      expect(example, name).toBeDefined();
      expect(Object.values(example!)).not.toContain('string');
    }
    expect(doc.components.schemas.PhaseResponse!.example).toMatchObject({
      phase_type: 'Primary Trading Session',
      start: '2023-11-15T09:30:00-05:00',
    });
  });
});

describe('bars and special sessions in the document', () => {
  it('documents the three routes, period as a pattern with an example, the options with their defaults', () => {
    for (const path of [
      '/markets/{identifier}/bars',
      '/markets/{identifier}/bars/count',
      '/markets/{identifier}/special-sessions',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const params = doc.paths['/markets/{identifier}/bars']!.get!.parameters! as unknown as {
      name: string;
      required: boolean;
      schema: Schema;
    }[];
    const by = Object.fromEntries(params.map((p) => [p.name, p]));
    expect(by.period).toMatchObject({
      required: true,
      schema: { type: 'string', pattern: '^(?:[1-9]\\d{0,3}[mh]|1d|1w|1mo)$', example: '5m' },
    });
    expect(by.force_close).toMatchObject({ required: false, schema: { type: 'boolean', default: true } });
    expect(by.breaks).toMatchObject({ required: false, schema: { enum: ['split', 'ignore'], default: 'split' } });
    expect(by.identifier!.schema.example).toBe('XNYS');
    const count = doc.paths['/markets/{identifier}/bars/count']!.get!.parameters! as unknown as {
      name: string;
      schema: Schema;
    }[];
    expect(count.find((p) => p.name === 'identifier')!.schema.example).toBe('XTKS');
    expect(count.find((p) => p.name === 'period')!.schema.example).toBe('30m');
    expect(doc.paths['/markets/{identifier}/bars']!.get!.responses['422']).toBeDefined();
    expect(doc.paths['/markets/{identifier}/special-sessions']!.get!.responses['403']).toBeDefined();
  });
});
