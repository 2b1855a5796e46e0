// The answers of two builds, byte for byte: the built server of this worktree beside another
// build of it (the tip before a change, copied with its dist folders), both on the sample archive
// with the same overrides, asked the same few thousand requests: the listings (every market and
// currency, random ranges, filters, refusals, `as_of` the version before the overrides), derived
// dates (every rule form, rolls, offsets, month filters, calendars of one to three members joined
// by `+` or `~`) and overlap (two to five markets, both phases), each as JSON or CSV. Any answer
// that differs in status, type, data version or body is printed. One request in five is asked
// again with the If-None-Match of its own server's answer (both must answer 304 when the first
// had an ETag) and with a made-up ETag (both must answer in full).
//
//   node bench/listings-same.mjs <root of the other build> [requests, default 4000]
//
// SAME_CACHE_BYTES sets both servers' answer cache (default: on, as `serve` runs; 0 turns it off
// so every answer is computed). The other build's root holds packages/{core,loader,catalog,server}/dist
// as this repository does (with their node_modules links), e.g. a copy taken before building the change.
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
    ...(process.env.SAME_CACHE_BYTES ? { cacheBytes: Number(process.env.SAME_CACHE_BYTES) } : {}),
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

async function get(base, path, accept, ifNoneMatch) {
  const headers = {};
  if (accept) headers.accept = accept;
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  const res = await fetch(`${base}${path}`, { headers });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    version: res.headers.get('x-openbell-data-version'),
    etag: res.headers.get('etag'),
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
  () => dates(),
  () => dates(),
  () => overlap(),
];

// Derived dates and overlap, as bench/same-answers.mjs draws them.
const MEMBERS = ['XNYS', 'XLON', 'XETR', 'XTKS', 'XHKG', 'BVMF', 'US.CME.EQUITY.USINDEX1', 'CN.SGE', 'AE.ADX'];
const CODES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'BRL', 'xxx'];
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const monthOf = (m) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
function dates() {
  const members = Array.from({ length: int(1, 3) }, () => (rnd() < 0.7 ? pick(MEMBERS) : pick(CODES)));
  const cal = encodeURIComponent(members.join(rnd() < 0.75 ? '+' : '~'));
  const rule = pick([
    () => `nth-weekday:${pick([1, 2, 3, 4, 5, -1, -2, -5])}:${pick(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])}`,
    () => 'imm',
    () => `day:${int(1, 31)}`,
    () => `business-day:${pick([1, 2, 3, 10, 23, -1, -2, -10, -23])}`,
    () => pick(['first-business-day', 'last-business-day', 'nth-weekday:0:mon', 'day:32']),
  ])();
  const long = rnd() < 0.3;
  const start = long ? int(2000 * 12, 2001 * 12) : int(1999 * 12, 2031 * 12);
  const end = start + (long ? int(300, 380) : int(-1, 36));
  let q = `/calendars/${cal}/dates?rule=${rule}&start=${monthOf(start)}&end=${monthOf(end)}`;
  if (rnd() < 0.2) q += `&months=${[...new Set([int(1, 12), int(1, 12), int(1, 12)])].join(',')}`;
  if (rnd() < 0.6)
    q += `&roll=${pick(['following', 'preceding', 'modified_following', 'modified_preceding', 'unadjusted'])}`;
  if (rnd() < 0.6) q += `&offset=${int(-30, 30)}`;
  return q;
}
function overlap() {
  const ms = Array.from({ length: int(2, 5) }, () => pick(MEMBERS));
  const s = day(1999, 2031);
  const span = rnd() < 0.4 ? int(300, 800) : int(-1, 40);
  const e = new Date(Date.parse(s) + span * 86_400_000).toISOString().slice(0, 10);
  const phase = rnd() < 0.3 ? `&phase=${pick(['primary', 'open', 'closed'])}` : '';
  return `/overlap?markets=${ms.join(',')}&start=${s}&end=${e}${phase}`;
}
let differ = 0;
let asked = 0;
let conditional = 0;
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
        `DIFFERS ${path}${accept ? ` (Accept: ${accept})` : ''}\n` +
          `  before ${x.status} ${x.body.subarray(0, 300)}\n  after  ${y.status} ${y.body.subarray(0, 300)}`,
      );
  }
  // Now and then the same request, conditional: on its own server's ETag, then a made-up one.
  if (rnd() < 0.2 && (x.etag !== null) === (y.etag !== null)) {
    for (const made of [false, true]) {
      const [cx, cy] = await Promise.all(
        urls.map((u, i) => get(u, path, accept, made ? 'W/"made-up"' : ([x, y][i].etag ?? 'W/"none"'))),
      );
      conditional++;
      const want = !made && x.etag !== null && x.status === 200 ? 304 : x.status;
      if (cx.status !== want || cy.status !== want || !cx.body.equals(cy.body)) {
        differ++;
        if (differ <= 10)
          console.log(
            `DIFFERS conditional (${made ? 'made-up' : 'own'} ETag) ${path}: ${cx.status} / ${cy.status}, want ${want}`,
          );
      }
    }
  }
}
console.log(
  `${asked} requests (listings, dates, overlap) and ${conditional} conditional ones, ${differ} answers differ; ` +
    `statuses ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`,
);
for (const s of [a, b]) {
  s.server.closeAllConnections();
  await s.close();
}
process.exitCode = differ === 0 ? 0 : 1;
