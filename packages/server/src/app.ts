/**
 * The express application. /health, the publisher's downloads and the data routes are answered
 * ahead of everything else (routes.ts); express serves /info, the OpenAPI document, the docs, the
 * board and feeds, CORS preflights and the JSON 404 / error answers.
 */
import express from 'express';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { mountDocs, mountRedoc } from './docs.js';
import type { Dispatcher } from './http/dispatcher.js';
import { sendError } from './http/send.js';
import { STATIC_CACHE } from './http/cache-policy.js';
import { sendStatic } from './http/static-answer.js';
import { infoBody, PACKAGE_VERSION, toHttp } from '@openbell/catalog';
import type { Publisher } from './publish/handler.js';
import { prepareApp, type AppOptions, type PreparedApp } from './routes.js';
import type { DataHolder } from './updates.js';
import { mountLive } from './live/index.js';
import { askWithout, CSV_ONLY_LISTS, formatFault, wantsCsv } from './csv.js';

export { inMemoryData, prepareApp, type AppOptions, type PreparedApp } from './routes.js';

export interface OpenbellApp extends Express {
  readonly holder: DataHolder;
  readonly logger: Logger;
  /** The data routes on plain node objects; createServer calls it before express. */
  readonly dispatch: Dispatcher;
  /** The publisher when `publish` was given (publisher mode). */
  readonly publisher: Publisher | undefined;
}

export function createApp(options: AppOptions = {}): OpenbellApp {
  return expressApp(prepareApp(options), options);
}

/** The express application over routes prepared by prepareApp (createServer builds it when first needed). */
export function expressApp(prepared: PreparedApp, options: AppOptions = {}): OpenbellApp {
  const { holder, logger, now, log, cors, dispatch, publisher, metrics } = prepared;
  const app = express();
  app.disable('x-powered-by');
  // Answers are computed per request and cheap to recompute; hashing every body for an ETag
  // would cost more than it saves.
  app.set('etag', false);

  // The data routes first: answered without going through the rest of the express stack.
  app.use((req, res, next) => {
    if (!dispatch(req, res)) next();
  });
  if (metrics) {
    // What express answers (the contract, /docs, feeds, the board, /info, 404s), by its kind: bounded labels.
    app.use((req, res, next) => {
      const t0 = performance.now();
      res.once('finish', () => metrics.observe(metrics.indexOf(expressKind(req.path)), res.statusCode, t0));
      next();
    });
  }
  if (log) app.use(log.handler);
  if (cors) {
    app.use((req, res, next) => {
      if (!cors(req, res)) next();
    });
  }

  // CSV of an answer that is not a list is refused, as the dispatcher refuses it for records
  // (/health says so itself, ahead of express).
  app.get(['/info', '/board'], (req, res, next) => {
    const fault = formatFault(req.query.format);
    if (fault) return void res.status(422).json({ detail: [fault] });
    if (!wantsCsv(req, req.query)) return next();
    res
      .status(406)
      .json({ detail: `${req.path} does not answer a list: ${CSV_ONLY_LISTS}; ${askWithout(req.query.format)}` });
  });

  app.get('/info', (_req, res) => {
    // The update state and the counts it reports move on their own: asked again each time.
    res.set('Cache-Control', 'no-cache').json(infoBody(holder));
  });

  // The document (zod and its OpenAPI generator) is built on the first request for it, not at start.
  // Its ETag is its content's: the document changes with the version and the address it names.
  app.get('/openapi.json', async (req, res) => {
    const { openApiBytes } = await import('./openapi.js');
    const body = openApiBytes(PACKAGE_VERSION, listeningUrl(req));
    sendStatic(req, res, body, 'application/json; charset=utf-8', STATIC_CACHE);
  });
  mountDocs(app);
  mountRedoc(app);

  // The catalogue's board, bell-event stream and holiday feeds.
  mountLive(app, holder, { ...options.live, now, logger, purgeKeys: options.purgeKeys !== false });

  app.use((req, res) => {
    res
      .status(404)
      .set('Cache-Control', 'no-store')
      .json({ detail: `Not Found: no route for ${req.method} ${req.path}` });
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    sendError(req, res, { ...toHttp(err), error: err }, logger);
  });

  return Object.assign(app, { holder, logger, dispatch, publisher });
}

/**
 * The address the server listens on, as the socket that carried the request has it (behind a
 * wildcard bind, the interface the client reached); undefined on a Unix socket.
 */
function listeningUrl(req: Request): string | undefined {
  const { localAddress, localPort } = req.socket;
  if (!localAddress || !localPort) return undefined;
  const host = localAddress.startsWith('::ffff:') ? localAddress.slice(7) : localAddress;
  return `http://${host.includes(':') ? `[${host}]` : host}:${localPort}`;
}

/** The metrics' operation name of an answer of express (metrics.ts OTHER_OPERATIONS). */
function expressKind(path: string): string {
  if (path === '/openapi.json') return 'openapi';
  if (path === '/docs' || path.startsWith('/docs/')) return 'docs';
  if (path.endsWith('.ics')) return 'feed';
  if (path.startsWith('/board')) return 'board';
  if (path === '/info') return 'info';
  return 'other';
}
