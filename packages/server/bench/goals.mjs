// The per-request goals, each as a ratio to a bare node:http server sending a constant Buffer of
// the same size under the same load in the same run (the ceiling, bench/ceiling.mjs).
//
// The built server runs in child processes (bench/serve.mjs): one as `openbell serve` runs by
// default (answer cache on, access log at info written to a pipe that a `cat` of its own
// drains, as a log collector would), one with the answer cache off. The uncached goals ask for a different range or
// instant on every
// request, so no answer comes from a cache of answers. Each measurement is a fixed load
// (autocannon, keep-alive, BENCH_CONNECTIONS connections for BENCH_SECONDS) and reads the
// child's CPU time (utime + stime) from /proc/<pid>/stat before and after: CPU per request =
// that time / requests served. Each goal is measured BENCH_RUNS times (default 3; the listings
// at least 5), server, ceiling (and the build before) in an order that turns from run to run
// (ceiling.mjs `beside`: whoever goes first pays more); medians are shown. With BENCH_BEFORE, a
// multiple of 3 runs puts each in each place as often.
//
// Environment: BENCH_RUNS, BENCH_SECONDS per run (default 3), BENCH_CONNECTIONS (default 10),
// BENCH_SERVER_LOG (the servers' log level, default info), BENCH_ONLY (goals whose name
// contains it; several separated by `|`), BENCH_STRICT=1 exits 1 when a goal is missed,
// BENCH_BEFORE=<root of another build> (e.g. a copy of the tip before a change, with its dist
// folders) measures that build's server too, in the same turns, and shows it beside.
import { beside, startServer, stopChild, table } from './ceiling.mjs';

// Each ceiling started adds an exit listener (its clean-up): one per goal.
process.setMaxListeners(64);

