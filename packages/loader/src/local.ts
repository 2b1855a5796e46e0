/**
 * Local loading: the bulk ZIP (bytes, a file, the bundled sample) or a directory of CSVs →
 * core `Tables` → `Dataset` (docs/bulk-format.md).
 *
 * What refuses the data (LoaderError) and what only warns (meta.warnings), per docs/bulk-format.md §5
 * "Bad rows": the archive is refused only when it cannot be read as a whole.
 *
 * Errors — nothing is loaded (the last good data keeps serving):
 *   - `archive_invalid`: not a ZIP, truncated or damaged archive (bad central directory, entry
 *     cut short, inflate failure, CRC mismatch), ZIP64, unsupported compression, an entry name
 *     that is absolute or has a `..` segment (checked for every entry, even ignored ones), the
 *     same CSV present twice (e.g. `csv/markets.csv` and `x/csv/markets.csv`).
 *   - `too_large`: declared uncompressed size of the needed CSVs above the cap (default
 *     512 MiB), or an entry inflating past its declared size or the cap (checked while inflating).
 *   - `data_invalid` (with file, line, column): markets.csv or holidays.csv missing; a required
 *     column missing (line 1; see TABLE_SPECS in csv.ts); a header that normalizes like
 *     another; a header that is badly quoted or not UTF-8; a quote never closed, or a malformed
 *     one closing a field that spans lines (see repair.ts).
 * Warnings — the data loads; a bad row affects only the dates of its market or currency it touches:
 *   - bad rows (core's build, fed the reader's faults): a malformed date, time or integer, a
 *     line with the wrong number of fields, a badly quoted field or bytes that are not UTF-8 in
 *     one line, an unknown phase type, a bad Days value, an unknown time zone, a duplicate key
 *     (identical or not). A query computing from a date the row touches (its date; a schedule
 *     row's in-force window; every date when its dates cannot be read) answers a data error
 *     naming file, line and column (`LoadWarning.market` / `.currency` say whose dates); two
 *     holiday rows on one date are both listed;
 *   - rows for a market or currency not in the data, twice-written schedule rows and MIC
 *     mappings (one kept), a season name with no definition (its dates answer a data error),
 *     `Replaced By` naming no market or a loop, a MIC mapped to an unknown market;
 *   - an Observed cell that is neither `OBS` nor empty (read as false, as the format says);
 *   - a column with an empty header (ignored);
 *   - CSV files in `csv/` that the format does not name (ignored).
 * XLSX files and everything outside `csv/` are ignored silently.
 *
 * Lines are 1-based with the header as line 1 and count CSV records: empty lines are skipped
 * and a quoted field spanning several lines counts once (the vendor's files have neither).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from './cache.js';
import {
  Dataset,
  placeOf,
  type DatasetOptions,
  type RowFault,
  type TableName,
  type TableSources,
  type Tables,
} from '@openbell/core';
import { SPEC_BY_FILE, TABLE_SPECS, TableReader, type TableSpec } from './csv.js';
import { LoaderError } from './errors.js';
import { rowMaker, type PackedRows } from './packed.js';
import { loaderDatasetOptions, readSnapshotData } from './snapshot.js';
import type { DataCoverage, DataKind, LoadedData, LoadWarning, ParsedData } from './types.js';
import { extractEntry, inflateEntry, isUnsafeEntryName, readCentralDirectory, type ZipEntry } from './zip.js';

export { normalizeHeader } from './csv.js';
export type { ParsedData } from './types.js';

export const DEFAULT_MAX_UNCOMPRESSED_BYTES = 512 * 1024 * 1024;

export interface ParseOptions {
  /** Cap on the total uncompressed size of the CSVs read (default 512 MiB). */
  maxUncompressedBytes?: number;
}

