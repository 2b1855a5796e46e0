// Overrides and point-in-time answers (docs/overrides.md), over HTTP against the built CLI:
//
// 1. `as_of`: status at a new instant each request, the same request `as_of` the archive version
//    (the server keeps two versions: the archive and an override on top), and a bare node:http
//    server sending a Buffer of the same size: sequential keep-alive requests, medians of
//    BENCH_RUNS runs of BENCH_REQUESTS each, alternating. Goal: as_of at most 2x the same query.
// 2. A write seen by every worker: `serve --workers 2`; from the 201 of a POST (and of the
//    DELETE that undoes it), how long until 20 requests in a row, each on a new connection (the
//    primary hands connections to the workers in turn), all answer the new version. Goal < 1 s.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../cli/dist/bin.js');
const TOKEN = 'bench-admin-secret';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function serve(extra = []) {
  const cache = mkdtempSync(path.join(tmpdir(), 'openbell-bench-ovr-'));
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--cache-dir', cache, '--log-level', 'warn', ...extra],
    {
      env: { ...process.env, OPENBELL_ADMIN_TOKENS: `ops=${TOKEN}` },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  const url = await new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(err);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
  return { child, url };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url, fresh = false) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, fresh ? { agent: false, headers: { connection: 'close' } } : { agent }, (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          version: res.headers['x-openbell-data-version'],
          body: Buffer.concat(parts),
        }),
      );
    });
    req.on('error', reject);
  });
}
function call(url, method, body) {
  return fetch(url, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).then(async (r) => ({
    status: r.status,
    version: r.headers.get('x-openbell-data-version'),
    body: await r.json(),
  }));
}

/** From now, how long until 20 requests in a row on new connections all answer `version`. */
async function untilAll(url, version) {
  const t0 = performance.now();
  let inARow = 0;
  while (inARow < 20) inARow = (await get(`${url}/health`, true)).version === version ? inARow + 1 : 0;
  return performance.now() - t0;
}

const FIRST = Date.parse('2001-01-01T00:00:00Z');
const instant = (n) => new Date(FIRST + (n + 1) * 421_000).toISOString().replace('.000Z', 'Z');

async function timed(makeUrl) {
  const t0 = performance.now();
  for (let i = 0; i < requests; i++) await get(makeUrl(i));
  return ((performance.now() - t0) * 1000) / requests;
}

// ---- 1. as_of ----
const one = await serve();
await call(`${one.url}/overrides`, 'POST', {
  kind: 'closure',
  target: 'XHKG',
  date: '2024-07-16',
  name: 'Typhoon',
  reason: 'bench',
});
const versions = (await (await fetch(`${one.url}/versions`)).json()).map((v) => v.version);
const archive = versions.at(-1);
const sample = (await get(`${one.url}/markets/US.NYSE/status?datetime_utc=${instant(1)}`)).body;
const ceiling = http.createServer((_req, res) => res.end(sample));
await new Promise((r) => ceiling.listen(0, '127.0.0.1', r));
const ceilingUrl = `http://127.0.0.1:${ceiling.address().port}`;
const times = { current: [], asOf: [], ceiling: [] };
let n = 0;
for (let r = 0; r < runs; r++) {
  times.current.push(await timed((i) => `${one.url}/markets/US.NYSE/status?datetime_utc=${instant(n + i)}`));
  times.asOf.push(
    await timed(
      (i) => `${one.url}/markets/US.NYSE/status?datetime_utc=${instant(n + i)}&as_of=${encodeURIComponent(archive)}`,
    ),
  );
  times.ceiling.push(await timed(() => `${ceilingUrl}/`));
  n += requests;
}
ceiling.close();
one.child.kill('SIGTERM');

// ---- 2. a write seen by every worker ----
const many = await serve(['--workers', '2']);
const seen = [];
for (let r = 0; r < runs; r++) {
  const made = await call(`${many.url}/overrides`, 'POST', {
    kind: 'closure',
    target: 'XHKG',
    date: `2024-07-${String(16 + r).padStart(2, '0')}`,
    name: 'Typhoon',
    reason: 'bench',
  });
  seen.push(await untilAll(many.url, made.version));
  const undone = await call(`${many.url}/overrides/${made.body.id}`, 'DELETE');
  seen.push(await untilAll(many.url, undone.version));
}
many.child.kill('SIGTERM');

const rows = [
  [
    'status, a new instant each request',
    `${median(times.current).toFixed(1)} µs`,
    `${(median(times.current) / median(times.ceiling)).toFixed(2)}x ceiling`,
  ],
  [
    'the same as_of the archive version',
    `${median(times.asOf).toFixed(1)} µs`,
    `${(median(times.asOf) / median(times.current)).toFixed(2)}x the query (goal <= 2x)`,
  ],
  ['bare node:http ceiling, same bytes', `${median(times.ceiling).toFixed(1)} µs`, ''],
  [
    'a write, until 20 answers in a row on new connections name its version (2 workers)',
    `${median(seen).toFixed(1)} ms`,
    `max ${Math.max(...seen).toFixed(1)} ms (goal < 1000 ms)`,
  ],
];
console.log(
  `overrides bench: node ${process.version}, ${runs} runs (medians), ${requests} sequential keep-alive requests per ` +
    `run`,
);
for (const [a, b, c] of rows) console.log(`${a.padEnd(74)} ${b.padStart(10)}  ${c}`);
process.exit(0);
