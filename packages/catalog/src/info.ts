/**
 * Bodies of /health and /info: service state, not calendar answers. The server answers them
 * from its data holder, `openbell info` from the data it loaded; both pass a ServiceState.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { CalendarQueries, Plan } from '@openbell/core';
import { scrubSecrets } from '@openbell/core/secrets';
import { DataNotLoadedError } from './errors.js';
import { INTERFACE_VERSION } from './interface-version.js';

/** How an update check can end. */
export const UPDATE_RESULTS = ['updated', 'up_to_date', 'failed'] as const;
/**
 * What /health says of the service. Serving is `healthy`, the vendor's word, which its clients
 * and monitors compare with (docs/rest.md, /health).
 */
export const HEALTH_STATUSES = ['healthy', 'loading', 'unavailable', 'draining'] as const;

/** The background update loop's state, as /info reports it. */
export interface UpdateState {
  /** Whether periodic checks run (remote source and a non-zero interval). */
  enabled: boolean;
  everyMinutes: number;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  /** 'updated', 'up_to_date' or 'failed' for the last finished attempt. */
  lastResult: (typeof UPDATE_RESULTS)[number] | null;
  lastError: string | null;
  nextCheckAt: string | null;
}

/** What /info says of the data served: the part of the loader's DataMeta it reads. */
export interface ServedMeta {
  source: string;
  kind: string;
  isSample: boolean;
  version: string | null;
  downloadedAt: string | null;
  loadedAt: string;
  warnings?: readonly { market?: string; currency?: string }[];
  /** The open dataset's coverage by market (loader DataMeta.coverage). */
  coverage?: Readonly<Record<string, { confirmedThrough: string }>>;
}

/** The state /health and /info describe (the server's DataHolder is one). */
export interface ServiceState {
  readonly current: { readonly dataset: CalendarQueries; readonly meta: ServedMeta } | undefined;
  readonly loadError: string | null;
  readonly draining?: boolean;
  /** Absent where nothing updates the data (a one-shot command): /info then has no `updates`. */
  readonly updates?: UpdateState;
  /** The server's connection budgets and what they turned away; absent outside a server. */
  readonly connections?: () => ConnectionState;
}

/** The front door's budgets, what is open now, and counts since the start (one process). */
export interface ConnectionState {
  /** Connections open at once (event streams apart); 0 = no cap. */
  limit: number;
  /** Connections of one client address; 0 = no cap. */
  perClient: number;
  /** `/events` streams open at once; 0 = no cap. */
  subscribersLimit: number;
  open: number;
  subscribers: number;
  /** The header-time bound in force now (lower while above 80% of `limit`). */
  headersTimeoutMs: number;
  /** Idle connections closed to make room for a newcomer. */
  evicted: number;
  /** Newcomers and `/events` requests turned away with 503, by the budget that was full. */
  refused: { limit: number; perClient: number; subscribers: number };
  /** Newcomers closed on arrival because too many refusals were already pending. */
  dropped: number;
  /** Connections closed because their request did not arrive within the header bound. */
  timedOut: number;
}

/**
 * node:cluster when /info is first answered: this module is also part of the CLI's one-shot
 * commands, whose start would otherwise load cluster and child_process.
 */
let nodeCluster: typeof import('node:cluster').default | undefined;
const cluster = (): typeof import('node:cluster').default =>
  (nodeCluster ??= createRequire(import.meta.url)('node:cluster') as typeof import('node:cluster').default);

/** The package version, read once (src/ and dist/ both sit one level below package.json). */
export const PACKAGE_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

export const SAMPLE_LABEL =
  "OPEN DATA, NOT VENDOR DATA: openbell's bundled open dataset, built from exchanges' notices and the laws " +
  "(docs/open-data.md); dates past a market's confirmed-through date are projected. " +
  "Configure an API token or a data file to serve the vendor's data.";

