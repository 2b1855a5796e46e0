// The answers of derived dates, overlap, whole-session bars and clock changes, recorded so that
// two builds can be compared byte for byte: a change meant to be only faster must answer the
// same status, type and bytes to every request.
//
//   node bench/same-answers.mjs OUT.json             records the answers of the built server
//   node bench/same-answers.mjs OUT.json BEFORE.json records them and compares with BEFORE
//
// The requests (SAME_COUNT, default 3,000) are drawn from a seeded generator (SAME_SEED), so both
// builds are asked the same list: calendars of one to three markets and currencies joined by `+`
// or `~`, every rule, roll and month filter, offsets; two to five markets' overlap, both phases;
// 1d/1w/1mo bars; clock changes; JSON and CSV; a few out of coverage or refused. The server runs
// with the answer cache off (every answer computed), and the list is asked twice: the second pass
// meets whatever the first left in core's own caches. Exits 1 when an answer differs.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { startServer, stopChild } from './ceiling.mjs';

const [out, before] = process.argv.slice(2);
if (!out) {
  console.error('usage: node bench/same-answers.mjs OUT.json [BEFORE.json]');
  process.exit(2);
}
const count = Number(process.env.SAME_COUNT ?? 3000);
let seed = Number(process.env.SAME_SEED ?? 20261126) >>> 0;

/** mulberry32: small, seeded, the same on every machine. */
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (xs) => xs[int(0, xs.length - 1)];
const pad = (n) => String(n).padStart(2, '0');
const DAY = 86_400_000;
const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const month = (m) => `${Math.floor(m / 12)}-${pad((m % 12) + 1)}`;

const MARKETS = ['XNYS', 'XLON', 'XETR', 'XTKS', 'XHKG', 'XASX', 'BVMF', 'XNAS', 'US.CME.EQUITY.USINDEX1'];
MARKETS.push('US.CME.AGRI.GRAINS', 'CN.SGE', 'SA.TADAWUL', 'AE.ADX', 'AR.BYMA');
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'AUD', 'CAD', 'HKD', 'CNY', 'BRL'];
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const ROLLS = ['following', 'preceding', 'modified_following', 'modified_preceding', 'unadjusted'];
const csv = () => (random() < 0.1 ? '&format=csv' : '');

function calendar() {
  const n = int(1, 3);
  const members = [];
  for (let i = 0; i < n; i++) members.push(random() < 0.7 ? pick(MARKETS) : pick(CURRENCIES));
  return members.join(random() < 0.75 ? '+' : '~');
}

function rule() {
  const r = random();
  if (r < 0.35) return `nth-weekday:${pick([1, 2, 3, 4, 5, -1, -2, -5])}:${pick(WEEKDAYS)}`;
  if (r < 0.45) return 'imm';
  if (r < 0.6) return `day:${int(1, 31)}`;
  if (r < 0.75) return `business-day:${pick([1, 2, 3, 5, 10, 20, 23, -1, -2, -3, -10, -23])}`;
  return pick(['first-business-day', 'last-business-day']);
}

function dates() {
  // The sample's calendars cover about 2000 to 2030: long ranges start near 2000, some run out.
  const long = random() < 0.3;
  const start = long ? int(2000 * 12, 2001 * 12) : int(2000 * 12, 2030 * 12);
  const span = long ? int(300, 365) : int(0, 36);
  const cal = encodeURIComponent(calendar());
  let q = `/calendars/${cal}/dates?rule=${rule()}&start=${month(start)}&end=${month(start + span)}`;
  if (random() < 0.2) q += `&months=${[...new Set([int(1, 12), int(1, 12), int(1, 12)])].join(',')}`;
  if (random() < 0.6) q += `&roll=${pick(ROLLS)}`;
  if (random() < 0.6) q += `&offset=${int(-30, 30)}`;
  return q + csv();
}

function overlap() {
  const n = int(2, 5);
  const ms = [];
  for (let i = 0; i < n; i++) ms.push(pick(MARKETS));
  const start = Date.UTC(int(2000, 2030), 0, 1) + int(0, 364) * DAY;
  const span = random() < 0.4 ? int(300, 800) : int(0, 40);
  const phase = random() < 0.3 ? `&phase=${pick(['primary', 'open'])}` : '';
  return `/overlap?markets=${ms.join(',')}&start=${day(start)}&end=${day(start + span * DAY)}${phase}${csv()}`;
}

function bars() {
  const start = Date.UTC(int(2000, 2029), 0, 1) + int(0, 364) * DAY;
  const span = int(0, 800);
  const market = pick(MARKETS);
  const period = pick(['1d', '1w', '1mo']);
  return `/markets/${market}/bars?start=${day(start)}&end=${day(start + span * DAY)}&period=${period}${csv()}`;
}

function clockChanges() {
  const start = Date.UTC(int(1900, 2040), 0, 1) + int(0, 364) * DAY;
  return `/markets/${pick(MARKETS)}/clock-changes?start=${day(start)}&end=${day(start + int(0, 4000) * DAY)}${csv()}`;
}

const paths = [];
for (let i = 0; i < count; i++) {
  const r = random();
  paths.push(r < 0.45 ? dates() : r < 0.8 ? overlap() : r < 0.92 ? bars() : clockChanges());
}

const server = await startServer({ BENCH_LOG_LEVEL: 'warn', BENCH_CACHE_BYTES: '0' });
const answers = {};
const statuses = {};
for (const pass of [1, 2]) {
  for (const path of paths) {
    const res = await fetch(`${server.url}${path}`);
    const body = Buffer.from(await res.arrayBuffer());
    const one = `${res.status} ${res.headers.get('content-type')} ${createHash('sha256').update(body).digest('hex')}`;
    if (pass === 1) {
      answers[path] = one;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    } else if (answers[path] !== one) answers[path] += ` | second pass: ${one}`;
  }
}
await stopChild(server.child);
writeFileSync(out, `${JSON.stringify(answers, null, 1)}\n`);
const distinct = Object.keys(answers).length;
console.log(`${paths.length} requests (${distinct} distinct), twice; statuses ${JSON.stringify(statuses)}`);

let differ = Object.entries(answers).filter(([, a]) => a.includes('second pass')).length;
if (differ > 0) console.log(`${differ} answers differ between the two passes`);
if (before) {
  const old = JSON.parse(readFileSync(before, 'utf8'));
  for (const [path, a] of Object.entries(answers)) {
    if (old[path] !== a) {
      if (differ++ < 10) console.log(`differs: ${path}\n  before ${old[path]}\n  now    ${a}`);
    }
  }
  console.log(differ === 0 ? `byte-identical to ${before}` : `${differ} answers differ from ${before}`);
}
process.exitCode = differ === 0 ? 0 : 1;
