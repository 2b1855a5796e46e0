/**
 * Every case of docs/semantics.md §7, with the exact body shape.
 */
import { Dataset, type Tables } from '@openbell/core';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';
import { inMemoryData } from '../src/app.js';
import { fixtureData, fixtureTables, NOON_NY } from './fixture.js';

const app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => NOON_NY });
const get = (path: string) => request(app).get(path);

type Entry = { loc: (string | number)[]; msg: string; type: string };

/** Asserts a 422 body made only of well-formed entries and returns their locs. */
async function expect422(path: string): Promise<Entry[]> {
  const res = await get(path).expect(422).expect('content-type', /json/);
  expect(Object.keys(res.body)).toEqual(['detail']);
  expect(Array.isArray(res.body.detail)).toBe(true);
  expect(res.body.detail.length).toBeGreaterThan(0);
  for (const e of res.body.detail as Entry[]) {
    // `input` always (the value refused, null when left out); `ctx` only where a bound was crossed.
    expect(
      Object.keys(e)
        .filter((k) => k !== 'ctx')
        .sort(),
    ).toEqual(['input', 'loc', 'msg', 'type']);
    expect(['query', 'path']).toContain(e.loc[0]);
    expect(typeof e.msg).toBe('string');
    expect(e.msg.length).toBeGreaterThan(0);
    expect(typeof e.type).toBe('string');
  }
  return res.body.detail;
}

const locs = (entries: Entry[]) => entries.map((e) => e.loc);

describe('422 entries name the value refused (`input`) and the bound crossed (`ctx`), as FastAPI does', () => {
  it('a malformed date: its text; a missing one: null', async () => {
    const d = await expect422('/markets/US.NYSE/holidays?start=2023-13-01');
    expect(d.find((e) => e.loc[1] === 'start')).toMatchObject({ input: '2023-13-01' });
    expect(d.find((e) => e.loc[1] === 'end')).toMatchObject({ type: 'missing', input: null });
    expect(d.some((e) => 'ctx' in e)).toBe(false);
  });

  it('an end before its start: the end given', async () => {
    const d = await expect422('/markets/US.NYSE/holidays?start=2023-12-01&end=2023-01-01');
    expect(d).toEqual([expect.objectContaining({ loc: ['query', 'end'], input: '2023-01-01' })]);
  });

  it('an integer past its bound: the text given, and the bound as ctx', async () => {
    const res = await get('/openapi.json').expect(200);
    const bounded = Object.entries(res.body.paths as Record<string, { get?: { parameters?: Param[] } }>)
      .flatMap(([path, item]) => (item.get?.parameters ?? []).map((p) => ({ path, p })))
      .find(({ p }) => p.in === 'query' && typeof p.schema?.maximum === 'number' && p.schema.example !== undefined);
    expect(bounded).toBeDefined();
    const { path, p } = bounded!;
    const params = new URLSearchParams();
    for (const q of res.body.paths[path].get.parameters as Param[])
      if (q.in === 'query' && q.required && q.schema?.example !== undefined)
        params.set(q.name, String(q.schema.example));
    const over = String(p.schema!.maximum! + 1);
    params.set(p.name, over);
    let url = path;
    for (const q of res.body.paths[path].get.parameters as Param[])
      if (q.in === 'path') url = url.replace(`{${q.name}}`, String(q.schema?.example ?? 'XNYS'));
    const d = await expect422(`${url}?${params}`);
    expect(d.find((e) => e.loc[1] === p.name)).toMatchObject({ input: over, ctx: { le: p.schema!.maximum } });
  });
});

type Param = {
  name: string;
  in: string;
  required?: boolean;
  schema?: { maximum?: number; example?: unknown };
};

