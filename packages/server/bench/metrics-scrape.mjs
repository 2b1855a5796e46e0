// What one GET /metrics costs with `serve --workers 2` (the answering worker asks the primary,
// which asks the other worker over IPC; metrics-cluster.ts) against one process. Both servers
// (the built CLI on the sample data) first answer the same mix of requests on fresh
// connections, so both workers hold series for a dozen operations. Then the scrapes run one
// after the other on one kept-alive connection, alternating between the two servers in rounds.
// Reported per server: the scrape's wall time (median and 90th percentile), its CPU summed over
// every process of the server (primary and workers, from /proc/<pid>/stat), and the body's size.
//
//   node bench/metrics-scrape.mjs [scrapes per round, default 100] [rounds, default 4]
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../../opendata/data/sample.zip', import.meta.url));
const SCRAPES = Number(process.argv[2] ?? 100);
const ROUNDS = Number(process.argv[3] ?? 4);
if (!existsSync(BIN) || !existsSync('/proc/self/stat')) {
  console.log('bench/metrics-scrape.mjs: needs the built CLI (pnpm build) and /proc; skipped');
  process.exit(0);
}

const MIX = [
  '/markets',
  '/markets/US.NYSE',
  '/markets/NOPE',
  '/markets/US.NYSE/status',
  '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31',
  '/markets/US.NYSE/phases?start=2023-01-01&end=2023-01-31',
  '/markets/US.NYSE/sessions?start=2023-01-01&end=2023-01-31',
  '/markets/US.NYSE/is-open?datetime_utc=2023-11-15T17:00:00Z',
  '/currencies',
  '/mic/XNYS',
  '/health',
  '/info',
  '/openapi.json',
  '/no/such/thing',
];

function start(workers) {
  return new Promise((resolve, reject) => {
    const args = [BIN, 'serve', '--port', '0', '--log-level', 'warn', '--workers', String(workers), '--data', SAMPLE];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, OPENBELL_CONFIG: '', XDG_CONFIG_HOME: '/nonexistent' },
    });
    let out = '';
    const onData = (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m)
        resolve({ name: workers === 1 ? 'one process' : `--workers ${workers}`, child, url: m[1], wall: [], cpu: 0 });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

function get(url, agent) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let bytes = 0;
        res.on('data', (d) => (bytes += d.length));
        res.on('end', () => resolve({ status: res.statusCode, bytes }));
      })
      .on('error', reject);
  });
}

/** utime + stime of a process and its children (the cluster's workers), in ms (10 ms ticks). */
function treeCpuMs(pid) {
  const cpu = (p) => {
    try {
      const f = readFileSync(`/proc/${p}/stat`, 'latin1');
      const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
      return { ms: (Number(fields[11]) + Number(fields[12])) * 10, parent: Number(fields[1]) };
    } catch {
      return { ms: 0, parent: -1 };
    }
  };
  let total = cpu(pid).ms;
  for (const entry of readdirSync('/proc'))
    if (/^\d+$/.test(entry) && cpu(Number(entry)).parent === pid) total += cpu(Number(entry)).ms;
  return total;
}

const servers = [];
process.on('exit', () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
});
servers.push(await start(1), await start(2));
for (const s of servers) for (let i = 0; i < 4; i++) for (const path of MIX) await get(`${s.url}${path}`, false);

const bytes = new Map();
for (let round = 0; round < ROUNDS; round++)
  for (const s of round % 2 === 0 ? servers : [...servers].reverse()) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await get(`${s.url}/metrics`, agent);
    const before = treeCpuMs(s.child.pid);
    for (let i = 0; i < SCRAPES; i++) {
      const t0 = performance.now();
      const res = await get(`${s.url}/metrics`, agent);
      s.wall.push(performance.now() - t0);
      bytes.set(s.name, res.bytes);
    }
    s.cpu += treeCpuMs(s.child.pid) - before;
    agent.destroy();
  }

const pct = (xs, q) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];
console.log(
  `GET /metrics, ${ROUNDS} rounds of ${SCRAPES} scrapes one after the other (sample data, a mix answered first)`,
);
for (const s of servers)
  console.log(
    `  ${s.name.padEnd(12)} wall median ${pct(s.wall, 0.5).toFixed(2)} ms, p90 ${pct(s.wall, 0.9).toFixed(2)} ms; ` +
      `CPU of all its processes ${(s.cpu / s.wall.length).toFixed(2)} ms a scrape; ${(bytes.get(s.name) / 1024).toFixed(1)} KiB`,
  );
for (const s of servers)
  await new Promise((r) => (s.child.removeAllListeners('exit'), s.child.on('exit', r), s.child.kill('SIGTERM')));
process.exit(0);
