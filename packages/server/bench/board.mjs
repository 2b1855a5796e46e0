// A thousand board pages (issue 35 item 2, docs/benchmarks.md "The board at 1,000 pages").
//
// The built server runs in a child process (bench/watchers-serve.mjs: 100 synthetic markets,
// its clock set so that a bell falls BENCH_BOARD_LEAD_MS after it starts, the defaults
// otherwise); BENCH_BOARD_CLIENTS client processes (bench/board-client.mjs) hold BENCH_PAGES
// pages as `/board` behaves in a browser (live/board-page.ts): an `/events` stream each, and a
// keep-alive connection asking `/board/data` at load, every BENCH_POLL_MS (the page's 30 s, each
// page from a moment of its own) and at once on every bell event and data change. The pages come
// from 8 loopback addresses, as pages come from many desks (one address may hold a quarter of
// the connections). Measured, each beside the same pages against a bare node:http server that
// answers `/board/data` with the same bytes and holds the streams (bench/watchers-bare.mjs):
// - RSS per page (after a full GC, every page loaded and answered once);
// - `/board/data` while the pages poll (p50/p99 over BENCH_BOARD_WINDOW_MS) and the server's CPU
//   per answer and share of a core meanwhile; then the server's CPU while the pages are held and
//   none asks (BENCH_BOARD_HOLD_MS, default 20 s: heartbeats, timers), so that what answering
//   costs can be told apart from what holding costs;
// - after a bell (every page asks at once): p50/p99, and the last page's answer after the bell;
//   the bare server's pages are sent one frame that makes them ask the same way;
// - a data change (a swap): from the swap until every page has an answer naming the new version,
//   against one poll interval.
// BENCH_BOARD_PROFILE=FILE writes a CPU profile of openbell over the polling window to FILE.
// BENCH_STRICT=1 exits 1 when a goal is missed.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lineChild } from './line-child.mjs';

const PAGES = Number(process.env.BENCH_PAGES ?? 1000);
const CLIENTS = Number(process.env.BENCH_BOARD_CLIENTS ?? 2);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 30_000);
const WINDOW_MS = Number(process.env.BENCH_BOARD_WINDOW_MS ?? 60_000);
const HOLD_MS = Number(process.env.BENCH_BOARD_HOLD_MS ?? 20_000);
const LEAD_MS = Number(process.env.BENCH_BOARD_LEAD_MS ?? 2 * (WINDOW_MS + HOLD_MS) + 90_000);
const ADDRESSES = 8;
const here = (f) => fileURLToPath(new URL(f, import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))] : Number.NaN;
};
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

