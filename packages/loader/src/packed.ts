/**
 * Rows in a form that crosses from the loader's worker thread to the main thread without being
 * cloned value by value: each distinct cell value once (`values`, cloned, small: FinIDs,
 * dates, names) and one index per cell in a Uint32Array whose buffer is transferred. The rows
 * rebuilt on the other side share their strings (one copy of each distinct value), where a
 * structured clone of row objects would make a new string for every cell.
 */
import { rowShape } from './csv.js';

export interface PackedRows {
  /** Every key seen, in order of first appearance. */
  columns: string[];
  /** Distinct cell values; index 0 stands for a key the row does not have. */
  values: unknown[];
  /** `count * columns.length` indexes into `values`, row by row. */
  cells: Uint32Array;
  count: number;
}

const ABSENT = 0;

/** Packs rows of primitive cells (strings, numbers, booleans, null). */
export function packRows(rows: readonly object[]): PackedRows {
  const columns: string[] = [];
  const colIndex = new Map<string, number>();
  for (const row of rows) {
    for (const k in row) {
      if (!colIndex.has(k)) {
        colIndex.set(k, columns.length);
        columns.push(k);
      }
    }
  }
  const width = columns.length;
  const values: unknown[] = [undefined];
  const valueIndex = new Map<unknown, number>();
  const cells = new Uint32Array(rows.length * width);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    const base = r * width;
    for (let c = 0; c < width; c++) {
      const k = columns[c]!;
      if (!Object.prototype.hasOwnProperty.call(row, k)) continue;
      const v = row[k];
      if (v !== null && typeof v === 'object') throw new TypeError(`cell ${k} of row ${r} is not a primitive value`);
      let i = valueIndex.get(v);
      if (i === undefined) {
        i = values.length;
        values.push(v);
        valueIndex.set(v, i);
      }
      cells[base + c] = i;
    }
  }
  return { columns, values, cells, count: rows.length };
}

/**
 * Appends the rows of `packed` to `into`, pausing (yield) every `every` rows so a caller can
 * spread the work over turns of its event loop.
 */
export function* unpackRows(packed: PackedRows, into: unknown[], every = 4096): Generator<void, void, void> {
  const { columns, values, cells, count } = packed;
  const width = columns.length;
  // Complete rows are copies of one template (fields in-object, one hidden class).
  const shape = rowShape(columns);
  for (let r = 0; r < count; r++) {
    if (r % every === every - 1) yield;
    const base = r * width;
    let complete = true;
    for (let c = 0; c < width; c++) if (cells[base + c] === ABSENT) complete = false;
    const row: Record<string, unknown> = complete ? { ...shape } : {};
    for (let c = 0; c < width; c++) {
      const i = cells[base + c]!;
      if (i !== ABSENT) row[columns[c]!] = values[i];
    }
    into.push(row);
  }
}

/** All rows of `packed` at once. */
export function unpackAll(packed: PackedRows): unknown[] {
  const out: unknown[] = [];
  const steps = unpackRows(packed, out, Number.MAX_SAFE_INTEGER);
  while (!steps.next().done);
  return out;
}
