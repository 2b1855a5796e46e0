// /health latency while a 1,000-market archive is swapped in. The server runs in a
// child process on 127.0.0.1 (bench/swap-serve.mjs); this process keeps 4 keep-alive clients
// asking /health back to back and records every latency while the child re-reads and rebuilds
// the archive, in-thread (before) and off-thread (worker parse + sliced build, now).
// Goal: max /health latency < 250 ms during the swap, no failed request.
// Environment: BENCH_SWAP_MARKETS (default 1000), BENCH_SWAPS per mode (default 3).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { synthesizeArchive } from '../../loader/bench/archive.mjs';

const MARKETS = Number(process.env.BENCH_SWAP_MARKETS ?? 1000);
const SWAPS = Number(process.env.BENCH_SWAPS ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'openbell-swap-bench-'));
const file = join(dir, 'bulk.zip');
const { zip, tables } = synthesizeArchive(MARKETS);
writeFileSync(file, zip);
console.log(
  `swap: ${tables.markets.length} markets, ${tables.holidays.length} holidays, ` +
    `${(zip.length / 1048576).toFixed(1)} MiB zipped; 4 clients on /health`,
);

function getHealth(agent, url) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    http
      .get(`${url}/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ ok: res.statusCode === 200, ms: performance.now() - t0 }));
      })
      .on('error', () => resolve({ ok: false, ms: performance.now() - t0 }));
  });
}

async function run(mode) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./swap-serve.mjs', import.meta.url)), file, mode], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const { url } = JSON.parse((await lines.next()).value);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  for (let i = 0; i < 200; i++) await getHealth(agent, url); // warm-up
  const results = [];
  for (let k = 0; k < SWAPS; k++) {
    let on = true;
    const lat = [];
    let failed = 0;
    const client = async () => {
      while (on) {
        const r = await getHealth(agent, url);
        lat.push(r.ms);
        if (!r.ok) failed += 1;
      }
    };
    const clients = Array.from({ length: 4 }, client);
    await new Promise((r) => setTimeout(r, 100));
    child.stdin.write('swap\n');
    const done = JSON.parse((await lines.next()).value);
    await new Promise((r) => setTimeout(r, 100));
    on = false;
    await Promise.all(clients);
    const sorted = [...lat].sort((a, b) => a - b);
    results.push({ max: sorted.at(-1), p99: sorted[Math.floor(sorted.length * 0.99)], n: lat.length, failed, ...done });
  }
  agent.destroy();
  child.stdin.end();
  child.kill('SIGTERM');
  await once(child, 'exit');
  for (const r of results) {
    console.log(
      `${mode.padEnd(9)} max /health ${r.max.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ${r.n} requests, ` +
        `${r.failed} failed; ` +
        `swap ${r.swapMs.toFixed(0)} ms (${r.outcome}); ` +
        (mode === 'inthread'
          ? 'server: event loop blocked for the whole load'
          : `server: max event-loop delay ${r.loopMaxMs.toFixed(0)} ms, longest GC pause ${r.gcMaxMs.toFixed(0)} ms`) +
        (mode === 'offthread'
          ? `  (goal < 250 ms${r.max < 250 && r.failed === 0 ? ' ok' : ' MISSED'})`
          : '  (in-thread, for comparison)'),
    );
  }
  return results;
}

try {
  await run('inthread');
  const now = await run('offthread');
  if (process.env.BENCH_STRICT === '1' && now.some((r) => r.max >= 250 || r.failed > 0)) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
