/**
 * CSV answers of list operations (`?format=csv` or `Accept: text/csv`): whether a request asks
 * for one. The text is the catalogue's `toCsv`, shared with the CLI.
 */
import type { IncomingMessage } from 'node:http';
export { toCsv } from '@openbell/catalog';

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** Whether the request asks for CSV: `format=csv`, or an Accept header preferring text/csv to JSON. */
export function wantsCsv(req: IncomingMessage, query: { readonly format?: unknown }): boolean {
  const format = query.format;
  if (typeof format === 'string') return format.toLowerCase() === 'csv';
  const accept = req.headers.accept;
  return typeof accept === 'string' && accept.includes('text/csv') && !accept.includes('application/json');
}