/** The tables large enough to be worth keeping packed until the build reads them (the holidays). */
export const PACKED_TABLES: ReadonlySet<TableName> = new Set(['holidays', 'currencyHolidays']);

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MiB` : `${n} bytes`;
}

/**
 * How assemble gets a file's bytes: `read` pushes them into a reader as they come; `whole` gives
 * them again in one piece, only for a file a row of which needs repair (TableReader).
 */
interface FileSource {
  read(push: (bytes: Uint8Array, final: boolean) => void): void;
  whole(): Uint8Array;
}

/** Builds Tables from the files found; `open` gives each file's bytes; `pack`: PACKED_TABLES are read packed. */
function assemble(
  found: Map<TableSpec, string>,
  open: (spec: TableSpec, file: string) => FileSource,
  where: string,
  pack: boolean,
): ParsedData {
  const warnings: LoadWarning[] = [];
  const sources: TableSources = {};
  const rowFaults: RowFault[] = [];
  const out: Partial<Record<TableName, unknown[]>> = {};
  const packed: Partial<Record<TableName, PackedRows>> = {};
  for (const required of ['markets.csv', 'holidays.csv']) {
    const spec = SPEC_BY_FILE.get(required)!;
    if (!found.has(spec)) {
      throw new LoaderError('data_invalid', `${where} has no csv/${required}; it is required in every plan`, {
        file: `csv/${required}`,
      });
    }
  }
  for (const spec of TABLE_SPECS) {
    const file = found.get(spec);
    if (file === undefined) continue;
    const source = open(spec, file);
    const reader = new TableReader(file, spec, warnings, () => source.whole(), pack && PACKED_TABLES.has(spec.table));
    source.read(reader.push);
    const parsed = reader.finish();
    out[spec.table] = parsed.rows;
    if (parsed.packed) packed[spec.table] = parsed.packed;
    sources[spec.table] = { file, headers: parsed.headers };
    for (const f of parsed.faults) rowFaults.push(f);
  }
  // Provenance travels with the rows: core names file, line and column in what it reports.
  const tables = { ...(out as unknown as Tables), sources, rowFaults };
  return pack ? { tables, warnings, packed } : { tables, warnings };
}

/** `csv/<name>.csv`, optionally under one top folder; returns [depth, file name] or undefined. */
function csvEntryName(name: string): [number, string] | undefined {
  const parts = name.split('/');
  if (parts.length < 2 || parts.length > 3) return undefined;
  if (parts[parts.length - 2]!.toLowerCase() !== 'csv') return undefined;
  const file = parts[parts.length - 1]!.toLowerCase();
  if (!file.endsWith('.csv')) return undefined;
  return [parts.length - 2, file];
}

export function parseArchive(bytes: Uint8Array, options: ParseOptions = {}): ParsedData {
  return readArchive(bytes, options, false);
}

/** parseArchive; `pack`: the holiday tables are read packed (ParsedData.packed). */
export function readArchive(bytes: Uint8Array, options: ParseOptions, pack: boolean): ParsedData {
  const cap = options.maxUncompressedBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES;
  const entries = readCentralDirectory(bytes);
  const chosen = new Map<TableSpec, ZipEntry>();
  const depthOf = new Map<TableSpec, number>();
  const unknownCsv: string[] = [];
  for (const e of entries) {
    if (isUnsafeEntryName(e.name)) {
      throw new LoaderError(
        'archive_invalid',
        `the archive holds an unsafe entry name '${e.name}' (absolute or with '..'); refusing it`,
        { file: e.name },
      );
    }
    const m = csvEntryName(e.name);
    if (!m) continue;
    const spec = SPEC_BY_FILE.get(m[1]);
    if (!spec) {
      unknownCsv.push(e.name);
      continue;
    }
    const prev = depthOf.get(spec);
    if (prev === undefined || m[0] < prev) {
      chosen.set(spec, e);
      depthOf.set(spec, m[0]);
    } else if (prev === m[0]) {
      throw new LoaderError(
        'archive_invalid',
        `the archive holds ${spec.fileName} twice (${chosen.get(spec)!.name} and ${e.name})`,
        { file: e.name },
      );
    }
  }
  let declared = 0;
  for (const e of chosen.values()) declared += e.size;
  if (declared > cap) {
    throw new LoaderError(
      'too_large',
      `the archive's CSV files declare ${formatBytes(declared)} uncompressed, above the limit of ${formatBytes(cap)}`,
    );
  }
  let budget = cap;
  const found = new Map<TableSpec, string>();
  for (const [spec, e] of chosen) found.set(spec, e.name);
  const data = assemble(
    found,
    // Read as it inflates: no file is ever held whole.
    (spec) => {
      const entry = chosen.get(spec)!;
      return {
        read: (push) => {
          budget -= inflateEntry(bytes, entry, budget, formatBytes(cap), push);
        },
        // Inflated again: read checked its size against the cap and its CRC, and counted it once.
        whole: () => extractEntry(bytes, entry),
      };
    },
    'the archive',
    pack,
  );
  if (unknownCsv.length)
    data.warnings.push({ message: `ignored CSV files the format does not name: ${unknownCsv.join(', ')}` });
  return data;
}

