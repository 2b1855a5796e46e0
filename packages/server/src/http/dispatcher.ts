/**
 * The operations' REST routes on plain node:http request/response objects.
 *
 * Express's router costs several times more per request than the calendar answer itself, so
 * the operations' paths are matched here by segments and answered directly; express handles
 * what is left (docs, the OpenAPI document, CORS preflights, 404s). The same dispatcher is
 * the first middleware of the express app, so tests through the app exercise this exact code.
 *
 * Answers of operations that depend only on their arguments and the dataset are cached
 * (answer-cache.ts) and carry an ETag; a matching If-None-Match gets 304. Long answers
 * (operations with `bodyChunks`: phases, days, whose bytes core writes) that do not fit one
 * slice of the event loop are streamed (stream.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { LRUCache } from 'lru-cache';
import {
  createRouteMatcher,
  failure,
  readOperationArgs,
  toHttp,
  type CompiledRoute,
  type RouteMatch,
} from '@openbell/catalog';
import { GoneError } from '@openbell/core';
import { askWithout, CSV_ONLY_LISTS, CSV_TYPE, toCsv, wantsCsv, withFormat } from '../csv.js';
import type { Limits, Operation, OperationContext } from '@openbell/catalog';
import type { DataHolder } from '../updates.js';
import { logAnswer, type AccessLog } from '../logging.js';
import { answerCaches, bytesEtag, canonicalKey, DEFAULT_CACHE_BYTES, type BodyCache } from './answer-cache.js';
import { etagMatches, keyEtag } from './conditional.js';
import { COMPRESS_FROM, compress, encodingFor } from './negotiate.js';
import { parseQuery } from './query.js';
import { JSON_TYPE, nameVersion, send, sendError, sendPieces, VERSION_HEADER } from './send.js';
import { streamPieces } from './stream.js';
import { UrlMemo, type Reading } from './url-memo.js';

export type RawHandler = (req: IncomingMessage, res: ServerResponse) => void;
/** Answers the request and returns true, or returns false without touching it. */
export type Dispatcher = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A piece of a long answer is written, then the loop turns, after at most this long. */
const SLICE_MS = 8;
/** Answers smaller than this that finish within one slice are sent whole (and may be cached). */
const WHOLE_BYTES = 1024 * 1024;

/** Paths whose route is kept, and the longest kept. */
const ROUTES_KEPT = 1024;
const ROUTE_PATH_MAX_LENGTH = 256;

/** A Buffer over the same bytes (no copy). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The body as the answer cache keeps it: a view of a larger shared slab (core cuts its lists
 * from slabs, as Node's pool cuts small Buffers) is copied out, so a kept answer holds its own
 * bytes only and the cache's byte bound is what it holds.
 */
export function toKeep(body: Buffer): Buffer {
  return body.buffer.byteLength > 2 * body.byteLength ? Buffer.from(body) : body;
}

export interface DispatcherOptions {
  holder: DataHolder;
  now: () => number;
  logger: Logger;
  /** Runs first for every request the dispatcher answers (CORS headers). */
  before?: RawHandler | undefined;
  /** The access log: one line for every request the dispatcher answers. */
  log?: AccessLog | undefined;
  /** Bytes of the per-dataset answer cache of clock-free operations; 0 disables. Default 64 MiB. */
  cacheBytes?: number | undefined;
  /** The range cap (days) of the operations no coverage window bounds (rangeCapped); default ten years. */
  limits?: Limits | undefined;
  /**
   * How long a long answer is written before the loop turns (default 8 ms). Also how long an
   * answer may take to be sent whole; tests that look at the whole-answer path under a loaded
   * machine widen it so that timing cannot switch them to the chunked one.
   */
  sliceMs?: number | undefined;
  /** Handed to every operation's call beside the data and the clock (the change log). */
  context?: OperationContext | undefined;
  /**
   * `as_of` (docs/overrides.md §5): the data of a kept version, by its id or an instant; throws
   * core's GoneError (410) or an InvalidArgumentError naming `as_of` (422). Without it, `as_of`
   * answers only for the version served (410 for any other: none is kept).
   */
  pointInTime?: ((asOf: string) => NonNullable<DataHolder['current']>) | undefined;
}

export { VERSION_HEADER };

