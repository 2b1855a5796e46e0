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

/** The keys of an answer of `args` over the data of `version`. */
export function purgeKeysOf(
  dataset: unknown,
  version: string | null | undefined,
  args: Readonly<Record<string, unknown>>,
): PurgeKeys {
  let subject = 'all';
  const id = args.identifier;
  const code = args.code;
  if (typeof id === 'string') {
    try {
      subject = `market:${(dataset as Subjects).getMarket(id, false).fin_id}`;
    } catch {
      subject = `market:${id}`;
    }
  } else if (typeof code === 'string') subject = `currency:${code.toUpperCase()}`;
  const v = `v:${version ?? '-'}`;
  return { surrogate: `openbell ${v} ${subject}`, tag: `openbell,${v},${subject}` };
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
