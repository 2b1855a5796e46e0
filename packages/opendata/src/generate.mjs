#!/usr/bin/env node
// Generates openbell's sample dataset: a ZIP in the data vendor's bulk format built from public
// facts (trading hours, holiday rules), served when no vendor token is configured.
//
//   node src/generate.mjs [dataDir]   (default: packages/opendata/data)
//
// writes <dataDir>/sample/csv/*.csv and <dataDir>/sample.zip. The output is deterministic.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, eachDay, FIRST_YEAR, LAST_YEAR, weekday, WEEKDAYS, yearOf } from './lib/dates.mjs';
import { currencyTables } from './lib/currencies.mjs';
import { FAMILY_CURRENCIES, MARKET_BUILDERS } from './markets/index.mjs';
import { PHASE_TYPES } from './lib/phases.mjs';
import { regionalHolidayRows } from './lib/regional.mjs';
import { SEASONS, seasonDefinitionRows } from './lib/seasons.mjs';
import { buildZip, renderCsvFiles } from './lib/output.mjs';
import { COVERAGE_FILE, coverageByMarket, coverageJson, ESTABLISHED_COVERAGE, markProjected } from './lib/coverage.mjs';

export { renderCsvFiles, buildZip, toCsv } from './lib/output.mjs';
export { easterSunday } from './lib/dates.mjs';
export { nyseEvents } from './markets/us.mjs';
export { lunarDate } from './lib/lunar.mjs';
export { DRAGON_BOAT, MID_AUTUMN, SPRING_FESTIVAL, usualArrangement } from './markets/china.mjs';
export { STATE_COUNCIL } from './markets/china-notices.mjs';

