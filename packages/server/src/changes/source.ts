/**
 * The change log as the catalogue's `/changes` operations read it (the `changes` member of
 * their operation context): the queries of log.ts over one ChangeLog.
 */
import type { ChangesSource } from '@openbell/catalog';
import { getChanges, queryChanges, type ChangeLog } from './log.js';

export function changesSource(log: ChangeLog): ChangesSource {
  return {
    query: (ds, q) => queryChanges(log, ds, q),
    get: (ds, toVersion, filter) => getChanges(log, ds, toVersion, filter),
  };
}
