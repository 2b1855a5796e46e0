/**
 * Where each table came from, so that core can name file, line and column in its warnings and
 * data errors without knowing about archives. The loader fills it in; hand-made tables can leave
 * it out and are then described by table name and row number.
 */
import type { TableName } from '../errors.js';

export interface TableSource {
  /** The file as named in the archive, e.g. `csv/schedules.csv`. */
  file: string;
  /** Normalized column name → header as written in the file. */
  headers?: Record<string, string>;
  /**
   * Line of the first data row (rows are consecutive CSV records after it). Default 2: the
   * header is line 1.
   */
  firstLine?: number;
}

export type TableSources = Partial<Record<TableName, TableSource>>;

/** A cell or row the reader could not take as written (a malformed value, a short line). */
export interface RowFault {
  table: TableName;
  /** 0-based index into the table's row array. */
  row: number;
  /** Normalized column name, when one cell is at fault. */
  column?: string;
  message: string;
}

/** `fin_id` → `FinID`, `phase_type` → `Phase Type`: a field's column name as the bulk file writes it. */
export function publishedHeader(column: string): string {
  if (column === 'fin_id') return 'FinID';
  if (column === 'mic') return 'MIC';
  return column
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export interface Place {
  file?: string;
  line?: number;
  column?: string;
}

/** File, line and column of a table row (and cell), as far as the sources tell. */
export function placeOf(sources: TableSources | undefined, table: TableName, row?: number, column?: string): Place {
  const src = sources?.[table];
  const out: Place = {};
  if (src) out.file = src.file;
  if (row !== undefined) out.line = row + (src?.firstLine ?? 2);
  if (column !== undefined) out.column = src?.headers?.[column] ?? publishedHeader(column);
  return out;
}

/** `csv/schedules.csv, line 12, column 'End'` (or `schedules, row 11, column 'End'` without sources). */
export function describePlace(
  sources: TableSources | undefined,
  table: TableName,
  row?: number,
  column?: string,
): string {
  const p = placeOf(sources, table, row, column);
  const parts = [p.file ?? table];
  if (row !== undefined) parts.push(p.file ? `line ${p.line}` : `row ${row + 1}`);
  if (p.column !== undefined) parts.push(`column '${p.column}'`);
  return parts.join(', ');
}