const byKey =
  (...keys) =>
  (a, b) => {
    for (const k of keys) {
      const x = String(a[k]);
      const y = String(b[k]);
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

/**
 * The open dataset: every table as arrays of rows keyed by the bulk file's column names, and
 * each market's coverage (the last date its exchange's published notices cover, and the
 * sources its rules follow).
 */
export function buildOpenData() {
  const markets = [];
  const holidays = [];
  const schedules = [];
  const mic = [];
  const coverage = [...ESTABLISHED_COVERAGE];
  for (const build of MARKET_BUILDERS) {
    const part = build();
    coverage.push(...(part.coverage ?? []));
    markets.push(...part.markets);
    holidays.push(...part.holidays);
    schedules.push(...part.schedules);
    mic.push(...part.mic);
  }
  const { currencies, holidays: currencyHolidays } = currencyTables(FAMILY_CURRENCIES);
  const tables = {
    markets: markets.sort(byKey('FinID')),
    holidays: holidays.sort(byKey('FinID', 'Date')),
    // Stable sort: rows keep the order each market module wrote them in.
    schedules: schedules.sort(byKey('FinID')),
    phases: PHASE_TYPES,
    micMapping: mic.map(([MIC, FinID]) => ({ MIC, FinID })).sort(byKey('MIC', 'FinID')),
    seasonDefinitions: seasonDefinitionRows(),
    currencies,
    currencyHolidays,
    regionalHolidays: regionalHolidayRows(),
  };
  openWindows(tables);
  const byMarket = coverageByMarket(coverage, tables.markets);
  markProjected(tables.holidays, byMarket);
  validate(tables);
  return { tables, coverage: byMarket };
}

/**
 * A market's coverage window runs from its first holiday row to its last (docs/bulk-format.md),
 * and most rules list weekday closures only, so a market whose first row is, say, Good Friday
 * 2000 would refuse every question about January to April 2000. Each market whose rows start
 * later gets one closed row on the last day on or before 1 January 2000 on which it does not
 * trade (1 January 2000 was a Saturday), named for New Year's Day where the market keeps it.
 */
function openWindows(tables) {
  const first = `${FIRST_YEAR}-01-01`;
  for (const m of tables.markets) {
    const own = tables.holidays.filter((h) => h.FinID === m.FinID);
    if (own.some((h) => h.Date <= first)) continue;
    const regular = tables.schedules.filter(
      (r) =>
        r.FinID === m.FinID && r['Schedule Group'].toLowerCase() === 'regular' && r['Phase Type'].startsWith('Primary'),
    );
    const trades = (date) =>
      regular.some(
        (r) =>
          (!r['In Force Start Date'] || r['In Force Start Date'] <= date) &&
          (!r['In Force End Date'] || date <= r['In Force End Date']) &&
          parseDays(r.Days).has(weekday(date)),
      );
    let day = first;
    while (trades(day)) day = addDays(day, -1);
    const keepsNewYear = own.some((h) => h.Date.endsWith('-01-01') && /new year/i.test(h['Holiday Name']));
    tables.holidays.push({
      FinID: m.FinID,
      Date: day,
      'Holiday Name': day === first && keepsNewYear ? "New Year's Day" : 'Weekend',
      Schedule: 'Closed',
      Settlement: 'No',
      Observed: '',
      Memo: `Not a trading day; listed so the coverage window opens on ${first}`,
      Status: 'Closed',
    });
  }
  tables.holidays.sort(byKey('FinID', 'Date'));
}

/** Every table of the open dataset (buildOpenData without its coverage). */
export function buildTables() {
  return buildOpenData().tables;
}

const DAY_RE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)(-(Mon|Tue|Wed|Thu|Fri|Sat|Sun))?$/;

/** Weekday numbers (0 = Sunday) named by a Days cell such as `Sun-Thu` or `Mon,Wed`. */
export function parseDays(days) {
  const out = new Set();
  for (const part of days.split(',').map((p) => p.trim())) {
    const m = DAY_RE.exec(part);
    if (!m) throw new Error(`bad Days value ${JSON.stringify(days)}`);
    const from = WEEKDAYS.indexOf(m[1]);
    const to = m[3] ? WEEKDAYS.indexOf(m[3]) : from;
    for (let d = from; ; d = (d + 1) % 7) {
      out.add(d);
      if (d === to) break;
    }
  }
  return out;
}

function seasonApplies(row, date) {
  if (!row['Season Start'] || !row['Season End']) return true;
  const y = yearOf(date);
  const start = SEASONS[row['Season Start']](y);
  const end = SEASONS[row['Season End']](y);
  return end < start ? date <= end || date >= start : start <= date && date <= end;
}

/**
 * Consistency checks the engine relies on; the generator refuses to write data that fails
 * them, so a rule change that breaks the sample shows up at generation time.
 */
export function validate(tables) {
  const fail = (msg) => {
    throw new Error(`sample data: ${msg}`);
  };
  const phaseNames = new Set(tables.phases.map((p) => p.Name));
  const seasonKeys = new Set(tables.seasonDefinitions.map((s) => `${s.Season.toLowerCase()}|${s.Year}`));
  const finIds = new Set(tables.markets.map((m) => m.FinID));
  const mapped = new Set(tables.micMapping.map((m) => m.FinID));
  for (const m of tables.markets) {
    if (!m.Timezone) fail(`${m.FinID} has no timezone`);
    if (!mapped.has(m.FinID)) fail(`${m.FinID} has no MIC mapping`);
    if (m['Replaced By'] && !finIds.has(m['Replaced By'])) fail(`${m.FinID} replaced by unknown market`);
  }
  for (const r of tables.micMapping) if (!finIds.has(r.FinID)) fail(`MIC ${r.MIC} maps to unknown ${r.FinID}`);

  const schedulesOf = new Map();
  for (const r of tables.schedules) {
    if (!finIds.has(r.FinID)) fail(`schedule of unknown market ${r.FinID}`);
    if (!phaseNames.has(r['Phase Type'])) fail(`${r.FinID}: phase type ${r['Phase Type']} not in phases`);
    parseDays(r.Days);
    for (const side of ['Season Start', 'Season End']) {
      if (!r[side]) continue;
      for (let y = FIRST_YEAR; y <= LAST_YEAR; y++) {
        if (!seasonKeys.has(`${r[side].toLowerCase()}|${y}`)) fail(`season ${r[side]} has no definition for ${y}`);
      }
    }
    const key = `${r.FinID}|${r['Schedule Group'].toLowerCase()}`;
    if (!schedulesOf.has(key)) schedulesOf.set(key, []);
    schedulesOf.get(key).push(r);
  }

  // The seasons used by one group must cover each day of the year exactly once.
  for (const [key, rows] of schedulesOf) {
    const pairs = [
      ...new Set(rows.filter((r) => r['Season Start']).map((r) => `${r['Season Start']}|${r['Season End']}`)),
    ];
    if (pairs.length === 0) continue;
    for (const day of eachDay(`${FIRST_YEAR}-01-01`, `${LAST_YEAR}-12-31`)) {
      const n = pairs.filter((p) => {
        const [s, e] = p.split('|');
        return seasonApplies({ 'Season Start': s, 'Season End': e }, day);
      }).length;
      if (n !== 1) fail(`${key}: ${n} seasons apply on ${day}`);
    }
  }

  const span = new Map();
  for (const h of tables.holidays) {
    if (!finIds.has(h.FinID)) fail(`holiday of unknown market ${h.FinID}`);
    const s = span.get(h.FinID) ?? { min: h.Date, max: h.Date };
    // Dates are compared as ISO text (Math.min would read them as NaN).
    // biome-ignore lint/complexity/useMathMinMax: strings, not numbers
    span.set(h.FinID, { min: h.Date < s.min ? h.Date : s.min, max: h.Date > s.max ? h.Date : s.max });
    if (!['Open', 'Closed'].includes(h.Status) || !['Yes', 'No'].includes(h.Settlement))
      fail(`${h.FinID} ${h.Date}: bad status`);
    if (h.Schedule === 'Closed') {
      if (h.Status !== 'Closed') fail(`${h.FinID} ${h.Date}: schedule Closed but status ${h.Status}`);
      continue;
    }
    const rows = schedulesOf.get(`${h.FinID}|${h.Schedule.toLowerCase()}`);
    if (!rows) fail(`${h.FinID} ${h.Date}: no schedule rows for group ${h.Schedule}`);
    // A group may legitimately start nothing on some weekdays (an overnight market halting on
    // a Friday holiday only finishes the session that began the day before), but a weekend
    // make-up day must find weekday rows to fall back on.
    if (h.Schedule === 'Regular' && h.Status === 'Open' && rows.length === 0)
      fail(`${h.FinID} ${h.Date}: nothing to fall back on`);
  }
  for (const m of tables.markets) {
    const s = span.get(m.FinID);
    // The window opens on 1 January of the first year at the latest (openWindows).
    if (!s || s.min > `${FIRST_YEAR}-01-01` || yearOf(s.max) !== LAST_YEAR)
      fail(`${m.FinID} holidays do not span ${FIRST_YEAR}-01-01 to ${LAST_YEAR}`);
  }
}

/** Writes <dataDir>/sample/csv/*.csv and <dataDir>/sample.zip; returns the file texts. */
export function writeSample(dataDir) {
  const { tables, coverage } = buildOpenData();
  const files = renderCsvFiles(tables);
  const coverageText = coverageJson(coverage);
  const csvDir = join(dataDir, 'sample', 'csv');
  mkdirSync(csvDir, { recursive: true });
  // Drop tables a previous version wrote but this one no longer does.
  for (const old of readdirSync(csvDir)) if (old.endsWith('.csv') && !(old in files)) rmSync(join(csvDir, old));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(csvDir, name), text);
  writeFileSync(join(dataDir, 'sample', COVERAGE_FILE), coverageText);
  writeFileSync(join(dataDir, 'sample.zip'), buildZip(files, coverageText));
  return files;
}

