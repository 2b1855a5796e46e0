/**
 * The loader's shapes as docs/contracts.md fixes them. They are declared structurally here
 * rather than imported from @openbell/loader so the server builds and tests without the
 * loader's dist; a real `LoadedData` / `DataSource` from the loader satisfies them as is.
 */
import type { CalendarQueries, Plan } from '@openbell/core';

/** The loader's kinds, plus 'memory' for a Dataset handed over directly. */
export type DataKind = 'sample' | 'file' | 'directory' | 'hosted' | 'url' | 'memory';

export interface DataMeta {
  /** Human-readable origin (path or URL); never carries a token. */
  source: string;
  kind: DataKind;
  isSample: boolean;
  /** ETag or mtime of what was loaded. */
  version: string | null;
  /** ISO string, Date or epoch ms: the contract leaves the representation open. */
  downloadedAt?: string | Date | number | null;
  loadedAt: string | Date | number;
  plan: Plan;
  warnings?: readonly DataWarningEntry[];
}

/** A load warning: where (file, line, column) and which market or currency it makes unusable. */
export interface DataWarningEntry {
  message: string;
  file?: string;
  line?: number;
  column?: string;
  market?: string;
  currency?: string;
}

export interface LoadedData {
  dataset: CalendarQueries;
  meta: DataMeta;
}

export type UpdateResult = { status: 'updated'; data: LoadedData } | { status: 'up_to_date' };

export interface DataSource {
  readonly description: string;
  readonly isRemote: boolean;
  load(): Promise<LoadedData>;
  update(options?: { force?: boolean }): Promise<UpdateResult>;
}
