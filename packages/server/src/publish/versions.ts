/**
 * The archive as published without verification: opened once per request, its version (the
 * SHA-256 of its bytes) cached by file identity (dev, inode, size, mtime, ctime), so replacing
 * the file (atomic rename, or an import writing it) changes the version on the next request.
 */
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';

/** An open archive and its version: ETag, length and bytes all come from this one handle. */
export interface Opened {
  handle: FileHandle;
  stat: Stats;
  /** Lower-case hex SHA-256 of the file. */
  version: string;
}

export const statKey = (s: Stats): string => `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;

export async function hashHandle(handle: FileHandle, size: number): Promise<string> {
  const hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(Math.min(Math.max(size, 1), 1 << 20));
  let pos = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buf, 0, buf.length, pos);
    if (bytesRead === 0) break;
    hash.update(buf.subarray(0, bytesRead));
    pos += bytesRead;
  }
  return hash.digest('hex');
}

/** Opens `archivePath` and finds its version; null when there is no archive. */
export function archiveOpener(archivePath: string, logger: Logger | undefined): () => Promise<Opened | null> {
  // A handful is plenty: the current file and the one before.
  const hashes = new LRUCache<string, Promise<string>>({ max: 4 });
  let lastLogged: string | undefined;
  return async () => {
    for (let attempt = 0; ; attempt++) {
      let handle: FileHandle;
      try {
        handle = await open(archivePath, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        const k = statKey(stat);
        let p = hashes.get(k);
        if (!p) {
          p = hashHandle(handle, stat.size);
          hashes.set(k, p);
          p.catch(() => hashes.delete(k));
        }
        const version = await p;
        // Written in place while we hashed: hash again (an atomic rename never gets here).
        const after = await handle.stat();
        if (statKey(after) !== k && attempt < 3) {
          hashes.delete(k);
          await handle.close();
          continue;
        }
        if (version !== lastLogged) {
          lastLogged = version;
          logger?.info({ etag: `"${version}"`, size: stat.size }, 'publishing archive');
        }
        return { handle, stat, version };
      } catch (err) {
        await handle.close().catch(() => undefined);
        throw err;
      }
    }
  };
}
