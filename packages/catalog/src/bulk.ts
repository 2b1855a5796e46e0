/**
 * Bulk status (docs/calendar-arithmetic.md §6): the small mapper that turns core's per-identifier
 * errors into `{status, detail}` exactly as the single-market request
 * (`/markets/{identifier}/status`) would have answered them. The answer's schema is
 * BulkStatus in schemas.ts.
 */
import { isStatusManyFailure, type StatusMany, type StatusManyItem } from '@openbell/core';
import { toHttp } from './errors.js';

export interface BulkError {
  status: number;
  detail: unknown;
  candidates?: string[];
}

/**
 * The HTTP status and body the single-market status request answers for this error;
 * `identifier`, the one asked, is a 422 entry's `input` as it is on that request.
 */
export function bulkError(err: unknown, identifier?: string): BulkError {
  const a = toHttp(err, { identifier: 'path' }, identifier === undefined ? undefined : { identifier });
  return { status: a.status, ...a.body };
}

export type BulkEntry = StatusManyItem | { identifier: string; error: BulkError };

export function bulkBody(r: StatusMany): { as_of: string; markets: BulkEntry[] } {
  return {
    as_of: r.as_of,
    markets: r.markets.map((m) =>
      isStatusManyFailure(m) ? { identifier: m.identifier, error: bulkError(m.error, m.identifier) } : m,
    ),
  };
}
