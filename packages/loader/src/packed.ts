/**
 * Rows in a compact form: each distinct cell value once (`values`: FinIDs, dates, names) and
 * one index per cell in 16- or 32-bit blocks. A table stays packed until its rows are needed,
 * several times smaller than row objects for holidays.csv, and the rows made from it share their
 * strings (one copy of each distinct value). It is also how rows cross from the loader's worker
 * thread to the main thread: `values` is cloned (small), the blocks' buffers are transferred,
 * where a structured clone of row objects would make a new string for every cell.
 */

export interface PackedRows {
  /** Every key seen, in order of first appearance. */
  columns: string[];
  /** Distinct cell values; index 0 stands for a key the row does not have. */
  values: unknown[];
  /**
   * `columns.length` indexes into `values` per row, row by row, BLOCK_ROWS rows a block; 16-bit
   * while the indexes fit (a holiday table's distinct values do), which halves the blocks.
   */
  blocks: (Uint16Array | Uint32Array)[];
  count: number;
}

const ABSENT = 0;
/** Rows a block holds: blocks are never copied to grow, and a whole table is never one buffer. */
export const BLOCK_ROWS = 4096;

/**
 * An object with `columns` set to null, to copy (`{ ...shape }`) for each row. A copy keeps its
 * template's layout: built by JSON.parse, every field sits inside the object (98 bytes for a
 * holiday row against 130 when the fields are added one by one to `{}`, which spills past
 * four into a separate store), and all rows of a file share one hidden class.
 */
export function rowShape(columns: readonly string[]): Record<string, unknown> {
  return JSON.parse(JSON.stringify(Object.fromEntries(columns.map((c) => [c, null])))) as Record<string, unknown>;
}

/** Packs rows one at a time as they are read, for a given set of columns. */
export class RowPacker {
  private readonly values: unknown[] = [undefined];
  private readonly valueIndex = new Map<unknown, number>();
  private readonly blocks: (Uint16Array | Uint32Array)[] = [];
  private count = 0;

  constructor(private readonly columns: string[]) {}

  /** Appends a row of primitive cells (strings, numbers, booleans, null); other keys are ignored. */
  add(row: Record<string, unknown>): void {
    const width = this.columns.length;
    const at = this.count % BLOCK_ROWS;
    if (at === 0)
      this.blocks.push(
        this.values.length <= 0xffff ? new Uint16Array(BLOCK_ROWS * width) : new Uint32Array(BLOCK_ROWS * width),
      );
    let block = this.blocks[this.blocks.length - 1]!;
    const base = at * width;
    for (let c = 0; c < width; c++) {
      const k = this.columns[c]!;
      if (!Object.hasOwn(row, k)) continue;
      const v = row[k];
      if (v !== null && typeof v === 'object')
        throw new TypeError(`cell ${k} of row ${this.count} is not a primitive value`);
      let i = this.valueIndex.get(v);
      if (i === undefined) {
        i = this.values.length;
        this.values.push(v);
        this.valueIndex.set(v, i);
        if (i > 0xffff && block instanceof Uint16Array)
          this.blocks[this.blocks.length - 1] = block = Uint32Array.from(block);
      }
      block[base + c] = i;
    }
    this.count++;
  }

  finish(): PackedRows {
    return { columns: this.columns, values: this.values, blocks: this.blocks, count: this.count };
  }
}

/** Packs rows of primitive cells (strings, numbers, booleans, null). */
export function packRows(rows: readonly object[]): PackedRows {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const k in row) {
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
    }
  }
  const packer = new RowPacker(columns);
  for (const row of rows) packer.add(row as Record<string, unknown>);
  return packer.finish();
}

/** Makes the rows of `packed` one at a time, as they are asked for. */
export function rowMaker(packed: PackedRows): { count: number; row: (r: number) => Record<string, unknown> } {
  const { columns, values, blocks, count } = packed;
  const width = columns.length;
  // Complete rows are copies of one template (fields in-object, one hidden class).
  const shape = rowShape(columns);
  return {
    count,
    row: (r) => {
      const cells = blocks[Math.floor(r / BLOCK_ROWS)]!;
      const base = (r % BLOCK_ROWS) * width;
      let complete = true;
      for (let c = 0; c < width; c++) if (cells[base + c] === ABSENT) complete = false;
      const row: Record<string, unknown> = complete ? { ...shape } : {};
      for (let c = 0; c < width; c++) {
        const i = cells[base + c]!;
        if (i !== ABSENT) row[columns[c]!] = values[i];
      }
      return row;
    },
  };
}

/**
 * Appends the rows of `packed` to `into`, pausing (yield) every `every` rows so a caller can
 * spread the work over turns of its event loop.
 */
export function* unpackRows(packed: PackedRows, into: unknown[], every = 4096): Generator<void, void, void> {
  const { count, row } = rowMaker(packed);
  for (let r = 0; r < count; r++) {
    if (r % every === every - 1) yield;
    into.push(row(r));
  }
}

/** All rows of `packed` at once. */
export function unpackAll(packed: PackedRows): unknown[] {
  const out: unknown[] = [];
  const steps = unpackRows(packed, out, Number.MAX_SAFE_INTEGER);
  while (!steps.next().done);
  return out;
}

/** The buffers to transfer with `packed`. */
export function transferList(packed: PackedRows): ArrayBuffer[] {
  return packed.blocks.map((b) => b.buffer as ArrayBuffer);
}
