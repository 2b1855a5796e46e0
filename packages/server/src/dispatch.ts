/**
 * The operations' REST routes on plain node:http request/response objects.
 *
 * Express's router costs several times more per request than the calendar answer itself, so
 * the operations' paths (operations.ts) are matched here by segments and answered directly; express handles
 * what is left (docs, the OpenAPI document, CORS preflights, 404s). The same dispatcher is
 * the first middleware of the express app, so tests through the app exercise this exact code.
 *
 * Answers of operations that depend only on their arguments and the dataset are kept as
 * Buffers, per dataset object, in an LRU bounded in bytes and keyed by the operation and the
 * arguments it reads in canonical form (so ignored or reordered query parameters share one
 * entry); they carry an ETag and answer 304 to a matching If-None-Match. A swap brings a new
 * dataset object and so an empty cache.
 *
 * Long answers (operations with `bodyChunks`: phases, days, whose bytes core writes) are
 * produced and written piece by piece, yielding to the event loop every few milliseconds and waiting for the socket to
 * drain, so one large request never holds the others up.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { Logger } from 'pino';
import { createRouteMatcher, failure, readOperationArgs, type CompiledRoute, type Limits, type Operation } from '@openbell/catalog';
import { CSV_TYPE, toCsv, wantsCsv } from './csv.js';
import { toHttp, type ParamLocations } from '@openbell/catalog';
import type { DataHolder } from './updates.js';
import type { AccessLog } from './logging.js';
import { scrubSecrets } from '@openbell/core/secrets';

export type RawHandler = (req: IncomingMessage, res: ServerResponse) => void;
/** Answers the request and returns true, or returns false without touching it. */
export type Dispatcher = (req: IncomingMessage, res: ServerResponse) => boolean;

const JSON_TYPE = 'application/json; charset=utf-8';
/** Default bound of the answer cache of one dataset. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
/** URLs whose reading (route and arguments) is kept, and the longest kept. */
const READINGS_KEPT = 512;
const READING_URL_MAX_LENGTH = 512;

/** What a request's URL says: the operation and its arguments read and validated. */
interface Reading {
  op: Operation;
  args: Readonly<Record<string, unknown>>;
  /** The `format` query parameter as given (CSV answers are asked for by it or by Accept). */
  format: unknown;
  /** For cacheable operations, made on first use: the answer cache key, and the ETag of the data tagged `etagOf`. */
  key?: string;
  etag?: string;
  etagOf?: string;
}

/** A piece of a long answer is written, then the loop turns, after at most this long. */
const SLICE_MS = 8;
/** Answers smaller than this that finish within one slice are sent whole (and may be cached). */
const WHOLE_BYTES = 1024 * 1024;

/** A Buffer over the same bytes (no copy). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text) });
  res.end(req.method === 'HEAD' ? undefined : text);
}

export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  sendText(req, res, status, JSON.stringify(body));
}

function decodeComponent(s: string): string {
  const plus = s.includes('+') ? s.replace(/\+/g, ' ') : s;
  if (!plus.includes('%')) return plus;
  try {
    return decodeURIComponent(plus);
  } catch {
    // Malformed escapes are kept as typed, like node:querystring, and fail validation later.
    return querystring.unescape(plus);
  }
}

/**
 * The query string as node:querystring reads it (`+` is a space, a repeated key gives an
 * array), without its general-purpose overhead: this runs on every request.
 */
export function parseQuery(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  let from = 0;
  while (from < qs.length) {
    let amp = qs.indexOf('&', from);
    if (amp === -1) amp = qs.length;
    if (amp > from) {
      const eq = qs.indexOf('=', from);
      const hasValue = eq !== -1 && eq < amp;
      const key = decodeComponent(qs.slice(from, hasValue ? eq : amp));
      const value = hasValue ? decodeComponent(qs.slice(eq + 1, amp)) : '';
      const prev = out[key];
      if (prev === undefined) out[key] = value;
      else if (Array.isArray(prev)) prev.push(value);
      else out[key] = [prev, value];
    }
    from = amp + 1;
  }
  return out;
}

/** Bytes of one write buffer: a year of phases of a busy market fits several times. */
const SCRATCH_BYTES = 1536 * 1024;
/** Write buffers kept for reuse. */
const SCRATCH_KEPT = 4;

