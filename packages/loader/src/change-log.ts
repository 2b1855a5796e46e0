/**
 * The change log: the last N change sets, in memory and in `<cache>/changes/` (one file per
 * change set plus `index.json`). A server writes it; `openbell changes` reads the folder. The
 * queries over it (`GET /changes`) are the catalogue's (change-queries.ts there).
 *
 * The index also remembers versions whose change sets were dropped, so an old `since` answers
 * 410 rather than 404 (docs/data-changes.md §2). A change set without a to_version (data without
 * a version) is not logged: nothing could address it.
 */
import { join } from 'node:path';
import type { ChangeSet } from '@openbell/core';
import { ensureDir, fileNameFor, readJsonFile, Serial, writeAtomic, type WarnLogger } from './files.js';

/** Dropped versions remembered for the 410 answer; beyond this an ancient V is simply unknown (404). */
const MAX_DROPPED = 10_000;
const INDEX_FILE = 'index.json';

interface IndexEntry {
  to_version: string;
  from_version: string | null;
  file: string;
}
interface IndexFile {
  entries: IndexEntry[];
  dropped: string[];
}

export interface ChangeLogOptions {
  /** The folder for the files (`<cache>/changes`); none keeps the log in memory only. */
  dir?: string | undefined;
  /** Change sets kept (the server's `--keep-changes`). */
  keep: number;
  logger: WarnLogger;
  /**
   * False for a process that reads the folder but leaves writing it to another (a cluster
   * worker: the primary writes). Default true.
   */
  writes?: boolean;
}

export class ChangeLog {
  readonly keep: number;
  private readonly sets: ChangeSet[] = [];
  private readonly dropped: string[] = [];
  private readonly dir: string | undefined;
  private readonly logger: WarnLogger;
  private readonly writes: boolean;
  private readonly serial = new Serial();

  constructor(options: ChangeLogOptions) {
    this.keep = Math.max(1, Math.floor(options.keep));
    this.dir = options.dir;
    this.logger = options.logger;
    this.writes = options.writes ?? true;
    if (this.dir) this.read(this.dir);
  }

  /** Kept change sets, oldest first. */
  list(): readonly ChangeSet[] {
    return this.sets;
  }

  latest(): ChangeSet | undefined {
    return this.sets[this.sets.length - 1];
  }

  get(toVersion: string): ChangeSet | undefined {
    for (let i = this.sets.length - 1; i >= 0; i--) if (this.sets[i]!.to_version === toVersion) return this.sets[i];
    return undefined;
  }

  /** Versions whose change sets were dropped, oldest first. */
  droppedVersions(): readonly string[] {
    return this.dropped;
  }

  /**
   * Adds a change set (memory at once; the files follow in the background, see `flush`).
   * A change set for a version already logged replaces it (a cluster primary re-sending).
   */
  add(changeSet: ChangeSet): void {
    const to = changeSet.to_version;
    if (to === null) return;
    const at = this.sets.findIndex((s) => s.to_version === to);
    if (at >= 0) this.sets.splice(at, 1);
    this.sets.push(changeSet);
    const gone: ChangeSet[] = [];
    while (this.sets.length > this.keep) gone.push(this.sets.shift()!);
    for (const g of gone) {
      if (g.from_version !== null) this.remember(g.from_version);
      this.remember(g.to_version!);
    }
    if (this.dir && this.writes) {
      const dir = this.dir;
      const index = this.indexFile();
      void this.serial
        .run(async () => {
          await writeAtomic(join(dir, `${fileNameFor(to)}.json`), JSON.stringify(changeSet));
          // The index names only files already written, so a crash between the two leaves an
          // unlisted file, never a listed one that is missing.
          await writeAtomic(join(dir, INDEX_FILE), JSON.stringify(index));
          const { rm } = await import('node:fs/promises');
          for (const g of gone) {
            const name = `${fileNameFor(g.to_version!)}.json`;
            if (!index.entries.some((e) => e.file === name)) await rm(join(dir, name), { force: true });
          }
        })
        .catch((e: unknown) =>
          this.logger.warn({ err: (e as Error).message, dir }, 'cannot write the change log; it is kept in memory'),
        );
    }
  }

  /** Resolves once every file write started so far has finished. */
  flush(): Promise<void> {
    return this.serial.idle();
  }

  private remember(version: string): void {
    if (this.sets.some((s) => s.from_version === version || s.to_version === version)) return;
    const at = this.dropped.indexOf(version);
    if (at >= 0) this.dropped.splice(at, 1);
    this.dropped.push(version);
    if (this.dropped.length > MAX_DROPPED) this.dropped.splice(0, this.dropped.length - MAX_DROPPED);
  }

  private indexFile(): IndexFile {
    return {
      entries: this.sets.map((s) => ({
        to_version: s.to_version!,
        from_version: s.from_version,
        file: `${fileNameFor(s.to_version!)}.json`,
      })),
      dropped: [...this.dropped],
    };
  }

  private read(dir: string): void {
    if (this.writes) {
      try {
        ensureDir(dir);
      } catch (e) {
        // A read-only or missing cache folder costs the persistence, never the server.
        this.logger.warn(
          { dir, err: (e as Error).message },
          'cannot create the change log folder; change sets are kept in memory only',
        );
      }
    }
    const raw = readJsonFile(join(dir, INDEX_FILE), this.logger, 'the change log index') as
      | Partial<IndexFile>
      | undefined;
    if (!raw) return;
    if (Array.isArray(raw.dropped)) for (const v of raw.dropped) if (typeof v === 'string') this.dropped.push(v);
    const entries = Array.isArray(raw.entries) ? raw.entries : [];
    for (const e of entries) {
      if (!e || typeof e.file !== 'string' || typeof e.to_version !== 'string' || /[/\\]/.test(e.file)) continue;
      const cs = readJsonFile(join(dir, e.file), this.logger, 'a change log file') as ChangeSet | undefined;
      if (!cs || cs.to_version !== e.to_version || !Array.isArray(cs.changes) || typeof cs.summary !== 'object') {
        if (cs)
          this.logger.warn({ file: e.file }, 'a change log file does not hold the change set its index names; skipped');
        continue;
      }
      this.sets.push(cs);
    }
    // A smaller keepChanges than the last run's: keep the newest.
    while (this.sets.length > this.keep) {
      const g = this.sets.shift()!;
      if (g.from_version !== null) this.remember(g.from_version);
      this.remember(g.to_version!);
    }
  }
}
