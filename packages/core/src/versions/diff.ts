/**
 * Change sets (docs/data-changes.md §1): what changed from one loaded version to the next, as the
 * records the REST interface answers.
 *
 * Choices where the page is silent (also in docs/data-changes.md §1):
 * - Records are each version's own: a market's holidays and schedule rows are its own rows,
 *   not those of the market replacing it, and a market or currency with a bad row is compared
 *   on the rows its index kept (the bad rows are warnings of the build, not changes).
 * - What a version's plan does not answer counts as absent: no schedules in a holidays-only
 *   version, no currencies unless the plan is full.
 * - Several rows for one key (a market's holiday date, a currency's holiday date, a phase type
 *   name): identical rows are matched first, one for one; the rest are paired in listing order
 *   into `changed`, and what is left over is `removed` or `added`. Within one key: removed,
 *   then changed, then added.
 * - `fields`: the before record's fields in its order, then those only the after record has.
 *   A field set to undefined counts as absent (JSON leaves it out).
 * - soon: the row's date minus the local date of `loaded_at` is 0 to 30 days. That local
 *   date is the market's (UTC when it has no usable zone) or, for a currency holiday, the
 *   financial capital's (else UTC), in the version holding the row; a changed row whose zone
 *   changed too is soon when it is soon in either.
 * - `summary` lists `<kind>_<op>` counts in kind order then added, removed, changed, leaving
 *   out zeros; `soon` is always there (0 when none is soon).
 * - `loaded_at` is answered as an ISO 8601 UTC date-time.
 */
import type { DatasetIndex } from '../tables/build.js';
import type { MarketEntry } from '../tables/model.js';
import { SECONDS_PER_DAY } from '../time/dates.js';
import type { Currency, CurrencyHoliday, Market, MarketHoliday, PhaseType, Schedule } from '../types.js';
import { ZoneRegistry, type Zone } from '../time/zone.js';

