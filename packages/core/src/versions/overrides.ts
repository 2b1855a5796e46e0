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
import { formatDay, tryParseDay, type EpochDay } from '../time/dates.js';
import {
  ConflictError,
  InvalidArgumentError,
  OutOfCoverageError,
  type ArgumentFault,
  type TableName,
} from '../errors.js';
import { phasesByEndDay } from '../rules/generate.js';
import { lowerBound, type CurrencyEntry, type DayClip, type DayFaults, type MarketEntry } from '../tables/model.js';
import { isCurrencyTarget, normalizeCurrencyCode, normalizeMarketIdentifier } from '../params/params.js';
import {
  OVERRIDE_KINDS,
  type Currency,
  type CurrencyHoliday,
  type Market,
  type MarketHoliday,
  type OverrideKind,
  type OverrideRecord,
  type OverrideRef,
  type OverrideRequest,
} from '../types.js';
import { NO, OPEN, YES } from '../params/vocabulary.js';

/** The lookups an override's target is resolved by: the queries every operation uses (queries.ts). */
export interface OverrideLookups {
  getMarket(identifier: string, follow: boolean): Market;
  getCurrency(code: string): Currency;
}

// The record types live with the others (types.ts), below every rule that answers them.
export {
  OVERRIDE_KINDS,
  type OverrideKind,
  type OverrideRecord,
  type OverrideRef,
  type OverrideRequest,
} from '../types.js';

export const OVERRIDE_ID = /^ovr_[a-z0-9]{12}$/;
export const MAX_OVERRIDE_NAME = 200;
export const MAX_OVERRIDE_REASON = 2000;
const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

const takesOpen = (kind: OverrideKind): boolean => kind === 'late_open';
const takesClose = (kind: OverrideKind): boolean => kind === 'early_close';

/**
 * Reads the fields of a request body (§3), every fault at once, each naming its field. The
 * body must already be a JSON object. Fields the page does not name are ignored.
 */
export function readOverrideRequest(body: Record<string, unknown>): OverrideRequest {
  const faults: ArgumentFault[] = [];
  const fault = (param: string, msg: string, type = 'value_error') => faults.push({ param, msg, type });
  const kind = body.kind;
  const kindOk = typeof kind === 'string' && (OVERRIDE_KINDS as readonly string[]).includes(kind);
  if (kind === undefined || kind === null)
    fault('kind', `Field required: one of ${OVERRIDE_KINDS.join(', ')}`, 'missing');
  else if (!kindOk) fault('kind', `Input should be one of ${OVERRIDE_KINDS.join(', ')}, got '${String(kind)}'`, 'enum');
  const target = body.target;
  if (typeof target !== 'string' || target.trim() === '')
    fault('target', 'Field required: a FinID, a MIC or a currency code', 'missing');
  const date = body.date;
  if (typeof date !== 'string' || date === '')
    fault('date', 'Field required: a date in the form YYYY-MM-DD', 'missing');
  else if (tryParseDay(date) === undefined)
    fault('date', `Invalid date '${date}': expected a real date in the form YYYY-MM-DD`, 'date_from_datetime_parsing');
  const name = text(body.name, 'name', MAX_OVERRIDE_NAME, !kindOk || kind !== 'reopen', fault);
  const reason = text(body.reason, 'reason', MAX_OVERRIDE_REASON, true, fault);
  const open = time(body.open, 'open', kindOk ? takesOpen(kind as OverrideKind) : undefined, kind, fault);
  const close = time(body.close, 'close', kindOk ? takesClose(kind as OverrideKind) : undefined, kind, fault);
  if (
    kindOk &&
    (kind === 'early_close' || kind === 'late_open') &&
    typeof target === 'string' &&
    isCurrencyTarget(target)
  ) {
    fault('kind', `${kind} applies to markets only; a currency takes closure or reopen`);
  }
  if (faults.length > 0) throw new InvalidArgumentError(faults);
  return {
    kind: kind as OverrideKind,
    target: (target as string).trim(),
    date: date as string,
    name,
    open,
    close,
    reason: reason!,
  };
}

function text(
  value: unknown,
  field: string,
  max: number,
  required: boolean,
  fault: (p: string, m: string, t?: string) => void,
): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) fault(field, `Field required: a text of at most ${max} characters`, 'missing');
    return null;
  }
  if (typeof value !== 'string') {
    fault(field, `Input should be a string, got ${typeof value}`, 'string_type');
    return null;
  }
  if (value.length > max) fault(field, `Text too long: ${value.length} characters, at most ${max}`, 'string_too_long');
  return value;
}