/** CLIENTS processes holding PAGES pages of `url` between them. */
async function pagesOf(url) {
  const procs = Array.from({ length: CLIENTS }, () =>
    fork(here('./board-client.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  process.on('exit', () => procs.forEach((p) => p.exitCode === null && p.kill('SIGKILL')));
  const call = (p, msg) => {
    const answer = once(p, 'message').then(([m]) => m);
    p.send(msg);
    return answer;
  };
  const all = (msg) => Promise.all(procs.map((p, i) => call(p, typeof msg === 'function' ? msg(i) : msg)));
  const specs = Array.from({ length: PAGES }, (_, i) => ({ index: i, address: `127.0.0.${2 + (i % ADDRESSES)}` }));
  const t0 = performance.now();
  const opened = await all((i) => ({
    cmd: 'open',
    url,
    pages: specs.filter((_, j) => j % CLIENTS === i),
    pollMs: POLL_MS,
    concurrency: 32,
  }));
  const sum = (k) => opened.reduce((n, r) => n + r[k], 0);
  return {
    streams: sum('streams'),
    refused: sum('refusedStreams') + sum('failedStreams'),
    openMs: performance.now() - t0,
    reset: () => all({ cmd: 'reset' }),
    pause: (paused) => all({ cmd: 'pause', paused }),
    report: async () => {
      const rs = await all({ cmd: 'report' });
      const seen = {};
      for (const r of rs) for (const [v, ts] of Object.entries(r.seen)) (seen[v] ??= []).push(...ts);
      return { answers: rs.flatMap((r) => r.answers), seen, reconnects: rs.reduce((n, r) => n + r.reconnects, 0) };
    },
    exit: () => Promise.all(procs.map((p) => (p.send({ cmd: 'exit' }), once(p, 'exit')))),
  };
}

/** The answers of a stretch: how many, how many not 200, p50/p99 of the 200s. */
function stretch(answers) {
  const ok = answers.filter((a) => a.status === 200).map((a) => a.ms);
  return { n: answers.length, bad: answers.length - ok.length, p50: pct(ok, 0.5), p99: pct(ok, 0.99) };
}

/** Each page's first answer asked at `from` or later: their spread, and the last one's arrival after `from`. */
function firstAfter(answers, from) {
  const first = new Map();
  for (const a of answers) if (a.sent >= from && !(first.get(a.page)?.sent <= a.sent)) first.set(a.page, a);
  const got = [...first.values()];
  return { ...stretch(got), pages: got.length, last: Math.max(...got.map((a) => a.sent + a.ms - from)) };
}

/** One server's run: load the pages, poll a window, then `burst()` (an event every page answers). */
async function measure(name, server, url, burst) {
  const m0 = await server.ask('rss', 'rssKiB');
  const rss0 = m0.rssKiB;
  const pages = await pagesOf(url);
  // Every page loaded and answered once: what the process holds for them.
  await sleep(3000);
  const m1 = await server.ask('rss', 'rssKiB');
  const rss1 = m1.rssKiB;
  const perPage = (rss1 - rss0) / pages.streams;
  const heapPerPage = (m1.heapKiB - m0.heapKiB) / pages.streams;
  console.log(
    `${name}: ${pages.streams} of ${PAGES} pages open in ${ms(pages.openMs)} (${pages.refused} streams refused or ` +
      `failed); ` +
      `RSS ${(rss0 / 1024).toFixed(0)} → ${(rss1 / 1024).toFixed(0)} MiB, ${perPage.toFixed(1)} KiB per page ` +
      `(JavaScript heap ${heapPerPage.toFixed(1)} KiB)`,
  );
  await pages.reset();
  const profile = process.env.BENCH_BOARD_PROFILE && name === 'openbell';
  if (profile) await server.ask('profile start', 'profiled');
  const c0 = await server.ask('cpu', 'cpuMs');
  await sleep(WINDOW_MS);
  const c1 = await server.ask('cpu', 'cpuMs');
  if (profile) await server.ask(`profile stop ${process.env.BENCH_BOARD_PROFILE}`, 'profiled');
  const polled = (await pages.report()).answers;
  const poll = stretch(polled);
  if (process.env.BENCH_BOARD_SLOW)
    for (const a of polled.filter((x) => x.ms > 300))
      console.log(`  slow: ${ms(a.ms)} sent at ${((a.sent + SHIFT) % 60_000) / 1000} s of the server's minute`);
  // Then held, none asking: what the streams and idle connections cost by themselves (heartbeats,
  // timers), so that the CPU per answer can be told apart from it. Measured after the polling, when
  // what connecting left (the young generation it grew, its collections) is over.
  await pages.pause(true);
  await sleep(2000);
  const h0 = await server.ask('cpu', 'cpuMs');
  await sleep(HOLD_MS);
  const h1 = await server.ask('cpu', 'cpuMs');
  const holdRate = (h1.cpuMs - h0.cpuMs) / (h1.at - h0.at);
  await pages.pause(false);
  const cpuPer = ((c1.cpuMs - c0.cpuMs) * 1000) / Math.max(1, polled.length);
  const share = (c1.cpuMs - c0.cpuMs) / (c1.at - c0.at);
  // Beyond holding: the window's CPU less what holding the pages cost at the rate measured above.
  const beyond = ((c1.cpuMs - c0.cpuMs - holdRate * (c1.at - c0.at)) * 1000) / Math.max(1, polled.length);
  console.log(
    `${name}: polling, ${poll.n} answers in ${(WINDOW_MS / 1000).toFixed(0)} s (${poll.bad} not 200): ` +
      `p50 ${ms(poll.p50)}, ` +
      `p99 ${ms(poll.p99)}; server CPU ${cpuPer.toFixed(0)} µs per answer, ${(share * 100).toFixed(1)}% of a core; ` +
      `holding the pages, none asking: ${(holdRate * 1000).toFixed(2)} ms of CPU a second; per answer beyond that ` +
      `${beyond.toFixed(0)} µs`,
  );
  await pages.reset();
  const at = await burst();
  await sleep(5000);
  const b = firstAfter((await pages.report()).answers, at);
  console.log(
    `${name}: every page asking at once: ${b.pages} pages answered (${b.bad} not 200), p50 ${ms(b.p50)}, ` +
      `p99 ${ms(b.p99)}, the last ${ms(b.last)} after the event`,
  );
  return { pages, perPage, poll, cpuPer, share, holdRate, beyond, burst: b };
}

const rows = [];
let missed = false;
const row = (figure, goal, value, ceiling, ok) => {
  rows.push([figure, goal, value, ceiling, ok === undefined ? '' : ok ? 'met' : 'MISSED']);
  if (ok === false) missed = true;
};

// BENCH_SERVER_ARGS: node flags for openbell's process (--cpu-prof, to see where its time goes).
const serverArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
const server = lineChild(['--expose-gc', ...serverArgs, here('./watchers-serve.mjs')], {
  BENCH_WATCH_LEAD_MS: String(LEAD_MS),
});
const hello = await server.next('url');
const sample = await (await fetch(`${hello.url}/board/data`)).text();
/** The server's clock less the real one (its bell's id is its epoch ms). */
const SHIFT = Number(hello.bell.id.split(':')[0]) - hello.bell.at;
const bodyFile = join(tmpdir(), `openbell-board-${process.pid}.json`);
writeFileSync(bodyFile, sample);
process.on('exit', () => rmSync(bodyFile, { force: true }));
console.log(
  `/board/data of ${hello.markets} markets: ${Buffer.byteLength(sample)} bytes; ${PAGES} pages polling every ` +
    `${POLL_MS / 1000} s from ${ADDRESSES} addresses, ${CLIENTS} client processes, node ${process.version}`,
);

// ---- the ceiling first: a bare node:http server, the same pages, the same bytes ----
const bare = lineChild(['--expose-gc', here('./watchers-bare.mjs')], { BENCH_BODY_FILE: bodyFile });
const { url: bareUrl } = await bare.next('url');
const skipBare = process.env.BENCH_BOARD_BARE === '0';
const b = skipBare
  ? {
      pages: { streams: 0 },
      perPage: 1,
      poll: { p50: 1, p99: 1 },
      cpuPer: 1,
      share: 0,
      holdRate: 0,
      beyond: 1,
      burst: { last: 1, p50: 1, p99: 1 },
    }
  : await measure('bare node:http', bare, bareUrl, async () => (await bare.ask('go bell', 'goAt')).goAt);
await b.pages.exit?.();
await bare.stop(10_000);

// ---- openbell: its bell falls after the polling window ----
if (hello.bell.at - Date.now() < WINDOW_MS + HOLD_MS + 15_000)
  throw new Error(`the bell would fall within the polling window: raise BENCH_BOARD_LEAD_MS`);
const o = await measure('openbell', server, hello.url, async () => {
  await sleep(Math.max(0, hello.bell.at - Date.now()));
  return hello.bell.at;
});

// ---- a data change ----
await o.pages.reset();
const { swapAt } = await server.ask('swap', 'swapAt');
let reached = [];
for (const until = swapAt + POLL_MS + 5000; Date.now() < until; ) {
  await sleep(1000);
  reached = (await o.pages.report()).seen['"v2"'] ?? [];
  if (reached.length >= o.pages.streams) break;
}
const change = { n: reached.length, last: Math.max(...reached.map((t) => t - swapAt)) };
console.log(`openbell: a data change reached ${change.n} pages, the last ${ms(change.last)} after the swap`);
const { reconnects } = await o.pages.report();
await o.pages.exit();
// Its input closed, the server ends by itself (a --cpu-prof profile is written then).
await server.stop(10_000);

row(
  'pages held by one process on its defaults (a stream and a polling connection each)',
  PAGES.toLocaleString('en'),
  `${o.pages.streams.toLocaleString('en')} (${o.pages.refused} refused); ${reconnects} polling connections reopened`,
  `${b.pages.streams.toLocaleString('en')}`,
  o.pages.streams === PAGES,
);
row(
  'RSS per page (after a full GC)',
  '≤ 1.5× ceiling',
  `${o.perPage.toFixed(1)} KiB`,
  `${b.perPage.toFixed(1)} KiB`,
  o.perPage <= 1.5 * Math.max(b.perPage, 1),
);
row(
  `\`/board/data\` while the pages poll (${o.poll.n} answers in ${WINDOW_MS / 1000} s)`,
  'p99 ≤ 1.5× ceiling',
  `p50 ${ms(o.poll.p50)}, p99 ${ms(o.poll.p99)}, ${o.poll.bad} not 200`,
  `p50 ${ms(b.poll.p50)}, p99 ${ms(b.poll.p99)}`,
  o.poll.bad === 0 && o.poll.p99 <= 1.5 * Math.max(b.poll.p99, 2),
);
row(
  'server CPU per `/board/data` answer while polling (share of a core)',
  '≤ 1.5× ceiling',
  `${o.cpuPer.toFixed(0)} µs (${(o.share * 100).toFixed(1)}%)`,
  `${b.cpuPer.toFixed(0)} µs (${(b.share * 100).toFixed(1)}%)`,
  o.cpuPer <= 1.5 * b.cpuPer,
);
row(
  'server CPU holding the pages while none asks (heartbeats, timers), a second',
  '',
  `${(o.holdRate * 1000).toFixed(2)} ms`,
  `${(b.holdRate * 1000).toFixed(2)} ms`,
);
row(
  'server CPU per answer while polling, less what holding the pages costs (the row above)',
  '',
  `${o.beyond.toFixed(0)} µs`,
  `${b.beyond.toFixed(0)} µs`,
);
row(
  'every page asking at once after a bell: the last answer after the bell',
  '≤ 1.5× ceiling',
  `${ms(o.burst.last)} (${o.burst.pages} pages, ${o.burst.bad} not 200; p50 ${ms(o.burst.p50)}, p99 ` +
    `${ms(o.burst.p99)})`,
  `${ms(b.burst.last)} (p50 ${ms(b.burst.p50)}, p99 ${ms(b.burst.p99)})`,
  o.burst.bad === 0 && o.burst.pages === o.pages.streams && o.burst.last <= 1.5 * b.burst.last,
);
row(
  'a data change at every page (an answer naming the new version, after the swap)',
  `≤ one poll interval (${POLL_MS / 1000} s)`,
  `${change.n} pages, the last ${ms(change.last)}`,
  '',
  change.n === o.pages.streams && change.last <= POLL_MS,
);
console.log('');
console.log('| figure | goal | this run | ceiling, same run | |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
process.exitCode = missed && process.env.BENCH_STRICT === '1' ? 1 : 0;
