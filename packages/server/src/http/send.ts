/**
 * How a whole answer leaves the server, and how an error does: every answer on the paths
 * without express (data routes, /health, the publisher, CORS preflights) goes through `send`,
 * every error answer through `sendError`, so HEAD, Content-Length and a response whose headers
 * are already gone are handled in one place.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** The header naming the version that answered (docs/overrides.md §5). */
export const VERSION_HEADER = 'X-Openbell-Data-Version';

const VERSION = Symbol('openbell.version');
type Named = ServerResponse & { [VERSION]?: string };

/**
 * Names the version that answers `res`: `send` and the data answers (data-head.ts) write it
 * with the answer's other headers. A header set beforehand with `setHeader` would send every header
 * of the answer through Node's slower path (each one set and checked again), about a tenth of
 * a small answer's cost; whoever writes headers otherwise calls `setHeader` (routes.ts).
 */
export function nameVersion(res: ServerResponse, version: string): void {
  (res as Named)[VERSION] = version;
}

/** The version named for `res` (nameVersion), if any. */
export function namedVersion(res: ServerResponse): string | undefined {
  return (res as Named)[VERSION];
}

/** `headers` and the version named for `res` (nameVersion), if any. */
export function withVersion(
  res: ServerResponse,
  headers: OutgoingHttpHeaders | undefined,
): OutgoingHttpHeaders | undefined {
  const version = (res as Named)[VERSION];
  if (version === undefined) return headers;
  return headers ? { ...headers, [VERSION_HEADER]: version } : { [VERSION_HEADER]: version };
}

/**
 * Writes the status and headers, then the body unless the request is HEAD. With a body, its
 * Content-Type (JSON unless `headers` names another) and Content-Length come first; without
 * one, only `headers` are sent (304, a redirect, the HEAD of a file).
 */
export function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body?: Buffer | string,
  headers?: OutgoingHttpHeaders,
): void {
  if (body === undefined) {
    const named = withVersion(res, headers);
    if (named) res.writeHead(status, named);
    else res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, bodyHeaders(res, typeof body === 'string' ? Buffer.byteLength(body) : body.length, headers));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Content-Type (JSON unless `headers` names another) and Content-Length first, then `headers` and the version. */
function bodyHeaders(
  res: ServerResponse,
  length: number,
  headers: OutgoingHttpHeaders | undefined,
): OutgoingHttpHeaders {
  const version = (res as Named)[VERSION];
  // A Content-Type in `headers` replaces the default in place, keeping it the first header.
  const out: OutgoingHttpHeaders = headers
    ? { 'Content-Type': JSON_TYPE, 'Content-Length': length, ...headers }
    : { 'Content-Type': JSON_TYPE, 'Content-Length': length };
  if (version !== undefined) out[VERSION_HEADER] = version;
  return out;
}

/** An error is kept by no cache (docs/rest.md "Cache-Control"): a refusal or a fault says nothing of the next ask. */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** An error as it is answered: its status and JSON body, and the cause when it belongs in the log. */
export interface ErrorAnswer {
  status: number;
  body: unknown;
  error?: unknown;
  /** The cause is a fault of ours, not of the request: logged with the request's path. */
  logCause?: boolean;
  /** Headers the route sends with every answer, errors included (the board's `Cache-Control`). */
  headers?: OutgoingHttpHeaders;
}

/**
 * Sends an error answer (JSON body), logging its cause when it is ours. Once the headers are
 * gone the answer cannot change, so the response is cut and the client sees it is incomplete.
 */
export function sendError(req: IncomingMessage, res: ServerResponse, answer: ErrorAnswer, logger?: Logger): void {
  if (answer.logCause)
    logger?.error({ err: answer.error, method: req.method, url: req.url?.split('?')[0] }, 'request failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const headers = answer.headers;
  send(
    req,
    res,
    answer.status,
    JSON.stringify(answer.body),
    headers === undefined ? NO_STORE : 'Cache-Control' in headers ? headers : { ...headers, ...NO_STORE },
  );
}
