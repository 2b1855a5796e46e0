/**
 * How long an answer stays true, as `Cache-Control` says it to every cache on the way
 * (docs/rest.md "Cache-Control").
 *
 * A data answer (one that depends on the URL and the data alone, or on what the server holds
 * beside it: the change log, the override set) stays true until the data changes. The data
 * changes at the next update check, and at any moment by an override write, a SIGHUP or a
 * replica's fetch of its publisher's set: so its `max-age` is the time to the next check,
 * never more than the ceiling (`maxAgeSeconds`, default 60 s). A cache that obeys it never serves
 * an answer older than the data by more than the `max-age` it was given. A status at "now"
 * stays true no later than the first instant after now it names (its `until`, else its next
 * bell); an answer as of a fixed version never changes (`immutable`).
 *
 * The header strings are made once per value of `max-age` and kept, and the data's `max-age`
 * is worked out once a second: the fast path reads a string, it makes none.
 */
import { SERVE_DEFAULTS } from '../defaults.js';
import type { DataHolder } from '../updates.js';

/** The longest `max-age` of a data answer unless configured (seconds). */
export const DEFAULT_MAX_AGE_SECONDS = SERVE_DEFAULTS.cacheMaxAgeSeconds;
/** After `max-age`, a cache may answer stale for this long while it asks again (seconds, at most `max-age`). */
const REVALIDATE_SECONDS = 30;
/** …and this long when the origin fails (a day: the replicas down for a maintenance). */
export const STALE_IF_ERROR_SECONDS = 86_400;
/** An answer as of a fixed version: a year, the longest RFC 9111 caches are asked to keep. */
const IMMUTABLE = `public, max-age=31536000, immutable`;

/** The Vary of every answer of the data routes: CSV is asked for by `Accept`, compression by `Accept-Encoding`. */
export const DATA_VARY = 'Accept, Accept-Encoding';
/** What no cache may keep: errors, the live answers (/events, /health, /metrics). */
export const NO_STORE = 'no-store';
/** The contract and the /docs page: they change only with the server's version (an hour, revalidated by ETag). */
export const STATIC_CACHE = `public, max-age=3600, stale-while-revalidate=86400, stale-if-error=${STALE_IF_ERROR_SECONDS}`;

export class CachePolicy {
  private readonly strings: string[] = [];
  private second = -1;
  private current = '';
  private currentAge = 0;
  /** The tick (performance.now()) until which `current` holds (dataAtTick). */
  private tickUntil = Number.NEGATIVE_INFINITY;
  readonly maxAge: number;

  constructor(
    private readonly holder: DataHolder,
    maxAgeSeconds: number = DEFAULT_MAX_AGE_SECONDS,
  ) {
    this.maxAge = Math.max(1, Math.floor(maxAgeSeconds));
  }

  /** The header of `max-age=n` (kept once made). */
  header(n: number): string {
    let s = this.strings[n];
    if (s === undefined) {
      const swr = Math.min(n, REVALIDATE_SECONDS);
      s = `public, max-age=${n}, stale-while-revalidate=${swr}, stale-if-error=${STALE_IF_ERROR_SECONDS}`;
      if (n <= this.maxAge) this.strings[n] = s;
    }
    return s;
  }

  /** Seconds a data answer given at `nowMs` stays true: to the next update check, at most the ceiling. */
  dataAge(nowMs: number): number {
    const second = Math.floor(nowMs / 1000);
    if (second !== this.second) {
      this.second = second;
      this.currentAge = this.computeAge(nowMs);
      this.current = this.header(this.currentAge);
    }
    return this.currentAge;
  }

  /**
   * The `Cache-Control` of a data answer given at `tick` (performance.now()) on the process's own
   * clock: the wall clock is read when the second it was last read in is over, at most once a second.
   */
  dataAtTick(tick: number): string {
    if (tick >= this.tickUntil) {
      const nowMs = Date.now();
      this.dataAge(nowMs);
      this.tickUntil = tick + 1000 - (nowMs % 1000);
    }
    return this.current;
  }

