/**
 * Bars, their count and special sessions over HTTP: JSON and CSV as core writes them, the
 * answer cache's ETag and 304, every error status, the bar limit refused before a header is
 * written, and a long answer written no faster than a slow reader takes it.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadSample } from '@openbell/loader';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../src/http/dispatcher.js';
import { createApp, createLogger } from '../src/index.js';
import { DataHolder } from '../src/updates.js';
import { fixtureData } from './fixture.js';

const sample = await loadSample();
const ds = sample.dataset;
const app = createApp({ data: sample, logLevel: 'silent' });
const get = (path: string) => request(app).get(path);

const DAY = '/markets/XNYS/bars?start=2023-11-24&end=2023-11-24&period=5m';
const YEAR = '/markets/XNYS/bars?start=2023-01-01&end=2023-12-31&period=1m';
// About 1.3 million minutes of CME futures trading: over the limit.
const TOO_MANY = '/markets/US.CME.EQUITY.USINDEX1/bars?start=2020-01-01&end=2023-12-31&period=1m';

describe('GET /markets/{identifier}/bars', () => {
  it('answers the bars as JSON: the early close of the day after Thanksgiving ends the last bar at 13:00', async () => {
    const res = await get(DAY)
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(res.body).toHaveLength(42);
    expect(res.body[0]).toEqual({
      date: '2023-11-24',
      start: '2023-11-24T09:30:00-05:00',
      end: '2023-11-24T09:35:00-05:00',
    });
    expect(res.body.at(-1)).toEqual({
      date: '2023-11-24',
      start: '2023-11-24T12:55:00-05:00',
      end: '2023-11-24T13:00:00-05:00',
    });
    expect(res.body).toEqual([...ds.bars('XNYS', '2023-11-24', '2023-11-24', { period: '5m' })]);
  });

  it('passes force_close and breaks on: Tokyo bars run across lunch with breaks=ignore', async () => {
    const split = await get('/markets/XTKS/bars?start=2023-11-24&end=2023-11-24&period=30m').expect(200);
    const ignore = await get(
      '/markets/XTKS/bars?start=2023-11-24&end=2023-11-24&period=30m&breaks=ignore&force_close=false',
    ).expect(200);
    expect(split.body).toEqual([...ds.bars('XTKS', '2023-11-24', '2023-11-24', { period: '30m' })]);
    expect(ignore.body).toEqual([
      ...ds.bars('XTKS', '2023-11-24', '2023-11-24', { period: '30m', breaks: 'ignore', forceClose: false }),
    ]);
    expect(ignore.body).not.toEqual(split.body);
  });

  it('answers CSV for format=csv and Accept: text/csv, the same rows', async () => {
    const a = await get(`${DAY}&format=csv`)
      .expect(200)
      .expect('Content-Type', /text\/csv/);
    const b = await get(DAY)
      .set('Accept', 'text/csv')
      .expect(200)
      .expect('Content-Type', /text\/csv/);
    expect(b.text).toBe(a.text);
    const lines = a.text.split('\r\n');
    expect(lines[0]).toBe('Date,Start,End');
    expect(lines[1]).toBe('2023-11-24,2023-11-24T09:30:00-05:00,2023-11-24T09:35:00-05:00');
    expect(lines).toHaveLength(42 + 2); // header, 42 rows, and the empty text after the last CRLF
  });

  it('a year of one-minute bars goes out chunked, as JSON and as CSV, equal to core bytes', async () => {
    const json = await get(YEAR).expect(200);
    expect(json.headers['transfer-encoding']).toBe('chunked');
    expect(json.body).toHaveLength(97_140);
    const csv = await get(`${YEAR}&format=csv`)
      .expect(200)
      .expect('Content-Type', /text\/csv/);
    const want = Buffer.concat(
      [...ds.barCsvChunks('XNYS', '2023-01-01', '2023-12-31', { period: '1m' })].map((c) => Buffer.from(c)),
    );
    expect(csv.text).toBe(want.toString());
  });

  it('has an ETag, answers 304 to it, and shares it across spellings of the same query', async () => {
    const first = await get(DAY).expect(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\//);
    await get(DAY).set('If-None-Match', etag).expect(304);
    const same = await get(
      '/markets/xnys/bars?period=5m&end=2023-11-24&start=2023-11-24&force_close=yes&breaks=split',
    ).expect(200);
    expect(same.headers.etag).toBe(etag);
    const other = await get(`${DAY}&force_close=false`).expect(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('422 names period (and every other fault) at its place in the query', async () => {
    const res = await get(
      '/markets/XNYS/bars?start=2023-11-24&end=2023-11-24&period=5M&force_close=maybe&breaks=skip',
    ).expect(422);
    expect(res.body.detail.map((e: { loc: string[] }) => e.loc)).toEqual([
      ['query', 'period'],
      ['query', 'force_close'],
      ['query', 'breaks'],
    ]);
    for (const bad of ['0m', '1441m', '25h', '05m', '2d', '1M', '']) {
      const r = await get(`/markets/XNYS/bars?start=2023-11-24&end=2023-11-24&period=${bad}`).expect(422);
      expect(r.body.detail[0].loc, bad).toEqual(['query', 'period']);
    }
    const missing = await get('/markets/XNYS/bars?start=2023-11-24&end=2023-11-24').expect(422);
    expect(missing.body.detail).toEqual([
      { loc: ['query', 'period'], msg: expect.any(String), type: 'missing', input: null },
    ]);
  });

  it('refuses more than a million bars with a 422 naming the count', async () => {
    const res = await get(TOO_MANY).expect(422);
    const count = ds.countBars('US.CME.EQUITY.USINDEX1', '2020-01-01', '2023-12-31', { period: '1m' }).count;
    expect(count).toBeGreaterThan(1_000_000);
    expect(res.body.detail).toEqual([
      {
        loc: ['query', 'end'],
        msg: expect.stringContaining(`holds ${count} bars`),
        type: 'too_many_bars',
        input: '2023-12-31',
      },
    ]);
    await get(`${TOO_MANY}&format=csv`).expect(422);
  });

  it('the bar limit is answered before any header: no 200 is ever written', () => {
    const dispatch = createDispatcher({
      holder: new DataHolder(sample),
      now: Date.now,
      logger: createLogger('silent'),
    });
    for (const url of [TOO_MANY, `${TOO_MANY}&format=csv`]) {
      const heads: number[] = [];
      let written = 0;
      const res = Object.assign(new EventEmitter(), {
        destroyed: false,
        writableEnded: false,
        headersSent: false,
        statusCode: 200,
        setHeader: () => undefined,
        writeHead: (status: number) => (heads.push(status), res),
        write: (b: Buffer) => ((written += b.length), true),
        end: () => void (res.writableEnded = true),
      });
      dispatch({ method: 'GET', url, headers: {} } as IncomingMessage, res as unknown as ServerResponse);
      expect(heads, url).toEqual([422]);
      expect(written, url).toBe(0);
    }
  });

  it('404 for an unknown market, 400 out of coverage, 403 without schedules', async () => {
    await get('/markets/XXXX/bars?start=2023-11-24&end=2023-11-24&period=5m').expect(404);
    await get('/markets/XNYS/bars?start=1990-01-01&end=1990-01-31&period=5m').expect(400);
    const holidaysOnly = createApp({ data: fixtureData('h', 'holidays_only'), logLevel: 'silent' });
    for (const p of ['bars', 'bars/count'])
      await request(holidaysOnly).get(`/markets/US.NYSE/${p}?start=2023-11-20&end=2023-11-24&period=5m`).expect(403);
    await request(holidaysOnly).get('/markets/US.NYSE/special-sessions?start=2023-01-01&end=2023-12-31').expect(403);
  });
});

describe('GET /markets/{identifier}/bars/count', () => {
  it('counts without the bar limit, with the same parameters', async () => {
    const res = await get('/markets/XTKS/bars/count?start=2023-11-20&end=2023-11-24&period=30m').expect(200);
    expect(res.body).toEqual({ start: '2023-11-20', end: '2023-11-24', period: '30m', count: 40 });
    const many = await get(TOO_MANY.replace('/bars?', '/bars/count?')).expect(200);
    expect(many.body.count).toBeGreaterThan(1_000_000);
    const first = await get('/markets/XTKS/bars/count?start=2023-11-20&end=2023-11-24&period=30m').expect(200);
    await get('/markets/XTKS/bars/count?start=2023-11-20&end=2023-11-24&period=30m')
      .set('If-None-Match', first.headers.etag!)
      .expect(304);
    const bad = await get('/markets/XTKS/bars/count?start=2023-11-20&end=2023-11-24&period=90s').expect(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'period']);
    await get('/markets/XXXX/bars/count?start=2023-11-20&end=2023-11-24&period=30m').expect(404);
    await get('/markets/XTKS/bars/count?start=1990-01-01&end=1990-01-02&period=30m').expect(400);
  });
});

describe('GET /markets/{identifier}/special-sessions', () => {
  const PATH = '/markets/XNYS/special-sessions?start=2024-01-01&end=2024-12-31';

  it('lists the early closes of 2024, as JSON and as CSV, with an ETag', async () => {
    const res = await get(PATH).expect(200);
    expect(res.body.map((s: { date: string }) => s.date)).toEqual(['2024-07-03', '2024-11-29', '2024-12-24']);
    expect(res.body[0]).toEqual({
      date: '2024-07-03',
      open: '2024-07-03T09:30:00-04:00',
      close: '2024-07-03T13:00:00-04:00',
      regular_open: '2024-07-03T09:30:00-04:00',
      regular_close: '2024-07-03T16:00:00-04:00',
      late_open: false,
      early_close: true,
      holiday_name: 'Independence Day',
    });
    const csv = await get(PATH)
      .set('Accept', 'text/csv')
      .expect(200)
      .expect('Content-Type', /text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe(
      'Date,Open,Close,Regular Open,Regular Close,Late Open,Early Close,Holiday Name',
    );
    expect(csv.text.split('\r\n')[1]).toBe(
      [
        '2024-07-03',
        '2024-07-03T09:30:00-04:00',
        '2024-07-03T13:00:00-04:00',
        '2024-07-03T09:30:00-04:00',
        '2024-07-03T16:00:00-04:00',
        'false,true,Independence Day',
      ].join(','),
    );
    await get(PATH).set('If-None-Match', res.headers.etag!).expect(304);
  });

  it('errors: 422 on a bad date, 404, 400', async () => {
    const bad = await get('/markets/XNYS/special-sessions?start=2024-13-01&end=2024-12-31').expect(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'start']);
    await get('/markets/XXXX/special-sessions?start=2024-01-01&end=2024-12-31').expect(404);
    await get('/markets/XNYS/special-sessions?start=1990-01-01&end=1990-12-31').expect(400);
  });
});

describe('a long answer and a slow reader', () => {
  let server: http.Server;
  let port: number;
  const responses: ServerResponse[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      responses.push(res);
      (app as unknown as http.RequestListener)(req, res);
    });
    server.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  for (const [label, suffix] of [
    ['JSON', ''],
    ['CSV', '&format=csv'],
  ] as const) {
    it(`${label}: the server holds at most a few MB for a paused reader, then sends every byte`, async () => {
      const before = responses.length;
      // Uncompressed, so that the bytes counted are the bytes produced.
      const req = http.get({
        host: '127.0.0.1',
        port,
        path: YEAR + suffix,
        headers: { 'Accept-Encoding': 'identity' },
      });
      const res = await new Promise<http.IncomingMessage>((r) => req.once('response', r));
      res.pause();
      const sent = responses[before]!;
      // Long enough for an unbounded writer to have queued the whole answer many times over.
      let most = 0;
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 25));
        most = Math.max(most, sent.writableLength);
      }
      expect(sent.writableEnded).toBe(false);
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.resume();
      await new Promise((r) => res.once('end', r));
      const body = Buffer.concat(chunks);
      // A year of minutes is over 6 MB; what waits in the server's buffer stays near the first slice (1 MB).
      expect(body.length).toBeGreaterThan(6_000_000);
      expect(most).toBeLessThan(3_000_000);
      const want = Buffer.concat(
        [
          ...(suffix
            ? ds.barCsvChunks('XNYS', '2023-01-01', '2023-12-31', { period: '1m' })
            : ds.barJsonChunks('XNYS', '2023-01-01', '2023-12-31', { period: '1m' })),
        ].map((c) => Buffer.from(c)),
      );
      expect(body.equals(want)).toBe(true);
    });
  }
});
