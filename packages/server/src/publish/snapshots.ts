/**
 * Verified publication: a new archive is copied, hashed and proved to load (the `verify`
 * option) before it is published; the publisher then serves its own copy, and a file that
 * fails is logged and leaves the previous publication in place (examined again only when the
 * file changes). Copies live in a temporary folder removed when the process exits.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { copyFile, mkdtemp, open, rename, rm, stat, utimes, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { hashHandle, statKey, type Opened } from './versions.js';

/** Snapshot folders of verified publications, removed when the process exits. */
const snapshotDirs = new Set<string>();
function removeAtExit(dir: string): void {
  if (snapshotDirs.size === 0) {
    process.once('exit', () => {
      for (const d of snapshotDirs) rmSync(d, { recursive: true, force: true });
    });
  }
  snapshotDirs.add(dir);
}

/** Opens the verified copy of `archivePath` (examining the file first if it changed); null when none passed yet. */
export function verifiedOpener(
  archivePath: string,
  verify: (path: string) => Promise<void>,
  logger: Logger | undefined,
): () => Promise<Opened | null> {
  let published: { version: string; path: string; size: number; mtime: Date } | null = null;
  /** Identity of the file last examined, accepted or refused: examined again only when it changes. */
  let examinedKey: string | undefined;
  let examining: Promise<void> | undefined;
  let snapshotDir: string | undefined;

  const examine = async (): Promise<void> => {
    let st: Stats;
    try {
      st = await stat(archivePath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // keep what is published
      throw err;
    }
    const k = statKey(st);
    if (k === examinedKey || !st.isFile()) return;
    if (!snapshotDir) {
      snapshotDir = await mkdtemp(join(tmpdir(), 'openbell-published-'));
      removeAtExit(snapshotDir);
    }
    const copy = join(snapshotDir, `incoming-${randomBytes(6).toString('hex')}.zip`);
    await copyFile(archivePath, copy);
    const after = await stat(archivePath);
    if (statKey(after) !== k) {
      // Changed while copying (written in place): look again on the next request.
      await rm(copy, { force: true });
      return;
    }
    const handle = await open(copy, 'r');
    let version: string;
    try {
      version = await hashHandle(handle, st.size);
    } finally {
      await handle.close();
    }
    if (published?.version === version) {
      examinedKey = k;
      await rm(copy, { force: true });
      return;
    }
    try {
      await verify(copy);
    } catch (err) {
      examinedKey = k;
      await rm(copy, { force: true });
      logger?.error(
        {
          err: err instanceof Error ? err.message : String(err),
          file: archivePath,
          sha256: version,
          keeping: published ? `"${published.version}"` : null,
        },
        'publish: the archive does not load; keeping the previous publication',
      );
      return;
    }
    const path = join(snapshotDir, `${version}.zip`);
    await rename(copy, path);
    await utimes(path, st.atime, st.mtime);
    const before = published;
    published = { version, path, size: st.size, mtime: st.mtime };
    examinedKey = k;
    logger?.info({ etag: `"${version}"`, size: st.size }, 'publishing archive');
    // Downloads in progress keep their open handle (POSIX); new ones get the new version.
    if (before && before.path !== path) await rm(before.path, { force: true }).catch(() => undefined);
  };

  const openVerified = async (): Promise<Opened | null> => {
    examining ??= examine().finally(() => {
      examining = undefined;
    });
    await examining;
    const p = published;
    if (!p) return null;
    let handle: FileHandle;
    try {
      handle = await open(p.path, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return openVerified(); // replaced meanwhile
      throw err;
    }
    return { handle, stat: await handle.stat(), version: p.version };
  };
  return openVerified;
}
