/**
 * Versions side by side (docs/overrides.md §5): 50 versions of the 1,000-market dataset kept at
 * once, each a new vendor build differing from the one before in a few markets (shared with it by
 * `sharingWith`) or an override change on top of it, against one version alone. Target: under
 * 10% more memory. Also what sharing costs per new version, and what one overlay costs to make.
 *
 * Run with --expose-gc (the package's bench script does).
 */
import os from 'node:os';
import { Dataset } from '../dist/index.js';
import { generateTables } from './generate-tables.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const gc = () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
};
const used = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const base = generateTables({ markets: 1000 });
const changedTables = (k) => {
  // A few markets change per version: one holiday added to each of three markets.
  const t = { ...base, holidays: base.holidays.slice() };
  for (let j = 0; j < 3; j++) {
    const m = base.markets[(k * 7 + j * 131) % base.markets.length].fin_id;
    t.holidays.push({
      fin_id: m,
      date: `2029-0${1 + (k % 9)}-1${j}`,
      holiday_name: `Change ${k}`,
      schedule: 'Closed',
      status: 'Closed',
      settlement: 'No',
      observed: false,
      memo: null,
    });
  }
  return t;
};

const before = used();
let current = Dataset.create(base);
// The same answers are asked of the one version as of the 50 below (their caches count alike).
const asked = (ds, k) => ds.status(ds.listMarkets()[k % 1000].fin_id, Date.parse('2025-03-04T15:00:00Z'));
for (let k = 1; k < 50; k++) asked(current, k);
const one = used() - before;

/** A new vendor build, shared with the one before; its own build is dropped once shared. */
function nextVendor(k, previous) {
  const fresh = Dataset.create(changedTables(k));
  const t0 = performance.now();
  const shared = fresh.sharingWith(previous).withOverrides(previous.overrides);
  shareMs.push(performance.now() - t0);
  return shared;
}

const kept = [current];
const shareMs = [];
const overlayMs = [];
for (let k = 1; kept.length < 50; k++) {
  if (k % 2 === 0) {
    // An override change on top of the vendor version served.
    const t0 = performance.now();
    const vendor = current.vendor;
    const target = vendor.listMarkets()[k % 1000].fin_id;
    const records = [
      ...current.overrides,
      {
        id: `ovr_${String(k).padStart(12, '0')}`,
        kind: 'closure',
        target,
        date: '2025-03-04',
        name: 'x',
        open: null,
        close: null,
        reason: 'bench',
        created_at: '2025-01-01T00:00:00Z',
        created_by: 'ops',
        withdrawn_at: null,
        withdrawn_by: null,
        superseded: false,
      },
    ];
    current = current.withOverrides(records);
    overlayMs.push(performance.now() - t0);
  } else {
    current = nextVendor(k, current);
  }
  // Answers have been asked of every version (what a server keeps computing for each).
  asked(current, k);
  kept.push(current);
}
const fifty = used() - before;
const rows = [
  ['one version of 1,000 markets', `${(one / 2 ** 20).toFixed(1)} MiB`, ''],
  ['50 versions kept (25 vendor builds sharing, 25 override changes)', `${(fifty / 2 ** 20).toFixed(1)} MiB`, ''],
  ['50 versions ÷ one', `${(fifty / one).toFixed(3)}×`, 'target < 1.10×'],
  ['sharingWith, per new vendor version', `${median(shareMs).toFixed(1)} ms`, ''],
  ['withOverrides, per override change', `${median(overlayMs).toFixed(2)} ms`, ''],
];
console.log(`Node ${process.version}, load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
for (const [name, value, target] of rows) console.log(`${name.padEnd(66)} ${value.padStart(12)}  ${target}`);
void kept.length;
