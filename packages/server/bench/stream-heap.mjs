// What the server's heap holds per idle `/events` stream, by kind of object: a heap snapshot
// before and after BENCH_STREAMS (default 2,000) streams opened from a client process
// (bench/watchers-client.mjs), kinds that grew listed per stream. BARE=1 measures a bare
// node:http server holding as many streams instead, for comparison. Run with --expose-gc.
// The snapshots go to the system's temporary folder.
import { fork } from 'node:child_process';
import { writeHeapSnapshot } from 'node:v8';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Dataset } from '@openbell/core';
import { generateTables } from '../../core/bench/generate-tables.mjs';
import { createServer } from '../dist/index.js';
import { inMemoryData } from '../dist/app.js';
const N = Number(process.env.BENCH_STREAMS ?? 2000);
const dir = mkdtempSync(join(tmpdir(), 'openbell-heap-'));
const tables = generateTables({ markets: 20, fromYear: 2020, toYear: 2031 });
let running;
if (process.env.BARE) {
  const http = await import('node:http');
  const srv = http.createServer((q, r) => {
    r.writeHead(200, { 'Content-Type': 'text/event-stream', 'Transfer-Encoding': 'chunked' });
    r.write('event: ready\ndata: {}\n\n');
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  running = {
    url: `http://127.0.0.1:${srv.address().port}`,
    close: async () => {
      srv.closeAllConnections();
      srv.close();
    },
  };
} else
  running = await createServer({
    data: inMemoryData(Dataset.create(tables)),
    port: 0,
    host: '127.0.0.1',
    logger: (await import('pino')).default({ level: process.env.LOG ?? 'error' }),
  });
// The data's tables that first answers build (zones' day offsets) are built before the baseline.
if (!process.env.BARE) for (const m of tables.markets) running.holder.current.dataset.status(m.fin_id, Date.now());
const agg = (file) => {
  const s = JSON.parse(readFileSync(file, 'utf8'));
  const f = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const nf = f.length;
  const iType = f.indexOf('type'),
    iName = f.indexOf('name'),
    iSize = f.indexOf('self_size');
  const m = new Map();
  for (let i = 0; i < s.nodes.length; i += nf) {
    const key = `${types[s.nodes[i + iType]]}:${s.strings[s.nodes[i + iName]]}`.slice(0, 80);
    const e = m.get(key) ?? [0, 0];
    e[0]++;
    e[1] += s.nodes[i + iSize];
    m.set(key, e);
  }
  return m;
};
const snap = (name) => {
  globalThis.gc?.();
  return agg(writeHeapSnapshot(join(dir, `${name}.heapsnapshot`)));
};
const a = snap('a');
const child = fork(new URL('./watchers-client.mjs', import.meta.url), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const done = new Promise((r) => child.once('message', r));
child.send({ cmd: 'connect', url: running.url, path: '/events', count: N, concurrency: 32, markers: {} });
console.log(await done);
await new Promise((r) => setTimeout(r, 2000));
const b = snap('b');
const rows = [];
for (const [k, [n, sz]] of b) {
  const [n0, s0] = a.get(k) ?? [0, 0];
  if (sz - s0 > N * 8) rows.push([k, n - n0, sz - s0]);
}
rows.sort((x, y) => y[2] - x[2]);
let tot = 0;
for (const r of rows) tot += r[2];
console.log('total growth per stream (listed)', (tot / N).toFixed(0), 'B');
for (const [k, n, sz] of rows.slice(0, 30))
  console.log(`${(sz / N).toFixed(0).padStart(6)} B/stream ${(n / N).toFixed(2).padStart(6)}/stream  ${k}`);
child.kill();
await running.close();
process.exit(0);
