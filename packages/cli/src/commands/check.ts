/**
 * A command of a POST operation (registry.ts BodySpec; `openbell check FILE --market ID --period
 * P`, docs/calendar-arithmetic.md §15): the file (`-` for standard input) is the body, read as a
 * stream and fed to the operation's reader as REST feeds a request's, so the answer is the REST
 * body by construction and memory never holds the file. Parameters the declaration lets the
 * command line leave out (the range of a series) come from a first reading of the file.
 */
import { createReadStream } from 'node:fs';
import { failure, openBody, readOperationArgs, type Operation } from '@openbell/catalog';
import type { CalendarQueries } from '@openbell/core';
import { UserError } from '../errors.js';
import { csvBody, failureOf, formatBody, type QueryResult } from './queries.js';
import type { CommandOperation } from './formatters.js';

/** Where the body comes from: a file's path, `-` for standard input, or standard input already read (`kept`). */
interface Source {
  file: string;
  kept?: Uint8Array[];
}

/** Each piece of the body as it is read; a file that cannot be read is the user's error. */
async function eachPiece(source: Source, each: (piece: Uint8Array) => void): Promise<void> {
  if (source.kept) {
    for (const piece of source.kept) each(piece);
    return;
  }
  const { file } = source;
  const stream = file === '-' ? process.stdin : createReadStream(file);
  try {
    for await (const chunk of stream) each(chunk as Buffer);
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code === 'ENOENT' || e.code === 'EACCES' || e.code === 'EISDIR')
      throw new UserError(`cannot read ${file}: ${e.message}`);
    throw err;
  }
}

/** A refusal of core (or of the body) as the REST answer it maps to, else the error itself. */
function refusal(op: Operation, err: unknown): QueryResult {
  const e = err as { code?: unknown };
  if (err instanceof UserError || typeof e?.code !== 'string' || e.code === 'internal') throw err;
  const f = failure(op, err);
  return { status: f.status, body: f.body, error: f.error };
}

/**
 * Standard input, read whole: it cannot be read twice, and filling parameters from it takes a
 * first reading. Bounded by the body's limit, as REST bounds a request's.
 */
async function keepStdin(maxBytes: number): Promise<Uint8Array[]> {
  const kept: Uint8Array[] = [];
  let size = 0;
  await eachPiece({ file: '-' }, (piece) => {
    size += piece.length;
    if (size > maxBytes)
      throw new UserError(`standard input is longer than ${maxBytes} bytes: give a file, or --start and --end`);
    kept.push(piece);
  });
  return kept;
}

/** The parameters the file gives when the command line leaves them out (BodySpec.fill). */
async function fillFrom(
  op: Operation,
  ds: CalendarQueries,
  source: Source,
  raw: Record<string, unknown>,
): Promise<void> {
  const fill = op.body!.fill;
  if (!fill || fill.params.every((p) => raw[p] !== undefined)) return;
  if (source.file === '-') source.kept = await keepStdin(op.body!.maxBytes);
  const reader = fill.read(ds, raw);
  const decoder = new TextDecoder('utf-8');
  await eachPiece(source, (piece) => reader.feed(decoder.decode(piece, { stream: true })));
  reader.feed(decoder.decode());
  const found = reader.end();
  if (found === null) throw new UserError(`${source.file} ${fill.unfilled}`);
  for (const p of fill.params) raw[p] ??= found[p];
}

/**
 * Answers the command: prints the answer in `format` (the operation's text formatter for a
 * table), and sets exit code 1 when the declaration says the answer reports something off.
 * `raw` holds the file under the body's parameter; `names` the command's names of the
 * parameters, for its error messages (a fault of the body is named by the file).
 */
export async function runBodyCommand(
  op: Operation,
  ds: CalendarQueries,
  raw: Record<string, unknown>,
  names: Record<string, string>,
  format: 'json' | 'csv' | 'table',
  out: Parameters<typeof formatBody>[2],
): Promise<void> {
  const param = op.body!.param;
  const file = String(raw[param]);
  delete raw[param];
  const labels = { ...names, body: file, [param]: file };
  let res: QueryResult;
  try {
    const source: Source = { file };
    await fillFrom(op, ds, source, raw);
    const read = readOperationArgs(op, ds, raw, null, {}, true);
    if (!read.ok) res = read;
    else {
      const feed = openBody(op, read.ds, read.args, undefined);
      await eachPiece(source, (piece) => feed.feed(piece));
      res = { status: 200, body: feed.end() };
    }
  } catch (err) {
    res = refusal(op, err);
  }
  if (format === 'json') process.stdout.write(`${JSON.stringify(res.body, null, 2)}\n`);
  if (res.status >= 400) throw failureOf(res, labels);
  const name = op.operationId as CommandOperation;
  if (format === 'csv') process.stdout.write(op.csv ? op.csv(res.body) : csvBody(op.cli!.command, res.body, name));
  if (format === 'table') process.stdout.write(`${formatBody(name, res.body, out)}\n`);
  if (op.cli?.failed?.(res.body)) process.exitCode = 1;
}
