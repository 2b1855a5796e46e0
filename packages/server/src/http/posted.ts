/**
 * The catalogue's POST operations (registry.ts BodySpec; the bar check of
 * docs/calendar-arithmetic.md §15): the path and query are read first, with core's parsers, and
 * the operation's refusals of them (an unknown market, a range too long) answered before a byte
 * of the body is read; then the body is read as it arrives, each piece fed to the operation's
 * reader (catalog/src/body.ts), so memory holds what the query keeps, never the body. A body over
 * its limit (its Content-Length, or its bytes as they come, or more items than the query takes)
 * is a 413 and nothing else: the reading stops, no answer is made, the connection is closed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import {
  createRouteMatcher,
  DataNotLoadedError,
  failure,
  openBody,
  postOperations,
  readOperationArgs,
  tooLarge,
  type BodyFeed,
  type Limits,
  type Operation,
} from '@openbell/catalog';
import { dataNamedBy } from './as-of.js';
import { CSV_TYPE, wantsCsv } from '../csv.js';
import type { DataHolder } from '../updates.js';
import { logAnswer, type AccessLog } from '../logging.js';
import type { ServerMetrics } from '../metrics.js';
import type { Dispatcher, RawHandler } from './dispatcher.js';
import { parseQuery } from './query.js';
import { nameVersion, send, sendError } from './send.js';

type Data = NonNullable<DataHolder['current']>;

export interface PostOptions {
  holder: DataHolder;
  logger: Logger;
  /** CORS headers, before the answer. */
  before?: RawHandler | undefined;
  log?: AccessLog | undefined;
  metrics?: ServerMetrics | undefined;
  limits?: Limits | undefined;
  /** `as_of`, as the dispatcher reads it (DispatcherOptions.pointInTime). */
  pointInTime?: ((asOf: string) => Data) | undefined;
}

/** Answers a POST to one of the catalogue's POST operations; false for anything else. */
export function createPostDispatcher(options: PostOptions): Dispatcher {
  const ops = postOperations();
  const match = ops.length > 0 ? createRouteMatcher(ops) : () => null;
  return (req, res) => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const m = match(q < 0 ? url : url.slice(0, q));
    if (m === null) return false;
    const started = options.log ? options.log.begin() : performance.now();
    const op = m.compiled.op;
    res.once('finish', () => {
      if (options.log) logAnswer(options.log, req, res, started);
      options.metrics?.observe(options.metrics.indexOfOp(op), res.statusCode, started);
    });
    options.before?.(req, res);
    if (res.writableEnded) return true;
    const raw: Record<string, unknown> = q < 0 ? {} : { ...parseQuery(url.slice(q + 1)) };
    for (const [k, v] of Object.entries(m.params)) {
      try {
        raw[k] = decodeURIComponent(v);
      } catch {
        refuse(req, res, { status: 400, body: { detail: `Malformed percent-encoding in path parameter '${k}'` } });
        return true;
      }
    }
    const feed = begin(options, op, req, res, raw);
    if (feed) read(options, op, req, res, feed, raw.format);
    return true;
  };
}

/** How long, and how much more, a refused body is still read (and dropped) before the connection is cut. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * An answer before the body is read: the body is not read, the connection closes. `midBody` when
 * the refusal comes while the body arrives (an item it cannot read, too many items): the rest is
 * read and dropped, for at most LINGER_MS and LINGER_BYTES, before the connection is cut. Closing a socket with
 * unread bytes resets it, and a reset can drop the refusal from the client's buffer before the
 * client reads it (a "lingering close", as nginx makes for its 413s).
 */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Parameters<typeof sendError>[2],
  logger?: Logger,
  midBody = false,
): void {
  if (!midBody) {
    req.pause();
    res.setHeader('Connection', 'close');
  }
  sendError(req, res, answer, logger);
  if (midBody && !req.complete) {
    const cut = setTimeout(() => req.socket?.destroy(), LINGER_MS);
    cut.unref();
    req.once('end', () => clearTimeout(cut));
    req.once('close', () => clearTimeout(cut));
  }
}

/** The operation's reader, once the path, the query and the declared length are accepted; undefined when refused (answered). */
function begin(
  options: PostOptions,
  op: Operation,
  req: IncomingMessage,
  res: ServerResponse,
  raw: Record<string, unknown>,
): BodyFeed | undefined {
  let data = options.holder.current;
  const asOf = raw.as_of;
  delete raw.as_of;
  try {
    if (asOf !== undefined && data !== undefined) data = dataAsOf(options, res, data, asOf);
  } catch (err) {
    refuse(req, res, { ...failure(op, err, { as_of: asOf }), error: err }, options.logger);
    return undefined;
  }
  const read = readOperationArgs(op, data?.dataset, raw, options.holder.loadError, options.limits, true);
  if (!read.ok) {
    refuse(req, res, read, options.logger);
    return undefined;
  }
  try {
    const declared = Number(req.headers['content-length']);
    const max = op.body!.maxBytes;
    if (declared > max) throw tooLarge(max);
    if (!data) throw new DataNotLoadedError(options.holder.loadError);
    return openBody(op, data.dataset, read.args, req.headers['content-type']);
  } catch (err) {
    refuse(req, res, failure(op, err, raw), options.logger);
    return undefined;
  }
}

/** The version `as_of` names (the dispatcher's rule): a kept one, or this one by its id. */
function dataAsOf(options: PostOptions, res: ServerResponse, data: Data, asOf: unknown): Data {
  const kept = dataNamedBy(options.pointInTime, data, asOf);
  if (kept.meta.version !== null) nameVersion(res, kept.meta.version);
  return kept;
}

/** Feeds the body to the reader as it arrives, then answers (JSON, or the operation's CSV when asked). */
function read(
  options: PostOptions,
  op: Operation,
  req: IncomingMessage,
  res: ServerResponse,
  feed: BodyFeed,
  format: unknown,
): void {
  let failed = false;
  const fail = (err: unknown) => {
    if (failed) return;
    failed = true;
    refuse(req, res, failure(op, err), options.logger, true);
  };
  let dropped = 0;
  req.on('data', (piece: Buffer) => {
    if (failed) {
      if ((dropped += piece.length) > LINGER_BYTES) req.socket?.destroy();
      return;
    }
    try {
      feed.feed(piece);
    } catch (err) {
      fail(err);
    }
  });
  req.on('end', () => {
    if (failed) return;
    let answer: unknown;
    try {
      answer = feed.end();
    } catch (err) {
      return fail(err);
    }
    const headers = { 'Cache-Control': 'no-store' };
    if (op.csv && wantsCsv(req, { format }))
      send(req, res, 200, op.csv(answer), { ...headers, 'Content-Type': CSV_TYPE });
    else send(req, res, 200, JSON.stringify(answer), headers);
  });
  req.on('error', fail);
}
