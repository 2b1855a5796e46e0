/**
 * Where each table came from, so that core can name file, line and column in its warnings and
 * data errors without knowing about archives. The loader fills it in; hand-made tables can leave
 * it out and are then described by table name and row number.
 */
import type { TableName } from '../errors.js';
import type { TableSources } from '../types.js';

// The places' types sit with the records (types.ts), which name them.
export type { RowFault, TableSource, TableSources } from '../types.js';

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
