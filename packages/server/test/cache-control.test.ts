/**
 * How long each kind of answer says it stays true (http/cache-policy.ts, docs/rest.md
 * "Cache-Control"): the headers of a mixed set of answers.
 */
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/index.js';
import { CachePolicy, firstInstantAfter } from '../src/http/cache-policy.js';
import { changeSetKeys } from '../src/http/purge-keys.js';
import { fixtureData, NOON_NY } from './fixture.js';

const DATA = (n: number) => `public, max-age=${n}, stale-while-revalidate=${Math.min(n, 30)}, stale-if-error=86400`;
const VARY = 'Accept, Accept-Encoding';

function app(now = NOON_NY, cacheMaxAge?: number) {
  return createApp({
    data: fixtureData(),
    logLevel: 'silent',
    now: () => now,
    ...(cacheMaxAge !== undefined ? { cacheMaxAge } : {}),
  });
}

describe('Cache-Control of data answers', () => {
  it('lists, records, ranges and instants given: the data lifetime, Vary on Accept and Accept-Encoding', async () => {
    const a = app();
    for (const path of [
      '/markets',
      '/markets/US.NYSE',
      '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31',
      '/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z',
      '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31&format=csv',
      '/currencies',
    ]) {
      const res = await request(a).get(path).expect(200);
      expect(res.headers['cache-control'], path).toBe(DATA(60));
      expect(res.headers.vary, path).toBe(VARY);
      expect(res.headers.etag, path).toBeDefined();
    }
  });

  it('a 304 carries the lifetime and Vary of the 200 it confirms', async () => {
    const a = app();
    const first = await request(a).get('/markets/US.NYSE').expect(200);
    const again = await request(a).get('/markets/US.NYSE').set('If-None-Match', first.headers.etag!).expect(304);
    expect(again.headers['cache-control']).toBe(DATA(60));
    expect(again.headers.vary).toBe(VARY);
  });

  it('with a list of CORS origins, Vary names Origin too (no cache gives one origin the answer of another)', async () => {
    const listed = createApp({ data: fixtureData(), logLevel: 'silent', corsOrigins: ['https://a.example'] });
    const path = '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31';
    const res = await request(listed).get(path).set('Origin', 'https://a.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://a.example');
    expect(res.headers.vary).toBe(`Origin, ${VARY}`);
    const again = await request(listed)
      .get(path)
      .set('Origin', 'https://a.example')
      .set('If-None-Match', res.headers.etag!)
      .expect(304);
    expect(again.headers.vary).toBe(`Origin, ${VARY}`);
    const contract = await request(listed).get('/openapi.json').set('Origin', 'https://a.example').expect(200);
    expect(contract.headers.vary).toBe('Origin, Accept-Encoding');
    // Without an Origin, or with every origin allowed, the answer does not vary on it.
    expect((await request(listed).get(path).expect(200)).headers.vary).toBe(VARY);
    const any = createApp({ data: fixtureData(), logLevel: 'silent', corsOrigins: '*' });
    expect((await request(any).get(path).set('Origin', 'https://b.example').expect(200)).headers.vary).toBe(VARY);
  });

  it('the ceiling is configurable (cacheMaxAge)', async () => {
    const res = await request(app(NOON_NY, 300)).get('/markets').expect(200);
    expect(res.headers['cache-control']).toBe(DATA(300));
  });

  it('is bounded by the next update check', async () => {
    const a = app();
    Object.assign(a.holder.updates, {
      enabled: true,
      nextCheckAt: new Date(NOON_NY + 20_500).toISOString(),
    });
    const res = await request(a).get('/markets').expect(200);
    expect(res.headers['cache-control']).toBe(DATA(20));
  });

  it('a check due or running: one second', async () => {
    const a = app();
    Object.assign(a.holder.updates, { enabled: true, nextCheckAt: new Date(NOON_NY - 5_000).toISOString() });
    expect((await request(a).get('/markets').expect(200)).headers['cache-control']).toBe(DATA(1));
  });

  it('a status at "now" stays true no later than its until', async () => {
    // 15:49:30 in New York: the session's Pre-Close starts at 15:50, thirty seconds on.
    const at = Date.parse('2023-11-15T20:49:30Z');
    const res = await request(app(at)).get('/markets/US.NYSE/status').expect(200);
    expect(res.body.until).toBe('2023-11-15T15:50:00-05:00');
    expect(res.headers['cache-control']).toBe(DATA(30));
    expect(res.headers.vary).toBe(VARY);
    // Hours from its until, the data's lifetime bounds it.
    const noon = await request(app()).get('/markets/US.NYSE/status').expect(200);
    expect(noon.headers['cache-control']).toBe(DATA(60));
  });

  it('the bulk status at "now": the earliest until of its markets', async () => {
    const at = Date.parse('2023-11-15T20:49:50Z');
    const res = await request(app(at)).get('/status?markets=US.NYSE,XLON').expect(200);
    expect(res.headers['cache-control']).toBe(DATA(10));
  });

  it('an answer as of a version named by its id is immutable', async () => {
    const res = await request(app())
      .get('/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31&as_of=fixture-1')
      .expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe(VARY);
  });

  it('errors are kept by no cache', async () => {
    const a = app();
    const put = await request(a).put('/markets');
    expect(put.status).toBe(405);
    expect(put.headers['cache-control']).toBe('no-store');
    for (const [path, status] of [
      ['/markets/NOPE', 404],
      ['/markets/US.NYSE/holidays?start=nope', 422],
      ['/no/such/route', 404],
      ['/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31&as_of=other', 410],
    ] as const) {
      const res = await request(a).get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });
});

describe('the data lifetime on the process clock (dataAtTick)', () => {
  it('reads the wall clock once a second at most, and counts down with it', () => {
    const holder = app().holder;
    Object.assign(holder.updates, { enabled: true, nextCheckAt: new Date(NOON_NY + 40_000).toISOString() });
    const policy = new CachePolicy(holder, 60);
    let wall = NOON_NY + 250;
    const now = vi.spyOn(Date, 'now').mockImplementation(() => wall);
    try {
      expect(policy.dataAtTick(1_000)).toBe(DATA(39));
      wall += 500;
      // Within the second the wall clock was read in: not read again.
      expect(policy.dataAtTick(1_500)).toBe(DATA(39));
      expect(policy.dataAtTick(1_749)).toBe(DATA(39));
      expect(now).toHaveBeenCalledTimes(1);
      // The next second on the process clock: read, and a second less.
      wall = NOON_NY + 1_300;
      expect(policy.dataAtTick(1_750)).toBe(DATA(38));
      expect(now).toHaveBeenCalledTimes(2);
    } finally {
      now.mockRestore();
    }
  });
});

describe('Cache-Control of the other answers', () => {
  it('the contract and /docs: an hour; compressed when asked; Vary on Accept-Encoding only', async () => {
    const server = app().listen(0);
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const plain = await raw(`${url}/openapi.json`, {});
      expect(plain.headers['cache-control']).toMatch(/^public, max-age=3600, /);
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const zipped = await raw(`${url}/openapi.json`, { 'accept-encoding': 'gzip' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
      expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
      expect(zipped.headers.etag).toBe(plain.headers.etag);
      const again = await raw(`${url}/openapi.json`, { 'if-none-match': String(plain.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.headers['cache-control']).toBe(plain.headers['cache-control']);
      const page = await raw(`${url}/docs`, {});
      expect(page.headers['cache-control']).toMatch(/^public, max-age=3600/);
      const bundle = await raw(`${url}/docs/swagger-ui-bundle.js`, { 'accept-encoding': 'gzip' });
      expect(bundle.headers['cache-control']).toMatch(/^public, max-age=86400/);
      expect(bundle.headers['content-encoding']).toBe('gzip');
    } finally {
      server.close();
    }
  });

  it('.ics feeds: the data lifetime', async () => {
    const res = await request(app()).get('/markets/XNYS/holidays.ics?start=2023-11-01&end=2023-12-31').expect(200);
    expect(res.headers['cache-control']).toBe(DATA(60));
  });

  it('/health is kept by no cache, /info is asked again each time', async () => {
    const a = app();
    expect((await request(a).get('/health').expect(200)).headers['cache-control']).toBe('no-store');
    expect((await request(a).get('/info').expect(200)).headers['cache-control']).toBe('no-cache');
  });
});

describe('firstInstantAfter', () => {
  const at = Date.parse('2023-11-15T20:00:00Z');
  const of = (s: string) => firstInstantAfter(Buffer.from(s), at);
  it('reads Z, offsets and fractions, and skips instants not after now and other strings', () => {
    expect(of('{"a":"2023-11-15T20:00:00Z","b":"2023-11-15T15:50:00-05:00"}')).toBe(Date.parse('2023-11-15T20:50:00Z'));
    expect(of('{"x":"2023-11-15T21:00:00.123+00:00","y":"2023-11-15T20:30Z"}')).toBe(
      Date.parse('2023-11-15T20:30:00Z'),
    );
    expect(of('{"d":"2023-11-16","n":"not 2023-11-16T00:00:00Z"}')).toBeUndefined();
    expect(of('{"t":"2023-11-15T19:59:59Z"}')).toBeUndefined();
  });
});

/** A GET as it comes off the wire (no decompression). */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    }).on('error', reject);
  });
}

