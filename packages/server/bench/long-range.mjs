// The longest phases answer the sample allows: US.NYSE over its whole coverage window
// (2000-01-17 to 2030-12-25, about 31 years), which no range cap refuses any more (docs/rest.md
// "Limits"). The built server runs in a child (bench/serve.mjs, answer cache on, as served);
// each run starts a fresh one, asks /health to warm it, reads its RSS, then downloads the
// answer on one connection, reading at full speed and dropping the bytes, while sampling the
// child's RSS every 10 ms. Growth = peak RSS during the answer minus RSS before it, shown
// beside the answer's size measured in the same run (what holding the answer whole would cost),
// and the time the download took (a second ask in the same process too: nothing of the first is
// kept, so it is written afresh again).
// BENCH_RUNS runs (default 5), medians. Goal: growth under 16 MiB. BENCH_STRICT=1 exits 1
// when it is missed.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { bodyOf, median, startServer, stopChild, table } from './ceiling.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const GOAL = 16 * 1024 * 1024;
const PATH = process.env.BENCH_PATH ?? '/markets/US.NYSE/phases?start=2000-01-17&end=2030-12-25';

const rss = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

/** Downloads `url` dropping the bytes; resolves with its size and the peak RSS of `pid` meanwhile. */
function download(url, pid) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let peak = rss(pid);
    const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 10);
    http
      .get(url, { agent: false }, (res) => {
        let size = 0;
        res.on('data', (d) => (size += d.length));
        res.on('end', () => {
          clearInterval(timer);
          peak = Math.max(peak, rss(pid));
          resolve({
            size,
            peak,
            ms: performance.now() - t0,
            status: res.statusCode,
            chunked: res.headers['transfer-encoding'] === 'chunked',
          });
        });
      })
      .on('error', (e) => {
        clearInterval(timer);
        reject(e);
      });
  });
}

const mib = (b) => `${(b / 1048576).toFixed(1)} MiB`;
const ours = [];
const firstMs = [];
const againMs = [];
const againGrowth = [];
let size = 0;
let chunked = false;
for (let i = 0; i < runs; i++) {
  const served = await startServer({
    BENCH_LOG_LEVEL: 'warn',
    ...(process.env.BENCH_BLOCK_BYTES ? { BENCH_BLOCK_BYTES: process.env.BENCH_BLOCK_BYTES } : {}),
  });
  try {
    await bodyOf(`${served.url}/health`);
    const before = rss(served.child.pid);
    const r = await download(`${served.url}${PATH}`, served.child.pid);
    if (r.status !== 200) throw new Error(`GET ${PATH} answered ${r.status}`);
    size = r.size;
    chunked = r.chunked;
    ours.push(r.peak - before);
    firstMs.push(r.ms);
    const again = await download(`${served.url}${PATH}`, served.child.pid);
    againMs.push(again.ms);
    againGrowth.push(again.peak - before);
  } finally {
    await stopChild(served.child);
  }
}
const growth = median(ours);
console.log(
  `US.NYSE phases over its whole window (${PATH.split('?')[1]}): ${runs} runs, medians, node ${process.version}`,
);
table(
  ['answer', 'bytes (held whole)', 'chunked', 'RSS growth', 'growth / bytes', 'goal', '', 'download', 'asked again'],
  [
    [
      PATH.split('?')[0],
      mib(size),
      chunked ? 'yes' : 'no',
      mib(growth),
      (growth / size).toFixed(2),
      `< ${mib(GOAL)}`,
      growth < GOAL ? 'ok' : 'MISSED',
      `${median(firstMs).toFixed(0)} ms`,
      `${median(againMs).toFixed(0)} ms, growth ${mib(median(againGrowth))}`,
    ],
  ],
);
if (process.env.BENCH_STRICT === '1' && growth >= GOAL) process.exit(1);
