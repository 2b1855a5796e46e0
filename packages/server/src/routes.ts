/**
 * What the server answers without express: the data routes (http/dispatcher.ts),
 * /health, the publisher's downloads, the access log and CORS. createApp mounts them ahead of
 * express's routes; createServer can answer with them alone until a request needs express
 * (ServerOptions.expressOnDemand), so a server starts without loading express.
 */
import { setMonthBlockBytes, type CalendarQueries } from '@openbell/core';
import { createRouteMatcher, endpoints, postOperations, type OperationContext } from '@openbell/catalog';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { createDispatcher, VERSION_HEADER, type Dispatcher } from './http/dispatcher.js';
import type { OverrideManager } from './overrides/manager.js';
import type { AdminToken } from './overrides/tokens.js';
import type { VersionHistory } from './overrides/versions.js';
import { createWriteHandler } from './overrides/writes.js';
import { createPostDispatcher } from './http/posted.js';
import { nameVersion, send } from './http/send.js';
import { createHealthDispatcher } from './health.js';
import { createMethodDispatcher } from './http/methods.js';
import { accessLog, createLogger } from './logging.js';
import type { LogFormat, LogLevel } from './logging.js';
import { createPublisher, type Publisher, type PublisherOptions } from './publish/handler.js';
import type { DataMeta, LoadedData } from './types.js';
import { DataHolder } from './updates.js';
import { eventsHandler, type LiveOptions } from './live/events.js';
import { boardDataHandler } from './live/board.js';
import { metricsHandler, METRICS_PATH, type MetricsPeers, ServerMetrics } from './metrics.js';

export interface AppOptions {
  /** Data to serve (a loader `LoadedData`). */
  data?: LoadedData;
  /** A bare core Dataset, for library users without the loader; described as in-memory data. */
  dataset?: CalendarQueries;
  /** A holder shared with an updater (createServer passes its own). Wins over data/dataset. */
  holder?: DataHolder;
  logger?: Logger;
  /** Used when no logger is given. Default 'info'. */
  logLevel?: LogLevel;
  /** `json` (default) or `pretty` lines for a terminal. */
  logFormat?: LogFormat;
  /** Origins allowed to call the API from a browser; '*' for any. Default none. */
  corsOrigins?: readonly string[] | '*';
  /** The clock for /status without datetime_utc (tests pin it). */
  now?: () => number | Date;
  /**
   * Bytes of serialized answers kept per dataset for the operations that do not depend on the
   * clock (lists, holidays, schedules, phases, days); default 64 MiB, 0 disables. Swapping
   * data starts a fresh cache.
   */
  cacheBytes?: number;
  /**
   * Bytes of month blocks kept by this process (core's setMonthBlockBytes: the JSON of phases,
   * day views, sessions and bars a month at a time, shared by every dataset); default 64 MiB,
   * 0 writes every long answer afresh.
   */
  blockBytes?: number;
  /**
   * The longest `max-age` of a data answer, seconds (default 60): how long an override write or
   * a SIGHUP may take to reach the clients of a cache (docs/rest.md "Cache-Control").
   */
  cacheMaxAge?: number;
  /**
   * `Surrogate-Key` and `Cache-Tag` on data answers (http/purge-keys.ts), for a CDN that purges
   * by key; on unless false.
   */
  purgeKeys?: boolean;
  /**
   * `GET /metrics` (metrics.ts): on unless false; with `token`, only for `Authorization: Bearer
   * <token>` (compared in constant time). Default on, without a token. `peers`: in a cluster
   * worker, the siblings whose series are added to its own (metrics-cluster.ts).
   */
  metrics?: false | { token?: string | undefined; peers?: MetricsPeers | undefined };
  /** The longest date range, in days, of an operation no coverage window bounds (rangeCapped); default 3653. */
  maxRangeDays?: number;
  /**
   * Publisher mode: serve this archive as the hosted `GET|HEAD /v4/download` endpoint (bearer
   * tokens) with presigned `/v4/files/…` downloads, beside the REST interface (publish/handler.ts).
   */
  publish?: PublisherOptions;
  /** Board, bell events and feeds: event-stream timing, for tests. */
  live?: Omit<LiveOptions, 'now' | 'logger'>;
  /**
   * What the operations read besides the data: `changes`, the change log behind /changes
   * (createServer fills it from its `changes` feed). Without it /changes answers an empty log.
   */
  context?: OperationContext;
  /**
   * Overrides (docs/overrides.md): the set (which knows a replica's publisher), the admin tokens
   * of `POST`/`DELETE /overrides`, and the versions kept for `as_of` and `/versions`.
   */
  overrides?: {
    manager: OverrideManager;
    tokens: readonly AdminToken[];
    versions?: VersionHistory | undefined;
  };
}

