/**
 * The data-change operations: `GET /changes` and `GET /changes/{to_version}`. They read the
 * change log the adapter passes in the operation context (context.ts), not the Dataset; the
 * Dataset only resolves a MIC of `markets` to its FinIDs.
 *
 * Not `cacheable`: a swap brings the new data at once but its change set a few slices later
 * (the server computes it after the swap), so an answer cached for the new data would go
 * stale the moment the change set lands. The answers are small; recomputing them is cheap.
 *
 * No `cli` entry: `openbell changes` asks a running server or reads the cache folder, and a
 * derived command would load the data for nothing.
 */
import { optional, param } from '@openbell/core/params';
import { NO_CHANGES, type OperationContext } from '../context.js';
import { documented, type OperationSpec, type Params } from '../registry.js';

const operation = <S extends Params, R>(spec: OperationSpec<S, R, 'Changes', undefined>) => spec;

const markets = documented(optional(param.list()), {
  description:
    'Keep only the changes of these markets: comma-separated FinIDs or MICs (a MIC stands for every market it maps ' +
    'to; ' +
    'an identifier the served data no longer knows is matched as a FinID, so a removed market can be asked for). ' +
    'Repeating the parameter adds to the list. The summary is recounted.',
  example: 'XNYS',
});
const currencies = documented(optional(param.list()), {
  description:
    'Keep only the changes of these currencies (comma-separated codes); with `markets`, the changes of either. The ' +
    'summary is recounted.',
  example: 'USD',
});

const source = (context: OperationContext) => context.changes ?? NO_CHANGES;

export const changeOperations = {
  listChanges: operation({
    path: '/changes',
    tag: 'Changes',
    summary: 'Change sets since a version',
    description:
      'Every change set after version `since`, oldest first; without `since`, the latest one alone (an empty list ' +
      'before any swap). `since` may be the from_version or to_version of a kept change set; the latest to_version ' +
      'answers an empty list. A `since` older than the oldest change set kept answers 410 naming the oldest kept; ' +
      'an unknown one 404. The server keeps the last 50 change sets (`--keep-changes`), also across restarts.',
    params: {
      // No example: /docs would send it, and a made-up version is a 404.
      since: documented(optional(param.text()), {
        description: "A version of the data (`/info` data.version; a change set's from_version or to_version).",
      }),
      markets,
      currencies,
    },
    call: (ds, a, _now, context) =>
      source(context).query(ds, { since: a.since, markets: a.markets, currencies: a.currencies }),
    response: (s) => s.ChangeVersions,
    needs: 'changes',
  }),
  getChangeSet: operation({
    path: '/changes/{to_version}',
    tag: 'Changes',
    summary: 'The change set that made a version',
    description:
      'The change set from the version served before `to_version` to it (404 when none is kept for it), with the ' +
      'filters of `/changes`.',
    params: {
      to_version: documented(param.text(), {
        description: 'The version the change set leads to (its `to_version`).',
        example: '2023-11-14T00:00:00Z',
      }),
      markets,
      currencies,
    },
    call: (ds, a, _now, context) =>
      source(context).get(ds, a.to_version, { markets: a.markets, currencies: a.currencies }),
    response: (s) => s.ChangeSet,
    needs: 'change_set',
  }),
};
