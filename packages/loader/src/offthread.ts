/**
 * Loading without stalling the event loop, for a server swapping in new data while it answers
 * requests. The archive is read, inflated and parsed in a worker thread (worker.ts); each
 * table comes back packed (packed.ts: transferred blocks of cell indexes and its distinct
 * values), the worker is ended, and the small tables' rows and then the Dataset are rebuilt on
 * this thread in slices of a few milliseconds (core's `Dataset.createSteps`), yielding to the
 * event loop (setImmediate) between them; the holiday tables stay packed and the build makes
 * each row as it reads it (Tables.onDemand). The two threads' peaks do not overlap, and the rows
 * share their strings as the in-thread reader's do. Errors and warnings are those of the in-thread
 * functions (`loadFromBytes`, `loadFromPath`), which stay as they are for the CLI and tests.
 *
 * When the worker's compiled file cannot be found (running from sources without a build),
 * the in-thread functions are used instead.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  DataError,
  Dataset,
  type DatasetOptions,
  type TableName,
  type TableSources,
  type Tables,
} from '@openbell/core';
import { LoaderError, type LoaderErrorCode } from './errors.js';
import {
  addDatasetWarnings,
  directoryVersion,
  PACKED_TABLES,
  loadedData,
  loadFromBytes,
  loadFromPath,
  statPath,
  type LoadInfo,
  type ParseOptions,
} from './local.js';
import type { LoadedData, LoadWarning } from './types.js';
import { rowMaker, unpackRows, type PackedRows } from './packed.js';
import type { WorkerMessage, WorkerTask } from './worker.js';

export interface OffThreadOptions {
  /** Longest stretch of Dataset building between two yields to the event loop (ms, default 4). */
  sliceMs?: number;
  /** false: parse on this thread (the in-thread functions); default: a worker when available. */
  worker?: boolean;
}

export const DEFAULT_SLICE_MS = 4;

let workerPath: string | null | undefined;
/** The compiled worker: beside this module (dist/, or a bundle's folder), else the package's dist/. */
export function workerFile(): string | null {
  if (workerPath !== undefined) return workerPath;
  for (const rel of ['./worker.js', '../dist/worker.js']) {
    const p = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(p)) return (workerPath = p);
  }
  return (workerPath = null);
}

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

/**
 * Runs a task in a worker: the packed tables, the worker's warnings and the provenance. The
 * worker has exited (its memory is released) when this resolves.
 */
function runWorker(
  file: string,
  task: WorkerTask,
): Promise<{
  packed: Map<TableName, PackedRows>;
  tables: TableName[];
  warnings: LoadWarning[];
  sources?: TableSources;
}> {
  return new Promise((resolvePromise, reject) => {
    // No inherited flags: a parent started with `--input-type -e …` (or test runners' own
    // flags) would stop a plain file worker from starting.
    const worker = new Worker(file, { workerData: { openbellLoader: task }, execArgv: [] });
    const packed = new Map<TableName, PackedRows>();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      worker.terminate().then(fn, fn);
    };
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'table') {
        packed.set(m.table, m.packed);
      } else if (m.type === 'done') {
        finish(() =>
          resolvePromise({
            packed,
            tables: m.tables,
            warnings: m.warnings as LoadWarning[],
            ...(m.sources ? { sources: m.sources } : {}),
          }),
        );
      } else {
        const e = m.error;
        const err = e.loader
          ? new LoaderError(e.code as LoaderErrorCode, e.message, {
              file: e.file,
              line: e.line,
              column: e.column,
              status: e.status,
            })
          : new Error(e.message);
        finish(() => reject(err));
      }
    });
    worker.once('error', (err) => finish(() => reject(err)));
    worker.once('exit', (code) => finish(() => reject(new Error(`the loader worker exited early (code ${code})`))));
  });
}

/** Parses in a worker; the small tables' rows are rebuilt here in slices (packed.ts), yielding to the event loop. */
async function parseInWorker(
  file: string,
  task: WorkerTask,
  sliceMs = DEFAULT_SLICE_MS,
): Promise<{ tables: Tables; warnings: LoadWarning[] }> {
  const { packed, tables: present, warnings, sources } = await runWorker(file, task);
  const tables: Partial<Record<TableName, unknown[]>> = {};
  // The big tables stay packed: the build makes each row as it reads it, and lets it go.
  const onDemand: NonNullable<Tables['onDemand']> = {};
  for (const t of present) {
    const rows: unknown[] = (tables[t] = []);
    const p = packed.get(t);
    if (!p) continue;
    if (PACKED_TABLES.has(t)) {
      onDemand[t as 'holidays' | 'currencyHolidays'] = rowMaker(p) as never;
      continue;
    }
    // Each table's cells are let go as soon as its rows are rebuilt.
    packed.delete(t);
    const steps = unpackRows(p, rows);
    let until = performance.now() + sliceMs;
    while (!steps.next().done) {
      if (performance.now() >= until) {
        await yieldToLoop();
        until = performance.now() + sliceMs;
      }
    }
  }
  return { tables: { ...(tables as unknown as Tables), onDemand, ...(sources ? { sources } : {}) }, warnings };
}

