/**
 * Logging: one pino logger for the process, written in batches, and an access log with the
 * request duration. Access lines name their fields one by one and never include headers, so
 * an Authorization header cannot reach the log; a token in a query string is scrubbed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import pretty from 'pino-pretty';
import type { RequestHandler } from 'express';
import { scrubSecrets } from '@openbell/core/secrets';
import { Repeats } from './http/repeats.js';

export type LogLevel = LevelWithSilent;

/** `json`: one JSON object a line (for collectors); `pretty`: coloured lines for people at a terminal. */
export type LogFormat = 'json' | 'pretty';

/**
 * Bytes of log lines gathered before one write; a quiet server writes them after FLUSH_MS. Half
 * of a pipe's usual 64 KiB: under load the write (a syscall and a wake-up of the reader) per
 * batch is most of an access line's cost, so fewer, larger batches.
 */
const LOG_BUFFER_BYTES = 32 * 1024;
const FLUSH_MS = 100;

/**
 * Log lines gathered as UTF-8 bytes and handed to `out` in batches of about `batchBytes`:
 * under load one write (syscall) carries many lines instead of one each.
 *
 * Each line is copied into the batch's bytes as it comes, so its string dies at once. Kept as
 * one pending string instead, the lines of a batch lived through the young generation's
 * collections and were copied, then promoted, by each of them (about 100 KB a scavenge under
 * load, most of what survived), and the writer measured and encoded the whole text again on
 * every batch. A batch handed over is never written to again (the next one has bytes of its
 * own), so `out` may keep it.
 */
export class LineBatch {
  private bytes: Buffer;
  private used = 0;
  constructor(
    private readonly out: (batch: Buffer) => void,
    private readonly batchBytes = LOG_BUFFER_BYTES,
  ) {
    this.bytes = this.fresh();
  }

  private fresh(): Buffer {
    // Room past the threshold for the line that crosses it: most lines fit whole.
    return Buffer.allocUnsafeSlow(this.batchBytes + LINE_ROOM);
  }

  write(line: string): boolean {
    // A UTF-16 unit takes at most three bytes in UTF-8: a line that may not fit is not begun.
    const most = line.length * 3;
    if (this.used + most > this.bytes.length) {
      this.flushSync();
      if (most > this.bytes.length) {
        this.out(Buffer.from(line, 'utf8'));
        return true;
      }
    }
    this.used += this.bytes.write(line, this.used, 'utf8');
    if (this.used >= this.batchBytes) this.flushSync();
    return true;
  }

  /**
   * Where a line of at most `most` bytes may be written in place in `bytes` (after handing over
   * the batch if it might not fit), or -1 when no batch holds it (then `write` it instead).
   * The line is counted once `close` says where it ends.
   */
  open(most: number): number {
    if (this.used + most > this.bytes.length) {
      this.flushSync();
      if (most > this.bytes.length) return -1;
    }
    return this.used;
  }

  /** The bytes a line is written into between `open` and `close`. */
  get room(): Buffer {
    return this.bytes;
  }

  close(end: number): void {
    this.used = end;
    if (this.used >= this.batchBytes) this.flushSync();
  }

  // logger.flush() reaches the batch through this.
  flush(cb?: (err?: Error) => void): void {
    this.flushSync();
    cb?.();
  }

  flushSync(): void {
    if (this.used === 0) return;
    const batch = this.bytes.subarray(0, this.used);
    this.bytes = this.fresh();
    this.used = 0;
    this.out(batch);
  }
}

/** Bytes past LOG_BUFFER_BYTES a batch has room for. */
const LINE_ROOM = 16 * 1024;

/**
 * Standard output for JSON lines, in batches (LineBatch). A line waits at most FLUSH_MS, and
 * what is left is written when the process exits (SIGKILL loses at most that much). One per
 * process: every JSON logger shares it, so lines keep their order.
 */
// Kept by hand: pino.destination's own buffer (minLength) measures its whole pending text on
// every write, which made an access line cost 7-8 µs instead of 1.6 µs here (measured).
class StdoutBatch extends LineBatch implements DestinationStream {
  constructor() {
    // Synchronous writes that retry a full pipe and stop quietly on a closed one; bytes as
    // they are (no string to measure or encode).
    const out = pino.destination({ dest: 1, sync: true, contentMode: 'buffer' });
    super((batch) => out.write(batch as unknown as string));
    setInterval(() => this.flushSync(), FLUSH_MS).unref();
    process.once('exit', () => this.flushSync());
  }
}

let stdoutBatch: StdoutBatch | undefined;

/**
 * Where the loggers made here write, and the fields they add to every line (pid, hostname,
 * name): the access log writes its lines there directly, as pino would write them.
 */