/** The folder holding the CSVs: `dir/csv` when it exists, else `dir` itself. */
function csvFolder(dir: string): string {
  const sub = join(dir, 'csv');
  try {
    if (statSync(sub).isDirectory()) return sub;
  } catch {
    // fall through
  }
  return dir;
}

export function readDirectory(dir: string, pack = false): ParsedData {
  let folder: string;
  let names: string[];
  try {
    folder = csvFolder(dir);
    names = readdirSync(folder);
  } catch (e) {
    throw new LoaderError('not_found', `cannot read the directory ${dir}: ${(e as Error).message}`, {
      file: dir,
      cause: e,
    });
  }
  const found = new Map<TableSpec, string>();
  const unknownCsv: string[] = [];
  for (const n of names) {
    if (!n.toLowerCase().endsWith('.csv')) continue;
    const spec = SPEC_BY_FILE.get(n.toLowerCase());
    if (spec) found.set(spec, join(folder, n));
    else unknownCsv.push(n);
  }
  const data = assemble(
    found,
    (_spec, file) => {
      // Read from disk whole anyway; a repair reads these very bytes, not the file again.
      const bytes = readFileSync(file);
      return { read: (push) => push(bytes, true), whole: () => bytes };
    },
    `the directory ${dir}`,
    pack,
  );
  if (unknownCsv.length)
    data.warnings.push({ message: `ignored CSV files the format does not name: ${unknownCsv.join(', ')}` });
  return data;
}

/**
 * `Dataset.create` with core's warnings appended to `warnings`, placed by file, line and
 * column. Bad rows never refuse the data (docs/bulk-format.md §5): core makes the market or currency
 * they belong to answer a data error instead.
 */
export function buildDataset(tables: Tables, warnings: LoadWarning[] = [], options: DatasetOptions = {}): Dataset {
  const dataset = Dataset.create(tables, loaderDatasetOptions(options));
  addDatasetWarnings(dataset, tables.sources, warnings);
  return dataset;
}

/** Core's warnings of a built Dataset appended to `warnings`, placed by file, line and column. */
export function addDatasetWarnings(dataset: Dataset, sources: TableSources | undefined, warnings: LoadWarning[]): void {
  for (const w of dataset.warnings) {
    const place = w.location ? placeOf(sources, w.location.table, w.location.row, w.location.column) : {};
    warnings.push({
      message: w.message,
      ...place,
      ...(w.market ? { market: w.market } : {}),
      ...(w.currency ? { currency: w.currency } : {}),
    });
  }
}

export interface LoadInfo {
  source: string;
  kind: DataKind;
  version: string | null;
  downloadedAt: string | null;
  isSample?: boolean;
  coverage?: DataCoverage;
}

/**
 * The tables of a parse made for one build: nothing else holds their rows, so the build may let
 * them go as it reads them, and packed tables are made into rows only then (memory peak).
 */
export function tablesForBuild(parsed: ParsedData): Tables {
  const onDemand: NonNullable<Tables['onDemand']> = {};
  for (const [table, p] of Object.entries(parsed.packed ?? {}) as [TableName, PackedRows][]) {
    if (table === 'holidays' || table === 'currencyHolidays') onDemand[table] = rowMaker(p) as never;
  }
  return { ...parsed.tables, handOver: true, onDemand };
}

function toLoaded(parsed: ParsedData, info: LoadInfo): LoadedData {
  const warnings = [...parsed.warnings];
  return loadedData(buildDataset(tablesForBuild(parsed), warnings), warnings, info);
}

/** A built Dataset with its metadata: what every load answers. */
export function loadedData(dataset: Dataset, warnings: LoadWarning[], info: LoadInfo): LoadedData {
  return {
    dataset,
    meta: {
      source: info.source,
      kind: info.kind,
      isSample: info.isSample ?? false,
      version: info.version,
      downloadedAt: info.downloadedAt,
      loadedAt: new Date().toISOString(),
      plan: dataset.plan,
      warnings,
      ...(info.coverage ? { coverage: info.coverage } : {}),
    },
  };
}

/** Verifies and loads an archive held in memory (used for downloads too). */
export function loadFromBytes(bytes: Uint8Array, info: LoadInfo, options: ParseOptions = {}): LoadedData {
  return toLoaded(readArchive(bytes, options, true), info);
}

