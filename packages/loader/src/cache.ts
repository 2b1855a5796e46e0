/**
 * The local cache: one directory holding the current archive (`bulk.zip`) and what is known
 * about it (`bulk.json`: source, ETag, Last-Modified, SHA-256, downloaded-at).
 *
 * Writers put the bytes in a temporary file in the same directory, flush it, and rename it
 * over `bulk.zip`, so a reader sees the old archive or the new one, never a mix. The metadata
 * records the archive's SHA-256; metadata that does not match the archive beside it (a crash
 * between the two renames) is ignored, so a stale ETag can never vouch for other bytes.
 * Updates take a lock (`.lock`, see withLock) so two processes do not download and rename over
 * each other; a lock its holder stopped refreshing (a dead process) is broken.
 */
import { createRequire } from 'node:module';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ARCHIVE_FILE, LOCK_FILE, META_FILE } from './protocol.js';
import { LoaderError } from './errors.js';

/**
 * node:crypto, loaded when first used: loading it is a noticeable part of a one-shot command's
 * start, and loading the bundled sample hashes nothing when its snapshot vouches for the bytes.
 */
let nodeCrypto: typeof import('node:crypto') | undefined;
const crypto = (): typeof import('node:crypto') =>
  (nodeCrypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto'));

export { ARCHIVE_FILE, META_FILE };
/** A lock its holder has not refreshed for this long is taken to be left by a dead process. */
export const DEFAULT_LOCK_STALE_MS = 10_000;
const META_FORMAT = 1;

export interface CacheMeta {
  format: number;
  /** The source the archive came from, as shown to users (no token, no presigned query). */
  source: string;
  etag: string | null;
  lastModified: string | null;
  sha256: string;
  size: number;
  downloadedAt: string;
}

export interface CachedArchive {
  path: string;
  bytes: Uint8Array;
  /** Null when the metadata is missing or does not describe these bytes. */
  meta: CacheMeta | null;
  sha256: string;
}

/** `$XDG_CACHE_HOME/openbell`, else the platform's user cache directory. */
export function defaultCacheDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'openbell');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'openbell');
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'openbell', 'Cache');
  return join(homedir(), '.cache', 'openbell');
}

export function sha256(bytes: Uint8Array): string {
  return crypto().createHash('sha256').update(bytes).digest('hex');
}

function isMeta(v: unknown): v is CacheMeta {
  const m = v as CacheMeta;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.format === META_FORMAT &&
    typeof m.source === 'string' &&
    typeof m.sha256 === 'string' &&
    typeof m.downloadedAt === 'string' &&
    (m.etag === null || typeof m.etag === 'string')
  );
}

export class ArchiveCache {
  readonly archivePath: string;
  readonly metaPath: string;

  constructor(readonly dir: string) {
    this.archivePath = join(dir, ARCHIVE_FILE);
    this.metaPath = join(dir, META_FILE);
  }

  /** Metadata alone (cheap; not checked against the archive). */
  async readMeta(): Promise<CacheMeta | null> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.metaPath, 'utf8'));
      return isMeta(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  /** The cached archive and, when it matches, its metadata; null when there is no archive. */
  async read(): Promise<CachedArchive | null> {
    let buf: Buffer;
    try {
      buf = await readFile(this.archivePath);
    } catch {
      return null;
    }
    const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    const hash = sha256(bytes);
    const meta = await this.readMeta();
    return { path: this.archivePath, bytes, sha256: hash, meta: meta && meta.sha256 === hash ? meta : null };
  }

  /** Replaces the archive and its metadata; `bytes` must already be verified. */
  async commit(bytes: Uint8Array, meta: Omit<CacheMeta, 'format' | 'sha256' | 'size'>): Promise<CacheMeta> {
    await this.ensureDir();
    const full: CacheMeta = { format: META_FORMAT, ...meta, sha256: sha256(bytes), size: bytes.byteLength };
    await this.atomicWrite(this.archivePath, bytes);
    await this.atomicWrite(this.metaPath, new TextEncoder().encode(`${JSON.stringify(full, null, 2)}\n`));
    return full;
  }

  private async ensureDir(): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true });
    } catch (e) {
      throw new LoaderError('io', `cannot create the cache directory ${this.dir}: ${(e as Error).message}`, {
        file: this.dir,
        cause: e,
      });
    }
  }

  private async atomicWrite(path: string, bytes: Uint8Array): Promise<void> {
    const tmp = `${path}.${process.pid}.${crypto().randomBytes(4).toString('hex')}.tmp`;
    try {
      // Asynchronous writes and fsync: a running server keeps answering while an update is
      // committed (a synchronous fsync can block for a long time on a busy disk).
      const fh = await open(tmp, 'w', 0o644);
      try {
        await fh.writeFile(bytes);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, path);
    } catch (e) {
      await rm(tmp, { force: true }).catch(() => undefined);
      throw new LoaderError('io', `cannot write ${path}: ${(e as Error).message}`, { file: path, cause: e });
    }
  }

  /**
   * Runs `fn` holding the directory's lock (proper-lockfile: a `.lock` directory whose holder
   * refreshes its time while it holds it). Waits, retrying, while another process holds it, up
   * to `waitMs`; a lock not refreshed for `staleMs` (its holder is gone) is broken.
   */
  async withLock<T>(fn: () => Promise<T>, options: { waitMs?: number; staleMs?: number } = {}): Promise<T> {
    const waitMs = options.waitMs ?? 10 * 60_000;
    const staleMs = options.staleMs ?? DEFAULT_LOCK_STALE_MS;
    await this.ensureDir();
    const lockPath = join(this.dir, LOCK_FILE);
    // Loaded on first use: one-shot commands that never update the cache do not pay for it.
    // A CommonJS module: its exports are the default export, in Node and in the CLI bundle alike.
    const { lock } = (await import('proper-lockfile')).default;
    let release: () => Promise<void>;
    try {
      release = await lock(this.dir, {
        lockfilePath: lockPath,
        realpath: false,
        stale: staleMs,
        retries: {
          retries: Math.ceil(waitMs / 500) + 8,
          factor: 2,
          minTimeout: Math.min(20, waitMs),
          maxTimeout: 500,
          maxRetryTime: waitMs,
        },
        // The renames are atomic whoever holds the lock: a lost refresh is no reason to crash.
        onCompromised: () => undefined,
      });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ELOCKED') {
        throw new LoaderError(
          'timeout',
          `the cache directory ${this.dir} stayed locked by another openbell process (${lockPath}); remove it if no ` +
            `update is running`,
          { file: lockPath },
        );
      }
      throw new LoaderError('io', `cannot lock the cache directory ${this.dir}: ${(e as Error).message}`, {
        file: lockPath,
        cause: e,
      });
    }
    try {
      return await fn();
    } finally {
      // Already released means it was broken as stale meanwhile: nothing of ours to remove.
      await release().catch(() => undefined);
    }
  }
}
