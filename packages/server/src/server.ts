/**
 * Running the app: listen on TCP or a Unix socket, load data from a DataSource in the
 * background, keep it fresh, and shut down gracefully.
 */
import { existsSync, lstatSync, unlinkSync } from 'node:fs';
import cluster from 'node:cluster';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { OpenbellApp } from './app.js';
import { inMemoryData, prepareApp, type AppOptions, type PreparedApp } from './routes.js';
import { createLogger } from './logging.js';
import type { DataSource, LoadedData } from './types.js';
import type { ServerMetrics } from './metrics.js';
import { createUpdater, DataHolder, publicErrorMessage, type UpdateOutcome, type Updater } from './updates.js';
import { changesSource } from '@openbell/catalog';
import type { ChangeFeed } from './changes/feed.js';
import type { OverrideRecord } from '@openbell/core';
import { OverrideManager, type OverrideChange } from './overrides/manager.js';
import type { AdminToken } from './overrides/tokens.js';
import { VersionHistory } from './overrides/versions.js';
import { overrideFileText } from './overrides/file.js';
import { overridePuller } from './overrides/replica.js';
import { Admission, DEFAULT_PRESSURE_HEADERS_TIMEOUT_MS } from './http/admission.js';
import { SERVE_DEFAULTS } from './defaults.js';

/** What Node answers a client error with when nobody listens for 'clientError' (its _http_server). */
const CLIENT_ERROR_STATUS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** Why, in the JSON body every error answer carries (docs/rest.md "Errors"). */
const CLIENT_ERROR_DETAIL: Record<string, string> = {
  HPE_HEADER_OVERFLOW:
    'The request line and headers are too large (the URL or a header is too long; at most 16 KiB in all)',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'The chunk extensions of the request body are too large',
  ERR_HTTP_REQUEST_TIMEOUT: 'The request did not arrive in time',
};

