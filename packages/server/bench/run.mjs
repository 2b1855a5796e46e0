// HTTP load benchmark: the built server (../dist) in a child process on 127.0.0.1, autocannon
// in this one, so each gets a core. Prints req/s and p99 latency per endpoint against the
// targets of issue 4. Environment: BENCH_DURATION seconds per endpoint (default 10),
// BENCH_CONNECTIONS (default 10), BENCH_LOG_LEVEL for the server (default warn).
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

const child = spawn(process.execPath, [fileURLToPath(new URL('./serve.mjs', import.meta.url))], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: process.env,
});
const stopChild = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', stopChild);

const lines = createInterface({ input: child.stdout });
const [first] = await Promise.race([
  once(lines, 'line'),
  once(child, 'exit').then(([code]) => {
    throw new Error(`bench server exited early (code ${code}); is the package built? (pnpm --filter @openbell/server build)`);
  }),
]);
const { url, data } = JSON.parse(first);
console.log(`server ${url} (${data}); ${connections} connections, ${duration}s per endpoint, node ${process.version}`);

function run(path, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${url}${path}`, connections, duration: seconds, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

let failed = false;
for (const t of targets) {
  const probe = await fetch(`${url}${t.path}`);
  if (probe.status !== 200) throw new Error(`${t.path} answered ${probe.status}: ${await probe.text()}`);
  await run(t.path, 2); // warm-up: JIT, caches
  const r = await run(t.path, duration);
  const rps = r.requests.average;
  const p99 = r.latency.p99;
  const bad = r.non2xx + r.errors + r.timeouts;
  const okRps = rps >= t.minRps;
  const okP99 = t.maxP99 === undefined || p99 < t.maxP99;
  if (!okRps || !okP99 || bad > 0) failed = true;
  console.log(
    `${t.name.padEnd(16)} ${rps.toFixed(0).padStart(7)} req/s (target ≥ ${t.minRps}${okRps ? ' ok' : ' MISSED'})  ` +
      `p50 ${r.latency.p50} ms  p99 ${p99} ms${t.maxP99 ? ` (target < ${t.maxP99}${okP99 ? ' ok' : ' MISSED'})` : ''}  ` +
      `${r.requests.total} requests, ${bad} errors/non-2xx`,
  );
}

stopChild();
await once(child, 'exit');
process.exitCode = failed && process.env.BENCH_STRICT ? 1 : 0;
