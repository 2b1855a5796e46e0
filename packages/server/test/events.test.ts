/**
 * GET /events: bell events as Server-Sent Events, on a fake clock (the test moves "now"), and
 * once on the server's default clock, the system one, with only Date faked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dataset } from '@openbell/core';
import { createApp, createServer } from '../src/index.js';
import { inMemoryData, type OpenbellApp } from '../src/app.js';
import { fixtureData } from './fixture.js';
import { openSse, type SseStream } from './sse.js';
import { liveTables } from './live-archive.js';
import { captureLogger } from './changes-helpers.js';

const open: { server: http.Server; streams: SseStream[] }[] = [];

async function serve(app: OpenbellApp) {
  const server = http.createServer((req, res) => {
    if (!app.dispatch(req, res)) app(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const entry = { server, streams: [] as SseStream[] };
  open.push(entry);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    sse: async (path: string, headers?: Record<string, string>) => {
      const s = await openSse(base + path, headers);
      entry.streams.push(s);
      return s;
    },
  };
}

afterEach(async () => {
  for (const { server, streams } of open.splice(0)) {
    streams.forEach((s) => s.close());
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

const at = (iso: string) => Date.parse(iso);

describe('bell events on a fake clock', () => {
  it('is the stream at /events and /events/ (a query after either), no other spelling', async () => {
    const app = createApp({ data: fixtureData('v7'), logLevel: 'silent' });
    const { base } = await serve(app);
    const typeOf = (path: string) =>
      new Promise<string>((r) =>
        http
          .request(base + path, (res) => {
            r(`${res.statusCode} ${String(res.headers['content-type']).split(';')[0]}`);
            res.destroy();
          })
          .end(),
      );
    const stream = '200 text/event-stream';
    expect(await typeOf('/events')).toBe(stream);
    expect(await typeOf('/events/')).toBe(stream);
    expect(await typeOf('/events?markets=XNYS')).toBe(stream);
    expect(await typeOf('/events/?markets=XNYS')).toBe(stream);
    for (const other of ['/eventsX', '/events//', '/events/x', '/events.json']) {
      expect(await typeOf(other), other).not.toBe(stream);
    }
  });

  it(
    "a stream, its HEAD and a refused request name the data version that answers, with the stream's " + 'headers',
    async () => {
      const app = createApp({ data: fixtureData('v7'), logLevel: 'silent' });
      const { base } = await serve(app);
      const headers = (path: string, method = 'GET') =>
        new Promise<http.IncomingMessage>((r) => http.request(base + path, { method }, r).end());
      const stream = await headers('/events?markets=XNYS');
      stream.destroy();
      expect(stream.headers).toMatchObject({
        'x-openbell-data-version': 'v7',
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'transfer-encoding': 'chunked',
      });
      expect((await headers('/events', 'HEAD')).headers['x-openbell-data-version']).toBe('v7');
      const refused = await headers(`/events?markets=${Array(1001).fill('XNYS').join(',')}`);
      refused.resume();
      expect([refused.statusCode, refused.headers['x-openbell-data-version']]).toEqual([422, 'v7']);
      app.holder.swap(fixtureData('v8'));
      const next = await headers('/events?markets=XNYS');
      next.destroy();
      expect(next.headers['x-openbell-data-version']).toBe('v8');
    },
  );

  it('sends ready, then each open, close and phase change once the clock passes it', async () => {
    let clock = at('2023-11-15T14:29:58Z'); // 09:29:58 New York
    const app = createApp({
      data: fixtureData(),
      logLevel: 'silent',
      now: () => clock,
      live: { tickMs: 10, heartbeatMs: 60_000 },
    });
    const { sse } = await serve(app);
    const s = await sse('/events?markets=XNYS,NOPE');
    expect(s.status).toBe(200);
    expect((await s.waitFor((f) => f.event === 'ready')).data.markets).toEqual(['US.NYSE']);
    expect((await s.waitFor((f) => f.event === 'market_error')).data).toMatchObject({
      identifier: 'NOPE',
      error: { status: 404 },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(s.frames.filter((f) => f.id)).toEqual([]); // nothing has happened yet

    clock = at('2023-11-15T14:30:00Z');
    const opened = await s.waitFor((f) => f.event === 'open');
    expect(opened).toEqual({
      event: 'open',
      id: `${at('2023-11-15T14:30:00Z')}:US.NYSE`,
      data: {
        id: `${at('2023-11-15T14:30:00Z')}:US.NYSE`,
        market: 'US.NYSE',
        event: 'open',
        at: '2023-11-15T09:30:00-05:00',
        phase: 'Primary Trading Session',
        status: 'Open',
      },
    });

    clock = at('2023-11-15T21:00:05Z'); // 16:00:05: the close
    const closed = await s.waitFor((f) => f.event === 'close');
    expect(closed.data).toMatchObject({
      at: '2023-11-15T16:00:00-05:00',
      phase: 'Post-Trading Session',
      status: 'Closed',
    });
    clock = at('2023-11-16T01:00:00Z'); // 20:00: extended hours end
    const phase = await s.waitFor((f) => f.event === 'phase');
    expect(phase.data).toMatchObject({ at: '2023-11-15T20:00:00-05:00', phase: null });
    // Each event once, in order.
    expect(s.frames.filter((f) => f.id).map((f) => f.event)).toEqual(['open', 'close', 'phase']);
  });

  it('resumes from Last-Event-ID with the events missed since', async () => {
    const clock = at('2023-11-15T22:00:00Z'); // 17:00 New York, after the close
    const app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => clock, live: { tickMs: 10 } });
    const { sse } = await serve(app);
    const lastSeen = `${at('2023-11-15T14:30:00Z')}:US.NYSE`; // the open
    const s = await sse('/events?markets=XNYS', { 'Last-Event-ID': lastSeen });
    const closed = await s.waitFor((f) => f.event === 'close');
    expect(closed.id).toBe(`${at('2023-11-15T21:00:00Z')}:US.NYSE`);
    expect(s.frames.filter((f) => f.id).map((f) => f.event)).toEqual(['close']);
    void clock;
  });

  it('sends heartbeats, and data_changed after a swap, then goes on with the new data', async () => {
    let clock = at('2023-11-15T14:29:00Z');
    const app = createApp({
      data: fixtureData('v1'),
      logLevel: 'silent',
      now: () => clock,
      live: { tickMs: 10, heartbeatMs: 30 },
    });
    const { sse } = await serve(app);
    const s = await sse('/events?markets=XNYS');
    await s.waitFor((f) => f.event === 'heartbeat');
    app.holder.swap(fixtureData('v2'));
    expect((await s.waitFor((f) => f.event === 'data_changed')).data.version).toBe('v2');
    expect(s.frames.filter((f) => f.event === 'ready')).toHaveLength(2);
    clock = at('2023-11-15T14:30:01Z');
    await s.waitFor((f) => f.event === 'open');
  });

  it('answers 503 before data is loaded and 422 for more than 1,000 markets', async () => {
    const { base } = await serve(createApp({ logLevel: 'silent' }));
    const status = (path: string) =>
      new Promise<number>((r) =>
        http.get(base + path, (res) => {
          r(res.statusCode!);
          res.resume();
        }),
      );
    expect(await status('/events?markets=XNYS')).toBe(503);
    const { base: b0 } = await serve(createApp({ data: fixtureData(), logLevel: 'silent' }));
    const head = await new Promise<http.IncomingMessage>((r) =>
      http.request(`${b0}/events`, { method: 'HEAD' }, r).end(),
    );
    expect([head.statusCode, head.headers['content-type']]).toEqual([200, 'text/event-stream; charset=utf-8']);
    const { base: b2 } = await serve(createApp({ data: fixtureData(), logLevel: 'silent' }));
    expect(
      await new Promise<number>((r) =>
        http.get(`${b2}/events?markets=${Array(1001).fill('XNYS').join(',')}`, (res) => {
          r(res.statusCode!);
          res.resume();
        }),
      ),
    ).toBe(422);
  });
});

describe('errors from /events (and the board and feeds)', () => {
  /** Status, the headers an error answer sets, and the parsed body. */
  const answer = (url: string) =>
    new Promise<{ status: number; type: unknown; length: unknown; body: unknown }>((resolve, reject) => {
      http
        .get(url, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              type: res.headers['content-type'],
              length: res.headers['content-length'],
              body: JSON.parse(text),
            }),
          );
        })
        .on('error', reject);
    });

  it('have the status and body the data routes give for the same fault', async () => {
    // No data yet: 503, as /markets/{identifier} answers it, before and after a failed load.
    const empty = createApp({ logLevel: 'silent' });
    const { base: b0 } = await serve(empty);
    const notYet = await answer(`${b0}/events?markets=XNYS`);
    expect(notYet.status).toBe(503);
    expect(notYet).toEqual(await answer(`${b0}/markets/XNYS`));
    expect(notYet.body).toEqual({ detail: expect.any(String) });
    empty.holder.loadError = 'the download failed (HTTP 500)';
    const failed = await answer(`${b0}/events?markets=XNYS`);
    expect(failed).toEqual(await answer(`${b0}/markets/XNYS`));
    expect((failed.body as { detail: string }).detail).toContain('the download failed (HTTP 500)');
    // The board's data and the holiday feeds answer it the same way.
    expect(await answer(`${b0}/board/data`)).toEqual(failed);
    expect(await answer(`${b0}/markets/XNYS/holidays.ics`)).toEqual(failed);
    // More than 1,000 markets: the 422 of the bulk /status, entries with loc, msg and type.
    const { base } = await serve(createApp({ data: fixtureData(), logLevel: 'silent' }));
    const many = `markets=${Array(1001).fill('XNYS').join(',')}`;
    const tooMany = await answer(`${base}/events?${many}`);
    expect(tooMany.status).toBe(422);
    expect(tooMany).toEqual(await answer(`${base}/status?${many}`));
    expect(tooMany.body).toEqual({
      detail: [
        { loc: ['query', 'markets'], msg: expect.any(String), type: expect.any(String), input: expect.any(String) },
      ],
    });
  });
});

