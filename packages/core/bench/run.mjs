/**
 * Core benchmarks and their targets: build a Dataset from rows (< 1 s), one year of phases for
 * one market (median < 1 ms), status at a random instant (median < 20 µs);
 * a next-bell search across a month-long closure and an offset of 2,500 sessions, each well
 * under 1 ms (the per-market index is built on first use; its build time is reported apart).
 * Change sets: the whole diff of two 1,000-market versions, and the longest slice of its
 * sliced form.
 */
import os from 'node:os';
import { Bench } from 'tinybench';
import { Dataset, diff, diffSteps } from '../dist/index.js';
import { generateTables } from './generate-tables.mjs';
import { barsRows } from './bars.mjs';
import { derivedRows } from './derived.mjs';

// `run.mjs bars` runs the bars case alone (the full run builds 1,000 markets first).
if (process.argv.includes('bars')) {
  for (const [name, value, target] of barsRows())
    console.log(
      `Node ${process.version}, load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores: ${name}  median ` +
        `${value}  ${target}`,
    );
  process.exit(0);
}
// `run.mjs derived` runs the derived-dates and overlap cases alone.
if (process.argv.includes('derived')) {
  for (const [name, value, target] of derivedRows())
    console.log(
      `Node ${process.version}, load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores: ${name}  median ` +
        `${value}  ${target}`,
    );
  process.exit(0);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const tables = generateTables({ markets: 1000 });
// A month-long closure (December 2023) on one market, for the next-bell search.
const CLOSURE_MARKET = 'M0004.EX4';
for (let d = 1; d <= 31; d++) {
  const date = `2023-12-${String(d).padStart(2, '0')}`;
  if (!tables.holidays.some((h) => h.fin_id === CLOSURE_MARKET && h.date === date)) {
    tables.holidays.push({
      fin_id: CLOSURE_MARKET,
      date,
      holiday_name: 'Closure',
      schedule: 'Closed',
      status: 'Closed',
      settlement: 'No',
      observed: false,
      memo: null,
    });
  }
}
console.log(
  `machine: ${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
    `Node ${process.version}`,
);
console.log(
  `dataset: ${tables.markets.length} markets, ${tables.holidays.length} holidays, ${tables.schedules.length} ` +
    `schedule rows`,
);

const buildTimes = [];
let ds;
for (let i = 0; i < 7; i++) {
  globalThis.gc?.();
  const t0 = performance.now();
  ds = Dataset.create(tables);
  buildTimes.push(performance.now() - t0);
}

let seed = 7;
const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const markets = ds.listMarkets().map((m) => m.fin_id);
const from = Date.parse('2002-01-01T00:00:00Z');
const span = Date.parse('2030-06-01T00:00:00Z') - from;

// First use of a market builds its session index (30 years): time that on 20 fresh markets,
// and what 20 indexes cost in memory (heap and typed-array buffers).
const indexTimes = [];
// Warm the shared time-zone caches first, so that only the indexes are counted.
for (let i = 100; i < 120; i++) ds.status(markets[i], Date.parse('2020-06-01T12:00:00Z'));
globalThis.gc?.();
const memUsed = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const heapBefore = memUsed();
for (let i = 100; i < 120; i++) {
  const t0 = performance.now();
  ds.sessionCount(markets[i], '2002-01-01', '2002-01-31');
  indexTimes.push(performance.now() - t0);
}
globalThis.gc?.();
const indexBytes = (memUsed() - heapBefore) / 20;

const closureT = Date.parse('2023-11-30T23:00:00Z');
const closureBell = ds.nextBell(CLOSURE_MARKET, closureT);
const offsetStart = ds.sessionOffset('M0001.EX1', '2002-01-07', 0, 'next').session;
const offsetResult = ds.sessionOffset('M0001.EX1', offsetStart, 2500);
console.log(
  `next open of ${CLOSURE_MARKET} after ${new Date(closureT).toISOString()}: ${closureBell.at} (${closureBell.date})`,
);
console.log(`2,500 sessions after ${offsetStart} on M0001.EX1: ${offsetResult.session}`);

const bench = new Bench({ time: 2000, warmupTime: 500 });
bench
  .add('phases: one year, one market (US-style with auctions)', () => {
    ds.generatePhases('M0000.EX0', '2023-01-01', '2023-12-31');
  })
  .add('phases: one year, overnight market', () => {
    ds.generatePhases('M0002.EX2', '2023-01-01', '2023-12-31');
  })
  .add('status: random market, random instant', () => {
    ds.status(markets[Math.floor(rand() * markets.length)], from + Math.floor(rand() * span));
  })
  // What a server sends: the JSON bytes (dataset.parsed skips the library's copy of them).
  .add('status as JSON bytes: random market, random instant', () => {
    ds.parsed.statusJson(markets[Math.floor(rand() * markets.length)], from + Math.floor(rand() * span));
  })
  .add('days: one month, one market', () => {
    ds.listDays('M0001.EX1', '2023-03-01', '2023-03-31');
  })
  .add('holidays: ten years, one market', () => {
    ds.listHolidays('M0003.EX3', '2010-01-01', '2019-12-31');
  })
  .add('nextBell: open, across a month-long closure', () => {
    ds.nextBell(CLOSURE_MARKET, closureT, 'open');
  })
  .add('sessionOffset: 2,500 sessions', () => {
    ds.sessionOffset('M0001.EX1', offsetStart, 2500);
  })
  .add('sessionCount: thirty years', () => {
    ds.sessionCount('M0002.EX2', '2001-01-01', '2030-12-25');
  })
  .add('sessions: one month, lunch-break market', () => {
    ds.sessions('M0000.EX0', '2023-03-01', '2023-03-31');
  })
  .add('markets: subset of 30 stars and # (1,000 markets)', () => {
    ds.listMarkets(`${'*'.repeat(30)}#`);
  })
  .add('markets: subset of 256 chars (*a)… (1,000 markets)', () => {
    ds.listMarkets('*a'.repeat(128));
  });
