/**
 * CSV answers of list operations (`?format=csv` or `Accept: text/csv`): whether a request asks
 * for one. The text is the catalogue's `toCsv`, shared with the CLI.
 */
import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';
export { toCsv } from '@openbell/catalog';

export const CSV_TYPE = 'text/csv; charset=utf-8';

const OFFERED = ['application/json', 'text/csv'];

// Clients send one Accept header again and again: each is negotiated once (a bounded memo).
const decided = new Map<string, boolean>();
const DECIDED_KEPT = 256;

/**
 * Whether the request asks for CSV: `format=csv`, or an Accept header that prefers text/csv to
 * JSON (negotiator: by q-value, then the order the client lists them; JSON for `*\/*`).
 */
export function wantsCsv(req: IncomingMessage, query: { readonly format?: unknown }): boolean {
  const format = query.format;
  if (typeof format === 'string') return format.toLowerCase() === 'csv';
  const accept = req.headers.accept;
  // No prefilter on the text: `text/*` asks for CSV as surely as `text/csv` does.
  if (typeof accept !== 'string' || accept === '*/*' || accept === 'application/json') return false;
  let csv = decided.get(accept);
  if (csv === undefined) {
    csv = new Negotiator(req).mediaType(OFFERED) === 'text/csv';
    if (decided.size >= DECIDED_KEPT) decided.clear();
    if (accept.length <= 256) decided.set(accept, csv);
  }
  return csv;
}
