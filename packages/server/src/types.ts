/**
 * The loader's shapes, imported from @openbell/loader (type-only: nothing of the loader is
 * loaded at run time). The server widens two things: a LoadedData may hold any
 * CalendarQueries (a library user's own Dataset), and its kind may be 'memory' for a dataset
 * handed over directly; and it needs only the part of a DataSource it calls.
 */
import type { CalendarQueries } from '@openbell/core';
import type * as loader from '@openbell/loader';

/** The loader's kinds, plus 'memory' for a Dataset handed over directly. */
export type DataKind = loader.DataKind | 'memory';

export type DataMeta = Omit<loader.DataMeta, 'kind'> & {
  kind: DataKind;
  /** Set on a version made by a change of the override set (its change set is marked so). */
  origin?: 'override';
};

export interface LoadedData {
  dataset: CalendarQueries;
  meta: DataMeta;
}

export type UpdateResult = { status: 'updated'; data: LoadedData } | { status: 'up_to_date' };

/** What the server calls on a loader DataSource. */
export type DataSource = Pick<loader.DataSource, 'description' | 'isRemote' | 'load' | 'update'>;
