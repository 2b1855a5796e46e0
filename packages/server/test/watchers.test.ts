/**
 * Many watchers at once (docs/benchmarks.md, "Watchers"), at small counts: the 10,000 are in
 * `bench/watchers.mjs`. A swap reaches every subscriber at once, nothing is lost across it, a
 * subscriber that stops reading is dropped without holding up the others, the subscribers'
 * budget answers 503 past it (streams of one address past its connection cap included), and a
 * hanging webhook receiver delays no other.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dataset } from '@openbell/core';
import { createApp, createServer, WebhookDeliverer } from '../src/index.js';
import { inMemoryData } from '../src/app.js';
import type { OpenbellApp, RunningServer } from '../src/index.js';
import { fixtureData } from './fixture.js';
import { openSse, type SseStream } from './sse.js';
import { captureLogger, changeSetTo } from './changes-helpers.js';
import { liveTables } from './live-archive.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serve(app: OpenbellApp) {
  const server = http.createServer((req, res) => {
    if (!app.dispatch(req, res)) app(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const streams: SseStream[] = [];
  cleanups.push(async () => {
    streams.forEach((s) => s.close());
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sse = async (path: string, headers?: Record<string, string>) => {
    const s = await openSse(base + path, headers);
    streams.push(s);
    return s;
  };
  return { base, server, sse };
}

const at = (iso: string) => Date.parse(iso);
const OPEN = `${at('2023-11-15T14:30:00Z')}:US.NYSE`;
const CLOSE = `${at('2023-11-15T21:00:00Z')}:US.NYSE`;
const named = (s: SseStream) => s.frames.filter((f) => f.event !== 'heartbeat').map((f) => f.event);

describe('a data swap at fan-out', () => {
  it('reaches all 50 subscribers at the swap itself (not on a tick), after the events already due', async () => {
    let clock = at('2023-11-15T14:29:00Z');
    // A minute between ticks: only the swap itself can send anything within the test.
    const slowTicks = { tickMs: 60_000, heartbeatMs: 60_000 };
    const app = createApp({ data: fixtureData('v1'), logLevel: 'silent', now: () => clock, live: slowTicks });
    const { sse } = await serve(app);
    const subs = await Promise.all(Array.from({ length: 50 }, () => sse('/events?markets=XNYS')));
    await Promise.all(subs.map((s) => s.waitFor((f) => f.event === 'ready')));
    // The open is due, but no tick has come to send it.
    clock = at('2023-11-15T14:30:01Z');
    const swappedAt = performance.now();
    app.holder.swap(fixtureData('v2'));
    await Promise.all(subs.map((s) => s.waitFor((f) => f.event === 'data_changed', 2000)));
    expect(performance.now() - swappedAt).toBeLessThan(2000);
    for (const s of subs) {
      expect(named(s)).toEqual(['ready', 'open', 'data_changed', 'ready']);
      expect(s.frames.find((f) => f.event === 'open')!.id).toBe(OPEN);
      expect(s.frames.find((f) => f.event === 'data_changed')!.data.version).toBe('v2');
    }
  });

  it('loses no event across swaps: each once live, and Last-Event-ID resumes on the data served now', async () => {
    let clock = at('2023-11-15T14:29:00Z');
    const slowTicks = { tickMs: 60_000, heartbeatMs: 60_000 };
    const app = createApp({ data: fixtureData('v1'), logLevel: 'silent', now: () => clock, live: slowTicks });
    const { sse } = await serve(app);
    const live = await sse('/events?markets=XNYS');
    await live.waitFor((f) => f.event === 'ready');
    clock = at('2023-11-15T14:30:01Z');
    app.holder.swap(fixtureData('v2'));
    await live.waitFor((f) => f.event === 'data_changed' && f.data.version === 'v2');
    clock = at('2023-11-15T21:00:01Z');
    app.holder.swap(fixtureData('v3'));
    await live.waitFor((f) => f.event === 'data_changed' && f.data.version === 'v3');
    expect(live.frames.filter((f) => f.id).map((f) => f.id)).toEqual([OPEN, CLOSE]);
    // A client that saw the open before the swaps, reconnecting now: the close, once, then live.
    const back = await sse('/events?markets=XNYS', { 'Last-Event-ID': OPEN });
    await back.waitFor((f) => f.event === 'close');
    expect(back.frames.filter((f) => f.id).map((f) => f.id)).toEqual([CLOSE]);
    expect(named(back)).toEqual(['ready', 'close']);
  });
});

describe('subscribers on different sets of markets', () => {
  it('wait on one timer; a swap sends data_changed to every channel before planning any, each in order', async () => {
    let clock = at('2023-11-15T14:29:00Z');
    const slowTicks = { tickMs: 60_000, heartbeatMs: 60_000 };
    const app = createApp({ data: fixtureData('v1'), logLevel: 'silent', now: () => clock, live: slowTicks });
    const { sse } = await serve(app);
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    // 80 channels (more than get one frame each at a swap): each set names an unknown market too.
    const subs = await Promise.all(Array.from({ length: 80 }, (_, i) => sse(`/events?markets=XNYS,NOPE${i}`)));
    await Promise.all(subs.map((s) => s.waitFor((f) => f.event === 'market_error')));
    expect(timers() - before).toBeLessThanOrEqual(1);
    // The open is due; the swap sends it on the old data, then data_changed, then the new plan.
    clock = at('2023-11-15T14:30:01Z');
    const written: string[] = [];
    const write = net.Socket.prototype.write as (this: net.Socket, ...args: unknown[]) => boolean;
    const spy = vi.spyOn(net.Socket.prototype, 'write').mockImplementation(function (
      this: net.Socket,
      ...a: unknown[]
    ) {
      if (Buffer.isBuffer(a[0])) written.push(a[0].toString('latin1'));
      return write.apply(this, a);
    } as typeof net.Socket.prototype.write);
    let readyInSwap = -1;
    try {
      app.holder.swap(fixtureData('v2'));
      // The swap itself sent data_changed only: the planning comes in slices of the loop after it.
      readyInSwap = written.filter((w) => w.includes('event: ready')).length;
      await Promise.all(
        subs.map((s) =>
          s.waitFor((f) => f.event === 'ready' && f.data.markets !== undefined && s.frames.indexOf(f) > 2),
        ),
      );
    } finally {
      spy.mockRestore();
    }
    expect(readyInSwap).toBe(0);
    const changed = written.flatMap((w, i) => (w.includes('event: data_changed') ? [i] : []));
    const replanned = written.flatMap((w, i) => (w.includes('event: ready') ? [i] : []));
    expect([changed.length, replanned.length]).toEqual([80, 80]);
    expect(Math.max(...changed)).toBeLessThan(Math.min(...replanned));
    for (const [i, s] of subs.entries()) {
      expect(named(s)).toEqual(['ready', 'market_error', 'open', 'data_changed', 'ready', 'market_error']);
      expect(s.frames.find((f) => f.event === 'open')!.id).toBe(OPEN);
      expect(s.frames.filter((f) => f.event === 'market_error').map((f) => f.data.identifier)).toEqual([
        `NOPE${i}`,
        `NOPE${i}`,
      ]);
    }
  });

  it('two swaps in one turn, or a newcomer, before the channels are planned: in order, nothing twice', async () => {
    let clock = at('2023-11-15T14:29:00Z');
    const slowTicks = { tickMs: 60_000, heartbeatMs: 60_000 };
    const app = createApp({ data: fixtureData('v1'), logLevel: 'silent', now: () => clock, live: slowTicks });
    const { sse } = await serve(app);
    const subs = await Promise.all(Array.from({ length: 70 }, (_, i) => sse(`/events?markets=XNYS,NOPE${i}`)));
    await Promise.all(subs.map((s) => s.waitFor((f) => f.event === 'market_error')));
    clock = at('2023-11-15T14:30:01Z');
    app.holder.swap(fixtureData('v2'));
    clock = at('2023-11-15T21:00:01Z');
    app.holder.swap(fixtureData('v3'));
    // A newcomer on the first set, while the slices of the second swap are still to come.
    const late = await sse('/events?markets=XNYS,NOPE0');
    await Promise.all(subs.map((s) => s.waitFor((f) => f.event === 'data_changed' && f.data.version === 'v3')));
    await Promise.all(subs.map((s) => s.waitFor((f) => f.event === 'ready' && s.frames.indexOf(f) > 6)));
    for (const s of subs) {
      expect(named(s)).toEqual([
        'ready',
        'market_error',
        'open',
        'data_changed',
        'ready',
        'market_error',
        'close',
        'data_changed',
        'ready',
        'market_error',
      ]);
      expect(s.frames.filter((f) => f.event === 'data_changed').map((f) => f.data.version)).toEqual(['v2', 'v3']);
      expect(s.frames.filter((f) => f.id).map((f) => f.id)).toEqual([OPEN, CLOSE]);
    }
    await late.waitFor((f) => f.event === 'market_error');
    expect(named(late)).toEqual(['ready', 'market_error']);
  });

  it('the change set summary is not held back while the sets are planned: `data` may come before `ready`', async () => {
    let clock = at('2023-11-15T14:29:00Z');
    let publish: (event: unknown) => void = () => undefined;
    const dataChanges = {
      subscribe(listener: (event: unknown) => void) {
        publish = listener;
        return () => undefined;
      },
    };
    const live = { tickMs: 60_000, heartbeatMs: 60_000, dataChanges };
    const app = createApp({ data: fixtureData('v1'), logLevel: 'silent', now: () => clock, live });
    const { sse } = await serve(app);
    const subs = await Promise.all(Array.from({ length: 70 }, (_, i) => sse(`/events?markets=XNYS,NOPE${i}`)));
    await Promise.all(subs.map((s) => s.waitFor((f) => f.event === 'market_error')));
    clock = at('2023-11-15T14:30:01Z');
    app.holder.swap(fixtureData('v2'));
    // The change set goes out before any slice of planning has run.
    publish({ from_version: 'v1', to_version: 'v2', summary: { soon: 0 } });
    await Promise.all(subs.map((s) => s.waitFor((f) => f.event === 'ready' && s.frames.indexOf(f) > 2)));
    for (const s of subs) {
      expect(named(s)).toEqual(['ready', 'market_error', 'open', 'data_changed', 'data', 'ready', 'market_error']);
      expect(s.frames.find((f) => f.event === 'data')!.data.to_version).toBe('v2');
    }
  });
});

/** A raw stream that reads until `ready`, then stops reading. */
async function stalledStream(base: string, path: string) {
  const u = new URL(base);
  const socket = net.connect({ host: u.hostname, port: Number(u.port) });
  let bytes = 0;
  let seen = '';
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      seen += chunk.toString('latin1');
      if (seen.includes('event: ready')) {
        socket.pause();
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  });
  return {
    closed,
    /** Reads again and counts what arrives until the server's close. */
    drain: () => {
      socket.on('data', (c: Buffer) => (bytes += c.length));
      socket.resume();
    },
    bytes: () => bytes,
  };
}

