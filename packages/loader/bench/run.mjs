// Loader benchmark: an in-memory archive shaped like the vendor's (≥1,000 markets × 30 years of
// holidays, ~10 schedule rows per market) → loadFromBytes, 5 runs; prints median and peak RSS.
// Run after `pnpm build` (imports ../dist). Use `node --expose-gc bench/run.mjs` for steadier RSS.
import { synthesizeArchive } from './archive.mjs';
import { loadFromBytes, loadFromBytesOffThread } from '../dist/index.js';

const MARKETS = Number(process.argv[2] ?? 1000);

const { zip, tables, rawBytes } = synthesizeArchive(MARKETS);
if (process.env.DUMP) (await import("node:fs")).writeFileSync(process.env.DUMP, zip);
console.log(
  `archive: ${tables.markets.length} markets, ${tables.holidays.length} holidays, ${tables.schedules.length} schedule rows; ` +
    `${(rawBytes / 1048576).toFixed(1)} MiB of CSV, ${(zip.length / 1048576).toFixed(1)} MiB zipped`,
);

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const times = [];
for (let i = 0; i < 5; i++) {
  globalThis.gc?.();
  const t0 = performance.now();
  const data = loadFromBytes(zip, { source: 'bench', kind: 'file', version: null, downloadedAt: null });
  times.push(performance.now() - t0);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (i === 0) console.log(`loaded: plan ${data.meta.plan}, ${data.dataset.counts.markets} markets, ${data.meta.warnings.length} warnings`);
  // Let the sampler run between iterations.
  await new Promise((r) => setTimeout(r, 10));
}
clearInterval(sampler);
const sorted = [...times].sort((a, b) => a - b);
console.log(`loadFromBytes runs (ms): ${times.map((t) => t.toFixed(0)).join(', ')}`);
console.log(`median: ${sorted[2].toFixed(0)} ms (target < 2000 ms); peak RSS: ${(peak / 1048576).toFixed(0)} MiB`);

// The live heap one loaded dataset keeps (issue 17: <= 60 MiB for 1,000 markets x 30 years).
if (global.gc) {
  global.gc();
  const before = process.memoryUsage().heapUsed;
  const kept = loadFromBytes(zip, { source: 'bench', kind: 'file', version: null, downloadedAt: null });
  global.gc();
  global.gc();
  console.log(`live heap of one loaded dataset: ${((process.memoryUsage().heapUsed - before) / 1048576).toFixed(1)} MiB (goal <= 60 MiB; ${kept.dataset.counts.markets} markets)`);
}

// Issue 12: the longest event-loop stall while loading, in-thread (loadFromBytes) and off the
// event loop (worker parse + sliced build, as a server swap does). A 1 ms interval timer
// records the largest gap between its ticks.
async function maxStall(fn) {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    worst = Math.max(worst, t - last);
    last = t;
  }, 1);
  await new Promise((r) => setTimeout(r, 20));
  last = performance.now();
  const t0 = performance.now();
  await fn();
  const total = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 5));
  clearInterval(timer);
  return { worst, total };
}
const info = { source: 'bench', kind: 'file', version: null, downloadedAt: null };
for (let i = 0; i < 3; i++) {
  globalThis.gc?.();
  const inThread = await maxStall(async () => loadFromBytes(zip, info));
  globalThis.gc?.();
  const offThread = await maxStall(() => loadFromBytesOffThread(zip, info));
  console.log(
    `max event-loop stall: in-thread ${inThread.worst.toFixed(0)} ms (load ${inThread.total.toFixed(0)} ms); ` +
      `off-thread ${offThread.worst.toFixed(0)} ms (load ${offThread.total.toFixed(0)} ms) (goal < 50 ms)`,
  );
}