/** Latest mtime of the CSVs a directory load reads (editing a file in place leaves the folder's mtime alone). */
export function directoryVersion(dir: string): string | null {
  try {
    const folder = csvFolder(dir);
    let latest = 0;
    for (const n of readdirSync(folder)) {
      if (n.toLowerCase().endsWith('.csv')) latest = Math.max(latest, statSync(join(folder, n)).mtimeMs);
    }
    return latest ? new Date(latest).toISOString() : null;
  } catch {
    return null;
  }
}

/**
 * The version of a ZIP read from disk: its content (the same bytes are one version wherever
 * and whenever they were copied), as `sha256:<hex>` like a download without an ETag.
 */
export function contentVersion(bytes: Uint8Array): string {
  return `sha256:${sha256(bytes)}`;
}

/** The absolute path and its stat, or not_found naming the path. */
export async function statPath(path: string): Promise<{ full: string; st: Stats }> {
  const full = resolve(path);
  try {
    return { full, st: await stat(full) };
  } catch (e) {
    throw new LoaderError('not_found', `no data at ${full}: the path does not exist`, { file: full, cause: e });
  }
}

/** A ZIP file (kind 'file') or a directory holding `csv/` (kind 'directory'). */
export async function loadFromPath(path: string, options: ParseOptions = {}): Promise<LoadedData> {
  const { full, st } = await statPath(path);
  if (st.isDirectory()) {
    return toLoaded(readDirectory(full, true), {
      source: full,
      kind: 'directory',
      version: directoryVersion(full),
      downloadedAt: null,
    });
  }
  const bytes = readFileSync(full);
  return toLoaded(readArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), options, true), {
    source: full,
    kind: 'file',
    version: contentVersion(bytes),
    downloadedAt: null,
  });
}

export const SAMPLE_SOURCE = 'bundled open dataset (not vendor data)';

/**
 * The bundled open dataset's archive, from the `@openbell/opendata` package (packages/opendata,
 * docs/open-data.md). Resolved when asked, so a bundle that passes its own copy never looks.
 */
export function samplePath(): string {
  return createRequire(import.meta.url).resolve('@openbell/opendata/sample.zip');
}

/** The archive entry beside csv/ in which the open dataset names each market's coverage. */
const COVERAGE_ENTRY = 'coverage.json';

/**
 * The open dataset's coverage (`coverage.json` at the archive's root, which the bulk format
 * does not read); undefined when the archive has none or it is not what the generator writes.
 */
export function readCoverage(bytes: Uint8Array): DataCoverage | undefined {
  try {
    const entry = readCentralDirectory(bytes).find((e) => e.name === COVERAGE_ENTRY);
    if (!entry) return undefined;
    const doc = JSON.parse(new TextDecoder().decode(extractEntry(bytes, entry))) as { markets?: unknown };
    const markets = doc.markets;
    if (!markets || typeof markets !== 'object') return undefined;
    const out: Record<string, DataCoverage[string]> = {};
    for (const [id, m] of Object.entries(
      markets as Record<string, { confirmedThrough?: unknown; sources?: unknown }>,
    )) {
      if (typeof m?.confirmedThrough !== 'string' || !Array.isArray(m.sources)) return undefined;
      const sources = m.sources.filter(
        (s): s is { title: string; url: string } => typeof s?.title === 'string' && typeof s?.url === 'string',
      );
      out[id] = { confirmedThrough: m.confirmedThrough, sources: sources.map(({ title, url }) => ({ title, url })) };
    }
    return out;
  } catch {
    return undefined;
  }
}

/** Loads the bundled sample dataset; `path` overrides where sample.zip is (for bundled CLIs). */
export async function loadSample(path?: string): Promise<LoadedData> {
  const file = path ?? samplePath();
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new LoaderError('not_found', `the bundled open dataset is missing (${file})`, { file, cause: e });
  }
  // The Dataset or the tables made at build time, when a snapshot of these very bytes is beside the file (snapshot.ts).
  const snapshot = readSnapshotData(file, bytes, contentVersion, loaderDatasetOptions());
  const info: LoadInfo = {
    source: SAMPLE_SOURCE,
    kind: 'sample',
    version: snapshot?.version ?? contentVersion(bytes),
    downloadedAt: null,
    isSample: true,
    coverage: readCoverage(bytes),
  };
  if (snapshot?.dataset) {
    const warnings = [...snapshot.warnings];
    addDatasetWarnings(snapshot.dataset, snapshot.sources, warnings);
    return loadedData(snapshot.dataset, warnings, info);
  }
  return toLoaded(
    snapshot?.parsed ?? parseArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    info,
  );
}
