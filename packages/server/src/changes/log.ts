/**
 * The change log: the last N change sets, in memory and in `<cache>/changes/` (one file per
 * change set plus `index.json`), and the pure queries behind `GET /changes` and
 * `GET /changes/{to_version}`.
 *
 * Choices where the vendor is silent (docs/data-changes.md §2):
 * - `since=V` is known when V is the from_version or to_version of a kept change set, or a
 *   version whose change set was kept once and has since been dropped (the index remembers
 *   those, so an old V answers 410 rather than 404). V equal to the latest to_version answers
 *   an empty list.
 * - A `markets` entry is resolved through the served Dataset (a MIC to its FinID, several
 *   FinIDs for a MIC shared by several markets); one the Dataset does not know is kept as
 *   written, so the changes of a removed market can still be asked for.
 * - A change set without a to_version (data without a version) is not logged: nothing could
 *   address it.
 */
import { join } from 'node:path';
import { filterChanges, type CalendarQueries, type ChangeSet } from '@openbell/core';
import type { Logger } from 'pino';
import { ensureDir, fileNameFor, readJsonFile, Serial, writeAtomic } from './files.js';

export const DEFAULT_KEEP_CHANGES = 50;
/** Dropped versions remembered for the 410 answer; beyond this an ancient V is simply unknown (404). */
const MAX_DROPPED = 10_000;
const INDEX_FILE = 'index.json';

/** 404 (`code` not_found, as core's errors) or 410; `expose` lets the server's error mapping pass the message on. */
export class ChangesQueryError extends Error {
  readonly expose = true;
  readonly code: 'not_found' | 'gone';
  constructor(
    readonly status: 404 | 410,
    message: string,
    /** For 410: the oldest change set kept. */
    readonly oldestKept?: { from_version: string | null; to_version: string },
  ) {
    super(message);
    this.name = 'ChangesQueryError';
    this.code = status === 404 ? 'not_found' : 'gone';
  }
}

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
  /** Change sets kept; default 50. */
  keep?: number | undefined;
  logger: Logger;
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
  private readonly logger: Logger;
  private readonly writes: boolean;
  private readonly serial = new Serial();

  constructor(options: ChangeLogOptions) {
    this.keep = Math.max(1, Math.floor(options.keep ?? DEFAULT_KEEP_CHANGES));
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
        .catch((e: unknown) => this.logger.warn({ err: (e as Error).message, dir }, 'cannot write the change log; it is kept in memory'));
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
      entries: this.sets.map((s) => ({ to_version: s.to_version!, from_version: s.from_version, file: `${fileNameFor(s.to_version!)}.json` })),
      dropped: [...this.dropped],
    };
  }

  private read(dir: string): void {
    if (this.writes) {
      try {
        ensureDir(dir);
      } catch (e) {
        // A read-only or missing cache folder costs the persistence, never the server.
        this.logger.warn({ dir, err: (e as Error).message }, 'cannot create the change log folder; change sets are kept in memory only');
      }
    }
    const raw = readJsonFile(join(dir, INDEX_FILE), this.logger, 'the change log index') as Partial<IndexFile> | undefined;
    if (!raw) return;
    if (Array.isArray(raw.dropped)) for (const v of raw.dropped) if (typeof v === 'string') this.dropped.push(v);
    const entries = Array.isArray(raw.entries) ? raw.entries : [];
    for (const e of entries) {
      if (!e || typeof e.file !== 'string' || typeof e.to_version !== 'string' || /[/\\]/.test(e.file)) continue;
      const cs = readJsonFile(join(dir, e.file), this.logger, 'a change log file') as ChangeSet | undefined;
      if (!cs || cs.to_version !== e.to_version || !Array.isArray(cs.changes) || typeof cs.summary !== 'object') {
        if (cs) this.logger.warn({ file: e.file }, 'a change log file does not hold the change set its index names; skipped');
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

// ---- queries ----

/** A comma list, or several (repeated query parameters); empty entries left out. */
export type ListParam = string | readonly string[] | undefined | null;

export interface ChangesQuery {
  since?: string | null | undefined;
  markets?: ListParam;
  currencies?: ListParam;
}

export interface ChangeFilterParams {
  markets?: ListParam;
  currencies?: ListParam;
}

function splitList(v: ListParam): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const items = (typeof v === 'string' ? [v] : v).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
  return items.length ? items : undefined;
}

/** FinIDs for the `markets` entries (FinIDs or MICs), through the served data when there is one. */
export function resolveMarkets(dataset: CalendarQueries | undefined, ids: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of ids) {
    try {
      if (!dataset) throw new Error('no data');
      out.add(dataset.getMarket(id).fin_id);
    } catch (e) {
      const candidates = (e as { code?: string; candidates?: unknown }).code === 'ambiguous' ? (e as { candidates: unknown }).candidates : undefined;
      if (Array.isArray(candidates)) for (const c of candidates) out.add(String(c));
      else out.add(id.toUpperCase());
    }
  }
  return [...out];
}

/** The change set with only the named markets' and currencies' changes (summary recounted); as is without filters. */
export function applyFilter(changeSet: ChangeSet, dataset: CalendarQueries | undefined, params: ChangeFilterParams): ChangeSet {
  const markets = splitList(params.markets);
  const currencies = splitList(params.currencies);
  if (!markets && !currencies) return changeSet;
  return filterChanges(changeSet, {
    ...(markets ? { markets: resolveMarkets(dataset, markets) } : {}),
    ...(currencies ? { currencies } : {}),
  });
}

/**
 * `GET /changes?since=V&markets=…&currencies=…`: `{versions}`, oldest first; without `since`
 * the latest alone (none before any). Throws ChangesQueryError (404 unknown V, 410 V older
 * than the oldest kept).
 */
export function queryChanges(log: ChangeLog, dataset: CalendarQueries | undefined, query: ChangesQuery): { versions: ChangeSet[] } {
  const sets = log.list();
  let picked: readonly ChangeSet[];
  const since = query.since ?? undefined;
  if (since === undefined || since === '') {
    const latest = log.latest();
    picked = latest ? [latest] : [];
  } else {
    const afterTo = sets.findIndex((s) => s.to_version === since);
    const fromAt = sets.findIndex((s) => s.from_version === since);
    if (afterTo >= 0 && (fromAt < 0 || afterTo < fromAt)) picked = sets.slice(afterTo + 1);
    else if (fromAt >= 0) picked = sets.slice(fromAt);
    else if (log.droppedVersions().includes(since) && sets.length > 0) {
      const oldest = sets[0]!;
      const from = oldest.from_version ?? oldest.to_version!;
      throw new ChangesQueryError(
        410,
        `Version ${since} is older than the change sets kept (the last ${log.keep}): the oldest kept is version ${oldest.to_version} (from ${from}); ask with since=${from} or later`,
        { from_version: oldest.from_version, to_version: oldest.to_version! },
      );
    } else throw new ChangesQueryError(404, `Version '${since}' is not known to the change log`);
  }
  return { versions: picked.map((s) => applyFilter(s, dataset, query)) };
}

/** `GET /changes/{to_version}` (filters allowed as on /changes). Throws ChangesQueryError 404 when unknown. */
export function getChanges(log: ChangeLog, dataset: CalendarQueries | undefined, toVersion: string, filter: ChangeFilterParams = {}): ChangeSet {
  const cs = log.get(toVersion);
  if (!cs) throw new ChangesQueryError(404, `No change set for version '${toVersion}'`);
  return applyFilter(cs, dataset, filter);
}
