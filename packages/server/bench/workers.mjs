// Issue 17: uncached year-of-phases throughput of `openbell serve --workers 1` against
// `--workers 2` (the real CLI, node:cluster). Every request is a distinct URL (a different start
// date and a counter) and the answer cache is off, so each one computes a year of phases.
// A short warm-up, then 3 timed runs per worker count; the medians are reported with the ratio.
//
//   node bench/workers.mjs [seconds per run, default 2] [concurrency, default 16]
//
// Needs the CLI built (packages/cli/dist/bin.js). The load generator runs in this process, on
// the same machine: on a small machine it competes with the workers for the cores, which
// caps the ratio well below the core count.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../../loader/data/sample.zip', import.meta.url));
const SECONDS = Number(process.argv[2] ?? 2);
const CONCURRENCY = Number(process.argv[3] ?? 16);
const RUNS = 3;

if (!existsSync(BIN)) {
  console.log('bench/workers.mjs: build the CLI first (pnpm build); skipped');
  process.exit(0);
}

function start(workers) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--log-level', 'warn', '--answer-cache', '0', '--workers', String(workers), '--data', SAMPLE], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, OPENBELL_CONFIG: '', XDG_CONFIG_HOME: '/nonexistent' },
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

const stop = (child) =>
  new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });

let counter = 0;
/** A distinct year of NYSE phases per call: start dates walk over 2001 to 2028, plus a counter. */
function nextPath() {
  const i = counter++;
  const day = new Date(Date.UTC(2001, 0, 1) + (i % 10_000) * 86_400_000);
  const end = new Date(day.getTime() + 364 * 86_400_000);
  const iso = (d) => d.toISOString().slice(0, 10);
  return `/markets/US.NYSE/phases?start=${iso(day)}&end=${iso(end)}&v=${i}`;
}

function request(agent, url) {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${nextPath()}`, { agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

/** The load generator's own CPU use per run, in cores (it competes with the servers). */
const generatorCpu = [];

/** Requests per second over `seconds`, `CONCURRENCY` keep-alive connections in parallel. */
async function measure(url, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await request(agent, url);
        done += 1;
      }
    }),
  );
  const elapsed = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  generatorCpu.push((cpu.user + cpu.system) / 1000 / elapsed);
  agent.destroy();
  return done / (elapsed / 1000);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Both servers run side by side (the idle one costs nothing) and the runs alternate, 1, 2, 1, 2…,
// so a change in the machine's other load during the bench falls on both alike.
const servers = {};
const results = { 1: { runs: [] }, 2: { runs: [] } };
try {
  for (const workers of [1, 2]) servers[workers] = await start(workers);
  for (const workers of [1, 2]) await measure(servers[workers].url, 0.5); // warm-up: JIT, connections spread over the workers
  for (let r = 0; r < RUNS; r += 1) {
    for (const workers of [1, 2]) results[workers].runs.push(await measure(servers[workers].url, SECONDS));
  }
} finally {
  await Promise.all(Object.values(servers).map((s) => stop(s.child)));
}
for (const w of [1, 2]) results[w].median = median(results[w].runs);

const ratio = results[2].median / results[1].median;
console.log(`uncached year-of-phases (US.NYSE, distinct URLs, answer cache off), ${CONCURRENCY} connections, ${RUNS} × ${SECONDS} s, ${availableParallelism()} cores (load generator on the same cores)`);
for (const w of [1, 2]) {
  console.log(`  --workers ${w}: median ${results[w].median.toFixed(0)} req/s  (runs ${results[w].runs.map((x) => x.toFixed(0)).join(', ')})`);
}
console.log(`  load generator: ${median(generatorCpu).toFixed(2)} of a core (median); machine load average ${loadavg()[0].toFixed(1)}`);
console.log(`  ratio 2 / 1: ${ratio.toFixed(2)}×  (goal ≥ 1.7×)`);
