// Where a listing's CPU goes, thread by thread: the built server (answer cache off, access log at
// info) and the bare node:http ceiling, each loaded in turn with a year of a market's holidays,
// a new range on every request, and each thread's user and system time read from
// /proc/<pid>/task before and after. The goals bench (goals.mjs) gives the total per request;
// this says whether a gap is the main thread's own work, the kernel's, or the garbage
// collector's helper threads. Linux only.
//
//   node bench/threads.mjs   (BENCH_SECONDS per load, default 5, after 2 s of warm-up;
//                             BENCH_RUNS, default 2, alternating server and ceiling)
import { readdirSync } from 'node:fs';
import { bodyOf, load, startBare, startServer, statTimes, stopChild } from './ceiling.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const runs = Number(process.env.BENCH_RUNS ?? 2);

/** User and system seconds of each thread of `pid`, by thread id. */
function threads(pid) {
  const out = new Map();
  for (const id of readdirSync(`/proc/${pid}/task`)) out.set(id, statTimes(`/proc/${pid}/task/${id}/stat`));
  return out;
}

const DAY = 86_400_000;
const FIRST = Date.parse('2001-01-01T00:00:00Z');
const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
/** The n-th request's path: a year of holidays from one of 10,000 days, a new range each. */
const yearOf = (n) => {
  const start = FIRST + (n % 10_000) * DAY;
  return `/markets/US.NYSE/holidays?start=${iso(start)}&end=${iso(start + 364 * DAY)}`;
};

/** µs per request of the main thread (user, system) and of every other thread together. */
async function measure(child, url) {
  await load(url, { seconds: 2, paths: yearOf });
  const before = threads(child.pid);
  const requests = await load(url, { seconds, paths: yearOf });
  const after = threads(child.pid);
  const main = String(child.pid);
  const per = (s) => ((s * 1e6) / requests).toFixed(1);
  let otherUser = 0;
  let otherSystem = 0;
  for (const [id, t] of after) {
    const b = before.get(id) ?? { user: 0, system: 0 };
    if (id === main) continue;
    otherUser += t.user - b.user;
    otherSystem += t.system - b.system;
  }
  const m = after.get(main);
  const mb = before.get(main);
  return {
    requests,
    mainUser: per(m.user - mb.user),
    mainSystem: per(m.system - mb.system),
    others: per(otherUser + otherSystem),
  };
}

const rows = [];
for (let r = 0; r < runs; r++) {
  const server = await startServer({ BENCH_CACHE_BYTES: '0', BENCH_LOG_LEVEL: 'info' });
  rows.push({ who: 'openbell', ...(await measure(server.child, server.url)) });
  // The ceiling answers every request with the bytes of one year of holidays.
  const body = await bodyOf(`${server.url}${yearOf(0)}`);
  await stopChild(server.child);
  const bare = await startBare(body);
  rows.push({ who: 'bare node:http', ...(await measure(bare.child, bare.url)) });
  await stopChild(bare.child);
}
console.log(
  `CPU per request by thread, µs (${seconds} s of 10 connections each, a year of holidays, a new range each)`,
);
console.log('| server | requests | main thread, user | main thread, system | other threads |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.who} | ${r.requests} | ${r.mainUser} | ${r.mainSystem} | ${r.others} |`);
process.exit(0);
