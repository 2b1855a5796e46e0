/**
 * Worker-thread entry of the off-thread loader (offthread.ts): reads, inflates, parses and
 * verifies an archive (or a directory of CSVs) away from the server's event loop, then sends
 * the parsed rows back in small messages so that no single message takes long to receive.
 *
 * Verification is the ordinary in-thread path (`parseArchive`/`readDirectory` then
 * `buildDataset`), so errors and warnings are exactly those of `loadFromBytes` and
 * `loadFromPath`, with file, line and column. The Dataset built here only verifies: class
 * instances do not cross threads, so the caller rebuilds it from the rows in slices.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { TableName, TableSources, Tables } from '@openbell/core';
import { LoaderError } from './errors.js';
import { buildDataset, parseArchive, readDirectory, type ParseOptions } from './local.js';

export type WorkerTask = ({ kind: 'bytes'; bytes: Uint8Array; parse: ParseOptions } | { kind: 'directory'; path: string; parse: ParseOptions }) & {
  /** Only verify: answer `done` (or `error`) without sending the rows back. */
  verifyOnly?: boolean;
};

export type WorkerMessage =
  | { type: 'rows'; table: TableName; rows: unknown[] }
  | { type: 'done'; tables: TableName[]; warnings: unknown[]; sources?: TableSources }
  | { type: 'error'; error: { loader: boolean; code?: string; message: string; file?: string; line?: number; column?: string; status?: number } };

/** Rows per message: each message is received (deserialized) in one turn of the event loop. */
export const ROWS_PER_MESSAGE = 2000;

async function run(task: WorkerTask): Promise<void> {
  const port = parentPort!;
  // Node delivers every message already queued on a port in one go; waiting for the
  // receiver's acknowledgement after each chunk makes each one a turn of its own there.
  const acks: (() => void)[] = [];
  port.on('message', () => acks.shift()?.());
  const send = (m: WorkerMessage): Promise<void> => {
    const acked = new Promise<void>((resolve) => acks.push(resolve));
    port.postMessage(m);
    return acked;
  };
  try {
    const parsed = task.kind === 'bytes' ? parseArchive(task.bytes, task.parse) : readDirectory(task.path);
    const warnings = [...parsed.warnings];
    buildDataset(parsed.tables, warnings);
    const present: TableName[] = [];
    // Every array of Tables travels in chunks (the tables and `rowFaults`); provenance with `done`.
    for (const [table, rows] of Object.entries(parsed.tables) as [TableName, unknown[] | undefined][]) {
      if (!Array.isArray(rows)) continue;
      present.push(table);
      if (task.verifyOnly) continue;
      for (let at = 0; at < rows.length; at += ROWS_PER_MESSAGE) {
        await send({ type: 'rows', table, rows: rows.slice(at, at + ROWS_PER_MESSAGE) });
      }
    }
    port.postMessage({ type: 'done', tables: present, warnings, ...(parsed.tables.sources ? { sources: parsed.tables.sources } : {}) } satisfies WorkerMessage);
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
