/**
 * What the vendor's clients and plain HTTP expect of a drop-in server (issue 33): /health's
 * `healthy`, 405 with Allow on a known path, OPTIONS, a JSON 431, `format` checked, the 406
 * naming what was sent, and an ETag on every answer that does not depend on the clock.
 */
import net from 'node:net';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, createServer, type RunningServer } from '../src/index.js';
import { fixtureData, NOON_NY } from './fixture.js';

const app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => NOON_NY });

describe('methods', () => {
  it(
    'a known path asked with another method is 405 with Allow and a JSON body; an unknown path stays ' + '404',
    async () => {
      for (const path of [
        '/health',
        '/markets/US.NYSE',
        '/markets/US.NYSE/phases?start=2023-11-20&end=2023-11-24',
        '/info',
        '/openapi.json',
        '/board',
        '/events',
      ]) {
        for (const method of ['post', 'put', 'delete', 'patch'] as const) {
          const res = await request(app)[method](path).expect(405);
          expect(res.headers.allow, `${method} ${path}`).toBe('GET, HEAD, OPTIONS');
          expect(res.body.detail, `${method} ${path}`).toContain(method.toUpperCase());
        }
      }
      await request(app).post('/nonexistent/endpoint').expect(404);
      await request(app).get('/nonexistent/endpoint').expect(404);
    },
  );

  it('a path that only takes POST (the bar check) is 405 naming POST for every other method, GET and HEAD too', async () => {
    const path = '/markets/US.NYSE/bars/check?start=2023-11-20&end=2023-11-24&period=1h';
    for (const method of ['get', 'head', 'put', 'delete', 'patch'] as const) {
      const res = await request(app)[method](path).expect(405);
      expect(res.headers.allow, method).toBe('POST, OPTIONS');
      if (method !== 'head') expect(res.body.detail, method).toContain(method.toUpperCase());
    }
    // A path like it that names no operation stays 404.
    await request(app).get('/markets/US.NYSE/bars/checks').expect(404);
  });

  it('OPTIONS on a known path is 204 with Allow; with CORS on, the preflight headers too', async () => {
    const plain = await request(app).options('/markets/US.NYSE/status').expect(204);
    expect(plain.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const cors = createApp({ data: fixtureData(), logLevel: 'silent', corsOrigins: ['https://app.example'] });
    const pre = await request(cors)
      .options('/health')
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'GET')
      .expect(204);
    expect(pre.headers).toMatchObject({
      allow: 'GET, HEAD, OPTIONS',
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
    });
  });
});

describe('format and Accept', () => {
  it('an unknown format is a 422 naming format, beside the other faults', async () => {
    const alone = await request(app)
      .get('/markets/US.NYSE/holidays?start=2024-01-01&end=2024-12-31&format=xml')
      .expect(422);
    expect(alone.body.detail).toEqual([
      { loc: ['query', 'format'], msg: expect.stringContaining("'xml'"), type: 'invalid_format' },
    ]);
    const both = await request(app).get('/markets/US.NYSE/holidays?start=nope&end=2024-12-31&format=yaml').expect(422);
    expect(both.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(['query.start', 'query.format']);
    await request(app).get('/info?format=xml').expect(422);
    // Any case of a known one is fine.
    await request(app).get('/markets/US.NYSE/holidays?start=2024-01-01&end=2024-12-31&format=JSON').expect(200);
  });

  it('the 406 of a record asked as CSV names what the request sent', async () => {
    const byQuery = await request(app).get('/markets/US.NYSE?format=csv').expect(406);
    expect(byQuery.body.detail).toContain('format=csv');
    const byAccept = await request(app).get('/markets/US.NYSE').set('Accept', 'text/csv').expect(406);
    expect(byAccept.body.detail).toContain('Accept');
    expect(byAccept.body.detail).not.toContain('format=csv');
    const info = await request(app).get('/info').set('Accept', 'text/csv').expect(406);
    expect(info.body.detail).toContain('Accept');
  });
});

describe('ETag', () => {
  it('every answer that does not depend on the clock carries one, and 304 on If-None-Match', async () => {
    const paths = [
      '/markets/US.NYSE',
      '/markets/finid/US.NYSE',
      '/markets/mic/XNYS',
      '/currencies/USD',
      '/markets/US.NYSE/is_available',
      '/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z',
      '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31',
      '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31&format=csv',
      '/openapi.json',
      '/markets/US.NYSE/holidays.ics?start=2023-01-01&end=2023-12-31',
    ];
    // One listening server: /openapi.json names the address it is reached at.
    const server = app.listen(0);
    try {
      for (const path of paths) {
        const res = await request(server).get(path).expect(200);
        expect(res.headers.etag, path).toMatch(/^W\/"/);
        await request(server).get(path).set('If-None-Match', res.headers.etag!).expect(304);
      }
    } finally {
      server.close();
    }
    // CSV and JSON of one URL are different bodies: different tags.
    const json = await request(app).get(paths[6]!);
    const csv = await request(app).get(paths[7]!);
    expect(csv.headers.etag).not.toBe(json.headers.etag);
  });

  it('an answer at "now" has none', async () => {
    const res = await request(app).get('/markets/US.NYSE/status').expect(200);
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('a URL over the limit', () => {
  let s: RunningServer;
  afterAll(() => s?.close());

  it('is 431 with a JSON body', async () => {
    s = await createServer({ data: fixtureData(), port: 0, logLevel: 'silent' });
    const { port } = new URL(s.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
      socket.write(`GET /markets/${'A'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/Content-Type: application\/json/i);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body.detail).toContain('too large');
  });
});
