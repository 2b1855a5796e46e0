/**
 * Requests read before, by URL: the operation and the arguments it read (a pure function of
 * the URL), so a repeated URL skips matching, decoding and validation. Only valid readings are
 * kept, from a URL's second request on (repeats.ts); long URLs and URLs carrying a credential
 * are not.
 */
import { scrubSecrets } from '@openbell/core/secrets';
import type { Operation } from '@openbell/catalog';
import type { PurgeKeys } from './purge-keys.js';
import type { DataHead } from './data-head.js';
import { Repeats } from './repeats.js';

/** URLs whose reading is kept, and the longest kept. */
const READINGS_KEPT = 512;
const READING_URL_MAX_LENGTH = 512;

/** What a request's URL says: the operation and its arguments read and validated. */
export interface Reading {
  op: Operation;
  args: Readonly<Record<string, unknown>>;
  /** The `format` query parameter as given (CSV answers are asked for by it or by Accept). */
  format: unknown;
  /**
   * For answers keyed by their URL, made on first use: the answer cache key, and the ETags of the data tagged
   * `etagOf`.
   */
  key?: string;
  etag?: string;
  /** The ETag of the same answer as CSV. */
  csvEtag?: string;
  etagOf?: string;
  /** The purge keys of the answer (purge-keys.ts) over the dataset `keysOf`. */
  keys?: PurgeKeys;
  keysOf?: object;
  /** Whether its answer depends on the URL and the data alone (an ETag of its key). */
  keyed?: boolean;
  /** What its answer says to caches, and the headers kept for it (data-head.ts). */
  head?: DataHead;
}

export class UrlMemo {
  private readonly readings = new Repeats<Reading>(READINGS_KEPT);
  get(url: string): Reading | undefined {
    return this.readings.get(url);
  }
  /** Keeps `reading` for `url` (true when kept); shared by later requests, so nothing downstream may write to its args. */
  remember(url: string, reading: Reading): boolean {
    // A URL carrying a credential (ignored here, but a token all the same) is not kept.
    // Checked before `repeated`, so not even the set of URLs seen once holds one.
    if (url.length > READING_URL_MAX_LENGTH || scrubSecrets(url) !== url || !this.readings.repeated(url)) return false;
    this.readings.set(url, reading);
    return true;
  }
}
