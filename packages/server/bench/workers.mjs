// What `openbell serve --workers 2` costs beyond one process: the server's CPU per request (every
// worker and the primary, user + system, GC threads included) with two cluster workers against
// one process, under the same load, beside the same two for a bare node:http server sending a
// constant body of the same size (the overhead node:cluster itself brings: the primary handing
// connections over, the shared port). The goal is at most 5% more CPU per request with two
// workers. It replaces the old goal (at least 1.8× the throughput with two workers), which
// cannot be measured on a two-core machine where the load generator takes a core of its own.
//
// From it the bench projects the throughput per core: each request is answered whole by one
// worker, and the primary only hands over connections (a keep-alive connection once), so N
// workers on N cores the generator leaves free serve about N / (CPU per request with N workers)
// requests a second. That projection is stated, not measured, where the cores are too few.
//
// Every openbell request is a distinct URL (a year of phases from a different start date, plus
// a counter) and the answer cache is off, so each one computes its answer. The four servers run
// side by side (an idle one costs nothing) and the runs are interleaved, 1 2 1 2… then 2 1 2 1…,
// so drift in the machine's other load falls on all alike; medians are reported, and the median
// of the ratios of adjacent runs, which saw the same machine (the figure judged).
//
//   node bench/workers.mjs [seconds per run, default 3] [runs, default 5] [connections per worker, default 8]
//                          [requests a second per connection, default 40]
//
// The load is the same per worker: a fixed rate on each connection (not as fast as answers
// come), twice the connections for two workers. Each worker then serves what the single process
// serves, in the same rhythm, whatever the machine's other load leaves it: CPU per request
// otherwise moves with how many requests a process finds waiting at each wake-up (fewer per
// worker when two share them), which says nothing about the primary or the shared port.
//
// CPU is read from /proc/<pid>/stat for the primary, each worker and this process (the
// generator), and from /proc/stat for the whole machine ("others" is what other processes took
// meanwhile). Connections per worker are counted from /proc/<pid>/fd mid-run. The generator is a
// raw keep-alive socket client reading into one reused buffer and only framing the answers
// (Content-Length or chunked), so its share stays small; with three cores or more it is pinned
// to core 0 and the servers to the others (taskset). BENCH_STRICT=1 exits 1 when the goal is
// missed.
//
// `node bench/workers.mjs bare <workers> <bytes>` is a ceiling server.
import { execFileSync, spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
/** CPU per request with two workers against one process, at most. */
const GOAL = 1.05;

/**
 * The load generator (this process) on core 0 and the servers on the others, when the machine
 * has three or more cores and `taskset`: then neither takes from the other. On fewer cores the
 * generator shares them; CPU per request is measured all the same.
 */
const PIN = (() => {
  if (availableParallelism() < 3) return undefined;
  try {
    execFileSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' });
    return `1-${availableParallelism() - 1}`;
  } catch {
    return undefined;
  }
})();

// ---------------------------------------------------------------------------------------------
// The ceiling: node:http answering every request with one constant Buffer of the same size.

function bare(workers, bytes) {
  const body = Buffer.alloc(bytes, 0x61);
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(bytes) };
  const listen = (report) => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    });
    server.keepAliveTimeout = 65_000;
    server.listen(0, '127.0.0.1', () => report(server.address().port));
  };
  if (workers === 1) listen((port) => console.log(`listening on http://127.0.0.1:${port}`));
  else if (cluster.isPrimary) {
    let ready = 0;
    for (let i = 0; i < workers; i += 1) {
      cluster.fork().on('message', (port) => {
        if (++ready === workers) console.log(`listening on http://127.0.0.1:${port}`);
      });
    }
    process.on('SIGTERM', () => {
      for (const w of Object.values(cluster.workers)) w.kill();
      process.exit(0);
    });
  } else listen((port) => process.send(port));
}

// ---------------------------------------------------------------------------------------------
// The bench

