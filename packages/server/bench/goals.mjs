// The per-request goals, each beside a bare node:http server sending a constant
// Buffer of the same size under the same load in the same run (the ceiling).
//
// The built server runs in child processes (bench/serve.mjs): one as `openbell serve` runs by
// default (answer cache on, access log at info written to a pipe this process drains), one
// with the answer cache off for uncached answers. Each measurement is a fixed load (autocannon,
// keep-alive, BENCH_CONNECTIONS connections for BENCH_SECONDS) and reads the child's CPU time
// (utime + stime) from /proc/<pid>/stat before and after: CPU per request = that time /
// requests served. Each goal
// is measured BENCH_RUNS times (default 3), alternating server and ceiling; medians are shown.
// Requests per second are what the load generator (one process, one core) got through: when it
// is the bottleneck both sides show its limit, so CPU per request is the telling figure.
//
// Environment: BENCH_RUNS, BENCH_SECONDS per run (default 3), BENCH_CONNECTIONS (default 10),
// BENCH_SERVER_LOG (the servers' log level, default info), BENCH_ONLY (goals whose name
// contains it), BENCH_STRICT=1 exits 1 when a goal is missed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const YEAR = '/markets/US.NYSE/phases?start=2023-01-01&end=2023-12-31';
const STATUS = '/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00%2B00:00';

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields from the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** Starts a node process; resolves once it printed a line that `accept` takes (its URL). */
async function startChild(args, env, accept) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  process.on('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolve, reject) => {
    const onLine = (line) => {
      const u = accept(line);
      if (u === undefined) return;
      lines.off('line', onLine);
      lines.close();
      resolve(u);
    };
    lines.on('line', onLine);
    child.once('exit', (code) => reject(new Error(`bench child exited early (code ${code}); is the package built?`)));
  });
  // The access log keeps coming down the pipe: read it and drop it, as a collector would.
  child.stdout.resume();
  return { child, url };
}

async function stopChild(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

function startServer(env) {
  return startChild([fileURLToPath(new URL('./serve.mjs', import.meta.url))], env, (line) => {
    try {
      const o = JSON.parse(line);
      return o.url && o.data && o.level === undefined ? o.url : undefined;
    } catch {
      return undefined;
    }
  });
}

/** A bare node:http server answering every request with `body` (a constant Buffer). */
const scratch = mkdtempSync(join(tmpdir(), 'openbell-goals-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

function startBare(body) {
  const file = join(scratch, 'body');
  writeFileSync(file, body);
  const script =
    `const b=require('node:fs').readFileSync(${JSON.stringify(file)});` +
    "const s=require('node:http').createServer((q,r)=>{r.writeHead(200,{'Content-Type':'application/json; charset=utf-8','Content-Length':b.length});r.end(b)});" +
    "s.keepAliveTimeout=65000;s.listen(0,'127.0.0.1',()=>console.log('http://127.0.0.1:'+s.address().port));process.on('SIGTERM',()=>process.exit(0));";
  return startChild(['-e', script], {}, (line) => (line.startsWith('http://') ? line : undefined));
}

function load(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** One load of `seconds` on `url` served by `pid`: CPU per request (s) and requests per second. */
async function measure(pid, url, seconds) {
  const cpu0 = cpuSeconds(pid);
  const r = await load(url, seconds);
  const cpu = cpuSeconds(pid) - cpu0;
  const served = r.requests.total;
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} errors or non-2xx answers`);
  return { cpu: cpu / served, rps: served / seconds };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function bodyOf(url) {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body}`);
  return body;
}

const logLevel = process.env.BENCH_SERVER_LOG ?? 'info';
const served = await startServer({ BENCH_LOG_LEVEL: logLevel });
const uncached = await startServer({ BENCH_LOG_LEVEL: logLevel, BENCH_CACHE_BYTES: '0' });
console.log(
  `per-request goals: ${connections} connections, ${runs} runs each (medians), node ${process.version}, ` +
    'servers with the access log at info (to a pipe); ceiling = bare node:http sending a Buffer of the same size',
);

const goals = [
  { name: 'year of phases, uncached', server: uncached, path: YEAR, unit: 'ms', goal: 0.5, kind: 'cpu' },
  { name: 'year of phases, cached', server: served, path: YEAR, unit: 'ms', goal: 0.08, kind: 'cpu' },
  { name: 'status (access log on)', server: served, path: STATUS, unit: 'µs', goal: 18, kind: 'cpu' },
  { name: '/health req/s vs bare', server: served, path: '/health', unit: '×', goal: 0.8, kind: 'rps' },
];

const rows = [];
let missed = false;
const only = process.env.BENCH_ONLY;
for (const g of goals) {
  if (only && !g.name.includes(only)) continue;
  const url = `${g.server.url}${g.path}`;
  const body = await bodyOf(url);
  const bare = await startBare(body);
  // Warm-up: JIT and caches of both.
  await measure(g.server.child.pid, url, 1);
  await measure(bare.child.pid, bare.url, 1);
  const ours = [];
  const ceiling = [];
  for (let i = 0; i < runs; i++) {
    ours.push(await measure(g.server.child.pid, url, seconds));
    ceiling.push(await measure(bare.child.pid, bare.url, seconds));
  }
  await stopChild(bare.child);
  const scaleTo = g.unit === 'ms' ? 1e3 : 1e6;
  const cpu = median(ours.map((m) => m.cpu)) * scaleTo;
  const bareCpu = median(ceiling.map((m) => m.cpu)) * scaleTo;
  const rps = median(ours.map((m) => m.rps));
  const bareRps = median(ceiling.map((m) => m.rps));
  let measured;
  let ok;
  if (g.kind === 'rps') {
    measured = `${(rps / bareRps).toFixed(2)}× (${rps.toFixed(0)} req/s, ${cpu.toFixed(1)} µs CPU)`;
    ok = rps / bareRps >= g.goal;
  } else {
    measured = `${cpu.toFixed(g.unit === 'ms' ? 3 : 1)} ${g.unit} (${rps.toFixed(0)} req/s)`;
    ok = cpu <= g.goal;
  }
  const ceilingText =
    g.kind === 'rps'
      ? `${bareRps.toFixed(0)} req/s, ${bareCpu.toFixed(1)} µs CPU`
      : `${bareCpu.toFixed(g.unit === 'ms' ? 3 : 1)} ${g.unit} (${bareRps.toFixed(0)} req/s)`;
  const goalText = g.kind === 'rps' ? `≥ ${g.goal}× bare` : `≤ ${g.goal} ${g.unit}`;
  if (!ok) missed = true;
  rows.push([g.name, `${body.length} B`, measured, ceilingText, `${(cpu / bareCpu).toFixed(2)}×`, goalText, ok ? 'ok' : 'MISSED']);
}
await stopChild(served.child);
await stopChild(uncached.child);

const head = ['goal', 'body', 'measured (server CPU/request)', 'ceiling (bare node:http)', 'CPU vs ceiling', 'goal', ''];
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
process.exitCode = missed && process.env.BENCH_STRICT === '1' ? 1 : 0;