/** A client error's whole answer, written on the socket (no response object exists for it). */
function clientErrorAnswer(code: string | undefined): string {
  const status = CLIENT_ERROR_STATUS[code ?? ''] ?? '400 Bad Request';
  const body = JSON.stringify({ detail: CLIENT_ERROR_DETAIL[code ?? ''] ?? 'The request is not valid HTTP' });
  return (
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ` +
    `${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

export interface ServerOptions extends Omit<AppOptions, 'holder'> {
  /** Loaded in the background after the server starts listening; 503 until then. */
  source?: DataSource;
  /** Default 127.0.0.1: the service is local unless asked otherwise. */
  host?: string;
  /** Default 8000; 0 picks a free port. */
  port?: number;
  /** Listen on this Unix socket instead of host/port. */
  socketPath?: string;
  /** Minutes between update checks of a remote source; default 360, 0 disables. */
  updateEveryMinutes?: number;
  /**
   * How long close() (the drain on SIGTERM/SIGINT) waits for responses in flight to be sent
   * to the end before cutting the connections left. Default 30 s.
   */
  drainTimeoutMs?: number;
  /**
   * Connections open at once, `/events` streams apart. At the limit a newcomer takes the slot
   * of the connection idle longest; with none idle it is answered 503 with Retry-After
   * (http/admission.ts). Default 1000; 0 = no cap.
   */
  maxConnections?: number;
  /**
   * Connections of one client address, its `/events` streams apart; past it, 503. Default a
   * quarter of maxConnections; 0 = no cap.
   */
  maxConnectionsPerClient?: number;
  /** Addresses or ADDR/PREFIX ranges exempt from the per-client cap (proxies in front). */
  trustProxy?: readonly string[];
  /**
   * `/events` streams open at once, a budget beside maxConnections and the per-client cap.
   * Default 10,000; 0 = no cap.
   */
  maxSubscribers?: number;
  /**
   * The header-time bound while more than 80% of maxConnections are open. Default 2 s (never above headersTimeoutMs).
   */
  pressureHeadersTimeoutMs?: number;
  /** How long a refused newcomer is kept to read its request and answer 503. Default 1 s. */
  refusalGraceMs?: number;
  /**
   * Refused newcomers waiting for their request at once; past it, further ones are closed on arrival. Default a tenth
   * of maxConnections, at least 16.
   */
  maxRefusing?: number;
  /** Evictions and refusals are logged as counts at most this often. Default 10 s. */
  connectionLogEveryMs?: number;
  /** Longest wait for a request's complete headers from connect (slow clients). Default 10 s. */
  headersTimeoutMs?: number;
  /** Longest wait for a complete request (headers and body). Default 30 s. */
  requestTimeoutMs?: number;
  /**
   * After a failed update check, the next comes after this delay, doubling per failure, capped at the interval. Default
   * 60 s.
   */
  updateRetryMs?: number;
  /** Delay before retrying a failed first load; doubles up to 30 minutes. Default 60 s. */
  loadRetryMs?: number;
  /**
   * Load express (it serves /info, the docs, the board and event stream, the 404 answers) on
   * the first request that needs it rather than before listening: the data routes and
   * /health answer without it, and starting takes much less. `app` is then there once a
   * request or `loadApp()` has loaded it. Default false.
   */
  expressOnDemand?: boolean;
  /**
   * Data changes (changes/index.ts createChangeFeed): `/events` sends its `data` events, and
   * unless `computeChanges` is false each swap is compared with the version it replaces.
   */
  changes?: ChangeFeed;
  /** False in a cluster worker, whose change sets come from the primary. Default true. */
  computeChanges?: boolean;
  /** Overrides and the versions kept (docs/overrides.md): built here, over the server's holder. */
  overrideSettings?: OverrideSettings;
}

export interface OverrideSettings {
  /** The override file (`overrides.json` in the cache folder by default); none keeps the set in memory. */
  file?: string | undefined;
  /** `--admin-token NAME=SECRET`, parsed (overrides/tokens.ts). None: writes answer 403. */
  tokens: readonly AdminToken[];
  /** A replica: writes refused naming this publisher. */
  publisher?: string | undefined;
  /** Versions kept for `as_of` (the `--keep-changes` number). */
  keepVersions?: number | undefined;
  /** Where the list of kept versions is written (the cache folder). */
  versionsFile?: string | undefined;
  /** False: the list is read at start, never written (a cluster worker: its primary writes it). */
  writeVersions?: boolean | undefined;
  /** A cluster worker keeps its writes through its primary (overrides/manager.ts OverrideChange). */
  commit?: ((change: OverrideChange) => Promise<OverrideRecord[]>) | undefined;
  /** How often the file is looked at, ms (0: never; a worker, whose primary watches it). */
  watchMs?: number | undefined;
  /** The set to start with when there is no file (a cluster worker gets its primary's). */
  records?: readonly OverrideRecord[] | undefined;
  /** A remote source's base URL and token: its `/v4/overrides` is followed with each update check (a replica). */
  pullFrom?: { baseUrl: string; token?: string | undefined } | undefined;
}

export interface RunningServer {
  /** http://host:port, or unix:/path for a socket. */
  url: string;
  /** The express app; with `expressOnDemand`, only once loaded (else it throws: await `loadApp()`). */
  readonly app: OpenbellApp;
  /** The express app, loaded if it is not yet. */
  loadApp(): Promise<OpenbellApp>;
  holder: DataHolder;
  server: http.Server;
  logger: Logger;
  /** Resolves once data is being served; rejects if the first load attempt fails (retries go on). */
  ready: Promise<void>;
  /** The data-change feed given as `changes` (its `log` answers /changes). */
  changes: ChangeFeed | undefined;
  /** The override set, with `overrideSettings`. */
  overrides: OverrideManager | undefined;
  /** The versions kept, with `overrideSettings`. */
  versions: VersionHistory | undefined;
  /** The metrics of GET /metrics (undefined when off): a cluster worker's series for its siblings' scrapes. */
  metrics: ServerMetrics | undefined;
  /** Checks the source for new data now (no-op 'up_to_date' without a source). */
  updateNow(options?: { force?: boolean }): Promise<UpdateOutcome>;
  /** Stops accepting, lets in-flight requests finish, stops the update timer. Idempotent. */
  close(): Promise<void>;
}

/** A socket file left by a crashed process blocks listen(); remove it only if nobody answers. */
export async function clearStaleSocket(socketPath: string): Promise<void> {
  if (!existsSync(socketPath) || !lstatSync(socketPath).isSocket()) return;
  const alive = await new Promise<boolean>((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (alive) throw new Error(`Another process is listening on ${socketPath}`);
  unlinkSync(socketPath);
}

function listen(server: http.Server, options: ServerOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    const done = () => {
      server.off('error', onError);
      if (options.socketPath) {
        resolve(`unix:${options.socketPath}`);
        return;
      }
      const addr = server.address() as AddressInfo;
      const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
      resolve(`http://${host}:${addr.port}`);
    };
    if (options.socketPath) server.listen(options.socketPath, done);
    else server.listen(options.port ?? SERVE_DEFAULTS.port, options.host ?? SERVE_DEFAULTS.host, done);
  });
}

export async function createServer(options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info', options.logFormat);
  const initial: LoadedData | undefined = options.data ?? (options.dataset ? inMemoryData(options.dataset) : undefined);
  const holder = new DataHolder(initial);
  // The publisher's presigned links point at the listen address (or publishUrl), never at
  // the request's Host header; known once listening.
  let listenUrl: string | undefined;
  const publish = options.publish ? { listenUrl: () => listenUrl, ...options.publish } : undefined;
  const { changes, live, context } = followChanges(options, holder);
  const { overrides, source } = await keepOverrides(options, holder, logger);
  const manager = overrides?.manager;
  const published = publish && manager ? { ...publish, overrides: () => overrideFileText(manager.all()) } : publish;
  // /events streams pass the subscribers' budget, kept by the admission made with the server.
  let admission: Admission | undefined;
  const streams = {
    ...live,
    admitSubscriber: (req: http.IncomingMessage, res: http.ServerResponse) =>
      admission === undefined || admission.admitSubscriber(req, res),
  };
  const appOptions: AppOptions = {
    ...options,
    live: streams,
    ...(context ? { context } : {}),
    ...(overrides ? { overrides } : {}),
    publish: published,
    holder,
    logger,
  };
  const prepared = prepareApp(appOptions);
  const express = expressLoader(prepared, appOptions, logger);
  if (!options.expressOnDemand) await express.loadApp();
  const connections = serveConnections(options, logger, prepared.dispatch, express.viaExpress);
  const { server, gate } = connections;
  admission = gate;
  holder.connections = () => gate.stats();

  // A cluster worker shares the primary's listening socket: the primary clears a stale file
  // before forking, and a worker probing it would find its siblings answering.
  if (options.socketPath && !cluster.isWorker) await clearStaleSocket(options.socketPath);
  const url = await listen(server, options);
  listenUrl = url;
  logger.info({ url }, 'openbell server listening');

  const loading = loadInBackground(holder, source, options, logger, () => connections.closed);
  const drainTimeoutMs = options.drainTimeoutMs ?? SERVE_DEFAULTS.drainTimeoutSeconds * 1000;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= drain(connections, drainTimeoutMs, logger, () => {
      holder.draining = true;
      gate.close();
      loading.stop();
      overrides?.manager.close();
      // Pending webhook deliveries stay in the cache folder for the next start.
      void changes?.close().catch(() => undefined);
    });
    return closing;
  };

  return {
    url,
    get app(): OpenbellApp {
      const app = express.app();
      if (!app) throw new Error('the express app is loaded on demand and not yet: await loadApp()');
      return app;
    },
    loadApp: express.loadApp,
    holder,
    server,
    logger,
    ready: loading.ready,
    changes,
    overrides: overrides?.manager,
    versions: overrides?.versions,
    metrics: prepared.metrics,
    updateNow: (opts) => {
      const updater = loading.updater();
      return updater ? updater.runNow(opts) : Promise.resolve('up_to_date' as const);
    },
    close,
  };
}

/** The data-change feed: told of every swap (unless a primary computes them), heard by /events and /changes. */
function followChanges(
  options: ServerOptions,
  holder: DataHolder,
): { changes: ChangeFeed | undefined; live: ServerOptions['live']; context: ServerOptions['context'] } {
  const changes = options.changes;
  if (changes && options.computeChanges !== false) holder.onSwap((previous, next) => changes.swapped(previous, next));
  const live = changes ? { ...options.live, dataChanges: changes } : options.live;
  const context = changes ? { ...options.context, changes: changesSource(changes.log) } : options.context;
  return { changes, live, context };
}

/**
 * The override set and the versions kept (with `overrideSettings`), and the source, which a
 * replica's update checks wrap to follow its publisher's set.
 */
async function keepOverrides(
  options: ServerOptions,
  holder: DataHolder,
  logger: Logger,
): Promise<{ overrides: ServerOptions['overrides']; source: DataSource | undefined }> {
  let source = options.source;
  const settings = options.overrideSettings;
  if (!settings) return { overrides: options.overrides, source };
  let manager: OverrideManager | undefined;
  const versions = new VersionHistory({
    keep: settings.keepVersions,
    file: settings.versionsFile,
    writes: settings.writeVersions,
    logger,
    rebuild: (info) => manager?.rebuild(info),
  });
  await versions.restore();
  manager = new OverrideManager({
    holder,
    logger,
    file: settings.file,
    history: versions,
    publisher: settings.publisher,
    commit: settings.commit,
    watchMs: settings.watchMs,
    records: settings.records,
  });
  await manager.start();
  const overrides = { manager, tokens: settings.tokens, versions };
  if (settings.pullFrom && source) {
    const pull = overridePuller({ ...settings.pullFrom, manager, logger });
    await pull();
    // Each update check asks the publisher for its set too.
    const inner = source;
    source = Object.assign(Object.create(inner) as DataSource, {
      update: (o?: { force?: boolean }) => inner.update(o).finally(() => pull()),
    });
  }
  return { overrides, source };
}

/** express: loaded before listening, or (expressOnDemand) by the first request that needs it. */
function expressLoader(prepared: PreparedApp, appOptions: AppOptions, logger: Logger) {
  let app: OpenbellApp | undefined;
  let loadingApp: Promise<OpenbellApp> | undefined;
  const loadApp = (): Promise<OpenbellApp> =>
    (loadingApp ??= import('./app.js').then((m) => (app = m.expressApp(prepared, appOptions))));
  /** A request the routes without express do not answer. */
  const viaExpress = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    if (app) {
      app(req, res);
      return;
    }
    loadApp().then(
      (a) => a(req, res),
      (err: unknown) => {
        logger.error({ err }, 'loading the express app failed');
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      },
    );
  };
  return { loadApp, viaExpress, app: () => app };
}

/** The bounds of a request's arrival: headers, whole request, and headers under pressure (ms). */
function requestTimeouts(options: ServerOptions) {
  const requestTimeout = options.requestTimeoutMs ?? SERVE_DEFAULTS.requestTimeoutSeconds * 1000;
  const headersTimeout = Math.min(
    options.headersTimeoutMs ?? SERVE_DEFAULTS.headersTimeoutSeconds * 1000,
    requestTimeout || Infinity,
  );
  const pressureHeadersTimeout = Math.min(
    options.pressureHeadersTimeoutMs ?? DEFAULT_PRESSURE_HEADERS_TIMEOUT_MS,
    headersTimeout || Infinity,
  );
  return { requestTimeout, headersTimeout, pressureHeadersTimeout };
}

/** The HTTP server and the connections it holds, as the drain needs them. */
interface Connections {
  server: http.Server;
  gate: Admission;
  /** Responses in progress per connection. */
  busy: Map<net.Socket, number>;
  /** Set once closing: answers say Connection: close, and each connection ends once idle. */
  closed: boolean;
}

/**
 * The HTTP server: every request to the routes without express (`dispatch`), else express,
 * its connections admitted by the gate and counted while busy, so the drain closes a
 * connection only once it has nothing left to send.
 */
function serveConnections(
  options: ServerOptions,
  logger: Logger,
  dispatch: PreparedApp['dispatch'],
  viaExpress: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Connections {
  const { requestTimeout, headersTimeout, pressureHeadersTimeout } = requestTimeouts(options);
  // Responses in progress per connection, so the drain closes a connection only once it has
  // nothing left to send.
  const busy = new Map<net.Socket, number>();
  const server = http.createServer(
    {
      headersTimeout,
      requestTimeout,
      // How often the two timeouts above are checked (Node's default is every 30 s); often
      // enough for the lower header bound the admission sets under pressure.
      connectionsCheckingInterval: Math.max(
        250,
        Math.min(headersTimeout || Infinity, requestTimeout || Infinity, pressureHeadersTimeout) / 4,
      ),
    },
    (req, res) => {
      // Once closing, answer with Connection: close so keep-alive clients move on instead of
      // sending their next request down a connection that is about to go away.
      if (state.closed) res.shouldKeepAlive = false;
      // A newcomer refused at the door gets its 503 here, now that its request could be read.
      if (!gate.request(req, res)) return;
      if (!dispatch(req, res)) viaExpress(req, res);
      const socket = req.socket;
      // An answer already handed whole to its own socket leaves nothing in progress: end()
      // sends what the socket still buffers before closing it. That is most requests, and
      // they need no 'close' listener. The rest (streamed, asynchronous, waiting behind a
      // pipelined answer, or arriving during the drain) are counted until they close; a
      // 'close' comes on a later tick, so listening after the call misses none.
      if (!state.closed && res.writableEnded && res.socket === socket) {
        gate.becameIdle(socket);
        return;
      }
      busy.set(socket, (busy.get(socket) ?? 0) + 1);
      res.on('close', onBusyClose);
    },
  );
  // One function for every response and connection rather than a closure (and `once`'s
  // wrapper) each: ten thousand streams hold them for hours. 'close' comes once.
  function onBusyClose(this: http.ServerResponse): void {
    const socket = this.req.socket;
    const n = (busy.get(socket) ?? 1) - 1;
    if (busy.has(socket)) busy.set(socket, n);
    if (n === 0) gate.becameIdle(socket);
    if (state.closed && n === 0) endWhenFlushed(socket);
  }
  function forgetSocket(this: net.Socket): void {
    busy.delete(this);
  }
  // Not server.maxConnections: Node resets whatever arrives over it, idle connections holding
  // every slot included. The admission decides instead, and answers 503 where it must refuse.
  const gate = new Admission({
    maxConnections: options.maxConnections ?? SERVE_DEFAULTS.maxConnections,
    maxConnectionsPerClient: options.maxConnectionsPerClient,
    maxSubscribers: options.maxSubscribers,
    trustProxy: options.trustProxy,
    headersTimeoutMs: headersTimeout,
    pressureHeadersTimeoutMs: pressureHeadersTimeout,
    refusalGraceMs: options.refusalGraceMs,
    maxRefusing: options.maxRefusing,
    logEveryMs: options.connectionLogEveryMs,
    logger,
    setHeadersTimeout: (ms) => {
      server.headersTimeout = ms;
    },
  });
  const state: Connections = { server, gate, busy, closed: false };
  server.on('connection', (socket: net.Socket) => {
    busy.set(socket, 0);
    socket.on('close', forgetSocket);
    gate.connection(socket);
  });
  server.on('clientError', (err: NodeJS.ErrnoException, stream) => answerClientError(state, err, stream as net.Socket));
  // Keep-alive sockets outliving the load generator's or a proxy's own timeout cause resets;
  // a few seconds more than common client defaults avoids that.
  server.keepAliveTimeout = 65_000;
  return state;
}

// Node's answer to a bad or late request, but an answer still going out on the same
// connection (a slow download with the next request trickling in behind it) is not cut:
// the connection closes once that answer is sent.
function answerClientError({ gate, busy }: Connections, err: NodeJS.ErrnoException, socket: net.Socket): void {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    gate.timedOut();
    if ((busy.get(socket) ?? 0) > 0) {
      gate.closeWhenIdle(socket);
      return;
    }
    // A finished answer may still be queued for a slow reader: the 408 follows it, then the close.
    if (socket.writable) socket.write(clientErrorAnswer(err.code));
    socket.destroySoon();
    return;
  }
  const inFlight = (socket as { _httpMessage?: http.ServerResponse })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) socket.write(clientErrorAnswer(err.code));
  socket.destroy(err);
}

