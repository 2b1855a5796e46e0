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
import { dataNamedBy } from './as-of.js';
import { askWithout, CSV_ONLY_LISTS, CSV_TYPE, toCsv, wantsCsv, withFormat } from '../csv.js';
import type { Limits, Operation, OperationContext } from '@openbell/catalog';
import type { DataHolder } from '../updates.js';
import { logAnswer, type AccessLog } from '../logging.js';
import type { ServerMetrics } from '../metrics.js';
import { answerCaches, bytesEtag, canonicalKey, DEFAULT_CACHE_BYTES, type BodyCache } from './answer-cache.js';
import { cachePolicyOf, type CachePolicy } from './cache-policy.js';
import { etagMatches, keyEtag } from './conditional.js';
import { purgeKeysOf, type PurgeKeys } from './purge-keys.js';
import { COMPRESS_FROM, compress, encodingFor } from './negotiate.js';
import { parseQuery } from './query.js';
import { JSON_TYPE, namedVersion, nameVersion, sendError, VERSION_HEADER } from './send.js';
import { DataHead, sendData, sendNotModified } from './data-head.js';
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
  /** The longest `max-age` of a data answer, in seconds (cache-policy.ts); default 60. */
  maxAgeSeconds?: number | undefined;
  /** Send `Surrogate-Key` and `Cache-Tag` (purge-keys.ts), for a CDN that purges by key; on unless false. */
  purgeKeys?: boolean | undefined;
  /** The metrics (metrics.ts): each answer's operation, status and time, and the answer cache's hits. */
  metrics?: ServerMetrics | undefined;
}

export { VERSION_HEADER };

/** What every request of one dispatcher reads: its options and caches, made once. */
interface Dispatch {
  holder: DataHolder;
  now: () => number;
  logger: Logger;
  before: RawHandler | undefined;
  log: AccessLog | undefined;
  limits: Limits;
  cacheBytes: number;
  sliceMs: number;
  context: OperationContext;
  pointInTime: DispatcherOptions['pointInTime'];
  cacheFor: ReturnType<typeof answerCaches>;
  match: ReturnType<typeof createRouteMatcher>;
  routes: LRUCache<string, RouteMatch>;
  memo: UrlMemo;
  policy: CachePolicy;
  onCacheHit: (() => void) | undefined;
  metrics: ServerMetrics | undefined;
  purgeKeys: boolean;
  /** The start (performance.now()) of the request being answered: written by `dispatch`, read while it answers. */
  tick: number;
  /**
   * The head of the answers of URLs not kept (each new): its list is written again in place for
   * each (its ETag and length), and made afresh only when the rest changes (data-head.ts).
   */
  passingHead: DataHead;
}

type Data = NonNullable<DataHolder['current']>;

// The steps of a request are module functions over the dispatcher's state rather than closures
// of createDispatcher: one shape for every dispatcher, and nothing made per request.
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
  const d: Dispatch = {
    holder: options.holder,
    now: options.now,
    logger: options.logger,
    before: options.before,
    log: options.log,
    limits: options.limits ?? {},
    cacheBytes,
    sliceMs: options.sliceMs ?? SLICE_MS,
    context: options.context ?? {},
    pointInTime: options.pointInTime,
    cacheFor: answerCaches(cacheBytes),
    match: createRouteMatcher(),
    routes: new LRUCache<string, RouteMatch>({ max: ROUTES_KEPT }),
    memo: new UrlMemo(),
    policy: cachePolicyOf(options.holder, options.maxAgeSeconds),
    onCacheHit: options.metrics ? () => options.metrics!.cacheHit() : undefined,
    metrics: options.metrics,
    purgeKeys: options.purgeKeys !== false,
    tick: 0,
    passingHead: new DataHead(),
  };
  return (req, res) => dispatch(d, req, res);
}