/**
 * Write buffers reused from answer to answer: writing a long answer into memory that is still
 * mapped and in the CPU's caches costs a fraction of writing it into fresh memory. A buffer
 * comes back once the answer written in it has been handed to the kernel (`finish`).
 */
class ScratchPool {
  private readonly free: Buffer[] = [];
  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(SCRATCH_BYTES);
  }
  give(b: Buffer): void {
    if (this.free.length < SCRATCH_KEPT) this.free.push(b);
  }
  /** Gives `b` back once `res` has been sent in full; a response cut short keeps it. */
  giveAfter(res: ServerResponse, b: Buffer): void {
    res.once('finish', () => this.give(b));
  }
}

/** Serialized answers, least recently used first, bounded in bytes (bodies and keys). */
export class BodyCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get size(): number {
    return this.bytes;
  }
  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, body: Buffer): void {
    const cost = BodyCache.cost(key, body);
    // One answer may take at most an eighth of the cache, so a few big ones never flush it.
    if (cost > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= BodyCache.cost(key, old);
    }
    this.entries.set(key, body);
    this.bytes += cost;
    for (const [k, b] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= BodyCache.cost(k, b);
    }
  }
  private static cost(key: string, body: Buffer): number {
    return body.length + key.length * 2 + 96;
  }
}

/** The operation and the arguments it read, in canonical form: the cache key. */
export function canonicalKey(op: Operation, args: Readonly<Record<string, unknown>>): string {
  let key = op.operationId;
  for (const name in op.params) key += `\u0000${String(args[name])}`;
  return key;
}