/**
 * Ends a connection gracefully: `end()` sends FIN only after the bytes still buffered for a
 * slow reader, so the answer arrives whole (destroying it would cut the answer short).
 */
function endWhenFlushed(socket: net.Socket): void {
  if (!socket.destroyed && !socket.writableEnded) socket.end();
}

/** The first load of the source (retried, backing off) when no data was given, then its update checks. */
interface DataLoading {
  /** Resolves once data is being served; rejects if the first load attempt fails (retries go on). */
  ready: Promise<void>;
  updater(): Updater | undefined;
  /** Stops the update checks and a retry waiting. */
  stop(): void;
}

function loadInBackground(
  holder: DataHolder,
  source: DataSource | undefined,
  options: ServerOptions,
  logger: Logger,
  closed: () => boolean,
): DataLoading {
  let updater: Updater | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const startUpdates = () => {
    if (!source || closed()) return;
    updater = createUpdater({
      holder,
      source,
      everyMinutes: options.updateEveryMinutes ?? SERVE_DEFAULTS.updateEveryMinutes,
      logger,
      ...(options.updateRetryMs !== undefined ? { retryBaseMs: options.updateRetryMs } : {}),
    });
  };

  let ready: Promise<void>;
  if (holder.current || !source) {
    ready = Promise.resolve();
    startUpdates();
  } else {
    const baseRetry = options.loadRetryMs ?? 60_000;
    let firstAttempt: { resolve: () => void; reject: (e: Error) => void } | undefined;
    ready = new Promise<void>((resolve, reject) => {
      firstAttempt = { resolve, reject };
    });
    const attempt = (delay: number): void => {
      source.load().then(
        (data) => {
          if (closed()) return;
          holder.swap(data);
          logger.info(
            { source: source.description, version: data.meta.version, sample: data.meta.isSample },
            'data loaded',
          );
          firstAttempt?.resolve();
          firstAttempt = undefined;
          startUpdates();
        },
        (err: unknown) => {
          if (closed()) return;
          holder.loadError = publicErrorMessage(err);
          logger.error({ err: holder.loadError, source: source.description, retryInMs: delay }, 'loading data failed');
          firstAttempt?.reject(new Error(`Loading data failed: ${holder.loadError}`));
          firstAttempt = undefined;
          retryTimer = setTimeout(() => attempt(Math.min(delay * 2, 30 * 60_000)), delay);
          retryTimer.unref();
        },
      );
    };
    attempt(baseRetry);
  }
  // Nobody is obliged to await `ready`; an unobserved rejection must not crash the process.
  ready.catch(() => undefined);
  return {
    ready,
    updater: () => updater,
    stop: () => {
      updater?.stop();
      if (retryTimer) clearTimeout(retryTimer);
    },
  };
}

