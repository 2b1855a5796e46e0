// What /metrics costs a request (issue 48: under 1% of a request's). Two handlers of the built
// server on the sample data, one with metrics (the default) and one without (`metrics: false`),
// are called in this process on requests whose socket discards what is written, alternating
// rounds (as bench/in-process.mjs); CPU per request is the best round of each. The cheapest
// answers are the strictest test: one URL asked again and again (the answer cache's hit, the
// memo of its reading), and /health. Also prints the cost of ServerMetrics.observe alone
// (with the performance.now() the dispatcher takes for it).
//
//   node bench/metrics-cost.mjs [count, default 20000] [rounds, default 15]
import { answerInProcess, DiscardingSocket } from './in-process-request.mjs';

const root = new URL('../../..', import.meta.url).pathname;
const count = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 15);

const { createServer, ServerMetrics } = await import(`${root}/packages/server/dist/index.js`).then(async (m) => ({
  ...m,
  ServerMetrics: (await import(`${root}/packages/server/dist/metrics.js`)).ServerMetrics,
}));
const { loadSample } = await import(`${root}/packages/loader/dist/index.js`);
const data = await loadSample();
async function handler(metrics) {
  const running = await createServer({
    data,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    ...(metrics ? {} : { metrics: false }),
  });
  return { running, fn: running.server.listeners('request')[0] };
}
const on = await handler(true);
const off = await handler(false);

const socket = new DiscardingSocket();
const one = (fn, url) => answerInProcess(fn, url, socket);
async function round(fn, url) {
  const t = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    one(fn, url);
    if (i % 100 === 99) await new Promise((r) => setImmediate(r));
  }
  const u = process.cpuUsage(t);
  return (u.user + u.system) / count;
}

const URLS = {
  'holidays, one URL (cached)': '/markets/US.NYSE/holidays?start=2023-01-01&end=2023-12-31',
  'status at an instant, one URL': '/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00Z',
  '/health': '/health',
};
const rows = [];
for (const [name, url] of Object.entries(URLS)) {
  for (let i = 0; i < 3000; i++) one(on.fn, url), one(off.fn, url);
  let bestOn = Infinity;
  let bestOff = Infinity;
  for (let r = 0; r < rounds; r++) {
    bestOff = Math.min(bestOff, await round(off.fn, url));
    bestOn = Math.min(bestOn, await round(on.fn, url));
  }
  rows.push({ name, off: bestOff, on: bestOn, share: (bestOn - bestOff) / bestOff });
}

const m = new ServerMetrics({ holder: on.running.holder ?? { updates: {}, current: undefined } });
const N = 2_000_000;
let best = Infinity;
for (let r = 0; r < 5; r++) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) m.observe(i & 31, 200, performance.now());
  best = Math.min(best, Number(process.hrtime.bigint() - t) / N);
}

console.log('CPU per request, best of', rounds, 'rounds of', count, '(in process, socket discarded)');
for (const r of rows)
  console.log(
    `  ${r.name.padEnd(32)} without metrics ${r.off.toFixed(2)} µs, with ${r.on.toFixed(2)} µs: ${(r.share * 100).toFixed(2)}%`,
  );
console.log(`ServerMetrics.observe with performance.now(): ${best.toFixed(1)} ns a request`);
await on.running.close();
await off.running.close();
process.exit(0);
