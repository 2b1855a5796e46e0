// `openbell serve --workers 2` as a real process: both workers answer, an update
// from a local publisher reaches every worker with one version while the publisher is asked once
// a check, by the primary alone, a killed worker is replaced, and SIGTERM drains every worker and
// exits 0.
import { copyFileSync, existsSync, mkdirSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run, SAMPLE_ZIP, sampleWithMarket, scratch, serve, type Served } from './helpers.js';
import { alive, getFresh, logLines, sleep, waitFor } from './processes.js';

const TOKEN = 'cli-workers-token-81c3aa';
const dir = join(scratch, 'workers');
mkdirSync(dir, { recursive: true });
const published = join(dir, 'bulk.zip');
copyFileSync(SAMPLE_ZIP, published);

const running: Served[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

const changedArchive = (): Uint8Array =>
  sampleWithMarket('ZZ.WORKERS,Workers Exchange,Equities,Equities,Europe/London,Sat-Sun,,ZZWK,Equities,,,');

interface Info {
  data: { version: string | null };
  process: { pid: number; worker: number | null };
}
const get = getFresh;
const info = async (url: string) => JSON.parse((await get(`${url}/info`)).body) as Info;
/** pid → data version, from enough fresh connections to reach every worker. */
async function byWorker(url: string, requests = 8): Promise<Map<number, string | null>> {
  const seen = new Map<number, string | null>();
  for (let i = 0; i < requests; i += 1) {
    const body = await info(url);
    seen.set(body.process.pid, body.data.version);
  }
  return seen;
}

/** The worker's pid on a keep-alive connection of its own (one agent, one socket). */
function pidOn(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/info`, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve((JSON.parse(body) as Info).process.pid));
      })
      .on('error', reject);
  });
}

describe('openbell serve --workers 2', () => {
  it('both workers answer; an update reaches both with one version, the publisher asked once a check, by the primary ' +
    'alone; a killed worker is replaced; SIGTERM drains all and exits 0', async () => {
    const pub = await serve(['--publish', '--data', published, '--log-level', 'info'], {
      OPENBELL_PUBLISH_TOKENS: TOKEN,
    });
    running.push(pub);
    const hosted = { OPENBELL_TOKEN: TOKEN, OPENBELL_BASE_URL: pub.url, OPENBELL_CACHE_DIR: join(dir, 'cache') };

    // Update checks every 0.5 s; at debug level each check that finds nothing new is logged, with its pid.
    const sub = await serve(['--workers', '2', '--update-every', '0.0083', '--log-level', 'debug'], hosted);
    running.push(sub);
    expect(sub.stderr()).toMatch(/with 2 workers/);
    expect(sub.stderr()).toMatch(/Checking for updates every/);

    // Both workers answer, each with its own pid and worker id, neither the primary's.
    const first = await byWorker(sub.url);
    expect(first.size).toBe(2);
    expect([...first.keys()]).not.toContain(sub.child.pid);
    const v1 = [...first.values()][0];
    expect(new Set(first.values())).toEqual(new Set([v1]));
    expect((await get(`${sub.url}/markets/ZZ.WORKERS`)).status).toBe(404);

    // The publisher is asked by the primary alone: one conditional request per check, and only
    // the primary checks (two workers checking would make three requests a check). Counted in
    // checks, not seconds: a slow machine checks less often, never differently.
    const downloads = () =>
      pub
        .stdout()
        .split('\n')
        .filter((l) => l.includes('/v4/download')).length;
    const checks = () => logLines(sub.stdout()).filter((l) => l.msg === 'data is up to date');
    const [before, checked] = [downloads(), checks().length];
    await waitFor('three update checks', async () => checks().length >= checked + 3);
    // The publisher logs an answer before the primary reads it: one more may be on its way, at either end.
    const [asked, done] = [downloads() - before, checks().length - checked];
    expect(asked).toBeGreaterThanOrEqual(done - 1);
    expect(asked).toBeLessThanOrEqual(done + 1);
    expect(new Set(checks().map((l) => l.pid))).toEqual(new Set([sub.child.pid]));

    // A new version: every worker ends up on it, the same one, and the swap went to both at once.
    writeFileSync(`${published}.tmp`, changedArchive());
    renameSync(`${published}.tmp`, published);
    await waitFor('the primary to swap the new version in', async () =>
      /new data version swapped into every worker/.test(sub.stdout()),
    );
    const swapLine = sub
      .stdout()
      .split('\n')
      .find((l) => l.includes('new data version swapped into every worker'))!;
    expect(JSON.parse(swapLine)).toMatchObject({ workers: 2 });
    const after = await byWorker(sub.url);
    expect(after.size).toBe(2);
    const v2 = [...after.values()][0];
    expect(v2).not.toBe(v1);
    expect(new Set(after.values())).toEqual(new Set([v2]));
    for (let i = 0; i < 4; i += 1) expect((await get(`${sub.url}/markets/ZZ.WORKERS`)).status).toBe(200);

    // A killed worker is replaced by a new one serving the current version.
    const [victim, survivor] = [...after.keys()] as [number, number];
    process.kill(victim, 'SIGKILL');
    await waitFor('a replacement worker', async () => {
      const now = await byWorker(sub.url, 6).catch(() => new Map<number, string | null>());
      return now.size === 2 && !now.has(victim) && now.has(survivor);
    });
    const replaced = await byWorker(sub.url);
    expect(new Set(replaced.values())).toEqual(new Set([v2]));
    expect(sub.stdout()).toMatch(/worker died; starting another/);

    // SIGTERM: every worker drains (its own drain log), then the primary exits 0, leaving none behind.
    const pids = [...replaced.keys()];
    const code = await sub.stop();
    running.splice(running.indexOf(sub), 1);
    expect(code).toBe(0);
    const finished = sub
      .stdout()
      .split('\n')
      .filter((l) => l.includes('drain finished'));
    expect(new Set(finished.map((l) => (JSON.parse(l) as { pid: number }).pid))).toEqual(new Set(pids));
    expect(sub.stdout()).toMatch(/every worker finished/);
    await waitFor('the workers to be gone', async () => pids.every((p) => !alive(p)), 5000);
  }, 90_000);

  it('keep-alive connections opened one after the other alternate between the workers and stay with theirs; workers ' +
    'log to stdout themselves', async () => {
    const sub = await serve(['--workers', '2', '--data', SAMPLE_ZIP]);
    running.push(sub);
    const agents = Array.from({ length: 8 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      // One connection after the other, each kept open: the primary hands them out in turn.
      const pids: number[] = [];
      for (const agent of agents) pids.push(await pidOn(agent, sub.url));
      const counts = new Map<number, number>();
      for (const pid of pids) counts.set(pid, (counts.get(pid) ?? 0) + 1);
      expect([...counts.values()]).toEqual([4, 4]);
      // A connection stays with its worker.
      for (const [i, agent] of agents.entries()) expect(await pidOn(agent, sub.url)).toBe(pids[i]);
      // Each worker's stdout is the primary's own pipe: log lines never cross the IPC channel.
      if (existsSync(`/proc/${sub.child.pid}/fd/1`)) {
        for (const pid of counts.keys())
          expect(readlinkSync(`/proc/${pid}/fd/1`)).toBe(readlinkSync(`/proc/${sub.child.pid}/fd/1`));
      }
    } finally {
      for (const agent of agents) agent.destroy();
      const code = await sub.stop();
      running.splice(running.indexOf(sub), 1);
      expect(code).toBe(0);
    }
  }, 30_000);

  it('SIGTERM right after a request: the request is answered, every worker drains, exit 0', async () => {
    const sub = await serve(['--workers', '2', '--data', SAMPLE_ZIP]);
    running.push(sub);
    expect((await get(`${sub.url}/health`)).status).toBe(200);
    const answered = get(`${sub.url}/markets/US.NYSE`);
    await sleep(5);
    const exited = sub.stop();
    running.splice(running.indexOf(sub), 1);
    expect((await answered).status).toBe(200);
    expect(await exited).toBe(0);
  }, 30_000);

  it('--publish with workers: a presigned link from one worker is honoured by the others (one signing ' +
    'key)', async () => {
    const pub = await serve(['--workers', '2', '--publish', '--data', published], { OPENBELL_PUBLISH_TOKENS: TOKEN });
    running.push(pub);
    const link = await fetch(`${pub.url}/v4/download`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      redirect: 'manual',
    });
    expect(link.status).toBe(302);
    const location = new URL(link.headers.get('location')!, pub.url).toString();
    const pids = await byWorker(pub.url, 4);
    expect(pids.size).toBe(2);
    for (let i = 0; i < 4; i += 1) expect((await get(location)).status).toBe(200);
  }, 30_000);

  it('an address in use stops the whole server with exit 1 and the usual message (no restart loop)', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const res = await run(['serve', '--workers', '2', '--port', String(port), '--log-level', 'info']);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(
        `cannot listen on --host 127.0.0.1 --port ${port}: the address is already in use (EADDRINUSE)`,
      );
      // The first failure stops the whole server; no worker is started again in its place.
      const logged = logLines(res.stdout);
      expect(logged.filter((l) => l.msg.startsWith('shutting down'))).toMatchObject([{ reason: 'fatal' }]);
      expect(logged.filter((l) => l.msg.includes('starting another'))).toEqual([]);
    } finally {
      blocker.close();
    }
  }, 30_000);
});
