/**
 * Logging: one pino logger for the process and a pino-http access log with the request
 * duration. Requests are logged through explicit serializers that never include headers, so
 * an Authorization header (or a token in a query string) cannot reach the log.
 */
import type { ServerResponse } from 'node:http';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import pretty from 'pino-pretty';
import { pinoHttp } from 'pino-http';
import type { RequestHandler } from 'express';
import { scrubSecrets } from '@openbell/core/secrets';

export type LogLevel = LevelWithSilent;

/** `json`: one JSON object a line (for collectors); `pretty`: coloured lines for people at a terminal. */
export type LogFormat = 'json' | 'pretty';

export function createLogger(level: LogLevel = 'info', format: LogFormat = 'json'): Logger {
  const options = {
    name: 'openbell',
    level,
    // Belt and braces: nothing logs headers, but if someone adds them, the secrets stay out.
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'token', '*.token'], censor: '[redacted]' },
  };
  if (format === 'json') return pino(options);
  // Synchronous, in this thread: a terminal is slow enough already; colour unless NO_COLOR.
  const stream = pretty({ sync: true, colorize: !process.env.NO_COLOR, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,name' });
  return pino(options, stream);
}

function scrubUrl(url: string | undefined): string {
  return url ? scrubSecrets(url) : '';
}

let nextId = 0;

/**
 * The access-log middleware, or undefined when the logger would drop every access line
 * (level above info): then the middleware is not installed at all, which keeps the hot path
 * free of per-request logging work under load. The level is fixed when the app is built.
 */
export function accessLog(logger: Logger): RequestHandler | undefined {
  if (!logger.isLevelEnabled('info')) return undefined;
  const middleware = pinoHttp({
    logger,
    genReqId: () => (nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER),
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res, responseTime) =>
      `${req.method ?? ''} ${scrubUrl(req.url)} ${res.statusCode} ${responseTime.toFixed(1)}ms`,
    customErrorMessage: (req, res) => `${req.method ?? ''} ${scrubUrl(req.url)} ${res.statusCode}`,
    serializers: {
      // pino-http hands these its own wrapped request (id, method, url, remoteAddress, …,
      // headers): pick the harmless fields only.
      req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: scrubUrl(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
  });
  return middleware as unknown as RequestHandler;
}