interface LineSink {
  stream: DestinationStream;
  own: string;
}
const sinks = new WeakMap<Logger, LineSink>();

function scrubUrl(url: string | undefined): string {
  return url ? scrubSecrets(url) : '';
}

export function createLogger(level: LogLevel = 'info', format: LogFormat = 'json'): Logger {
  const options = {
    level,
    // Named here rather than by pino's `name` so the access log knows every field pino adds.
    base: { pid: process.pid, hostname: hostname(), name: 'openbell' },
    // Belt and braces: nothing logs headers, but if someone adds them, the secrets stay out.
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        'token',
        '*.token',
        'secret',
        '*.secret',
        'webhookSecret',
        '*.webhookSecret',
      ],
      censor: '[redacted]',
    },
  };
  // Synchronous, in this thread: a terminal is slow enough already; colour unless NO_COLOR.
  const stream =
    format === 'json'
      ? (stdoutBatch ??= new StdoutBatch())
      : pretty({
          sync: true,
          colorize: !process.env.NO_COLOR,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname,name',
        });
  const logger = pino(options, stream);
  sinks.set(logger, { stream, own: `,${JSON.stringify(options.base).slice(1, -1)}` });
  return logger;
}

/** A string as a JSON string; most URLs need no escaping, which a test tells cheaply. */
function jsonString(s: string): string {
  return /["\\\u0000-\u001f\u007f-\uffff]/.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/**
 * Writes `s` at `p` of `b` as UTF-8; returns where it ends. Short ASCII pieces (a method, a
 * duration) go byte by byte, cheaper than a native call; anything else is one native write.
 */
function put(b: Buffer, p: number, s: string): number {
  if (s.length > 16) return p + b.write(s, p, 'utf8');
  const start = p;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) return start + b.write(s, start, 'utf8');
    b[p++] = c;
  }
  return p;
}

/** Fills `p..end` with the last `end - p` decimal digits of `n` (0 ≤ n < 2³¹), leading zeros included. */
function fillDigits(b: Buffer, p: number, end: number, n: number): void {
  for (let i = end - 1, m = n; i >= p; i--) {
    const q = (m / 10) | 0;
    b[i] = 48 + m - q * 10;
    m = q;
  }
}

/** Writes the decimal digits of an integer 0 ≤ n < 2³¹ at `p`; returns where they end. */
function putSmall(b: Buffer, p: number, n: number): number {
  let end = p + 1;
  for (let m = n; m >= 10; m = (m / 10) | 0) end++;
  fillDigits(b, p, end, n);
  return end;
}

/**
 * Writes the decimal digits of a non-negative safe integer at `p`; returns where they end.
 * Integer arithmetic on two halves: dividing the whole of an epoch-milliseconds time as a
 * double took five times as long (measured).
 */
function putDigits(b: Buffer, p: number, n: number): number {
  if (n < 0x80000000) return putSmall(b, p, n);
  const high = Math.floor(n / 1e9);
  const at = putSmall(b, p, high);
  fillDigits(b, at, at + 9, n - high * 1e9);
  return at + 9;
}

/** Copies `bytes` to `p`; returns where they end. */
function putBytes(b: Buffer, p: number, bytes: Uint8Array): number {
  b.set(bytes, p);
  return p + bytes.length;
}

/**
 * Copies bytes `from..to` of the line to `p`; returns where they end. A few bytes go one by
 * one: a native copy costs about as much as 12 bytes copied in a loop.
 */
function copyOwn(b: Buffer, p: number, from: number, to: number): number {
  if (to - from > 12) {
    b.copyWithin(p, from, to);
    return p + to - from;
  }
  for (let i = from; i < to; i++) b[p++] = b[i]!;
  return p;
}

/** A constant piece of the line as bytes, copied with one `set` instead of unit by unit. */
const ascii = (s: string): Uint8Array => Buffer.from(s, 'latin1');
const LINE_OPEN = ascii('{"level":30,"time":');
const REQ_ID = ascii(',"req":{"id":');
const METHOD = ascii(',"method":');
const URL_KEY = ascii(',"url":');
const STATUS = ascii('},"res":{"statusCode":');
const RESPONSE_TIME = ascii('},"responseTime":');
const MSG = ascii(',"msg":');
const LINE_END = ascii('ms"}\n');

/**
 * The last text written of a field that changes seldom (the logger's own fields, a client's
 * address) with its bytes: under load it is the same string line after line.
 */
class LastBytes {
  private text = '';
  private bytes: Uint8Array = new Uint8Array(0);
  of(text: string): Uint8Array {
    if (text !== this.text) {
      this.bytes = Buffer.from(text, 'utf8');
      this.text = text;
    }
    return this.bytes;
  }
}
const ownBytes = new LastBytes();
const remoteBytes = new LastBytes();