/** `takes`: whether the kind takes the field (undefined when the kind is unknown: only the form is checked). */
function time(
  value: unknown,
  field: string,
  takes: boolean | undefined,
  kind: unknown,
  fault: (p: string, m: string, t?: string) => void,
): string | null {
  if (value === undefined || value === null) {
    if (takes) fault(field, `Field required for ${String(kind)}: a local time HH:MM`, 'missing');
    return null;
  }
  if (takes === false) {
    fault(field, `${String(kind)} takes no ${field}: leave it out or null`, 'extra_forbidden');
    return null;
  }
  if (typeof value !== 'string' || !HH_MM.test(value)) {
    fault(field, `Invalid time '${String(value)}': expected a local time HH:MM (00:00 to 23:59)`, 'time_parsing');
    return null;
  }
  return value;
}

const secondsOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60;

/** The index before any override: overlays are always made over the vendor's tables. */
export function vendorIndex(index: DatasetIndex): DatasetIndex {
  return index.vendor ?? index;
}

export interface MakeOverride {
  id: string;
  /** Epoch milliseconds of the creation. */
  now: number;
  /** The name of the admin token used. */
  by: string;
}

/**
 * Checks a request against the data it would apply to (`index`: the tables being served, with
 * the other active overrides; `queries` over them) and answers its record; refusals in the order
 * of §3 after the fields: the target (404, 409 for an ambiguous MIC, 403 for currencies outside
 * the plan), its coverage window (400), an active override of the same target and date (409), a
 * reopen with no vendor row (409), a cut that changes nothing (422 on `close` / `open`).
 */
export function makeOverride(
  index: DatasetIndex,
  queries: OverrideLookups,
  request: OverrideRequest,
  make: MakeOverride,
): OverrideRecord {
  const day = tryParseDay(request.date)!;
  const vendor = vendorIndex(index);
  // The lookups every query makes (a MIC, replacements, the plan), with their 404, 409 and 403.
  const target = isCurrencyTarget(request.target)
    ? queries.getCurrency(normalizeCurrencyCode(request.target, 'target')).currency_code
    : queries.getMarket(normalizeMarketIdentifier(request.target, 'target'), true).fin_id;
  const entry = isCurrencyTarget(target) ? index.currencies.get(target)! : index.markets.get(target)!;
  if (day < entry.minDay || day > entry.maxDay)
    throw new OutOfCoverageError(target, request.date, formatDay(entry.minDay), formatDay(entry.maxDay));
  const same = (index.applied ?? []).find((o) => o.target === target && o.date === request.date);
  if (same)
    throw new ConflictError(
      `an active override of ${target} on ${request.date} exists: ${same.id}; withdraw it first`,
      same.id,
    );
  if (request.kind === 'reopen' && !vendorHasRow(vendor, target, day)) {
    throw new ConflictError(`the vendor's data has no holiday row of ${target} on ${request.date} to lift`);
  }
  if (request.kind === 'early_close' || request.kind === 'late_open')
    checkCut(index.markets.get(target)!, day, request);
  const record: OverrideRecord = {
    id: make.id,
    kind: request.kind,
    target,
    date: request.date,
    name: request.name,
    open: request.open,
    close: request.close,
    reason: request.reason,
    created_at: new Date(make.now).toISOString(),
    created_by: make.by,
    withdrawn_at: null,
    withdrawn_by: null,
    superseded: false,
  };
  record.superseded = isSuperseded(vendor, record);
  return record;
}

function vendorHasRow(vendor: DatasetIndex, target: string, day: EpochDay): boolean {
  const entry = isCurrencyTarget(target) ? vendor.currencies.get(target) : vendor.markets.get(target);
  return entry !== undefined && hasDay(entry.holidayDays, day);
}

function hasDay(days: Int32Array, day: number): boolean {
  const i = lowerBound(days, day);
  return i < days.length && days[i] === day;
}

/**
 * §2: a cut that leaves the day as it is (or empties it: that is a closure) is refused. The
 * time must lie strictly between the first start and the last end of the day view's phases.
 */
