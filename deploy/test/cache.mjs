#!/usr/bin/env node
/**
 * pnpm test:deploy, second part — deploy/nginx/openbell.conf's cache in front of one server,
 * obeying the server's headers (no proxy_cache_valid):
 *   - 1,000 distinct requests replayed twice: at least 95% of the second pass are cache hits;
 *   - with the server stopped, at least 99% of them still answer, byte-identical;
 *   - after a data change (an override written), the changed answer reaches clients within its
 *     announced max-age plus 2 s;
 * and promtool accepts the server's /metrics, the alert rules and the Prometheus config
 * (skipped with a warning where promtool is missing; .ci/run installs Debian's prometheus).
 *
 * Needs nginx and a built CLI, as run.mjs. Prints what it measured; exits 1 on a missed bound.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, nginxBin, startNginx, until } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(root, 'packages/cli/dist/bin.js');
const SAMPLE = join(root, 'packages/opendata/data/sample.zip');
const ADMIN = 'deploy-cache-admin-secret';
/** The data answers' max-age ceiling of the server under test (--cache-max-age): short, so the run is. */
const MAX_AGE = 10;
const PARALLEL = 16;

if (!nginxBin || !existsSync(BIN)) {
  console.error('test:deploy (cache): needs nginx (apt-get install -y nginx-light) and a build (pnpm build)');
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'openbell-cache-'));
const children = new Set();
const log = (...a) => console.log(`[cache ${new Date().toISOString().slice(11, 23)}]`, ...a);
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  if (!process.env.DEPLOY_KEEP) rmSync(work, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

const failures = [];
const expect = (ok, what) => {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// ---- promtool: the rules, the config and (below) the server's /metrics ----
const promtool = spawnSync('promtool', ['--version']).status === 0;
if (!promtool)
  console.warn('test:deploy (cache): promtool not found, its checks are skipped (apt-get install prometheus)');
else {
  for (const args of [
    ['check', 'rules', join(root, 'deploy/prometheus/alerts.yml')],
    ['check', 'config', join(root, 'deploy/prometheus/prometheus.yml')],
  ]) {
    const r = spawnSync('promtool', args, { encoding: 'utf8' });
    expect(r.status === 0, `promtool ${args.slice(0, 2).join(' ')}${r.status === 0 ? '' : `: ${r.stdout}${r.stderr}`}`);
  }
}

// ---- one server, writes enabled ----
const port = await freePort();
let origin;
const startOrigin = () => {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--data', SAMPLE, '--host', '127.0.0.1', '--port', String(port)],
    {
      env: {
        PATH: process.env.PATH,
        HOME: work,
        OPENBELL_LOG_LEVEL: 'warn',
        OPENBELL_CACHE_DIR: join(work, 'cache'),
        OPENBELL_ADMIN_TOKENS: `ops=${ADMIN}`,
        OPENBELL_CACHE_MAX_AGE: String(MAX_AGE),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.add(child);
  child.exited = new Promise((r) => child.on('exit', r));
  child.exited.then(() => children.delete(child));
  return child;
};
origin = startOrigin();
await until('the server', async () => (await fetch(`http://127.0.0.1:${port}/health`)).status === 200);

if (promtool) {
  await fetch(`http://127.0.0.1:${port}/markets`);
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const r = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  expect(r.status === 0 && r.stdout + r.stderr === '', `promtool check metrics ${r.stdout}${r.stderr}`);
}

// ---- nginx with the deploy's cache, in front of it ----
const { port: nginxPort, conf } = await startNginx({
  root,
  work,
  children,
  upstreams: (text) =>
    text
      .replace(/ {4}server replica1:8000 [^\n]*\n/, `    server 127.0.0.1:${port} max_fails=2 fail_timeout=2s;\n`)
      .replace(/ {4}server replica\d:8000 [^\n]*\n/g, ''),
});
if (/^\s*proxy_cache_valid/m.test(conf))
  throw new Error('deploy/nginx/openbell.conf must not override the origin with proxy_cache_valid');
const base = `http://127.0.0.1:${nginxPort}`;
log(`nginx on ${nginxPort} in front of the server on ${port}`);

// ---- 1,000 distinct data requests ----
const markets = (await (await fetch(`${base}/markets`)).json()).map((m) => m.fin_id);
const paths = [];
for (let i = 0; paths.length < 1000; i++) {
  const m = markets[i % markets.length];
  const end = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / markets.length) * 86_400_000).toISOString().slice(0, 10);
  const kind = i % 3 === 0 ? 'holidays' : i % 3 === 1 ? 'special-sessions' : 'holidays';
  const path = `/markets/${encodeURIComponent(m)}/${kind}?start=2023-01-01&end=${end}`;
  if (!paths.includes(path)) paths.push(path);
}

async function pass(label) {
  const out = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      try {
        const res = await fetch(`${base}${paths[i]}`);
        const body = Buffer.from(await res.arrayBuffer());
        out[i] = {
          status: res.status,
          cache: res.headers.get('x-cache-status'),
          body,
          cc: res.headers.get('cache-control'),
        };
      } catch (e) {
        out[i] = { status: 0, cache: null, body: null, error: e.cause?.code ?? e.message };
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const hits = out.filter((r) => r.cache === 'HIT').length;
  log(`${label}: ${out.filter((r) => r.status === 200).length} answered 200, ${hits} hits`);
  return out;
}

const first = await pass('first pass');
expect(
  first.every((r) => r.status === 200),
  'every distinct request answered 200 on the first pass',
);
const second = await pass('replayed');
const hitRate = second.filter((r) => r.cache === 'HIT').length / paths.length;
expect(hitRate >= 0.95, `replayed: ${(hitRate * 100).toFixed(1)}% cache hits (at least 95%)`);

// ---- the server stopped: answered from the cache, byte-identical ----
origin.kill('SIGTERM');
await origin.exited;
const down = await pass('origin stopped');
const same = down.filter((r, i) => r.status === 200 && r.body?.equals(first[i].body)).length / paths.length;
expect(same >= 0.99, `origin stopped: ${(same * 100).toFixed(1)}% answered byte-identically (at least 99%)`);

// ---- a data change reaches clients within the max-age announced plus 2 s ----
origin = startOrigin();
await until('the server again', async () => (await fetch(`http://127.0.0.1:${port}/health`)).status === 200);
const DAY = '/markets/XHKG/days?start=2024-07-16&end=2024-07-16';
const before = await fetch(`${base}${DAY}`);
const announced = Number(/max-age=(\d+)/.exec(before.headers.get('cache-control') ?? '')?.[1]);
const beforeBody = await before.text();
await fetch(`${base}${DAY}`); // kept now
const made = await fetch(`http://127.0.0.1:${port}/overrides`, {
  method: 'POST',
  headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    kind: 'closure',
    target: 'XHKG',
    date: '2024-07-16',
    name: 'Typhoon signal No. 8',
    reason: 'deploy cache test',
  }),
});
if (made.status !== 201) throw new Error(`the override was refused: ${made.status} ${await made.text()}`);
const changedAt = Date.now();
let reachedMs;
await until(
  'the change through the cache',
  async () => {
    const body = await (await fetch(`${base}${DAY}`)).text();
    if (body === beforeBody) return false;
    reachedMs = Date.now() - changedAt;
    return true;
  },
  (announced + 10) * 1000,
).catch(() => undefined);
expect(
  reachedMs !== undefined && reachedMs <= (announced + 2) * 1000,
  `a data change reached clients in ${reachedMs ?? 'never'} ms (max-age ${announced} s + 2 s)`,
);

console.log(
  JSON.stringify(
    {
      distinct: paths.length,
      hit_rate: Number(hitRate.toFixed(4)),
      origin_stopped_identical: Number(same.toFixed(4)),
      max_age_s: announced,
      change_reached_ms: reachedMs,
      failures,
    },
    null,
    2,
  ),
);
process.exit(failures.length === 0 ? 0 : 1);