describe('422: parameter validation', () => {
  it('missing start and end: one entry each', async () => {
    const d = await expect422('/markets/US.NYSE/holidays');
    expect(locs(d)).toEqual([
      ['query', 'start'],
      ['query', 'end'],
    ]);
    expect(d.map((e) => e.type)).toEqual(['missing', 'missing']);
  });

  it('malformed dates', async () => {
    const d = await expect422('/markets/US.NYSE/phases?start=2023-02-30&end=20231231');
    expect(locs(d)).toEqual([
      ['query', 'start'],
      ['query', 'end'],
    ]);
    expect(d[0]!.msg).toContain('2023-02-30');
  });

  it('end before start', async () => {
    const d = await expect422('/markets/US.NYSE/holidays?start=2023-12-01&end=2023-11-01');
    expect(d).toHaveLength(1);
    expect(d[0]!.loc[0]).toBe('query');
    expect(['start', 'end']).toContain(d[0]!.loc[1]);
  });

  it('a repeated parameter is not a single value', async () => {
    const d = await expect422('/markets/US.NYSE/holidays?start=2023-11-01&start=2023-11-02&end=2023-11-30');
    expect(locs(d)).toEqual([['query', 'start']]);
  });

  it('non-boolean follow', async () => {
    for (const path of [
      '/markets/US.NYSE?follow=maybe',
      '/markets/finid/US.NYSE?follow=2',
      '/markets/mic/XNYS?follow=',
    ]) {
      const d = await expect422(path);
      expect(locs(d), path).toEqual([['query', 'follow']]);
      expect(d[0]!.type).toBe('bool_parsing');
    }
  });

  it('malformed datetime_utc, and the alias under its own name', async () => {
    for (const v of ['yesterday', '2023-11-15', '2023-11-15T25:00:00Z', '2023-11-15T12:00:00']) {
      const d = await expect422(`/markets/US.NYSE/status?datetime_utc=${v}`);
      expect(locs(d), v).toEqual([['query', 'datetime_utc']]);
    }
    expect(locs(await expect422('/markets/US.NYSE/status?datetime=soon'))).toEqual([['query', 'datetime']]);
  });

  it('malformed FinID or MIC', async () => {
    expect(locs(await expect422('/markets/US./holidays?start=2023-11-01&end=2023-11-30'))).toEqual([
      ['path', 'identifier'],
    ]);
    expect(locs(await expect422('/markets/XN/status'))).toEqual([['path', 'identifier']]);
    expect(locs(await expect422('/markets/X$Y%25Z'))).toEqual([['path', 'identifier']]);
    expect(locs(await expect422('/markets/finid/NYSE'))).toEqual([['path', 'finid']]);
    expect(locs(await expect422('/markets/mic/US.NYSE'))).toEqual([['path', 'mic']]);
    expect(locs(await expect422('/markets/US.NYSE.'))).toEqual([['path', 'identifier']]);
  });

  it('malformed currency code', async () => {
    expect(locs(await expect422('/currencies/US'))).toEqual([['path', 'code']]);
    expect(locs(await expect422('/currencies/1234/holidays?start=2023-01-01&end=2023-12-31'))).toEqual([
      ['path', 'code'],
    ]);
  });

  it('several faults at once: one entry per fault, path first', async () => {
    const d = await expect422('/markets/X!/holidays?start=nope');
    expect(locs(d)).toEqual([
      ['path', 'identifier'],
      ['query', 'start'],
      ['query', 'end'],
    ]);
    const f = await expect422('/markets/finid/NYSE?follow=perhaps');
    expect(locs(f)).toEqual([
      ['path', 'finid'],
      ['query', 'follow'],
    ]);
  });
});

