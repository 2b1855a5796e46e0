// The load probes, repeated: the server runs in its own process (bench/serve.mjs) on the
// sample data; this process sends the load and measures. Prints one table; medians of 3 runs.
//   1. /markets?subset= with 30 '*' and a '#': time to answer.
//   2. 16 concurrent requests of the largest accepted range (ten years of phases, each URL
//      distinct so nothing is cached): the longest /health wait meanwhile.
//   3. 3,000 URLs differing only in an ignored parameter: the server's RSS growth.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.PROBE_RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startServer() {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./serve.mjs', import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(JSON.parse(String(d).split('\n')[0]).url));
    child.once('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  return { child, url };
}
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function probe() {
  const { child, url } = await startServer();
  try {
    await (await fetch(`${url}/markets`)).arrayBuffer();
    // 1. the pattern
    let t = performance.now();
    const pat = await fetch(`${url}/markets?subset=${'*'.repeat(30)}%23`);
    await pat.arrayBuffer();
    const patternMs = performance.now() - t;

    // 2. sixteen of the largest accepted requests, /health polled meanwhile
    let maxHealth = 0;
    let busy = true;
    const poll = (async () => {
      while (busy) {
        const h0 = performance.now();
        await (await fetch(`${url}/health`)).arrayBuffer();
        maxHealth = Math.max(maxHealth, performance.now() - h0);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    t = performance.now();
    let bytes = 0;
    await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const res = await fetch(
          `${url}/markets/DE.XETR/phases?start=2011-01-${String(i + 1).padStart(2, '0')}&end=2020-12-31`,
        );
        bytes += (await res.arrayBuffer()).byteLength;
      }),
    );
    const bigMs = performance.now() - t;
    busy = false;
    await poll;

    // 3. URL variants
    const before = rssMiB(child.pid);
    for (let i = 0; i < 3000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, k) =>
          (await fetch(`${url}/markets/US.NYSE/phases?start=2023-01-01&end=2023-12-31&v=${i + k}`)).arrayBuffer(),
        ),
      );
    }
    global.gc?.();
    const growth = rssMiB(child.pid) - before;
    return { patternMs, maxHealth, bigMs, bigMiB: bytes / 1024 / 1024 / 16, growth };
  } finally {
    child.kill('SIGTERM');
  }
}

const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await probe());
const m = (k) => median(runs.map((r) => r[k]));
const rows = [
  ['subset = 30 × * + #', `${m('patternMs').toFixed(1)} ms`, 'goal < 1 s'],
  [`16 × ten years of phases (${m('bigMiB').toFixed(1)} MiB each), all done in`, `${m('bigMs').toFixed(0)} ms`, ''],
  ['  longest /health wait meanwhile', `${m('maxHealth').toFixed(1)} ms`, 'goal < 500 ms'],
  ['3,000 URL variants: server RSS growth', `${m('growth').toFixed(1)} MiB`, 'goal < 150 MiB'],
];
console.log(`\nload probes (median of ${RUNS} runs, sample data)`);
for (const [a, b, c] of rows) console.log(`  ${a.padEnd(62)} ${b.padStart(10)}  ${c}`);
