// What the per-request benches share: the built server and the bare node:http ceiling in child
// processes, a fixed load on either (autocannon), and the child's CPU time read from /proc.
//
// The ceiling is a bare node:http server answering every request with one constant Buffer of
// the same bytes: the least any node HTTP server can spend sending that answer on this machine
// at that moment. Goals are ratios to it, measured in the same run, so machine noise falls on
// both.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User and system CPU seconds in a `stat` file of /proc (a process's, or one thread's under task/). */
export function statTimes(path) {
  const stat = readFileSync(path, 'utf8');
  // The command name (field 2) may hold spaces: count fields from the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / ticksPerSecond, system: Number(fields[12]) / ticksPerSecond };
}

/** CPU seconds (user + system, every thread) a process has used so far. */
export function cpuSeconds(pid) {
  const { user, system } = statTimes(`/proc/${pid}/stat`);
  return user + system;
}

/** Starts a node process; resolves once it printed a line that `accept` takes (its URL). */
export async function startChild(args, env, accept) {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
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

export async function stopChild(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/**
 * The built server on the sample data (bench/serve.mjs; that of the build at `root` when given);
 * `env` as serve.mjs reads it. Its
 * standard output (the access log) goes to a process of its own that reads and drops it, as a
 * log collector would, so the load generator's process spends nothing on the log; the server
 * says its URL on fd 3.
 */
export async function startServer(env, root) {
  const drain = spawn('sh', ['-c', 'cat > /dev/null'], { stdio: ['pipe', 'ignore', 'inherit'] });
  // `root`: another build of the repository (its packages/server/bench/serve.mjs and dist folders).
  const serve = root
    ? `${root}/packages/server/bench/serve.mjs`
    : fileURLToPath(new URL('./serve.mjs', import.meta.url));
  const child = spawn(process.execPath, [serve], {
    stdio: ['ignore', drain.stdin, 'inherit', 'pipe'],
    env: { ...process.env, ...env, BENCH_URL_FD: '3' },
  });
  // The server holds its own copy of the pipe's end now.
  drain.stdin.destroy();
  process.on('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    if (drain.exitCode === null) drain.kill('SIGTERM');
  });
  const lines = createInterface({ input: child.stdio[3] });
  const url = await new Promise((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line).url));
    child.once('exit', (code) => reject(new Error(`bench server exited early (code ${code}); is the package built?`)));
  });
  lines.close();
  return { child, url };
}

const scratch = mkdtempSync(join(tmpdir(), 'openbell-bench-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
let bodies = 0;

/** The ceiling: a bare node:http server answering every request with `body` as `type`. */
export function startBare(body, type = 'application/json; charset=utf-8') {
  const file = join(scratch, `body-${bodies++}`);
  writeFileSync(file, body);
  const script =
    `const b=require('node:fs').readFileSync(${JSON.stringify(file)});` +
    `const ` +
    `s=require('node:http').createServer((q,r)=>{` +
    `r.writeHead(200,{'Content-Type':${JSON.stringify(type)},'Content-Length':b.length});r.end(b)});` +
    "s.keepAliveTimeout=65000;s.listen(0,'127.0.0.1',()=>console.log('http://127.0.0.1:'+s.address().port));" +
    "process.on('SIGTERM',()=>process.exit(0));";
  return startChild(['-e', script], {}, (line) => (line.startsWith('http://') ? line : undefined));
}

/**
 * A fixed load of `seconds` on `url` (keep-alive, `connections`) served by process `pid`: CPU
 * per request (s), time per request on one connection (s) and requests per second. With
 * `paths` (a function of the request's number), every request asks for its own path.
 */
/**
 * A fixed load on `url` (`paths(n)` the n-th request's path, when given) for `seconds`; resolves
 * with the requests served, refusing a run with any error or non-2xx answer.
 */
export async function load(url, { seconds, connections = 10, paths } = {}) {
  const r = await new Promise((resolve, reject) => {
    let n = 0;
    const options = { url, connections, duration: seconds, pipelining: 1 };
    if (paths) options.requests = [{ setupRequest: (req) => ({ ...req, path: paths(n++) }) }];
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} errors or non-2xx answers`);
  return r.requests.total;
}

export async function measure(pid, url, { seconds, connections = 10, paths } = {}) {
  const cpu0 = cpuSeconds(pid);
  const served = await load(url, { seconds, connections, paths });
  const cpu = cpuSeconds(pid) - cpu0;
  return { cpu: cpu / served, time: (seconds * connections) / served, rps: served / seconds };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export async function bodyOf(url) {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body}`);
  return body;
}

/**
 * `runs` loads of `url` on `server` and of the same bytes on a fresh ceiling, alternating after
 * one warm-up each; the medians of both.
 */
export async function beside(server, url, { runs, seconds, connections, paths, type, body, before, beforeUrl }) {
  const bytes = body ?? (await bodyOf(paths ? `${url}${paths(-1)}` : url));
  const bare = await startBare(bytes, type);
  // The ceiling is asked for the same paths (it ignores them): the load generator then works
  // alike for both, and its share of the machine is the same.
  const load = { seconds: 1, connections, paths };
  await measure(server.child.pid, url, load);
  if (before) await measure(before.child.pid, beforeUrl, load);
  await measure(bare.child.pid, bare.url, load);
  const ours = [];
  const earlier = [];
  const ceiling = [];
  // With `before` (another build's server), it is measured in the same turn: the three see the
  // same machine. The order turns from one run to the next (each goes first, second and third as
  // often): measured in a fixed order, the same build measured twice came out 2-5 µs a request
  // dearer when it went first, on every row (an A/A run), which is as much as the change measured.
  const turn = [
    () => measure(server.child.pid, url, { ...load, seconds }).then((r) => ours.push(r)),
    ...(before ? [() => measure(before.child.pid, beforeUrl, { ...load, seconds }).then((r) => earlier.push(r))] : []),
    () => measure(bare.child.pid, bare.url, { ...load, seconds }).then((r) => ceiling.push(r)),
  ];
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < turn.length; k++) await turn[(i + k) % turn.length]();
  }
  await stopChild(bare.child);
  const m = (xs, k) => median(xs.map((x) => x[k]));
  return {
    bytes: bytes.length,
    ours: { cpu: m(ours, 'cpu'), time: m(ours, 'time'), rps: m(ours, 'rps') },
    ceiling: { cpu: m(ceiling, 'cpu'), time: m(ceiling, 'time'), rps: m(ceiling, 'rps') },
    ...(before ? { before: { cpu: m(earlier, 'cpu'), time: m(earlier, 'time'), rps: m(earlier, 'rps') } } : {}),
  };
}

/** A markdown table. */
export function table(head, rows) {
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}