/** The fields of an access line at level info, as the line writes them. */
export interface InfoLine {
  time: number;
  /** `,` and pino's base fields (pid, hostname, name) as JSON members. */
  own: string;
  id: number;
  /** The method and the url as JSON strings; `remote` is `,"remoteAddress":…` or empty. */
  method: string;
  url: string;
  remote: string;
  status: number;
  /** The duration as written (`12.3`). */
  ms: string;
}

/** The text of an access line at level info. */
export function infoLineText(f: InfoLine): string {
  const said = `${f.method.slice(0, -1)} ${f.url.slice(1, -1)} ${f.status}`;
  return (
    `{"level":30,"time":${f.time}${f.own},"req":{"id":${f.id},"method":${f.method},"url":${f.url}${f.remote}},` +
    `"res":{"statusCode":${f.status}},"responseTime":${f.ms},"msg":${said} ${f.ms}ms"}\n`
  );
}

/**
 * The same line written in place into `batch` (byte for byte `infoLineText`, property-tested):
 * under load the access line was about a tenth of a listing's time, most of it the strings of
 * the template and their copy into the batch, then copying the line unit by unit (4 µs a line).
 * The constant pieces are copied as bytes, and the message's parts (method, url, status,
 * duration) are copies of the bytes the line already holds.
 */
export function writeInfoLine(batch: LineBatch, f: InfoLine): void {
  const most = 3 * (f.own.length + f.method.length * 2 + f.url.length * 2 + f.remote.length + f.ms.length * 2) + 256;
  let p = batch.open(most);
  if (p < 0) {
    batch.write(infoLineText(f));
    return;
  }
  const b = batch.room;
  p = putBytes(b, p, LINE_OPEN);
  p = putDigits(b, p, f.time);
  p = putBytes(b, p, ownBytes.of(f.own));
  p = putBytes(b, p, REQ_ID);
  p = putDigits(b, p, f.id);
  p = putBytes(b, p, METHOD);
  const method = p;
  p = put(b, p, f.method);
  const methodEnd = p;
  p = putBytes(b, p, URL_KEY);
  const url = p;
  p = put(b, p, f.url);
  const urlEnd = p;
  if (f.remote.length > 0) p = putBytes(b, p, remoteBytes.of(f.remote));
  p = putBytes(b, p, STATUS);
  const status = p;
  p = putDigits(b, p, f.status);
  const statusEnd = p;
  p = putBytes(b, p, RESPONSE_TIME);
  const ms = p;
  p = put(b, p, f.ms);
  const msEnd = p;
  p = putBytes(b, p, MSG);
  // `"METHOD url status ms` + `ms"}`: the method's and the url's JSON text less a quote each.
  p = copyOwn(b, p, method, methodEnd - 1);
  b[p++] = 0x20;
  p = copyOwn(b, p, url + 1, urlEnd - 1);
  b[p++] = 0x20;
  p = copyOwn(b, p, status, statusEnd);
  b[p++] = 0x20;
  p = copyOwn(b, p, ms, msEnd);
  batch.close(putBytes(b, p, LINE_END));
}

let nextId = 0;

/**
 * URLs of recent requests → their JSON text in an access line (secrets scrubbed): repeated URLs skip the scrub
 * (repeats.ts).
 */
const URL_TEXT_KEPT = 256;
/** Longer URLs are rare and would make the map big: scrubbed every time. */
const URL_TEXT_MAX_LENGTH = 512;

/**
 * The access log (see `accessLog`). Two ways to use it, writing the same line:
 * - `handler` (express middleware, or any RawHandler): the line is written on the response's
 *   'close' event, so `responseTime` runs until the answer is sent to the end;
 * - `begin` then `sent` right after `res.end()`, for an answer handed over whole in the same
 *   call: no listener or closure per request. `responseTime` is then the time to hand the answer
 *   to the socket, not until the last byte left (for answers of this size the difference is the
 *   kernel's). Otherwise `follow` falls back to the 'close' event.
 */
export interface AccessLog {
  handler: RequestHandler;
  /**
   * Whether healthy `/health` answers get a line: only at level debug. A load balancer or
   * Kubernetes probes every few seconds per replica, and those lines would bury the requests
   * people look for; a probe that fails (503) is always logged.
   */
  probes: boolean;
  /** The start of a request's timing (call before any work on it). */
  begin(): number;
  /** Writes the line of a response that has been ended, at `ended` (performance.now(); read unless given). */
  sent(req: IncomingMessage, res: ServerResponse, started: number, ended?: number): void;
  /** Writes the line once the response closes (streamed, not yet ended, or failed). */
  follow(req: IncomingMessage, res: ServerResponse, started: number): void;
}