describe('a bell event at fan-out', () => {
  it('reaches all 50 subscribers at its instant (not on a tick), one frame encoded once for all', async () => {
    // The server's clock runs with real time; the bell (schedules are whole seconds) falls 1.5 s
    // after the test begins.
    const t0 = at('2024-03-01T12:00:00Z');
    const closeAt = t0 + 2000;
    const p0 = performance.now();
    const now = () => t0 + 500 + (performance.now() - p0);
    // A minute between ticks: only a timer set for the bell itself can send it within the test.
    const slowTicks = { tickMs: 60_000, heartbeatMs: 60_000 };
    const data = inMemoryData(Dataset.create(liveTables(t0, closeAt)));
    const app = createApp({ data, logLevel: 'silent', now, live: slowTicks });
    const { sse } = await serve(app);
    const subs = await Promise.all(Array.from({ length: 50 }, () => sse('/events?markets=LIVE.TEST')));
    await Promise.all(subs.map((s) => s.waitFor((f) => f.event === 'ready')));
    expect(now()).toBeLessThan(closeAt);
    // What is handed to the sockets (the test's own clients write no frames).
    const written: unknown[] = [];
    const original = net.Socket.prototype.write;
    const write = vi.spyOn(net.Socket.prototype, 'write').mockImplementation(function (
      this: net.Socket,
      ...args: Parameters<net.Socket['write']>
    ) {
      if (Buffer.isBuffer(args[0]) && args[0].includes('event: close')) written.push(args[0]);
      return original.apply(this, args);
    });
    cleanups.push(() => write.mockRestore());
    const arrivals = await Promise.all(
      subs.map((s) => s.waitFor((f) => f.event === 'close', 5000).then((f) => ({ f, t: now() }))),
    );
    for (const { f, t } of arrivals) {
      expect(f.id).toBe(`${closeAt}:LIVE.TEST`);
      expect(t).toBeGreaterThanOrEqual(closeAt);
      // At its instant: well within a second of it, where the next tick was a minute away.
      expect(t - closeAt).toBeLessThan(1000);
    }
    // One Buffer, the same for every subscriber: nothing made or serialised per subscriber.
    expect(written).toHaveLength(50);
    expect(new Set(written).size).toBe(1);
  });
});

