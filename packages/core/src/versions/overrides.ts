/**
 * Local overrides (docs/overrides.md): an operator's closure, early close, late open or reopen
 * of one market or currency date, applied before the vendor's file says so.
 *
 * One place applies them: `overlayIndex` answers the vendor's index with the override rows in
 * place of the vendor's rows of their dates, sharing every market and currency it does not
 * touch (and so their kept answers, sessions and month blocks). Every query then reads the
 * overridden tables as it reads the vendor's; none checks for overrides itself. An early close
 * or late open is the one thing no archive row can say: its date keeps the vendor's row for
 * choosing the schedule (`scheduleByDay`) and generation cuts the phases of its day view
 * (`clips`, generate.ts).
 *
 * Core holds no clock and makes no ids: the caller hands in the instant, the id and who acts.
 */
import { mergeFaults } from '../tables/log.js';
import type { DatasetIndex } from '../tables/build.js';
import { formatDay, tryParseDay } from '../time/dates.js';
import type { TableName } from '../errors.js';
import type { CurrencyEntry, DayClip, DayFaults, MarketEntry } from '../tables/model.js';
import { isCurrencyTarget } from '../params/params.js';
import type { CurrencyHoliday, MarketHoliday, OverrideRecord } from '../types.js';
import { secondsOf, vendorIndex, isActive, marketRow, currencyRow } from './override-records.js';

/**
 * The vendor's index with `records` applied (the active ones; a record whose target is not in
 * the data applies to nothing). Markets and currencies without an override are the vendor's
 * own entries.
 */
