#!/usr/bin/env node
/**
 * pnpm test:deploy — a publisher, three replicas subscribed to it and a real nginx in front,
 * all on 127.0.0.1. Load goes through nginx while the publisher publishes a new archive and
 * each replica is restarted in turn (SIGTERM, start again). It prints what it measured and
 * exits 1 if any request failed or a replica did not pick up the new version.
 *
 * Needs nginx (Debian's nginx-light; .ci/run installs it) and a built CLI (pnpm build).
 */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, nginxBin, startNginx, until } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(root, 'packages/cli/dist/bin.js');
const SAMPLE = join(root, 'packages/opendata/data/sample.zip');
const LOAD_SECONDS_MIN = Number(process.env.DEPLOY_LOAD_SECONDS ?? 8);
const CONCURRENCY = 8;
const TOKEN = 'deploy-test-subscriber-token';

if (!nginxBin) {
  console.error('test:deploy: nginx is not installed (apt-get install -y nginx-light)');
  process.exit(1);
}
if (!existsSync(BIN)) {
  console.error('test:deploy: build first (packages/cli/dist/bin.js is missing)');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'openbell-deploy-'));
const children = new Set();
const log = (...a) => console.log(`[deploy ${new Date().toISOString().slice(11, 23)}]`, ...a);

function start(name, args, env) {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: work, OPENBELL_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  child.exited = new Promise((res) => child.on('exit', (code, signal) => res({ code, signal, stderr })));
  children.add(child);
  child.exited.then(() => children.delete(child));
  child.label = name;
  return child;
}

const healthy = (port) =>
  until(`127.0.0.1:${port}/health`, async () => (await fetch(`http://127.0.0.1:${port}/health`)).status === 200);
const versionOf = async (port) => (await (await fetch(`http://127.0.0.1:${port}/info`)).json()).data.version;