describe('a subscriber that stops reading', () => {
  it('is dropped once more than its bound waits for it; the others get every frame', async () => {
    const listeners = new Set<(e: unknown) => void>();
    const dataChanges = { subscribe: (l: (e: unknown) => void) => (listeners.add(l), () => listeners.delete(l)) };
    const maxQueuedBytes = 256 * 1024;
    const app = createApp({ data: fixtureData(), logLevel: 'silent', live: { maxQueuedBytes, dataChanges } });
    const { base, sse } = await serve(app);
    const readers = await Promise.all(Array.from({ length: 3 }, () => sse('/events?markets=XNYS')));
    await Promise.all(readers.map((s) => s.waitFor((f) => f.event === 'ready')));
    const stalled = await stalledStream(base, '/events?markets=XNYS');
    let dropped = false;
    void stalled.closed.then(() => (dropped = true));
    // 400 frames of 32 KiB, one a millisecond: 12.5 MiB each, far past what the kernel holds
    // for a socket nobody reads, and nothing a reader cannot keep up with.
    const pad = 'x'.repeat(32 * 1024);
    const frames = 400;
    for (let i = 0; i < frames; i++) {
      for (const l of listeners) l({ to_version: `e${i}`, pad });
      await new Promise((r) => setTimeout(r, 1));
    }
    const last = `e${frames - 1}`;
    await Promise.all(readers.map((s) => s.waitFor((f) => f.event === 'data' && f.data.to_version === last, 10_000)));
    for (const s of readers) expect(s.frames.filter((f) => f.event === 'data')).toHaveLength(frames);
    // The stalled one was closed by the server: reading again, it gets what the kernel held and the end.
    stalled.drain();
    await stalled.closed;
    expect(dropped).toBe(true);
    expect(stalled.bytes()).toBeLessThan(frames * pad.length);
  }, 30_000);
});