describe('404, 409, 403, 400, 503, 500', () => {
  it('404 names the unknown market, MIC or currency', async () => {
    for (const [path, name] of [
      ['/markets/US.NOPE', 'US.NOPE'],
      ['/markets/finid/US.NOPE', 'US.NOPE'],
      ['/markets/ZZZZ', 'ZZZZ'],
      ['/markets/mic/ZZZZ', 'ZZZZ'],
      ['/markets/US.NOPE/phases?start=2023-11-01&end=2023-11-02', 'US.NOPE'],
      ['/currencies/XXX', 'XXX'],
      ['/currencies/XXX/holidays?start=2023-11-01&end=2023-11-02', 'XXX'],
    ] as const) {
      const res = await get(path).expect(404);
      expect(Object.keys(res.body), path).toEqual(['detail']);
      expect(res.body.detail, path).toContain(name);
    }
  });

  it('404 JSON for unknown routes', async () => {
    const res = await get('/nope/nothing').expect(404).expect('content-type', /json/);
    expect(Object.keys(res.body)).toEqual(['detail']);
    await get('/markets/US.NYSE/whatever').expect(404);
    // A known path asked with another method is 405 (drop-in.test.ts), an unknown one 404 whatever the method.
    await request(app).post('/markets').expect(405);
    await request(app).post('/markets/US.NYSE/whatever').expect(404);
  });

  it('409 lists the candidates of an ambiguous MIC', async () => {
    for (const path of ['/markets/XCME', '/markets/mic/XCME', '/markets/XCME/status']) {
      const res = await get(path).expect(409);
      expect(Object.keys(res.body).sort(), path).toEqual(['candidates', 'detail']);
      expect(res.body.candidates).toEqual(['US.CME.AGRI', 'US.CME.EQUITY.USINDEX1']);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('403 for what the plan does not cover', async () => {
    const noCurrencies: Tables = { ...fixtureTables(), currencies: undefined, currencyHolidays: undefined };
    const a = createApp({ dataset: Dataset.create(noCurrencies), logLevel: 'silent' });
    for (const path of ['/currencies', '/currencies/USD', '/currencies/USD/holidays?start=2023-01-01&end=2023-12-31']) {
      const res = await request(a).get(path).expect(403);
      expect(Object.keys(res.body), path).toEqual(['detail']);
      expect(res.body.detail).toMatch(/plan/i);
    }
    expect((await request(a).get('/currencies/USD/is_available').expect(200)).body).toEqual({ is_available: false });

    const t = fixtureTables();
    const holidaysOnly: Tables = { markets: t.markets, holidays: t.holidays };
    const b = createApp({ dataset: Dataset.create(holidaysOnly), logLevel: 'silent', now: () => NOON_NY });
    for (const path of [
      '/markets/US.NYSE/phases?start=2023-11-01&end=2023-11-02',
      '/markets/US.NYSE/schedules',
      '/markets/US.NYSE/status',
      '/markets/US.NYSE/days?start=2023-11-01&end=2023-11-02',
    ]) {
      const res = await request(b).get(path).expect(403);
      expect(Object.keys(res.body), path).toEqual(['detail']);
    }
    // Holidays stay available on that plan.
    await request(b).get('/markets/US.NYSE/holidays?start=2023-11-01&end=2023-11-30').expect(200);
  });

  it('400 outside the coverage window, naming it', async () => {
    for (const path of [
      '/markets/US.NYSE/phases?start=2031-01-01&end=2031-01-02',
      '/markets/US.NYSE/days?start=1999-12-01&end=2000-01-05',
      '/markets/US.NYSE/status?datetime_utc=2031-06-01T12:00:00Z',
    ]) {
      const res = await get(path).expect(400);
      expect(Object.keys(res.body), path).toEqual(['detail']);
      expect(res.body.detail, path).toContain('2000-01-01');
      expect(res.body.detail, path).toContain('2030-12-25');
    }
    // Holiday listing is not limited to the window.
    await get('/markets/US.NYSE/holidays?start=2031-01-01&end=2031-12-31').expect(200);
  });

  it('503 until data is loaded, with /health saying so', async () => {
    const empty = createApp({ logLevel: 'silent' });
    const health = await request(empty).get('/health').expect(503);
    expect(health.body).toMatchObject({ status: 'loading', data_loaded: false });
    for (const path of ['/markets', '/markets/US.NYSE', '/markets/US.NYSE/is_available', '/currencies']) {
      const res = await request(empty).get(path).expect(503);
      expect(Object.keys(res.body), path).toEqual(['detail']);
    }
    const info = await request(empty).get('/info').expect(200);
    expect(info.body.data).toMatchObject({ loaded: false, plan: null, counts: null });
    // Validation still comes first.
    await request(empty).get('/markets/US.NYSE/holidays').expect(422);
  });

  it('500 without internals, the cause in the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (s: string) => lines.push(s) });
    // The records (a library call) and the bytes the server writes (the parsed queries') alike.
    const failing = (prop: string | symbol): (() => never) | undefined => {
      if (prop === 'listMarkets' || prop === 'marketsJson') {
        return () => {
          throw new TypeError('secret internal detail at /srv/app/x.js');
        };
      }
      if (prop === 'listCurrencies' || prop === 'currenciesJson') {
        return () => {
          throw Object.assign(new Error('season EASTER has no definition for 2023'), { code: 'data_error' });
        };
      }
      return undefined;
    };
    const ds = Dataset.create(fixtureTables());
    const parsed = new Proxy(ds.parsed, {
      get: (target, prop, receiver) => failing(prop) ?? (Reflect.get(target, prop, receiver) as unknown),
    });
    const broken = new Proxy(ds, {
      get(target, prop, receiver) {
        if (prop === 'parsed') return parsed;
        return failing(prop) ?? (Reflect.get(target, prop, receiver) as unknown);
      },
    });
    const a = createApp({ data: inMemoryData(broken), logger });
    const res = await request(a).get('/markets').expect(500);
    expect(res.body).toEqual({ detail: 'Internal server error' });
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(lines.join('\n')).toContain('secret internal detail');
    const dataErr = await request(a).get('/currencies').expect(500);
    expect(Object.keys(dataErr.body)).toEqual(['detail']);
    expect(dataErr.body.detail).toContain('EASTER');
  });

  it('400 JSON for a malformed percent-encoding in the path', async () => {
    const res = await get('/markets/%E0%A4%A').expect(400);
    expect(Object.keys(res.body)).toEqual(['detail']);
  });
});
