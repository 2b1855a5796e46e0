import type { Dataset, Plan, TableName, Tables } from '@openbell/core';
import type { PackedRows } from './packed.js';

export type DataKind = 'sample' | 'file' | 'directory' | 'hosted' | 'url';

/** A problem in the data that does not make answers wrong; where it is, when known. */
export interface LoadWarning {
  message: string;
  file?: string;
  line?: number;
  column?: string;
  /** The market a bad row belongs to: queries computing from the dates it touches answer a data error. */
  market?: string;
  /** The currency a bad row belongs to. */
  currency?: string;
}

export interface DataMeta {
  /** Human-readable origin (path or URL); never carries a token or a presigned query. */
  source: string;
  kind: DataKind;
  isSample: boolean;
  /**
   * ETag of a download (else `sha256:<hex>` of it), `sha256:<hex>` of a local ZIP or the sample, the newest CSV's mtime
   * (ISO) for a directory.
   */
  version: string | null;
  /** When the archive was downloaded (ISO), or null for local data. */
  downloadedAt: string | null;
  /** When this dataset was built (ISO). */
  loadedAt: string;
  plan: Plan;
  warnings: LoadWarning[];
  /**
   * The open dataset's word on each market (docs/open-data.md): the last date its exchange's
   * published notices cover, and the sources its rules follow. Absent for other data.
   */
  coverage?: DataCoverage;
}

/** A market's coverage in the open dataset, by FinID. */
export type DataCoverage = Readonly<
  Record<string, { confirmedThrough: string; sources: readonly { title: string; url: string }[] }>
>;

export interface LoadedData {
  dataset: Dataset;
  meta: DataMeta;
}

export interface Progress {
  /** Bytes received so far. */
  loaded: number;
  /** Content-Length when the server sent one. */
  total: number | undefined;
  /**
   * `verifying` once the bytes are all in and the archive is being opened and checked (a
   * while for a large one); absent while downloading.
   */
  stage?: 'verifying';
}

export type ProgressCallback = (progress: Progress) => void;

export type UpdateResult = { status: 'updated'; data: LoadedData } | { status: 'up_to_date' };

export interface CheckResult {
  upToDate: boolean;
  etag: string | null;
  lastModified: string | null;
  contentLength: number | null;
}

export interface DataSource {
  /** Where the data comes from, fit for logs and /info; never contains a token. */
  readonly description: string;
  readonly kind: DataKind;
  readonly isRemote: boolean;
  /**
   * The ZIP on disk behind the data now served (the cache's archive, the file given, the
   * sample), e.g. for publishing it; null for a directory. A remote source names its cache
   * file, which exists once the first download is done.
   */
  archivePath(): string | null;
  /** The data to serve now: the cache when it holds a good archive, else a first download. */
  load(): Promise<LoadedData>;
  /** Fetch a newer version if there is one (ETag); `force` ignores the stored ETag. */
  update(options?: { force?: boolean }): Promise<UpdateResult>;
  /** Whether a newer version is available, without downloading it (HEAD). */
  check(): Promise<CheckResult>;
}

/** An archive's tables as read, before the build. */
export interface ParsedData {
  tables: Tables;
  warnings: LoadWarning[];
  /** Tables read packed (their arrays in `tables` left empty), when the reader was asked to. */
  packed?: Partial<Record<TableName, PackedRows>>;
}