describe('graceful close', () => {
  it(
    'an open event stream does not hold up the server closing: the server ends it, nothing waits for the drain ' +
      'timeout',
    async () => {
      const { logger, lines } = captureLogger();
      const running = await createServer({ data: fixtureData(), port: 0, logger, drainTimeoutMs: 20_000 });
      const s = await openSse(`${running.url}/events?markets=XNYS`);
      await s.waitFor((f) => f.event === 'ready');
      await running.close();
      // Held up, the drain would run to its timeout and cut the stream's connection: the log says which.
      const logged = lines.map((l) => JSON.parse(l) as { msg: string; cutConnections?: number });
      expect(logged.filter((l) => l.msg.startsWith('drain timeout'))).toEqual([]);
      expect(logged.find((l) => l.msg.startsWith('drain finished'))).toMatchObject({ cutConnections: 0 });
      s.close();
    },
  );
});

describe("bell events on the server's own clock", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('with no clock passed, the system clock decides: a close is announced once it passes, not before', async () => {
    // Only Date is faked (timers run for real): the system clock stands where the test puts it.
    const t0 = at('2024-03-01T12:00:00Z');
    const closeAt = t0 + 3000;
    vi.useFakeTimers({ toFake: ['Date'], now: t0 });
    const app = createApp({
      data: inMemoryData(Dataset.create(liveTables(t0, closeAt))),
      logLevel: 'silent',
      live: { tickMs: 20, heartbeatMs: 20 },
    });
    const { sse } = await serve(app);
    const s = await sse('/events?markets=LIVE.TEST');
    expect((await s.waitFor((f) => f.event === 'ready')).data.as_of).toBe(new Date(t0).toISOString());
    // A millisecond before the bell, the server reads the clock (its heartbeats say so) and ticks on without announcing
    // it.
    vi.setSystemTime(closeAt - 1);
    const before = new Date(closeAt - 1).toISOString();
    await s.waitFor((f) => f.event === 'heartbeat' && f.data.at === before);
    await new Promise((r) => setTimeout(r, 100));
    expect(s.frames.filter((f) => f.event === 'close')).toEqual([]);
    // At the bell, with the clock standing still there: the close comes on the next tick.
    vi.setSystemTime(closeAt);
    const closed = await s.waitFor((f) => f.event === 'close');
    expect(closed.id).toBe(`${closeAt}:LIVE.TEST`);
    expect(closed.data.market).toBe('LIVE.TEST');
    expect(Date.parse(closed.data.at)).toBe(closeAt);
  });
});
