/**
 * Running the app: listen on TCP or a Unix socket, load data from a DataSource in the
 * background, keep it fresh, and shut down gracefully.
 */
import { existsSync, lstatSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_UPDATE_EVERY_MINUTES } from '@openbell/core/protocol';
import { createApp, inMemoryData, type AppOptions, type OpenbellApp } from './app.js';
import { createLogger } from './logging.js';
import type { DataSource, LoadedData } from './types.js';
import { createUpdater, DataHolder, publicErrorMessage, type UpdateOutcome, type Updater } from './updates.js';

export { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_UPDATE_EVERY_MINUTES };

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
  /** How long close() waits for in-flight requests before cutting connections. Default 10 s. */
  shutdownTimeoutMs?: number;
  /** Delay before retrying a failed first load; doubles up to 30 minutes. Default 60 s. */
  loadRetryMs?: number;
}

export interface RunningServer {
  /** http://host:port, or unix:/path for a socket. */
  url: string;
  app: OpenbellApp;
  holder: DataHolder;
  server: http.Server;
  logger: Logger;
  /** Resolves once data is being served; rejects if the first load attempt fails (retries go on). */
  ready: Promise<void>;
  /** Checks the source for new data now (no-op 'up_to_date' without a source). */
  updateNow(options?: { force?: boolean }): Promise<UpdateOutcome>;
  /** Stops accepting, lets in-flight requests finish, stops the update timer. Idempotent. */
  close(): Promise<void>;
}

/** A socket file left by a crashed process blocks listen(); remove it only if nobody answers. */
async function clearStaleSocket(socketPath: string): Promise<void> {
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
    else server.listen(options.port ?? DEFAULT_PORT, options.host ?? DEFAULT_HOST, done);
  });
}

export async function createServer(options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info');
  const initial: LoadedData | undefined = options.data ?? (options.dataset ? inMemoryData(options.dataset) : undefined);
  const holder = new DataHolder(initial);
  const app = createApp({ ...options, holder, logger });
  let closed = false;
  const server = http.createServer((req, res) => {
    // Once closing, answer with Connection: close so keep-alive clients move on instead of
    // sending their next request down a connection that is about to go away.
    if (closed) res.shouldKeepAlive = false;
    if (!app.dispatch(req, res)) app(req, res);
  });
  // Keep-alive sockets outliving the load generator's or a proxy's own timeout cause resets;
  // a few seconds more than common client defaults avoids that.
  server.keepAliveTimeout = 65_000;

  if (options.socketPath) await clearStaleSocket(options.socketPath);
  const url = await listen(server, options);
  logger.info({ url }, 'openbell server listening');

  const source = options.source;
  let updater: Updater | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const startUpdates = () => {
    if (!source || closed) return;
    updater = createUpdater({
      holder,
      source,
      everyMinutes: options.updateEveryMinutes ?? DEFAULT_UPDATE_EVERY_MINUTES,
      logger,
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
          if (closed) return;
          holder.swap(data);
          logger.info({ source: source.description, version: data.meta.version, sample: data.meta.isSample }, 'data loaded');
          firstAttempt?.resolve();
          firstAttempt = undefined;
          startUpdates();
        },
        (err: unknown) => {
          if (closed) return;
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

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve, reject) => {
      closed = true;
      updater?.stop();
      if (retryTimer) clearTimeout(retryTimer);
      const timeout = setTimeout(() => server.closeAllConnections(), options.shutdownTimeoutMs ?? 10_000);
      timeout.unref();
      // http.Server#close would also drop every connection without a request in progress at
      // once, including ones accepted a moment ago whose request bytes are still on the way.
      // Close only the listening socket, give such connections a short grace to deliver their
      // request (answered with Connection: close), then sweep idle keep-alive connections
      // until none is left.
      let sweep: NodeJS.Timeout | undefined;
      const grace = setTimeout(() => {
        server.closeIdleConnections();
        sweep = setInterval(() => server.closeIdleConnections(), 50);
        sweep.unref();
      }, Math.min(250, options.shutdownTimeoutMs ?? 10_000));
      grace.unref();
      net.Server.prototype.close.call(server, (err?: Error) => {
        clearTimeout(timeout);
        clearTimeout(grace);
        if (sweep) clearInterval(sweep);
        logger.info('openbell server closed');
        if (err) reject(err);
        else resolve();
      });
    });
    return closing;
  };

  return {
    url,
    app,
    holder,
    server,
    logger,
    ready,
    updateNow: (opts) => (updater ? updater.runNow(opts) : Promise.resolve('up_to_date' as const)),
    close,
  };
}

export interface ShutdownOptions {
  signals?: NodeJS.Signals[];
  /** Called after a clean close (default process.exit). */
  exit?: (code: number) => void;
  logger?: Logger;
}

/**
 * Wires SIGTERM/SIGINT to a graceful close and exit 0. A second signal while closing exits
 * at once with 1. Returns a function that removes the handlers.
 */
export function installShutdownHandlers(running: Pick<RunningServer, 'close'>, options: ShutdownOptions = {}): () => void {
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let shuttingDown = false;
  const handler = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      options.logger?.warn({ signal }, 'second signal: exiting without waiting');
      exit(1);
      return;
    }
    shuttingDown = true;
    options.logger?.info({ signal }, 'shutting down: finishing in-flight requests');
    running.close().then(
      () => exit(0),
      (err: unknown) => {
        options.logger?.error({ err }, 'error while shutting down');
        exit(1);
      },
    );
  };
  for (const s of signals) process.on(s, handler);
  return () => {
    for (const s of signals) process.off(s, handler);
  };
}
