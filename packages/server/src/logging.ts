/**
 * Logging: one pino logger for the process, written in batches, and an access log with the
 * request duration. Access lines name their fields one by one and never include headers, so
 * an Authorization header cannot reach the log; a token in a query string is scrubbed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import pretty from 'pino-pretty';
import type { RequestHandler } from 'express';
import { scrubSecrets } from '@openbell/core/secrets';

export type LogLevel = LevelWithSilent;

/** `json`: one JSON object a line (for collectors); `pretty`: coloured lines for people at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** Bytes of log lines gathered before one write; a quiet server flushes after FLUSH_MS. */
const LOG_BUFFER_BYTES = 8 * 1024;
const FLUSH_MS = 100;

/**
 * Standard output for JSON lines, written in batches: under load one write (syscall) carries
 * many lines instead of one each. A line waits at most FLUSH_MS; pino flushes what is left when
 * the process exits (SIGKILL loses at most that much).
 */
function batchedStdout(): DestinationStream {
  const boom = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  let timer: NodeJS.Timeout | undefined;
  const flushSoon = () => {
    timer = undefined;
    try {
      boom.flush();
    } catch {
      // Closed or still opening: the exit handler or the next batch writes it.
    }
  };
  return {
    write(line: string): boolean {
      const ok = boom.write(line);
      if (timer === undefined) (timer = setTimeout(flushSoon, FLUSH_MS)).unref();
      return ok;
    },
    // logger.flush() reaches the batch through these.
    flush(cb?: (err?: Error) => void): void {
      boom.flush(cb);
    },
    flushSync(): void {
      boom.flushSync();
    },
  } as DestinationStream;
}

function scrubUrl(url: string | undefined): string {
  return url ? scrubSecrets(url) : '';
}

export function createLogger(level: LogLevel = 'info', format: LogFormat = 'json'): Logger {
  const options = {
    name: 'openbell',
    level,
    // Belt and braces: nothing logs headers, but if someone adds them, the secrets stay out.
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'token', '*.token'], censor: '[redacted]' },
  };
  if (format === 'json') return pino(options, batchedStdout());
  // Synchronous, in this thread: a terminal is slow enough already; colour unless NO_COLOR.
  const stream = pretty({ sync: true, colorize: !process.env.NO_COLOR, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,name' });
  return pino(options, stream);
}

/** A string as a JSON string; most URLs need no escaping, which a test tells cheaply. */
function jsonString(s: string): string {
  return /["\\\u0000-\u001f\u007f-\uffff]/.test(s) ? JSON.stringify(s) : `"${s}"`;
}

let nextId = 0;

/**
 * The access log, or undefined when the logger would drop every access line (level above
 * info): then nothing is installed, which keeps the hot path free of logging work. The level
 * is fixed when the app is built.
 *
 * One line per response, the fields pino-http wrote (`req` id, method, url with secrets
 * scrubbed, remote address; `res` status; `responseTime` in ms; a message), put together as
 * one string and handed to the logger's destination: no child logger, serializers or objects
 * per request. Never a header. Status 500 and above is logged at level error.
 */
export function accessLog(logger: Logger): RequestHandler | undefined {
  if (!logger.isLevelEnabled('info')) return undefined;
  const l = logger as unknown as Record<symbol, unknown>;
  const stream = l[pino.symbols.streamSym] as DestinationStream;
  // The logger's own fields (pid, hostname, name, bindings), as pino writes them.
  const own = String(l[pino.symbols.chindingsSym] ?? '');
  const handler = (req: IncomingMessage, res: ServerResponse, next?: () => void): void => {
    const started = performance.now();
    const id = (nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER);
    res.once('close', () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const status = res.statusCode;
      const method = req.method ?? '';
      const url = scrubUrl(req.url);
      const failed = status >= 500;
      const msg = failed ? `${method} ${url} ${status}` : `${method} ${url} ${status} ${ms.toFixed(1)}ms`;
      const addr = req.socket?.remoteAddress;
      stream.write(
        `{"level":${failed ? 50 : 30},"time":${Date.now()}${own},"req":{"id":${id},"method":${jsonString(method)},"url":${jsonString(url)}` +
          `${addr === undefined ? '' : `,"remoteAddress":${jsonString(addr)}`}},"res":{"statusCode":${status}},` +
          `${failed ? `"err":{"type":"Error","message":"failed with status code ${status}"},` : ''}"responseTime":${ms},"msg":${jsonString(msg)}}\n`,
      );
    });
    next?.();
  };
  return handler as unknown as RequestHandler;
}
