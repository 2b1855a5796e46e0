/**
 * Versions kept side by side (docs/overrides.md §5) share what did not change: a new index takes
 * the previous one's entries whose rows are the same, with what was computed for them.
 */
import type { DatasetIndex } from '../tables/build.js';
import type { CurrencyEntry, MarketEntry } from '../tables/model.js';
import type { MarketHoliday } from '../types.js';
import { vendorIndex } from './override-records.js';

/**
 * `next` with every market and currency whose rows are those of `previous` replaced by
 * `previous`'s own entry, so that versions kept side by side (docs/overrides.md §5) share what
 * did not change, and keep what was computed for it (sessions, status memos, month blocks).
 * Only entries without a bad row are shared (their errors name file lines, which may move), and
 * only when the tables every market's compiled rows read (phase types, seasons) are the same.
 */
export function shareUnchanged(previous: DatasetIndex, next: DatasetIndex): DatasetIndex {
  const steps = shareUnchangedSteps(previous, next);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * `shareUnchanged` as a generator that pauses after each few markets, so a server can compare
 * two versions' rows over several turns of its event loop (a new vendor file of 1,000 markets
 * takes a few hundred milliseconds).
 */
export function* shareUnchangedSteps(previous: DatasetIndex, next: DatasetIndex): Generator<void, DatasetIndex, void> {
  const a = vendorIndex(previous);
  if (
    a === next ||
    a.plan !== next.plan ||
    JSON.stringify(a.phaseTypes) !== JSON.stringify(next.phaseTypes) ||
    JSON.stringify(a.seasonDefinitions) !== JSON.stringify(next.seasonDefinitions)
  ) {
    return next;
  }
  const clean = (e: { listingFaults: unknown; dayFaults: unknown; duplicates: unknown }) =>
    e.listingFaults === null && e.dayFaults === null && e.duplicates === null;
  const markets = new Map<string, MarketEntry>();
  let sharedMarkets = 0;
  let n = 0;
  for (const [id, e] of next.markets) {
    if ((++n & 15) === 0) yield;
    const old = a.markets.get(id);
    const same =
      old !== undefined &&
      clean(old) &&
      clean(e) &&
      sameRecord(old.market, e.market) &&
      sameRecords(old.holidays, e.holidays) &&
      sameRecords(old.schedules, e.schedules);
    markets.set(id, same ? old : old !== undefined && clean(old) && clean(e) ? sharedParts(old, e) : e);
    if (same) sharedMarkets++;
  }
  const currencies = new Map<string, CurrencyEntry>();
  for (const [code, e] of next.currencies) {
    if ((++n & 15) === 0) yield;
    const old = a.currencies.get(code);
    const same =
      old !== undefined &&
      clean(old) &&
      clean(e) &&
      sameRecord(old.currency, e.currency) &&
      sameRecords(old.holidays, e.holidays);
    currencies.set(code, same ? old : e);
  }
  if (sharedMarkets === 0) return next;
  const micIndex = sameMicIndex(a.micIndex, next.micIndex) ? a.micIndex : next.micIndex;
  return {
    ...next,
    markets,
    currencies,
    micIndex,
    marketList: [...markets.values()]
      .map((e) => e.market)
      .sort((x, y) => (x.fin_id < y.fin_id ? -1 : x.fin_id > y.fin_id ? 1 : 0)),
  };
}

/**
 * A market whose rows changed, built anew, holding what did not change of its last version:
 * the same schedule rows keep their compiled groups, the same holiday rows their records.
 */
function sharedParts(old: MarketEntry, e: MarketEntry): MarketEntry {
  const sameSchedules = sameRecords(old.schedules, e.schedules) && old.market.timezone === e.market.timezone;
  const byDay = new Map<number, MarketHoliday>();
  for (let i = 0; i < old.holidays.length; i++) byDay.set(old.holidayDays[i]!, old.holidays[i]!);
  let reused = 0;
  const holidays = e.holidays.map((h, i) => {
    const o = byDay.get(e.holidayDays[i]!);
    if (o !== undefined && sameRecord(o, h)) {
      reused++;
      return o;
    }
    return h;
  });
  if (!sameSchedules && reused === 0) return e;
  const holidayByDay = new Map<number, MarketHoliday>();
  for (let i = holidays.length - 1; i >= 0; i--) holidayByDay.set(e.holidayDays[i]!, holidays[i]!);
  // The build keeps a date's first row; walking backwards leaves it in place.
  const ordered = new Map([...holidayByDay].sort((x, y) => x[0] - y[0]));
  return {
    ...e,
    holidays,
    holidayByDay: ordered,
    scheduleByDay: ordered,
    ...(sameSchedules ? { schedules: old.schedules, groups: old.groups, zone: old.zone } : {}),
  };
}

function sameMicIndex(a: Map<string, string[]>, b: Map<string, string[]>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of b) {
    const w = a.get(k);
    if (!w || w.length !== v.length || w.some((x, i) => x !== v[i])) return false;
  }
  return true;
}

/** Two records of the tables with the same fields in the same order and the same values (the cells are primitives). */
function sameRecord(a: object, b: object): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i]) return false;
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    if (
      x !== y &&
      !(
        typeof x === 'object' &&
        typeof y === 'object' &&
        x !== null &&
        y !== null &&
        JSON.stringify(x) === JSON.stringify(y)
      )
    )
      return false;
  }
  return true;
}

function sameRecords(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameRecord(a[i]!, b[i]!)) return false;
  return true;
}