const runs = Number(process.env.BENCH_RUNS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const DAY = 86_400_000;
const FIRST = Date.parse('2001-01-01T00:00:00Z');
const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
const YEAR = '/markets/US.NYSE/phases?start=2023-01-01&end=2023-12-31';
const STATUS = '/markets/US.NYSE/status?datetime_utc=2023-11-15T17:00:00%2B00:00';
/** A year of phases starting on one of 10,000 days (2001 to 2028), a different one each request. */
const anyYear = (n) => {
  const start = FIRST + (((n % 10_000) + 10_000) % 10_000) * DAY;
  return `/markets/US.NYSE/phases?start=${iso(start)}&end=${iso(start + 364 * DAY)}`;
};
/** An instant of 2001-2030 at 7-minute-and-a-second steps, a different one each request. */
const anyInstant = (n) =>
  `/markets/US.NYSE/status?datetime_utc=${new Date(FIRST + (n + 1) * 421_000).toISOString().replace('.000Z', 'Z')}`;

/**
 * Thirty years (less up to five months) of a monthly rule settled one to four business days
 * later on a three-member calendar: one of 20 rules (N-th weekday), 6 starting months, 6 ends, 4
 * offsets and 2 rolls, 5,760 URLs in turn (all inside the calendar's window, 2000-04-21 to
 * 2030-12-25), so that a URL seldom comes back within a run.
 */
const anyDates = (n) => {
  const k = ((n % 5760) + 5760) % 5760;
  const rule = `nth-weekday:${1 + (k % 4)}:${['mon', 'tue', 'wed', 'thu', 'fri'][k % 5]}`;
  const start = 2000 * 12 + 4 + (Math.floor(k / 20) % 6);
  const end = start + 354 + (Math.floor(k / 120) % 6);
  const month = (m) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
  const roll = Math.floor(k / 720) % 2 ? 'modified_following' : 'following';
  const offset = 1 + (Math.floor(k / 1440) % 4);
  const range = `start=${month(start)}&end=${month(end)}`;
  return `/calendars/XNYS+XLON+XETR/dates?rule=${rule}&${range}&offset=${offset}&roll=${roll}`;
};
/** A year of the overlap of four markets, starting on one of 9,000 days, a different one each request. */
const anyOverlap = (n) => {
  const start = FIRST + (((n % 9_000) + 9_000) % 9_000) * DAY;
  return `/overlap?markets=XNYS,XLON,XETR,US.CME.EQUITY.USINDEX1&start=${iso(start)}&end=${iso(start + 364 * DAY)}`;
};

/** A year of a market's or a currency's holidays starting on one of 10,000 days, a different one each request. */
const anyHolidays = (prefix) => (n) => {
  const start = FIRST + (((n % 10_000) + 10_000) % 10_000) * DAY;
  return `${prefix}/holidays?start=${iso(start)}&end=${iso(start + 364 * DAY)}`;
};
/** A listing without a range: the request counts in an ignored parameter, so every URL is new. */
const anyOf = (path) => (n) => `${path}${path.includes('?') ? '&' : '?'}n=${n}`;

/** The listings (docs/benchmarks.md): within 1.3× of the ceiling's CPU, answer cache off. */
const LISTING_GOAL = 1.3;

const logLevel = process.env.BENCH_SERVER_LOG ?? 'info';
const served = await startServer({ BENCH_LOG_LEVEL: logLevel });
const uncached = await startServer({ BENCH_LOG_LEVEL: logLevel, BENCH_CACHE_BYTES: '0' });
const beforeRoot = process.env.BENCH_BEFORE;
const earlier = beforeRoot
  ? new Map([
      [served, await startServer({ BENCH_LOG_LEVEL: logLevel }, beforeRoot)],
      [uncached, await startServer({ BENCH_LOG_LEVEL: logLevel, BENCH_CACHE_BYTES: '0' }, beforeRoot)],
    ])
  : undefined;
console.log(
  `per-request goals: ${connections} connections, ${runs} runs each (medians), node ${process.version}, ` +
    'servers with the access log at info (to a pipe drained by a process of its own); ceiling = bare node:http ' +
    'sending a Buffer of the same size',
);

const goals = [
  { name: 'year of phases, a new range each request', server: uncached, paths: anyYear, goal: 1.5 },
  { name: 'year of phases, one URL, cached', server: served, path: YEAR },
  { name: 'status, a new instant each request', server: uncached, paths: anyInstant, goal: 1.2 },
  { name: 'status, one URL (access log on)', server: served, path: STATUS, goal: 1.2 },
  {
    name: 'dates: 30 years, three-member calendar, a new URL each request',
    server: uncached,
    paths: anyDates,
    goal: 2,
  },
  { name: 'overlap: a year of four markets, a new range each request', server: uncached, paths: anyOverlap, goal: 2 },
  { name: 'dates: 30 years, three-member calendar, one URL, cached', server: served, path: anyDates(1444), goal: 2 },
  { name: 'overlap: a year of four markets, one URL, cached', server: served, path: anyOverlap(3000), goal: 2 },
  {
    name: "listing: a market's holidays, a year, a new range each request",
    server: uncached,
    paths: anyHolidays('/markets/US.NYSE'),
    goal: LISTING_GOAL,
  },
  {
    name: "listing: a currency's holidays, a year, a new range each request",
    server: uncached,
    paths: anyHolidays('/currencies/USD'),
    goal: LISTING_GOAL,
  },
  { name: 'listing: markets (all), cache off', server: uncached, paths: anyOf('/markets'), goal: LISTING_GOAL },
  {
    name: 'listing: markets matching US*, cache off',
    server: uncached,
    paths: anyOf('/markets?subset=US*'),
    goal: LISTING_GOAL,
  },
  { name: 'listing: currencies, cache off', server: uncached, paths: anyOf('/currencies'), goal: LISTING_GOAL },
  {
    name: "listing: a market's schedules, cache off",
    server: uncached,
    paths: anyOf('/markets/US.NYSE/schedules'),
    goal: LISTING_GOAL,
  },
  { name: 'listing: MIC mapping, cache off', server: uncached, paths: anyOf('/mic-mapping'), goal: LISTING_GOAL },
  { name: '/health', server: served, path: '/health' },
];

const rows = [];
let missed = false;
const only = process.env.BENCH_ONLY?.split('|');
for (const g of goals) {
  if (only && !only.some((o) => g.name.includes(o))) continue;
  // The listings' goal is judged on medians of five runs at least.
  const before = earlier?.get(g.server);
  const r = await beside(g.server, `${g.server.url}${g.path ?? ''}`, {
    runs: g.goal === LISTING_GOAL ? Math.max(runs, 5) : runs,
    seconds,
    connections,
    paths: g.paths,
    before,
    beforeUrl: before && `${before.url}${g.path ?? ''}`,
  });
  const ratio = r.ours.cpu / r.ceiling.cpu;
  const ok = g.goal === undefined || ratio <= g.goal;
  if (!ok) missed = true;
  const us = (s) => `${(s * 1e6).toFixed(1)} µs`;
  rows.push([
    g.name,
    `${r.bytes} B`,
    `${us(r.ours.cpu)} (${r.ours.rps.toFixed(0)} req/s)`,
    `${us(r.ceiling.cpu)} (${r.ceiling.rps.toFixed(0)} req/s)`,
    `${ratio.toFixed(2)}×`,
    g.goal === undefined ? '' : `≤ ${g.goal}×`,
    g.goal === undefined ? '' : ok ? 'ok' : 'MISSED',
    ...(r.before ? [`${us(r.before.cpu)}: ${(r.before.cpu / r.ceiling.cpu).toFixed(2)}×`] : []),
  ]);
}
await stopChild(served.child);
await stopChild(uncached.child);
for (const s of earlier?.values() ?? []) await stopChild(s.child);

table(
  [
    'answer',
    'body',
    'server CPU/request',
    'ceiling CPU/request (bare node:http)',
    'CPU vs ceiling',
    'goal',
    '',
    ...(earlier ? ['the build before, same turns'] : []),
  ],
  rows,
);
process.exitCode = missed && process.env.BENCH_STRICT === '1' ? 1 : 0;
