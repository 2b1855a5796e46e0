/**
 * The front door at its limits (http/admission.ts), over real sockets on loopback: 127.0.0.1,
 * 127.0.0.2… are all loopback on Linux and count as different clients. Every check waits for
 * a count or an answer, never for a time to pass.
 */
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSample } from '@openbell/loader';
import { pino } from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type LoadedData, type RunningServer } from '../src/index.js';
import { fixtureData } from './fixture.js';

const running: RunningServer[] = [];
const clients: net.Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof createServer>[0]): Promise<RunningServer> {
  const s = await createServer({ port: 0, logLevel: 'silent', data: fixtureData(), ...options });
  running.push(s);
  return s;
}

const stats = (s: RunningServer) => s.holder.connections!();

/** Waits (bounded by the test's own timeout) until `ok` holds. */
async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never: ${what}`);
}

interface Answer {
  status: number;
  headers: string;
  body: string;
}

/** A raw HTTP/1.1 client on one socket, from a chosen loopback address. */
class Client {
  readonly socket: net.Socket;
  buf = Buffer.alloc(0);
  /** How the connection ended: 'end' (a FIN), 'reset', or undefined while open. */
  ending: 'end' | 'reset' | undefined;
  readonly closed: Promise<void>;
  readonly connected: Promise<void>;
  private wake: (() => void) | undefined;

  constructor(url: string, from = '127.0.0.1', socketPath?: string) {
    this.socket = socketPath
      ? net.connect(socketPath)
      : net.connect({ port: Number(new URL(url).port), host: '127.0.0.1', localAddress: from });
    clients.push(this.socket);
    this.connected = new Promise((r) => this.socket.once('connect', () => r()));
    this.socket.on('data', (c: Buffer) => {
      this.buf = Buffer.concat([this.buf, c]);
      this.wake?.();
    });
    this.socket.on('end', () => {
      this.ending ??= 'end';
      this.wake?.();
    });
    this.socket.on('error', (e: NodeJS.ErrnoException) => {
      this.ending = e.code === 'ECONNRESET' ? 'reset' : (this.ending ?? 'reset');
    });
    this.closed = new Promise((r) =>
      this.socket.once('close', () => {
        this.wake?.();
        r();
      }),
    );
  }

  send(text: string): void {
    this.socket.write(text);
  }

  /** Sends a GET and reads its answer (Content-Length framed, as every small answer here is). */
  async get(path: string): Promise<Answer> {
    this.send(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
    return this.answer();
  }

  async answer(): Promise<Answer> {
    for (;;) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end !== -1) {
        const headers = this.buf.subarray(0, end).toString();
        const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
        if (this.buf.length >= end + 4 + length) {
          const body = this.buf.subarray(end + 4, end + 4 + length).toString();
          this.buf = this.buf.subarray(end + 4 + length);
          return { status: Number(headers.slice(9, 12)), headers, body };
        }
      }
      if (this.socket.destroyed || this.ending)
        throw new Error(`connection ended (${this.ending}) before an answer: ${JSON.stringify(this.buf.toString())}`);
      await new Promise<void>((r) => (this.wake = r));
    }
  }

  /** Reads until `text` has arrived. */
  async waitFor(text: string): Promise<void> {
    while (!this.buf.includes(text)) {
      if (this.socket.destroyed) throw new Error(`closed before ${JSON.stringify(text)}`);
      await new Promise<void>((r) => (this.wake = r));
    }
  }
}

/** A connection holding a keep-alive slot idle after one request. */
async function idleConnection(url: string, from = '127.0.0.1'): Promise<Client> {
  const c = new Client(url, from);
  expect((await c.get('/health')).status).toBe(200);
  return c;
}

let sample: LoadedData;
beforeAll(async () => {
  sample = (await loadSample()) as unknown as LoadedData;
}, 60_000);
/** 30 years of phases: a 12 MB answer, far more than loopback buffers hold. */
const BIG = '/markets/DE.XETR/phases?start=2000-04-21&end=2030-12-31';

/** A download its client reads only once told to: in flight until then. */
async function slowDownload(url: string, from = '127.0.0.1') {
  const c = new Client(url, from);
  c.socket.once('data', () => c.socket.pause());
  c.send(`GET ${BIG} HTTP/1.1\r\nHost: x\r\n\r\n`);
  await until(() => c.buf.length > 0, 'the first bytes of the download');
  return {
    client: c,
    /** Reads the rest; resolves with the last phase's start year once the chunked answer is whole. */
    async finish(): Promise<string> {
      // Kept apart from the client's own buffer, which suits small answers only.
      const chunks: Buffer[] = [c.buf];
      c.socket.removeAllListeners('data');
      await new Promise<void>((resolve, reject) => {
        c.socket.on('data', (d: Buffer) => {
          chunks.push(d);
          if (Buffer.concat(chunks.slice(-2)).includes('\r\n0\r\n\r\n')) resolve();
        });
        c.socket.once('close', () => reject(new Error('the download was cut')));
        c.socket.resume();
      });
      const all = Buffer.concat(chunks).toString();
      const raw = all.slice(all.indexOf('\r\n\r\n') + 4);
      const parts: string[] = [];
      for (let at = 0; ; ) {
        const eol = raw.indexOf('\r\n', at);
        const size = parseInt(raw.slice(at, eol), 16);
        if (!(size > 0)) break;
        parts.push(raw.slice(eol + 2, eol + 2 + size));
        at = eol + 2 + size + 2;
      }
      return (JSON.parse(parts.join('')) as { start: string }[]).at(-1)!.start.slice(0, 4);
    },
  };
}

describe('at the connection limit, the connection idle longest yields', () => {
  it(
    'a newcomer takes the slot of the longest-idle keep-alive connection, closed with a FIN; the others ' + 'stay',
    async () => {
      const s = await start({ maxConnections: 4, maxConnectionsPerClient: 0 });
      const [a, b, c, d] = [
        await idleConnection(s.url),
        await idleConnection(s.url),
        await idleConnection(s.url),
        await idleConnection(s.url),
      ];
      // a was used last: b is now the one idle longest.
      expect((await a!.get('/health')).status).toBe(200);
      await until(() => stats(s).open === 4, 'four open');

      const newcomer = new Client(s.url);
      expect((await newcomer.get('/health')).status).toBe(200);
      await b!.closed;
      expect(b!.ending).toBe('end');
      expect(b!.buf.length).toBe(0);
      for (const kept of [a!, c!, d!]) expect((await kept.get('/health')).status).toBe(200);
      expect(stats(s)).toMatchObject({ open: 4, evicted: 1, refused: { limit: 0, perClient: 0, subscribers: 0 } });
    },
  );

  it('a connection half-way through its headers yields too, with a 503 it can act on', async () => {
    const s = await start({ maxConnections: 1, maxConnectionsPerClient: 0 });
    const slow = new Client(s.url);
    slow.send('GET /health HTTP/1.1\r\n');
    await until(() => stats(s).open === 1, 'one open');
    // The server (this process) must have read the half request before the newcomer comes, or
    // it is an idle connection that gets a FIN: a few turns of the loop, on a loaded machine too.
    await new Promise((r) => setTimeout(r, 100));
    const newcomer = new Client(s.url);
    expect((await newcomer.get('/health')).status).toBe(200);
    const answer = await slow.answer();
    expect(answer.status).toBe(503);
    expect(answer.headers).toMatch(/retry-after: 1/i);
    expect(stats(s).evicted).toBe(1);
  });

  it('a download in flight never yields: the idle one goes, and the download arrives whole', async () => {
    const s = await start({ data: sample, maxRangeDays: 20_000, maxConnections: 2, maxConnectionsPerClient: 0 });
    const download = await slowDownload(s.url);
    const idle = await idleConnection(s.url);
    await until(() => stats(s).open === 2, 'two open');
    const newcomer = new Client(s.url);
    expect((await newcomer.get('/health')).status).toBe(200);
    await idle.closed;
    expect(download.client.socket.destroyed).toBe(false);
    expect(await download.finish()).toBe('2030');
    expect(stats(s).evicted).toBe(1);
  });

  it('with none idle, a newcomer is answered 503 with Retry-After (not reset), and the downloads finish ' +
    'whole', async () => {
    const s = await start({ data: sample, maxRangeDays: 20_000, maxConnections: 2, maxConnectionsPerClient: 0 });
    const downloads = [await slowDownload(s.url), await slowDownload(s.url)];
    const newcomer = new Client(s.url);
    const answer = await newcomer.get('/markets');
    expect(answer.status).toBe(503);
    expect(answer.headers).toMatch(/retry-after: 1\r\n/i);
    expect(answer.headers).toMatch(/connection: close/i);
    expect(JSON.parse(answer.body).detail).toMatch(/connection limit/);
    await newcomer.closed;
    expect(newcomer.ending).toBe('end');
    // Requests pipelined on a refused connection get the one 503, counted once.
    const piped = new Client(s.url);
    piped.send('GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect((await piped.answer()).status).toBe(503);
    await piped.closed;
    expect(piped.buf.length).toBe(0);
    expect(stats(s).refused.limit).toBe(2);
    for (const d of downloads) expect(await d.finish()).toBe('2030');
    expect(stats(s)).toMatchObject({ evicted: 0, refused: { limit: 2 } });
    // Slots free again: the next newcomer is served.
    for (const d of downloads) d.client.socket.destroy();
    await until(() => stats(s).open === 0, 'downloads closed');
    expect((await new Client(s.url).get('/health')).status).toBe(200);
  }, 60_000);

  it('a refused newcomer that sends nothing is closed after the grace; past the pending refusals allowed, newcomers ' +
    'are closed on arrival', async () => {
    const s = await start({
      data: sample,
      maxRangeDays: 20_000,
      maxConnections: 1,
      maxConnectionsPerClient: 0,
      refusalGraceMs: 200,
      maxRefusing: 1,
    });
    let seen = 0;
    s.server.on('connection', () => (seen += 1));
    const download = await slowDownload(s.url);
    const silent = new Client(s.url);
    await until(() => seen === 2, 'the silent newcomer at the door');
    const extra = new Client(s.url);
    await extra.closed;
    expect(stats(s).dropped).toBe(1);
    await silent.closed;
    await until(() => stats(s).refused.limit === 1, 'the silent newcomer counted as refused');
    expect(await download.finish()).toBe('2030');
  }, 60_000);
});

describe('the header-time bound', () => {
  it('drops to 2 s while more than 80% of the limit is open, and back after', async () => {
    const s = await start({ maxConnections: 10, maxConnectionsPerClient: 0 });
    expect(s.server.headersTimeout).toBe(10_000);
    const idle: Client[] = [];
    for (let i = 0; i < 8; i++) idle.push(await idleConnection(s.url));
    expect(s.server.headersTimeout).toBe(10_000); // 80% exactly is not above it
    idle.push(await idleConnection(s.url));
    await until(() => stats(s).open === 9, 'nine open');
    expect(s.server.headersTimeout).toBe(2000);
    expect(stats(s).headersTimeoutMs).toBe(2000);
    idle.pop()!.socket.destroy();
    await until(() => stats(s).open === 8, 'eight open');
    expect(s.server.headersTimeout).toBe(10_000);
  });

  it('closes a connection past the lower bound under pressure, and counts it', async () => {
    const s = await start({
      maxConnections: 4,
      maxConnectionsPerClient: 0,
      headersTimeoutMs: 600_000,
      requestTimeoutMs: 600_000,
      pressureHeadersTimeoutMs: 200,
    });
    for (let i = 0; i < 3; i++) await idleConnection(s.url);
    const slow = new Client(s.url);
    slow.send('GET /health HTTP/1.1\r\nHost: x\r\n');
    await slow.closed;
    expect(slow.buf.toString()).toMatch(/^HTTP\/1\.1 408/);
    expect(stats(s).timedOut).toBe(1);
  });
});

describe('a request in flight is never cut', () => {
  it('not by the header bound of the next request trickling in behind a download on the same connection', async () => {
    const s = await start({
      data: sample,
      maxRangeDays: 20_000,
      maxConnections: 1,
      maxConnectionsPerClient: 0,
      headersTimeoutMs: 600_000,
      requestTimeoutMs: 600_000,
      pressureHeadersTimeoutMs: 100,
    });
    const download = await slowDownload(s.url);
    expect(s.server.headersTimeout).toBe(100);
    download.client.send('GET /health HTTP/1.1\r\n');
    await until(() => stats(s).timedOut === 1, 'the pipelined request past its bound');
    expect(await download.finish()).toBe('2030');
    // The connection closes once the download is sent, without an answer to the late request.
    await download.client.closed;
  }, 60_000);
});

describe('one client address', () => {
  it(
    'is capped (default a quarter of the limit): past it 503 with Retry-After; other addresses and a trusted proxy ' +
      'are not',
    async () => {
      const s = await start({ maxConnections: 8, trustProxy: ['127.0.0.3', '127.0.4.0/24'] });
      expect(stats(s).perClient).toBe(2);
      const mine = [await idleConnection(s.url, '127.0.0.1'), await idleConnection(s.url, '127.0.0.1')];
      const third = new Client(s.url, '127.0.0.1');
      const refused = await third.get('/health');
      expect(refused.status).toBe(503);
      expect(refused.headers).toMatch(/retry-after: 1/i);
      expect(JSON.parse(refused.body).detail).toMatch(/your address/);
      // 127.0.0.2 is another client.
      expect((await new Client(s.url, '127.0.0.2').get('/health')).status).toBe(200);
      // A trusted proxy (an address, or a range) may hold more than the cap.
      for (let i = 0; i < 3; i++) expect((await new Client(s.url, '127.0.0.3').get('/health')).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await new Client(s.url, '127.0.4.9').get('/health')).status).toBe(200);
      expect(stats(s).refused.perClient).toBe(1);
      // Room again once one of its own connections goes.
      mine[0]!.socket.destroy();
      await until(() => stats(s).open === 8, 'seven open');
      expect((await new Client(s.url, '127.0.0.1').get('/health')).status).toBe(200);
    },
  );

  it('a client on a Unix socket has no address and is not capped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openbell-uds-'));
    const s = await start({ socketPath: join(dir, 's.sock'), maxConnections: 8, maxConnectionsPerClient: 1 });
    const viaSocket = async () => {
      const c = new Client(s.url, undefined, join(dir, 's.sock'));
      expect((await c.get('/health')).status).toBe(200);
    };
    for (let i = 0; i < 3; i++) await viaSocket();
    expect(stats(s)).toMatchObject({ open: 3, refused: { perClient: 0 } });
  });

  it('rejects a trustProxy entry that is not an address or a range', async () => {
    await expect(start({ trustProxy: ['proxy.local'] })).rejects.toThrow(/proxy\.local/);
  });
});

describe('/events streams have their own budget', () => {
  const openStream = async (url: string, from = '127.0.0.1') => {
    const c = new Client(url, from);
    c.send('GET /events?markets=US.NYSE HTTP/1.1\r\nHost: x\r\n\r\n');
    await c.waitFor('event: ready');
    return c;
  };

  it('watchers do not take request slots: streams past the budget get 503, requests still get in', async () => {
    const s = await start({ maxConnections: 2, maxSubscribers: 2, maxConnectionsPerClient: 0 });
    await openStream(s.url);
    await openStream(s.url);
    expect(stats(s)).toMatchObject({ subscribers: 2, open: 0 });
    const third = new Client(s.url);
    const answer = await third.get('/events?markets=US.NYSE');
    expect(answer.status).toBe(503);
    expect(answer.headers).toMatch(/retry-after: 1/i);
    // Its connection stays a usable keep-alive connection.
    expect((await third.get('/health')).status).toBe(200);
    expect((await new Client(s.url).get('/health')).status).toBe(200);
    expect(stats(s)).toMatchObject({ subscribers: 2, open: 2, refused: { subscribers: 1 } });
  });

  it('requests do not take watcher slots: with every connection busy, a newcomer asking for a stream gets ' +
    'one', async () => {
    const s = await start({
      data: sample,
      maxRangeDays: 20_000,
      maxConnections: 1,
      maxSubscribers: 1,
      maxConnectionsPerClient: 0,
    });
    const download = await slowDownload(s.url);
    expect((await new Client(s.url).get('/health')).status).toBe(503);
    await openStream(s.url);
    expect(stats(s)).toMatchObject({ subscribers: 1, open: 1, refused: { limit: 1, subscribers: 0 } });
    expect(await download.finish()).toBe('2030');
  }, 60_000);
});

describe('floods against the limit (scaled down)', () => {
  it(
    'idle keep-alive and slow-headers connections from several addresses: every probe from a new client is ' + 'served',
    async () => {
      const s = await start({ maxConnections: 40 });
      expect(stats(s).perClient).toBe(10);
      const flood: Promise<unknown>[] = [];
      for (let i = 0; i < 48; i++) {
        const from = `127.0.1.${1 + (i % 6)}`;
        if (i % 2 === 0) flood.push(idleConnection(s.url, from).catch(() => undefined));
        else {
          const slow = new Client(s.url, from);
          slow.send('GET /health HTTP/1.1\r\n');
          flood.push(slow.connected);
        }
      }
      await Promise.all(flood);
      await until(() => stats(s).open === 40, 'the limit reached');
      // Each probe stays open (idle), so each takes a slot from the flood.
      for (let i = 0; i < 10; i++) expect((await new Client(s.url, '127.0.2.1').get('/health')).status).toBe(200);
      expect(stats(s).evicted).toBeGreaterThanOrEqual(18);
    },
  );

  it('one address cannot take every slot', async () => {
    const s = await start({ maxConnections: 40 });
    const flood = Array.from({ length: 40 }, () => new Client(s.url, '127.0.3.1'));
    for (const c of flood) c.send('GET /health HTTP/1.1\r\n');
    await until(
      () => stats(s).open === 10 && stats(s).refused.perClient + stats(s).dropped === 30,
      'the address capped',
    );
    const probe = new Client(s.url, '127.0.3.2');
    expect((await probe.get('/health')).status).toBe(200);
  });
});

describe('evictions and refusals are told as counts', () => {
  it('one log entry with the counts (not one per connection), and /info shows them', async () => {
    const lines: Record<string, any>[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    const s = await start({ logger, maxConnections: 2, maxConnectionsPerClient: 1, connectionLogEveryMs: 600_000 });
    await idleConnection(s.url, '127.0.0.1');
    for (let i = 0; i < 3; i++) expect((await new Client(s.url, '127.0.0.1').get('/health')).status).toBe(503);
    for (let i = 0; i < 2; i++) await idleConnection(s.url, `127.0.5.${i + 1}`);
    const info = await new Client(s.url, '127.0.6.1').get('/info');
    expect(JSON.parse(info.body).connections).toMatchObject({
      limit: 2,
      per_client: 1,
      subscribers_limit: 10_000,
      evicted: 2,
      refused: { limit: 0, per_client: 3, subscribers: 0 },
      dropped: 0,
    });
    await s.close();
    const entries = lines.filter((l) => String(l.msg).startsWith('connections:'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ evicted: 2, refused: { perClient: 3, limit: 0 }, dropped: 0, level: 40 });
  });
});