/**
 * The drain: /health answers 503 `draining` at once, the listening socket closes (no new
 * connections), every response in flight is sent to the end (a slow reader included), idle
 * keep-alive connections are ended, and after `drainTimeoutMs` whatever is left is cut.
 * `stopping` stops what the server runs besides its connections.
 */
function drain(connections: Connections, drainTimeoutMs: number, logger: Logger, stopping: () => void): Promise<void> {
  const { server, busy } = connections;
  return new Promise<void>((resolve, reject) => {
    connections.closed = true;
    stopping();
    const started = Date.now();
    let inFlight = 0;
    for (const n of busy.values()) inFlight += n;
    logger.info(
      { connections: busy.size, inFlight, drainTimeoutMs },
      'drain started: no new connections, finishing responses in flight',
    );
    let cut = 0;
    const timeout = setTimeout(() => {
      cut = busy.size;
      logger.warn({ connections: cut, afterMs: Date.now() - started }, 'drain timeout: cutting the connections left');
      server.closeAllConnections();
      for (const socket of busy.keys()) socket.destroy();
    }, drainTimeoutMs);
    timeout.unref();
    // http.Server#close would also drop every connection without a request in progress at
    // once, including ones accepted a moment ago whose request bytes are still on the way.
    // Close only the listening socket, give such connections a short grace to deliver their
    // request (answered with Connection: close), then end every connection with nothing in
    // progress, until none is left. Ending (not destroying) lets buffered bytes go out first.
    const sweepIdle = () => {
      for (const [socket, n] of busy) if (n === 0) endWhenFlushed(socket);
    };
    let sweep: NodeJS.Timeout | undefined;
    const grace = setTimeout(
      () => {
        sweepIdle();
        sweep = setInterval(sweepIdle, 50);
        sweep.unref();
      },
      Math.min(250, drainTimeoutMs),
    );
    grace.unref();
    net.Server.prototype.close.call(server, (err?: Error) => {
      clearTimeout(timeout);
      clearTimeout(grace);
      if (sweep) clearInterval(sweep);
      logger.info({ ms: Date.now() - started, cutConnections: cut }, 'drain finished: openbell server closed');
      if (err) reject(err);
      else resolve();
    });
  });
}

// Stop signals (a repeat within a second, a later one forcing exit) are shutdown.ts's.
export {
  installShutdownHandlers,
  STOP_REPEAT_MS,
  stopSignalJudge,
  type ShutdownOptions,
  type StopSignalVerdict,
} from './shutdown.js';
