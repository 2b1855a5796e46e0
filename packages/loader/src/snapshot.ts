/**
 * A snapshot of the bundled sample's parsed tables, made at build time beside sample.zip
 * (`sample.zip.snapshot`), so a one-shot command does not inflate and parse the CSVs again on
 * every start (the CLI's build writes it: packages/cli/tsup.config.ts).
 *
 * The snapshot holds what `parseArchive` returns for the archive (v8.serialize, the tables
 * as columns of indices into their distinct cell values), tagged with the archive's content
 * version (`sha256:…`): it is used only for the same bytes, and anything unexpected (missing, unreadable, another format or V8 version,
 * another archive) falls back to parsing the archive, so it can make a load faster but never
 * different. The Dataset is still built from the tables as for any load.
 */
import { readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { ParsedData } from './local.js';

/** Bumped whenever what the snapshot holds changes shape. */
const SNAPSHOT_FORMAT = 2;

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
  values: unknown[];
  tables: Record<string, Table>;
  warnings: ParsedData['warnings'];
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

/** The snapshot file's bytes for the archive of `version` parsed as `parsed`. */
export function encodeSnapshot(parsed: ParsedData, version: string): Buffer {
  const index = new Map<unknown, number>();
  const values: unknown[] = [];
  const tables: Record<string, Table> = {};
  for (const [name, t] of Object.entries(parsed.tables)) {
    const columns = Array.isArray(t) && t.length > 0 ? toColumns(t, index, values) : undefined;
    tables[name] = columns ? { columns } : { raw: t };
  }
  const s: Snapshot = { format: SNAPSHOT_FORMAT, version, values, tables, warnings: parsed.warnings };
  return serialize(s);
}

/** The parsed tables of the archive at `archivePath` whose content version is `version`, when a matching snapshot is beside it. */
export function readSnapshot(archivePath: string, version: string): ParsedData | undefined {
  let s: Partial<Snapshot> | undefined;
  try {
    s = deserialize(readFileSync(snapshotPath(archivePath))) as Partial<Snapshot>;
    if (s?.format !== SNAPSHOT_FORMAT || s.version !== version || !Array.isArray(s.values) || typeof s.tables !== 'object' || s.tables === null) return undefined;
    const tables: Record<string, unknown> = {};
    for (const [name, t] of Object.entries(s.tables)) tables[name] = 'columns' in t ? fromColumns(t.columns, s.values) : t.raw;
    return { tables: tables as unknown as ParsedData['tables'], warnings: s.warnings ?? [] };
  } catch {
    return undefined;
  }
}
