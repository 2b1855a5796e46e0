/**
 * Serialized answers kept per dataset object, for operations that depend only on their
 * arguments and the data: an LRU bounded in bytes, keyed by the operation and the arguments it
 * reads in canonical form (so ignored or reordered query parameters share one entry), and the
 * tag that makes their ETags change with the data. A swap brings a new dataset object and so
 * an empty cache.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Operation } from '@openbell/catalog';
import { SERVE_DEFAULTS } from '../defaults.js';

/** Default bound of the answer cache of one dataset. */
export const DEFAULT_CACHE_BYTES = SERVE_DEFAULTS.answerCacheMiB * 1024 * 1024;

/** Serialized answers, least recently used first, bounded in bytes (bodies and keys). */
export class BodyCache {
  private readonly entries: LRUCache<string, Buffer> | undefined;
  constructor(maxBytes: number) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<string, Buffer>({
            maxSize: maxBytes,
            // One answer may take at most an eighth of the cache, so a few big ones never flush it.
            maxEntrySize: maxBytes / 8,
            sizeCalculation: (body, key) => body.length + key.length * 2 + 96,
          })
        : undefined;
  }
  /** Bytes held (bodies and keys). */
  get size(): number {
    return this.entries?.calculatedSize ?? 0;
  }
  get(key: string): Buffer | undefined {
    return this.entries?.get(key);
  }
  set(key: string, body: Buffer): void {
    this.entries?.set(key, body);
  }
}

/** The operation and the arguments it read, in canonical form: the cache key. */
export function canonicalKey(op: Operation, args: Readonly<Record<string, unknown>>): string {
  let key = op.operationId;
  for (const name in op.params) key += `\u0000${String(args[name])}`;
  return key;
}

/** A dataset's answer cache and the tag its ETags carry. */
export interface DatasetCache {
  cache: BodyCache;
  tag: string;
}

interface Data {
  dataset: object;
  meta: { version?: string | null; loadedAt?: unknown };
}

/** Answer caches by dataset object: a swap starts an empty cache and lets the old one go. */
export function answerCaches(cacheBytes: number): (data: Data) => DatasetCache {
  const caches = new WeakMap<object, DatasetCache>();
  return (data) => {
    let c = caches.get(data.dataset);
    if (!c) {
      // The ETag changes with the data: its version (or, without one, when it was loaded).
      const tag = createHash('sha256')
        .update(`${data.meta.version ?? ''}\u0000${String(data.meta.loadedAt)}`)
        .digest('base64url')
        .slice(0, 12);
      caches.set(data.dataset, (c = { cache: new BodyCache(cacheBytes), tag }));
    }
    return c;
  };
}

/** The weak ETag of a body no key names (the change log's answers, the OpenAPI document): a digest of its bytes. */
export function bytesEtag(body: Uint8Array): string {
  return `W/"c-${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}
