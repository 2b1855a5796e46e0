/**
 * The override set of one process (docs/overrides.md §3–4): the records, where they are kept,
 * and the data served with them applied. The vendor's data reaches the holder through
 * `decorate`, so a new vendor file keeps the overrides on top of it; every change of the set
 * swaps in a new version, which the change feed compares with the one before (change sets with
 * `source: "override"`, `/events`, webhooks) and the version history keeps.
 *
 * Writes run one at a time: each is checked against the set the one before it left, so of two
 * writes for one target and date one wins and the other answers 409.
 */
import { createHash, randomBytes } from 'node:crypto';
import { unwatchFile, watchFile } from 'node:fs';
import { ConflictError, Dataset, InvalidArgumentError, isActive, withdrawn, type OverrideRecord } from '@openbell/core';
import { DataNotLoadedError, type OverridesSource } from '@openbell/catalog';
import type { Logger } from 'pino';
import type { LoadedData } from '../types.js';
import type { DataHolder } from '../updates.js';
import { OverrideFileError, overrideFileText, readOverrideFile, writeOverrideFile } from './file.js';
import type { KeptVersion, VersionHistory } from './versions.js';

/** A refused write that is the service's configuration, not the request: 403. */
export class WritesRefusedError extends Error {
  readonly status = 403;
  readonly expose = true;
}

export interface OverrideManagerOptions {
  holder: DataHolder;
  logger: Logger;
  /** The override file; without one the set lives in memory only. */
  file?: string | undefined;
  now?: () => number;
  history?: VersionHistory | undefined;
  /** A replica: writes are refused, naming its publisher (the set comes from there). */
  publisher?: string | undefined;
  /**
   * Keeps a change elsewhere instead of in the file (a cluster worker: the primary owns the
   * file, checks the change against its set and answers with the set it keeps, or refuses it).
   */
  commit?: ((change: OverrideChange) => Promise<OverrideRecord[]>) | undefined;
  /** How often the file is looked at for hand edits, ms (default 500); 0 does not watch. */
  watchMs?: number | undefined;
  /** The set to start with when there is no file (a cluster worker gets its primary's). */
  records?: readonly OverrideRecord[] | undefined;
}

/** One write, as the process that keeps the set checks it: a new record, or a withdrawal. */
export type OverrideChange =
  | { op: 'create'; record: OverrideRecord }
  | { op: 'withdraw'; id: string; at: number; by: string };

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `ovr_` and 12 lowercase letters or digits, at random (2^62 of them: never reused in practice). */
export function newOverrideId(): string {
  const bytes = randomBytes(12);
  let id = 'ovr_';
  for (const b of bytes) id += ALPHABET[b % 36];
  return id;
}

/** The id of the version the set makes over a vendor version: the same set, the same id, in every process. */
export function overrideVersion(vendor: string | null, records: readonly OverrideRecord[]): string {
  const hash = createHash('sha256').update(JSON.stringify(records)).digest('hex').slice(0, 12);
  return `${vendor ?? 'data'}+ovr.${hash}`;
}

const notFound = (id: string) =>
  Object.assign(new Error(`Override '${id}' was not found`), { code: 'not_found' as const });

export class OverrideManager implements OverridesSource {
  private records: OverrideRecord[] = [];
  private fileText: string | null = null;
  private vendor: LoadedData | undefined;
  /** The source of the swap in progress, for the version history. */
  private origin: 'archive' | 'override' = 'archive';
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  private watching = false;
  private closed = false;
  /** The publisher whose set this replica follows (replica.ts), when it is one. */
  private followed: string | undefined;

  constructor(private readonly options: OverrideManagerOptions) {
    this.now = options.now ?? Date.now;
    this.records = [...(options.records ?? [])];
    const { holder, history } = options;
    holder.decorate = (data) => this.decorate(data);
    if (history)
      holder.onSwap((_previous, next) => history.add(next, this.origin, this.vendor?.meta.version ?? null, this.now()));
    if (holder.current) {
      this.vendor = holder.current;
      history?.add(holder.current, 'archive', null, this.now());
    }
  }

  /**
   * Reads the file (at start): a file that does not validate is an error here, refused whole.
   * The data already held is served with the set at once, without a swap: the first version
   * after a start has no change set of its own.
   */
  async start(): Promise<void> {
    if (this.options.file) {
      const { records, text } = await readOverrideFile(this.options.file);
      this.checkAgainstData(records, this.options.file);
      this.records = records;
      this.fileText = text;
    }
    const { holder, history } = this.options;
    if (this.vendor && this.records.length > 0) {
      holder.current = this.overlay(this.vendor, this.records);
      history?.add(holder.current, 'override', this.vendor.meta.version, this.now());
    }
    this.watch();
  }

  /**
   * A set from a file must apply to the data served: an active record's target must be in it and
   * its date in the target's window (docs/overrides.md §4). Without data yet, only the form counts.
   */
  private checkAgainstData(records: readonly OverrideRecord[], where: string): void {
    const ds = this.vendor?.dataset;
    if (!(ds instanceof Dataset)) return;
    const refused = ds.refusedOverride(records);
    if (refused) {
      const [i, field, why] = refused;
      throw new OverrideFileError(`${where}: overrides[${i}] (${records[i]!.id}), field '${field}': ${why}`);
    }
  }