  /** The `Cache-Control` of a data answer given at `nowMs`. */
  data(nowMs: number): string {
    this.dataAge(nowMs);
    return this.current;
  }

  /** The `Cache-Control` of an answer at "now" given at `nowMs` whose body names `body`'s instants. */
  atNow(nowMs: number, body: Uint8Array): string {
    const age = this.dataAge(nowMs);
    const next = firstInstantAfter(body, nowMs);
    if (next === undefined) return this.current;
    return this.header(Math.max(0, Math.min(age, Math.floor((next - nowMs) / 1000))));
  }

  /** The `Cache-Control` of an answer as of a fixed version. */
  immutable(): string {
    return IMMUTABLE;
  }

  private computeAge(nowMs: number): number {
    const { updates } = this.holder;
    if (!updates.enabled || updates.nextCheckAt === null) return this.maxAge;
    const next = Date.parse(updates.nextCheckAt);
    if (Number.isNaN(next)) return this.maxAge;
    // A check due or running: a second, the least a cache can be asked to keep.
    return Math.max(1, Math.min(this.maxAge, Math.floor((next - nowMs) / 1000)));
  }
}

const QUOTE = 34;
const ZERO = 48;

/** The digits at `i` (`n` of them) as a number; -1 when one is not a digit. */
function digits(b: Uint8Array, i: number, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const c = b[i + k]! - ZERO;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/**
 * The instant (ms) of an ISO 8601 date-time string starting at `i` (just after its quote):
 * `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)`; undefined when it is not one.
 */
export function instantAt(b: Uint8Array, i: number): number | undefined {
  if (b[i + 4] !== 45 || b[i + 7] !== 45 || b[i + 10] !== 84 || b[i + 13] !== 58) return undefined;
  const y = digits(b, i, 4);
  const mo = digits(b, i + 5, 2);
  const d = digits(b, i + 8, 2);
  const h = digits(b, i + 11, 2);
  const mi = digits(b, i + 14, 2);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0) return undefined;
  let j = i + 16;
  let s = 0;
  if (b[j] === 58) {
    s = digits(b, j + 1, 2);
    if (s < 0) return undefined;
    j += 3;
    if (b[j] === 46) {
      j++;
      while (b[j]! >= ZERO && b[j]! <= ZERO + 9) j++;
    }
  }
  let offset = 0;
  if (b[j] === 90) j++;
  else if (b[j] === 43 || b[j] === 45) {
    const oh = digits(b, j + 1, 2);
    const om = digits(b, j + 4, 2);
    if (oh < 0 || om < 0 || b[j + 3] !== 58) return undefined;
    offset = (b[j] === 43 ? 1 : -1) * (oh * 60 + om);
    j += 6;
  } else return undefined;
  if (b[j] !== QUOTE) return undefined;
  return Date.UTC(y, mo - 1, d, h, mi, s) - offset * 60_000;
}

/** The earliest instant after `nowMs` among the JSON strings of `body` that are date-times; undefined if none. */
export function firstInstantAfter(body: Uint8Array, nowMs: number): number | undefined {
  let best: number | undefined;
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== QUOTE) continue;
    const t = instantAt(body, i + 1);
    if (t !== undefined && t > nowMs && (best === undefined || t < best)) best = t;
  }
  return best;
}

const policies = new WeakMap<DataHolder, CachePolicy>();

/**
 * The policy of the answers of `holder`'s data: one per holder, shared by the dispatcher and
 * the express routes (feeds); `maxAgeSeconds` is applied by the first call that gives it.
 */
export function cachePolicyOf(holder: DataHolder, maxAgeSeconds?: number): CachePolicy {
  let p = policies.get(holder);
  if (p === undefined || (maxAgeSeconds !== undefined && p.maxAge !== Math.max(1, Math.floor(maxAgeSeconds)))) {
    p = new CachePolicy(holder, maxAgeSeconds);
    policies.set(holder, p);
  }
  return p;
}