/**
 * Builds a Dataset from verified rows in slices of about `sliceMs`, yielding to the event loop
 * between them. Options as the loader's `buildDataset`.
 */
export async function buildDatasetSliced(
  tables: Tables,
  options: DatasetOptions = {},
  sliceMs = DEFAULT_SLICE_MS,
): Promise<Dataset> {
  const steps = Dataset.createSteps(tables, {
    coverageEndYearWithoutHolidays: new Date().getUTCFullYear() + 5,
    clock: Date.now,
    ...options,
  });
  let until = performance.now() + sliceMs;
  for (;;) {
    let r: IteratorResult<void, Dataset>;
    try {
      r = steps.next();
    } catch (e) {
      // Bad rows are warnings, never errors (docs/bulk-format.md §5); this is not expected.
      if (e instanceof DataError) throw new LoaderError('data_invalid', e.message, { cause: e });
      throw e;
    }
    if (r.done) return r.value;
    if (performance.now() >= until) {
      await yieldToLoop();
      until = performance.now() + sliceMs;
    }
  }
}

/** The Dataset built here, with its warnings after the reader's (as the in-thread load orders them). */
async function assemble(tables: Tables, warnings: LoadWarning[], info: LoadInfo, sliceMs: number): Promise<LoadedData> {
  // The rows were rebuilt for this build alone: it may let them go as it reads them.
  const dataset = await buildDatasetSliced({ ...tables, handOver: true }, {}, sliceMs);
  addDatasetWarnings(dataset, tables.sources, warnings);
  return loadedData(dataset, warnings, info);
}

/** `loadFromBytes` off the event loop (see the module comment). */
export async function loadFromBytesOffThread(
  bytes: Uint8Array,
  info: LoadInfo,
  parse: ParseOptions = {},
  options: OffThreadOptions = {},
): Promise<LoadedData> {
  const file = options.worker === false ? null : workerFile();
  if (!file) return loadFromBytes(bytes, info, parse);
  // Copied to the worker (not transferred): the caller may still need the bytes (the cache).
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  const { tables, warnings } = await parseInWorker(file, { kind: 'bytes', bytes, parse }, sliceMs);
  return assemble(tables, warnings, info, options.sliceMs ?? DEFAULT_SLICE_MS);
}

/**
 * Checks that a ZIP or a directory loads (the full load: parse and build), in a worker, and
 * answers its warnings; throws the LoaderError the load would. Nothing is built on this
 * thread (a publisher checking a file before publishing it).
 */
export async function verifyPathOffThread(path: string, parse: ParseOptions = {}): Promise<LoadWarning[]> {
  const file = workerFile();
  if (!file) return (await loadFromPath(path, parse)).meta.warnings;
  const { full, st } = await statPath(path);
  const task: WorkerTask = st.isDirectory()
    ? { kind: 'directory', path: full, parse, verifyOnly: true }
    : { kind: 'bytes', bytes: new Uint8Array(await readFile(full)), parse, verifyOnly: true };
  return (await runWorker(file, task)).warnings;
}

/** `loadFromPath` off the event loop (see the module comment). */
export async function loadFromPathOffThread(
  path: string,
  parse: ParseOptions = {},
  options: OffThreadOptions = {},
): Promise<LoadedData> {
  const file = options.worker === false ? null : workerFile();
  if (!file) return loadFromPath(path, parse);
  const { full, st } = await statPath(path);
  if (st.isDirectory()) {
    const { tables, warnings } = await parseInWorker(
      file,
      { kind: 'directory', path: full, parse },
      options.sliceMs ?? DEFAULT_SLICE_MS,
    );
    return assemble(
      tables,
      warnings,
      { source: full, kind: 'directory', version: directoryVersion(full), downloadedAt: null },
      options.sliceMs ?? DEFAULT_SLICE_MS,
    );
  }
  const buf = await readFile(full);
  const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  return loadFromBytesOffThread(
    bytes,
    { source: full, kind: 'file', version: st.mtime.toISOString(), downloadedAt: null },
    parse,
    options,
  );
}