/**
 * The access log, or undefined when the logger would drop every access line (level above
 * info): then nothing is installed, which keeps the hot path free of logging work. The level
 * is fixed when the app is built.
 *
 * One line per response with the fields of pino's HTTP logger (`req` id, method, url with secrets
 * scrubbed, remote address; `res` status; `responseTime` in ms; a message). Never a header.
 * Status 500 and above is logged at level error. For a logger made by createLogger the line is
 * put together as one string and written to its destination (no objects or serializers per
 * request); any other logger gets the same fields through its own methods.
 */
export function accessLog(logger: Logger): AccessLog | undefined {
  if (!logger.isLevelEnabled('info')) return undefined;
  const sink = sinks.get(logger);
  const urlTexts = new Repeats<string>(URL_TEXT_KEPT);
  const urlText = (raw: string | undefined): string => {
    if (raw === undefined || raw.length > URL_TEXT_MAX_LENGTH) return jsonString(scrubUrl(raw));
    let text = urlTexts.get(raw);
    if (text === undefined) {
      const scrubbed = scrubUrl(raw);
      text = jsonString(scrubbed);
      // Only URLs without a secret are kept (or noted): no token lingers in memory as a key.
      if (scrubbed === raw && urlTexts.repeated(raw)) urlTexts.set(raw, text);
    }
    return text;
  };
  // The last client's address as its member of the line: a keep-alive client asks again and again.
  let lastAddr: string | undefined;
  let lastRemote = '';
  const remoteText = (addr: string | undefined): string => {
    if (addr !== lastAddr) {
      lastAddr = addr;
      lastRemote = addr === undefined ? '' : `,"remoteAddress":${jsonString(addr)}`;
    }
    return lastRemote;
  };
  const write = (req: IncomingMessage, res: ServerResponse, started: number, id: number, ended?: number): void => {
    // Tenths of a millisecond.
    const tenths = Math.round(((ended ?? performance.now()) - started) * 10);
    const ms = `${(tenths / 10) | 0}.${tenths % 10}`;
    const status = res.statusCode;
    const method = req.method ?? '';
    const addr = req.socket?.remoteAddress;
    if (!sink) {
      const url = scrubUrl(req.url);
      const fields = {
        req: { id, method, url, ...(addr === undefined ? {} : { remoteAddress: addr }) },
        res: { statusCode: status },
      };
      if (status >= 500)
        logger.error(
          { ...fields, err: new Error(`failed with status code ${status}`), responseTime: tenths / 10 },
          `${method} ${url} ${status}`,
        );
      else logger.info({ ...fields, responseTime: tenths / 10 }, `${method} ${url} ${status} ${ms}ms`);
      return;
    }
    const url = urlText(req.url);
    const remote = remoteText(addr);
    if (status < 500) {
      const line: InfoLine = {
        time: Date.now(),
        own: sink.own,
        id,
        method: method === 'GET' ? '"GET"' : jsonString(method),
        url,
        remote,
        status,
        ms,
      };
      if (sink.stream instanceof LineBatch) writeInfoLine(sink.stream, line);
      else sink.stream.write(infoLineText(line));
      return;
    }
    const request = `"req":{"id":${id},"method":${jsonString(method)},"url":${url}${remote}}`;
    const where = `${request},"res":{"statusCode":${status}},`;
    // The message is `METHOD url status` (and the duration): the url's JSON text sits inside it.
    const said = `${jsonString(method).slice(0, -1)} ${url.slice(1, -1)} ${status}`;
    sink.stream.write(
      `{"level":50,"time":${Date.now()}${sink.own},${where}"err":{"type":"Error","message":"failed with status ` +
        `code ${status}"},"responseTime":${ms},"msg":${said}"}\n`,
    );
  };
  const follow = (req: IncomingMessage, res: ServerResponse, started: number): void => {
    const id = (nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER);
    res.once('close', () => write(req, res, started, id));
  };
  const handler = (req: IncomingMessage, res: ServerResponse, next?: () => void): void => {
    follow(req, res, performance.now());
    next?.();
  };
  return {
    handler: handler as unknown as RequestHandler,
    probes: logger.isLevelEnabled('debug'),
    begin: () => performance.now(),
    sent: (req, res, started, ended) =>
      write(req, res, started, (nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER), ended),
    follow,
  };
}

/**
 * The access line of a request answered without express: written at once for an answer handed
 * over whole in the same call (no 'close' listener per request); streamed answers, those not
 * sent yet and errors keep the line on the response's 'close'.
 */
export function logAnswer(
  log: AccessLog,
  req: IncomingMessage,
  res: ServerResponse,
  started: number,
  ended?: number,
): void {
  if (res.writableEnded && res.statusCode < 400) log.sent(req, res, started, ended);
  else log.follow(req, res, started);
}