describe("the subscribers' budget", () => {
  it('past --max-subscribers answers 503 with Retry-After; one address holds more streams than its cap', async () => {
    const { logger } = captureLogger();
    // maxConnections 8: an address may hold 2 connections, and still 50 streams.
    const options = { data: fixtureData(), port: 0, host: '127.0.0.1', logger, maxConnections: 8, maxSubscribers: 50 };
    const running: RunningServer = await createServer(options);
    cleanups.push(() => running.close());
    const subs: SseStream[] = [];
    cleanups.push(() => subs.forEach((s) => s.close()));
    for (let i = 0; i < 50; i++) subs.push(await openSse(`${running.url}/events?markets=XNYS`));
    expect(subs.map((s) => s.status)).toEqual(Array(50).fill(200));
    await Promise.all(subs.map((s) => s.waitFor((f) => f.event === 'ready')));
    const refused = await new Promise<http.IncomingMessage>((r) => http.get(`${running.url}/events?markets=XNYS`, r));
    refused.resume();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    // Requests still get in, from the same address.
    const health = await fetch(`${running.url}/health`);
    expect(health.status).toBe(200);
    expect(running.holder.connections?.()).toMatchObject({
      subscribers: 50,
      subscribersLimit: 50,
      refused: { subscribers: 1, perClient: 0 },
    });
    // A stream that goes leaves room for the next.
    subs.pop()!.close();
    await new Promise((r) => setTimeout(r, 200));
    const next = await openSse(`${running.url}/events?markets=XNYS`);
    subs.push(next);
    expect(next.status).toBe(200);
  }, 30_000);
});