export const CHANGE_KINDS = ['market', 'holiday', 'schedule', 'currency', 'currency_holiday', 'phase_type'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const CHANGE_OPS = ['added', 'removed', 'changed'] as const;
export type ChangeOp = (typeof CHANGE_OPS)[number];

export type ChangeKey =
  | { fin_id: string }
  | { fin_id: string; date: string }
  | { currency_code: string }
  | { currency_code: string; date: string }
  | { name: string };

export type ChangeRecord = Market | MarketHoliday | Schedule | Currency | CurrencyHoliday | PhaseType;

export interface Change {
  kind: ChangeKind;
  op: ChangeOp;
  key: ChangeKey;
  before: ChangeRecord | null;
  after: ChangeRecord | null;
  /** Only for `changed`: the fields that differ, in record order. */
  fields?: string[];
  soon: boolean;
  /** `override` on the changes an override makes (docs/overrides.md §4); absent on the vendor's. */
  source?: 'override';
}

/** `<kind>_<op>` counts (zeros left out) and `soon`. */
export type ChangeSummary = { [kindOp: string]: number; soon: number };

export interface ChangeSet {
  from_version: string | null;
  to_version: string | null;
  /** ISO 8601, UTC. */
  loaded_at: string;
  summary: ChangeSummary;
  changes: Change[];
}

export interface DiffOptions {
  /** Epoch milliseconds: the instant the new version replaces the old one. */
  loadedAt: number;
  fromVersion?: string | null;
  toVersion?: string | null;
  /** Marks every change with its source: a version made by an override change. */
  source?: 'override';
}

export interface ChangeFilter {
  /** FinIDs, already resolved (a MIC turned into its FinID by the caller). */
  markets?: readonly string[] | undefined;
  currencies?: readonly string[] | undefined;
}

/** Days after the local date of `loaded_at` (inclusive at both ends) that a holiday is soon. */
export const SOON_DAYS = 30;

/**
 * The change set between the indexes of two datasets, as a generator that pauses (yields) after
 * each market and each currency: `diffSteps` (datasets.ts) over `Dataset.indexOf` of each.
 */
export function* diffIndexSteps(
  a: DatasetIndex,
  b: DatasetIndex,
  options: DiffOptions,
): Generator<void, ChangeSet | null, void> {
  const loadedAt = options.loadedAt;
  if (typeof loadedAt !== 'number' || !Number.isFinite(loadedAt))
    throw new TypeError(`loadedAt must be epoch milliseconds, got ${String(loadedAt)}`);
  const soon = new SoonWindow(loadedAt);
  const out: Record<ChangeKind, Change[]> = {
    market: [],
    holiday: [],
    schedule: [],
    currency: [],
    currency_holiday: [],
    phase_type: [],
  };

  if (a !== b) {
    const schedulesA = a.plan !== 'holidays_only';
    const schedulesB = b.plan !== 'holidays_only';
    for (const [ma, mb] of mergeSorted(a.marketList, b.marketList, (m) => m.fin_id)) {
      const finId = (ma ?? mb)!.fin_id;
      const ea = ma ? a.markets.get(finId) : undefined;
      const eb = mb ? b.markets.get(finId) : undefined;
      diffOne(out.market, 'market', { fin_id: finId }, ea?.market ?? null, eb?.market ?? null);
      if (ea?.holidays !== eb?.holidays) {
        diffDated(
          out.holiday,
          'holiday',
          (date) => ({ fin_id: finId, date }),
          side(ea),
          side(eb),
          (day, op) => soon.either(day, op, ea && zoneOf(ea, soon), eb && zoneOf(eb, soon)),
        );
      }
      diffMultiset(
        out.schedule,
        { fin_id: finId },
        ea && schedulesA ? ea.schedules : [],
        eb && schedulesB ? eb.schedules : [],
      );
      yield;
    }
    const currenciesA = a.plan === 'full' ? a.currencyList : [];
    const currenciesB = b.plan === 'full' ? b.currencyList : [];
    for (const [ca, cb] of mergeSorted(currenciesA, currenciesB, (c) => c.currency_code)) {
      const code = (ca ?? cb)!.currency_code;
      const ea = ca ? a.currencies.get(code) : undefined;
      const eb = cb ? b.currencies.get(code) : undefined;
      diffOne(out.currency, 'currency', { currency_code: code }, ea?.currency ?? null, eb?.currency ?? null);
      if (ea?.holidays !== eb?.holidays) {
        diffDated(
          out.currency_holiday,
          'currency_holiday',
          (date) => ({ currency_code: code, date }),
          side(ea),
          side(eb),
          (day, op) => soon.either(day, op, ea && soon.currencyZone(ea.currency), eb && soon.currencyZone(eb.currency)),
        );
      }
      yield;
    }
    diffPhaseTypes(out.phase_type, a.phaseTypes, b.phaseTypes);
  }

  const changes = CHANGE_KINDS.flatMap((k) => out[k]);
  if (changes.length === 0) return null;
  if (options.source) for (const c of changes) c.source = options.source;
  return {
    from_version: options.fromVersion ?? null,
    to_version: options.toVersion ?? null,
    loaded_at: new Date(loadedAt).toISOString(),
    summary: summarize(changes),
    changes,
  };
}

/** Counts per kind and op, zeros left out, and the soon ones. */
export function summarize(changes: readonly Change[]): ChangeSummary {
  const counts = new Map<string, number>();
  let soon = 0;
  for (const c of changes) {
    const k = `${c.kind}_${c.op}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (c.soon) soon++;
  }
  const summary: Record<string, number> = {};
  for (const kind of CHANGE_KINDS) {
    for (const op of CHANGE_OPS) {
      const n = counts.get(`${kind}_${op}`);
      if (n) summary[`${kind}_${op}`] = n;
    }
  }
  summary.soon = soon;
  return summary as ChangeSummary;
}

/**
 * The changes of the named markets and currencies only, with the summary recounted. Without
 * either list, every change is kept. With one, what the lists do not name is dropped: a
 * market filter alone drops currency changes and a currency filter alone drops market ones.
 * Phase type changes stay whenever markets are named, since a phase type decides the phases,
 * days and status of any market whose schedule uses it.
 */
export function filterChanges(changeSet: ChangeSet, filter: ChangeFilter): ChangeSet {
  const markets = filter.markets ? new Set(filter.markets.map((m) => m.trim().toUpperCase())) : null;
  const currencies = filter.currencies ? new Set(filter.currencies.map((c) => c.trim().toUpperCase())) : null;
  const keep = (c: Change): boolean => {
    if (!markets && !currencies) return true;
    switch (c.kind) {
      case 'market':
      case 'holiday':
      case 'schedule':
        return markets?.has((c.key as { fin_id: string }).fin_id) === true;
      case 'currency':
      case 'currency_holiday':
        return currencies?.has((c.key as { currency_code: string }).currency_code) === true;
      case 'phase_type':
        return markets !== null;
    }
  };
  const changes = changeSet.changes.filter(keep);
  return { ...changeSet, summary: summarize(changes), changes };
}

// ---- comparing ----

type Rec = Record<string, unknown>;

/** Deep equality of JSON-like values, undefined properties counting as absent. */
function same(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null)
    return Number.isNaN(x) && Number.isNaN(y);
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  return recordsEqual(x, y);
}

/** Fields whose values differ, in x's order then those only y has. */
function differingFields(x: Rec, y: Rec): string[] {
  const out: string[] = [];
  for (const k in x) {
    const v = x[k];
    if (v !== undefined && !same(v, y[k])) out.push(k);
  }
  for (const k in y) if (y[k] !== undefined && x[k] === undefined) out.push(k);
  return out;
}

/**
 * The hot path of a diff (every row of both versions goes through it): one pass over each
 * record, counting defined fields rather than looking each of y's up in x.
 */
function recordsEqual(x: object, y: object): boolean {
  if (x === y) return true;
  const a = x as Rec;
  const b = y as Rec;
  let n = 0;
  for (const k in a) {
    const v = a[k];
    if (v === undefined) continue;
    n++;
    const w = b[k];
    if (v !== w && !same(v, w)) return false;
  }
  for (const k in b) if (b[k] !== undefined) n--;
  return n === 0;
}

/** A stable text of a record whatever the order of its fields, for counting multisets. */
function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return value === undefined ? 'undefined' : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value)
    .filter((k) => (value as Rec)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Rec)[k])}`).join(',')}}`;
}

function change(
  kind: ChangeKind,
  op: ChangeOp,
  key: ChangeKey,
  before: ChangeRecord | null,
  after: ChangeRecord | null,
  soon = false,
  fields?: string[],
): Change {
  return fields ? { kind, op, key, before, after, fields, soon } : { kind, op, key, before, after, soon };
}

function diffOne(
  out: Change[],
  kind: ChangeKind,
  key: ChangeKey,
  before: ChangeRecord | null,
  after: ChangeRecord | null,
): void {
  if (before && after) {
    if (before === after) return;
    const fields = differingFields(before as Rec, after as Rec);
    if (fields.length) out.push(change(kind, 'changed', key, before, after, false, fields));
  } else if (before) out.push(change(kind, 'removed', key, before, null));
  else if (after) out.push(change(kind, 'added', key, null, after));
}

/** Pairs of the two lists (each sorted by `key`, keys unique) by key, in key order. */
function* mergeSorted<T>(
  xs: readonly T[],
  ys: readonly T[],
  key: (t: T) => string,
): Generator<[T | undefined, T | undefined]> {
  let i = 0;
  let j = 0;
  while (i < xs.length || j < ys.length) {
    const kx = i < xs.length ? key(xs[i]!) : undefined;
    const ky = j < ys.length ? key(ys[j]!) : undefined;
    if (ky === undefined || (kx !== undefined && kx < ky)) yield [xs[i++], undefined];
    else if (kx === undefined || ky < kx) yield [undefined, ys[j++]];
    else yield [xs[i++], ys[j++]];
  }
}

interface DatedRows<R> {
  recs: readonly R[];
  days: ArrayLike<number>;
}

function side<R>(entry: { holidays: R[]; holidayDays: ArrayLike<number> } | undefined): DatedRows<R> {
  return entry ? { recs: entry.holidays, days: entry.holidayDays } : { recs: [], days: [] };
}

/** Rows keyed by date (sorted by day, several rows to a day allowed) → changes in date order. */
function diffDated<R extends MarketHoliday | CurrencyHoliday>(
  out: Change[],
  kind: ChangeKind,
  key: (date: string) => ChangeKey,
  before: DatedRows<R>,
  after: DatedRows<R>,
  isSoon: (day: number, op: ChangeOp) => boolean,
): void {
  let i = 0;
  let j = 0;
  const nb = before.recs.length;
  const na = after.recs.length;
  while (i < nb || j < na) {
    const db = i < nb ? before.days[i]! : Infinity;
    const da = j < na ? after.days[j]! : Infinity;
    const day = Math.min(db, da);
    let i2 = i;
    while (i2 < nb && before.days[i2] === day) i2++;
    let j2 = j;
    while (j2 < na && after.days[j2] === day) j2++;
    // One row a side is the rule; duplicates go through the general pairing.
    if (i2 - i === 1 && j2 - j === 1) {
      const x = before.recs[i]!;
      const y = after.recs[j]!;
      if (!recordsEqual(x, y))
        out.push(
          change(kind, 'changed', key(y.date), x, y, isSoon(day, 'changed'), differingFields(x as Rec, y as Rec)),
        );
    } else {
      const date = (i2 > i ? before.recs[i]! : after.recs[j]!).date;
      pairGroup(out, kind, key(date), before.recs.slice(i, i2), after.recs.slice(j, j2), (op) => isSoon(day, op));
    }
    i = i2;
    j = j2;
  }
}

/** Rows sharing one key: identical ones matched first, the rest paired in order (see the top). */
function pairGroup<R extends object>(
  out: Change[],
  kind: ChangeKind,
  key: ChangeKey,
  xs: R[],
  ys: R[],
  isSoon: (op: ChangeOp) => boolean,
): void {
  const ysLeft = ys.slice();
  const xsLeft: R[] = [];
  for (const x of xs) {
    const k = ysLeft.findIndex((y) => recordsEqual(x, y));
    if (k >= 0) ysLeft.splice(k, 1);
    else xsLeft.push(x);
  }
  const paired = Math.min(xsLeft.length, ysLeft.length);
  for (let k = paired; k < xsLeft.length; k++)
    out.push(change(kind, 'removed', key, xsLeft[k] as ChangeRecord, null, isSoon('removed')));
  for (let k = 0; k < paired; k++) {
    const x = xsLeft[k]!;
    const y = ysLeft[k]!;
    out.push(
      change(
        kind,
        'changed',
        key,
        x as ChangeRecord,
        y as ChangeRecord,
        isSoon('changed'),
        differingFields(x as Rec, y as Rec),
      ),
    );
  }
  for (let k = paired; k < ysLeft.length; k++)
    out.push(change(kind, 'added', key, null, ysLeft[k] as ChangeRecord, isSoon('added')));
}

/** A market's schedule rows as multisets: removed rows in the old listing's order, then added ones in the new one's. */
function diffMultiset(out: Change[], key: { fin_id: string }, xs: readonly Schedule[], ys: readonly Schedule[]): void {
  if (xs === ys) return;
  if (xs.length === ys.length && xs.every((x, k) => recordsEqual(x, ys[k]!))) return;
  const xc = xs.map(canonical);
  const yc = ys.map(canonical);
  const surplus = (mine: string[], theirs: string[]): boolean[] => {
    const counts = new Map<string, number>();
    for (const c of theirs) counts.set(c, (counts.get(c) ?? 0) + 1);
    return mine.map((c) => {
      const n = counts.get(c) ?? 0;
      if (n === 0) return true;
      counts.set(c, n - 1);
      return false;
    });
  };
  surplus(xc, yc).forEach((gone, k) => gone && out.push(change('schedule', 'removed', key, xs[k]!, null)));
  surplus(yc, xc).forEach((isNew, k) => isNew && out.push(change('schedule', 'added', key, null, ys[k]!)));
}

function diffPhaseTypes(out: Change[], xs: readonly PhaseType[], ys: readonly PhaseType[]): void {
  if (xs === ys) return;
  if (xs.length === ys.length && xs.every((x, k) => recordsEqual(x, ys[k]!))) return;
  const groups = (rows: readonly PhaseType[]) => {
    const m = new Map<string, PhaseType[]>();
    for (const r of rows) {
      const name = String(r.name);
      const g = m.get(name);
      if (g) g.push(r);
      else m.set(name, [r]);
    }
    return m;
  };
  const gx = groups(xs);
  const gy = groups(ys);
  const names = [...new Set([...gx.keys(), ...gy.keys()])].sort((p, q) => (p < q ? -1 : p > q ? 1 : 0));
  for (const name of names) pairGroup(out, 'phase_type', { name }, gx.get(name) ?? [], gy.get(name) ?? [], () => false);
}

// ---- soon ----

class SoonWindow {
  private readonly seconds: number;
  private readonly today = new Map<Zone, number>();
  private readonly zones = new ZoneRegistry();
  readonly utc: Zone;

  constructor(loadedAt: number) {
    this.seconds = Math.floor(loadedAt / 1000);
    this.utc = this.zones.get('UTC');
  }

  isSoon(day: number, zone: Zone): boolean {
    let today = this.today.get(zone);
    if (today === undefined) {
      today = Math.floor((this.seconds + zone.offsetAt(this.seconds)) / SECONDS_PER_DAY);
      this.today.set(zone, today);
    }
    const ahead = day - today;
    return ahead >= 0 && ahead <= SOON_DAYS;
  }

  /** In the zone of each version that holds the row: both for a changed row, so that diff(b, a) mirrors diff(a, b). */
  either(day: number, op: ChangeOp, before: Zone | undefined, after: Zone | undefined): boolean {
    return (
      (op !== 'added' && before !== undefined && this.isSoon(day, before)) ||
      (op !== 'removed' && after !== undefined && this.isSoon(day, after))
    );
  }

  currencyZone(currency: Currency): Zone {
    const id = currency.financial_capital_timezone;
    if (typeof id !== 'string' || id.trim() === '') return this.utc;
    try {
      return this.zones.get(id.trim());
    } catch {
      return this.utc;
    }
  }
}

function zoneOf(entry: MarketEntry | undefined, soon: SoonWindow): Zone {
  return entry?.zone ?? soon.utc;
}
