/**
 * The running server over real sockets: data sources, hot swaps under load, failed updates,
 * Unix sockets, graceful shutdown and the access log.
 */
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createApp,
  createServer,
  installShutdownHandlers,
  type DataSource,
  type LoadedData,
  type RunningServer,
  type UpdateResult,
} from '../src/index.js';
import { stopSignalJudge, STOP_REPEAT_MS } from '../src/server.js';
import { fixtureData } from './fixture.js';

const running: RunningServer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof createServer>[0]): Promise<RunningServer> {
  const s = await createServer({ port: 0, logLevel: 'silent', ...options });
  running.push(s);
  return s;
}

/** A remote-like source whose answers the test scripts. */
class ScriptedSource implements DataSource {
  readonly description = 'https://example.test/v4/download';
  readonly isRemote = true;
  loads = 0;
  updates = 0;
  constructor(
    private readonly onLoad: () => Promise<LoadedData> = async () => fixtureData('v1'),
    private readonly onUpdate: (n: number) => Promise<UpdateResult> = async () => ({ status: 'up_to_date' }),
  ) {}
  load(): Promise<LoadedData> {
    this.loads += 1;
    return this.onLoad();
  }
  update(): Promise<UpdateResult> {
    this.updates += 1;
    return this.onUpdate(this.updates);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function getJson(url: string): Promise<{ status: number; body: any }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}

describe('createServer', () => {
  it('binds 127.0.0.1 by default and serves the data it was given', async () => {
    const s = await start({ data: fixtureData() });
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await getJson(`${s.url}/health`)).body).toMatchObject({ status: 'healthy', data_loaded: true });
    expect((await getJson(`${s.url}/markets/US.NYSE`)).body.fin_id).toBe('US.NYSE');
    await s.ready;
  });

  it(
    'with expressOnDemand, answers the data routes and /health before express, and the rest once it is ' + 'loaded',
    async () => {
      const s = await start({ data: fixtureData(), expressOnDemand: true, corsOrigins: ['https://a.test'] });
      expect((await getJson(`${s.url}/markets/US.NYSE`)).body.fin_id).toBe('US.NYSE');
      expect((await getJson(`${s.url}/health`)).body).toMatchObject({ status: 'healthy' });
      expect(() => s.app).toThrow(/loadApp/);
      // The first requests for express routes load it, and wait for it.
      const [info, missing, preflight] = await Promise.all([
        getJson(`${s.url}/info`),
        getJson(`${s.url}/nowhere`),
        fetch(`${s.url}/markets`, {
          method: 'OPTIONS',
          headers: { origin: 'https://a.test', 'access-control-request-method': 'GET' },
        }),
      ]);
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://a.test');
      expect(info.body.data.version).toBe(fixtureData().meta.version);
      expect(missing).toEqual({ status: 404, body: { detail: 'Not Found: no route for GET /nowhere' } });
      expect(s.app).toBe(await s.loadApp());
      expect(s.app.holder).toBe(s.holder);
    },
  );

  it('without expressOnDemand, has its express app before listening', async () => {
    const s = await start({ data: fixtureData() });
    expect(s.app.holder).toBe(s.holder);
    expect(await s.loadApp()).toBe(s.app);
  });

  it('accepts a bare dataset', async () => {
    const s = await start({ dataset: fixtureData().dataset });
    expect((await getJson(`${s.url}/info`)).body.data.source).toBe('in-memory dataset');
  });

  it('answers 503 while the source loads, then serves', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const source = new ScriptedSource(async () => {
      await gate;
      return fixtureData('v1');
    });
    const s = await start({ source });
    expect((await getJson(`${s.url}/health`)).status).toBe(503);
    expect((await getJson(`${s.url}/markets`)).status).toBe(503);
    release();
    await s.ready;
    expect((await getJson(`${s.url}/health`)).status).toBe(200);
    expect((await getJson(`${s.url}/info`)).body.data.version).toBe('v1');
  });

  it('retries a failed first load; ready rejects but the server recovers', async () => {
    let attempts = 0;
    const source = new ScriptedSource(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('network unreachable');
      return fixtureData('v1');
    });
    const s = await start({ source, loadRetryMs: 30 });
    await expect(s.ready).rejects.toThrow(/network unreachable/);
    const h = await getJson(`${s.url}/health`);
    if (h.status === 503) expect(h.body).toMatchObject({ status: 'unavailable', data_loaded: false });
    for (let i = 0; i < 100 && !s.holder.current; i++) await sleep(20);
    expect((await getJson(`${s.url}/health`)).status).toBe(200);
  });

  it('listens on a Unix socket, refuses a socket in use, and removes it on close', async () => {
    const socketPath = path.join(mkdtempSync(path.join(tmpdir(), 'openbell-')), 'api.sock');
    const s = await createServer({ socketPath, data: fixtureData(), logLevel: 'silent' });
    expect(s.url).toBe(`unix:${socketPath}`);
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get({ socketPath, path: '/health' }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(JSON.parse(body)).toMatchObject({ data_loaded: true });
    await expect(createServer({ socketPath, data: fixtureData(), logLevel: 'silent' })).rejects.toThrow(/listening/);
    await s.close();
    expect(existsSync(socketPath)).toBe(false);
  });
});

