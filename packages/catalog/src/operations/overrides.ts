/**
 * Overrides and point-in-time answers as operations (docs/overrides.md): `GET /overrides`,
 * `GET /overrides/{id}`, `GET /versions` and the history of one date's holiday row. They read
 * what the adapter keeps (the override set, the kept versions) through the operation context,
 * as `/changes` reads the change log; the writes (`POST`, `DELETE`) are the server's, since
 * they need a token and a file.
 *
 * None is `cacheable`: an override changes them without the URL changing, and they are small.
 */
import type { CalendarQueries } from '@openbell/core';
import {
  isCurrencyTarget,
  normalizeCurrencyCode,
  normalizeMarketIdentifier,
  optional,
  param,
  withDefault,
} from '@openbell/core/params';
import { NO_OVERRIDES, NO_VERSIONS, type OperationContext } from '../context.js';
import { documented, type OperationSpec, type Params } from '../registry.js';

const operation = <S extends Params, R>(spec: OperationSpec<S, R, 'Overrides', undefined>) => spec;

/** A target as the records name it: a currency code, or a market's FinID (replacements followed). */
function resolveTarget(ds: CalendarQueries, target: string): string {
  if (isCurrencyTarget(target)) return normalizeCurrencyCode(target, 'target');
  return ds.parsed.getMarket(normalizeMarketIdentifier(target, 'target'), true).fin_id;
}

const overridesOf = (c: OperationContext) => c.overrides ?? NO_OVERRIDES;
const versionsOf = (c: OperationContext) => c.versions ?? NO_VERSIONS;

const date = documented(param.date(), { description: 'The date (YYYY-MM-DD).', example: '2023-11-23' });

export const overrideOperations = {
  listOverrides: operation({
    path: '/overrides',
    tag: 'Overrides',
    summary: 'Local overrides',
    description:
      'The overrides made on this service (closures, early closes, late opens, reopens), newest first; withdrawn ' +
      'ones ' +
      'only with `include_withdrawn=true`. Reading is open; making and withdrawing one needs an admin token.',
    params: {
      target: documented(optional(param.text()), {
        description: 'Only the overrides of this market (FinID or MIC) or currency.',
        example: 'XNYS',
      }),
      include_withdrawn: documented(withDefault(param.boolean(), false), { description: 'Also the withdrawn ones.' }),
    },
    call: (ds, a, _now, context) =>
      overridesOf(context).list({
        target: a.target === undefined ? undefined : resolveTarget(ds, a.target),
        includeWithdrawn: a.include_withdrawn,
      }),
    response: (s) => s.z.array(s.Override),
    needs: 'market',
  }),
  getOverride: operation({
    path: '/overrides/{id}',
    tag: 'Overrides',
    summary: 'One override',
    params: {
      id: documented(param.text(), { description: 'The id of the override (`ovr_` and 12 letters or digits).' }),
    },
    call: (_ds, a, _now, context) => overridesOf(context).get(a.id),
    response: (s) => s.Override,
    needs: 'change_set',
  }),
  listVersions: operation({
    path: '/versions',
    tag: 'Overrides',
    summary: 'Data versions kept',
    description:
      'The versions of the data kept for point-in-time answers (`as_of`), newest first: each vendor file loaded and ' +
      'each ' +
      'change of the override set on top of it. The last 50 are kept (`--keep-changes`).',
    params: {
      source: documented(optional(param.enum(['archive', 'override'] as const)), {
        description:
          'Only the versions of this source: a vendor file (`archive`) or a change of the override set (`override`).',
      }),
    },
    call: (_ds, a, _now, context) =>
      versionsOf(context)
        .list()
        .filter((v) => a.source === undefined || v.source === a.source),
    response: (s) => s.z.array(s.Version),
  }),
  marketHolidayHistory: operation({
    path: '/markets/{identifier}/holidays/{date}/history',
    tag: 'Overrides',
    summary: "A market date's holiday row across the kept versions",
    description:
      'Oldest first: the row in the oldest kept version (`added`), then every version that added, changed or removed ' +
      'it, ' +
      'with when and from which source: when a closure was first announced, and by whom (`after.override`).',
    params: {
      identifier: documented(param.marketIdentifier(), { description: 'A FinID or a MIC.', example: 'US.NYSE' }),
      date,
    },
    call: (ds, a, _now, context) =>
      versionsOf(context).history('market', ds.parsed.getMarket(a.identifier, true).fin_id, a.date),
    response: (s) => s.z.array(s.HistoryEntry),
    needs: 'market',
  }),
  currencyHolidayHistory: operation({
    path: '/currencies/{code}/holidays/{date}/history',
    tag: 'Overrides',
    summary: "A currency date's holiday row across the kept versions",
    params: {
      code: documented(param.currencyCode(), { description: 'A currency code.', example: 'USD' }),
      date,
    },
    call: (ds, a, _now, context) =>
      versionsOf(context).history('currency', ds.parsed.getCurrency(a.code).currency_code, a.date),
    response: (s) => s.z.array(s.HistoryEntry),
    needs: 'currency',
    plan: 'currencies',
  }),
};
