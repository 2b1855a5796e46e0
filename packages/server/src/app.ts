/**
 * The express application: middleware, the route table wired to validation and core, docs,
 * and the JSON 404 / error answers.
 */
import type { CalendarQueries } from '@openbell/core';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { mountDocs } from './docs.js';
import {
  coreEntries,
  DataNotLoadedError,
  RequestValidationError,
  toHttp,
  zodEntries,
  type ParamNames,
  type ValidationEntry,
} from './errors.js';
import { healthBody, infoBody, PACKAGE_VERSION } from './info.js';
import { accessLog, createLogger, type LogLevel } from './logging.js';
import { openApiBytes } from './openapi.js';
import { dataRoutes, expressPath, type DataRoute } from './routes.js';
import type { DataMeta, LoadedData } from './types.js';
import { DataHolder } from './updates.js';

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
  /** Origins allowed to call the API from a browser; '*' for any. Default none. */
  corsOrigins?: readonly string[] | '*';
  /** The clock for /status without datetime_utc (tests pin it). */
  now?: () => number | Date;
}

export interface OpenbellApp extends Express {
  readonly holder: DataHolder;
  readonly logger: Logger;
}

/** Meta for a Dataset handed over without the loader. */
export function inMemoryData(dataset: CalendarQueries, loadedAt: Date = new Date()): LoadedData {
  const meta: DataMeta = {
    source: 'in-memory dataset',
    kind: 'file',
    isSample: false,
    version: null,
    downloadedAt: null,
    loadedAt,
    plan: dataset.plan,
    warnings: [],
  };
  return { dataset, meta };
}

function sendError(res: Response, err: unknown, names: ParamNames, logger: Logger, req: Request): void {
  const answer = toHttp(err, names);
  if (answer.logCause) logger.error({ err, method: req.method, path: req.path }, 'request failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(answer.status).json(answer.body);
}

function dataHandler(route: DataRoute, holder: DataHolder, now: () => number, logger: Logger): RequestHandler {
  const pathNames: ParamNames = { path: route.pathParam };
  return (req, res) => {
    // One read of the holder per request: a swap during the request cannot affect it.
    const data = holder.current;
    // express 5 re-parses the query string on every access of req.query.
    const rawQuery = req.query as Record<string, unknown>;
    const rawParams = req.params as Record<string, string>;
    try {
      const q = route.query.safeParse(rawQuery);
      const p = route.params?.safeParse(rawParams);
      if (!q.success || (p && !p.success)) {
        const entries: ValidationEntry[] = [];
        if (route.probe && data) {
          try {
            route.probe(data.dataset, rawParams);
          } catch (err) {
            entries.push(...(coreEntries(err, pathNames) ?? []));
          }
        }
        if (p && !p.success) entries.push(...zodEntries('path', p.error, rawParams));
        if (!q.success) entries.push(...zodEntries('query', q.error, rawQuery));
        throw new RequestValidationError(entries);
      }
      if (!data) throw new DataNotLoadedError(holder.loadError);
      res.json(route.handle({ ds: data.dataset, params: p?.data ?? {}, query: q.data, now }));
    } catch (err) {
      const names: ParamNames =
        rawQuery.datetime_utc === undefined && rawQuery.datetime !== undefined
          ? { ...pathNames, instant: 'datetime' }
          : pathNames;
      sendError(res, err, names, logger, req);
    }
  };
}

function cors(origins: readonly string[] | '*'): RequestHandler {
  const any = origins === '*' || origins.includes('*');
  const allowed = new Set(origins === '*' ? [] : origins);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && (any || allowed.has(origin))) {
      res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
      if (!any) res.setHeader('Vary', 'Origin');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Content-Type');
        res.setHeader('Access-Control-Max-Age', '600');
        res.status(204).end();
        return;
      }
    }
    next();
  };
}

export function createApp(options: AppOptions = {}): OpenbellApp {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info');
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

  const app = express();
  app.disable('x-powered-by');
  // Answers are computed per request and cheap to recompute; hashing every body for an ETag
  // would cost more than it saves.
  app.set('etag', false);

  const log = accessLog(logger);
  if (log) app.use(log);
  if (options.corsOrigins && options.corsOrigins.length > 0) app.use(cors(options.corsOrigins));

  app.get('/health', (_req, res) => {
    const { status, body } = healthBody(holder);
    res.status(status).json(body);
  });
  app.get('/info', (_req, res) => {
    res.json(infoBody(holder));
  });

  const openapi = openApiBytes(PACKAGE_VERSION);
  app.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(openapi);
  });
  mountDocs(app);

  for (const route of dataRoutes) app.get(expressPath(route.path), dataHandler(route, holder, now, logger));

  app.use((req, res) => {
    res.status(404).json({ detail: `Not Found: no route for ${req.method} ${req.path}` });
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    sendError(res, err, {}, logger, req);
  });

  return Object.assign(app, { holder, logger });
}