function cleanup() {
  for (const c of children) c.kill('SIGKILL');
  if (!process.env.DEPLOY_KEEP) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

// ---- the publisher and the archive it publishes ----
const pubDir = join(work, 'pub');
mkdirSync(pubDir);
const archive = join(pubDir, 'bulk.zip');
copyFileSync(SAMPLE, archive);
const pubPort = await freePort();
const ADMIN = 'deploy-test-admin-secret';
const publisherEnv = {
  OPENBELL_PUBLISH_TOKENS: TOKEN,
  OPENBELL_CACHE_DIR: join(work, 'pub-cache'),
  OPENBELL_ADMIN_TOKENS: `ops=${ADMIN}`,
};
const publisherArgs = ['serve', '--data', archive, '--publish', '--host', '127.0.0.1', '--port', String(pubPort)];
let publisher = start('publisher', publisherArgs, publisherEnv);
await healthy(pubPort);
log(`publisher on ${pubPort}`);

// ---- three replicas ----
const replicaEnv = (i) => ({
  OPENBELL_TOKEN: TOKEN,
  OPENBELL_BASE_URL: `http://127.0.0.1:${pubPort}`,
  OPENBELL_CACHE_DIR: join(work, `cache-${i}`),
  OPENBELL_UPDATE_EVERY: '0.05',
});
const replicas = [];
for (let i = 0; i < 3; i++) {
  const port = await freePort();
  replicas.push({
    port,
    child: start(`replica${i + 1}`, ['serve', '--host', '127.0.0.1', '--port', String(port)], replicaEnv(i)),
  });
}
await Promise.all(replicas.map((r) => healthy(r.port)));
const firstVersion = await versionOf(replicas[0].port);
log(`replicas on ${replicas.map((r) => r.port).join(', ')}, version ${firstVersion}`);

// ---- nginx ----
const { port: nginxPort } = await startNginx({
  root,
  work,
  children,
  upstreams: (text) =>
    text.replace(/server replica(\d):8000/g, (_, n) => `server 127.0.0.1:${replicas[Number(n) - 1].port}`),
});
log(`nginx on ${nginxPort}`);

// ---- load through nginx ----
const PATHS = [
  '/health',
  '/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z',
  '/markets/US.CME.EQUITY.USINDEX1/phases?start=2023-11-20&end=2023-11-24',
  '/markets/XNYS/holidays?start=2023-01-01&end=2024-12-31',
  '/markets?subset=US*',
];
const stats = { ok: 0, failed: 0, failures: [], latencies: [] };
let loading = true;
async function worker(k) {
  let i = k;
  while (loading) {
    const path = PATHS[i++ % PATHS.length];
    const t0 = performance.now();
    try {
      const res = await fetch(`http://127.0.0.1:${nginxPort}${path}`);
      await res.arrayBuffer();
      if (res.status === 200) stats.ok++;
      else {
        stats.failed++;
        if (stats.failures.length < 10) stats.failures.push(`${res.status} ${path}`);
      }
    } catch (e) {
      stats.failed++;
      if (stats.failures.length < 10) stats.failures.push(`${e.cause?.code ?? e.message} ${path}`);
    }
    stats.latencies.push(performance.now() - t0);
  }
}
const started = Date.now();
const load = Promise.all(Array.from({ length: CONCURRENCY }, (_, k) => worker(k)));

// ---- publish a new version (same data, another ETag), atomically ----
await new Promise((r) => setTimeout(r, 1500));
const require = createRequire(join(root, 'packages/loader/package.json'));
const { unzipSync, zipSync, strToU8 } = require('fflate');
const files = unzipSync(readFileSync(SAMPLE));
files['README-deploy-test.txt'] = strToU8(`published at ${new Date().toISOString()}\n`);
writeFileSync(`${archive}.tmp`, zipSync(files));
renameSync(`${archive}.tmp`, archive);
log('published a new archive');
let secondVersion;
await until(
  'every replica on the new version',
  async () => {
    const versions = await Promise.all(replicas.map((r) => versionOf(r.port)));
    secondVersion = versions[0];
    return versions.every((v) => v && v !== firstVersion && v === versions[0]);
  },
  60_000,
);
log(`every replica serves ${secondVersion}`);

// ---- rolling restart ----
const restarts = [];
for (let i = 0; i < replicas.length; i++) {
  const r = replicas[i];
  const t0 = Date.now();
  r.child.kill('SIGTERM');
  const { code, signal, stderr } = await r.child.exited;
  if (code !== 0) throw new Error(`replica${i + 1} exited with ${code ?? signal} after SIGTERM: ${stderr}`);
  r.child = start(`replica${i + 1}`, ['serve', '--host', '127.0.0.1', '--port', String(r.port)], replicaEnv(i));
  await healthy(r.port);
  restarts.push(Date.now() - t0);
  log(`replica${i + 1} restarted in ${Date.now() - t0} ms`);
  // As a rollout waits for readiness and then a settling time (minReadySeconds): nginx's passive
  // check keeps a replica that refused connections out for fail_timeout (2 s).
  await new Promise((res) => setTimeout(res, 2500));
}

// ---- an override made on the publisher, served by every replica, kept across its restart ----
const made = await fetch(`http://127.0.0.1:${pubPort}/overrides`, {
  method: 'POST',
  headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    kind: 'closure',
    target: 'XHKG',
    date: '2024-07-16',
    name: 'Typhoon signal No. 8',
    reason: 'deploy test',
  }),
});
if (made.status !== 201) throw new Error(`the publisher refused the override: ${made.status} ${await made.text()}`);
const override = await made.json();
const closedOn = async (port) => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/markets/XHKG/days?start=2024-07-16&end=2024-07-16`);
    return res.ok && (await res.json())[0]?.holiday?.override?.id === override.id;
  } catch {
    return false;
  }
};
await until(
  'every replica serving the override',
  async () => (await Promise.all(replicas.map((r) => closedOn(r.port)))).every(Boolean),
  60_000,
);
log(`every replica serves override ${override.id}`);
publisher.kill('SIGTERM');
{
  const { code, signal, stderr } = await publisher.exited;
  if (code !== 0) throw new Error(`the publisher exited with ${code ?? signal} after SIGTERM: ${stderr}`);
}
publisher = start('publisher', publisherArgs, publisherEnv);
await healthy(pubPort);
if (!(await closedOn(pubPort))) throw new Error('the publisher lost the override across its restart');
// Replicas still follow it: a write there is refused naming the publisher, and they serve it.
const refused = await fetch(`http://127.0.0.1:${replicas[0].port}/overrides`, {
  method: 'POST',
  headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
  body: '{}',
});
if (refused.status !== 403) throw new Error(`a replica answered ${refused.status} to a write, not 403`);
await until(
  'every replica serving the override after the publisher restarted',
  async () => (await Promise.all(replicas.map((r) => closedOn(r.port)))).every(Boolean),
  60_000,
);
log(`the publisher restarted; every replica still serves override ${override.id}`);

const elapsed = Date.now() - started;
if (elapsed < LOAD_SECONDS_MIN * 1000) await new Promise((r) => setTimeout(r, LOAD_SECONDS_MIN * 1000 - elapsed));
loading = false;
await load;

const lat = stats.latencies.sort((a, b) => a - b);
const pct = (p) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))].toFixed(1);
const seconds = (Date.now() - started) / 1000;
console.log(
  JSON.stringify(
    {
      requests: stats.ok + stats.failed,
      failed: stats.failed,
      seconds: Number(seconds.toFixed(1)),
      req_per_s: Math.round((stats.ok + stats.failed) / seconds),
      latency_ms: { p50: Number(pct(50)), p99: Number(pct(99)), max: Number(lat[lat.length - 1].toFixed(1)) },
      restart_ms: restarts,
      versions: [firstVersion, secondVersion],
      failures: stats.failures,
    },
    null,
    2,
  ),
);
process.exit(stats.failed === 0 ? 0 : 1);
