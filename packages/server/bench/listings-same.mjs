// The listings' answers before and after a change, byte for byte: the built server of this
// worktree beside another build of it (the tip before the change, copied with its dist folders),
// both on the sample archive with the same overrides, asked the same few thousand listing
// requests (every market and currency, random ranges, filters, CSV and JSON, refusals, `as_of`
// the version before the overrides). Any answer that differs in status, type or body is printed.
//
//   node bench/listings-same.mjs <root of the other build> [requests, default 4000]
//
// The other build's root holds packages/{core,loader,catalog,server}/dist as this repository
// does (with their node_modules links), e.g. a copy taken before building the change.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const other = process.argv[2];
if (!other) {
  console.log('usage: node bench/listings-same.mjs <root of the other build> [requests]');
  process.exit(2);
}
const COUNT = Number(process.argv[3] ?? 4000);
const SECRET = 'listings-same-secret';

/** A deterministic generator (mulberry32): both servers get the same requests, run to run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function serverOf(root, file) {
  const server = await import(pathToFileURL(join(root, 'packages/server/dist/index.js')).href);
  const loader = await import(pathToFileURL(join(root, 'packages/loader/dist/index.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'openbell-same-'));
  const running = await server.createServer({
    port: 0,
    host: '127.0.0.1',
    data: await loader.loadSample(),
    logLevel: 'silent',
    overrideSettings: {
      file,
      tokens: server.parseAdminTokens([`ops=${SECRET}`]),
      versionsFile: join(dir, 'versions.json'),
      watchMs: 0,
    },
  });
  return running;
}

// One override file for both: the same ids and times, so the answers are comparable.
const dir = mkdtempSync(join(tmpdir(), 'openbell-same-'));
const file = join(dir, 'overrides.json');
const at = '2026-01-05T12:00:00.000Z';
const overrides = [
  {
    id: 'ovr_aaaaaaaaaaaa',
    kind: 'closure',
    target: 'US.NYSE',
    date: '2023-11-22',
    name: 'Typhoon',
    reason: 'a test closure',
  },
  {
    id: 'ovr_bbbbbbbbbbbb',
    kind: 'early_close',
    target: 'GB.LSE',
    date: '2023-12-27',
    close: '12:30',
    name: 'Early close',
    reason: 'test',
  },
  { id: 'ovr_cccccccccccc', kind: 'reopen', target: 'US.NYSE', date: '2023-11-23', reason: 'open after all' },
  { id: 'ovr_dddddddddddd', kind: 'closure', target: 'USD', date: '2023-06-14', name: 'A closure', reason: 'test' },
];
writeFileSync(
  file,
  JSON.stringify({
    overrides: overrides.map((o) => ({
      created_at: at,
      created_by: 'ops',
      withdrawn_at: null,
      withdrawn_by: null,
      superseded: false,
      ...o,
    })),
  }),
);

const a = await serverOf(resolve(other), file);
const b = await serverOf(resolve(new URL('../../..', import.meta.url).pathname), file);
const urls = [a.url, b.url];

async function get(base, path, accept) {
  const res = await fetch(`${base}${path}`, { headers: accept ? { accept } : {} });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    version: res.headers.get('x-openbell-data-version'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

const markets = JSON.parse((await get(urls[0], '/markets')).body);
const currencies = JSON.parse((await get(urls[0], '/currencies')).body);
const versions = JSON.parse((await get(urls[0], '/versions')).body);
const earliest = versions.at(-1)?.version;
const applied = JSON.parse((await get(urls[0], '/overrides')).body);
console.log(
  `${markets.length} markets, ${currencies.length} currencies, ${applied.length} overrides applied, ` +
    `${versions.length} versions kept`,
);
if (applied.length !== overrides.length)
  throw new Error(`the override file was not taken whole: ${JSON.stringify(applied).slice(0, 300)}`);
const rnd = random(35);
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const day = (from, to) => {
  const ms = Date.UTC(from, 0, 1) + Math.floor(rnd() * (to - from) * 366) * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
};
const range = () => {
  const s = day(1995, 2032);
  const span = pick([0, 1, 6, 30, 90, 364, 365 * 3, 365 * 12]);
  const e = new Date(Date.parse(s) + span * 86_400_000).toISOString().slice(0, 10);
  // Now and then a range that ends before it starts, or a date that does not read.
  const r = rnd();
  if (r < 0.02) return `start=${e}&end=${s}`;
  if (r < 0.03) return `start=${s}&end=2023-02-30`;
  return `start=${s}&end=${e}`;
};
const ids = () => {
  const m = pick(markets);
  return pick([m.fin_id, m.fin_id.toLowerCase(), m.mic ?? m.fin_id, 'ZZZZ', 'XX.NOPE']);
};
const requests = [
  () => `/markets/${ids()}/holidays?${range()}`,
  () => `/markets/${ids()}/holidays?${range()}`,
  () => `/currencies/${pick([...currencies.map((c) => c.currency_code), 'usd', 'XXX'])}/holidays?${range()}`,
  () =>
    `/markets${pick(['', '?subset=*', '?subset=US*', '?subset=*.*', '?subset=us.nyse', '?subset=Q*', '?subset=*A*'])}`,
  () => '/currencies',
  () => `/markets/${ids()}/schedules`,
  () =>
    `/mic-mapping${pick(['', '?mic=XNYS', '?mic=xlon', '?fin_id=US.NYSE', '?mic=ZZZZ', '?mic=XNYS&fin_id=GB.LSE'])}`,
  () => '/phase-types',
  () => `/season-definitions${pick(['', '?year=2024', '?season=second%20sunday%20of%20march', '?year=1999'])}`,
  () => `/regional-holidays?calendar=${pick(['US', 'gb', 'christian', 'ZZ', 'DE'])}&${range()}`,
];
let differ = 0;
let asked = 0;
const statuses = new Map();
for (let i = 0; i < COUNT; i++) {
  let path = pick(requests)();
  let accept;
  const r = rnd();
  if (r < 0.15) path += `${path.includes('?') ? '&' : '?'}format=csv`;
  else if (r < 0.2) accept = 'text/csv';
  else if (r < 0.25 && earliest) path += `${path.includes('?') ? '&' : '?'}as_of=${earliest}`;
  const [x, y] = await Promise.all(urls.map((u) => get(u, path, accept)));
  asked++;
  statuses.set(x.status, (statuses.get(x.status) ?? 0) + 1);
  if (x.status !== y.status || x.type !== y.type || x.version !== y.version || !x.body.equals(y.body)) {
    differ++;
    if (differ <= 10)
      console.log(
        `DIFFERS ${path}${accept ? ` (Accept: ${accept})` : ''}\n  before ${x.status} ${x.body.subarray(0, 300)}\n  after  ${y.status} ${y.body.subarray(0, 300)}`,
      );
  }
}
console.log(
  `${asked} listing requests, ${differ} answers differ; statuses ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`,
);
for (const s of [a, b]) {
  s.server.closeAllConnections();
  await s.close();
}
process.exitCode = differ === 0 ? 0 : 1;
