/**
 * A snapshot of the bundled sample, made at build time beside sample.zip
 * (`sample.zip.snapshot`), so a one-shot command neither inflates and parses the CSVs nor
 * builds every market's indexes on each start (the CLI's build writes it:
 * packages/cli/tsup.config.ts).
 *
 * The snapshot holds what `parseArchive` returns for the archive (v8.serialize, the tables
 * as columns of indices into their distinct cell values) and, when core can freeze it, the
 * Dataset built from those tables (core frozen.ts: each market decoded on first use). It is
 * tagged with the archive's content version (`sha256:…`) and holds a copy of the archive's
 * bytes, so that a load can check it was made for the file beside it by comparing bytes rather
 * than hashing them: it is used only for the same bytes,
 * the frozen Dataset only for the options it was built with, and anything unexpected (missing,
 * unreadable, another format or V8 version, another archive) falls back to the tables or to
 * parsing the archive, so it can make a load faster but never different.
 */
import { readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import {
  freezeDataset,
  thawDataset,
  type Dataset,
  type DatasetOptions,
  type FrozenDataset,
  type TableSources,
  type Tables,
} from '@openbell/core';
import type { ParsedData } from './types.js';

/** Bumped whenever what the snapshot holds changes shape. */
const SNAPSHOT_FORMAT = 3;

/**
 * A table whose rows are plain objects with the same keys in the same order, as column keys
 * and one index a cell into the snapshot's list of distinct values: the repeated cells
 * (dates, names, `Closed`, …) are stored and revived once, which makes reading several times
 * quicker and leaves the garbage collector far less to copy.
 */
interface Columns {
  keys: string[];
  cells: Uint32Array;
}
type Table = { columns: Columns } | { raw: unknown };

interface Snapshot {
  format: number;
  version: string;
  /** `serialize` of TableData: decoded only when the frozen Dataset cannot be used. */
  tables: Uint8Array;
  warnings: ParsedData['warnings'];
  sources: TableSources | undefined;
  dataset: FrozenDataset | undefined;
  /** The archive's bytes (whose content version is `version`), when the maker gave them. */
  archive: Uint8Array | undefined;
}

interface TableData {
  values: unknown[];
  tables: Record<string, Table>;
}

function isPlainRow(r: unknown): r is Record<string, unknown> {
  return typeof r === 'object' && r !== null && Object.getPrototypeOf(r) === Object.prototype;
}

/** The rows as columns, or undefined when they do not all have one shape of primitive cells. */
function toColumns(rows: unknown[], index: Map<unknown, number>, values: unknown[]): Columns | undefined {
  if (!isPlainRow(rows[0])) return undefined;
  const keys = Object.keys(rows[0]);
  const cells = new Uint32Array(rows.length * keys.length);
  let i = 0;
  for (const r of rows) {
    if (!isPlainRow(r)) return undefined;
    const own = Object.keys(r);
    if (own.length !== keys.length || own.some((k, j) => k !== keys[j])) return undefined;
    for (const k of keys) {
      const v = r[k];
      // Objects would lose their identity; -0 would come back as 0 (the Map's key equality).
      if ((typeof v === 'object' && v !== null) || typeof v === 'function' || Object.is(v, -0)) return undefined;
      let id = index.get(v);
      if (id === undefined) index.set(v, (id = values.push(v) - 1));
      cells[i++] = id;
    }
  }
  return { keys, cells };
}

function fromColumns({ keys, cells }: Columns, values: unknown[]): Record<string, unknown>[] {
  const n = keys.length;
  const rows = new Array<Record<string, unknown>>(n === 0 ? 0 : cells.length / n);
  for (let r = 0, i = 0; r < rows.length; r++) {
    const row: Record<string, unknown> = {};
    for (let j = 0; j < n; j++) row[keys[j]!] = values[cells[i++]!];
    rows[r] = row;
  }
  return rows;
}

export function snapshotPath(archivePath: string): string {
  return `${archivePath}.snapshot`;
}

/**
 * The options the loader builds datasets with: the coverage of a market without holidays ends
 * five years after the current one (docs/bulk-format.md §4).
 */
export function loaderDatasetOptions(options: DatasetOptions = {}): DatasetOptions {
  return { coverageEndYearWithoutHolidays: new Date().getUTCFullYear() + 5, clock: Date.now, ...options };
}

/** The snapshot file's bytes for the archive of `version` (whose bytes are `archive`) parsed as `parsed`. */
export function encodeSnapshot(parsed: ParsedData, version: string, archive?: Uint8Array): Buffer {
  const index = new Map<unknown, number>();
  const values: unknown[] = [];
  const tables: Record<string, Table> = {};
  for (const [name, t] of Object.entries(parsed.tables)) {
    const columns = Array.isArray(t) && t.length > 0 ? toColumns(t, index, values) : undefined;
    tables[name] = columns ? { columns } : { raw: t };
  }
  let dataset: FrozenDataset | undefined;
  try {
    const { clock: _clock, ...options } = loaderDatasetOptions();
    dataset = freezeDataset(parsed.tables, options, serialize);
  } catch {
    // Tables a Dataset cannot be built from: the load will say why, from the tables.
  }
  const s: Snapshot = {
    format: SNAPSHOT_FORMAT,
    version,
    tables: serialize({ values, tables } satisfies TableData),
    warnings: parsed.warnings,
    sources: (parsed.tables as Partial<Tables>).sources,
    dataset,
    archive,
  };
  return serialize(s);
}

/** The snapshot beside the archive at `archivePath`, when it is one of this format. */
function readAny(archivePath: string): Snapshot | undefined {
  try {
    const s = deserialize(readFileSync(snapshotPath(archivePath))) as Partial<Snapshot>;
    if (s?.format !== SNAPSHOT_FORMAT || typeof s.version !== 'string' || !(s.tables instanceof Uint8Array))
      return undefined;
    return s as Snapshot;
  } catch {
    return undefined;
  }
}

/** The snapshot beside the archive at `archivePath` when it was made for `version`. */
function readFile(archivePath: string, version: string): Snapshot | undefined {
  const s = readAny(archivePath);
  return s?.version === version ? s : undefined;
}

function tablesOf(s: Snapshot): ParsedData | undefined {
  try {
    const t = deserialize(s.tables) as Partial<TableData>;
    if (!Array.isArray(t.values) || typeof t.tables !== 'object' || t.tables === null) return undefined;
    const tables: Record<string, unknown> = {};
    for (const [name, table] of Object.entries(t.tables))
      tables[name] = 'columns' in table ? fromColumns(table.columns, t.values) : table.raw;
    return { tables: tables as unknown as ParsedData['tables'], warnings: s.warnings ?? [] };
  } catch {
    return undefined;
  }
}

/**
 * The parsed tables of the archive at `archivePath` whose content version is `version`, when a matching snapshot is
 * beside it.
 */
export function readSnapshot(archivePath: string, version: string): ParsedData | undefined {
  const s = readFile(archivePath, version);
  return s && tablesOf(s);
}

/**
 * What a matching snapshot gives a load: the Dataset built for `options`, else the tables; and the archive's content
 * version.
 */
export type SnapshotData = { version: string } & (
  | { dataset: Dataset; sources: TableSources | undefined; warnings: ParsedData['warnings'] }
  | { dataset?: undefined; parsed: ParsedData }
);

/**
 * The snapshot beside the archive at `archivePath` whose bytes are `bytes` (undefined without
 * a usable one), as a Dataset built with `options` when it holds one. A snapshot holding the
 * archive's bytes is matched by comparing them (its version was computed from them); one
 * without, by `versionOf(bytes)`.
 */
export function readSnapshotData(
  archivePath: string,
  bytes: Uint8Array,
  versionOf: (bytes: Uint8Array) => string,
  options: DatasetOptions,
): SnapshotData | undefined {
  const s = readAny(archivePath);
  if (!s) return undefined;
  if (
    s.archive !== undefined
      ? !(s.archive instanceof Uint8Array) || Buffer.compare(s.archive, bytes) !== 0
      : s.version !== versionOf(bytes)
  )
    return undefined;
  const { version } = s;
  if (s.dataset) {
    try {
      const dataset = thawDataset(s.dataset, options, (bytes) => deserialize(bytes));
      if (dataset) return { version, dataset, sources: s.sources, warnings: s.warnings ?? [] };
    } catch {
      // An unreadable frozen Dataset: the tables beside it.
    }
  }
  const parsed = tablesOf(s);
  return parsed && { version, parsed };
}
