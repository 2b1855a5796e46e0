/**
 * The drain on SIGTERM against a real process (the built server, dist/): a slow reader of a
 * 12 MB answer gets all of it, /health says `draining` at once, new connections are refused,
 * the drain's start and end are logged, and the process exits 0.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BIG = '/markets/DE.XETR/phases?start=2000-04-21&end=2030-12-31';

function startChild(env: Record<string, string> = {}) {
  const script = `
    const { createServer, installShutdownHandlers } = await import('./dist/index.js');
    const { loadSample } = await import('@openbell/loader');
    // 30 years in one answer (above the default ten-year cap) makes a 12 MB body.
    const running = await createServer({
      data: await loadSample(), port: 0, logLevel: 'info',
      drainTimeoutMs: Number(process.env.DRAIN_MS), maxRangeDays: 20000,
    });
    installShutdownHandlers(running, { logger: running.logger });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: serverDir,
    env: { ...process.env, DRAIN_MS: '20000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let buf = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl;
      while ((nl = buf.indexOf('\n')) !== -1) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          logs.push(entry);
          if (typeof entry.url === 'string') resolve(entry.url);
        } catch {
          // not a log line
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${stderr}`)));
  });
  return { child, logs, url };
}

/** Sends a request on a raw socket and reads its answer slowly: paused until `go`, then in small steps. */
function slowRead(port: number, path: string, go: Promise<void>) {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  const chunks: Buffer[] = [];
  let received = 0;
  let firstData!: () => void;
  const started = new Promise<void>((r) => (firstData = r));
  socket.on('data', (c: Buffer) => {
    chunks.push(c);
    received += c.length;
    if (received === c.length) {
      // First bytes in: stop reading, so the server's buffers fill up and it must wait for us.
      socket.pause();
      firstData();
      void go.then(async () => {
        socket.resume();
      });
    } else if (received % (1 << 20) < c.length) {
      socket.pause();
      setTimeout(() => socket.resume(), 15);
    }
  });
  const done = new Promise<{ headers: string; body: number; text: string }>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const raw = all.subarray(end + 4);
      const headers = all.subarray(0, end).toString();
      // A long answer is written in pieces (Transfer-Encoding: chunked): undo the framing.
      let text = raw.toString();
      if (/transfer-encoding: chunked/i.test(headers)) {
        const out: string[] = [];
        let at = 0;
        for (;;) {
          const eol = raw.indexOf('\r\n', at);
          if (eol === -1) break;
          const size = parseInt(raw.subarray(at, eol).toString(), 16);
          if (!(size > 0)) break;
          out.push(raw.subarray(eol + 2, eol + 2 + size).toString());
          at = eol + 2 + size + 2;
        }
        text = out.join('');
      }
      resolve({ headers, body: Buffer.byteLength(text), text });
    });
  });
  return { started, done, socket, received: () => received };
}

function get(
  agent: http.Agent,
  port: number,
  path: string,
): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

describe('drain on SIGTERM (real process)', () => {
  it('sends a slow reader its whole 12 MB answer, says draining, refuses new connections, logs, exits 0', async () => {
    const { child, logs, url } = startChild();
    const port = Number(new URL(await url).port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(agent, port, '/health')).status).toBe(200);

    let go!: () => void;
    const reader = slowRead(port, BIG, new Promise<void>((r) => (go = r)));
    await reader.started;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');

    // /health on a connection already open answers 503 draining (and closes it).
    let health: { status: number; body: string; connection?: string } | undefined;
    for (let i = 0; i < 100; i++) {
      health = await get(agent, port, '/health');
      if (health.status !== 200) break;
      await sleep(10);
    }
    expect(health!.status).toBe(503);
    expect(JSON.parse(health!.body)).toMatchObject({ status: 'draining', data_loaded: true });
    expect(health!.connection).toBe('close');
    // No new connections.
    await expect(get(new http.Agent(), port, '/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // The slow reader still gets every byte it was promised.
    await sleep(300);
    go();
    const { headers, body, text } = await reader.done;
    expect(headers).toMatch(/^HTTP\/1\.1 200/);
    expect(body).toBeGreaterThan(10_000_000);
    // Complete: the JSON array parses, all 30 years of it.
    const phases = JSON.parse(text) as { start: string }[];
    expect(phases.at(-1)!.start.slice(0, 4)).toBe('2030');

    const [code] = await exited;
    expect(code).toBe(0);
    const messages = logs.map((l) => String(l.msg));
    expect(messages.some((m) => m.startsWith('drain started'))).toBe(true);
    expect(messages.some((m) => m.startsWith('drain finished'))).toBe(true);
    agent.destroy();
  }, 60_000);

  it('cuts what is left when the drain timeout passes, and still exits 0', async () => {
    const { child, logs, url } = startChild({ DRAIN_MS: '500' });
    const port = Number(new URL(await url).port);
    const reader = slowRead(port, BIG, new Promise<void>(() => undefined)); // never reads on
    await reader.started;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    // The paused reader got only part of the answer: the connection was cut at the timeout.
    expect(reader.received()).toBeLessThan(10_000_000);
    reader.socket.destroy();
    expect(logs.some((l) => String(l.msg).startsWith('drain timeout'))).toBe(true);
  }, 60_000);
});
