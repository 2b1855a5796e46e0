/**
 * Answers over a whole coverage window (issue 33 item 3) on a real socket: streamed, never kept
 * whole (not in the answer cache, not as month blocks), their pieces handed back to core once
 * sent, and the same bytes as the library's records even when two go out at once to slow readers.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { loadSample } from '@openbell/loader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BLOCK_BYTES, monthBlockBytes, pooledPieces, setMonthBlockBytes } from '@openbell/core';
import { createApp } from '../src/index.js';
import { type Listening, listenApp } from './sample-server.js';

const sample = await loadSample();
let listening: Listening;
let base: string;

beforeAll(async () => {
  setMonthBlockBytes(DEFAULT_BLOCK_BYTES);
  const app = createApp({ data: sample, logLevel: 'silent', now: () => Date.parse('2023-11-15T17:00:00Z') });
  listening = await listenApp(app);
  base = listening.base;
});
afterAll(async () => {
  await listening.close();
});

/** GETs `path`, pausing after each of the first pieces so the server meets a full socket. */
function slowGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent: false, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => {
          parts.push(d);
          if (parts.length < 40) {
            res.pause();
            setTimeout(() => res.resume(), 2);
          }
        });
        res.on('end', () => resolve({ body: Buffer.concat(parts), headers: res.headers }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const WHOLE = 'start=2000-01-01&end=2030-12-25';

describe('an answer over the whole window', () => {
  it('equals the records, two at once to slow readers, and keeps no month block', async () => {
    expect(monthBlockBytes()).toBe(0);
    const [phases, days] = await Promise.all([
      slowGet(`/markets/US.NYSE/phases?${WHOLE}`),
      slowGet(`/markets/US.NYSE/days?${WHOLE}`),
    ]);
    expect(phases.headers['transfer-encoding']).toBe('chunked');
    expect(days.headers['transfer-encoding']).toBe('chunked');
    const want = (value: unknown) => Buffer.from(JSON.stringify(value));
    expect(phases.body.equals(want(sample.dataset.generatePhases('US.NYSE', '2000-01-01', '2030-12-25')))).toBe(true);
    expect(days.body.equals(want(sample.dataset.listDays('US.NYSE', '2000-01-01', '2030-12-25')))).toBe(true);
    expect(monthBlockBytes()).toBe(0);
  });

  it('hands its pieces back once sent; the next long answer, written in their buffers, is right', async () => {
    const before = pooledPieces().buffers;
    expect(before).toBeGreaterThan(0);
    const again = await slowGet(`/markets/US.NYSE/sessions?${WHOLE}`);
    expect(
      again.body.equals(Buffer.from(JSON.stringify(sample.dataset.sessions('US.NYSE', '2000-01-01', '2030-12-25')))),
    ).toBe(true);
    expect(pooledPieces().buffers).toBeGreaterThan(0);
  });

  it('is not kept by the answer cache: asked again, it is streamed again', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await slowGet(`/markets/US.NYSE/phases?${WHOLE}`);
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(res.headers['content-length']).toBeUndefined();
    }
  });

  it('is compressed as it is streamed when the client accepts it, on its first ask (gzip and br)', async () => {
    const want = Buffer.from(JSON.stringify(sample.dataset.listDays('US.NYSE', '2000-01-01', '2030-12-25')));
    const gz = await slowGet(`/markets/US.NYSE/days?${WHOLE}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['transfer-encoding']).toBe('chunked');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept, Accept-Encoding');
    expect(gz.headers['cache-control']).toMatch(/^public, max-age=\d+, /);
    expect(gz.body.length).toBeLessThan(want.length / 5);
    expect(gunzipSync(gz.body).equals(want)).toBe(true);
    const br = await slowGet(`/markets/US.NYSE/days?${WHOLE}`, { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(want)).toBe(true);
  });
});
