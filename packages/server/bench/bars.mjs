// A year of one-minute XNYS bars (about 97,000) over HTTP, as JSON and as CSV, each beside a
// bare node:http server sending the same bytes as one constant Buffer in the same run (the
// ceiling). Bars are never taken from the answer cache (the JSON is over the cache's largest
// entry, CSV is not cached), so every request makes its bars: this is the cost of producing and
// streaming them, measured against the cost of only sending them.
//
// The built server runs in a child process (bench/serve.mjs, the loader's sample dataset). A
// measurement is BENCH_BARS_SECONDS (default 3) of back-to-back requests on one keep-alive
// connection: time per request = seconds / answers, and the child's CPU time per answer
// (utime + stime from /proc/<pid>/stat). BENCH_RUNS runs (default 5), alternating server and
// ceiling; medians are shown. Goal: within 2× the ceiling's time per request.
// BENCH_STRICT=1 exits 1 when it is missed.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const seconds = Number(process.env.BENCH_BARS_SECONDS ?? 3);
const GOAL = 2;
const YEAR = '/markets/XNYS/bars?start=2023-01-01&end=2023-12-31&period=1m';
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

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
  child.stdout.resume();
  return { child, url };
}

async function stopChild(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

const scratch = mkdtempSync(join(tmpdir(), 'openbell-bars-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** A bare node:http server answering every request with `body` and its content type. */
function startBare(body, type) {
  const file = join(scratch, 'body');
  writeFileSync(file, body);
  const script =
    `const b=require('node:fs').readFileSync(${JSON.stringify(file)});` +
    `const s=require('node:http').createServer((q,r)=>{r.writeHead(200,{'Content-Type':${JSON.stringify(type)},'Content-Length':b.length});r.end(b)});` +
    "s.keepAliveTimeout=65000;s.listen(0,'127.0.0.1',()=>console.log('http://127.0.0.1:'+s.address().port));process.on('SIGTERM',()=>process.exit(0));";
  return startChild(['-e', script], {}, (line) => (line.startsWith('http://') ? line : undefined));
}

function load(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 1, duration, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function measure(pid, url) {
  const cpu0 = cpuSeconds(pid);
  const r = await load(url, seconds);
  const cpu = cpuSeconds(pid) - cpu0;
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} errors or non-2xx answers`);
  const n = r.requests.total;
  return { ms: (seconds * 1e3) / n, cpu: (cpu * 1e3) / n };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const served = await startChild([fileURLToPath(new URL('./serve.mjs', import.meta.url))], { BENCH_LOG_LEVEL: process.env.BENCH_SERVER_LOG ?? 'info' }, (line) => {
  try {
    const o = JSON.parse(line);
    return o.url && o.data && o.level === undefined ? o.url : undefined;
  } catch {
    return undefined;
  }
});
console.log(`a year of one-minute XNYS bars: ${runs} runs of ${seconds} s each on one connection (medians), node ${process.version}; ceiling = bare node:http sending the same bytes`);

const rows = [];
let missed = false;
for (const [name, suffix, type] of [
  ['JSON', '', 'application/json; charset=utf-8'],
  ['CSV', '&format=csv', 'text/csv; charset=utf-8'],
]) {
  const url = `${served.url}${YEAR}${suffix}`;
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const bare = await startBare(body, type);
  await measure(served.child.pid, url);
  await measure(bare.child.pid, bare.url);
  const ours = [];
  const ceiling = [];
  for (let i = 0; i < runs; i++) {
    ours.push(await measure(served.child.pid, url));
    ceiling.push(await measure(bare.child.pid, bare.url));
  }
  await stopChild(bare.child);
  const ms = median(ours.map((m) => m.ms));
  const bareMs = median(ceiling.map((m) => m.ms));
  const ratio = ms / bareMs;
  if (ratio > GOAL) missed = true;
  rows.push([
    name,
    `${(body.length / 1e6).toFixed(2)} MB`,
    `${ms.toFixed(1)} ms (CPU ${median(ours.map((m) => m.cpu)).toFixed(1)} ms)`,
    `${bareMs.toFixed(1)} ms (CPU ${median(ceiling.map((m) => m.cpu)).toFixed(1)} ms)`,
    `${ratio.toFixed(2)}×`,
    ratio <= GOAL ? 'ok' : 'MISSED',
  ]);
}
await stopChild(served.child);

const head = ['answer', 'body', 'time per request (server CPU)', 'ceiling (bare node:http)', 'time vs ceiling', `goal ≤ ${GOAL}×`];
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
process.exitCode = missed && process.env.BENCH_STRICT === '1' ? 1 : 0;
