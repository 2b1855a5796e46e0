/**
 * `createDataSource` picks where data comes from:
 *   1. `data` given: an `http(s)://` URL (downloaded into the cache), a `file://` URL, or a
 *      path to a ZIP or to a directory holding `csv/`;
 *   2. else a `token`: the hosted endpoint `{baseUrl}/v4/download`, cached;
 *   3. else the bundled sample dataset.
 * Local sources reload when the file (or a CSV in the directory) changes on disk.
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync, statSync } from 'node:fs';
import { DOWNLOAD_PATH } from './protocol.js';
import { defaultCacheDir } from './cache.js';
import { LoaderError } from './errors.js';
import { isLoopback, type FetchLike, type HttpOptions } from './http.js';
import { loadSample, samplePath, SAMPLE_SOURCE, type ParseOptions } from './local.js';
import { loadFromPathOffThread } from './offthread.js';
import { RemoteSource } from './remote.js';
import type { CheckResult, DataKind, DataSource, LoadedData, ProgressCallback, UpdateResult } from './types.js';

/** The vendor's API, used when a token is given without a base URL. */
export const DEFAULT_BASE_URL = 'https://api.tradinghours.com';
export { DOWNLOAD_PATH };

export interface SourceOptions {
  /** A ZIP path, a directory holding `csv/`, a `file://` URL or an `http(s)://` URL. */
  data?: string;
  /** Bearer token for the hosted endpoint; used only when `data` is not given. */
  token?: string;
  /** Hosted endpoint base URL (default DEFAULT_BASE_URL). */
  baseUrl?: string;
  /** Where downloads are cached (default `defaultCacheDir()`). */
  cacheDir?: string;
  /** Where the bundled sample.zip is (bundled CLIs pass their own copy). */
  samplePath?: string;
  onProgress?: ProgressCallback;
  fetch?: FetchLike;
  /** Longest wait for an answer and longest stall mid-download (ms, default 30 000). */
  timeoutMs?: number;
  /** Further attempts after a network error, timeout, 429 or 5xx (default 3). */
  retries?: number;
  /** First backoff delay (ms, default 1 000), doubling per attempt. */
  retryDelayMs?: number;
  /** Largest download accepted (bytes, default 512 MiB). */
  maxBytes?: number;
  /** Cap on the archive's uncompressed CSVs (bytes, default 512 MiB). */
  maxUncompressedBytes?: number;
  /**
   * Load off the event loop (offthread.ts: worker parse and verification, Dataset built in
   * slices), for a server that keeps answering during an update. Default true; false loads
   * in-thread, quicker for one-shot commands.
   */
  offThread?: boolean;
  /**
   * Send the token to a plain `http://` base URL that is not loopback: only for a publisher
   * reached over a private network (a compose network, a cluster Service). Default false.
   */
  allowInsecureHttp?: boolean;
}

