// Ten thousand watchers and two hundred webhooks (issue 35, docs/benchmarks.md "Watchers").
//
// The built server runs in a child process (bench/watchers-serve.mjs) on a synthetic dataset,
// its clock set so that a bell event falls once every stream is open; the streams are raw
// loopback sockets held by BENCH_WATCH_CLIENTS client processes (bench/watchers-client.mjs),
// so neither the server nor one client process carries them all. Measured, each beside its
// ceiling in the same run:
// - RSS per idle subscriber (after a full GC, at once and after BENCH_WATCH_SETTLE_MS idle, default
//   15 s), and the JavaScript heap it holds, against a bare node:http server holding as many
//   streams (bench/watchers-bare.mjs); the server's CPU over that idle stretch;
// - BENCH_WATCH_BELLS bell events (the server's clock moved on over a quiet stretch so that the
//   next one falls 3 s ahead), and data_changed at each of BENCH_WATCH_SWAPS swaps, from its
//   instant to its arrival at the last stream (max over streams; the median over bells and over
//   swaps), against the bare server writing one frame of that bell frame's size to every stream
//   in a plain loop (the median of its rounds). Every one of them is fired by a timer in its
//   server at an instant set beforehand and timed from that instant, so each includes the
//   timer's wake-up; the bells and swaps alternate with the ceiling's rounds, so each server's
//   fan-outs are as far apart as the other's (a fan-out after a long idle costs more, and the
//   bell was once measured only so), and the clients are asked for their arrivals only a second
//   after the instant, never while the frames arrive;
// - the `data` event (the change set's summary) from the moment the change set goes out;
// - 200 webhook receivers (bench/webhook-receivers.mjs), the first of which hangs: the time
//   until every other one has the first change set;
// - slow readers: 20 streams stop reading beside 10 that read, and 384 frames of 64 KiB go to
//   all: the stalled ones are dropped past 1 MiB queued, RSS stays bounded and the readers
//   are not held up (their last frame's arrival, against the same flood with none stalled).
// Environment: BENCH_WATCHERS (default 10000), BENCH_WATCH_CLIENTS (default 4),
// BENCH_WATCH_SWAPS (default 5), BENCH_WATCH_BELLS (default 5), BENCH_WATCH_LEAD_MS (default
// 120000: the quiet stretch after the server starts, longer than connecting takes),
// BENCH_RECEIVERS (default 200), BENCH_WATCH_SETS (`one`, default: every stream on every market,
// one channel; `distinct`: every stream on three markets of its own, the bell's market among them),
// BENCH_STRICT=1 exits 1 when a goal is missed. Needs an open-file limit above
// BENCH_WATCHERS + 1,000 in each process (Node raises its soft limit to the hard one).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { lineChild } from './line-child.mjs';

