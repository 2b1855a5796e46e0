/**
 * Remote sources: the vendor's hosted endpoint (`{baseUrl}/v4/download` with a bearer token)
 * and any plain URL, both kept in a local cache (cache.ts).
 *
 * - `load()` serves the cached archive when it came from this source and still loads;
 *   otherwise it downloads. Starting offline with a good cache works.
 * - `update()` sends `If-None-Match` with the cached ETag (`If-Modified-Since` for plain URLs
 *   without one); 304 means up to date. A download is verified (it opens as a ZIP and builds a
 *   Dataset) before it replaces the cached archive, so a failed, partial or corrupt download
 *   leaves the cache and the data being served as they were.
 * - `check()` asks with HEAD whether a newer version exists, downloading nothing.
 * Updates hold the cache's lock; when another process updated the cache meanwhile, a 304 for
 * its ETag still hands this process the newer archive from disk.
 */
import { ArchiveCache, sha256, type CacheMeta } from './cache.js';
import { LoaderError } from './errors.js';
import {
  readBody,
  redactUrl,
  retryAfterMs,
  send,
  statusError,
  withRetries,
  type FetchedResponse,
  type HttpOptions,
} from './http.js';
import type { ParseOptions } from './local.js';
import { loadFromBytesOffThread } from './offthread.js';
import type { CheckResult, DataSource, LoadedData, UpdateResult } from './types.js';

export interface RemoteSourceConfig {
  kind: 'hosted' | 'url';
  /** The URL requested first (`{baseUrl}/v4/download` or the URL given). */
  url: string;
  token?: string;
  cacheDir: string;
  http?: HttpOptions;
  parse?: ParseOptions;
  /** How long an update waits for another process's lock on the cache (ms). */
  lockWaitMs?: number;
  /** Verify and build off the event loop (default true); false: in-thread. */
  offThread?: boolean;
}

type Fetched =
  | { notModified: true }
  | { notModified: false; bytes: Uint8Array; etag: string | null; lastModified: string | null };

export class RemoteSource implements DataSource {
  readonly kind: 'hosted' | 'url';
  readonly isRemote = true;
  readonly description: string;
  private readonly cache: ArchiveCache;
  private readonly tokenOrigin: string | undefined;
  /** SHA-256 of the archive this source last handed out. */
  private loadedSha: string | null = null;
  /**
   * The published version (ETag, else Last-Modified) whose download failed verification, and
   * why. Until the server's version changes, updates learn it with HEAD and download nothing.
   */
  private rejected: { version: string; error: LoaderError } | null = null;

  constructor(private readonly config: RemoteSourceConfig) {
    this.kind = config.kind;
    this.description = redactUrl(config.url);
    this.cache = new ArchiveCache(config.cacheDir);
    this.tokenOrigin = config.token ? new URL(config.url).origin : undefined;
  }

  /** The cache's archive, whether or not it exists yet (a publisher waits for it). */
  archivePath(): string {
    return this.cache.archivePath;
  }

  async load(): Promise<LoadedData> {
    const cached = await this.cache.read();
    if (cached?.meta && cached.meta.source === this.description) {
      try {
        return await this.build(cached.bytes, cached.meta, cached.sha256);
      } catch {
        // A damaged cache is replaced by a fresh download below; if that fails, its error says why.
      }
    }
    const result = await this.update({ force: true });
    if (result.status === 'updated') return result.data;
    throw new LoaderError('http', `${this.description} reported no change, but there is no usable cached archive`);
  }

  /** The version that failed verification and is not downloaded again until it changes. */
  get rejectedVersion(): string | null {
    return this.rejected?.version ?? null;
  }

  async update(options: { force?: boolean } = {}): Promise<UpdateResult> {
    if (!options.force && this.rejected) await this.refuseKnownBad(this.rejected);
    return this.cache.withLock(
      async () => {
        const stored = await this.usableMeta();
        const headers: Record<string, string> = { accept: 'application/zip, */*' };
        if (!options.force && stored?.etag) headers['if-none-match'] = stored.etag;
        else if (!options.force && stored?.lastModified && this.kind === 'url')
          headers['if-modified-since'] = stored.lastModified;
        const got = await this.fetchArchive('GET', headers);
        if (got.notModified) {
          this.rejected = null; // the server is back on the version we hold
          if (stored && this.loadedSha !== null && stored.sha256 !== this.loadedSha) {
            // Another process already downloaded what the server has, after this one loaded.
            const cached = await this.cache.read();
            if (cached?.meta)
              return { status: 'updated', data: await this.build(cached.bytes, cached.meta, cached.sha256) };
          }
          return { status: 'up_to_date' };
        }
        const downloadedAt = new Date().toISOString();
        const hash = sha256(got.bytes);
        const meta: CacheMeta = {
          format: 1,
          source: this.description,
          etag: got.etag,
          lastModified: got.lastModified,
          sha256: hash,
          size: got.bytes.byteLength,
          downloadedAt,
        };
        let data: LoadedData;
        this.config.http?.onProgress?.({
          loaded: got.bytes.byteLength,
          total: got.bytes.byteLength,
          stage: 'verifying',
        });
        try {
          data = await this.build(got.bytes, meta, hash); // throws on a bad archive: nothing replaced
        } catch (e) {
          const version = got.etag ?? (got.lastModified ? `last-modified ${got.lastModified}` : null);
          if (version !== null && e instanceof LoaderError) this.rejected = { version, error: e };
          throw e;
        }
        this.rejected = null;
        await this.cache.commit(got.bytes, meta);
        return { status: 'updated', data };
      },
      { waitMs: this.config.lockWaitMs },
    );
  }