function sendBuffer(req: IncomingMessage, res: ServerResponse, status: number, body: Buffer, etag?: string, encoding?: string): void {
  const headers: Record<string, string | number> = { 'Content-Type': JSON_TYPE, 'Content-Length': body.length, Vary: 'Accept-Encoding' };
  if (etag) headers.ETag = etag;
  if (encoding) headers['Content-Encoding'] = encoding;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Bodies from this size on are compressed when the client accepts it. */
const COMPRESS_FROM = 8 * 1024;

/** The encoding to answer in: brotli, else gzip, when the request accepts it. */
function encodingFor(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const ae = req.headers['accept-encoding'];
  if (typeof ae !== 'string') return undefined;
  if (/(^|[\s,])br($|[\s,;])/.test(ae) && !/br;\s*q=0(\.0*)?($|[\s,])/.test(ae)) return 'br';
  if (/(^|[\s,])gzip($|[\s,;])/.test(ae) && !/gzip;\s*q=0(\.0*)?($|[\s,])/.test(ae)) return 'gzip';
  return undefined;
}

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  // Quality 4 brotli and level 6 gzip: most of the size gain for little CPU on JSON.
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

/**
 * A whole answer, compressed when it is large and the client accepts it; the compressed form
 * is cached beside the plain one, so a cached answer is compressed once.
 */
function sendAnswer(req: IncomingMessage, res: ServerResponse, body: Buffer, etag: string | undefined, cache: BodyCache | undefined, key: string | undefined): void {
  const encoding = body.length >= COMPRESS_FROM ? encodingFor(req) : undefined;
  if (!encoding) return sendBuffer(req, res, 200, body, etag);
  const zkey = key === undefined ? undefined : `${key}\u0000${encoding}`;
  let packed = cache && zkey ? cache.get(zkey) : undefined;
  if (packed === undefined) {
    packed = compress(body, encoding);
    if (cache && zkey) cache.set(zkey, packed);
  }
  sendBuffer(req, res, 200, packed, etag, encoding);
}

export function sendError(req: IncomingMessage, res: ServerResponse, err: unknown, locations: ParamLocations, logger: Logger): void {
  const answer = toHttp(err, locations);
  if (answer.logCause) logger.error({ err, method: req.method, url: req.url?.split('?')[0] }, 'request failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(req, res, answer.status, answer.body);
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
  /** The range cap of phases, days and sessions (days); default ten years. */
  limits?: Limits | undefined;
  /**
   * How long a long answer is written before the loop turns (default 8 ms). Also how long an
   * answer may take to be sent whole; tests that look at the whole-answer path under a loaded
   * machine widen it so that timing cannot switch them to the chunked one.
   */
  sliceMs?: number | undefined;
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { holder, now, logger, before, log } = options;
  const limits = options.limits ?? {};
  const cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
  const sliceMs = options.sliceMs ?? SLICE_MS;
  // Keyed by the dataset object: a swap starts an empty cache and lets the old one go.
  const caches = new WeakMap<object, { cache: BodyCache; tag: string }>();
  const cacheFor = (data: { dataset: object; meta: { version?: string | null; loadedAt?: unknown } }) => {
    let c = caches.get(data.dataset);
    if (!c) {
      // The ETag changes with the data: its version (or, without one, when it was loaded).
      const tag = createHash('sha256').update(`${data.meta.version ?? ''}\u0000${String(data.meta.loadedAt)}`).digest('base64url').slice(0, 12);
      caches.set(data.dataset, (c = { cache: new BodyCache(cacheBytes), tag }));
    }
    return c;
  };
  const match = createRouteMatcher();
  const scratchPool = new ScratchPool();

  const fail = (req: IncomingMessage, res: ServerResponse, out: { status: number; body: unknown; error: unknown; logCause: boolean }) => {
    if (out.logCause) logger.error({ err: out.error, method: req.method, url: req.url?.split('?')[0] }, 'request failed');
    sendJson(req, res, out.status, out.body);
  };

  /**
   * Requests the dispatcher read before, by URL: the route and the arguments it read (a pure
   * function of the URL), so a repeated URL skips matching, decoding and validation. Only
   * valid readings are kept, in a map of bounded size emptied when full; long URLs and URLs with
   * a secret are not kept.
   */
  const readings = new Map<string, Reading>();
  const remember = (url: string, reading: Reading): void => {
    // A URL carrying a credential (ignored here, but a token all the same) is not kept.
    if (url.length > READING_URL_MAX_LENGTH || scrubSecrets(url) !== url) return;
    if (readings.size >= READINGS_KEPT) readings.clear();
    readings.set(url, reading);
  };

  const answer = (c: CompiledRoute, req: IncomingMessage, res: ServerResponse, rawParams: Record<string, string>, qs: string): void => {
    // One read of the holder per request: a swap during the request cannot affect it.
    const data = holder.current;
    // One object holds both; a path parameter wins over a query parameter of the same name.
    const raw: Record<string, unknown> = qs ? parseQuery(qs) : {};
    for (const k in rawParams) raw[k] = rawParams[k];
    const op = c.op;
    const read = readOperationArgs(op, data?.dataset, raw, holder.loadError, limits);
    if (!read.ok) return fail(req, res, read);
    // Shared by later requests of the same URL: nothing downstream writes to it.
    const reading: Reading = { op, args: Object.freeze(read.args), format: raw.format };
    remember(req.url!, reading);
    answerRead(reading, data!, req, res);
  };

  const answerRead = (reading: Reading, data: NonNullable<DataHolder['current']>, req: IncomingMessage, res: ServerResponse): void => {
    const { op, args } = reading;
    const ds = data.dataset;
    if (wantsCsv(req, reading)) return answerCsv(op, ds, args, req, res);
    let key: string | undefined;
    let etag: string | undefined;
    let cache: BodyCache | undefined;
    if (op.cacheable && cacheBytes > 0 && data) {
      const entry = cacheFor(data);
      cache = entry.cache;
      key = reading.key ??= canonicalKey(op, args);
      // Weak: one tag for the answer whatever its encoding (plain, br, gzip). Kept with the
      // reading for the data it was made for.
      if (reading.etagOf !== entry.tag) {
        reading.etag = `W/"${entry.tag}-${createHash('sha1').update(key).digest('base64url').slice(0, 16)}"`;
        reading.etagOf = entry.tag;
      }
      etag = reading.etag;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ETag: etag });
        res.end();
        return;
      }
      const hit = cache.get(key);
      if (hit !== undefined) return sendAnswer(req, res, hit, etag, cache, key);
    }
    if (op.bodyChunks) return writeInPieces(op, ds, args, req, res, cache, key, etag);
    let body: Buffer;
    try {
      body = op.bytes ? asBuffer(op.bytes(ds, args, now)) : Buffer.from(JSON.stringify(op.call(ds, args, now)));
    } catch (err) {
      return fail(req, res, failure(op, err));
    }
    if (cache && key !== undefined) cache.set(key, body);
    sendAnswer(req, res, body, etag, cache, key);
  };

  /** A list answer as CSV (not cached: the JSON form is what the cache holds). */
  const answerCsv = (op: Operation, ds: Parameters<Operation['call']>[0], args: Record<string, unknown>, req: IncomingMessage, res: ServerResponse): void => {
    if (op.csvChunks) return writeInPieces(op, ds, args, req, res, undefined, undefined, undefined, true);
    let text: string | undefined;
    try {
      text = toCsv(op.call(ds, args, now));
    } catch (err) {
      return fail(req, res, failure(op, err));
    }
    if (text === undefined) return sendJson(req, res, 406, { detail: `${op.path} answers a single record, not a list: CSV is available for list answers only; ask without format=csv` });
    const body = Buffer.from(text);
    res.writeHead(200, { 'Content-Type': CSV_TYPE, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  /**
   * A body produced piece by piece (core writes the bytes; CSV ones too when `csv`). What fits in one slice is sent
   * whole; a longer answer goes out chunked, a slice per turn of the event loop, pausing while
   * the socket is full.
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
    const scratch = scratchPool.take();
    try {
      pieces = (csv ? op.csvChunks! : op.bodyChunks!)(ds, args, scratch)[Symbol.iterator]();
      for (;;) {
        step = pieces.next();
        if (step.done) break;
        parts.push(step.value);
        size += step.value.length;
        if (size > WHOLE_BYTES || performance.now() - started > sliceMs) break;
      }
    } catch (err) {
      scratchPool.give(scratch);
      return fail(req, res, failure(op, err));
    }
    if (step.done) {
      let body = parts.length === 1 ? asBuffer(parts[0]!) : Buffer.concat(parts, size);
      if (body.buffer !== scratch.buffer) scratchPool.give(scratch);
      else if (cache && key !== undefined) {
        // The cache keeps its own copy; the write buffer goes back at once.
        body = Buffer.from(body);
        scratchPool.give(scratch);
      } else scratchPool.giveAfter(res, scratch);
      if (csv) {
        res.writeHead(200, { 'Content-Type': CSV_TYPE, 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      if (cache && key !== undefined) cache.set(key, body);
      return sendAnswer(req, res, body, etag, cache, key);
    }
    scratchPool.giveAfter(res, scratch);
    res.writeHead(200, { 'Content-Type': csv ? CSV_TYPE : JSON_TYPE, ...(etag ? { ETag: etag } : {}) });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    for (const b of parts) res.write(b);
    const pump = (): void => {
      if (res.destroyed) return;
      const t = performance.now();
      for (;;) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = pieces.next();
        } catch (err) {
          // Headers are gone: cut the answer so the client sees it is incomplete.
          logger.error({ err, method: req.method, url: req.url?.split('?')[0] }, 'request failed while writing');
          res.destroy();
          return;
        }
        if (next.done) {
          res.end();
          return;
        }
        if (!res.write(next.value)) {
          res.once('drain', pump);
          return;
        }
        if (performance.now() - t > sliceMs) {
          setImmediate(pump);
          return;
        }
      }
    };
    setImmediate(pump);
  };

  const respond = (c: CompiledRoute, req: IncomingMessage, res: ServerResponse, params: Record<string, string>, qs: string): void => {
    before?.(req, res);
    if (res.writableEnded) return;
    for (const k in params) {
      const v = params[k]!;
      if (v.includes('%')) {
        try {
          params[k] = decodeURIComponent(v);
        } catch {
          sendJson(req, res, 400, { detail: `Malformed percent-encoding in path parameter '${k}'` });
          return;
        }
      }
    }
    answer(c, req, res, params, qs);
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const known = readings.get(url);
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
    const m = match(path);
    if (!m) return false;
    const started = log ? log.begin() : 0;
    respond(m.compiled, req, res, m.params, qAt === -1 ? '' : url.slice(qAt + 1));
    if (log) logAnswer(log, req, res, started);
    return true;
  };
}

/**
 * The access line of a request a dispatcher answered: written at once for an answer handed over
 * whole in the same call (no 'close' listener per request); streamed answers, those not sent yet
 * and errors keep the line on the response's 'close'.
 */
export function logAnswer(log: AccessLog, req: IncomingMessage, res: ServerResponse, started: number): void {
  if (res.writableEnded && res.statusCode < 400) log.sent(req, res, started);
  else log.follow(req, res, started);
}
