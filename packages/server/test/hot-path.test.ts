/**
 * The per-request shortcuts of the dispatcher: readings kept by URL, the access line
 * written right after a whole answer, and /health's fixed text. Each must answer and log exactly
 * as the long way does.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';
import { inMemoryData } from '../src/app.js';
import { accessLog, logAnswer } from '../src/logging.js';
import { fixtureData, fixtureDataset } from './fixture.js';

const STATUS = '/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00%2B00:00';

function logged(level = 'info') {
  const lines: string[] = [];
  const logger = pino({ level }, { write: (l: string) => lines.push(l) });
  const access = () => lines.map((l) => JSON.parse(l) as Record<string, any>).filter((l) => l.req);
  return { logger, lines, access };
}

describe('readings kept by URL', () => {
  it('a repeated URL answers the same bytes, and follows the data: swapped, or not loaded', async () => {
    const app = createApp({ data: fixtureData(), logLevel: 'silent' });
    const first = await request(app).get(STATUS).expect(200);
    const again = await request(app).get(STATUS).expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers).toMatchObject({
      'content-type': first.headers['content-type'],
      'content-length': first.headers['content-length'],
    });
    app.holder.swap(inMemoryData(fixtureDataset('holidays_only')));
    const refused = await request(app).get(STATUS);
    expect(refused.status).toBe(403);
    const empty = createApp({ logLevel: 'silent' });
    expect((await request(empty).get(STATUS)).status).toBe(503);
    expect((await request(empty).get(STATUS)).status).toBe(503);
  });

  it('an invalid URL is refused every time, and CSV is still chosen per request', async () => {
    const app = createApp({ data: fixtureData(), logLevel: 'silent' });
    const bad = '/markets/US.NYSE/status?datetime_utc=yesterday';
    const a = await request(app).get(bad).expect(422);
    const b = await request(app).get(bad).expect(422);
    expect(b.body).toEqual(a.body);
    const list = '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31';
    const json = await request(app).get(list).expect(200);
    const csv = await request(app).get(list).set('Accept', 'text/csv').expect(200);
    expect(json.headers['content-type']).toContain('application/json');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect((await request(app).get(`${list}&format=csv`).expect(200)).headers['content-type']).toContain('text/csv');
    expect((await request(app).get(list).expect(200)).text).toBe(json.text);
  });

  it('the ETag kept with a URL follows a swap of the data', async () => {
    const app = createApp({ data: fixtureData('fixture-1'), logLevel: 'silent' });
    const list = '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31';
    const first = await request(app).get(list).expect(200);
    const tag = first.headers.etag!;
    await request(app).get(list).set('If-None-Match', tag).expect(304);
    app.holder.swap(fixtureData('fixture-2'));
    const after = await request(app).get(list).set('If-None-Match', tag).expect(200);
    expect(after.headers.etag).not.toBe(tag);
    await request(app).get(list).set('If-None-Match', after.headers.etag!).expect(304);
  });

  it("a kept URL's headers follow the data, the form and the length: a swap, CSV then JSON, HEAD", async () => {
    const app = createApp({ data: fixtureData('fixture-1'), logLevel: 'silent' });
    const list = '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31';
    const json = await request(app).get(list).expect(200);
    const csv = await request(app).get(list).set('Accept', 'text/csv').expect(200);
    const again = await request(app).get(list).expect(200);
    for (const [res, type] of [
      [json, 'application/json'],
      [csv, 'text/csv'],
      [again, 'application/json'],
    ] as const) {
      expect(res.headers['content-type']).toContain(type);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
      expect(res.headers['x-openbell-data-version']).toBe('fixture-1');
      expect(res.headers['surrogate-key']).toBe('openbell v:fixture-1 market:US.NYSE');
    }
    expect(csv.headers.etag).not.toBe(json.headers.etag);
    expect(again.headers.etag).toBe(json.headers.etag);
    app.holder.swap(fixtureData('fixture-2'));
    const swapped = await request(app).get(list).expect(200);
    expect(swapped.headers['x-openbell-data-version']).toBe('fixture-2');
    expect(swapped.headers['surrogate-key']).toBe('openbell v:fixture-2 market:US.NYSE');
    expect(swapped.headers['cache-tag']).toBe('openbell,v:fixture-2,market:US.NYSE');
    expect(swapped.headers.etag).not.toBe(json.headers.etag);
    const head = await request(app).head(list).expect(200);
    expect(head.headers['content-length']).toBe(swapped.headers['content-length']);
    expect(head.headers['surrogate-key']).toBe(swapped.headers['surrogate-key']);
  });

  it('URLs asked once share a head: each still gets its own ETag, length and keys', async () => {
    const app = createApp({ data: fixtureData(), logLevel: 'silent' });
    const urls = [
      '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31',
      '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-06-30',
      '/currencies/USD/holidays?start=2023-01-01&end=2023-12-31',
      '/markets/US.NYSE/holidays?start=2023-02-01&end=2023-12-31',
    ];
    const once = [];
    for (const url of urls) once.push(await request(app).get(url).expect(200));
    expect(new Set(once.map((r) => r.headers.etag)).size).toBe(urls.length);
    for (const [i, url] of urls.entries()) {
      // Asked twice more: kept by URL, with its own head.
      await request(app).get(url).expect(200);
      const kept = await request(app).get(url).expect(200);
      for (const h of ['etag', 'content-length', 'surrogate-key', 'cache-tag', 'cache-control'])
        expect(once[i]!.headers[h], `${url} ${h}`).toBe(kept.headers[h]);
      expect(Number(once[i]!.headers['content-length'])).toBe(Buffer.byteLength(once[i]!.text));
    }
  });

  it('"now" is read per request, not kept with the URL', async () => {
    let now = Date.parse('2023-11-15T17:00:00Z');
    const app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => now });
    const open = await request(app).get('/markets/US.NYSE/status').expect(200);
    now = Date.parse('2023-11-16T02:00:00Z');
    const closed = await request(app).get('/markets/US.NYSE/status').expect(200);
    expect(open.body.status).toBe('Open');
    expect(closed.body.status).toBe('Closed');
  });
});

describe('access line of the dispatchers', () => {
  it('one line per request with the same fields, whether written at once or on close', async () => {
    const { logger, access } = logged();
    const app = createApp({ data: fixtureData(), logger });
    await request(app).get(STATUS).expect(200);
    await request(app).get(STATUS).expect(200);
    await request(app).head('/health').expect(200);
    await request(app).get('/markets/US.NYSE/status?datetime_utc=nope').expect(422);
    await request(app).get('/markets/XX.NONE/status').expect(404);
    await request(app).get('/info').expect(200);
    const lines = access();
    expect(lines.map((l) => [l.req.method, l.req.url, l.res.statusCode])).toEqual([
      ['GET', STATUS, 200],
      ['GET', STATUS, 200],
      ['GET', '/markets/US.NYSE/status?datetime_utc=nope', 422],
      ['GET', '/markets/XX.NONE/status', 404],
      ['GET', '/info', 200],
    ]);
    const ids = lines.map((l) => l.req.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const l of lines) {
      expect(Object.keys(l)).toEqual(['level', 'time', 'pid', 'hostname', 'req', 'res', 'responseTime', 'msg']);
      expect(l.level).toBe(30);
      expect(typeof l.responseTime).toBe('number');
      expect(l.msg).toBe(`${l.req.method} ${l.req.url} ${l.res.statusCode} ${l.responseTime.toFixed(1)}ms`);
    }
  });

  it('a kept URL never holds a token, and the token never reaches the line', async () => {
    const { logger, lines } = logged();
    const app = createApp({ data: fixtureData(), logger });
    for (let i = 0; i < 3; i++) await request(app).get(`${STATUS}&token=sekrit-${i}`).expect(200);
    const text = lines.join('');
    expect(text).not.toMatch(/sekrit/);
    expect(text).toContain('token=[redacted]');
  });

  it(
    'the line of an answer not ended yet (streamed) or failed waits for close; an ended one is written at ' + 'once',
    () => {
      const { logger, access } = logged();
      const log = accessLog(logger)!;
      const req = { method: 'GET', url: '/x', socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
      const response = (writableEnded: boolean, statusCode: number) =>
        Object.assign(new EventEmitter(), { writableEnded, statusCode }) as unknown as ServerResponse;
      const streamed = response(false, 200);
      logAnswer(log, req, streamed, log.begin());
      const failed = response(true, 500);
      logAnswer(log, req, failed, log.begin());
      expect(access()).toHaveLength(0);
      const whole = response(true, 200);
      logAnswer(log, req, whole, log.begin());
      expect(access().map((l) => l.res.statusCode)).toEqual([200]);
      failed.emit('close');
      streamed.emit('close');
      expect(access().map((l) => [l.level, l.res.statusCode])).toEqual([
        [30, 200],
        [50, 500],
        [30, 200],
      ]);
      // Ids follow arrival, whichever line was written first.
      expect(access().map((l) => l.req.id)).toEqual([3, 2, 1].map((k) => access()[2]!.req.id + k - 1));
    },
  );

  it('healthy /health probes are logged only at level debug; a failing one always', async () => {
    const info = logged('info');
    const app = createApp({ data: fixtureData(), logger: info.logger });
    await request(app).get('/health').expect(200);
    expect(info.access()).toEqual([]);
    app.holder.draining = true;
    await request(app).get('/health').expect(503);
    expect(info.access().map((l) => [l.req.url, l.res.statusCode])).toEqual([['/health', 503]]);
    const debug = logged('debug');
    await request(createApp({ data: fixtureData(), logger: debug.logger }))
      .get('/health')
      .expect(200);
    expect(debug.access().map((l) => [l.req.url, l.res.statusCode])).toEqual([['/health', 200]]);
  });

  it('/health answers the same text as before, and 503 while loading or draining', async () => {
    const app = createApp({ data: fixtureData(), logLevel: 'silent' });
    const ok = await request(app).get('/health').expect(200);
    expect(JSON.parse(ok.text)).toEqual({
      status: 'healthy',
      data_loaded: true,
      message: 'openbell is running',
      version: expect.any(String),
    });
    expect(Number(ok.headers['content-length'])).toBe(Buffer.byteLength(ok.text));
    expect((await request(app).get('/health').expect(200)).text).toBe(ok.text);
    app.holder.draining = true;
    expect((await request(app).get('/health')).body).toMatchObject({ status: 'draining' });
    const loading = createApp({ logLevel: 'silent' });
    expect((await request(loading).get('/health')).body).toMatchObject({ status: 'loading' });
  });
});
