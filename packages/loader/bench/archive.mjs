// An in-memory archive shaped like the vendor's, from core's table generator (also used by the
// server's swap benchmark).
import { strToU8, zipSync } from 'fflate';
import { generateTables } from '../../core/bench/generate-tables.mjs';

const HEADERS = {
  markets: [
    'FinID',
    'Exchange Name',
    'Market Name',
    'Security Group',
    'Timezone',
    'Weekend Definition',
    'MIC',
    'Acronym',
    'Asset Type',
    'Memo',
    'Permanently Closed',
    'Replaced By',
  ],
  holidays: ['FinID', 'Date', 'Holiday Name', 'Schedule', 'Settlement', 'Observed', 'Memo', 'Status'],
  schedules: [
    'FinID',
    'Schedule Group',
    'Schedule Group Memo',
    'Timezone',
    'Phase Type',
    'Phase Name',
    'Phase Memo',
    'Days',
    'Start',
    'End',
    'Offset Days',
    'Duration',
    'Min Start',
    'Max Start',
    'Min End',
    'Max End',
    'In Force Start Date',
    'In Force End Date',
    'Season Start',
    'Season End',
  ],
  phaseTypes: ['Name', 'Status', 'Settlement', 'Closing Price'],
  micMapping: ['MIC', 'FinID'],
  seasonDefinitions: ['Season', 'Year', 'Date'],
  currencies: ['Currency Code', 'Currency Name'],
  currencyHolidays: ['Currency Code', 'Date', 'Holiday Name', 'Settlement', 'Observed', 'Memo'],
};
const FILES = {
  markets: 'markets',
  holidays: 'holidays',
  schedules: 'schedules',
  phaseTypes: 'phases',
  micMapping: 'mic-mapping',
  seasonDefinitions: 'season-definitions',
  currencies: 'currencies',
  currencyHolidays: 'currency-holidays',
};
const norm = (h) => {
  const n = h
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
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
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** { zip, tables, rawBytes } for `markets` markets (≥1,000 gives the vendor's scale). */
export function synthesizeArchive(markets = 1000) {
  const tables = generateTables({ markets: markets });
  if (!tables.currencies.length) tables.currencies.push({ currency_code: 'USD', currency_name: 'US Dollar' });
  const files = {};
  let rawBytes = 0;
  for (const [t, headers] of Object.entries(HEADERS)) {
    const data = strToU8(toCsv(tables[t] ?? [], headers));
    rawBytes += data.length;
    files[`csv/${FILES[t]}.csv`] = data;
  }
  const zip = zipSync(files, { level: 6 });
  return { zip, tables, rawBytes };
}
