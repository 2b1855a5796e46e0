/**
 * The express application. The data routes are answered by the dispatcher (dispatch.ts) ahead
 * of everything else; express serves /health, /info, the OpenAPI document, the docs, CORS
 * preflights and the JSON 404 / error answers.
 */
import type { CalendarQueries } from '@openbell/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { mountDocs } from './docs.js';
import { createDispatcher, sendError, type Dispatcher } from './dispatch.js';
import { createHealthDispatcher } from './health.js';
import { healthBody, infoBody, PACKAGE_VERSION } from './info.js';
import { accessLog, createLogger, type LogFormat, type LogLevel } from './logging.js';
import { createPublisher, type Publisher, type PublisherOptions } from './publish.js';
import type { DataMeta, LoadedData } from './types.js';
import { DataHolder } from './updates.js';
import { mountLive, type LiveOptions } from './live/index.js';

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
  /** The longest date range of phases, days and sessions, in days; default 3653 (ten years). */
  maxRangeDays?: number;
  /**
   * Publisher mode: serve this archive as the hosted `GET|HEAD /v4/download` endpoint (bearer
   * tokens) with presigned `/v4/files/…` downloads, beside the REST interface (publish.ts).
   */
  publish?: PublisherOptions;
  /** Board, bell events and feeds (issue 15): event-stream timing, for tests. */
  live?: Omit<LiveOptions, 'now'>;
}

export interface OpenbellApp extends Express {
  readonly holder: DataHolder;
  readonly logger: Logger;
  /** The data routes on plain node objects; createServer calls it before express. */
  readonly dispatch: Dispatcher;
  /** The publisher when `publish` was given (publisher mode). */
  readonly publisher: Publisher | undefined;
}

const noop = () => undefined;

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
    if (!any) res.setHeader('Vary', 'Origin');
    if (req.method !== 'OPTIONS') return false;
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.statusCode = 204;
    res.end();
    return true;
  };
}

export function createApp(options: AppOptions = {}): OpenbellApp {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info', options.logFormat);
  const holder =
    options.holder ??
    new DataHolder(options.data ?? (options.dataset ? inMemoryData(options.dataset) : undefined));
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
  const dataDispatch = createDispatcher({ holder, now, logger, before: corsOnly, log, cacheBytes: options.cacheBytes, limits: { maxRangeDays: options.maxRangeDays } });
  // Publisher mode: /v4/download and /v4/files/… are answered ahead of the data routes.
  const publisher = options.publish ? createPublisher(options.publish, { logger, before }) : undefined;
  const routed: Dispatcher = publisher ? (req, res) => publisher(req, res) || dataDispatch(req, res) : dataDispatch;
  // /health first, without express (health.ts).
  const health = createHealthDispatcher(holder, corsOnly, log);
  const dispatch: Dispatcher = (req, res) => health(req, res) || routed(req, res);

  const app = express();
  app.disable('x-powered-by');
  // Answers are computed per request and cheap to recompute; hashing every body for an ETag
  // would cost more than it saves.
  app.set('etag', false);

  // The data routes first: answered without going through the rest of the express stack.
  app.use((req, res, next) => {
    if (!dispatch(req, res)) next();
  });
  if (log) app.use(log.handler);
  if (cors) {
    app.use((req, res, next) => {
      if (!cors(req, res)) next();
    });
  }

  app.get('/health', (_req, res) => {
    const { status, body } = healthBody(holder);
    res.status(status).json(body);
  });
  app.get('/info', (_req, res) => {
    res.json(infoBody(holder));
  });

  // The document (zod and its OpenAPI generator) is built on the first request for it, not at start.
  app.get('/openapi.json', async (_req, res) => {
    const { openApiBytes } = await import('./openapi.js');
    res.type('application/json').send(openApiBytes(PACKAGE_VERSION));
  });
  mountDocs(app);

  // ---- issue 15: /board, /board/data, /events (SSE), /markets/{id}/holidays.ics, /currencies/{code}/holidays.ics ----
  mountLive(app, holder, { ...options.live, now });
  // ---- end issue 15 ----

  app.use((req, res) => {
    res.status(404).json({ detail: `Not Found: no route for ${req.method} ${req.path}` });
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    sendError(req, res, err, {}, logger);
  });

  return Object.assign(app, { holder, logger, dispatch, publisher });
}