  /** What a new vendor file (or the first) becomes once the set is applied on top of it. */
  private decorate(vendor: LoadedData): LoadedData {
    const before = this.vendor?.dataset;
    this.vendor = vendor;
    // Versions are kept side by side: a new vendor file shares what did not change with the
    // last, compared after the swap in slices (a few hundred ms for 1,000 markets).
    if (
      this.options.history &&
      before instanceof Dataset &&
      vendor.dataset instanceof Dataset &&
      before !== vendor.dataset
    )
      this.shareLater(before, vendor);
    return this.overlay(vendor, this.records);
  }

  private shareLater(previous: Dataset, vendor: LoadedData): void {
    const steps = (vendor.dataset as Dataset).sharingWithSteps(previous);
    const slice = () => {
      // A newer file came meanwhile: that one shares with this one instead.
      if (this.vendor !== vendor || this.closed) return;
      const until = performance.now() + 4;
      for (;;) {
        const r = steps.next();
        if (r.done) return this.shared(vendor, r.value);
        if (performance.now() >= until) break;
      }
      setImmediate(slice);
    };
    setImmediate(slice);
  }

  /**
   * The same version over the shared tables: served and kept in place of the other, without a swap (the answers are the
   * same).
   */
  private shared(vendor: LoadedData, dataset: Dataset): void {
    if (dataset === vendor.dataset || this.vendor !== vendor) return;
    const next: LoadedData = { ...vendor, dataset };
    this.vendor = next;
    const { holder, history } = this.options;
    const current = holder.current;
    if (!current) return;
    const served = this.overlay(next, this.records);
    if (served.meta.version !== current.meta.version) return;
    holder.current = { dataset: served.dataset, meta: current.meta };
    history?.add(holder.current, 'archive', next.meta.version, this.now());
  }

  private overlay(vendor: LoadedData, records: readonly OverrideRecord[]): LoadedData {
    const ds = vendor.dataset;
    if (records.length === 0 || !(ds instanceof Dataset)) return vendor;
    // Over the same vendor file, the set served keeps the entries of the owners whose
    // overrides did not change (versions side by side share them).
    const served = this.options.holder.current?.dataset;
    const from = served instanceof Dataset && Dataset.indexOf(served).vendor === Dataset.indexOf(ds) ? served : ds;
    return {
      dataset: from.withOverrides(records),
      meta: {
        ...vendor.meta,
        version: overrideVersion(vendor.meta.version, records),
        loadedAt: new Date(this.now()).toISOString(),
        ...(this.origin === 'override' ? { origin: 'override' as const } : {}),
      },
    };
  }

  /** Serves the vendor's data with the current set: a version of source `override`. */
  private apply(): void {
    if (!this.vendor) return;
    this.origin = 'override';
    try {
      this.options.holder.swap(this.vendor);
    } finally {
      this.origin = 'archive';
    }
  }

