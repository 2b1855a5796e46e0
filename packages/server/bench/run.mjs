// HTTP load benchmark: the built server (../dist) in a child process on 127.0.0.1, autocannon
// in this one, so each gets a core. Prints req/s and p99 latency per endpoint against the
// targets, then the same load against a bare node:http server sending a constant
// body of the same size: the ceiling of any node HTTP server on this machine at that moment.
// Environment: BENCH_DURATION seconds per endpoint (default 10), BENCH_CONNECTIONS (default
// 10), BENCH_LOG_LEVEL for the server (default warn), BENCH_BASELINE=0 skips the ceiling run,
// BENCH_STRICT=1 exits 1 when a target is missed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const targets = [
  {
    name: 'status',
    path: '/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00%2B00:00',
    minRps: 15_000,
    maxP99: 5,
  },
  {
    name: 'phases (7 days)',
    path: '/markets/US.NYSE/phases?start=2023-11-13&end=2023-11-19',
    minRps: 8_000,
    maxP99: undefined,
  },
];

/** Starts a node process that prints its URL (or port) as its first stdout line. */
async function startChild(args) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  process.on('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  const [line] = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    once(child, 'exit').then(([code]) => {
      throw new Error(
        `bench child exited early (code ${code}); is the package built? (pnpm --filter @openbell/server build)`,
      );
    }),
  ]);
  return { child, line };
}

async function stopChild(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

function load(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const server = await startChild([fileURLToPath(new URL('./serve.mjs', import.meta.url))]);
const { url, data } = JSON.parse(server.line);
console.log(`server ${url} (${data}); ${connections} connections, ${duration}s per endpoint, node ${process.version}`);

let failed = false;
let statusBody = '';
for (const t of targets) {
  const probe = await fetch(`${url}${t.path}`);
  const text = await probe.text();
  if (probe.status !== 200) throw new Error(`${t.path} answered ${probe.status}: ${text}`);
  if (!statusBody) statusBody = text;
  await load(`${url}${t.path}`, 2); // warm-up: JIT, caches
  const r = await load(`${url}${t.path}`, duration);
  const rps = r.requests.average;
  const p99 = r.latency.p99;
  const bad = r.non2xx + r.errors + r.timeouts;
  const okRps = rps >= t.minRps;
  const okP99 = t.maxP99 === undefined || p99 < t.maxP99;
  if (!okRps || !okP99 || bad > 0) failed = true;
  console.log(
    `${t.name.padEnd(16)} ${rps.toFixed(0).padStart(7)} req/s (target ≥ ${t.minRps}${okRps ? ' ok' : ' MISSED'})  ` +
      `p50 ${r.latency.p50} ms  p99 ${p99} ms` +
      `${t.maxP99 ? ` (target < ${t.maxP99}${okP99 ? ' ok' : ' MISSED'})` : ''}  ` +
      `${r.requests.total} requests, ${bad} errors/non-2xx`,
  );
}
await stopChild(server.child);

if (process.env.BENCH_BASELINE !== '0') {
  const script =
    `const b=${JSON.stringify(statusBody)};` +
    "const s=require('node:http').createServer((q,r)=>{r.writeHead(200,{'Content-Type':'application/json; " +
    "charset=utf-8','Content-Length':Buffer.byteLength(b)});r.end(b)});" +
    "s.listen(0,'127.0.0.1',()=>console.log(s.address().port));process.on('SIGTERM',()=>process.exit(0));";
  const bare = await startChild(['-e', script]);
  const r = await load(`http://127.0.0.1:${bare.line}/`, Math.min(duration, 5));
  console.log(
    `${'bare node:http'.padEnd(16)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p99 ${r.latency.p99} ms  ` +
      '(constant status-sized body: the ceiling for any node server on this machine right now)',
  );
  await stopChild(bare.child);
}

process.exitCode = failed && process.env.BENCH_STRICT === '1' ? 1 : 0;
