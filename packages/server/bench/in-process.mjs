// The JavaScript share of a request, without the kernel: the built server's request handler
// called in this process on requests whose socket discards what is written, against a bare
// node:http handler sending a constant body the same way. CPU per request is the best of
// several rounds of `count` requests (process.cpuUsage), which shrugs off other processes far
// better than a load over sockets on a shared machine; it says where the server's own time
// goes, not what a client sees. ROOT names another build of the repository (its dist folders)
// to measure instead of this one, BEFORE one to measure beside it in the same rounds (e.g. a
// copy of the tip before a change). LOG is the log level (default info; the access log goes to
// this process's stdout).
//
//   node bench/in-process.mjs [kinds, default all] [count, default 2000] [rounds, default 12] > /dev/null
import { answerInProcess, DiscardingSocket } from './in-process-request.mjs';

const root = process.env.ROOT ?? new URL('../../..', import.meta.url).pathname;

/** The request handler of the server built at `root`, on the sample data, answer cache off. */
async function handlerOf(at) {
  const { createServer } = await import(`${at}/packages/server/dist/index.js`);
  const { loadSample } = await import(`${at}/packages/loader/dist/index.js`);
  const running = await createServer({
    data: await loadSample(),
    port: 0,
    host: '127.0.0.1',
    logLevel: process.env.LOG ?? 'info',
    cacheBytes: 0,
  });
  return { running, handler: running.server.listeners('request')[0] };
}

// BEFORE names another build (e.g. the tip before a change): its handler runs in the same
// rounds, alternating with this one's, so both see the same machine.
const builds = { this: await handlerOf(root) };
if (process.env.BEFORE) builds.before = await handlerOf(process.env.BEFORE);
const body = Buffer.alloc(2492, 97);
const bare = (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
};

const DAY = 86_400_000;
const FIRST = Date.parse('2001-01-01');
const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
const year = (prefix) => (n) =>
  `${prefix}/holidays?start=${iso(FIRST + (n % 10_000) * DAY)}&end=${iso(FIRST + ((n % 10_000) + 364) * DAY)}`;
/** Each kind's n-th URL: a new one every request (the answer cache is off besides). */
const kinds = {
  hol: year('/markets/US.NYSE'),
  cur: year('/currencies/USD'),
  mkts: (n) => `/markets?n=${n}`,
  us: (n) => `/markets?subset=US*&n=${n}`,
  cur2: (n) => `/currencies?n=${n}`,
  sch: (n) => `/markets/US.NYSE/schedules?n=${n}`,
  mic: (n) => `/mic-mapping?n=${n}`,
  // The derived dates and overlap of bench/goals.mjs: 30 years of a monthly rule on a
  // three-member calendar, a year of four markets' overlap.
  dates: (n) => {
    const k = n % 5760;
    const rule = `nth-weekday:${1 + (k % 4)}:${['mon', 'tue', 'wed', 'thu', 'fri'][k % 5]}`;
    const start = 2000 * 12 + 4 + (Math.floor(k / 20) % 6);
    const end = start + 354 + (Math.floor(k / 120) % 6);
    const month = (m) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
    const roll = Math.floor(k / 720) % 2 ? 'modified_following' : 'following';
    const range = `start=${month(start)}&end=${month(end)}&offset=${1 + (Math.floor(k / 1440) % 4)}&roll=${roll}`;
    return `/calendars/XNYS+XLON+XETR/dates?rule=${rule}&${range}`;
  },
  ovl: (n) =>
    '/overlap?markets=XNYS,XLON,XETR,US.CME.EQUITY.USINDEX1' +
    `&start=${iso(FIRST + (n % 9000) * DAY)}&end=${iso(FIRST + ((n % 9000) + 364) * DAY)}`,
  status: (n) =>
    `/markets/US.NYSE/status?datetime_utc=${new Date(FIRST + (n + 1) * 421_000).toISOString().replace('.000Z', 'Z')}`,
};

const socket = new DiscardingSocket();
const one = (fn, url) => answerInProcess(fn, url, socket);

/** CPU per request (µs) of `count` requests, after a warm-up; the loop turns every 100. */
async function run(fn, paths, count) {
  for (let i = 0; i < 3000; i++) one(fn, paths(i + 50_000));
  await new Promise((r) => setImmediate(r));
  const c0 = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    one(fn, paths(i));
    if (i % 100 === 99) await new Promise((r) => setImmediate(r));
  }
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / count;
}

const which = (process.argv[2] ?? Object.keys(kinds).join(',')).split(',');
const count = Number(process.argv[3] ?? 2000);
const best = { bare: Infinity };
for (let r = 0; r < Number(process.argv[4] ?? 12); r++) {
  best.bare = Math.min(best.bare, await run(bare, kinds.hol, count));
  for (const k of which)
    for (const [name, b] of Object.entries(builds)) {
      const key = name === 'this' ? k : `${k} (before)`;
      best[key] = Math.min(best[key] ?? Infinity, await run(b.handler, kinds[k], count));
    }
}
console.error(
  Object.entries(best)
    .map(([k, v]) => `${k} ${v.toFixed(1)} µs (+${(v - best.bare).toFixed(1)})`)
    .join('  '),
);
for (const b of Object.values(builds)) {
  b.running.server.closeAllConnections();
  await b.running.close();
}
process.exit(0);
