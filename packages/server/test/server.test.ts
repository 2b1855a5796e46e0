/**
 * The running server over real sockets: data sources, hot swaps under load, failed updates,
 * Unix sockets, graceful shutdown and the access log.
 */
import { mkdtempSync } from 'node:fs';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, createServer, installShutdownHandlers, type DataSource, type LoadedData, type RunningServer, type UpdateResult } from '../src/index.js';
import { fixtureData } from './fixture.js';

const running: RunningServer[] = [];
afterEach(async () => {
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
    expect((await getJson(`${s.url}/health`)).body).toMatchObject({ status: 'ok', data_loaded: true });
    expect((await getJson(`${s.url}/markets/US.NYSE`)).body.fin_id).toBe('US.NYSE');
    await s.ready;
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
    const s = await createServer({ port: 0, data: fixtureData(), logLevel: 'silent' });
    const agent = new http.Agent({ keepAlive: true });
    const first = await new Promise<number>((resolve, reject) => {
      http.get(`${s.url}/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }).on('error', reject);
    });
    expect(first).toBe(200);
    const t0 = Date.now();
    await s.close();
    expect(Date.now() - t0).toBeLessThan(2000);
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
});

describe('access log', () => {
  it('logs method, path, status and duration; never the Authorization header or a token', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    const app = createApp({ data: fixtureData(), logger });
    await request(app).get('/markets/US.NYSE?token=sekrit-query').set('Authorization', 'Bearer sekrit-header').expect(200);
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
    await request(createApp({ data: fixtureData(), logger })).get('/health').expect(200);
    expect(lines).toEqual([]);
  });
});
