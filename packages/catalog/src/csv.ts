/**
 * The CSV form of a list answer: one row per record, columns named as the bulk file names them
 * (`FinID`, `Holiday Name`, `Offset Days`), in the order of the first record's fields plus any
 * later extra ones. Nested values (a day's phases, a session's breaks) are written as JSON in
 * their cell; null is an empty cell. REST's `?format=csv` and the CLI's `--format csv` both
 * write this text.
 */
import { publishedHeader } from '@openbell/core';
import Papa from 'papaparse';

/** The records as CSV text, or undefined when the answer is not a list of records. */
export function toCsv(value: unknown): string | undefined {
  if (!Array.isArray(value) || !value.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r)))
    return undefined;
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const rec of value as Record<string, unknown>[]) {
    for (const k of Object.keys(rec)) {
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
    }
  }
  const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : v);
  const rows = (value as Record<string, unknown>[]).map((rec) => columns.map((c) => cell(rec[c])));
  // A leading =, +, - or @ stays as written: these files are data, not spreadsheets to evaluate.
  return `${Papa.unparse({ fields: columns.map(publishedHeader), data: rows }, { newline: '\r\n' })}\r\n`;
}
