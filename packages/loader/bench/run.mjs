// Loader benchmark: an in-memory archive shaped like the vendor's (≥1,000 markets × 30 years of
// holidays, ~10 schedule rows per market) → loadFromBytes, 5 runs; prints median and peak RSS.
// Run after `pnpm build` (imports ../dist). Use `node --expose-gc bench/run.mjs` for steadier RSS.
import { strToU8, zipSync } from 'fflate';
import { generateTables } from '../../core/bench/generate-tables.mjs';
import { loadFromBytes } from '../dist/index.js';

const MARKETS = Number(process.argv[2] ?? 1000);

const HEADERS = {
  markets: ['FinID', 'Exchange Name', 'Market Name', 'Security Group', 'Timezone', 'Weekend Definition', 'MIC', 'Acronym', 'Asset Type', 'Memo', 'Permanently Closed', 'Replaced By'],
  holidays: ['FinID', 'Date', 'Holiday Name', 'Schedule', 'Settlement', 'Observed', 'Memo', 'Status'],
  schedules: ['FinID', 'Schedule Group', 'Schedule Group Memo', 'Timezone', 'Phase Type', 'Phase Name', 'Phase Memo', 'Days', 'Start', 'End', 'Offset Days', 'Duration', 'Min Start', 'Max Start', 'Min End', 'Max End', 'In Force Start Date', 'In Force End Date', 'Season Start', 'Season End'],
  phaseTypes: ['Name', 'Status', 'Settlement', 'Closing Price'],
  micMapping: ['MIC', 'FinID'],
  seasonDefinitions: ['Season', 'Year', 'Date'],
  currencies: ['Currency Code', 'Currency Name'],
  currencyHolidays: ['Currency Code', 'Date', 'Holiday Name', 'Settlement', 'Observed', 'Memo'],
};
const FILES = { markets: 'markets', holidays: 'holidays', schedules: 'schedules', phaseTypes: 'phases', micMapping: 'mic-mapping', seasonDefinitions: 'season-definitions', currencies: 'currencies', currencyHolidays: 'currency-holidays' };
const norm = (h) => {
  const n = h.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return n === 'finid' ? 'fin_id' : n;
};
const cell = (v, col) => {
  if (col === 'observed') return v ? 'OBS' : '';
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
function toCsv(rows, headers) {
  const cols = headers.map(norm);
  const lines = [headers.join(',')];
  for (const r of rows) lines.push(cols.map((c) => cell(r[c], c)).join(','));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

const tables = generateTables({ markets: MARKETS });
if (!tables.currencies.length) tables.currencies.push({ currency_code: 'USD', currency_name: 'US Dollar' });
const files = {};
let rawBytes = 0;
for (const [t, headers] of Object.entries(HEADERS)) {
  const data = strToU8(toCsv(tables[t] ?? [], headers));
  rawBytes += data.length;
  files[`csv/${FILES[t]}.csv`] = data;
}
const zip = zipSync(files, { level: 6 });
if (process.env.DUMP) (await import("node:fs")).writeFileSync(process.env.DUMP, zip);
console.log(
  `archive: ${tables.markets.length} markets, ${tables.holidays.length} holidays, ${tables.schedules.length} schedule rows; ` +
    `${(rawBytes / 1048576).toFixed(1)} MiB of CSV, ${(zip.length / 1048576).toFixed(1)} MiB zipped`,
);

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const times = [];
for (let i = 0; i < 5; i++) {
  globalThis.gc?.();
  const t0 = performance.now();
  const data = loadFromBytes(zip, { source: 'bench', kind: 'file', version: null, downloadedAt: null });
  times.push(performance.now() - t0);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (i === 0) console.log(`loaded: plan ${data.meta.plan}, ${data.dataset.counts.markets} markets, ${data.meta.warnings.length} warnings`);
  // Let the sampler run between iterations.
  await new Promise((r) => setTimeout(r, 10));
}
clearInterval(sampler);
const sorted = [...times].sort((a, b) => a - b);
console.log(`loadFromBytes runs (ms): ${times.map((t) => t.toFixed(0)).join(', ')}`);
console.log(`median: ${sorted[2].toFixed(0)} ms (target < 2000 ms); peak RSS: ${(peak / 1048576).toFixed(0)} MiB`);
