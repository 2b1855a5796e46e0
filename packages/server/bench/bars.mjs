// A year of one-minute XNYS bars (about 97,000) over HTTP, as JSON and as CSV, each beside a
// bare node:http server sending the same bytes as one constant Buffer in the same run (the
// ceiling, bench/ceiling.mjs). Bars are never taken from the answer cache (the JSON is over the
// cache's largest entry, CSV is not cached), so every request makes its answer from the month
// blocks core keeps: this is the cost of producing and streaming them, measured against the
// cost of only sending them.
//
// The built server runs in a child process (bench/serve.mjs, the loader's sample dataset). A
// measurement is BENCH_BARS_SECONDS (default 3) of back-to-back requests on one keep-alive
// connection: time per request = seconds / answers, and the child's CPU time per answer.
// BENCH_RUNS runs (default 5), alternating server and ceiling; medians are shown. Goal: within
// 2× the ceiling's time per request. BENCH_STRICT=1 exits 1 when it is missed.
import { beside, startServer, stopChild, table } from './ceiling.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const seconds = Number(process.env.BENCH_BARS_SECONDS ?? 3);
const GOAL = 2;
const YEAR = '/markets/XNYS/bars?start=2023-01-01&end=2023-12-31&period=1m';

const served = await startServer({ BENCH_LOG_LEVEL: process.env.BENCH_SERVER_LOG ?? 'info' });
console.log(
  `a year of one-minute XNYS bars: ${runs} runs of ${seconds} s each on one connection (medians), node ` +
    `${process.version}; ceiling = bare node:http sending the same bytes`,
);

const rows = [];
let missed = false;
for (const [name, suffix, type] of [
  ['JSON', '', 'application/json; charset=utf-8'],
  ['CSV', '&format=csv', 'text/csv; charset=utf-8'],
]) {
  const r = await beside(served, `${served.url}${YEAR}${suffix}`, { runs, seconds, connections: 1, type });
  const ratio = r.ours.time / r.ceiling.time;
  if (ratio > GOAL) missed = true;
  const ms = (s) => `${(s * 1e3).toFixed(1)} ms`;
  rows.push([
    name,
    `${(r.bytes / 1e6).toFixed(2)} MB`,
    `${ms(r.ours.time)} (CPU ${ms(r.ours.cpu)})`,
    `${ms(r.ceiling.time)} (CPU ${ms(r.ceiling.cpu)})`,
    `${ratio.toFixed(2)}×`,
    ratio <= GOAL ? 'ok' : 'MISSED',
  ]);
}
await stopChild(served.child);

const goal = `goal ≤ ${GOAL}×`;
table(['answer', 'body', 'time per request (server CPU)', 'ceiling (bare node:http)', 'time vs ceiling', goal], rows);
process.exitCode = missed && process.env.BENCH_STRICT === '1' ? 1 : 0;
