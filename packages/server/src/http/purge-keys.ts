/**
 * Keys a CDN can purge by (docs/rest.md "Purge keys"): each data answer names, in
 * `Surrogate-Key` (space-separated, Fastly and others) and `Cache-Tag` (comma-separated,
 * Cloudflare), what it was made from:
 *   - `openbell`: every answer of the server;
 *   - `v:<version>`: the data version that answered (`v:-` for data without a version id);
 *   - `market:<FinID>` or `currency:<code>` for an answer about one market or currency, or
 *     `all` for an answer over several (lists, /status, overlap, calendars, the change log).
 * A change set lists the keys it touched (`purge_keys`, changes/feed.ts): the markets' and
 * currencies' keys and `all`, so a purge hook on the change feed drops exactly the answers that
 * may have changed; `v:<version>` drops a whole version at once.
 */
import type { Change, ChangeSet } from '@openbell/core';

export interface PurgeKeys {
  /** The `Surrogate-Key` header's value. */
  surrogate: string;
  /** The `Cache-Tag` header's value. */
  tag: string;
}

interface Subjects {
  getMarket(identifier: string, follow: boolean): { fin_id: string };
}

/** Most identifiers asked of one dataset whose keys are kept (bad or odd spellings beyond are made each time). */
const KEPT = 4096;

/** One dataset's keys, made once per market, currency and the rest: a request reads them, it makes none. */
interface Kept {
  /** `v:<version>`, made once. */
  version: string;
  all: PurgeKeys;
  markets: Map<string, PurgeKeys>;
  currencies: Map<string, PurgeKeys>;
}
const kept = new WeakMap<object, Kept>();

const keysNamed = (version: string, subject: string): PurgeKeys => ({
  surrogate: `openbell ${version} ${subject}`,
  tag: `openbell,${version},${subject}`,
});

/** The keys of an answer of `args` over `dataset`, the data of `version`. */
export function purgeKeysOf(
  dataset: object,
  version: string | null | undefined,
  args: Readonly<Record<string, unknown>>,
): PurgeKeys {
  let k = kept.get(dataset);
  if (k === undefined) {
    const v = `v:${version ?? '-'}`;
    kept.set(dataset, (k = { version: v, all: keysNamed(v, 'all'), markets: new Map(), currencies: new Map() }));
  }
  const v = k.version;
  // A market asked by its identifier, or by its FinID or MIC alone (/markets/finid/…, /markets/mic/…).
  const id = args.identifier ?? args.finid ?? args.mic;
  if (typeof id === 'string') {
    let keys = k.markets.get(id);
    if (keys === undefined) {
      let finId = id;
      try {
        finId = (dataset as Subjects).getMarket(id, false).fin_id;
      } catch {
        // Unknown: the answer is an error, which no cache keeps.
      }
      keys = keysNamed(v, `market:${finId}`);
      if (k.markets.size < KEPT) k.markets.set(id, keys);
    }
    return keys;
  }
  const code = args.code;
  if (typeof code === 'string') {
    let keys = k.currencies.get(code);
    if (keys === undefined) {
      keys = keysNamed(v, `currency:${code.toUpperCase()}`);
      if (k.currencies.size < KEPT) k.currencies.set(code, keys);
    }
    return keys;
  }
  return k.all;
}

/** The purge keys a change set touched: `all`, then each market's and currency's key once, in order. */
export function changeSetKeys(changes: readonly Change[]): string[] {
  const keys = new Set<string>(['all']);
  for (const c of changes) {
    const key = c.key as { fin_id?: string; currency_code?: string };
    if (key.fin_id !== undefined) keys.add(`market:${key.fin_id}`);
    else if (key.currency_code !== undefined) keys.add(`currency:${key.currency_code}`);
    // A phase type is read by every market's phases: everything.
    else keys.add('openbell');
  }
  return [...keys];
}

/** The change set with its `purge_keys` (an additive field: docs/data-changes.md). */
export function withPurgeKeys(changeSet: ChangeSet): ChangeSet & { purge_keys: string[] } {
  return { ...changeSet, purge_keys: changeSetKeys(changeSet.changes) };
}