async function main() {
  const BIN = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
  const SAMPLE = fileURLToPath(new URL('../../opendata/data/sample.zip', import.meta.url));
  const SECONDS = Number(process.argv[2] ?? 3);
  const RUNS = Math.max(3, Number(process.argv[3] ?? 5));
  // Per worker: with two workers the generator opens twice as many, each at the same rate.
  const CONNECTIONS = Number(process.argv[4] ?? 8);
  const RATE = Number(process.argv[5] ?? 40);
  if (!existsSync(BIN)) {
    console.log('bench/workers.mjs: build the CLI first (pnpm build); skipped');
    return;
  }
  if (!existsSync('/proc/self/stat')) {
    console.log('bench/workers.mjs: needs /proc (Linux) to read CPU use; skipped');
    return;
  }

  const servers = [];
  // Whatever happens to this process, no server is left behind.
  process.on('exit', () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
  });
  try {
    const openbell = (w) => ({
      name: `openbell --workers ${w}`,
      workers: w,
      args: [
        BIN,
        'serve',
        '--port',
        '0',
        '--log-level',
        'warn',
        '--answer-cache',
        '0',
        '--workers',
        String(w),
        '--data',
        SAMPLE,
      ],
      path: yearOfPhases,
    });
    for (const w of [1, 2]) servers.push(await start(openbell(w)));
    const probe = await fetchOnce(`${servers[0].url}${yearOfPhases(0)}`);
    if (probe.status !== 200 || !probe.body.startsWith('[{'))
      throw new Error(`year of phases answered ${probe.status}: ${probe.body.slice(0, 200)}`);
    const bytes = Buffer.byteLength(probe.body);
    for (const w of [1, 2]) {
      servers.push(
        await start({
          name: `bare node:http, ${w === 1 ? '1 process' : `${w} workers`}`,
          workers: w,
          args: [SELF, 'bare', String(w), String(bytes)],
          path: () => '/',
        }),
      );
    }
    // Warm-up (JIT, first connections, and each worker's month blocks of the years asked).
    for (const s of servers) await measure(s, 4, CONNECTIONS * s.workers, RATE);

    for (let r = 0; r < RUNS; r += 1) {
      // 1 2 1 2, then 2 1 2 1: neither count always runs first after the other.
      const order = r % 2 === 0 ? [0, 1, 2, 3] : [1, 0, 3, 2];
      for (const i of order)
        servers[i].runs.push(await measure(servers[i], SECONDS, CONNECTIONS * servers[i].workers, RATE));
    }

    const cores = availableParallelism();
    console.log(
      `uncached year of phases (US.NYSE, ` +
        `${(bytes / 1024).toFixed(0)} KiB answers, distinct URLs, answer cache off) ` +
        `beside bare node:http sending ${(bytes / 1024).toFixed(0)} KiB; ` +
        `the same load per worker (${CONNECTIONS} keep-alive connections per worker, each asking ${RATE} times a ` +
        `second), ${RUNS} interleaved runs × ${SECONDS} s, ` +
        (PIN
          ? `load generator pinned to core 0, servers to cores ${PIN}`
          : `${cores} cores shared with the load generator (too few to pin it apart)`),
    );
    console.log(
      '  medians                                   req/s   CPU in cores: workers (each)   primary  generator  others ' +
        '  server CPU/request (workers + primary)',
    );
    for (const s of servers) {
      const m = (f) => median(s.runs.map(f));
      const each = Array.from({ length: s.workers }, (_, i) => m((x) => x.workerCores[i] ?? 0).toFixed(2)).join(' + ');
      console.log(
        `  ${s.name.padEnd(38)} ${m((x) => x.rps)
          .toFixed(0)
          .padStart(7)}   ${m((x) => x.workersCores).toFixed(2)} (${each})`.padEnd(84) +
          `${s.workers > 1 ? m((x) => x.primaryCores).toFixed(2) : '  — '}     ` +
          `${m((x) => x.generatorCores).toFixed(2)}      ${m((x) => x.otherCores).toFixed(2)}     ` +
          `${(m((x) => x.cpuPerRequest) * 1000).toFixed(1)} µs` +
          `   (runs ${s.runs.map((x) => x.rps.toFixed(0)).join(', ')}` +
          (s.workers > 1
            ? `; connections per worker ${s.runs.map((x) => x.connectionsPerWorker.join('/')).join(', ')}`
            : '') +
          (s.runs.some((x) => x.errors) ? `; ${s.runs.reduce((a, x) => a + x.errors, 0)} errors` : '') +
          ')',
      );
    }
    // Each run of 2 against the run of 1 next to it in time, which saw the same machine.
    const paired = (a, b) => median(servers[b].runs.map((x, r) => x.cpuPerRequest / servers[a].runs[r].cpuPerRequest));
    const ours = paired(0, 1);
    const ceiling = paired(2, 3);
    const ok = ours <= GOAL;
    const primaryShare = median(servers[1].runs.map((x) => x.primaryCores / (x.workersCores + x.primaryCores)));
    console.log(
      `  CPU per request, 2 workers / 1 process: openbell ${ours.toFixed(3)}× (goal ≤ ${GOAL}×: ` +
        `${ok ? 'ok' : 'MISSED'}); bare node:http in the same runs ${ceiling.toFixed(3)}× ` +
        "(medians of adjacent-run ratios; primary's share with 2 workers: " +
        `${(primaryShare * 100).toFixed(2)}% ` +
        "of the server's CPU)",
    );
    const perCore1 = 1 / median(servers[0].runs.map((x) => x.cpuPerRequest / 1000));
    const perCore2 = 1 / median(servers[1].runs.map((x) => x.cpuPerRequest / 1000));
    console.log(
      `  projected throughput per core: ${perCore1.toFixed(0)} req/s in one process, ${perCore2.toFixed(0)} req/s ` +
        `per worker with 2 ` +
        `(one core's second over the CPU per request): each request is answered whole by one worker and the primary ` +
        `only hands over connections, ` +
        `so N workers on N cores left free by the load generator would serve about N × ${perCore2.toFixed(0)} req/s` +
        (PIN ? '' : `; not measured as throughput here: ${cores} cores, one of them taken by the generator`),
    );
    const others = median(servers.flatMap((x) => x.runs.map((r) => r.otherCores)));
    if (others > 0.2)
      console.log(
        `  other processes took ${others.toFixed(2)} cores (median) during the runs: absolute figures say more about ` +
          `the machine than about the server; the ratios less so`,
      );
    if (!ok && process.env.BENCH_STRICT === '1') process.exitCode = 1;
  } finally {
    await Promise.all(servers.map((s) => stop(s.child)));
  }
}

