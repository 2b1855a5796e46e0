// Child of bench/swap.mjs: serves a ZIP through a file source and swaps it in again on each
// `swap` line read from stdin, answering one JSON line {swapMs, outcome}. Mode `offthread`
// uses the loader's source as `serve` does (worker parse + sliced build); mode `inthread` loads
// on the event loop (loadFromPath), the way loads ran before the worker parse.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createDataSource, loadFromPath } from '@openbell/loader';
import { createServer } from '../dist/index.js';

const [file, mode] = process.argv.slice(2);
const source =
  mode === 'inthread'
    ? {
        description: file,
        kind: 'file',
        isRemote: false,
        archivePath: () => file,
        load: () => loadFromPath(file),
        update: async () => ({ status: 'updated', data: await loadFromPath(file) }),
        check: async () => ({ upToDate: false, etag: null, lastModified: null, contentLength: null }),
      }
    : createDataSource({ data: file });
const running = await createServer({ source, port: 0, host: '127.0.0.1', logLevel: 'warn', updateEveryMinutes: 0 });
await running.ready;
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'swap') continue;
  // The server's own view: the longest event-loop delay and the longest GC pause in the swap.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let gcMax = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMax = Math.max(gcMax, e.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  loop.enable();
  const t0 = performance.now();
  const outcome = await running.updateNow({ force: true });
  const swapMs = performance.now() - t0;
  loop.disable();
  gc.disconnect();
  process.stdout.write(`${JSON.stringify({ swapMs, outcome, loopMaxMs: loop.max / 1e6, gcMaxMs: gcMax })}\n`);
}
await running.close();
