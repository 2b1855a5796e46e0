/**
 * Bounded answers on the server: ranges bounded by the coverage window, long answers written in pieces, and the answer
 * cache
 * (bounded in bytes, keyed by the arguments an operation reads, with ETag and 304).
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadSample } from '@openbell/loader';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../src/http/dispatcher.js';
import { createApp, createLogger } from '../src/index.js';
import { BodyCache, canonicalKey } from '../src/http/answer-cache.js';
import { DataHolder } from '../src/updates.js';
import { listenApp } from './sample-server.js';
import { operations } from '@openbell/catalog';
import { DEFAULT_BLOCK_BYTES, monthBlockBytes, setMonthBlockBytes } from '@openbell/core';

const sample = await loadSample();
const app = createApp({ data: sample, logLevel: 'silent', now: () => Date.parse('2023-11-15T17:00:00Z') });
const get = (path: string) => request(app).get(path);

describe('ranges a coverage window bounds', () => {
  it('answer phases, days and sessions over any range inside the window, streamed (no ten-year cap)', async () => {
    // docs/rest.md "Limits": the market's window (2000-01-01 to 2030-12-25 here) bounds the range.
    for (const kind of ['phases', 'days', 'sessions']) {
      const res = await get(`/markets/US.NYSE/${kind}?start=2000-01-01&end=2030-12-25`).expect(200);
      expect(res.headers['transfer-encoding'], kind).toBe('chunked');
      expect(res.body.length, kind).toBeGreaterThan(7000);
    }
  });

  it(
    'a range leaving the window is 400 naming it, before its length is looked at; end before start stays ' + '422',
    async () => {
      for (const [start, end] of [
        ['1990-01-01', '2030-12-25'],
        ['2000-01-01', '2045-01-01'],
        ['1950-01-01', '2023-01-01'],
      ]) {
        const res = await get(`/markets/US.NYSE/phases?start=${start}&end=${end}`).expect(400);
        expect(res.body.detail).toContain('2000-01-01 to 2030-12-25');
      }
      const order = await get('/markets/US.NYSE/phases?start=2030-01-01&end=1990-01-01').expect(422);
      expect(order.body.detail[0].loc).toEqual(['query', 'end']);
    },
  );

  it('--max-range-days does not cap them', async () => {
    const narrow = createApp({ data: sample, logLevel: 'silent', maxRangeDays: 7 });
    await request(narrow).get('/markets/US.NYSE/phases?start=2023-11-01&end=2023-11-30').expect(200);
  });
});

describe('long answers in pieces', () => {
  it('a ten-year answer is written chunked and equals the core answer', async () => {
    const res = await get('/markets/US.CME.EQUITY.USINDEX1/phases?start=2012-01-01&end=2021-12-31').expect(200);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.body).toEqual(sample.dataset.generatePhases('US.CME.EQUITY.USINDEX1', '2012-01-01', '2021-12-31'));
    const days = await get('/markets/US.NYSE/days?start=2012-01-01&end=2021-12-31').expect(200);
    expect(days.body).toEqual(sample.dataset.listDays('US.NYSE', '2012-01-01', '2021-12-31'));
  });

  it('an answer still on its way keeps its bytes: later answers never write in them (cache off)', () => {
    // A minute per slice: on a loaded machine a year of phases can take longer than the default
    // 8 ms, which would send it chunked and leave this test nothing to look at.
    const dispatch = createDispatcher({
      holder: new DataHolder(sample),
      now: Date.now,
      logger: createLogger('silent'),
      cacheBytes: 0,
      sliceMs: 60_000,
    });
    // A response that keeps the pieces it is given, as a socket not yet drained holds them.
    const send = (url: string) => {
      const pieces: Uint8Array[] = [];
      const res = Object.assign(new EventEmitter(), {
        destroyed: false,
        writableEnded: false,
        headersSent: false,
        headers: {} as Record<string, unknown>,
        // Headers come as one flat list [name, value, …] (http/data-head.ts); none was set before.
        writeHead: (_status: number, h: unknown[]) => {
          res.headers = {};
          for (let i = 0; i < h.length; i += 2) res.headers[String(h[i])] = h[i + 1];
          return res;
        },
        hasHeader: () => false,
        cork: () => undefined,
        uncork: () => undefined,
        write: (b: Uint8Array) => (pieces.push(b), true),
        end: (b?: Uint8Array) => void (b && pieces.push(b)),
      });
      expect(dispatch({ method: 'GET', url, headers: {} } as IncomingMessage, res as unknown as ServerResponse)).toBe(
        true,
      );
      return { res, body: () => Buffer.concat(pieces) };
    };
    const phases = (s: string, e: string) =>
      Buffer.from(JSON.stringify(sample.dataset.generatePhases('US.NYSE', s, e)));
    const first = send('/markets/US.NYSE/phases?start=2023-01-01&end=2023-12-31');
    const want = phases('2023-01-01', '2023-12-31');
    expect(first.body().equals(want)).toBe(true);
    expect(Number(first.res.headers['Content-Length'])).toBe(want.length);
    // Later answers over the same months and others: the first one's bytes stay as they were.
    const second = send('/markets/US.NYSE/days?start=2022-01-01&end=2023-12-31');
    const third = send('/markets/US.NYSE/phases?start=2023-03-15&end=2024-03-14');
    expect(first.body().equals(want)).toBe(true);
    expect(
      second.body().equals(Buffer.from(JSON.stringify(sample.dataset.listDays('US.NYSE', '2022-01-01', '2023-12-31')))),
    ).toBe(true);
    expect(third.body().equals(phases('2023-03-15', '2024-03-14'))).toBe(true);
  });

  it('a short answer is sent whole, with its length', async () => {
    const res = await get('/markets/US.NYSE/phases?start=2023-11-20&end=2023-11-24').expect(200);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(res.body)));
  });

  it('other requests are answered while a long one is being written', async () => {
    const big = request(app).get('/markets/US.CME.EQUITY.USINDEX1/days?start=2012-01-01&end=2021-12-31');
    let bigDone = false;
    const finished = big.then((r) => {
      bigDone = true;
      return r;
    });
    // Give the big one a head start, then ask for health: it must not wait for the whole answer.
    await new Promise((r) => setImmediate(r));
    const health = await get('/health').expect(200);
    expect(health.body.status).toBe('healthy');
    expect(bigDone).toBe(false);
    expect((await finished).status).toBe(200);
  });
});

describe('answer cache', () => {
  it(
    'is keyed by the arguments the operation reads: ignored or reordered parameters share an entry and an ' + 'ETag',
    async () => {
      const a = await get('/markets/us.nyse/holidays?start=2024-01-01&end=2024-12-31').expect(200);
      const b = await get('/markets/US.NYSE/holidays?end=2024-12-31&ignored=1&start=2024-01-01').expect(200);
      expect(a.headers.etag).toBeDefined();
      expect(b.headers.etag).toBe(a.headers.etag);
      const op = operations.listMarketHolidays;
      expect(canonicalKey(op, { identifier: 'US.NYSE', start: '2024-01-01', end: '2024-12-31' })).toBe(
        canonicalKey(op, { end: '2024-12-31', identifier: 'US.NYSE', start: '2024-01-01', x: 1 }),
      );
    },
  );

  it('answers 304 to a matching If-None-Match, and a new ETag after a data swap', async () => {
    const first = await get('/markets/XNYS/holidays?start=2024-01-01&end=2024-12-31').expect(200);
    const etag = first.headers.etag!;
    await request(app)
      .get('/markets/XNYS/holidays?start=2024-01-01&end=2024-12-31')
      .set('If-None-Match', etag)
      .expect(304);
    const other = createApp({
      data: { ...sample, meta: { ...sample.meta, version: 'another-version' } },
      logLevel: 'silent',
    });
    const again = await request(other)
      .get('/markets/XNYS/holidays?start=2024-01-01&end=2024-12-31')
      .set('If-None-Match', etag)
      .expect(200);
    expect(again.headers.etag).not.toBe(etag);
  });

  it('stays within its byte budget, least recently used out first', () => {
    const cache = new BodyCache(64 * 1024);
    const body = Buffer.alloc(4000, 'x');
    for (let i = 0; i < 3000; i++) cache.set(`key-${i}`, body);
    expect(cache.size).toBeLessThanOrEqual(64 * 1024);
    expect(cache.get('key-2999')).toBeDefined();
    expect(cache.get('key-0')).toBeUndefined();
    // An answer larger than an eighth of the budget is not kept.
    cache.set('huge', Buffer.alloc(9000));
    expect(cache.get('huge')).toBeUndefined();
  });
});

describe('compression', () => {
  it(
    'large answers come brotli- or gzip-compressed when accepted, the same JSON once decoded; small ones ' + 'plain',
    async () => {
      const http = await import('node:http');
      const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
      const { port, close } = await listenApp(app);
      const fetchRaw = (path: string, encoding: string) =>
        new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': encoding } }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            })
            .on('error', reject);
        });
      try {
        const path = '/markets/US.NYSE/phases?start=2023-01-01&end=2023-12-31';
        const plain = await fetchRaw(path, 'identity');
        expect(plain.headers['content-encoding']).toBeUndefined();
        for (const [enc, undo] of [
          ['br', brotliDecompressSync],
          ['gzip', gunzipSync],
        ] as const) {
          for (let i = 0; i < 2; i++) {
            const res = await fetchRaw(path, enc);
            expect(res.headers['content-encoding']).toBe(enc);
            expect(res.headers.vary).toBe('Accept, Accept-Encoding');
            expect(res.headers.etag).toBe(plain.headers.etag);
            expect(res.body.length).toBeLessThan(plain.body.length / 4);
            expect(undo(res.body).equals(plain.body)).toBe(true);
          }
        }
        const small = await fetchRaw('/markets/US.NYSE/holidays?start=2023-11-01&end=2023-11-30', 'gzip, br');
        expect(small.headers['content-encoding']).toBeUndefined();
      } finally {
        await close();
      }
    },
  );
});

describe('month blocks', () => {
  it('are bounded by blockBytes; 0 keeps none and answers the same bytes', async () => {
    const want = JSON.stringify(sample.dataset.generatePhases('US.NYSE', '2022-01-01', '2022-12-31'));
    try {
      const none = createApp({ data: sample, logLevel: 'silent', cacheBytes: 0, blockBytes: 0 });
      const a = await request(none).get('/markets/US.NYSE/phases?start=2022-01-01&end=2022-12-31').expect(200);
      expect(a.text).toBe(want);
      expect(monthBlockBytes()).toBe(0);
      const small = createApp({ data: sample, logLevel: 'silent', cacheBytes: 0, blockBytes: 512 * 1024 });
      for (const year of [2020, 2021, 2022, 2023]) {
        const b = await request(small).get(`/markets/US.NYSE/days?start=${year}-01-01&end=${year}-12-31`).expect(200);
        expect(b.text).toBe(JSON.stringify(sample.dataset.listDays('US.NYSE', `${year}-01-01`, `${year}-12-31`)));
        expect(monthBlockBytes()).toBeGreaterThan(0);
        expect(monthBlockBytes()).toBeLessThanOrEqual(512 * 1024);
      }
    } finally {
      setMonthBlockBytes(DEFAULT_BLOCK_BYTES);
    }
  });
});
