/**
 * Bulk status (calendar-arithmetic.md §6): the answer's schema, and the small mapper
 * that turns core's per-identifier errors into `{status, detail}` exactly as the single-market
 * request (`/markets/{identifier}/status`) would have answered them.
 */
import { isStatusManyFailure, type StatusMany, type StatusManyItem } from '@openbell/core';
import { z } from 'zod';
import { toHttp } from './errors.js';
import { MarketStatus } from './schemas.js';

export interface BulkError {
  status: number;
  detail: unknown;
  candidates?: string[];
}

/** The HTTP status and body the single-market status request answers for this error. */
export function bulkError(err: unknown): BulkError {
  const a = toHttp(err, { identifier: 'path' });
  return { status: a.status, ...a.body };
}

export type BulkEntry = StatusManyItem | { identifier: string; error: BulkError };

export function bulkBody(r: StatusMany): { as_of: string; markets: BulkEntry[] } {
  return {
    as_of: r.as_of,
    markets: r.markets.map((m) => (isStatusManyFailure(m) ? { identifier: m.identifier, error: bulkError(m.error) } : m)),
  };
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