describe('purge keys', () => {
  const V = 'v:fixture-1';
  const keysOf = (subject: string) => ({ surrogate: `openbell ${V} ${subject}`, tag: `openbell,${V},${subject}` });
  const YEAR = 'start=2023-01-01&end=2023-12-31';

  it('on every data answer by default: the market, the currency or `all`, with the version', async () => {
    const a = app();
    // Each path and the subject its answer names.
    const mixed: [string, string][] = [
      ['/markets/US.NYSE', 'market:US.NYSE'],
      [`/markets/XNYS/holidays?${YEAR}`, 'market:US.NYSE'],
      [`/markets/XNYS/holidays?${YEAR}&format=csv`, 'market:US.NYSE'],
      ['/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z', 'market:US.NYSE'],
      ['/markets/US.NYSE/status', 'market:US.NYSE'],
      ['/markets/US.NYSE/phases?start=2023-11-15&end=2023-11-16', 'market:US.NYSE'],
      ['/markets/finid/US.NYSE', 'market:US.NYSE'],
      ['/markets/mic/XNYS', 'market:US.NYSE'],
      ['/currencies/usd', 'currency:USD'],
      [`/currencies/USD/holidays?${YEAR}`, 'currency:USD'],
      ['/markets', 'all'],
      ['/currencies', 'all'],
      ['/status?markets=US.NYSE', 'all'],
      ['/mic-mapping', 'all'],
      ['/changes', 'all'],
    ];
    for (const [path, subject] of mixed) {
      const res = await request(a).get(path).expect(200);
      expect([res.headers['surrogate-key'], res.headers['cache-tag']], path).toEqual([
        keysOf(subject).surrogate,
        keysOf(subject).tag,
      ]);
    }
    // The holiday feeds are data answers too.
    const feeds: [string, string][] = [
      [`/markets/XNYS/holidays.ics?${YEAR}`, 'market:US.NYSE'],
      [`/currencies/usd/holidays.ics?${YEAR}`, 'currency:USD'],
    ];
    for (const [path, subject] of feeds) {
      const res = await request(a).get(path).expect(200);
      expect(res.headers['surrogate-key'], path).toBe(keysOf(subject).surrogate);
      expect(res.headers['cache-tag'], path).toBe(keysOf(subject).tag);
    }
  });

  it('none on what is not a data answer: errors, /health, /metrics, the contract', async () => {
    const a = app();
    for (const [path, status] of [
      ['/markets/NOPE', 404],
      ['/markets/US.NYSE/holidays?start=2023-13-01', 422],
      ['/nothing-here', 404],
      ['/health', 200],
      ['/metrics', 200],
      ['/openapi.json', 200],
    ] as const) {
      const res = await request(a).get(path).expect(status);
      expect(res.headers['surrogate-key'], path).toBeUndefined();
      expect(res.headers['cache-tag'], path).toBeUndefined();
    }
  });

  it('left out with purgeKeys: false, the rest of the headers as they were', async () => {
    const a = createApp({ data: fixtureData(), logLevel: 'silent', now: () => NOON_NY, purgeKeys: false });
    const res = await request(a).get('/markets/XNYS').expect(200);
    expect(res.headers['surrogate-key']).toBeUndefined();
    expect(res.headers['cache-tag']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(DATA(60));
    expect(res.headers.vary).toBe(VARY);
    const feed = await request(a).get(`/markets/XNYS/holidays.ics?${YEAR}`).expect(200);
    expect(feed.headers['surrogate-key']).toBeUndefined();
  });

  it('a 304 and a HEAD name them as the 200 does; the same URL asked again keeps them', async () => {
    const a = app();
    const path = `/markets/XNYS/holidays?${YEAR}`;
    const first = await request(a).get(path).expect(200);
    const again = await request(a).get(path).expect(200);
    const head = await request(a).head(path).expect(200);
    const notModified = await request(a).get(path).set('If-None-Match', first.headers.etag!).expect(304);
    for (const res of [again, head, notModified]) {
      expect(res.headers['surrogate-key']).toBe(keysOf('market:US.NYSE').surrogate);
      expect(res.headers['cache-tag']).toBe(keysOf('market:US.NYSE').tag);
      expect(res.headers.etag).toBe(first.headers.etag);
      expect(res.headers['cache-control']).toBe(DATA(60));
    }
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
  });

  it('a change set lists the keys it touched: all, then each market and currency once', () => {
    const change = (key: Record<string, string>) =>
      ({ kind: 'holiday', op: 'added', key, before: null, after: null, soon: false }) as never;
    expect(
      changeSetKeys([
        change({ fin_id: 'US.NYSE', date: '2024-01-02' }),
        change({ fin_id: 'US.NYSE', date: '2024-01-03' }),
        change({ currency_code: 'USD', date: '2024-01-02' }),
      ]),
    ).toEqual(['all', 'market:US.NYSE', 'currency:USD']);
    expect(changeSetKeys([change({ name: 'Pre-Open' })])).toEqual(['all', 'openbell']);
  });
});
