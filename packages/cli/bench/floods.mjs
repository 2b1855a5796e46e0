// Connection floods against one `openbell serve` on its defaults (issue 36), all on loopback:
// while a flood holds connections, a new client probes every half second (a fresh connection,
// GET /health) and a slow reader downloads ten years of phases. Prints, per flood, the probes'
// statuses and slowest answer, whether the download arrived whole, and the server's
// /info `connections` counts. Needs the CLI built (dist/). FLOOD_SECONDS sets each flood's
// length (default 10).
//   idle:        1,000 keep-alive connections from 8 addresses, one request each, then idle
//   slow:        1,100 connections from one address sending a header line every 3 s, renewed
//   slow-spread: the same from 8 addresses
//   mixed:       500 idle keep-alive and 600 slow-headers connections from 8 addresses
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 10);
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const addresses = (n) => Array.from({ length: n }, (_, i) => `127.0.8.${i + 1}`);

async function startServer() {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--log-format', 'json', '--log-level', 'warn'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(err);
      if (m) resolve(m[1]);
    });
    child.once('exit', (c) => reject(new Error(`server exited ${c}: ${err}`)));
  });
  return { child, url, port: Number(new URL(url).port) };
}

function connect(port, from) {
  const s = net.connect({ port, host: '127.0.0.1', localAddress: from });
  s.on('error', () => undefined);
  return s;
}

/** One request on a fresh connection: status and milliseconds ('reset' or 'timeout' otherwise). */
function probe(port) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const s = connect(port, '127.0.9.1');
    let got = '';
    const done = (status) => {
      clearTimeout(timer);
      s.destroy();
      resolve({ status, ms: performance.now() - t0 });
    };
    const timer = setTimeout(() => done('timeout'), 5000);
    s.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    s.on('data', (d) => {
      got += d;
      if (got.includes('\r\n\r\n')) done(Number(got.slice(9, 12)));
    });
    s.on('error', () => done('reset'));
    s.on('close', () => done(got ? Number(got.slice(9, 12)) : 'reset'));
  });
}

/** Ten years of phases read 64 KiB at a time, 20 ms apart; resolves true when whole. */
function slowDownload(port) {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.9.2');
    s.write(
      'GET /markets/DE.XETR/phases?start=2015-01-01&end=2024-12-31 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    const chunks = [];
    s.on('data', (d) => {
      chunks.push(d);
      s.pause();
      setTimeout(() => s.resume(), 20);
    });
    s.on('close', () => {
      const all = Buffer.concat(chunks).toString();
      const raw = all.slice(all.indexOf('\r\n\r\n') + 4);
      const parts = [];
      for (let at = 0; ; ) {
        const eol = raw.indexOf('\r\n', at);
        const size = parseInt(raw.slice(at, eol), 16);
        if (!(size > 0)) break;
        parts.push(raw.slice(eol + 2, eol + 2 + size));
        at = eol + 2 + size + 2;
      }
      try {
        resolve({ whole: JSON.parse(parts.join('')).at(-1).start.startsWith('2024'), bytes: all.length });
      } catch {
        resolve({ whole: false, bytes: all.length });
      }
    });
  });
}

/** Keep-alive connections that make one request and then sit idle. */
function idleFlood(port, count, froms) {
  const sockets = [];
  for (let i = 0; i < count; i++) {
    const s = connect(port, froms[i % froms.length]);
    s.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    s.on('data', () => undefined);
    sockets.push(s);
  }
  return () => sockets.forEach((s) => s.destroy());
}

/** Connections sending their headers a line every 3 s; each one closed is opened again. */
function slowFlood(port, count, froms) {
  let stopped = false;
  const live = new Set();
  const open = (from) => {
    if (stopped) return;
    const s = connect(port, from);
    live.add(s);
    s.write('GET /health HTTP/1.1\r\n');
    const drip = setInterval(() => s.write('X-Slow: 1\r\n'), 3000);
    s.on('data', () => undefined);
    s.on('close', () => {
      clearInterval(drip);
      live.delete(s);
      setTimeout(() => open(from), 50);
    });
  };
  for (let i = 0; i < count; i++) open(froms[i % froms.length]);
  return () => {
    stopped = true;
    for (const s of live) s.destroy();
  };
}

async function info(url) {
  return (await (await fetch(`${url}/info`)).json()).connections;
}

const floods = {
  idle: (port) => idleFlood(port, 1000, addresses(8)),
  slow: (port) => slowFlood(port, 1100, ['127.0.8.1']),
  'slow-spread': (port) => slowFlood(port, 1100, addresses(8)),
  mixed: (port) => {
    const a = idleFlood(port, 500, addresses(8));
    const b = slowFlood(port, 600, addresses(8));
    return () => (a(), b());
  },
};

for (const [name, flood] of Object.entries(floods)) {
  const { child, url, port } = await startServer();
  const stop = flood(port);
  await sleep(1000);
  const download = slowDownload(port);
  const probes = [];
  for (let t = 0; t < SECONDS * 2; t++) {
    probes.push(await probe(port));
    await sleep(500);
  }
  const counts = await info(url);
  const dl = await download;
  stop();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const statuses = {};
  for (const p of probes) statuses[p.status] = (statuses[p.status] ?? 0) + 1;
  const ms = probes.map((p) => p.ms).sort((a, b) => a - b);
  const slowest = ms.at(-1);
  const median = ms[Math.floor(ms.length / 2)];
  const slowestAt = probes.findIndex((p) => p.ms === slowest);
  console.log(
    `${name.padEnd(12)} probes ${JSON.stringify(statuses)} median ${median.toFixed(0)} ms, slowest ` +
      `${slowest.toFixed(0)} ms (probe ${slowestAt + 1}); download ${dl.whole ? 'whole' : 'CUT'} ` +
      `(${(dl.bytes / 1e6).toFixed(1)} MB); ` +
      `open ${counts.open}, evicted ${counts.evicted}, refused ${JSON.stringify(counts.refused)}, dropped ` +
      `${counts.dropped}, timed out ${counts.timed_out}`,
  );
}