describe('updates', () => {
  it('swaps new data in under concurrent requests without a single failure', async () => {
    const source = new ScriptedSource(
      async () => fixtureData('v0'),
      async (n) => ({ status: 'updated', data: fixtureData(`v${n}`) }),
    );
    const s = await start({ source, updateEveryMinutes: 0 });
    await s.ready;
    const statuses: number[] = [];
    const versions: number[] = [];
    let swapping = true;
    const worker = async () => {
      while (swapping) {
        const [status, info] = await Promise.all([
          fetch(`${s.url}/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z`),
          fetch(`${s.url}/info`),
        ]);
        statuses.push(status.status, info.status);
        const body = (await status.json()) as { status: string };
        expect(body.status).toBe('Open');
        versions.push(Number(((await info.json()) as { data: { version: string } }).data.version.slice(1)));
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    for (let i = 0; i < 25; i++) {
      expect(await s.updateNow()).toBe('updated');
      await sleep(5);
    }
    swapping = false;
    await Promise.all(workers);
    expect(statuses.length).toBeGreaterThan(100);
    expect(statuses.every((c) => c === 200)).toBe(true);
    expect(new Set(versions).size).toBeGreaterThan(3);
    expect((await getJson(`${s.url}/info`)).body).toMatchObject({
      data: { version: 'v25' },
      updates: { last_result: 'updated', last_error: null },
    });
  });

  it('swaps a real archive (loader: worker parse, sliced build) with requests answered during every swap', async () => {
    const { createDataSource } = await import('@openbell/loader');
    const dir = mkdtempSync(path.join(tmpdir(), 'openbell-swap-'));
    const csv = path.join(dir, 'csv');
    mkdirSync(csv);
    const write = (n: number, stamp: number) => {
      const markets = ['FinID,Exchange Name,Timezone,Weekend Definition,MIC'];
      const holidays = ['FinID,Date,Holiday Name,Schedule,Settlement,Observed,Memo,Status'];
      const schedules = ['FinID,Schedule Group,Timezone,Phase Type,Days,Start,End,Offset Days'];
      for (let m = 0; m < n; m++) {
        const id = m === 0 ? 'US.NYSE' : `M${m}.EX`;
        markets.push(`${id},Exchange ${m},America/New_York,Sat-Sun,`);
        for (let y = 2010; y < 2030; y++)
          for (let d = 10; d < 22; d++) holidays.push(`${id},${y}-03-${d},Holiday,Closed,No,,,Closed`);
        schedules.push(`${id},Regular,America/New_York,Primary Trading Session,Mon-Fri,09:30,16:00,0`);
      }
      writeFileSync(path.join(csv, 'markets.csv'), markets.join('\n'));
      writeFileSync(path.join(csv, 'holidays.csv'), holidays.join('\n'));
      writeFileSync(path.join(csv, 'schedules.csv'), schedules.join('\n'));
      writeFileSync(path.join(csv, 'phases.csv'), 'Name,Status,Settlement\nPrimary Trading Session,Open,Yes\n');
      const t = new Date(Date.UTC(2024, 0, 1) + stamp * 1000);
      for (const f of ['markets.csv', 'holidays.csv', 'schedules.csv', 'phases.csv'])
        utimesSync(path.join(csv, f), t, t);
    };
    write(200, 0);
    const source = createDataSource({ data: dir });
    const s = await start({ source, updateEveryMinutes: 0 });
    await s.ready;
    const statuses: number[] = [];
    let during = 0;
    let swapping = false;
    let running = true;
    const client = async () => {
      while (running) {
        const [health, status] = await Promise.all([
          fetch(`${s.url}/health`),
          fetch(`${s.url}/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z`),
        ]);
        statuses.push(health.status, status.status);
        expect(((await status.json()) as { status: string }).status).toBe('Open');
        await health.arrayBuffer();
        if (swapping) during += 1;
      }
    };
    const clients = Array.from({ length: 4 }, client);
    const counts: number[] = [];
    for (let i = 1; i <= 3; i++) {
      write(200 + i, i);
      const before = during;
      swapping = true;
      expect(await s.updateNow()).toBe('updated');
      swapping = false;
      counts.push(during - before);
      expect(s.holder.current!.dataset.counts.markets).toBe(200 + i);
    }
    running = false;
    await Promise.all(clients);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.every((c) => c === 200)).toBe(true);
    // Requests kept being answered while each new dataset was read and built.
    for (const c of counts) expect(c).toBeGreaterThan(0);
  }, 60_000);

  it('a failed update keeps the old data serving and shows in /info and the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    let fail = true;
    const source = new ScriptedSource(
      async () => fixtureData('v1'),
      async () => {
        if (fail) throw new Error('download failed: 500 from server (Authorization: Bearer s3cr3t-token)');
        return { status: 'updated', data: fixtureData('v2') };
      },
    );
    const s = await start({ source, updateEveryMinutes: 0, logger });
    await s.ready;
    expect(await s.updateNow()).toBe('failed');
    expect((await getJson(`${s.url}/markets/US.NYSE`)).status).toBe(200);
    const info = (await getJson(`${s.url}/info`)).body;
    expect(info.data.version).toBe('v1');
    expect(info.updates.last_result).toBe('failed');
    expect(info.updates.last_error).toContain('download failed');
    expect(info.updates.last_attempt_at).toMatch(/Z$/);
    expect(JSON.stringify(info)).not.toContain('s3cr3t');
    expect(lines.some((l) => l.includes('update failed'))).toBe(true);
    expect(lines.join('')).not.toContain('s3cr3t');

    fail = false;
    expect(await s.updateNow()).toBe('updated');
    const after = (await getJson(`${s.url}/info`)).body;
    expect(after.data.version).toBe('v2');
    expect(after.updates).toMatchObject({ last_result: 'updated', last_error: null });
  });

  it('checks periodically with a remote source, shares overlapping checks, and 0 disables', async () => {
    const source = new ScriptedSource();
    const s = await start({ source, updateEveryMinutes: 0.0005 }); // 30 ms
    await s.ready;
    for (let i = 0; i < 50 && source.updates < 2; i++) await sleep(20);
    expect(source.updates).toBeGreaterThanOrEqual(2);
    expect((await getJson(`${s.url}/info`)).body.updates).toMatchObject({ enabled: true, last_result: 'up_to_date' });

    const slow = new ScriptedSource(undefined, async () => {
      await sleep(30);
      return { status: 'up_to_date' };
    });
    const t = await start({ source: slow, updateEveryMinutes: 0 });
    await t.ready;
    await Promise.all([t.updateNow(), t.updateNow(), t.updateNow()]);
    expect(slow.updates).toBe(1);
    await sleep(60);
    expect(slow.updates).toBe(1);
    expect((await getJson(`${t.url}/info`)).body.updates.enabled).toBe(false);
  });

  it('backs off after failed checks: sooner than the interval, doubling, reset by a success', async () => {
    let fail = true;
    const source = new ScriptedSource(undefined, async () => {
      if (fail) throw new Error('the published version failed verification');
      return { status: 'up_to_date' };
    });
    // Only the date is faked (timers run for real): the clock stands still, so the due time of
    // the next check is exactly the interval or the backoff from now.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2024-03-01T12:00:00Z') });
    const dueIn = () => Date.parse(s.holder.updates.nextCheckAt!) - Date.now();
    const s = await start({ source, updateEveryMinutes: 10, updateRetryMs: 20 });
    await s.ready;
    expect(s.holder.updates.nextCheckAt).not.toBeNull();
    expect(dueIn()).toBe(10 * 60_000);
    // The first check is due in 10 minutes; a failed manual one brings the next one in sooner.
    expect(await s.updateNow()).toBe('failed');
    for (let i = 0; i < 100 && source.updates < 4; i++) await sleep(20);
    expect(source.updates).toBeGreaterThanOrEqual(4); // retries at 20, 40, 80 ms …
    fail = false;
    for (let i = 0; i < 100 && s.holder.updates.lastResult !== 'up_to_date'; i++) await sleep(20);
    expect(s.holder.updates.lastResult).toBe('up_to_date');
    await sleep(30);
    // Back on the normal interval once a check succeeds.
    expect(dueIn()).toBe(10 * 60_000);
    vi.useRealTimers();
  });

  it('never schedules checks for a local source', async () => {
    const source = new ScriptedSource();
    (source as { isRemote: boolean }).isRemote = false;
    const s = await start({ source, updateEveryMinutes: 0.0005 });
    await s.ready;
    await sleep(80);
    expect(source.updates).toBe(0);
  });
});

