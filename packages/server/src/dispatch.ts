/**
 * The operations' REST routes on plain node:http request/response objects.
 *
 * Express's router costs several times more per request than the calendar answer itself, so
 * the operations' paths (operations.ts) are matched here by segments and answered directly; express handles
 * what is left (docs, the OpenAPI document, CORS preflights, 404s). The same dispatcher is
 * the first middleware of the express app, so tests through the app exercise this exact code.
 *
 * Answers of routes that depend only on the URL and the dataset are kept serialized, per
 * dataset object, in a small LRU: a swap brings a new object and so an empty cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { Logger } from 'pino';
import { createRouteMatcher, runOperation, type CompiledRoute } from './answer.js';
import { toHttp, type ParamLocations } from './errors.js';
import type { DataHolder } from './updates.js';

export type RawHandler = (req: IncomingMessage, res: ServerResponse) => void;
/** Answers the request and returns true, or returns false without touching it. */
export type Dispatcher = (req: IncomingMessage, res: ServerResponse) => boolean;

const JSON_TYPE = 'application/json; charset=utf-8';
export const DEFAULT_CACHE_ENTRIES = 1000;

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

/** Serialized answers of cacheable operations, by URL, least recently used first. */
class BodyCache {
  private readonly entries = new Map<string, string>();
  constructor(private readonly max: number) {}
  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, body: string): void {
    if (body.length > MAX_CACHED_BODY) return;
    this.entries.set(key, body);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

const MAX_CACHED_BODY = 512 * 1024;

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
  /** Runs first for every request the dispatcher answers (access log, CORS headers). */
  before?: RawHandler | undefined;
  /** Entries of the per-dataset answer cache for clock-free routes; 0 disables. */
  cacheEntries?: number | undefined;
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { holder, now, logger, before } = options;
  const cacheEntries = options.cacheEntries ?? DEFAULT_CACHE_ENTRIES;
  // Keyed by the dataset object: a swap starts an empty cache and lets the old one go.
  const caches = new WeakMap<object, BodyCache>();
  const cacheFor = (data: object): BodyCache => {
    let cache = caches.get(data);
    if (!cache) caches.set(data, (cache = new BodyCache(cacheEntries)));
    return cache;
  };
  const match = createRouteMatcher();

  const answer = (c: CompiledRoute, req: IncomingMessage, res: ServerResponse, rawParams: Record<string, string>, qs: string): void => {
    // One read of the holder per request: a swap during the request cannot affect it.
    const data = holder.current;
    // One object holds both; a path parameter wins over a query parameter of the same name.
    const raw: Record<string, unknown> = qs ? parseQuery(qs) : {};
    for (const k in rawParams) raw[k] = rawParams[k];
    const out = runOperation(c.op, data?.dataset, raw, now, holder.loadError);
    if (!out.ok) {
      if (out.logCause) logger.error({ err: out.error, method: req.method, url: req.url?.split('?')[0] }, 'request failed');
      sendJson(req, res, out.status, out.body);
      return;
    }
    let text: string;
    try {
      text = JSON.stringify(out.value);
    } catch (err) {
      sendError(req, res, err, c.op.locations, logger);
      return;
    }
    if (c.op.cacheable && cacheEntries > 0 && data) cacheFor(data.dataset).set(req.url ?? '', text);
    sendText(req, res, 200, text);
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const qAt = url.indexOf('?');
    const path = qAt === -1 ? url : url.slice(0, qAt);
    const m = match(path);
    if (!m) return false;
    const c = m.compiled;
    const params = m.params;
    before?.(req, res);
    if (res.writableEnded) return true;
    if (c.op.cacheable && cacheEntries > 0) {
      const data = holder.current;
      const hit = data && cacheFor(data.dataset).get(url);
      if (hit !== undefined && hit !== '') {
        sendText(req, res, 200, hit);
        return true;
      }
    }
    for (const k in params) {
      const v = params[k]!;
      if (v.includes('%')) {
        try {
          params[k] = decodeURIComponent(v);
        } catch {
          sendJson(req, res, 400, { detail: `Malformed percent-encoding in path parameter '${k}'` });
          return true;
        }
      }
    }
    answer(c, req, res, params, qAt === -1 ? '' : url.slice(qAt + 1));
    return true;
  };
}
