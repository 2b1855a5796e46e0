/**
 * The data versions kept for point-in-time answers (docs/overrides.md §5): every version served
 * (a vendor file, an override change on top of it), the last `keep` of them, newest last. Each
 * holds its LoadedData while this process has it; versions share every market and currency that
 * did not change (core's overlays share entries), so keeping 50 costs little more than one.
 *
 * The list (without the data) is also written to the cache folder, so `/versions` survives a
 * restart; a version whose data this process no longer holds is rebuilt when it can be (an
 * override version over the vendor file being served: the records active at its instant), and
 * otherwise answers 410.
 */
import { promises as fs } from 'node:fs';
import {
  GoneError,
  InvalidArgumentError,
  parseInstant,
  tryParseDay,
  type CalendarQueries,
  type Dataset,
  type MarketHoliday,
  type CurrencyHoliday,
} from '@openbell/core';
import type { HistoryEntry, VersionInfo, VersionsSource } from '@openbell/catalog';
import type { Logger } from 'pino';
import type { LoadedData } from '../types.js';
import { SERVE_DEFAULTS } from '../defaults.js';

export interface KeptVersion extends VersionInfo {
  /** The vendor version an override version is made over (null for an archive version). */
  vendor: string | null;
}

interface Entry {
  info: KeptVersion;
  data: LoadedData | undefined;
}

export class VersionHistory implements VersionsSource {
  private readonly entries: Entry[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      keep?: number;
      /** versions.json in the cache folder; none keeps them in memory only. */
      file?: string | undefined;
      /** False: the file is read at start but never written (a cluster worker reads its primary's). */
      writes?: boolean | undefined;
      logger?: Logger;
      /** Rebuilds the data of a kept version this process does not hold, if it can. */
      rebuild?: (info: KeptVersion) => LoadedData | undefined;
    } = {},
  ) {}

  private get keep(): number {
    return this.options.keep ?? SERVE_DEFAULTS.keepChanges;
  }

  /** Reads the list a previous process kept (their data is rebuilt on demand). */
  async restore(): Promise<void> {
    if (!this.options.file) return;
    try {
      const list = JSON.parse(await fs.readFile(this.options.file, 'utf8')) as KeptVersion[];
      if (!Array.isArray(list)) return;
      for (const info of list) {
        if (typeof info?.version !== 'string' || typeof info.loaded_at !== 'string') continue;
        if (!this.entries.some((e) => e.info.version === info.version)) this.entries.push({ info, data: undefined });
      }
      this.entries.sort((a, b) =>
        a.info.loaded_at < b.info.loaded_at ? -1 : a.info.loaded_at > b.info.loaded_at ? 1 : 0,
      );
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        this.options.logger?.warn(
          { err: (e as Error).message },
          'the kept versions list could not be read; starting a new one',
        );
    }
  }

  /** A version starts being served. The same version again (a reload) replaces its data only. */
  add(data: LoadedData, source: 'archive' | 'override', vendor: string | null, at: number): void {
    const version = data.meta.version ?? 'unversioned';
    const last = this.entries[this.entries.length - 1];
    if (last && last.info.version === version) {
      last.data = data;
      return;
    }
    const earlier = this.entries.findIndex((e) => e.info.version === version);
    if (earlier !== -1) this.entries.splice(earlier, 1);
    this.entries.push({
      info: { version, loaded_at: new Date(at).toISOString(), source, vendor: source === 'override' ? vendor : null },
      data,
    });
    while (this.entries.length > this.keep) this.entries.shift();
    this.persist();
  }

  private persist(): void {
    const file = this.options.file;
    if (!file || this.options.writes === false) return;
    const text = JSON.stringify(this.entries.map((e) => e.info));
    this.writing = this.writing
      .then(async () => {
        const tmp = `${file}.tmp`;
        await fs.writeFile(tmp, text);
        await fs.rename(tmp, file);
      })
      .catch((e: unknown) =>
        this.options.logger?.warn({ err: (e as Error).message }, 'the kept versions list could not be written'),
      );
  }

  /** Resolves once the list is on disk. */
  flush(): Promise<void> {
    return this.writing;
  }

  list(): VersionInfo[] {
    return this.entries
      .map((e) => ({ version: e.info.version, loaded_at: e.info.loaded_at, source: e.info.source }))
      .reverse();
  }

  private dataOf(e: Entry): LoadedData | undefined {
    return (e.data ??= this.options.rebuild?.(e.info));
  }

  /**
   * `as_of`: a kept version's id, or an instant naming the version served then. 410 before the
   * oldest kept (or a version whose data is gone); 422 naming `as_of` otherwise.
   */
  resolve(asOf: string): LoadedData {
    const oldest = this.entries[0]?.info.version ?? null;
    const gone = (why: string) => new GoneError(`${why}; the oldest version kept is ${oldest ?? 'none'}`, oldest);
    const byId = this.entries.find((e) => e.info.version === asOf);
    if (byId) {
      const data = this.dataOf(byId);
      if (!data) throw gone(`the data of version ${asOf} is no longer held`);
      return data;
    }
    let ms: number;
    try {
      ms = parseInstant(asOf, 'as_of');
    } catch {
      throw InvalidArgumentError.one(
        'as_of',
        `'${asOf}' is neither a kept version (GET /versions) nor an instant with Z or an offset such as ` +
          `2024-07-16T09:00:00Z`,
        'value_error',
      );
    }
    let found: Entry | undefined;
    for (const e of this.entries) if (Date.parse(e.info.loaded_at) <= ms) found = e;
    if (!found) throw gone(`${asOf} is before the oldest version kept`);
    const data = this.dataOf(found);
    if (!data) throw gone(`the data of version ${found.info.version} (served at ${asOf}) is no longer held`);
    return data;
  }

  history(kind: 'market' | 'currency', key: string, date: string): HistoryEntry[] {
    const day = tryParseDay(date)!;
    const out: HistoryEntry[] = [];
    let before: Record<string, unknown> | null = null;
    let beforeText = 'null';
    let first = true;
    for (const e of this.entries) {
      const data = this.dataOf(e);
      if (!data) continue;
      const row = rowOf(data.dataset, kind, key, day, date);
      const text = JSON.stringify(row);
      const info = { version: e.info.version, loaded_at: e.info.loaded_at, source: e.info.source };
      if (first) {
        if (row) out.push({ ...info, op: 'added', before: null, after: row });
        first = false;
      } else if (text !== beforeText) {
        out.push({ ...info, op: before === null ? 'added' : row === null ? 'removed' : 'changed', before, after: row });
      }
      before = row;
      beforeText = text;
    }
    return out;
  }
}

/** The date's (first) row in one version; none when the version does not know the owner or its listing fails. */
function rowOf(
  ds: CalendarQueries,
  kind: 'market' | 'currency',
  key: string,
  day: number,
  date: string,
): Record<string, unknown> | null {
  try {
    const q = (ds as Dataset).parsed;
    const rows: (MarketHoliday | CurrencyHoliday)[] =
      kind === 'market' ? q.listHolidays(key, day, day) : q.listCurrencyHolidays(key, day, day);
    return (rows[0] as unknown as Record<string, unknown>) ?? null;
  } catch {
    void date;
    return null;
  }
}