describe('shutdown', () => {
  it('close() stops accepting, drops idle keep-alive connections and resolves', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    // A drain timeout far beyond the test's own: close() must end the idle connection itself.
    const s = await createServer({ port: 0, data: fixtureData(), logger, drainTimeoutMs: 60_000 });
    const agent = new http.Agent({ keepAlive: true });
    const first = await new Promise<number>((resolve, reject) => {
      http
        .get(`${s.url}/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
    expect(first).toBe(200);
    await s.close();
    const finished = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => String(l.msg).startsWith('drain finished'));
    expect(finished).toMatchObject({ cutConnections: 0 });
    await expect(fetch(`${s.url}/health`)).rejects.toThrow();
    agent.destroy();
    await s.close(); // idempotent
  });

  it('requests already on their way when close() is called are answered, with Connection: close', async () => {
    const s = await createServer({ port: 0, data: fixtureData(), logLevel: 'silent' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const one = () =>
      new Promise<string>((resolve) => {
        http
          .get(`${s.url}/markets/US.NYSE/phases?start=2023-11-13&end=2023-11-19`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(`${res.statusCode} ${res.headers.connection}`));
          })
          .on('error', (e: NodeJS.ErrnoException) => resolve(`error ${e.code}`));
      });
    // Ten established keep-alive connections, then ten requests sent as close() begins.
    expect(await Promise.all(Array.from({ length: 10 }, one))).toEqual(Array(10).fill('200 keep-alive'));
    const inFlight = Array.from({ length: 10 }, one);
    const closing = s.close();
    expect(await Promise.all(inFlight)).toEqual(Array(10).fill('200 close'));
    await closing;
    agent.destroy();
  });

  it('SIGTERM/SIGINT close the server and exit 0', async () => {
    const closed: string[] = [];
    const exits: number[] = [];
    const remove = installShutdownHandlers(
      { close: async () => void closed.push('closed') },
      { exit: (code) => exits.push(code), signals: ['SIGTERM'] },
    );
    process.emit('SIGTERM', 'SIGTERM');
    await sleep(10);
    expect(closed).toEqual(['closed']);
    expect(exits).toEqual([0]);
    remove();
    expect(process.listenerCount('SIGTERM')).toBe(0);
  });

  it(
    'a signal within a second of the first is the same request to stop; a later one exits at once with ' + '1',
    async () => {
      let clock = 5_000;
      const exits: number[] = [];
      let finish!: () => void;
      const closing = new Promise<void>((r) => (finish = r));
      const closes: number[] = [];
      const remove = installShutdownHandlers(
        { close: () => (closes.push(clock), closing) },
        { exit: (code) => exits.push(code), now: () => clock },
      );
      // Ctrl-C under pnpm: the group's SIGINT, then the wrapper's copy, then a SIGTERM, all within the second.
      process.emit('SIGINT', 'SIGINT');
      clock += 3;
      process.emit('SIGINT', 'SIGINT');
      clock += 997;
      process.emit('SIGTERM', 'SIGTERM');
      expect(closes).toEqual([5_000]);
      expect(exits).toEqual([]);
      // Asked again later: exit now, without waiting for the drain.
      clock += 1;
      process.emit('SIGTERM', 'SIGTERM');
      expect(exits).toEqual([1]);
      finish();
      await sleep(10);
      expect(exits).toEqual([1, 0]);
      remove();
    },
  );

  it('the repeat window is a parameter: 0 makes any second signal force exit', () => {
    const judge = stopSignalJudge({ repeatWithinMs: 0, now: () => 42 });
    expect([judge(), judge()]).toEqual(['stop', 'repeat']);
    let t = 0;
    const later = stopSignalJudge({ repeatWithinMs: 0, now: () => t++ });
    expect([later(), later(), later()]).toEqual(['stop', 'force', 'force']);
    let u = 0;
    const standard = stopSignalJudge({ now: () => u });
    expect(standard()).toBe('stop');
    u = STOP_REPEAT_MS;
    expect(standard()).toBe('repeat');
    u = STOP_REPEAT_MS + 0.5;
    expect(standard()).toBe('force');
  });
});

describe('front door', () => {
  /** A raw connection; resolves with what the server sent once it closes the connection. */
  function rawConnection(
    url: string,
    send?: string,
  ): { socket: net.Socket; closed: Promise<string>; connected: Promise<void> } {
    const { port } = new URL(url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let got = '';
    socket.on('data', (d: Buffer) => (got += d.toString()));
    const connected = new Promise<void>((r) => socket.once('connect', () => r()));
    if (send) socket.write(send);
    const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(got)));
    socket.on('error', () => undefined);
    return { socket, closed, connected };
  }

  it('answers /health without express (the plain node:http dispatcher), 503 draining once closing', async () => {
    const app = createApp({ data: fixtureData(), logLevel: 'silent' });
    const server = http.createServer((req, res) => {
      if (!app.dispatch(req, res)) {
        res.statusCode = 599;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    expect(await getJson(`${base}/health`)).toEqual({
      status: 200,
      body: { status: 'healthy', data_loaded: true, message: 'openbell is running', version: expect.any(String) },
    });
    expect((await fetch(`${base}/info`)).status).toBe(599); // express's, not the dispatcher's
    app.holder.draining = true;
    expect(await getJson(`${base}/health`)).toMatchObject({
      status: 503,
      body: { status: 'draining', data_loaded: true },
    });
    await new Promise((r) => server.close(r));
  });

  it(
    'caps connections (maxConnections): one over the cap takes the slot of an idle one, or is answered 503 when ' +
      'none is idle',
    async () => {
      const s = await start({ data: fixtureData(), maxConnections: 2, maxConnectionsPerClient: 0 });
      // Node's own cap would reset newcomers instead of answering them: the admission decides.
      expect(s.server.maxConnections).toBeUndefined();
      const a = rawConnection(s.url);
      const b = rawConnection(s.url);
      await Promise.all([a.connected, b.connected]);
      await sleep(50);
      // Both idle: the newcomer is served and the older one closed.
      const c = rawConnection(s.url, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(await c.closed).toMatch(/^HTTP\/1\.1 200/);
      expect(await a.closed).toBe('');
      expect(s.holder.connections!()).toMatchObject({ evicted: 1 });
      b.socket.destroy();
    },
  );

  it('closes a connection whose headers do not arrive in time (408)', async () => {
    const s = await start({ data: fixtureData(), headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const slow = rawConnection(s.url, 'GET /health HTTP/1.1\r\nHost: x\r\n');
    const answer = await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it(
    'defaults: 1000 connections, a quarter of them per client, 10,000 streams, 10 s for headers, 30 s for a ' +
      'request',
    async () => {
      const s = await start({ data: fixtureData() });
      expect(s.holder.connections!()).toMatchObject({
        limit: 1000,
        perClient: 250,
        subscribersLimit: 10_000,
        headersTimeoutMs: 10_000,
      });
      expect(s.server.headersTimeout).toBe(10_000);
      expect(s.server.requestTimeout).toBe(30_000);
    },
  );
});

describe('access log', () => {
  it('logs method, path, status and duration; never the Authorization header or a token', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    const app = createApp({ data: fixtureData(), logger });
    await request(app)
      .get('/markets/US.NYSE?token=sekrit-query')
      .set('Authorization', 'Bearer sekrit-header')
      .expect(200);
    const entry = lines.map((l) => JSON.parse(l) as Record<string, any>).find((l) => l.req);
    expect(entry).toBeDefined();
    expect(entry!.req).toMatchObject({ method: 'GET' });
    expect(entry!.res).toMatchObject({ statusCode: 200 });
    expect(typeof entry!.responseTime).toBe('number');
    expect(lines.join('')).not.toMatch(/sekrit/);
    expect(lines.join('').toLowerCase()).not.toContain('authorization');
  });

  it('skips the access log entirely above level info', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (l: string) => lines.push(l) });
    // Not /health: its healthy answers are left out below level debug anyway.
    await request(createApp({ data: fixtureData(), logger }))
      .get('/markets/US.NYSE')
      .expect(200);
    await request(createApp({ data: fixtureData(), logger }))
      .get('/markets/XX.NONE')
      .expect(404);
    expect(lines).toEqual([]);
  });
});
