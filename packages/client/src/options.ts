/**
 * The options of a client and of its calls, and what its views share: a module of their own, so
 * the event stream (events.ts) and the methods (client.ts) both read them without a circle.
 */
import type { LRUCache } from 'lru-cache';

/** What one call (or a view made by `with`) may set. */
export interface CallOptions {
  /** Aborts the call (and its retries). */
  signal?: AbortSignal;
  /** Per attempt, until the whole body is read; default the client's (30 s); 0 for none. */
  timeoutMs?: number;
  /** Answer as an earlier data version: a version id or an instant (`as_of`, docs/overrides.md §5). */
  asOf?: string | number | Date;
}

export interface ClientOptions extends CallOptions {
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
  /** Headers sent with every request (an `Authorization` for a proxy in front). */
  headers?: Record<string, string>;
  /** Retries of a 429 or 503 (default 3), after `Retry-After` or else the backoff. */
  retries?: number;
  /** The first backoff without `Retry-After`, doubled at each retry (default 500 ms). */
  retryDelayMs?: number;
  /** The longest wait before a retry (default 30 s): a longer `Retry-After` is answered with the error. */
  maxRetryDelayMs?: number;
  /** Answers kept for revalidation with `If-None-Match` (default 500; 0 keeps none). */
  cacheEntries?: number;
  /** Their total size in UTF-16 units of their text (default 16 Mi). */
  cacheSize?: number;
}

/** An answer kept for revalidation with `If-None-Match`. */
export interface Kept {
  text: string;
  etag: string;
  version: string | null;
}

/** What every view of one client shares. */
export interface Shared {
  base: string;
  fetch: typeof fetch;
  options: ClientOptions;
  cache: LRUCache<string, Kept> | undefined;
  lastVersion: string | null;
}