/** The routes answered without express, and what createApp's express routes share with them. */
export interface PreparedApp {
  holder: DataHolder;
  logger: Logger;
  now: () => number;
  /** The access log, when the level logs requests. */
  log: ReturnType<typeof accessLog>;
  cors: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  /** /health, the publisher's routes and the data routes; false when the request is none of them. */
  dispatch: Dispatcher;
  publisher: Publisher | undefined;
  /** The metrics, unless turned off: express's answers are counted by app.ts. */
  metrics: ServerMetrics | undefined;
}

const noop = () => undefined;

const EVENTS_PATH = endpoints.events.path;

const BOARD_DATA_PATH = endpoints.boardData.path;

/**
 * GET or HEAD of `path` (a trailing slash allowed, as express allows it). Asked of every
 * request before the data routes, so it reads the URL in place rather than cutting its path out.
 */
function isRead(req: IncomingMessage, of: string): boolean {
  const url = req.url ?? '';
  if (!url.startsWith(of)) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  // `of`, then at most one slash, then the end or the query.
  const i = url.charCodeAt(of.length) === SLASH ? of.length + 1 : of.length;
  return i === url.length || url.charCodeAt(i) === QUESTION_MARK;
}
const SLASH = 47;
const QUESTION_MARK = 63;
/** The methods of the override writes (overrides/writes.ts) besides the reads, by path. */
const overrideWrites = (path: string): readonly string[] =>
  path === '/overrides' ? ['POST'] : path.startsWith('/overrides/') && !path.slice(11).includes('/') ? ['DELETE'] : [];

/** Meta for a Dataset handed over without the loader. */
export function inMemoryData(dataset: CalendarQueries, loadedAt: Date = new Date()): LoadedData {
  const meta: DataMeta = {
    source: 'in-memory dataset',
    kind: 'memory',
    isSample: false,
    version: null,
    downloadedAt: null,
    loadedAt: loadedAt.toISOString(),
    plan: dataset.plan,
    warnings: [],
  };
  return { dataset, meta };
}

/** The paths of the catalogue's POST operations (the bar check): a preflight there allows POST. */
const postPath = createRouteMatcher(postOperations());
const posts = (url: string): boolean => {
  const q = url.indexOf('?');
  return postPath(q < 0 ? url : url.slice(0, q)) !== null;
};

/**
 * CORS on plain node objects (used by the dispatcher and as express middleware). Answers a
 * preflight itself and returns true then.
 */
