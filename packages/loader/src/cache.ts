/**
 * The local cache: one directory holding the current archive (`bulk.zip`) and what is known
 * about it (`bulk.json`: source, ETag, Last-Modified, SHA-256, downloaded-at).
 *
 * Writers put the bytes in a temporary file in the same directory, flush it, and rename it
 * over `bulk.zip`, so a reader sees the old archive or the new one, never a mix. The metadata
 * records the archive's SHA-256; metadata that does not match the archive beside it (a crash
 * between the two renames) is ignored, so a stale ETag can never vouch for other bytes.
 * Updates take a lock file (`.lock`, created exclusively) so two processes do not download
 * and rename over each other; a lock left by a dead process or older than the stale limit is
 * broken.
 */
import { createRequire } from 'node:module';
import { mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ARCHIVE_FILE, LOCK_FILE, META_FILE } from '@openbell/core/protocol';
import { LoaderError } from './errors.js';

/**
 * node:crypto, loaded when first used: loading it is a noticeable part of a one-shot command's
 * start, and loading the bundled sample hashes nothing when its snapshot vouches for the bytes.
 */
let nodeCrypto: typeof import('node:crypto') | undefined;
const crypto = (): typeof import('node:crypto') => (nodeCrypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto'));

export { ARCHIVE_FILE, META_FILE };
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
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
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
      throw new LoaderError('io', `cannot create the cache directory ${this.dir}: ${(e as Error).message}`, { file: this.dir, cause: e });
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
   * Runs `fn` holding the directory's lock. Waits (polling) while another live process holds
   * it, up to `waitMs`; breaks a lock whose holder is gone or that is older than `staleMs`.
   */
  async withLock<T>(fn: () => Promise<T>, options: { waitMs?: number; staleMs?: number } = {}): Promise<T> {
    const waitMs = options.waitMs ?? 10 * 60_000;
    const staleMs = options.staleMs ?? 30 * 60_000;
    await this.ensureDir();
    const lockPath = join(this.dir, LOCK_FILE);
    const token = `${process.pid} ${crypto().randomBytes(6).toString('hex')}`;
    const until = Date.now() + waitMs;
    let delay = 20;
    for (;;) {
      try {
        await writeFile(lockPath, token, { flag: 'wx' });
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new LoaderError('io', `cannot lock the cache directory ${this.dir}: ${(e as Error).message}`, { file: lockPath, cause: e });
        }
      }
      if (await this.lockIsStale(lockPath, staleMs)) {
        await unlink(lockPath).catch(() => undefined);
        continue;
      }
      if (Date.now() > until) {
        throw new LoaderError('timeout', `the cache directory ${this.dir} stayed locked by another openbell process (${lockPath}); remove the file if no update is running`, { file: lockPath });
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 500);
    }
    try {
      return await fn();
    } finally {
      // Remove the lock only if it is still ours (it may have been broken as stale).
      const held = await readFile(lockPath, 'utf8').catch(() => null);
      if (held === token) await unlink(lockPath).catch(() => undefined);
    }
  }

  private async lockIsStale(lockPath: string, staleMs: number): Promise<boolean> {
    try {
      const [text, st] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]);
      if (Date.now() - st.mtimeMs > staleMs) return true;
      const pid = Number(text.split(' ')[0]);
      if (!Number.isInteger(pid) || pid <= 0) return Date.now() - st.mtimeMs > 5_000; // half-written or foreign
      if (pid === process.pid) return false;
      try {
        process.kill(pid, 0);
        return false;
      } catch (e) {
        return (e as NodeJS.ErrnoException).code === 'ESRCH';
      }
    } catch {
      return false; // vanished between attempts: just try again
    }
  }
}