const MARKERS = ['<!-- markets:start (written by packages/opendata/src/generate.mjs) -->', '<!-- markets:end -->'];

/** The markets table of docs/open-data.md: each market, its MICs, confirmed-through date and sources. */
export function marketsTable({ tables, coverage }) {
  const cell = (s) => String(s).replaceAll('|', '\\|');
  const rows = [['MIC', 'FinID', 'exchange, market', 'confirmed through', 'sources']];
  for (const m of tables.markets) {
    const mics = tables.micMapping.filter((r) => r.FinID === m.FinID).map((r) => r.MIC);
    const c = coverage.get(m.FinID);
    const sources = c.sources.map((s) => `[${cell(s.title)}](${s.url})`).join('; ');
    rows.push([
      mics.join(', '),
      m.FinID,
      `${cell(m['Exchange Name'])}, ${cell(m['Market Name'])}`,
      c.confirmedThrough,
      sources,
    ]);
  }
  // Columns padded to their widest cell, as the repository's formatter lays tables out.
  const width = rows[0].map((_, i) => Math.max(3, ...rows.map((r) => [...r[i]].length)));
  const line = (r) => `| ${r.map((c, i) => c + ' '.repeat(width[i] - [...c].length)).join(' | ')} |`;
  return [line(rows[0]), `| ${width.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

/** `page` with its markets table replaced by this build's; throws when the markers are missing. */
export function withMarketsTable(page, data) {
  const [start, end] = MARKERS;
  const a = page.indexOf(start);
  const b = page.indexOf(end);
  if (a < 0 || b < a) throw new Error(`the page has no ${start} … ${end} block`);
  return `${page.slice(0, a + start.length)}\n\n${marketsTable(data)}\n\n${page.slice(b)}`;
}

const here = dirname(fileURLToPath(import.meta.url));
/** The dataset's page, whose markets table the generator keeps current. */
export const PAGE = join(here, '..', '..', '..', 'docs', 'open-data.md');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dataDir = resolve(process.argv[2] ?? join(here, '..', 'data'));
  const files = writeSample(dataDir);
  for (const [name, text] of Object.entries(files)) {
    console.log(`${name.padEnd(26)} ${String(text.split('\r\n').length - 2).padStart(6)} rows`);
  }
  console.log(`wrote ${join(dataDir, 'sample.zip')}`);
  if (process.argv[2] === undefined && existsSync(PAGE)) {
    writeFileSync(PAGE, withMarketsTable(readFileSync(PAGE, 'utf8'), buildOpenData()));
    console.log(`wrote the markets table of ${PAGE}`);
  }
}