function corsHandler(origins: readonly string[] | '*'): (req: IncomingMessage, res: ServerResponse) => boolean {
  const any = origins === '*' || origins.includes('*');
  const allowed = new Set(origins === '*' ? [] : origins);
  return (req, res) => {
    const origin = req.headers.origin;
    if (origin === undefined || !(any || allowed.has(origin))) return false;
    res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
    res.setHeader('Access-Control-Expose-Headers', `ETag, Retry-After, ${VERSION_HEADER}`); // for @openbell/client
    if (!any) res.setHeader('Vary', 'Origin');
    if (req.method !== 'OPTIONS') return false;
    res.setHeader('Access-Control-Allow-Methods', posts(req.url ?? '/') ? 'POST, OPTIONS' : 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    send(req, res, 204);
    return true;
  };
}

export function prepareApp(options: AppOptions = {}): PreparedApp {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info', options.logFormat);
  if (options.blockBytes !== undefined) setMonthBlockBytes(options.blockBytes);
  const holder =
    options.holder ?? new DataHolder(options.data ?? (options.dataset ? inMemoryData(options.dataset) : undefined));
  const clock = options.now;
  const now: () => number = clock
    ? () => {
        const v = clock();
        return typeof v === 'number' ? v : v.getTime();
      }
    : Date.now;

  const log = accessLog(logger);
  const cors = options.corsOrigins && options.corsOrigins.length > 0 ? corsHandler(options.corsOrigins) : undefined;
  const before =
    log || cors
      ? (req: IncomingMessage, res: ServerResponse) => {
          log?.handler(req as Request, res as Response, noop);
          cors?.(req, res);
        }
      : undefined;
  const corsOnly = cors ? (req: IncomingMessage, res: ServerResponse) => void cors(req, res) : undefined;
  // The dispatchers write the access line themselves (right after a whole answer, see logAnswer).
  const ovr = options.overrides;
  const versions = ovr?.versions;
  const context: OperationContext | undefined = ovr
    ? { ...options.context, overrides: ovr.manager, ...(versions ? { versions } : {}) }
    : options.context;
  const metrics =
    options.metrics === false
      ? undefined
      : new ServerMetrics({
          holder,
          now,
          overridesActive: ovr ? () => ovr.manager.list({ includeWithdrawn: false }).length : undefined,
          peers: options.metrics ? options.metrics.peers : undefined,
        });
  const metricsAnswer = metrics
    ? metricsHandler(metrics, options.metrics ? options.metrics.token : undefined)
    : undefined;
  const dataDispatch = createDispatcher({
    holder,
    now,
    logger,
    before: corsOnly,
    log,
    cacheBytes: options.cacheBytes,
    maxAgeSeconds: options.cacheMaxAge,
    purgeKeys: options.purgeKeys,
    metrics,
    limits: { maxRangeDays: options.maxRangeDays },
    context,
    pointInTime: versions ? (asOf) => versions.resolve(asOf) : undefined,
  });
  // Publisher mode: /v4/download and /v4/files/… are answered ahead of the data routes.
  const publisher = options.publish ? createPublisher(options.publish, { logger, before }) : undefined;
  const routed: Dispatcher = publisher ? (req, res) => publisher(req, res) || dataDispatch(req, res) : dataDispatch;
  const writes = ovr ? createWriteHandler({ manager: ovr.manager, tokens: ovr.tokens, logger, log }) : undefined;
  const served: Dispatcher = writes ? (req, res) => writes(req, res) || routed(req, res) : routed;
  // /health first, without express (health.ts).
  const health = createHealthDispatcher(holder, corsOnly, log);
  // /events without express too: a stream outlives its request by hours, and what express
  // hangs on a request and its response (and its router's state) would stay with each of ten
  // thousand subscribers (docs/benchmarks.md, "Watchers").
  const events = eventsHandler(holder, { ...options.live, now, logger });
  // /board/data too: a thousand pages poll it, and express's routing cost more than its kept
  // answer (bench/board.mjs). Spellings express alone matches (another case) still reach its route.
  const boardData = boardDataHandler(holder, now, logger);
  // The catalogue's POST operations (the bar check): a body read as it arrives (http/posted.ts).
  const posted = createPostDispatcher({
    holder,
    logger,
    before: corsOnly,
    log,
    metrics,
    limits: { maxRangeDays: options.maxRangeDays },
    pointInTime: versions ? (asOf) => versions.resolve(asOf) : undefined,
  });
  // Last: OPTIONS and the other methods on a known path (405 with Allow).
  const methods = createMethodDispatcher({ writes: ovr ? overrideWrites : undefined, before: corsOnly, log });
  // Every answer names the version that answered (an `as_of` answer names its own): written by
  // send.ts with the answer's other headers; the others (express, the stream, 405s) get it set.
  const dispatch: Dispatcher = (req, res) => {
    const version = holder.current?.meta.version;
    if (metricsAnswer && isRead(req, METRICS_PATH)) {
      metricsAnswer(req, res);
      return true;
    }
    if (isRead(req, EVENTS_PATH)) {
      if (metrics) metrics.observe(metrics.indexOf('events'), 200, performance.now());
      // The stream names its version with its own headers, and its errors theirs (live/events.ts):
      // one set here would stay in an object of Node's for the stream's whole life. The
      // admission's 503 past --max-subscribers names none, as its other refusals.
      before?.(req, res);
      events(req, res);
      return true;
    }
    if (version) nameVersion(res, version);
    if (isRead(req, BOARD_DATA_PATH)) {
      before?.(req, res);
      boardData(req, res);
      return true;
    }
    if (metrics) {
      // One reading starts both the metrics' timing and the access line's.
      const t0 = performance.now();
      if (health(req, res, t0)) {
        metrics.observe(metrics.indexOf('health'), res.statusCode, t0);
        return true;
      }
    } else if (health(req, res)) return true;
    if (posted(req, res) || served(req, res)) return true;
    if (version && !res.headersSent) res.setHeader(VERSION_HEADER, version);
    return methods(req, res);
  };
  return { holder, logger, now, log, cors, dispatch, publisher, metrics };
}