export function createDataSource(options: SourceOptions = {}): DataSource {
  const parse: ParseOptions = options.maxUncompressedBytes
    ? { maxUncompressedBytes: options.maxUncompressedBytes }
    : {};
  const offThread = options.offThread ?? true;
  const http: HttpOptions = {
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    retries: options.retries,
    retryDelayMs: options.retryDelayMs,
    maxBytes: options.maxBytes,
    onProgress: options.onProgress,
  };
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const data = options.data?.trim();
  if (data) {
    if (/^https?:\/\//i.test(data)) {
      let url: URL;
      try {
        url = new URL(data);
      } catch {
        throw new LoaderError('config_invalid', `the data URL is not a valid URL`);
      }
      if (url.username || url.password) {
        throw new LoaderError(
          'config_invalid',
          'the data URL must not carry user:password@ credentials; use a presigned URL or the hosted endpoint with a ' +
            'token',
        );
      }
      return new RemoteSource({ kind: 'url', url: url.toString(), cacheDir, http, parse, offThread });
    }
    if (/^file:/i.test(data)) {
      let path: string;
      try {
        path = fileURLToPath(data);
      } catch (e) {
        throw new LoaderError('config_invalid', `${data} is not a usable file:// URL (${(e as Error).message})`, {
          cause: e,
        });
      }
      return new LocalSource(path, parse, offThread);
    }
    if (/^[a-z][a-z0-9+.-]+:\/\//i.test(data)) {
      throw new LoaderError(
        'config_invalid',
        `unsupported data URL scheme in ${data.split('://')[0]}://…; use https://, http://, file:// or a path`,
      );
    }
    return new LocalSource(data, parse, offThread);
  }
  if (options.token) {
    const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    let url: URL;
    try {
      url = new URL(`${base}${DOWNLOAD_PATH}`);
    } catch {
      throw new LoaderError('config_invalid', `the base URL is not a valid URL`);
    }
    if (url.username || url.password) {
      throw new LoaderError(
        'config_invalid',
        'the base URL must not carry user:password@ credentials; the token is sent as a bearer header',
      );
    }
    if (
      url.protocol !== 'https:' &&
      !(url.protocol === 'http:' && (isLoopback(url.hostname) || options.allowInsecureHttp === true))
    ) {
      throw new LoaderError(
        'config_invalid',
        `the base URL must use https:// (plain http only on loopback, or with allowInsecureHttp inside a private ` +
          `network), so the token is not sent in the clear`,
      );
    }
    return new RemoteSource({
      kind: 'hosted',
      url: url.toString(),
      token: options.token,
      cacheDir,
      http,
      parse,
      offThread,
    });
  }
  return new SampleSource(options.samplePath ?? samplePath());
}

/** Version stamp of a path: the file's mtime and size, or the newest CSV in a directory. */
async function versionOf(path: string): Promise<string | null> {
  try {
    const st = await stat(path);
    if (!st.isDirectory()) return `${st.mtime.toISOString()} ${st.size}`;
    const folder = statSync(join(path, 'csv'), { throwIfNoEntry: false })?.isDirectory() ? join(path, 'csv') : path;
    let latest = '';
    for (const n of readdirSync(folder)) {
      if (!n.toLowerCase().endsWith('.csv')) continue;
      const s = statSync(join(folder, n));
      const v = `${s.mtime.toISOString()} ${s.size} ${n}`;
      if (v > latest) latest = v;
    }
    return latest || null;
  } catch {
    return null;
  }
}

/** A ZIP file or a directory on disk; `update()` reloads when it changed. */
export class LocalSource implements DataSource {
  readonly isRemote = false;
  readonly description: string;
  private seen: string | null = null;
  kind: DataKind = 'file';

  constructor(
    path: string,
    private readonly parse: ParseOptions = {},
    private readonly offThread = true,
  ) {
    this.description = resolve(path);
  }

  archivePath(): string | null {
    const st = statSync(this.description, { throwIfNoEntry: false });
    return st?.isDirectory() ? null : this.description;
  }

  async load(): Promise<LoadedData> {
    const version = await versionOf(this.description);
    const data = await loadFromPathOffThread(this.description, this.parse, { worker: this.offThread });
    this.kind = data.meta.kind;
    this.seen = version;
    return data;
  }

  async update(options: { force?: boolean } = {}): Promise<UpdateResult> {
    const version = await versionOf(this.description);
    if (!options.force && version !== null && version === this.seen) return { status: 'up_to_date' };
    return { status: 'updated', data: await this.load() };
  }

  async check(): Promise<CheckResult> {
    const version = await versionOf(this.description);
    if (version === null)
      throw new LoaderError('not_found', `no data at ${this.description}: the path does not exist`, {
        file: this.description,
      });
    return {
      upToDate: version === this.seen,
      etag: null,
      lastModified: version.split(' ')[0] ?? null,
      contentLength: null,
    };
  }
}

/** The bundled sample: never changes while running. */
export class SampleSource implements DataSource {
  readonly kind = 'sample' as const;
  readonly isRemote = false;
  readonly description = SAMPLE_SOURCE;

  constructor(private readonly path: string) {}

  archivePath(): string {
    return this.path;
  }

  load(): Promise<LoadedData> {
    return loadSample(this.path);
  }

  async update(): Promise<UpdateResult> {
    return { status: 'up_to_date' };
  }

  async check(): Promise<CheckResult> {
    return { upToDate: true, etag: null, lastModified: null, contentLength: null };
  }
}
