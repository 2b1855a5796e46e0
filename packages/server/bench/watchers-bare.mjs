// Child of bench/watchers.mjs: the ceiling. A bare node:http server that holds every request
// as an event stream (headers, then nothing) and, on `go` read from stdin, writes one frame of
// BENCH_FRAME_BYTES bytes (or the bytes it is told) to every response in a plain loop (res.write). Prints
// {url}, then {goAt} per `go`, {rssKiB} per `rss` (after a full GC; run with --expose-gc) and {cpuMs, at} per `cpu`.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
// BENCH_GC_LOG=1: each garbage collection on stderr (kind, duration), to see what a stretch costs.
if (process.env.BENCH_GC_LOG) {
  const { PerformanceObserver } = await import('node:perf_hooks');
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      process.stderr.write(`gc bare ${e.detail?.kind ?? e.kind} ${e.duration.toFixed(2)} ms at ${Date.now()}\n`);
  }).observe({ entryTypes: ['gc'] });
}

const say = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const all = new Set();
// bench/board.mjs: `/board/data` answers the bytes of BENCH_BODY_FILE, as openbell's board answers them.
const board = process.env.BENCH_BODY_FILE ? readFileSync(process.env.BENCH_BODY_FILE) : undefined;
const boardHeaders = board && {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': board.length,
  'Cache-Control': 'no-store',
};
const server = http.createServer((req, res) => {
  if (board && req.url.startsWith('/board/data')) {
    res.writeHead(200, boardHeaders);
    res.end(board);
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.write('retry: 2000\n\nevent: ready\ndata: {}\n\n');
  all.add(res);
  res.on('close', () => all.delete(res));
});
// As openbell's (server.ts): kept connections outlive a client's poll interval.
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => say({ url: `http://127.0.0.1:${server.address().port}` }));
for await (const line of createInterface({ input: process.stdin })) {
  const [cmd, marker, ...rest] = line.trim().split(/\s+/);
  if (cmd === 'go') {
    // `go MARKER [AT BYTES]`: at once, or on a timer at the epoch ms AT, as openbell's bell fires
    // (bench/watchers.mjs), timed from AT so both include the timer's wake-up.
    const at = rest[0] === undefined ? undefined : Number(rest[0]);
    const bytes = Number(rest[1] ?? process.env.BENCH_FRAME_BYTES ?? 200);
    const head = `id: ${marker}\nevent: close\ndata: {"pad":"`;
    const frame = `${head}${'x'.repeat(Math.max(0, bytes - head.length - 4))}"}\n\n`;
    const fire = () => {
      const cpu0 = process.cpuUsage();
      const firedAt = performance.timeOrigin + performance.now();
      const goAt = at ?? firedAt;
      for (const res of all) res.write(frame);
      const loopMs = performance.timeOrigin + performance.now() - firedAt;
      // Node sends what res.write queued on the next tick: the CPU counted includes it.
      setImmediate(() => {
        const cpu = process.cpuUsage(cpu0);
        say({ goAt, lateMs: firedAt - goAt, loopMs, cpuMs: (cpu.user + cpu.system) / 1000 });
      });
    };
    if (at === undefined) fire();
    else setTimeout(fire, Math.max(0, at - Date.now()));
  } else if (cmd === 'cpu') {
    const c = process.cpuUsage();
    say({ cpuMs: (c.user + c.system) / 1000, at: performance.timeOrigin + performance.now() });
  } else if (cmd === 'rss') {
    globalThis.gc?.();
    await new Promise((r) => setTimeout(r, 200));
    globalThis.gc?.();
    const m = process.memoryUsage();
    say({
      rssKiB: Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]),
      heapKiB: m.heapUsed / 1024,
      heapTotalKiB: m.heapTotal / 1024,
      externalKiB: m.external / 1024,
    });
  }
}