  /**
   * The data of a kept version this process no longer holds, when it is an override version over the vendor file served
   * now.
   */
  rebuild(info: KeptVersion): LoadedData | undefined {
    const vendor = this.vendor;
    if (!vendor) return undefined;
    if (info.source === 'archive') return info.version === vendor.meta.version ? vendor : undefined;
    if (info.vendor !== vendor.meta.version) return undefined;
    const then = this.records
      .filter((r) => r.created_at <= info.loaded_at)
      .map((r) =>
        r.withdrawn_at !== null && r.withdrawn_at > info.loaded_at
          ? { ...r, withdrawn_at: null, withdrawn_by: null }
          : r,
      );
    const data = this.overlay(vendor, then);
    if (data.meta.version !== info.version) return undefined;
    return { ...data, meta: { ...data.meta, loadedAt: info.loaded_at } };
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private writable(): void {
    const publisher = this.publisher();
    if (publisher)
      throw new WritesRefusedError(`this server is a replica: overrides are made on its publisher, ${publisher}`);
  }

  /** The publisher whose set this replica serves, if any: writes are refused naming it. */
  publisher(): string | undefined {
    return this.options.publisher ?? this.followed;
  }

  /** From now on the set is the publisher's (replica.ts). */
  followPublisher(base: string): void {
    this.followed = base;
  }

  private superseded(r: OverrideRecord): OverrideRecord {
    const ds = this.vendor?.dataset;
    if (!(ds instanceof Dataset)) return r;
    const s = ds.isSuperseded(r);
    return s === r.superseded ? r : { ...r, superseded: s };
  }

  // ---- reading (OverridesSource) ----

  list(query: { target?: string | undefined; includeWithdrawn: boolean }): OverrideRecord[] {
    return this.records
      .filter(
        (r) => (query.includeWithdrawn || isActive(r)) && (query.target === undefined || r.target === query.target),
      )
      .sort((a, b) =>
        a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
      )
      .map((r) => this.superseded(r));
  }

  get(id: string): OverrideRecord {
    const r = this.records.find((x) => x.id === id);
    if (!r) throw notFound(id);
    return this.superseded(r);
  }

  /** The version being served (the answer to a write names it). */
  version(): string | null {
    return this.options.holder.current?.meta.version ?? null;
  }

  /** The whole set as kept (the publisher serves it; a cluster primary sends it to workers). */
  all(): readonly OverrideRecord[] {
    return this.records;
  }

  // ---- writing ----

  create(body: unknown, by: string): Promise<OverrideRecord> {
    return this.serial(async () => {
      this.writable();
      const current = this.options.holder.current;
      if (!current) throw new DataNotLoadedError(this.options.holder.loadError);
      if (!(current.dataset instanceof Dataset)) throw new WritesRefusedError('overrides need a core Dataset');
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw InvalidArgumentError.one('body', 'Input should be a JSON object', 'model_attributes_type');
      const record = current.dataset.makeOverride(body as Record<string, unknown>, {
        id: newOverrideId(),
        now: this.now(),
        by,
      });
      await this.change({ op: 'create', record });
      return record;
    });
  }

  withdraw(id: string, by: string): Promise<OverrideRecord> {
    return this.serial(async () => {
      this.writable();
      const kept = await this.change({ op: 'withdraw', id, at: this.now(), by });
      return kept.find((r) => r.id === id)!;
    });
  }

  private async change(change: OverrideChange): Promise<OverrideRecord[]> {
    if (this.options.commit) {
      const kept = await this.options.commit(change);
      this.replace(kept);
      return kept;
    }
    return this.keepNow(change);
  }

  /**
   * Checks a change against the set kept here and keeps it: the file written, then the set
   * served. Nothing changes when it is refused or the file cannot be written. A cluster's
   * primary calls it for its workers' writes (one at a time, with its own reloads).
   */
  keep(change: OverrideChange): Promise<OverrideRecord[]> {
    return this.serial(() => {
      this.writable();
      return this.keepNow(change);
    });
  }

  private async keepNow(change: OverrideChange): Promise<OverrideRecord[]> {
    let next: OverrideRecord[];
    if (change.op === 'create') {
      const r = change.record;
      const same = this.records.find((x) => isActive(x) && x.target === r.target && x.date === r.date);
      if (same)
        throw new ConflictError(
          `an active override of ${r.target} on ${r.date} exists: ${same.id}; withdraw it first`,
          same.id,
        );
      if (this.records.some((x) => x.id === r.id)) throw new ConflictError(`override id ${r.id} is taken`, r.id);
      next = [...this.records, r];
    } else {
      const r = this.records.find((x) => x.id === change.id);
      if (!r) throw notFound(change.id);
      if (!isActive(r))
        throw new ConflictError(`override ${r.id} was withdrawn at ${r.withdrawn_at} by ${r.withdrawn_by}`, r.id);
      const done = withdrawn(r, change.at, change.by);
      next = this.records.map((x) => (x.id === r.id ? done : x));
    }
    if (this.options.file) {
      const text = overrideFileText(next);
      await writeOverrideFile(this.options.file, text);
      this.fileText = text;
    }
    this.records = next;
    this.apply();
    return next;
  }

  /**
   * A set from elsewhere (the file edited by hand, the publisher's, the primary's): served when
   * it differs from the one served. Checked as the file is.
   */
  replace(records: OverrideRecord[]): boolean {
    if (JSON.stringify(records) === JSON.stringify(this.records)) return false;
    this.records = records;
    this.apply();
    return true;
  }

  /**
   * Reads the file again (SIGHUP, a change seen): a file that does not validate is refused whole, the set served stays.
   */
  reload(): Promise<'changed' | 'unchanged' | 'refused'> {
    return this.serial(async () => {
      const file = this.options.file;
      if (!file) return 'unchanged';
      let read: Awaited<ReturnType<typeof readOverrideFile>>;
      try {
        read = await readOverrideFile(file);
      } catch (e) {
        this.options.logger.error(
          { err: e instanceof OverrideFileError ? e.message : (e as Error).message },
          'the override file was refused; the overrides served stay as they were',
        );
        return 'refused';
      }
      if (read.text === this.fileText) return 'unchanged';
      try {
        this.checkAgainstData(read.records, file);
      } catch (e) {
        this.options.logger.error(
          { err: (e as Error).message },
          'the override file was refused; the overrides served stay as they were',
        );
        return 'refused';
      }
      this.fileText = read.text;
      const changed = this.replace(read.records);
      if (changed)
        this.options.logger.info(
          { overrides: read.records.filter(isActive).length },
          'override file re-read: new set served',
        );
      return changed ? 'changed' : 'unchanged';
    });
  }

  private watch(): void {
    const file = this.options.file;
    const every = this.options.watchMs ?? 500;
    if (!file || every <= 0 || this.watching) return;
    this.watching = true;
    watchFile(file, { interval: every, persistent: false }, () => void this.reload());
  }

  close(): void {
    this.closed = true;
    if (this.watching && this.options.file) unwatchFile(this.options.file);
    this.watching = false;
  }
}