  async check(): Promise<CheckResult> {
    const stored = await this.usableMeta();
    const headers: Record<string, string> = {};
    if (stored?.etag) headers['if-none-match'] = stored.etag;
    const res = await withRetries(async () => {
      const f = await this.request('HEAD', headers);
      await f.response.body?.cancel().catch(() => undefined);
      return f;
    }, this.config.http);
    const h = res.response.headers;
    const etag = res.firstHeaders.get('etag') ?? h.get('etag') ?? stored?.etag ?? null;
    const length = h.get('content-length');
    return {
      upToDate: res.response.status === 304 || (etag !== null && etag === stored?.etag),
      etag,
      lastModified: h.get('last-modified') ?? res.firstHeaders.get('last-modified'),
      contentLength: res.response.status !== 304 && length !== null && /^\d+$/.test(length) ? Number(length) : null,
    };
  }

  /**
   * Asks (HEAD) which version the server has now; throws when it is still the one that failed
   * verification, so nothing is downloaded. When HEAD itself fails the update goes ahead.
   */
  private async refuseKnownBad(rejected: { version: string; error: LoaderError }): Promise<void> {
    let now: string | null;
    try {
      const f = await withRetries(
        async () => {
          const got = await this.request('HEAD', {});
          await got.response.body?.cancel().catch(() => undefined);
          return got;
        },
        { ...this.config.http, retries: 0 },
      );
      const etag = f.firstHeaders.get('etag') ?? f.response.headers.get('etag');
      const lastModified = f.response.headers.get('last-modified') ?? f.firstHeaders.get('last-modified');
      now = etag ?? (lastModified ? `last-modified ${lastModified}` : null);
    } catch {
      return;
    }
    if (now === rejected.version) {
      throw new LoaderError(
        rejected.error.code,
        `the published version ${rejected.version} failed verification (${rejected.error.message}); not downloading ` +
          `it again until the server publishes another version`,
        { file: rejected.error.file, line: rejected.error.line, column: rejected.error.column },
      );
    }
  }

  /** Cached metadata when it belongs to this source. */
  private async usableMeta(): Promise<CacheMeta | null> {
    const meta = await this.cache.readMeta();
    return meta && meta.source === this.description ? meta : null;
  }

  /** Verifies and builds off the event loop (offthread.ts): a running server keeps answering. */
  private async build(bytes: Uint8Array, meta: CacheMeta, hash: string): Promise<LoadedData> {
    const data = await loadFromBytesOffThread(
      bytes,
      {
        source: this.description,
        kind: this.kind,
        version: meta.etag ?? `sha256:${hash}`,
        downloadedAt: meta.downloadedAt,
      },
      this.config.parse,
      { worker: this.config.offThread ?? true },
    );
    this.loadedSha = hash;
    return data;
  }

  private async request(method: 'GET' | 'HEAD', headers: Record<string, string>): Promise<FetchedResponse> {
    const f = await send(
      { method, url: this.config.url, headers, token: this.config.token, tokenOrigin: this.tokenOrigin },
      this.config.http,
    );
    const err = statusError(f.response, f.finalUrl, {
      hosted: this.kind === 'hosted',
      hadToken: Boolean(this.config.token),
    });
    if (err) {
      await f.response.body?.cancel().catch(() => undefined);
      const wait = retryAfterMs(f.response.headers.get('retry-after'), Date.now());
      if (wait !== undefined) Object.assign(err, { retryAfterMs: wait });
      throw err;
    }
    return f;
  }

  private fetchArchive(method: 'GET', headers: Record<string, string>): Promise<Fetched> {
    return withRetries(async () => {
      const f = await this.request(method, headers);
      if (f.response.status === 304) {
        await f.response.body?.cancel().catch(() => undefined);
        return { notModified: true };
      }
      const bytes = await readBody(f, this.config.http);
      return {
        notModified: false,
        bytes,
        etag: f.firstHeaders.get('etag') ?? f.response.headers.get('etag'),
        lastModified: f.response.headers.get('last-modified') ?? f.firstHeaders.get('last-modified'),
      };
    }, this.config.http);
  }
}