describe('webhooks at fan-out', () => {
  it('receivers that hang (more of them than requests at once) delay no other', async () => {
    const servers: http.Server[] = [];
    cleanups.push(async () => {
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    });
    const got: number[] = [];
    const receiver = async (hang: boolean) => {
      const server = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          if (hang) return;
          got.push(performance.now());
          res.writeHead(204).end();
        });
      });
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    };
    // The hanging ones first in line, four of them for two requests at once.
    const hanging = await Promise.all([1, 2, 3, 4].map(() => receiver(true)));
    const urls = [...hanging, ...(await Promise.all(Array.from({ length: 16 }, () => receiver(false))))];
    const { logger } = captureLogger();
    const d = new WebhookDeliverer({ urls, secret: 's3cret', logger, concurrency: 2, slowAfterMs: 100 });
    cleanups.push(() => d.close());
    const t0 = performance.now();
    d.enqueue(changeSetTo(1));
    const until = performance.now() + 5000;
    while (got.length < 16 && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(got).toHaveLength(16);
    // Well before any hanging request's 10 s timeout.
    expect(Math.max(...got) - t0).toBeLessThan(3000);
  }, 20_000);
});

describe('the board at 1,000 pages', () => {
  it('/board/data is computed once per query until a bell or the next minute; kept is as fresh', async () => {
    let clock = at('2023-11-15T14:29:30Z');
    const data = fixtureData();
    let computed = 0;
    const ds = data.dataset;
    const statusMany = ds.statusMany.bind(ds);
    ds.statusMany = (...args: Parameters<typeof statusMany>) => {
      computed += 1;
      return statusMany(...args);
    };
    const app = createApp({ data, logLevel: 'silent', now: () => clock });
    const { base } = await serve(app);
    const get = async (q = '') => (await fetch(`${base}/board/data${q}`)).json() as Promise<Record<string, any>>;
    // What an answer computed afresh says at the same instant (another app, nothing kept).
    const fresh = async (q = '') => {
      const other = await serve(createApp({ data: fixtureData(), logLevel: 'silent', now: () => clock }));
      return (await fetch(`${other.base}/board/data${q}`)).json();
    };
    // A thousand pages polling at once.
    const pages = [];
    for (let i = 0; i < 20; i++) pages.push(...(await Promise.all(Array.from({ length: 50 }, () => get()))));
    expect(computed).toBe(1);
    clock += 10_250;
    const later = await get();
    expect(computed).toBe(1);
    expect(later).toEqual(await fresh());
    expect(later.now_ms).toBe(clock);
    const nyse = (b: Record<string, any>) => b.markets.find((m: { identifier: string }) => m.identifier === 'US.NYSE');
    expect(nyse(later).status).toBe('Closed');
    // The bell: every page asks again and sees it.
    clock = at('2023-11-15T14:30:00Z');
    const open = await get();
    expect(computed).toBe(2);
    expect(nyse(open).status).toBe('Open');
    expect(open).toEqual(await fresh());
    // No bell before the next minute: kept until then.
    clock = at('2023-11-15T14:30:40Z');
    await get();
    expect(computed).toBe(2);
    clock = at('2023-11-15T14:31:00Z');
    await get();
    expect(computed).toBe(3);
    // Another query is kept apart; a swap is never answered from the old data.
    expect(await get('?markets=XNYS,NOPE')).toEqual(await fresh('?markets=XNYS,NOPE'));
    app.holder.swap(fixtureData('v2'));
    expect((await get()).data.version).toBe('v2');
  });

  it('/board/data answers ahead of express, naming its version; other spellings and methods get express', async () => {
    const app = createApp({ data: fixtureData('v5'), logLevel: 'silent', now: () => at('2023-11-15T15:00:00Z') });
    // Only the dispatcher: what it does not answer is a 599 here.
    const server = http.createServer((req, res) => {
      if (!app.dispatch(req, res)) res.writeHead(599).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => server.close(() => r())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const path of ['/board/data', '/board/data/?markets=XNYS']) {
      const res = await fetch(base + path);
      expect([res.status, res.headers.get('x-openbell-data-version')], path).toEqual([200, 'v5']);
      expect(((await res.json()) as { data: { version: string } }).data.version).toBe('v5');
    }
    const head = await fetch(`${base}/board/data`, { method: 'HEAD' });
    expect([head.status, head.headers.get('x-openbell-data-version')]).toEqual([200, 'v5']);
    expect((await fetch(`${base}/BOARD/DATA`)).status).toBe(599);
    // Through express as a whole: the other spelling answers the same, a write is refused.
    const { base: full } = await serve(app);
    expect((await fetch(`${full}/BOARD/DATA`)).status).toBe(200);
    expect((await fetch(`${full}/board/data`, { method: 'POST' })).status).toBe(405);
  });

  it("a kept answer is the computed one's bytes, names outside ASCII included, with its own instant", async () => {
    const t0 = at('2024-03-01T12:00:10Z');
    let clock = t0;
    const tables = liveTables(t0, t0 + 3_600_000);
    tables.markets[0]!.exchange_name = 'Börse Zürich · 東京証券取引所';
    const app = createApp({ data: inMemoryData(Dataset.create(tables)), logLevel: 'silent', now: () => clock });
    const { base } = await serve(app);
    const raw = async (method = 'GET') => {
      const res = await fetch(`${base}/board/data?markets=LIVE.TEST`, { method });
      const bytes = Buffer.from(await res.arrayBuffer());
      return { length: Number(res.headers.get('content-length')), bytes };
    };
    const first = await raw();
    clock += 5_250;
    const kept = await raw();
    expect(kept.length).toBe(kept.bytes.length);
    const body = JSON.parse(kept.bytes.toString('utf8'));
    expect(body.markets[0].exchange_name).toBe('Börse Zürich · 東京証券取引所');
    expect(body.now_ms).toBe(clock);
    expect(body.as_of).toBe('2024-03-01T12:00:15+00:00');
    // Only the instant differs from the answer computed at the first one.
    const { now_ms: _n, as_of: _a, ...rest } = body;
    const { now_ms: _n0, as_of: _a0, ...rest0 } = JSON.parse(first.bytes.toString('utf8'));
    expect(rest).toEqual(rest0);
    const head = await raw('HEAD');
    expect(head.bytes.length).toBe(0);
    expect(head.length).toBe(kept.length);
  });

  it('a bell inside a minute ends what was kept at its instant', async () => {
    const t0 = at('2024-03-01T12:00:00Z');
    const closeAt = t0 + 3000;
    let clock = t0;
    const data = inMemoryData(Dataset.create(liveTables(t0, closeAt)));
    const app = createApp({ data, logLevel: 'silent', now: () => clock });
    const { base } = await serve(app);
    const status = async () => {
      const res = await fetch(`${base}/board/data?markets=LIVE.TEST`);
      const body = (await res.json()) as { markets: { status: string }[] };
      return body.markets[0]!.status;
    };
    expect(await status()).toBe('Open');
    clock = closeAt - 1;
    expect(await status()).toBe('Open');
    clock = closeAt;
    expect(await status()).toBe('Closed');
  });
});