function dispatch(d: Dispatch, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const { log } = d;
  const url = req.url ?? '/';
  const known = d.memo.get(url);
  const data = d.holder.current;
  const { metrics } = d;
  if (known !== undefined && data !== undefined) {
    // One reading of the clock (the access log's, performance.now()) starts the log's and the
    // metrics' timing and dates the answer's max-age (dataCacheControl).
    const t0 = (d.tick = performance.now());
    d.before?.(req, res);
    if (!res.writableEnded) answerRead(d, known, data, req, res);
    if (log || metrics) answered(d, req, res, known.op, t0);
    return true;
  }
  const qAt = url.indexOf('?');
  const path = qAt === -1 ? url : url.slice(0, qAt);
  const m = routeOf(d, path);
  if (m === null) return false;
  const t0 = (d.tick = performance.now());
  // respond decodes the parameters in place: the kept match stays as matched.
  respond(d, m.compiled, req, res, { ...m.params }, qAt === -1 ? '' : url.slice(qAt + 1));
  if (log || metrics) answered(d, req, res, m.compiled.op, t0);
  return true;
}

/** The access line and the metrics of an answer begun at `t0`: one reading of the clock ends both. */
function answered(d: Dispatch, req: IncomingMessage, res: ServerResponse, op: Operation, t0: number): void {
  const t1 = performance.now();
  if (d.log) logAnswer(d.log, req, res, t0, t1);
  if (d.metrics) d.metrics.observe(d.metrics.indexOfOp(op), res.statusCode, t0, t1);
}

/** Many URLs share a path (a market's status at many instants): its route is matched once. */
function routeOf(d: Dispatch, path: string): RouteMatch | null {
  const kept = d.routes.get(path);
  if (kept !== undefined) return kept;
  const found = d.match(path);
  if (found === null) return null;
  if (path.length <= ROUTE_PATH_MAX_LENGTH) d.routes.set(path, found);
  return found;
}

function respond(
  d: Dispatch,
  c: CompiledRoute,
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
  qs: string,
): void {
  d.before?.(req, res);
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
  answer(d, c, req, res, params, qs);
}

function answer(
  d: Dispatch,
  c: CompiledRoute,
  req: IncomingMessage,
  res: ServerResponse,
  rawParams: Record<string, string>,
  qs: string,
): void {
  // One read of the holder per request: a swap during the request cannot affect it.
  let data = d.holder.current;
  // One object holds both; a path parameter wins over a query parameter of the same name.
  const raw: Record<string, unknown> = qs ? parseQuery(qs) : {};
  for (const k in rawParams) raw[k] = rawParams[k];
  const op = c.op;
  const asOf = raw.as_of;
  if (asOf !== undefined) {
    delete raw.as_of;
    if (data !== undefined) {
      const kept = dataAsOf(d, req, res, data, asOf);
      if (kept === undefined) return;
      data = kept;
    }
  }
  const read = withFormat(readOperationArgs(op, data?.dataset, raw, d.holder.loadError, d.limits), raw.format);
  if (!read.ok) return sendError(req, res, read, d.logger);
  const reading: Reading = { op, args: Object.freeze(read.args), format: raw.format };
  // An answer as of another version is not the URL's answer once the data changes: not kept.
  // A reading not kept (a URL seen once) writes its headers with the dispatcher's passing head.
  if (asOf !== undefined || !d.memo.remember(req.url!, reading)) reading.head = d.passingHead;
  answerRead(d, reading, data!, req, res, asOf !== undefined && data?.meta.version === lastOf(asOf));
}

/**
 * The request's query values, for the `input` of a 422 an operation raises while answering (an
 * end before its start): read again from the URL on that error path only, so answers allocate
 * nothing for it.
 */
function queryOf(req: IncomingMessage): Record<string, unknown> {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return q < 0 ? {} : parseQuery(url.slice(q + 1));
}

const lastOf = (v: unknown): string => (Array.isArray(v) ? String(v[v.length - 1]) : String(v));

/** The data `as_of` names, its version named on the answer; undefined when refused (answered). */
function dataAsOf(d: Dispatch, req: IncomingMessage, res: ServerResponse, data: Data, asOf: unknown): Data | undefined {
  let kept: Data;
  try {
    kept = dataNamedBy(d.pointInTime, data, asOf);
  } catch (err) {
    sendError(req, res, { ...toHttp(err, { as_of: 'query' }, { as_of: asOf }), error: err }, d.logger);
    return undefined;
  }
  if (kept.meta.version !== null) nameVersion(res, kept.meta.version);
  return kept;
}

/**
 * The answer of a reading; `fixed` when `as_of` named the version answering by its id (the
 * answer never changes: immutable).
 */
