/**
 * The queries behind `GET /changes` and `GET /changes/{to_version}`, over the change sets a
 * change log keeps (the loader's ChangeLog, or anything that lists them). Pure: the server
 * answers them over its log, `openbell changes` over the cache folder's.
 *
 * Choices where the vendor is silent (docs/data-changes.md §2):
 * - `since=V` is known when V is the from_version or to_version of a kept change set, or a
 *   version whose change set was kept once and has since been dropped (410 rather than 404).
 *   V equal to the latest to_version answers an empty list.
 * - A `markets` entry is resolved through the served Dataset (a MIC to its FinID, several
 *   FinIDs for a MIC shared by several markets); one the Dataset does not know is kept as
 *   written, so the changes of a removed market can still be asked for.
 */
import { filterChanges, GoneError, NotFoundError, type CalendarQueries, type ChangeSet } from '@openbell/core';
import type { ChangesSource } from './context.js';

/** What the queries read of a change log. */
export interface KeptChanges {
  /** How many change sets are kept. */
  readonly keep: number;
  /** Kept change sets, oldest first. */
  list(): readonly ChangeSet[];
  latest(): ChangeSet | undefined;
  get(toVersion: string): ChangeSet | undefined;
  /** Versions whose change sets were dropped, oldest first. */
  droppedVersions(): readonly string[];
}

/** A comma list, or several (repeated query parameters); empty entries left out. */
export type ListParam = string | readonly string[] | undefined | null;

export interface ChangesQuery {
  since?: string | null | undefined;
  markets?: ListParam;
  currencies?: ListParam;
}

export interface ChangeFilterParams {
  markets?: ListParam;
  currencies?: ListParam;
}

function splitList(v: ListParam): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const items = (typeof v === 'string' ? [v] : v)
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

/** FinIDs for the `markets` entries (FinIDs or MICs), through the served data when there is one. */
export function resolveMarkets(dataset: CalendarQueries | undefined, ids: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of ids) {
    try {
      if (!dataset) throw new Error('no data');
      out.add(dataset.getMarket(id).fin_id);
    } catch (e) {
      const candidates =
        (e as { code?: string; candidates?: unknown }).code === 'ambiguous'
          ? (e as { candidates: unknown }).candidates
          : undefined;
      if (Array.isArray(candidates)) for (const c of candidates) out.add(String(c));
      else out.add(id.toUpperCase());
    }
  }
  return [...out];
}

/** The change set with only the named markets' and currencies' changes (summary recounted); as is without filters. */
export function applyFilter(
  changeSet: ChangeSet,
  dataset: CalendarQueries | undefined,
  params: ChangeFilterParams,
): ChangeSet {
  const markets = splitList(params.markets);
  const currencies = splitList(params.currencies);
  if (!markets && !currencies) return changeSet;
  return filterChanges(changeSet, {
    ...(markets ? { markets: resolveMarkets(dataset, markets) } : {}),
    ...(currencies ? { currencies } : {}),
  });
}

/**
 * `GET /changes?since=V&markets=…&currencies=…`: `{versions}`, oldest first; without `since`
 * the latest alone (none before any). Throws NotFoundError (404) for an unknown V, GoneError
 * (410) for a V older than the oldest kept.
 */
export function queryChanges(
  log: KeptChanges,
  dataset: CalendarQueries | undefined,
  query: ChangesQuery,
): { versions: ChangeSet[] } {
  const sets = log.list();
  let picked: readonly ChangeSet[];
  const since = query.since ?? undefined;
  if (since === undefined || since === '') {
    const latest = log.latest();
    picked = latest ? [latest] : [];
  } else {
    const afterTo = sets.findIndex((s) => s.to_version === since);
    const fromAt = sets.findIndex((s) => s.from_version === since);
    if (afterTo >= 0 && (fromAt < 0 || afterTo < fromAt)) picked = sets.slice(afterTo + 1);
    else if (fromAt >= 0) picked = sets.slice(fromAt);
    else if (log.droppedVersions().includes(since) && sets.length > 0) {
      const oldest = sets[0]!;
      const from = oldest.from_version ?? oldest.to_version!;
      throw new GoneError(
        `Version ${since} is older than the change sets kept (the last ${log.keep}): the oldest kept is version ` +
          `${oldest.to_version} (from ${from}); ask with since=${from} or later`,
        oldest.to_version,
      );
    } else throw new NotFoundError('version', since, `Version '${since}' is not known to the change log`);
  }
  return { versions: picked.map((s) => applyFilter(s, dataset, query)) };
}

/** `GET /changes/{to_version}` (filters allowed as on /changes). Throws NotFoundError when unknown. */
export function getChanges(
  log: KeptChanges,
  dataset: CalendarQueries | undefined,
  toVersion: string,
  filter: ChangeFilterParams = {},
): ChangeSet {
  const cs = log.get(toVersion);
  if (!cs) throw new NotFoundError('version', toVersion, `No change set for version '${toVersion}'`);
  return applyFilter(cs, dataset, filter);
}

/** The `/changes` operations' source over one change log. */
export function changesSource(log: KeptChanges): ChangesSource {
  return {
    query: (ds, q) => queryChanges(log, ds, q),
    get: (ds, toVersion, filter) => getChanges(log, ds, toVersion, filter),
  };
}
