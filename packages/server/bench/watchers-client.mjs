// Forked by bench/watchers.mjs: opens event streams on raw sockets (no HTTP client library, so
// the client spends as little as it can per frame) and records, for each stream, the instant
// each marker first arrived. Messages from the parent:
//   {cmd: 'connect', url, path (or paths, one per stream), count, concurrency, markers: {name: text}}
//     → {connected, refused, failed, ms}
//   {cmd: 'stall', n}   → the first n streams stop reading (their sockets are paused) → {stalled}
//   {cmd: 'report'}     → {arrivals: {name: [epoch ms, …]}, closed, stalledClosed, bytes}
//   {cmd: 'exit'}
import net from 'node:net';

const preciseNow = () => performance.timeOrigin + performance.now();
const streams = [];
let markers = {};
let names = [];

function open(host, port, path) {
  return new Promise((resolve) => {
    const s = { socket: undefined, status: 0, seen: {}, tail: '', closed: false, bytes: 0 };
    const socket = net.connect({ host, port });
    s.socket = socket;
    let settled = false;
    const done = (v) => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    socket.on('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n`),
    );
    socket.on('data', (chunk) => {
      const now = preciseNow();
      s.bytes += chunk.length;
      const text = s.tail + chunk.toString('latin1');
      if (s.status === 0) {
        s.status = Number(text.slice(9, 12));
        if (s.status !== 200) return done('refused');
      }
      for (const n of names) if (s.seen[n] === undefined && text.includes(markers[n])) s.seen[n] = now;
      if (s.seen.ready !== undefined) done('connected');
      s.tail = text.slice(-80);
    });
    socket.on('error', () => done('failed'));
    socket.on('close', () => {
      s.closed = true;
      done(s.status === 0 ? 'failed' : s.status === 200 ? 'failed' : 'refused');
    });
    streams.push(s);
  });
}

process.on('message', async (m) => {
  if (m.cmd === 'connect') {
    markers = { ready: 'event: ready', ...m.markers };
    names = Object.keys(markers);
    const u = new URL(m.url);
    const t0 = preciseNow();
    const counts = { connected: 0, refused: 0, failed: 0 };
    let next = 0;
    const worker = async () => {
      while (next < m.count) {
        next += 1;
        const path = m.paths ? m.paths[next - 1] : m.path;
        counts[await open(u.hostname, Number(u.port), path)] += 1;
      }
    };
    await Promise.all(Array.from({ length: m.concurrency }, worker));
    process.send({ ...counts, ms: preciseNow() - t0 });
  } else if (m.cmd === 'stall') {
    const live = streams.filter((s) => !s.closed && s.status === 200);
    for (const s of live.slice(0, m.n)) {
      s.stalled = true;
      s.socket.pause();
    }
    process.send({ stalled: Math.min(m.n, live.length) });
  } else if (m.cmd === 'report') {
    const arrivals = {};
    for (const n of names)
      arrivals[n] = streams.filter((s) => !s.stalled && s.seen[n] !== undefined).map((s) => s.seen[n]);
    process.send({
      arrivals,
      open: streams.filter((s) => !s.closed && s.status === 200).length,
      stalledClosed: streams.filter((s) => s.stalled && s.closed).length,
      bytes: streams.reduce((n, s) => n + s.bytes, 0),
    });
  } else if (m.cmd === 'reset') {
    for (const s of streams) s.seen = { ready: s.seen.ready };
    markers = { ready: 'event: ready', ...m.markers };
    names = Object.keys(markers);
    process.send({ ok: true });
  } else if (m.cmd === 'exit') {
    for (const s of streams) s.socket.destroy();
    process.exit(0);
  }
});