await bench.run();

// Change sets on a swap: the same 1,000 markets rebuilt (no change), and with about 50 edits
// to markets, holidays, schedule rows and a phase type. The sliced form's longest slice is
// what a server's answers may wait behind while it diffs.
const edited = {
  ...tables,
  markets: tables.markets.slice(),
  holidays: tables.holidays.slice(),
  schedules: tables.schedules.slice(),
  phaseTypes: tables.phaseTypes.slice(),
};
for (let k = 0; k < 20; k++)
  edited.holidays[k * 14_000 + 7] = { ...edited.holidays[k * 14_000 + 7], holiday_name: 'Renamed' };
for (let k = 0; k < 10; k++)
  edited.holidays.push({
    fin_id: markets[k * 97],
    date: '2024-02-29',
    holiday_name: 'Added',
    schedule: 'Closed',
    status: 'Closed',
    settlement: 'No',
    observed: false,
    memo: null,
  });
edited.holidays = edited.holidays.filter((h, i) => i % 29_999 !== 1 || i === 0);
for (let k = 0; k < 5; k++) edited.schedules[k * 2_000 + 3] = { ...edited.schedules[k * 2_000 + 3], end: '16:05' };
for (let k = 0; k < 4; k++) edited.markets[k * 250] = { ...edited.markets[k * 250], memo: 'edited' };
edited.phaseTypes[1] = { ...edited.phaseTypes[1], closing_price: 'Yes' };
const rebuilt = Dataset.create(tables);
const changed = Dataset.create(edited);
const loadedAt = Date.parse('2024-02-15T12:00:00Z');
const diffRows = [];
for (const [label, after] of [
  ['none', rebuilt],
  ['~50 edits', changed],
]) {
  const whole = [];
  const longest = [];
  const p99 = [];
  const typical = [];
  let result;
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    result = diff(ds, after, { loadedAt });
    whole.push(performance.now() - t0);
    const steps = diffSteps(ds, after, { loadedAt });
    const slices = [];
    for (;;) {
      const s0 = performance.now();
      const r = steps.next();
      slices.push(performance.now() - s0);
      if (r.done) break;
    }
    slices.sort((x, y) => x - y);
    longest.push(slices[slices.length - 1]);
    p99.push(slices[Math.floor(slices.length * 0.99)]);
    typical.push(median(slices));
  }
  const n = result ? result.changes.length : 0;
  diffRows.push([
    `diff, 1,000 markets, ${label} (${n} changes)`,
    `${median(whole).toFixed(1)} ms`,
    `slices: median ${median(typical).toFixed(3)} ms, p99 ${median(p99).toFixed(2)} ms, longest ` +
      `${median(longest).toFixed(2)} ms`,
  ]);
}

const rows = [
  ['Dataset.create (1,000 markets × 30 y)', `${median(buildTimes).toFixed(1)} ms`, 'target < 1000 ms'],
  [
    'session index, first use of a market (30 y)',
    `${median(indexTimes).toFixed(2)} ms`,
    `~${(indexBytes / 1024).toFixed(0)} KiB each`,
  ],
];
const targets = {
  0: 'target < 1 ms',
  1: 'target < 1 ms',
  2: 'target < 20 µs',
  3: 'target < 20 µs',
  6: 'target < 1 ms',
  7: 'target < 1 ms',
  10: 'linear, no backtracking',
  11: 'longest pattern accepted',
};
bench.tasks.forEach((t, i) => {
  const r = t.result;
  const med = r.latency?.p50 ?? r.p50;
  rows.push([t.name, med < 1 ? `${(med * 1000).toFixed(2)} µs` : `${med.toFixed(3)} ms`, targets[i] ?? '']);
});
rows.push(...diffRows);
rows.push(...barsRows());
rows.push(...derivedRows());
const w = Math.max(...rows.map((r) => r[0].length));
console.log('\nmedian figures');
for (const [name, value, target] of rows) console.log(`  ${name.padEnd(w)}  ${value.padStart(11)}  ${target}`);
