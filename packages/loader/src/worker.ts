/**
 * Worker-thread entry of the off-thread loader (offthread.ts): reads, inflates and parses an
 * archive (or a directory of CSVs) away from the server's event loop with the ordinary
 * in-thread reader (`readArchive`/`readDirectory`, the holiday tables read packed), so errors
 * and warnings are exactly those of `loadFromBytes` and `loadFromPath`, with file, line and
 * column. Each table goes back packed (packed.ts: its cell indexes in transferred blocks), and
 * the caller builds the Dataset, whose warnings it adds: no Dataset is built here, so this
 * thread's memory peaks at the parse alone and is gone before the caller's build starts.
 *
 * `verifyOnly` (a publisher checking a file) builds the Dataset here for its warnings and
 * sends no rows.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { TableName, TableSources, Tables } from '@openbell/core';
import { packRows, transferList, type PackedRows } from './packed.js';
import { LoaderError } from './errors.js';
import { buildDataset, readArchive, readDirectory, tablesForBuild, type ParseOptions } from './local.js';

export type WorkerTask = (
  | { kind: 'bytes'; bytes: Uint8Array; parse: ParseOptions }
  | { kind: 'directory'; path: string; parse: ParseOptions }
) & {
  /** Only verify: answer `done` (or `error`) without sending the rows back. */
  verifyOnly?: boolean;
};

export type WorkerMessage =
  | { type: 'table'; table: TableName; packed: PackedRows }
  | { type: 'done'; tables: TableName[]; warnings: unknown[]; sources?: TableSources }
  | {
      type: 'error';
      error: {
        loader: boolean;
        code?: string;
        message: string;
        file?: string;
        line?: number;
        column?: string;
        status?: number;
      };
    };

async function run(task: WorkerTask): Promise<void> {
  const port = parentPort!;
  try {
    // The holiday tables are read packed: their rows never exist in this thread.
    const parsed = task.kind === 'bytes' ? readArchive(task.bytes, task.parse, true) : readDirectory(task.path, true);
    const warnings = [...parsed.warnings];
    if (task.verifyOnly) buildDataset(tablesForBuild(parsed), warnings);
    const present: TableName[] = [];
    const tables = parsed.tables as unknown as Record<string, unknown>;
    // Every array of Tables (the tables and `rowFaults`) is packed and sent; provenance with `done`.
    for (const table of Object.keys(tables) as TableName[]) {
      const rows = tables[table];
      if (!Array.isArray(rows)) continue;
      present.push(table);
      if (task.verifyOnly) continue;
      const packed = parsed.packed?.[table] ?? packRows(rows);
      // Dropped before the next table is packed: this thread never holds two copies of all rows.
      delete tables[table];
      port.postMessage({ type: 'table', table, packed } satisfies WorkerMessage, transferList(packed));
    }
    port.postMessage({
      type: 'done',
      tables: present,
      warnings,
      ...(parsed.tables.sources ? { sources: parsed.tables.sources } : {}),
    } satisfies WorkerMessage);
  } catch (e) {
    const err = e as Partial<LoaderError> & Error;
    port.postMessage({
      type: 'error',
      error: {
        loader: e instanceof LoaderError,
        code: err.code,
        message: err.message ?? String(e),
        file: err.file,
        line: err.line,
        column: err.column,
        status: err.status,
      },
    } satisfies WorkerMessage);
  }
}

if (parentPort && workerData && (workerData as { openbellLoader?: WorkerTask }).openbellLoader) {
  void run((workerData as { openbellLoader: WorkerTask }).openbellLoader);
}

export type { Tables };