function iso(value: string | Date | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/*
 * Fields of the vendor's own local server (the `tradinghours serve` of its Python client,
 * tradinghours/tradinghours-python, src/tradinghours/server/server.py), answered beside ours
 * so its users' health checks and dashboards keep working. Ours keep their names; /health's
 * `status` is the vendor's "healthy" while data is served.
 *   GET /health → { status, message, version }; 503 { detail } while its database is not ready.
 *   GET /info   → { api_version, total_markets, total_currencies, last_data_update, access_level }.
 */

/** The vendor's `access_level` for a plan: it spells holidays-only `only_holidays`. */
export const ACCESS_LEVEL = {
  full: 'full',
  no_currencies: 'no_currencies',
  holidays_only: 'only_holidays',
} as const satisfies Record<Plan, string>;

export interface HealthBody {
  status: (typeof HEALTH_STATUSES)[number];
  data_loaded: boolean;
  detail?: string;
  /** Vendor field: a sentence saying what the status means, in every state. */
  message: string;
  /** Vendor field: the server's package version. */
  version: string;
}

export function healthBody(holder: ServiceState): { status: number; body: HealthBody } {
  if (holder.draining) {
    const detail = 'The server is shutting down; requests in progress are being finished';
    return {
      status: 503,
      body: {
        status: 'draining',
        data_loaded: holder.current !== undefined,
        message: detail,
        detail,
        version: PACKAGE_VERSION,
      },
    };
  }
  if (holder.current) {
    return {
      status: 200,
      body: { status: 'healthy', data_loaded: true, message: 'openbell is running', version: PACKAGE_VERSION },
    };
  }
  const detail = new DataNotLoadedError(holder.loadError).message;
  return {
    status: 503,
    body: {
      status: holder.loadError ? 'unavailable' : 'loading',
      data_loaded: false,
      message: detail,
      detail,
      version: PACKAGE_VERSION,
    },
  };
}

function connectionsBody(c: ConnectionState): NonNullable<InfoBody['connections']> {
  return {
    limit: c.limit,
    per_client: c.perClient,
    subscribers_limit: c.subscribersLimit,
    open: c.open,
    subscribers: c.subscribers,
    headers_timeout_ms: c.headersTimeoutMs,
    evicted: c.evicted,
    refused: { limit: c.refused.limit, per_client: c.refused.perClient, subscribers: c.refused.subscribers },
    dropped: c.dropped,
    timed_out: c.timedOut,
  };
}

/** What /info documents of the data. */
export interface InfoData {
  loaded: boolean;
  version: string | null;
  loaded_at: string | null;
  downloaded_at: string | null;
  source: string | null;
  kind: string | null;
  is_sample: boolean;
  label: string | null;
  plan: Plan | null;
  counts: Record<string, number> | null;
  warnings: number;
  /** The open dataset only: each market's confirmed-through date (docs/open-data.md). */
  confirmed_through?: Record<string, string>;
}

/** What /info adds of the data beyond its document: the load's warnings in detail. */
export interface InfoDataDetails {
  load_warnings: number;
  warning_details: NonNullable<ServedMeta['warnings']>;
  affected_markets: string[];
  affected_currencies: string[];
  load_error?: string;
}

export interface InfoBody {
  name: 'openbell';
  interface_version: typeof INTERFACE_VERSION;
  package_version: string;
  data: InfoData & InfoDataDetails;
  process: { pid: number; worker: number | null };
  updates?: {
    enabled: boolean;
    every_minutes: number;
    last_attempt_at: string | null;
    last_success_at: string | null;
    last_result: UpdateState['lastResult'];
    last_error: string | null;
    next_check_at: string | null;
  };
  connections?: {
    limit: number;
    per_client: number;
    subscribers_limit: number;
    open: number;
    subscribers: number;
    headers_timeout_ms: number;
    evicted: number;
    refused: { limit: number; per_client: number; subscribers: number };
    dropped: number;
    timed_out: number;
  };
  api_version: string;
  total_markets: number | null;
  total_currencies: number | null;
  last_data_update: string | null;
  access_level: (typeof ACCESS_LEVEL)[Plan] | null;
}

function confirmedThrough(coverage: NonNullable<ServedMeta['coverage']>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of Object.keys(coverage).sort()) out[id] = coverage[id]!.confirmedThrough;
  return out;
}

export function infoBody(holder: ServiceState): InfoBody {
  const data = holder.current;
  const meta = data?.meta;
  const u = holder.updates;
  return {
    name: 'openbell',
    interface_version: INTERFACE_VERSION,
    package_version: PACKAGE_VERSION,
    data: {
      loaded: data !== undefined,
      version: meta?.version ?? null,
      loaded_at: iso(meta?.loadedAt),
      downloaded_at: iso(meta?.downloadedAt),
      source: meta ? scrubSecrets(meta.source) : null,
      kind: meta?.kind ?? null,
      is_sample: meta?.isSample === true,
      label: meta ? (meta.isSample ? SAMPLE_LABEL : `Calendar data from ${scrubSecrets(meta.source)}`) : null,
      plan: data ? data.dataset.plan : null,
      counts: data ? { ...data.dataset.counts } : null,
      warnings: data ? data.dataset.warnings.length : 0,
      ...(meta?.coverage ? { confirmed_through: confirmedThrough(meta.coverage) } : {}),
      load_warnings: meta?.warnings?.length ?? 0,
      // docs/bulk-format.md §5: each warning names file, line and column; the markets and
      // currencies listed answer a data error for the queries that need their bad rows.
      warning_details: meta?.warnings ?? [],
      affected_markets: [...new Set((meta?.warnings ?? []).flatMap((w) => (w.market ? [w.market] : [])))].sort(),
      affected_currencies: [...new Set((meta?.warnings ?? []).flatMap((w) => (w.currency ? [w.currency] : [])))].sort(),
      ...(holder.loadError ? { load_error: holder.loadError } : {}),
    },
    // Which process answered: under `serve --workers N` each worker is a process of its own.
    process: { pid: process.pid, worker: cluster().isWorker ? (cluster().worker?.id ?? null) : null },
    updates: u && {
      enabled: u.enabled,
      every_minutes: u.everyMinutes,
      last_attempt_at: u.lastAttemptAt,
      last_success_at: u.lastSuccessAt,
      last_result: u.lastResult,
      last_error: u.lastError,
      next_check_at: u.nextCheckAt,
    },
    connections: holder.connections && connectionsBody(holder.connections()),
    // The vendor server's fields (see above). last_data_update: when the data served was
    // downloaded, else loaded (the vendor's is the timestamp its archive was generated at,
    // which the archive's CSV files do not carry).
    api_version: PACKAGE_VERSION,
    total_markets: data ? data.dataset.counts.markets : null,
    total_currencies: data ? data.dataset.counts.currencies : null,
    last_data_update: iso(meta?.downloadedAt ?? meta?.loadedAt),
    access_level: data ? ACCESS_LEVEL[data.dataset.plan] : null,
  };
}
