/**
 * Retries, timeouts and aborts, against tiny stub servers: a 503 or 429 is asked again after its
 * `Retry-After` (or the backoff), a longer wait than allowed is the error at once, a call that
 * outlives its timeout or its signal is abandoned.
 */
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, OpenbellError } from '../src/index.js';
import { listen, type Served } from './serve.js';

const stubs: Served[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

/** A server answering each request with the next of `answers` (the last one repeated), recording when each came. */
async function serveAnswers(answers: ((res: http.ServerResponse) => void)[]) {
  const times: number[] = [];
  const stub = await listen((_req, res) => {
    times.push(Date.now());
    answers[Math.min(times.length - 1, answers.length - 1)]!(res);
  });
  stubs.push(stub);
  return { base: stub.base, times };
}
const busy =
  (status: number, retryAfter?: string) =>
  (res: http.ServerResponse): void => {
    res.writeHead(status, {
      'Content-Type': 'application/json',
      ...(retryAfter === undefined ? {} : { 'Retry-After': retryAfter }),
    });
    res.end(JSON.stringify({ detail: 'busy' }));
  };
const ok = (res: http.ServerResponse): void => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'X-Openbell-Data-Version': 'v1' });
  res.end('[{"code":"USD"}]');
};

describe('retries on 429 and 503', () => {
  it('waits for Retry-After on a 503, then answers', async () => {
    const { base, times } = await serveAnswers([busy(503, '1'), ok]);
    const answer = await createClient(base).listCurrencies();
    expect(answer).toEqual([{ code: 'USD' }]);
    expect(times.length).toBe(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
  });

  it('backs off, doubling, on a 429 without Retry-After', async () => {
    const { base, times } = await serveAnswers([busy(429), busy(429), ok]);
    await createClient(base, { retryDelayMs: 100 }).listCurrencies();
    expect(times.length).toBe(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(90);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(190);
  });

  it('gives up after its retries with the last answer as the error', async () => {
    const { base, times } = await serveAnswers([busy(503, '0')]);
    const err = await createClient(base, { retries: 2 })
      .listCurrencies()
      .catch((e) => e);
    expect(times.length).toBe(3);
    expect(err).toBeInstanceOf(OpenbellError);
    expect(err).toMatchObject({ status: 503, code: 'not_loaded', name: 'DataNotLoadedError', detail: 'busy' });
  });

  it('a Retry-After longer than maxRetryDelayMs is the error at once', async () => {
    const { base, times } = await serveAnswers([busy(503, '3600'), ok]);
    await expect(createClient(base).listCurrencies()).rejects.toMatchObject({ status: 503 });
    expect(times.length).toBe(1);
  });
});

describe('timeouts and AbortSignal', () => {
  const silent = () => {
    /* never answers */
  };
  it('a call that outlives timeoutMs is abandoned with a TimeoutError', async () => {
    const { base } = await serveAnswers([silent]);
    const started = Date.now();
    await expect(createClient(base, { timeoutMs: 200 }).listCurrencies()).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("the caller's signal aborts a call, and the wait before a retry", async () => {
    const { base } = await serveAnswers([silent]);
    const ac = new AbortController();
    const pending = createClient(base).with({ signal: ac.signal }).listCurrencies();
    setTimeout(() => ac.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const waiting = await serveAnswers([busy(503, '30')]);
    const later = new AbortController();
    const retrying = createClient(waiting.base, { signal: later.signal }).listCurrencies();
    setTimeout(() => later.abort(), 100);
    await expect(retrying).rejects.toMatchObject({ name: 'AbortError' });
  });
});