function answerRead(
  d: Dispatch,
  reading: Reading,
  data: Data,
  req: IncomingMessage,
  res: ServerResponse,
  fixed = false,
): void {
  const { op, args } = reading;
  const ds = data.dataset;
  const csv = wantsCsv(req, reading);
  const keyed = (reading.keyed ??= op.cacheable === true || op.clock?.some((n) => args[n] !== undefined) === true);
  // An answer at "now" is told its lifetime once its body names its instants (cacheControlAtNow).
  const atNow = !keyed && op.clock !== undefined;
  // Set afresh for this request: a URL asked again shares its reading's head.
  const head = (reading.head ??= new DataHead());
  head.cc = fixed ? d.policy.immutable() : dataCacheControl(d);
  head.keys = purgeKeys(d, reading, data);
  if (keyed) {
    const etag = (head.etag = keyedEtag(d, reading, data, csv));
    if (etagMatches(req.headers['if-none-match'], etag)) return sendNotModified(res, head);
  } else head.etag = undefined;
  if (csv) return answerCsv(d, op, ds, args, req, res, reading.format, head, fixed, atNow);
  let key: string | undefined;
  let cache: BodyCache | undefined;
  if (op.cacheable && d.cacheBytes > 0) {
    cache = d.cacheFor(data).cache;
    key = reading.key ??= canonicalKey(op, args);
    const hit = cache.get(key);
    if (hit !== undefined) {
      d.onCacheHit?.();
      return sendAnswer(req, res, hit, cache, key, head);
    }
  }
  if (op.bodyChunks) return writeInPieces(d, op, ds, args, req, res, cache, key, head);
  let body: Buffer;
  try {
    body = op.bytes
      ? asBuffer(op.bytes(ds, args, d.now))
      : Buffer.from(JSON.stringify(op.call(ds, args, d.now, d.context)));
  } catch (err) {
    return sendError(req, res, failure(op, err, queryOf(req)), d.logger);
  }
  if (cache && key !== undefined) cache.set(key, toKeep(body));
  // An answer of what the adapter holds besides the data (the change log, the override
  // set): it changes without the URL or the data changing, so its ETag is its content's.
  if (!keyed && op.clock === undefined) {
    const etag = (head.etag = bytesEtag(body));
    if (etagMatches(req.headers['if-none-match'], etag)) return sendNotModified(res, head);
  }
  if (atNow && !fixed) head.cc = d.policy.atNow(d.now(), body);
  sendAnswer(req, res, body, cache, key, head);
}

/**
 * The `Cache-Control` of a data answer now. With the process's own clock it is read from the
 * request's start (`d.tick`, the reading the log and the metrics use): the policy reads the wall
 * clock once a second at most. A clock given to the server (tests pin it) is asked.
 */
function dataCacheControl(d: Dispatch): string {
  return d.now === Date.now ? d.policy.dataAtTick(d.tick) : d.policy.data(d.now());
}

/** The purge keys of a reading's answers over `data`, kept with the reading for the dataset they were made for. */
function purgeKeys(d: Dispatch, reading: Reading, data: Data): PurgeKeys | undefined {
  if (!d.purgeKeys) return undefined;
  if (reading.keysOf !== data.dataset || reading.keys === undefined) {
    reading.keys = purgeKeysOf(data.dataset, data.meta.version, reading.args);
    reading.keysOf = data.dataset;
  }
  return reading.keys;
}

/**
 * The ETag of an answer that depends on the URL and the data alone (docs/rest.md "Caching"),
 * kept with the reading for the data it was made for.
 */
function keyedEtag(d: Dispatch, reading: Reading, data: Data, csv: boolean): string {
  const tag = d.cacheFor(data).tag;
  if (reading.etagOf !== tag) {
    reading.key ??= canonicalKey(reading.op, reading.args);
    reading.etag = reading.csvEtag = undefined;
    reading.etagOf = tag;
  }
  // Each made on first use: most URLs are asked in one form only.
  return csv
    ? (reading.csvEtag ??= keyEtag(tag, `${reading.key}\u0000csv`))
    : (reading.etag ??= keyEtag(tag, reading.key!));
}

/**
 * A whole answer, compressed when it is large and the client accepts it; the compressed form
 * is cached beside the plain one, so a cached answer is compressed once.
 */
function sendAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  cache: BodyCache | undefined,
  key: string | undefined,
  head: DataHead,
): void {
  const encoding = body.length >= COMPRESS_FROM ? encodingFor(req) : undefined;
  if (!encoding) return sendData(req, res, head, JSON_TYPE, body, body.length);
  const zkey = key === undefined ? undefined : `${key}\u0000${encoding}`;
  let packed = cache && zkey ? cache.get(zkey) : undefined;
  if (packed === undefined) {
    packed = compress(body, encoding);
    if (cache && zkey) cache.set(zkey, packed);
  }
  sendData(req, res, head, JSON_TYPE, packed, packed.length, encoding);
}

/** A list answer as CSV (not cached: the JSON form is what the cache holds). */
function answerCsv(
  d: Dispatch,
  op: Operation,
  ds: Parameters<Operation['call']>[0],
  args: Record<string, unknown>,
  req: IncomingMessage,
  res: ServerResponse,
  format: unknown,
  head: DataHead,
  fixed: boolean,
  atNow: boolean,
): void {
  if (op.csvChunks) return writeInPieces(d, op, ds, args, req, res, undefined, undefined, head, true);
  let text: string | undefined;
  try {
    text = toCsv(op.call(ds, args, d.now, d.context));
  } catch (err) {
    return sendError(req, res, failure(op, err, queryOf(req)), d.logger);
  }
  if (text === undefined) {
    return sendError(req, res, {
      status: 406,
      body: { detail: `${op.path} answers a single record, not a list: ${CSV_ONLY_LISTS}; ${askWithout(format)}` },
    });
  }
  const body = Buffer.from(text);
  if (atNow && !fixed) head.cc = d.policy.atNow(d.now(), body);
  sendCsv(req, res, body, head);
}

/**
 * A body produced piece by piece (core writes the bytes; CSV ones too when `csv`). What fits in one slice is sent
 * whole; a longer answer is streamed.
 */
function writeInPieces(
  d: Dispatch,
  op: Operation,
  ds: Parameters<NonNullable<Operation['bodyChunks']>>[0],
  args: Record<string, unknown>,
  req: IncomingMessage,
  res: ServerResponse,
  cache: BodyCache | undefined,
  key: string | undefined,
  head: DataHead,
  csv = false,
): void {
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
      if (size > WHOLE_BYTES || performance.now() - started > d.sliceMs) break;
    }
  } catch (err) {
    return sendError(req, res, failure(op, err, queryOf(req)), d.logger);
  }
  if (step.done) return sendWhole(req, res, parts, size, cache, key, head, csv);
  // Long by now (over a slice's or a megabyte's worth): compressed on its way when the client accepts it.
  const encoding = encodingFor(req);
  const list = head.streamed(csv ? CSV_TYPE : JSON_TYPE, encoding, namedVersion(res));
  streamPieces(req, res, list, parts, pieces, d.sliceMs, d.logger, encoding);
}

/** Every piece of a body, written within one slice: sent whole. */
function sendWhole(
  req: IncomingMessage,
  res: ServerResponse,
  parts: Uint8Array[],
  size: number,
  cache: BodyCache | undefined,
  key: string | undefined,
  head: DataHead,
  csv: boolean,
): void {
  // Not kept and not compressed: the pieces (views of core's kept blocks, mostly) go out as
  // they are, without a copy.
  if (!(cache && key !== undefined) && (size < COMPRESS_FROM || encodingFor(req) === undefined)) {
    return sendData(req, res, head, csv ? CSV_TYPE : JSON_TYPE, parts, size);
  }
  const body = Buffer.concat(parts, size);
  if (csv) return sendCsv(req, res, body, head);
  if (cache && key !== undefined) cache.set(key, toKeep(body));
  return sendAnswer(req, res, body, cache, key, head);
}

/** A CSV answer, compressed as a JSON one is when it is large and the client accepts it (not kept). */
function sendCsv(req: IncomingMessage, res: ServerResponse, body: Buffer, head: DataHead): void {
  const encoding = body.length >= COMPRESS_FROM ? encodingFor(req) : undefined;
  if (!encoding) return sendData(req, res, head, CSV_TYPE, body, body.length);
  const packed = compress(body, encoding);
  sendData(req, res, head, CSV_TYPE, packed, packed.length, encoding);
}
