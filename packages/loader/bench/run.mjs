// Loader benchmark: an in-memory archive shaped like the vendor's (≥1,000 markets × 30 years of
// holidays, ~10 schedule rows per market).
//   - Memory: each load runs in a fresh child process (`--expose-gc`), so every peak
//     is its own: peak RSS of one load (the kernel's high-water mark, VmHWM, which counts the
//     loader's worker thread too), the live heap the loaded Dataset keeps after a forced GC,
//     and the load time; medians of RUNS children per path, in-thread (loadFromBytes) and
//     off-thread (loadFromBytesOffThread, what `openbell serve` uses).
//   - Event-loop stall while loading, in this process.
// Run after `pnpm build` (imports ../dist): `node --expose-gc bench/run.mjs [markets] [runs]`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MiB = 1048576;
const info = { source: 'bench', kind: 'file', version: null, downloadedAt: null };

if (process.argv[2] === '--child') {
  // One load in a fresh process; prints its figures as JSON.
  const [, , , mode, zipPath] = process.argv;
  const { loadFromBytes, loadFromBytesOffThread } = await import('../dist/index.js');
  const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
  const zip = new Uint8Array(readFileSync(zipPath));
  globalThis.gc();
  globalThis.gc();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const data = mode === 'off' ? await loadFromBytesOffThread(zip, info) : loadFromBytes(zip, info);
  const ms = performance.now() - t0;
  const peak = hwm();
  globalThis.gc();
  globalThis.gc();
  const heap = process.memoryUsage().heapUsed - before.heapUsed;
  console.log(
    JSON.stringify({
      ms,
      peak,
      baseRss: before.rss,
      heap,
      markets: data.dataset.counts.markets,
      warnings: data.meta.warnings.length,
    }),
  );
  process.exit(0);
}

const { synthesizeArchive } = await import('./archive.mjs');
const { loadFromBytes, loadFromBytesOffThread } = await import('../dist/index.js');
const MARKETS = Number(process.argv[2] ?? 1000);
const RUNS = Number(process.argv[3] ?? 5);

const { zip, tables, rawBytes } = synthesizeArchive(MARKETS);
if (process.env.DUMP) writeFileSync(process.env.DUMP, zip);
console.log(
  `archive: ${tables.markets.length} markets, ${tables.holidays.length} holidays, ${tables.schedules.length} ` +
    `schedule rows; ` +
    `${(rawBytes / MiB).toFixed(1)} MiB of CSV, ${(zip.length / MiB).toFixed(1)} MiB zipped`,
);

const dir = mkdtempSync(join(tmpdir(), 'openbell-loader-bench-'));
const zipPath = join(dir, 'archive.zip');
writeFileSync(zipPath, zip);
const self = fileURLToPath(import.meta.url);
const child = (mode) =>
  JSON.parse(execFileSync(process.execPath, ['--expose-gc', self, '--child', mode, zipPath], { encoding: 'utf8' }));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const verdict = (ok) => (ok ? 'ok' : 'MISSED');
const runs = { in: [], off: [] };
try {
  for (let i = 0; i < RUNS; i++) for (const mode of ['in', 'off']) runs[mode].push(child(mode));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `one load of ${MARKETS} markets, median of ${RUNS} fresh processes each (peak RSS goal <= 220 MiB, live heap goal ` +
    `<= 60 MiB):`,
);
for (const [mode, label] of [
  ['in', 'in-thread  (loadFromBytes)        '],
  ['off', 'off-thread (loadFromBytesOffThread)'],
]) {
  const r = runs[mode];
  const peak = median(r.map((x) => x.peak)) / MiB;
  const heap = median(r.map((x) => x.heap)) / MiB;
  const ms = median(r.map((x) => x.ms));
  console.log(
    `  ${label}: peak RSS ${peak.toFixed(0)} MiB ${verdict(peak <= 220)} (process before loading ` +
      `${(median(r.map((x) => x.baseRss)) / MiB).toFixed(0)} MiB); ` +
      `live heap ${heap.toFixed(1)} MiB ${verdict(heap <= 60)}; load ${ms.toFixed(0)} ms ${verdict(ms < 2000)} (goal ` +
      `< 2000 ms); ` +
      `peaks ${r.map((x) => (x.peak / MiB).toFixed(0)).join('/')} MiB; ${r[0].markets} markets, ${r[0].warnings} ` +
      `warnings`,
  );
}

// The longest event-loop stall while loading, in-thread (loadFromBytes) and off the
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