const N = Number(process.env.BENCH_WATCHERS ?? 10_000);
const CLIENTS = Number(process.env.BENCH_WATCH_CLIENTS ?? 4);
const SWAPS = Number(process.env.BENCH_WATCH_SWAPS ?? 5);
const BELLS = Number(process.env.BENCH_WATCH_BELLS ?? 5);
/** How far ahead of each bell the server's clock is moved to (bench/watchers-serve.mjs `bell`). */
const BELL_LEAD_MS = 3000;
const LEAD_MS = Number(process.env.BENCH_WATCH_LEAD_MS ?? 120_000);
const RECEIVERS = Number(process.env.BENCH_RECEIVERS ?? 200);
const SETTLE_MS = Number(process.env.BENCH_WATCH_SETTLE_MS ?? 15_000);
const SETS = process.env.BENCH_WATCH_SETS ?? 'one';
process.setMaxListeners(100);
import { EventEmitter } from 'node:events';
EventEmitter.defaultMaxListeners = 100;
const here = (f) => fileURLToPath(new URL(f, import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
};
const ms = (x) => `${x.toFixed(0)} ms`;

/** CLIENTS processes holding `count` streams between them. */
async function clientsFor(url, path, count, markers, concurrency = 64) {
  const procs = Array.from({ length: CLIENTS }, () =>
    fork(here('./watchers-client.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  process.on('exit', () => procs.forEach((p) => p.exitCode === null && p.kill('SIGKILL')));
  const call = (p, msg) => {
    const answer = once(p, 'message').then(([m]) => m);
    p.send(msg);
    return answer;
  };
  const all = (msg) => Promise.all(procs.map((p, i) => call(p, typeof msg === 'function' ? msg(i) : msg)));
  const t0 = performance.now();
  const per = (i) => Math.floor(count / CLIENTS) + (i < count % CLIENTS ? 1 : 0);
  const first = (i) => Array.from({ length: i }, (_, k) => per(k)).reduce((a, b) => a + b, 0);
  // `path`: one for every stream, or a list of one each.
  const connect = (i) =>
    Array.isArray(path)
      ? { cmd: 'connect', url, paths: path.slice(first(i), first(i) + per(i)), count: per(i), concurrency, markers }
      : { cmd: 'connect', url, path, count: per(i), concurrency, markers };
  const results = await all(connect);
  const sum = (k) => results.reduce((n, r) => n + r[k], 0);
  return {
    connected: sum('connected'),
    refused: sum('refused'),
    failed: sum('failed'),
    connectMs: performance.now() - t0,
    reset: (m) => all({ cmd: 'reset', markers: m }),
    stall: (n) => all((i) => ({ cmd: 'stall', n: Math.floor(n / CLIENTS) + (i < n % CLIENTS ? 1 : 0) })),
    report: async () => {
      const rs = await all({ cmd: 'report' });
      const arrivals = {};
      for (const r of rs) for (const [k, v] of Object.entries(r.arrivals)) (arrivals[k] ??= []).push(...v);
      return {
        arrivals,
        open: rs.reduce((n, r) => n + r.open, 0),
        stalledClosed: rs.reduce((n, r) => n + r.stalledClosed, 0),
      };
    },
    exit: () => Promise.all(procs.map((p) => (p.send({ cmd: 'exit' }), once(p, 'exit')))),
  };
}

/** Arrivals after `from`: the last one (the time for every stream to have it), and how many. */
function spread(arrivals, from) {
  const d = arrivals.map((a) => a - from);
  return { n: d.length, p50: pct(d, 0.5), p99: pct(d, 0.99), max: Math.max(...d) };
}

/**
 * Polls the clients until every open stream has `key` (or `timeoutMs` passed): its spread after `from`.
 * The first poll waits a second after `from`, whatever is measured, so that no report is being
 * made in the clients while the frames arrive.
 */
async function collect(clients, key, from, expect, timeoutMs = 10_000) {
  await sleep(Math.max(0, from + 1000 - Date.now()));
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { arrivals } = await clients.report();
    const got = arrivals[key] ?? [];
    if (got.length >= expect || Date.now() > until) return spread(got, from);
    await sleep(500);
  }
}

/**
 * What a process holds per stream: RSS (after a full GC) and the JavaScript heap in use, at once
 * and after SETTLE_MS idle, when V8 has given back the young generation the connecting grew
 * (the same for both servers; the settled figure is the one judged).
 */
async function held(proc, m0, count) {
  const at = await proc.ask('rss', 'rssKiB');
  const cpu0 = await proc.ask('cpu', 'cpuMs');
  await sleep(SETTLE_MS);
  const cpu1 = await proc.ask('cpu', 'cpuMs');
  const later = await proc.ask('rss', 'rssKiB');
  const per = (m, k) => (m[k] - m0[k]) / count;
  return {
    // CPU a second of holding the streams idle (timers, heartbeats), ms.
    idleCpu: ((cpu1.cpuMs - cpu0.cpuMs) / (cpu1.at - cpu0.at)) * 1000,
    rss1: later.rssKiB,
    atOnce: per(at, 'rssKiB'),
    rss: per(later, 'rssKiB'),
    heap: per(later, 'heapKiB'),
    text:
      `${per(at, 'rssKiB').toFixed(1)} KiB at once, ` +
      `${per(later, 'rssKiB').toFixed(1)} KiB after ${SETTLE_MS / 1000} s idle ` +
      `(JavaScript heap ${per(later, 'heapKiB').toFixed(1)} KiB)`,
  };
}

const rows = [];
let missed = false;
const row = (figure, goal, value, ceiling, ok) => {
  rows.push([figure, goal, value, ceiling, ok === undefined ? '' : ok ? 'met' : 'MISSED']);
  if (ok === false) missed = true;
};

// ---- openbell, its clock set so that its bell falls once everything is connected ----
const receivers = lineChild([here('./webhook-receivers.mjs')], { BENCH_RECEIVERS: String(RECEIVERS) });
const { urls } = await receivers.next('urls');
const server = lineChild(['--expose-gc', here('./watchers-serve.mjs')], {
  BENCH_WATCH_LEAD_MS: String(LEAD_MS),
  BENCH_WEBHOOKS: urls.join(','),
  ...(SETS === 'distinct' ? { BENCH_WATCH_BELL_MARKETS: '1' } : {}),
});
const hello = await server.next('url');

// ---- the ceiling: a bare node:http loop writing a frame of the bell frame's size, kept up beside openbell so each
// round of either
// sees the same machine (the rounds alternate) ----
const bare = lineChild(['--expose-gc', here('./watchers-bare.mjs')], { BENCH_FRAME_BYTES: String(hello.bell.bytes) });
const { url: bareUrl } = await bare.next('url');
const bareM0 = await bare.ask('rss', 'rssKiB');
const bareClients = await clientsFor(bareUrl, '/events', N, { go: 'id: go-0' });
const bareMem = await held(bare, bareM0, bareClients.connected);
const bareKiB = bareMem.rss;
const bareFanout = [];
let bareRound = 0;
/**
 * One frame of `bytes` from the bare server to all its streams, from a timer at an instant a
 * second ahead, as openbell's bell fires: arrival spread after that instant, and its CPU.
 */
async function bareGo(bytes) {
  const i = bareRound++;
  await bareClients.reset({ go: `id: go-${i}` });
  const { goAt, cpuMs, lateMs } = await bare.ask(`go go-${i} ${Date.now() + 1000} ${bytes}`, 'goAt');
  const r = { ...(await collect(bareClients, 'go', goAt, bareClients.connected)), cpuMs, lateMs };
  bareFanout.push(r);
  return r;
}
console.log(
  `ceiling: ${bareClients.connected} streams on a bare node:http server (connected in ${ms(bareClients.connectMs)}), ` +
    `RSS per stream ${bareMem.text}; its frame ${hello.bell.bytes} bytes, as the bell's`,
);

// ---- openbell ----
const m0 = await server.ask('rss', 'rssKiB');
const rss0 = m0.rssKiB;
const markers = (bellId) => ({ bell: `id: ${bellId}`, changed: 'event: data_changed', data: 'event: data\n' });
// BENCH_WATCH_SETS=distinct: every stream on a set of markets of its own (the bell market, then
// two others, in either order of the first two), so that each is a channel of its own.
const paths =
  SETS === 'distinct'
    ? Array.from({ length: N }, (_, i) => {
        const others = hello.ids.filter((id) => id !== hello.bellIds[0]);
        const n = others.length;
        const a = others[i % n];
        // Never a again: one of the n - 1 others after it.
        const b = others[((i % n) + 1 + (Math.floor(i / n) % (n - 1))) % n];
        const lead = Math.floor(i / (n * (n - 1))) % 2 ? `${a},${hello.bellIds[0]}` : `${hello.bellIds[0]},${a}`;
        return `/events?markets=${lead},${b}`;
      })
    : '/events';
if (Array.isArray(paths)) console.log(`distinct sets: ${new Set(paths).size} for ${N} streams`);
const clients = await clientsFor(hello.url, paths, N, markers(hello.bell.id));
const mem = await held(server, m0, clients.connected);
const rss1 = mem.rss1;
const perSub = mem.rss;
console.log(
  `openbell: ${clients.connected} of ${N} streams open in ${ms(clients.connectMs)} (${clients.refused} refused, ` +
    `${clients.failed} failed), ` +
    (SETS === 'distinct'
      ? `three of ${hello.markets} markets each, a set of its own`
      : `${hello.markets} markets each`) +
    `; RSS ${(rss0 / 1024).toFixed(0)} → ${(rss1 / 1024).toFixed(0)} MiB, per stream ` +
    `${mem.text}`,
);
row(
  `streams held by one process (\`--max-subscribers\` default)`,
  `${N.toLocaleString('en')}`,
  `${clients.connected.toLocaleString('en')} (${clients.refused} refused, ${clients.failed} failed)`,
  '',
  clients.connected === N,
);
row(
  `RSS per idle stream after ${SETTLE_MS / 1000} s idle (at once; JavaScript heap)`,
  '≤ 6 KiB',
  `${perSub.toFixed(1)} KiB (${mem.atOnce.toFixed(1)}; ${mem.heap.toFixed(1)})`,
  `bare node:http ${bareKiB.toFixed(1)} KiB (${bareMem.atOnce.toFixed(1)}; ${bareMem.heap.toFixed(1)})`,
  perSub <= 6,
);

row(
  `CPU while the streams are idle, ${SETTLE_MS / 1000} s (heartbeats, timers)`,
  '',
  `${mem.idleCpu.toFixed(1)} ms a second`,
  `bare node:http (no heartbeats) ${bareMem.idleCpu.toFixed(1)} ms a second`,
);

// Bells and the ceiling's rounds alternate, each server's fan-outs as far apart as the other's,
// and each timed the same way: from its instant, fired by a timer in the server.
const bells = [];
for (let i = 0; i < BELLS; i++) {
  const { next } = await server.ask('next', 'next');
  const b = await bareGo(next.bytes);
  await sleep(1000);
  let bell;
  for (;;) {
    const answer = await server.ask(`bell ${BELL_LEAD_MS}`, 'bell');
    if (answer.bell) {
      bell = answer.bell;
      break;
    }
    await sleep(answer.wait);
    await sleep(1000);
  }
  await clients.reset(markers(bell.id));
  const spreadOf = await collect(clients, 'bell', bell.at, clients.connected);
  bells.push({ ...spreadOf, bytes: bell.bytes });
  console.log(
    `bell ${i + 1}: bare loop, one frame of ${next.bytes} bytes at ${b.n} streams, last ${ms(b.max)} after its ` +
      `instant (timer ${ms(b.lateMs)} late, server CPU ${ms(b.cpuMs)}); openbell's bell ${bell.id} (${bell.bytes} ` +
      `bytes) at ${spreadOf.n} streams: p50 ${ms(spreadOf.p50)}, p99 ${ms(spreadOf.p99)}, last ${ms(spreadOf.max)}`,
  );
  await sleep(1000);
}

const changed = [];
const dataEvents = [];
const swapCpu = [];
let hooks;
for (let i = 0; i < SWAPS; i++) {
  await clients.reset(markers('none'));
  const b = await bareGo(hello.bell.bytes);
  await sleep(1000);
  const cpuBefore = await server.ask('cpu', 'cpuMs');
  const { swapAt, cpuMs } = await server.ask(`swap ${Date.now() + 1000}`, 'swapAt');
  const { publishAt } = await server.next('publishAt');
  changed.push(await collect(clients, 'changed', swapAt, clients.connected));
  dataEvents.push(await collect(clients, 'data', publishAt, clients.connected));
  // The whole swap's CPU, its planning in later slices of the loop included: from a second
  // before it to now, less what holding the streams idle costs over as long.
  const cpuAfter = await server.ask('cpu', 'cpuMs');
  swapCpu.push(cpuAfter.cpuMs - cpuBefore.cpuMs - (mem.idleCpu * (cpuAfter.at - cpuBefore.at)) / 1000);
  if (i === 0) {
    await sleep(Math.max(0, publishAt + 5000 - Date.now()));
    const r = await receivers.ask('report', 'arrivals');
    const got = r.arrivals.filter((a) => a !== null);
    hooks = { n: got.length, max: Math.max(...got.map((a) => a - publishAt)), hung: r.hung };
  }
  console.log(
    `round ${i + 1}: bare loop, one frame at ${b.n} streams, last ${ms(b.max)} (server CPU ${ms(b.cpuMs)}); openbell ` +
      `swap: data_changed at ${changed[i].n} streams, ` +
      `last ${ms(changed[i].max)} (server CPU ${ms(cpuMs)} in the swap's own turn, ${ms(swapCpu[i])} in all, ` +
      `planning and the change set included); data at ${dataEvents[i].n}, ` +
      `last ${ms(dataEvents[i].max)} after the change set`,
  );
}
const ceilingMs = median(bareFanout.map((s) => s.max));
const ceilingCpu = median(bareFanout.map((s) => s.cpuMs));
console.log(`ceiling over ${bareFanout.length} rounds: ${bareFanout.map((s) => ms(s.max)).join(', ')}`);
const bellMs = median(bells.map((s) => s.max));
console.log(`bells over ${bells.length}: ${bells.map((s) => ms(s.max)).join(', ')}`);
row(
  `a bell event at every stream (last arrival after its instant), median of ${bells.length}`,
  '≤ 1.5× ceiling',
  `${ms(bellMs)} (${bells.map((s) => s.max.toFixed(0)).join(', ')})`,
  `bare loop ${ms(ceilingMs)} (median of ${bareFanout.length}: ${bareFanout.map((s) => s.max.toFixed(0)).join(', ')})`,
  bells.every((s) => s.n === clients.connected) && bellMs <= 1.5 * ceilingMs,
);
const changedMs = median(changed.map((s) => s.max));
const dataMs = median(dataEvents.map((s) => s.max));
const allChanged =
  changed.every((s) => s.n === clients.connected) && dataEvents.every((s) => s.n === clients.connected);
row(
  `data_changed at every stream, median of ${SWAPS} swaps`,
  '≤ 1.5× ceiling',
  ms(changedMs),
  `bare loop ${ms(ceilingMs)}`,
  allChanged && changedMs <= 1.5 * ceilingMs,
);
row(
  `data (change set summary) at every stream, median of ${SWAPS}`,
  '≤ 1.5× ceiling',
  ms(dataMs),
  `bare loop ${ms(ceilingMs)}`,
  allChanged && dataMs <= 1.5 * ceilingMs,
);
row(
  'server CPU of one swap (planning, data_changed and ready to every stream, the change set; less idle), median',
  '',
  ms(median(swapCpu)),
  `bare loop, one frame: ${ms(ceilingCpu)}`,
);
console.log(
  `webhooks: ${hooks.n} of ${RECEIVERS - 1} answering receivers had the change set ${ms(hooks.max)} after it went ` +
    `out; the hanging one took ${hooks.hung} request(s)`,
);
row(
  `webhooks: ${RECEIVERS - 1} receivers, one more hanging, one change set`,
  'all within 5 s',
  `${hooks.n} in ${ms(hooks.max)}`,
  '',
  hooks.n === RECEIVERS - 1 && hooks.max <= 5000,
);
await clients.exit();

// ---- slow readers ----
await sleep(500);
const FLOOD = 384;
const floodMarkers = { last: `flood-${FLOOD - 1}"` };
const readers = await clientsFor(hello.url, '/events?markets=M0000.EX0', 30, floodMarkers, 8);
const flood = async (stalled) => {
  await readers.reset(floodMarkers);
  if (stalled) await readers.stall(stalled);
  const before = await server.ask('stats', 'subscribers');
  const { floodAt, peakGrowthKiB } = await server.ask(`flood ${FLOOD} 65536 3`, 'floodAt');
  const got = await collect(readers, 'last', floodAt, 30 - stalled, 20_000);
  const after = await server.ask('stats', 'subscribers');
  return { ...got, dropped: before.subscribers - after.subscribers, growthMiB: peakGrowthKiB / 1024 };
};
const calm = await flood(0);
const slow = await flood(20);
console.log(
  `slow readers: 24 MiB to each of ${calm.n} readers in ${ms(calm.max)}; with 20 stalled: ${slow.n} readers in ` +
    `${ms(slow.max)}, ` +
    `${slow.dropped} of 20 stalled dropped, RSS at most ${slow.growthMiB.toFixed(1)} MiB above before it during the ` +
    `flood (${calm.growthMiB.toFixed(1)} MiB with none stalled)`,
);
row(
  '20 streams that stop reading, 24 MiB sent to each',
  'dropped past 1 MiB queued; RSS bounded',
  `${slow.dropped} of 20 dropped; RSS peak +${slow.growthMiB.toFixed(1)} MiB`,
  `none stalled: +${calm.growthMiB.toFixed(1)} MiB`,
  slow.dropped === 20 && calm.dropped === 0 && slow.growthMiB < calm.growthMiB + 30,
);
row(
  'the 10 reading streams meanwhile (last one has the flood)',
  '≤ 1.5× without the stalled ones',
  ms(slow.max),
  `none stalled ${ms(calm.max)}`,
  slow.n === 10 && slow.max <= 1.5 * Math.max(calm.max, 200),
);
await readers.exit();
await bareClients.exit();
await bare.stop();
await server.stop();
await receivers.stop();

console.log('');
console.log('| figure | goal | this run | ceiling, same run | |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
process.exitCode = missed && process.env.BENCH_STRICT === '1' ? 1 : 0;