/** A distinct year of NYSE phases per call: start dates walk over 2001 to 2028, plus a counter. */
function yearOfPhases(i) {
  const day = new Date(Date.UTC(2001, 0, 1) + (i % 10_000) * 86_400_000);
  const end = new Date(day.getTime() + 364 * 86_400_000);
  const iso = (d) => d.toISOString().slice(0, 10);
  return `/markets/US.NYSE/phases?start=${iso(day)}&end=${iso(end)}&v=${i}`;
}

function start(spec) {
  return new Promise((resolve, reject) => {
    const [cmd, args] = PIN ? ['taskset', ['-c', PIN, process.execPath, ...spec.args]] : [process.execPath, spec.args];
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, OPENBELL_CONFIG: '', XDG_CONFIG_HOME: '/nonexistent' },
    });
    let out = '';
    const onData = (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ ...spec, child, url: m[1], runs: [] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${spec.name} exited with ${code}: ${out}`)));
  });
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
}

function fetchOnce(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
      .on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// CPU accounting from /proc

const TICK_MS = 10; // USER_HZ is 100 on every Linux that node supports

/** utime + stime of a process (all its threads), in ms. */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function childrenOf(pid) {
  const kids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === pid) kids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return kids.sort((a, b) => a - b);
}

/** Open sockets of a process (its connections, plus a few of its own). */
function socketsOf(pid) {
  let n = 0;
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) n += 1;
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    // gone
  }
  return n;
}

/** Busy time of the whole machine (every core), in ms. */
function machineBusyMs() {
  const f = readFileSync('/proc/stat', 'latin1').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + (f[4] ?? 0);
  return (f.reduce((a, b) => a + b, 0) - idle) * TICK_MS;
}

// ---------------------------------------------------------------------------------------------
// The load generator

/**
 * `connections` keep-alive sockets, each sending its next request as soon as an answer ends,
 * or with `perSecond`, each at that rate (the next request `1000 / perSecond` ms after the last
 * one went, or as soon as its answer ends when it came later).
 */
async function measure(server, seconds, connections, perSecond = 0) {
  const { port, hostname } = new URL(server.url);
  const primary = server.child.pid;
  const workerPids = server.workers > 1 ? childrenOf(primary) : [primary];
  const idleSockets = workerPids.map(socketsOf);
  let connectionsPerWorker = [];
  setTimeout(
    () => (connectionsPerWorker = workerPids.map((pid, i) => socketsOf(pid) - idleSockets[i])),
    (seconds * 1000) / 2,
  );
  const cpu0 = {
    primary: processCpuMs(primary),
    workers: workerPids.map(processCpuMs),
    self: processCpuMs(process.pid),
    machine: machineBusyMs(),
  };
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  let next = 0;
  let done = 0;
  let errors = 0;
  const buffer = Buffer.allocUnsafe(1 << 20);
  await Promise.all(
    Array.from(
      { length: connections },
      (_, c) =>
        new Promise((resolve, reject) => {
          let head = null; // the answer's head read so far, when split over reads
          let inBody = false;
          let remaining = 0; // Content-Length left, or -1 for chunked
          let tail = ''; // last bytes of a chunked body: it ends with CRLF 0 CRLF CRLF
          let sentAt = performance.now() - Math.random() * (perSecond ? 1000 / perSecond : 0);
          const send = () => {
            if (performance.now() >= until) return socket.end();
            sentAt = performance.now();
            socket.write(`GET ${server.path(next++)} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
          };
          const ask = () => {
            const wait = perSecond ? sentAt + 1000 / perSecond - performance.now() : 0;
            if (wait > 0) setTimeout(send, wait);
            else send();
          };
          const finished = () => {
            done += 1;
            inBody = false;
            ask();
          };
          const body = (buf, from, to) => {
            if (remaining >= 0) {
              remaining -= to - from;
              if (remaining <= 0) finished();
            } else {
              tail = (tail + buf.latin1Slice(Math.max(from, to - 7), to)).slice(-7);
              if (tail === '\r\n0\r\n\r\n') finished();
            }
          };
          // Connections open 5 ms apart: the primary hands each to the next worker in turn (a burst
          // goes to whichever worker took its last one first, unevenly).
          const socket = new net.Socket({
            onread: {
              buffer,
              callback(n, buf) {
                if (inBody) return body(buf, 0, n);
                let data = buf.subarray(0, n);
                if (head) data = Buffer.concat([head, data]);
                const end = data.indexOf('\r\n\r\n');
                if (end < 0) {
                  head = Buffer.from(data);
                  return;
                }
                head = null;
                const text = data.latin1Slice(0, end);
                if (!text.startsWith('HTTP/1.1 200')) errors += 1;
                const length = /\r\ncontent-length: *(\d+)/i.exec(text);
                remaining = length ? Number(length[1]) : -1;
                tail = '\r\n';
                inBody = true;
                if (remaining === 0) return finished();
                body(data, end + 4, data.length);
              },
            },
          });
          socket.setNoDelay(true);
          socket.on('connect', ask);
          socket.on('close', resolve);
          socket.on('error', reject);
          setTimeout(() => socket.connect({ port: Number(port), host: hostname }), c * 5);
        }),
    ),
  );
  const ms = performance.now() - t0;
  const workerCores = workerPids.map((pid, i) => (processCpuMs(pid) - cpu0.workers[i]) / ms);
  const workersCores = workerCores.reduce((a, b) => a + b, 0);
  const primaryCores = server.workers > 1 ? (processCpuMs(primary) - cpu0.primary) / ms : 0;
  const generatorCores = (processCpuMs(process.pid) - cpu0.self) / ms;
  const otherCores = Math.max(0, (machineBusyMs() - cpu0.machine) / ms - workersCores - primaryCores - generatorCores);
  // The server's CPU per request (ms): its workers and, with --workers, its primary.
  const cpuPerRequest = ((workersCores + primaryCores) * ms) / done;
  return {
    rps: done / (ms / 1000),
    errors,
    connectionsPerWorker,
    workerCores,
    workersCores,
    primaryCores,
    generatorCores,
    otherCores,
    cpuPerRequest,
  };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

if (process.argv[2] === 'bare') bare(Number(process.argv[3]), Number(process.argv[4]));
else await main();
