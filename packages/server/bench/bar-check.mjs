// Checking a series against the bar grid (docs/calendar-arithmetic.md §15), and a year fraction
// (§14), beside the bare node:http ceiling.
//
// - A million one-minute XNYS stamps (the grid of 2014-01-01 to 2023-12-31, a few dropped,
//   repeated and shifted), as a JSON body: checked in process (core's reader fed 64 KiB pieces
//   of the body, then the answer), goal < 0.5 s; and POSTed to the built server (bench/serve.mjs)
//   against a bare node:http server that reads the same body and answers a constant, goal < 2 s.
// - GET /calendars/XNYS+USD/year-fraction (bus/252 over ten years, and act/act-isda) on one
//   connection beside the ceiling sending the same bytes: the cost of any other small answer.
// BENCH_RUNS (default 5) runs each, medians shown. BENCH_STRICT=1 exits 1 when a goal is missed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSample } from '@openbell/loader';
import { stampReader } from '@openbell/core';
import { beside, median, startChild, startServer, stopChild, table } from './ceiling.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const START = '2014-01-01';
const END = '2023-12-31';

const sample = await loadSample();
const ds = sample.dataset;
const grid = ds.bars('XNYS', START, END, { period: '1m' }).toArray();
const stamps = [];
for (let i = 0; i < grid.length; i++) {
  if (i % 1000 === 7) continue; // dropped
  stamps.push(grid[i].start);
  if (i % 5000 === 11) stamps.push(grid[i].start); // repeated
  if (i % 7000 === 13) stamps.push(new Date(Date.parse(grid[i].start) + 30_000).toISOString()); // off the grid
}
while (stamps.length < 1_000_000)
  stamps.push(new Date(Date.parse(grid[0].start) - stamps.length * 60_000).toISOString());
const body = Buffer.from(JSON.stringify(stamps));
console.log(
  `bar check: ${stamps.length} one-minute XNYS stamps (${(body.length / 1e6).toFixed(1)} MB JSON) against ` +
    `${grid.length} expected bars, ${runs} runs (medians), node ${process.version}`,
);

function inProcess() {
  const t0 = process.hrtime.bigint();
  const check = ds.parsed.barChecker(
    'US.NYSE',
    Date.UTC(2014, 0, 1) / 864e5,
    Date.UTC(2023, 11, 31) / 864e5,
    { text: '1m', seconds: 60 },
    'split',
  );
  const reader = stampReader('json', check);
  for (let i = 0; i < body.length; i += 65_536)
    reader.feed(body.toString('latin1', i, Math.min(body.length, i + 65_536)));
  reader.end();
  const r = check.result();
  return { s: Number(process.hrtime.bigint() - t0) / 1e9, r };
}

function post(url) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = request(
      url,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': body.length } },
      (res) => {
        const parts = [];
        res.on('data', (c) => parts.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode} ${Buffer.concat(parts)}`));
          resolve({ s: Number(process.hrtime.bigint() - t0) / 1e9, bytes: Buffer.concat(parts) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const local = [];
let last;
for (let i = 0; i < runs; i++) {
  const x = inProcess();
  local.push(x.s);
  last = x.r;
}
console.log(
  `  expected ${last.expected}, given ${last.given}, matched ${last.matched}, missing ${last.missing.length}, extra ${last.extra.length}`,
);

const served = await startServer({ BENCH_LOG_LEVEL: process.env.BENCH_SERVER_LOG ?? 'warn' });
const path = `/markets/XNYS/bars/check?start=${START}&end=${END}&period=1m`;
const first = await post(`${served.url}${path}`);
// The ceiling reads the whole body, then answers the same bytes.
const answerFile = join(mkdtempSync(join(tmpdir(), 'openbell-check-')), 'answer.json');
writeFileSync(answerFile, first.bytes);
const script =
  `const b=require('node:fs').readFileSync(${JSON.stringify(answerFile)});` +
  "const s=require('node:http').createServer((q,r)=>{q.on('data',()=>{});q.on('end',()=>{" +
  "r.writeHead(200,{'Content-Type':'application/json','Content-Length':b.length});r.end(b)})});" +
  "s.listen(0,'127.0.0.1',()=>console.log('http://127.0.0.1:'+s.address().port));process.on('SIGTERM',()=>process.exit(0));";
const bare = await startChild(['-e', script], {}, (line) => (line.startsWith('http://') ? line : undefined));
const http = [];
const ceiling = [];
for (let i = 0; i < runs; i++) {
  http.push((await post(`${served.url}${path}`)).s);
  ceiling.push((await post(`${bare.url}${path}`)).s);
}
await stopChild(bare.child);

const rows = [];
const ms = (s) => `${(s * 1e3).toFixed(0)} ms`;
rows.push(['in process', ms(median(local)), '', '< 500 ms', median(local) < 0.5 ? 'ok' : 'MISSED']);
rows.push(['HTTP, JSON body', ms(median(http)), ms(median(ceiling)), '< 2000 ms', median(http) < 2 ? 'ok' : 'MISSED']);
table(['a million stamps checked', 'time', 'ceiling (bare node:http reading the body)', 'goal', ''], rows);

const fraction = [];
for (const q of [
  '/calendars/XNYS+USD/year-fraction?start=2014-01-02&end=2023-12-29&convention=bus/252',
  '/calendars/XNYS/year-fraction?start=2023-02-28&end=2024-08-31&convention=act/act-isda',
  '/calendars/XNYS/business-days/count?start=2023-12-29&end=2014-01-02',
]) {
  const r = await beside(served, `${served.url}${q}`, { runs, seconds: 1, connections: 1 });
  const us = (s) => `${(s * 1e6).toFixed(0)} µs`;
  fraction.push([
    `${q.split('?')[0].split('/').slice(3).join('/')} ${q.split('convention=')[1] ?? ''}`,
    us(r.ours.time),
    us(r.ceiling.time),
    `${(r.ours.time / r.ceiling.time).toFixed(2)}×`,
  ]);
}
await stopChild(served.child);
table(['small answer', 'time per request', 'ceiling', 'vs ceiling'], fraction);
const missed = median(local) >= 0.5 || median(http) >= 2;
process.exitCode = missed && process.env.BENCH_STRICT === '1' ? 1 : 0;