const csvHeaders = (etag: string | undefined) =>
  etag ? { 'Content-Type': CSV_TYPE, ETag: etag } : { 'Content-Type': CSV_TYPE };

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { holder, now, logger, before, log } = options;
  const limits = options.limits ?? {};
  const cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const context: OperationContext = options.context ?? {};
  const cacheFor = answerCaches(cacheBytes);
  const match = createRouteMatcher();
  const routes = new LRUCache<string, RouteMatch>({ max: ROUTES_KEPT });
  const memo = new UrlMemo();

  /**
   * A whole answer, compressed when it is large and the client accepts it; the compressed form
   * is cached beside the plain one, so a cached answer is compressed once.
   */
  const sendAnswer = (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    etag: string | undefined,
    cache: BodyCache | undefined,
    key: string | undefined,
  ): void => {
    const encoding = body.length >= COMPRESS_FROM ? encodingFor(req) : undefined;
    if (!encoding)
      return send(req, res, 200, body, etag ? { Vary: 'Accept-Encoding', ETag: etag } : { Vary: 'Accept-Encoding' });
    const zkey = key === undefined ? undefined : `${key}\u0000${encoding}`;
    let packed = cache && zkey ? cache.get(zkey) : undefined;
    if (packed === undefined) {
      packed = compress(body, encoding);
      if (cache && zkey) cache.set(zkey, packed);
    }
    send(
      req,
      res,
      200,
      packed,
      etag
        ? { Vary: 'Accept-Encoding', ETag: etag, 'Content-Encoding': encoding }
        : { Vary: 'Accept-Encoding', 'Content-Encoding': encoding },
    );
  };

  const answer = (
    c: CompiledRoute,
    req: IncomingMessage,
    res: ServerResponse,
    rawParams: Record<string, string>,
    qs: string,
  ): void => {
    // One read of the holder per request: a swap during the request cannot affect it.
    let data = holder.current;
    // One object holds both; a path parameter wins over a query parameter of the same name.
    const raw: Record<string, unknown> = qs ? parseQuery(qs) : {};
    for (const k in rawParams) raw[k] = rawParams[k];
    const op = c.op;
    const asOf = raw.as_of;
    if (asOf !== undefined) {
      delete raw.as_of;
      if (data !== undefined) {
        try {
          const named = Array.isArray(asOf) ? String(asOf[asOf.length - 1]) : String(asOf);
          if (options.pointInTime) data = options.pointInTime(named);
          else if (named !== data.meta.version)
            throw new GoneError('no earlier version is kept by this server', data.meta.version);
        } catch (err) {
          return sendError(req, res, { ...toHttp(err, { as_of: 'query' }), error: err }, logger);
        }
        if (data.meta.version !== null) nameVersion(res, data.meta.version);
      }
    }
    const read = withFormat(readOperationArgs(op, data?.dataset, raw, holder.loadError, limits), raw.format);
    if (!read.ok) return sendError(req, res, read, logger);
    const reading: Reading = { op, args: Object.freeze(read.args), format: raw.format };
    // An answer as of another version is not the URL's answer once the data changes: not kept.
    if (asOf === undefined) memo.remember(req.url!, reading);
    answerRead(reading, data!, req, res);
  };

  const answerRead = (
    reading: Reading,
    data: NonNullable<DataHolder['current']>,
    req: IncomingMessage,
    res: ServerResponse,
  ): void => {
    const { op, args } = reading;
    const ds = data.dataset;
    const csv = wantsCsv(req, reading);
    // The ETag of an answer that depends on the URL and the data alone (docs/rest.md "Caching"),
    // kept with the reading for the data it was made for.
    let etag: string | undefined;
    const keyed = op.cacheable === true || op.clock?.some((n) => args[n] !== undefined);
    if (keyed) {
      const tag = cacheFor(data).tag;
      if (reading.etagOf !== tag) {
        reading.key ??= canonicalKey(op, args);
        reading.etag = reading.csvEtag = undefined;
        reading.etagOf = tag;
      }
      // Each made on first use: most URLs are asked in one form only.
      etag = csv
        ? (reading.csvEtag ??= keyEtag(tag, `${reading.key}\u0000csv`))
        : (reading.etag ??= keyEtag(tag, reading.key!));
      if (etagMatches(req.headers['if-none-match'], etag!)) return send(req, res, 304, undefined, { ETag: etag });
    }
    if (csv) return answerCsv(op, ds, args, req, res, reading.format, etag);
    let key: string | undefined;
    let cache: BodyCache | undefined;
    if (op.cacheable && cacheBytes > 0) {
      cache = cacheFor(data).cache;
      key = reading.key ??= canonicalKey(op, args);
      const hit = cache.get(key);
      if (hit !== undefined) return sendAnswer(req, res, hit, etag, cache, key);
    }
    if (op.bodyChunks) return writeInPieces(op, ds, args, req, res, cache, key, etag);
    let body: Buffer;
    try {
      body = op.bytes
        ? asBuffer(op.bytes(ds, args, now))
        : Buffer.from(JSON.stringify(op.call(ds, args, now, context)));
    } catch (err) {
      return sendError(req, res, failure(op, err), logger);
    }
    if (cache && key !== undefined) cache.set(key, toKeep(body));
    // An answer of what the adapter holds besides the data (the change log, the override
    // set): it changes without the URL or the data changing, so its ETag is its content's.
    if (!keyed && op.clock === undefined) {
      etag = bytesEtag(body);
      if (etagMatches(req.headers['if-none-match'], etag)) return send(req, res, 304, undefined, { ETag: etag });
    }
    sendAnswer(req, res, body, etag, cache, key);
  };

  /** A list answer as CSV (not cached: the JSON form is what the cache holds). */
  const answerCsv = (
    op: Operation,
    ds: Parameters<Operation['call']>[0],
    args: Record<string, unknown>,
    req: IncomingMessage,
    res: ServerResponse,
    format: unknown,
    etag: string | undefined,
  ): void => {
    if (op.csvChunks) return writeInPieces(op, ds, args, req, res, undefined, undefined, etag, true);
    let text: string | undefined;
    try {
      text = toCsv(op.call(ds, args, now, context));
    } catch (err) {
      return sendError(req, res, failure(op, err), logger);
    }
    if (text === undefined) {
      return sendError(req, res, {
        status: 406,
        body: { detail: `${op.path} answers a single record, not a list: ${CSV_ONLY_LISTS}; ${askWithout(format)}` },
      });
    }
    send(
      req,
      res,
      200,
      Buffer.from(text),
      etag ? { 'Content-Type': CSV_TYPE, ETag: etag } : { 'Content-Type': CSV_TYPE },
    );
  };

  /**
   * A body produced piece by piece (core writes the bytes; CSV ones too when `csv`). What fits in one slice is sent
   * whole; a longer answer is streamed.
   */
  const writeInPieces = (
    op: Operation,
    ds: Parameters<NonNullable<Operation['bodyChunks']>>[0],
    args: Record<string, unknown>,
    req: IncomingMessage,
    res: ServerResponse,
    cache: BodyCache | undefined,
    key: string | undefined,
    etag: string | undefined,
    csv = false,
  ): void => {
    let pieces: Iterator<Uint8Array>;
    const parts: Uint8Array[] = [];
    let size = 0;
    let step: IteratorResult<Uint8Array>;
    const started = performance.now();
    try {
      pieces = (csv ? op.csvChunks! : op.bodyChunks!)(ds, args)[Symbol.iterator]();
      for (;;) {
        step = pieces.next();
        if (step.done) break;
        parts.push(step.value);
        size += step.value.length;
        if (size > WHOLE_BYTES || performance.now() - started > sliceMs) break;
      }
    } catch (err) {
      return sendError(req, res, failure(op, err), logger);
    }
    if (step.done) {
      // Not kept and not compressed: the pieces (views of core's kept blocks, mostly) go out as
      // they are, without a copy.
      if (!(cache && key !== undefined) && (size < COMPRESS_FROM || encodingFor(req) === undefined)) {
        const headers = csv
          ? csvHeaders(etag)
          : etag
            ? { Vary: 'Accept-Encoding', ETag: etag }
            : { Vary: 'Accept-Encoding' };
        return sendPieces(req, res, 200, parts, size, headers);
      }
      const body = Buffer.concat(parts, size);
      if (csv) return send(req, res, 200, body, csvHeaders(etag));
      if (cache && key !== undefined) cache.set(key, toKeep(body));
      return sendAnswer(req, res, body, etag, cache, key);
    }
    const type = csv ? CSV_TYPE : JSON_TYPE;
    streamPieces(
      req,
      res,
      etag ? { 'Content-Type': type, ETag: etag } : { 'Content-Type': type },
      parts,
      pieces,
      sliceMs,
      logger,
    );
  };

  const respond = (
    c: CompiledRoute,
    req: IncomingMessage,
    res: ServerResponse,
    params: Record<string, string>,
    qs: string,
  ): void => {
    before?.(req, res);
    if (res.writableEnded) return;
    for (const k in params) {
      const v = params[k]!;
      if (v.includes('%')) {
        try {
          params[k] = decodeURIComponent(v);
        } catch {
          return sendError(req, res, {
            status: 400,
            body: { detail: `Malformed percent-encoding in path parameter '${k}'` },
          });
        }
      }
    }
    answer(c, req, res, params, qs);
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const known = memo.get(url);
    const data = holder.current;
    if (known !== undefined && data !== undefined) {
      const started = log ? log.begin() : 0;
      before?.(req, res);
      if (!res.writableEnded) answerRead(known, data, req, res);
      if (log) logAnswer(log, req, res, started);
      return true;
    }
    const qAt = url.indexOf('?');
    const path = qAt === -1 ? url : url.slice(0, qAt);
    // Many URLs share a path (a market's status at many instants): its route is matched once.
    let m = routes.get(path);
    if (m === undefined) {
      const found = match(path);
      if (found === null) return false;
      m = found;
      if (path.length <= ROUTE_PATH_MAX_LENGTH) routes.set(path, m);
    }
    const started = log ? log.begin() : 0;
    // respond decodes the parameters in place: the kept match stays as matched.
    respond(m.compiled, req, res, { ...m.params }, qAt === -1 ? '' : url.slice(qAt + 1));
    if (log) logAnswer(log, req, res, started);
    return true;
  };
}
