/**
 * What an operation may read besides the Dataset. The adapter hands it over with each call, as
 * it hands over the clock, so the dispatcher and `runOperation` pass one object through
 * without knowing what is in it; only the operations that read a member look at it.
 *
 * The change log is the first such member: it belongs to the running server (kept sets, in
 * memory and in its cache folder), not to any version of the data, so it cannot be a Dataset
 * method. The catalogue says only what it answers; the server (or the CLI over a cache folder)
 * implements it.
 */
import { NotFoundError, type CalendarQueries, type ChangeSet, type OverrideRecord } from '@openbell/core';

/** Which changes to keep: FinIDs or MICs, currency codes. Absent or empty keeps all. */
export interface ChangeFilterArgs {
  markets?: readonly string[] | undefined;
  currencies?: readonly string[] | undefined;
}

export interface ChangesQueryArgs extends ChangeFilterArgs {
  /** The change sets after this version; absent: the latest alone. */
  since?: string | undefined;
}

/**
 * The change log as the operations read it. `ds` is the data being served, used to resolve a
 * MIC to its FinIDs. Errors are core's NotFoundError (404) and GoneError (410),
 * which the catalogue's `toHttp` maps; change-queries.ts answers these over a change log.
 */
export interface ChangesSource {
  /** `GET /changes`: `{versions}`, oldest first, after `since`; without it the latest alone (none before any). */
  query(ds: CalendarQueries | undefined, query: ChangesQueryArgs): { versions: ChangeSet[] };
  /** `GET /changes/{to_version}`: one change set, filtered. */
  get(ds: CalendarQueries | undefined, toVersion: string, filter: ChangeFilterArgs): ChangeSet;
}

/** What the adapter holds besides the data. Every member is optional: adapters give what they have. */
export interface OperationContext {
  changes?: ChangesSource | undefined;
  /** The override set (operations/overrides.ts). */
  overrides?: OverridesSource | undefined;
  /** The data versions kept, for `/versions` and the history of a date. */
  versions?: VersionsSource | undefined;
}

/**
 * The change log of an adapter that keeps none (a library call, a server started without
 * change tracking): empty, so `/changes` answers no version and any named version is unknown.
 */
export const NO_CHANGES: ChangesSource = {
  query: (_ds, q) => {
    if (q.since !== undefined && q.since !== '')
      throw new NotFoundError('version', q.since, `Version '${q.since}' is not known to the change log`);
    return { versions: [] };
  },
  get: (_ds, toVersion) => {
    throw new NotFoundError('version', toVersion, `No change set for version '${toVersion}'`);
  },
};

// ---- overrides and kept versions (operations/overrides.ts reads them) ----

/** A data version kept by the adapter, newest first in `GET /versions`. */
export interface VersionInfo {
  version: string;
  loaded_at: string;
  source: 'archive' | 'override';
}

/** One step of a date's holiday row across the kept versions. */
export interface HistoryEntry extends VersionInfo {
  op: 'added' | 'removed' | 'changed';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The override set as operations read it; errors carry `code: 'not_found'` (404). */
export interface OverridesSource {
  /** Newest first (created_at, then id); `target` a FinID or currency code, already resolved. */
  list(query: { target?: string | undefined; includeWithdrawn: boolean }): OverrideRecord[];
  get(id: string): OverrideRecord;
}

/** The versions an adapter keeps. */
export interface VersionsSource {
  list(): VersionInfo[];
  /** The row of `date` of a market (FinID) or currency (code) across the kept versions, oldest first. */
  history(kind: 'market' | 'currency', key: string, date: string): HistoryEntry[];
}

/** The set of an adapter that keeps none: empty. */
export const NO_OVERRIDES: OverridesSource = {
  list: () => [],
  get: (id) => {
    throw new NotFoundError('override', id, `Override '${id}' was not found`);
  },
};

/** The versions of an adapter that keeps none: the data it was handed, alone, with no history. */
export const NO_VERSIONS: VersionsSource = { list: () => [], history: () => [] };
