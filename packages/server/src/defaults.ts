/**
 * Every default of a running server, once: the server falls back to these, and the CLI's
 * settings, help texts and CONFIG.md name them from here. A leaf module (its own subpath,
 * `@openbell/server/defaults`), so a command reads them without loading the server.
 */
import { DEFAULT_MAX_RANGE_DAYS } from '@openbell/core/params';

export const SERVE_DEFAULTS = {
  /** Loopback unless told otherwise. */
  host: '127.0.0.1',
  port: 8000,
  /** Minutes between update checks of remote data; 0 = never. */
  updateEveryMinutes: 360,
  /** Seconds before the first retry of a failed update check (doubling, capped at the interval). */
  updateRetrySeconds: 60,
  /** Seconds the drain on SIGTERM/SIGINT waits for responses in flight. */
  drainTimeoutSeconds: 30,
  /** Connections open at once; 0 = no cap. */
  maxConnections: 1000,
  /** `/events` streams open at once, beside the connections and the per-client cap; 0 = no cap. */
  maxSubscribers: 10_000,
  /** Longest range of phases, days and sessions that no coverage window bounds. */
  maxRangeDays: DEFAULT_MAX_RANGE_DAYS,
  /** MiB of serialized answers kept per dataset; 0 = off. */
  answerCacheMiB: 64,
  /** MiB of month blocks per process; 0 = off. */
  blockCacheMiB: 64,
  /** The longest max-age of a data answer, seconds (docs/rest.md "Cache-Control"). */
  cacheMaxAgeSeconds: 60,
  /** Seconds a client has to send a request's headers. */
  headersTimeoutSeconds: 10,
  /** Seconds a client has to send a whole request. */
  requestTimeoutSeconds: 30,
  /** Change sets and data versions kept (`/changes`, `as_of`). */
  keepChanges: 50,
  workers: 1,
  logLevel: 'info',
  logFormat: 'auto',
} as const;