export function overlayIndex(base: DatasetIndex, records: readonly OverrideRecord[]): DatasetIndex {
  const vendor = vendorIndex(base);
  const active = records.filter(isActive);
  const byMarket = new Map<string, OverrideRecord[]>();
  const byCurrency = new Map<string, OverrideRecord[]>();
  for (const r of active) {
    const day = tryParseDay(r.date);
    if (day === undefined) continue;
    if (isCurrencyTarget(r.target)) {
      if (vendor.currencies.has(r.target)) push(byCurrency, r.target, r);
    } else if (vendor.markets.has(r.target)) push(byMarket, r.target, r);
  }
  // An owner whose records are those `base` applied over the same vendor keeps its entry: one
  // more override makes one entry, not one per override (versions are kept side by side).
  const before = base.vendor === vendor ? base : undefined;
  const same = (key: string, rs: readonly OverrideRecord[]) => {
    if (!before) return false;
    const had = (before.applied ?? []).filter((r) => r.target === key);
    return had.length === rs.length && had.every((r, i) => r === rs[i] || JSON.stringify(r) === JSON.stringify(rs[i]));
  };
  const markets = new Map<string, MarketEntry>();
  for (const [finId, rs] of byMarket)
    markets.set(
      finId,
      same(finId, rs) ? before!.markets.get(finId)! : overlayMarket(vendor.markets.get(finId)!, rs, vendor),
    );
  const currencies = new Map<string, CurrencyEntry>();
  for (const [code, rs] of byCurrency)
    currencies.set(
      code,
      same(code, rs) ? before!.currencies.get(code)! : overlayCurrency(vendor.currencies.get(code)!, rs, vendor),
    );
  const marketList = [...markets.values()].some((e) => e.market !== vendor.markets.get(e.market.fin_id)!.market)
    ? vendor.marketList.map((m) => markets.get(m.fin_id)?.market ?? m)
    : vendor.marketList;
  return {
    ...vendor,
    markets: markets.size ? new OverlayMap(vendor.markets, markets) : vendor.markets,
    currencies: currencies.size ? new OverlayMap(vendor.currencies, currencies) : vendor.currencies,
    marketList,
    vendor,
    applied: active,
  };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The dated rows of one owner with the rows of `byDay`'s dates replaced: vendor rows of those
 * dates left out (all of them: a duplicated or bad row included), override rows put in their
 * place, order by date kept.
 */
function replaceRows<T>(
  rows: readonly T[],
  days: Int32Array,
  byDay: Map<number, T | null>,
): { rows: T[]; days: Int32Array } {
  const put = [...byDay].filter(([, row]) => row !== null).sort((a, b) => a[0] - b[0]) as [number, T][];
  const outRows: T[] = [];
  const outDays: number[] = [];
  let k = 0;
  for (let i = 0; i < rows.length; i++) {
    const day = days[i]!;
    while (k < put.length && put[k]![0] < day) {
      outDays.push(put[k]![0]);
      outRows.push(put[k++]![1]);
    }
    if (byDay.has(day)) continue;
    outRows.push(rows[i]!);
    outDays.push(day);
  }
  for (; k < put.length; k++) {
    outDays.push(put[k]![0]);
    outRows.push(put[k]![1]);
  }
  return { rows: outRows, days: Int32Array.from(outDays) };
}

/** Faults of the dates' holiday rows are settled by the override; every other fault stays. */
function settle(faults: DayFaults | null, days: ReadonlySet<number>, table: TableName): DayFaults | null {
  if (faults === null) return null;
  const own = (s: DayFaults['spans'][number]) =>
    s.from === s.to && days.has(s.from) && s.error.location?.table === table;
  if (!faults.spans.some(own)) return faults;
  return mergeFaults(
    faults.all,
    faults.spans.filter((s) => !own(s)),
  );
}

function withoutDays(dups: Map<number, string[]> | null, days: ReadonlySet<number>): Map<number, string[]> | null {
  if (dups === null || ![...days].some((d) => dups.has(d))) return dups;
  const out = new Map([...dups].filter(([d]) => !days.has(d)));
  return out.size ? out : null;
}

/** The coverage window the rows give (as the build sets it), the fallback without rows. */
export function coverage(days: Int32Array, vendor: DatasetIndex): [number, number] {
  if (days.length) return [days[0]!, days[days.length - 1]!];
  const year = String(vendor.fallbackEndYear ?? 2030).padStart(4, '0');
  return [tryParseDay('2000-01-01')!, tryParseDay(`${year}-12-31`)!];
}

function overlayMarket(entry: MarketEntry, records: readonly OverrideRecord[], vendor: DatasetIndex): MarketEntry {
  const byDay = new Map<number, MarketHoliday | null>();
  const clips = new Map<number, DayClip>();
  for (const r of records) {
    const day = tryParseDay(r.date)!;
    byDay.set(day, marketRow(entry.market, r));
    if (r.kind === 'early_close') clips.set(day, { open: null, close: secondsOf(r.close!) });
    else if (r.kind === 'late_open') clips.set(day, { open: secondsOf(r.open!), close: null });
  }
  const { rows: holidays, days: holidayDays } = replaceRows(entry.holidays, entry.holidayDays, byDay);
  const holidayByDay = new DayOverlay(entry.holidayByDay, byDay);
  let scheduleByDay: Map<number, MarketHoliday> = holidayByDay;
  if (clips.size) {
    // A cut day keeps choosing its schedule by the vendor's row (its first, as the build does).
    const own = new Map<number, MarketHoliday | null>([...byDay].filter(([day]) => !clips.has(day)));
    scheduleByDay = own.size ? new DayOverlay(entry.scheduleByDay, own) : entry.scheduleByDay;
  }
  const days = new Set(byDay.keys());
  const [minDay, maxDay] = coverage(holidayDays, vendor);
  let market = entry.market;
  if (minDay !== entry.minDay || maxDay !== entry.maxDay) {
    market = { ...market, holidays_min_date: formatDay(minDay), holidays_max_date: formatDay(maxDay) };
  }
  return {
    ...entry,
    market,
    holidays,
    holidayDays,
    holidayByDay,
    scheduleByDay,
    clips: clips.size ? clips : null,
    minDay,
    maxDay,
    listingFaults: settle(entry.listingFaults, days, 'holidays'),
    dayFaults: settle(entry.dayFaults, days, 'holidays'),
    duplicates: withoutDays(entry.duplicates, days),
  };
}

function overlayCurrency(
  entry: CurrencyEntry,
  records: readonly OverrideRecord[],
  vendor: DatasetIndex,
): CurrencyEntry {
  const byDay = new Map<number, CurrencyHoliday | null>();
  for (const r of records) byDay.set(tryParseDay(r.date)!, currencyRow(entry.currency, r));
  const { rows: holidays, days: holidayDays } = replaceRows(entry.holidays, entry.holidayDays, byDay);
  const closedByDay = new DayOverlay(entry.closedByDay, byDay);
  const days = new Set(byDay.keys());
  const [minDay, maxDay] =
    holidayDays.length || entry.holidayDays.length ? coverage(holidayDays, vendor) : [entry.minDay, entry.maxDay];
  return {
    ...entry,
    holidays,
    holidayDays,
    closedByDay,
    minDay,
    maxDay,
    listingFaults: settle(entry.listingFaults, days, 'currencyHolidays'),
    dayFaults: settle(entry.dayFaults, days, 'currencyHolidays'),
    duplicates: withoutDays(entry.duplicates, days),
  };
}

/**
 * The vendor's map with some entries replaced, without copying it: a frozen index decodes its
 * entries on first use, and a copy would decode them all.
 */
class OverlayMap<V> extends Map<string, V> {
  constructor(
    private readonly base: Map<string, V>,
    private readonly over: Map<string, V>,
  ) {
    super();
  }
  override get(key: string): V | undefined {
    return this.over.get(key) ?? this.base.get(key);
  }
  override has(key: string): boolean {
    return this.base.has(key);
  }
  override get size(): number {
    return this.base.size;
  }
  override *entries(): MapIterator<[string, V]> {
    for (const key of this.base.keys()) yield [key, this.get(key)!];
  }
  override *keys(): MapIterator<string> {
    yield* this.base.keys();
  }
  override *values(): MapIterator<V> {
    for (const key of this.base.keys()) yield this.get(key)!;
  }
  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
  override forEach(fn: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
}

/**
 * A date-keyed map of the vendor's with a few dates replaced (a row) or taken out (null),
 * without copying it: versions kept side by side each hold only their own dates.
 */
class DayOverlay<V> extends Map<number, V> {
  constructor(
    private readonly base: Map<number, V>,
    private readonly over: ReadonlyMap<number, V | null>,
  ) {
    super();
  }
  override get(day: number): V | undefined {
    const o = this.over.get(day);
    return o === undefined ? this.base.get(day) : (o ?? undefined);
  }
  override has(day: number): boolean {
    const o = this.over.get(day);
    return o === undefined ? this.base.has(day) : o !== null;
  }
  override *entries(): MapIterator<[number, V]> {
    for (const [day, v] of this.base) if (!this.over.has(day)) yield [day, v];
    for (const [day, v] of this.over) if (v !== null) yield [day, v];
  }
  override *keys(): MapIterator<number> {
    for (const [day] of this.entries()) yield day;
  }
  override *values(): MapIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }
  override [Symbol.iterator](): MapIterator<[number, V]> {
    return this.entries();
  }
  override get size(): number {
    let n = this.base.size;
    for (const [day, v] of this.over) n += (this.base.has(day) ? -1 : 0) + (v === null ? 0 : 1);
    return n;
  }
  override forEach(fn: (value: V, key: number, map: Map<number, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
}
