/**
 * CSV answers of list operations (`?format=csv` or `Accept: text/csv`): whether a request asks
 * for one. The text is the catalogue's `toCsv`, shared with the CLI.
 */
import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';
export { toCsv } from '@openbell/catalog';

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** The formats `?format=` names (any case); anything else is a 422 naming `format`. */
export const FORMATS = ['json', 'csv'] as const;

/** The 406 of a record asked as CSV, in two parts around the way to ask again. */
export const CSV_ONLY_LISTS = 'CSV is available for list answers only';

/** How to ask again for the JSON of a record asked as CSV: by what the request sent. */
export function askWithout(format: unknown): string {
  return format !== undefined
    ? 'ask without format=csv'
    : 'ask with Accept: application/json (the request sent Accept preferring text/csv)';
}

/** The `format` parameter as given (the last when repeated), or undefined. */
const formatOf = (format: unknown): string | undefined =>
  Array.isArray(format)
    ? format.length
      ? String(format[format.length - 1])
      : undefined
    : format === undefined
      ? undefined
      : String(format);

/** A fault entry of a `format` that is neither json nor csv, as the 422 of the parameters lists them. */
export function formatFault(format: unknown): { loc: string[]; msg: string; type: string } | undefined {
  const f = formatOf(format);
  if (f === undefined || (FORMATS as readonly string[]).includes(f.toLowerCase())) return undefined;
  return {
    loc: ['query', 'format'],
    msg: `Unknown format '${f.slice(0, 40)}': expected one of ${FORMATS.join(', ')}`,
    type: 'invalid_format',
  };
}

type Outcome = { ok: true } | { ok: false; status: number; body: unknown };

/**
 * The read of an operation's parameters with the `format` parameter's fault added: beside the
 * others in one 422, or alone in place of an answer that would have come after it (a 503 of no
 * data, a lookup's error).
 */
export function withFormat<O extends Outcome>(
  read: O,
  format: unknown,
): O | { ok: false; status: 422; body: { detail: unknown[] } } {
  const fault = formatFault(format);
  if (fault === undefined) return read;
  if (!read.ok && read.status === 422 && Array.isArray((read.body as { detail?: unknown }).detail)) {
    return { ...read, body: { detail: [...(read.body as { detail: unknown[] }).detail, fault] } };
  }
  return { ok: false, status: 422, body: { detail: [fault] } };
}

const OFFERED = ['application/json', 'text/csv'];

// Clients send one Accept header again and again: each is negotiated once (a bounded memo).
const decided = new Map<string, boolean>();
const DECIDED_KEPT = 256;

/**
 * Whether the request asks for CSV: `format=csv`, or an Accept header that prefers text/csv to
 * JSON (negotiator: by q-value, then the order the client lists them; JSON for `*\/*`).
 */
export function wantsCsv(req: IncomingMessage, query: { readonly format?: unknown }): boolean {
  const format = formatOf(query.format);
  if (format !== undefined) return format.toLowerCase() === 'csv';
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