function checkCut(entry: MarketEntry, day: EpochDay, request: OverrideRequest): void {
  const field = request.kind === 'early_close' ? 'close' : 'open';
  const hhmm = (request.kind === 'early_close' ? request.close : request.open)!;
  const phases = phasesByEndDay(entry, day, day)[0]!;
  if (phases.length === 0)
    throw InvalidArgumentError.one(
      field,
      `${entry.market.fin_id} has no phases on ${request.date}: nothing to cut (a closed day needs no ${request.kind})`,
    );
  let first = Infinity;
  let last = -Infinity;
  for (const g of phases) {
    if (g.start < first) first = g.start;
    if (g.end > last) last = g.end;
  }
  const t = (entry.zone ?? phases[0]!.row.zone).resolve(day, secondsOf(hhmm));
  if (!(first < t && t < last)) {
    throw InvalidArgumentError.one(
      field,
      `${hhmm} leaves ${entry.market.fin_id}'s day of ${request.date} unchanged or empty: its phases run from its ` +
        `first start to its last end, and the ${field} must lie strictly between`,
    );
  }
}

/**
 * §1: the vendor's data already says what the override says: a closure where the archive has a
 * closed row of that date, a reopen where it has none. Cuts never are (no row says them).
 */
export function isSuperseded(vendor: DatasetIndex, record: OverrideRecord): boolean {
  const day = tryParseDay(record.date);
  if (day === undefined) return false;
  if (record.kind === 'reopen') return !vendorHasRow(vendor, record.target, day);
  if (record.kind !== 'closure') return false;
  if (isCurrencyTarget(record.target)) return vendor.currencies.get(record.target)?.closedByDay.has(day) ?? false;
  const row = vendor.markets.get(record.target)?.holidayByDay.get(day);
  return row !== undefined && (row.status === 'Closed' || row.schedule === 'Closed');
}

/**
 * The first active record of a kept set (an override file edited by hand) that the data refuses,
 * as `[index, field, why]`: a target it does not hold, or a date outside the target's coverage
 * window (docs/overrides.md §4). Withdrawn records apply to nothing and are not checked.
 */
export function refusedRecord(
  index: DatasetIndex,
  records: readonly OverrideRecord[],
): [number, 'target' | 'date', string] | null {
  const vendor = vendorIndex(index);
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    if (!isActive(r)) continue;
    const entry = isCurrencyTarget(r.target) ? vendor.currencies.get(r.target) : vendor.markets.get(r.target);
    if (!entry) return [i, 'target', `${r.target} is not in the data (a FinID or a currency code, upper case)`];
    const day = tryParseDay(r.date)!;
    if (day < entry.minDay || day > entry.maxDay)
      return [
        i,
        'date',
        `${r.date} is outside the coverage window of ${r.target}: ${formatDay(entry.minDay)} to ` +
          `${formatDay(entry.maxDay)}`,
      ];
  }
  return null;
}

/** Whether a record is applied: not withdrawn. */
export const isActive = (r: OverrideRecord): boolean => r.withdrawn_at === null;

/** The record withdrawn at `now` by `by` (a new object: records are never changed in place). */
export function withdrawn(record: OverrideRecord, now: number, by: string): OverrideRecord {
  return { ...record, withdrawn_at: new Date(now).toISOString(), withdrawn_by: by };
}

export const refOf = (r: OverrideRecord): OverrideRef => ({
  id: r.id,
  kind: r.kind,
  reason: r.reason,
  created_by: r.created_by,
  created_at: r.created_at,
});

/** The holiday row a market override answers in place of the vendor's (§2); null for a reopen. */
export function marketRow(market: Market, r: OverrideRecord): MarketHoliday | null {
  if (r.kind === 'reopen') return null;
  const closure = r.kind === 'closure';
  return {
    fin_id: market.fin_id,
    date: r.date,
    holiday_name: r.name,
    schedule: closure ? 'Closed' : 'Override',
    settlement: closure ? NO : YES,
    observed: false,
    memo: r.reason,
    status: closure ? 'Closed' : OPEN,
    has_settlement: !closure,
    is_open: !closure,
    override: refOf(r),
  } as MarketHoliday;
}

/** The currency holiday row of a currency closure; null for a reopen. */
export function currencyRow(currency: Currency, r: OverrideRecord): CurrencyHoliday | null {
  if (r.kind !== 'closure') return null;
  return {
    currency_code: currency.currency_code,
    date: r.date,
    holiday_name: r.name,
    settlement: NO,
    observed: false,
    memo: r.reason,
    override: refOf(r),
  } as CurrencyHoliday;
}

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
function coverage(days: Int32Array, vendor: DatasetIndex): [number, number] {
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

/** An ISO instant in UTC (`Z`), as records keep them; for the file's check. */
export const isUtcInstant = (s: unknown): boolean =>
  typeof s === 'string' && ISO_UTC.test(s) && Number.isFinite(Date.parse(s));

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
