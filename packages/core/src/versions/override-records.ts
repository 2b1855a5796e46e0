/**
 * Override records (docs/overrides.md): reading a request (§3), making a record of it over the
 * vendor's index, its checks, withdrawal, and the holiday row it answers in place of the
 * vendor's. overrides.ts lays the records over an index.
 *
 * Core holds no clock and makes no ids: the caller hands in the instant, the id and who acts.
 */
import type { DatasetIndex } from '../tables/build.js';
import { formatDay, tryParseDay, type EpochDay } from '../time/dates.js';
import { ConflictError, InvalidArgumentError, OutOfCoverageError, type ArgumentFault } from '../errors.js';
import { phasesByEndDay } from '../rules/generate.js';
import { lowerBound, type MarketEntry } from '../tables/model.js';
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

/** The lookups an override's target is resolved by: the queries every operation uses (queries/markets.ts). */
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
  const fault = (param: string, msg: string, type = 'value_error', ctx?: Record<string, unknown>) =>
    faults.push(ctx ? { param, msg, type, ctx } : { param, msg, type });
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
  if (faults.length > 0) {
    // Each entry names the value refused (null for a field left out), as FastAPI's `input`.
    for (const f of faults) f.input ??= body[f.param] ?? null;
    throw new InvalidArgumentError(faults);
  }
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
  fault: (p: string, m: string, t?: string, ctx?: Record<string, unknown>) => void,
): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) fault(field, `Field required: a text of at most ${max} characters`, 'missing');
    return null;
  }
  if (typeof value !== 'string') {
    fault(field, `Input should be a string, got ${typeof value}`, 'string_type');
    return null;
  }
  if (value.length > max)
    fault(field, `Text too long: ${value.length} characters, at most ${max}`, 'string_too_long', { max_length: max });
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

export const secondsOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60;

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

/** An ISO instant in UTC (`Z`), as records keep them; for the file's check. */
export const isUtcInstant = (s: unknown): boolean =>
  typeof s === 'string' && ISO_UTC.test(s) && Number.isFinite(Date.parse(s));
