/**
 * Bulk status (calendar-arithmetic.md §6): the query and answer schemas, and the small mapper
 * that turns core's per-identifier errors into `{status, detail}` exactly as the single-market
 * request (`/markets/{identifier}/status`) would have answered them.
 */
import { isStatusManyFailure, type StatusMany, type StatusManyItem } from '@openbell/core';
import { z } from 'zod';
import { toHttp } from './errors.js';
import { MarketStatus, StatusQuery } from './schemas.js';

const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .openapi({
    type: 'string',
    example: 'XNYS,US.CME.EQUITY.USINDEX1',
    param: { description: 'Comma-separated FinIDs or MICs, answered in this order (at most 1,000). Repeating the parameter adds to the list.' },
  });

export const BulkStatusQuery = StatusQuery.extend({
  markets: list,
  subset: z
    .string()
    .optional()
    .openapi({ example: 'US*', param: { description: 'Instead of markets: a FinID pattern (`*` any run of characters); answered by FinID.' } }),
});

export interface BulkError {
  status: number;
  detail: unknown;
  candidates?: string[];
}

/** The HTTP status and body the single-market status request answers for this error. */
export function bulkError(err: unknown): BulkError {
  const a = toHttp(err, { path: 'identifier' });
  return { status: a.status, ...a.body };
}

export type BulkEntry = StatusManyItem | { identifier: string; error: BulkError };

export function bulkBody(r: StatusMany): { as_of: string; markets: BulkEntry[] } {
  return {
    as_of: r.as_of,
    markets: r.markets.map((m) => (isStatusManyFailure(m) ? { identifier: m.identifier, error: bulkError(m.error) } : m)),
  };
}

/** `markets` as core takes it: repeated parameters concatenated. */
export function marketsParam(v: string | string[] | undefined): string[] | undefined {
  return v === undefined ? undefined : Array.isArray(v) ? v : [v];
}

const StatusManyOk = MarketStatus.omit({ market: true })
  .extend({ identifier: z.string(), fin_id: z.string(), timezone: z.string().nullable() })
  .openapi('BulkStatusEntry');

const StatusManyFault = z
  .object({
    identifier: z.string(),
    error: z.looseObject({ status: z.number().int(), detail: z.unknown() }),
  })
  .openapi('BulkStatusError');

export const BulkStatus = z
  .object({
    as_of: z.string().openapi({ example: '2023-11-15T17:00:00+00:00' }),
    markets: z.array(z.union([StatusManyOk, StatusManyFault])),
  })
  .openapi('BulkStatusResponse');
