/**
 * Running a query command: the operation is answered in process by the server package's
 * `answerOperation`, so `--json` prints the REST body and the exit code follows its status;
 * otherwise the operation's text formatter prints it.
 */
import { answerOperation, failure, operations, readOperationArgs, toCsv, type Operation } from '@openbell/catalog';
import { PLAIN } from '../format.js';
import { isUserFault, UserError, withCandidates } from '../errors.js';
import { formatWith, type CommandOperation, type FormatContext } from './formatters.js';

export interface QueryResult {
  status: number;
  body: unknown;
  /** Core's typed error, when the answer is one. */
  error?: unknown;
}

/** An error body as one line, with REST parameter names turned into the CLI's (`start` → `--start`). */
export function errorLine(status: number, body: any, names: Readonly<Record<string, string>>): string {
  const detail = body?.detail;
  if (Array.isArray(detail)) {
    return detail
      .map((e: { loc?: unknown[]; msg?: string }) => {
        const param = String(e.loc?.[e.loc.length - 1] ?? '');
        return `${names[param] ?? param}: ${e.msg ?? 'invalid'}`;
      })
      .join('; ');
  }
  const text = typeof detail === 'string' ? detail : `HTTP ${status}`;
  return withCandidates(text, body?.candidates);
}

/** The REST status and body of the operation with the command's arguments, computed in process. */
export function runQuery(
  ds: Parameters<typeof answerOperation>[0],
  name: CommandOperation,
  raw: Readonly<Record<string, unknown>>,
  now: () => number = Date.now,
): QueryResult {
  return answerOperation(ds, name, raw, { now });
}

/** The body as text for people, within the width of `out` and in its colours. */
export function formatBody(name: CommandOperation, body: unknown, out: FormatContext = PLAIN): string {
  return formatWith(name, body, out);
}

/**
 * A list answer as CSV, the same text as the REST `?format=csv` body (the server's `toCsv`);
 * a single-record answer has no CSV form (a UserError, as REST answers 406).
 */
export function csvBody(command: string, body: unknown, operation?: CommandOperation): string {
  // The status of several markets is rows too: one a market (a refused one with its `error`),
  // each with the instant asked (`As Of`), so the table and the CSV hold the same answer.
  const csv =
    operation === 'getStatusMany'
      ? toCsv(
          (body as { as_of: string; markets: object[] }).markets.map((m) => ({
            ...m,
            as_of: (body as { as_of: string }).as_of,
          })),
        )
      : toCsv(body);
  if (csv === undefined)
    throw new UserError(
      `${command} answers a single record, not a list: --format csv is for list answers only; use --format json or ` +
        `table`,
    );
  return csv;
}

/** The failure to raise for an error answer: a UserError for 4xx, an internal error otherwise. */
export function failureOf(res: QueryResult, names: Readonly<Record<string, string>>): Error {
  const line = errorLine(res.status, res.body, names);
  // A 4xx, or a data error naming the bad row of the data: the user can fix (or report) it, exit 1.
  return res.status < 500 || isUserFault(res.error) ? new UserError(line) : new Error(line);
}

/**
 * The REST body of a streamed command in pieces (core writes them): the JSON of `bodyChunks`
 * or the CSV of `csvChunks`, never whole in memory. Arguments, and limits such as the number
 * of bars, are checked before the first piece, so a refusal is an error answer as usual.
 */
export function queryPieces(
  ds: Parameters<typeof answerOperation>[0],
  name: CommandOperation,
  raw: Readonly<Record<string, unknown>>,
  format: 'json' | 'csv',
): { ok: true; pieces: Iterable<Uint8Array> } | ({ ok: false } & QueryResult) {
  const op = operations[name] as Operation;
  const chunks = format === 'csv' ? op.csvChunks : op.bodyChunks;
  if (!chunks) throw new Error(`${name} has no ${format} pieces`);
  const read = readOperationArgs(op, ds, raw);
  if (!read.ok) return { ok: false, status: read.status, body: read.body, error: read.error };
  try {
    return { ok: true, pieces: chunks(read.ds, read.args as never) };
  } catch (err) {
    const f = failure(op, err);
    return { ok: false, status: f.status, body: f.body, error: f.error };
  }
}

/**
 * Writes each piece as the stream takes it: waits for 'drain' when its buffer is full, so a
 * long answer piped to a slow reader is not queued whole. A reader that went away (`| head`)
 * ends the writing quietly (false), as it does for other commands; another error of the stream is thrown.
 */
export async function writePieces(
  pieces: Iterable<Uint8Array | string>,
  stream: NodeJS.WritableStream = process.stdout,
): Promise<boolean> {
  let failed: (Error & { code?: string }) | undefined;
  const onError = (err: Error) => void (failed ??= err);
  stream.on('error', onError);
  try {
    for (const piece of pieces) {
      if (failed) break;
      if (stream.write(piece)) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          stream.off('drain', done);
          stream.off('error', done);
          resolve();
        };
        stream.on('drain', done);
        stream.on('error', done);
      });
    }
  } finally {
    stream.off('error', onError);
  }
  if (failed && failed.code !== 'EPIPE') throw failed;
  return failed === undefined;
}

/** Lines joined into pieces of about `bytes` characters, for writePieces. */
export function* batched(lines: Iterable<string>, bytes = 64 * 1024): Generator<string> {
  let batch = '';
  for (const line of lines) {
    batch += `${line}\n`;
    if (batch.length >= bytes) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}
