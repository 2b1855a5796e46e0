// One stop signal, one drain, against real processes: `openbell serve` (one process, and
// --workers 2) runs behind a small wrapper that forwards SIGINT and SIGTERM to it, as pnpm and
// turbo do, all in a process group of their own. A SIGTERM to the whole group reaches the server
// twice within milliseconds; a slow reader of a 12 MB answer must still get all of it and the
// server exit 0. Asked again more than a second later, the server exits at once with 1.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from './helpers.js';
import { alive, sleep, waitFor } from './processes.js';

// Thirty years in one answer (above the default ten-year cap): a 12 MB body, far more than the
// kernel's socket buffers hold, so the server is still writing while the reader holds back.
const BIG = '/markets/DE.XETR/phases?start=2000-04-21&end=2030-12-31';

// The forward waits 100 ms: a copy sent while the group's signal is still pending in the kernel
// merges with it, and the point is a server that sees two (pnpm's forward goes through its
// event loop, and under load arrives later still).
const WRAPPER = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, process.argv.slice(1), { stdio: 'inherit' });
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => setTimeout(() => child.kill(s), 100));
child.on('exit', (code, signal) => {
  process.stderr.write('wrapper: server exited ' + JSON.stringify({ code, signal }) + '\\n');
  process.exit(code ?? 1);
});
`;

interface Wrapped {
  wrapper: ChildProcess;
  url: string;
  /** The server's exit, as the wrapper reports it. */
  exited: Promise<{ code: number | null; signal: string | null }>;
  stderr: () => string;
  /** The server's JSON log lines so far. */
  stdout: () => string;
}

/** `openbell serve` behind the forwarding wrapper, in a new process group led by the wrapper. */
function startWrapped(args: string[]): Promise<Wrapped> {
  return new Promise((resolve, reject) => {
    const wrapper = spawn(
      process.execPath,
      [
        '-e',
        WRAPPER,
        BIN,
        'serve',
        '--port',
        '0',
        '--log-level',
        'info',
        '--log-format',
        'json',
        '--max-range-days',
        '20000',
        ...args,
      ],
      {
        env: cleanEnv(),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    let out = '';
    wrapper.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    let report!: (r: { code: number | null; signal: string | null }) => void;
    const exited = new Promise<{ code: number | null; signal: string | null }>((r) => (report = r));
    const timer = setTimeout(() => {
      process.kill(-wrapper.pid!, 'SIGKILL');
      reject(new Error(`serve did not start: ${err}`));
    }, 40_000);
    wrapper.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const done = /wrapper: server exited (\{.*\})/.exec(err);
      if (done) report(JSON.parse(done[1]!) as { code: number | null; signal: string | null });
      const m = /listening on (http:\/\/[^\s]+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ wrapper, url: m[1]!, exited, stderr: () => err, stdout: () => out });
      }
    });
    wrapper.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`the wrapper exited before the server listened: ${err}`));
    });
  });
}

/**
 * A reader of a long answer that applies backpressure: it stops reading after the first bytes
 * until `go` resolves, then reads 1 MB at a time with
 * a pause after each, so the server is still writing well after the signal. A paused reader
 * sees neither the end nor a cut of the answer until it reads on.
 */
function slowRead(url: string, go: Promise<void>) {
  let firstBytes!: () => void;
  const started = new Promise<void>((r) => (firstBytes = r));
  const done = new Promise<{ complete: boolean; body: string; error?: string }>((resolve) => {
    const chunks: Buffer[] = [];
    const req = http.get(url, { agent: false }, (res) => {
      let sinceBreath = 0;
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        sinceBreath += c.length;
        if (chunks.length === 1) {
          res.pause();
          firstBytes();
          void go.then(() => res.resume());
        } else if (sinceBreath >= 1 << 20) {
          sinceBreath = 0;
          res.pause();
          setTimeout(() => res.resume(), 20);
        }
      });
      res.on('end', () => resolve({ complete: true, body: Buffer.concat(chunks).toString() }));
      res.on('error', (e) => resolve({ complete: false, body: Buffer.concat(chunks).toString(), error: e.message }));
    });
    req.on('error', (e) => resolve({ complete: false, body: Buffer.concat(chunks).toString(), error: e.message }));
  });
  return { started, done };
}

/** `openbell serve` behind the wrapper, answering BIG to a slow reader paused after its first bytes until `go()`. */
async function serveSlowReader(args: string[]) {
  const s = await startWrapped(args);
  let go!: () => void;
  const reader = slowRead(`${s.url}${BIG}`, new Promise<void>((r) => (go = r)));
  await reader.started;
  return { s, pgid: s.wrapper.pid!, reader, go };
}

describe.each([
  ['one process', [] as string[]],
  ['--workers 2', ['--workers', '2']],
])('a SIGTERM to the process group (%s)', (_name, args) => {
  it('reaches the server twice, is one request to stop: the slow reader gets the whole answer, exit 0', async () => {
    const { s, pgid, reader, go } = await serveSlowReader(args);
    process.kill(-pgid, 'SIGTERM');
    // Both copies (the group's and the wrapper's) arrive while the reader is still paused.
    await waitFor('the repeated signal', () => /signal repeated within a second of the first/.test(s.stdout()));
    go();
    const got = await reader.done;
    expect(got.error).toBeUndefined();
    expect(got.complete).toBe(true);
    expect(got.body.length).toBeGreaterThan(10_000_000);
    const phases = JSON.parse(got.body) as { start: string }[];
    expect(phases.at(-1)!.start.startsWith('2030-12-')).toBe(true);
    expect(await s.exited).toEqual({ code: 0, signal: null });
    await waitFor('the process group to be gone', () => !alive(pgid), 5000);
  }, 90_000);

  it('a second signal more than a second later forces exit with 1, cutting the answer', async () => {
    // This reader reads on only once the server has gone: until then the drain (30 s) waits for it.
    const { s, pgid, reader, go } = await serveSlowReader(args);
    process.kill(-pgid, 'SIGTERM');
    await sleep(1600);
    expect(alive(pgid), s.stderr()).toBe(true);
    process.kill(-pgid, 'SIGTERM');
    expect(await s.exited).toEqual({ code: 1, signal: null });
    // At once, not after the drain: the second signal forced the exit while the reader still
    // held back, so the drain of the process serving it never finished (it would wait for the
    // reader up to its 30 s); an idle worker may have finished its own.
    expect(s.stdout()).toMatch(/second signal: (exiting|killing the workers) without waiting/);
    expect(s.stdout()).not.toMatch(/every worker finished/);
    const serving = args.length ? 2 : 1;
    expect(
      s
        .stdout()
        .split('\n')
        .filter((l) => l.includes('drain finished')).length,
    ).toBeLessThan(serving);
    go();
    const got = await reader.done;
    expect(got.complete).toBe(false);
    expect(got.body.length).toBeLessThan(10_000_000);
  }, 90_000);
});
