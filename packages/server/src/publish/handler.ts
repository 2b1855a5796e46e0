/**
 * Publisher mode: the spec's access form (a), the hosted `{base_url}/v4/download` endpoint,
 * served from an archive this instance holds, so other openbell instances (and the vendor's
 * own clients) can download it and keep in sync with it.
 *
 * - `GET|HEAD /v4/download` needs `Authorization: Bearer <token>`. HEAD answers the archive's
 *   headers (Content-Type, Content-Length, ETag, Last-Modified); GET redirects (302) to a
 *   presigned URL on the same server. `If-None-Match` with the current ETag gives 304 for both.
 * - `GET|HEAD /v4/files/<version>/bulk.zip?expires=<unix s>&signature=<b64url>` serves the ZIP
 *   without a token while the HMAC signature over `"<version>\n<expires>"` is valid and not
 *   expired (403 otherwise), with single-range `Range` support (206 / 416). A URL for a
 *   version that is no longer the published one answers 410 Gone: the client asks
 *   /v4/download again.
 *
 * The version (and ETag) is the SHA-256 of the file's bytes, cached by (dev, inode, size,
 * mtime): replacing the file (atomic rename, or an import writing it) changes it on the next
 * request. The file is opened once per request and everything (ETag, length, bytes) comes
 * from that one open file, so a replacement mid-request never mixes two versions.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { DOWNLOAD_PATH, FILES_PREFIX, OVERRIDES_PATH } from '@openbell/loader';
import { etagMatches } from '../http/conditional.js';
import type { RawHandler } from '../http/dispatcher.js';
import { send, sendError, withVersion } from '../http/send.js';
import { bearerToken, tokenChecker, UNAUTHORIZED_DETAIL } from './bearer.js';
import { createSigner, DEFAULT_URL_TTL_SECONDS } from './presign.js';
import { parseRange } from './ranges.js';
import { verifiedOpener } from './snapshots.js';
import { archiveOpener, type Opened } from './versions.js';

export { DEFAULT_URL_TTL_SECONDS };

export interface PublisherOptions {
  /** The ZIP archive to publish. Replace it atomically (write elsewhere, rename over it). */
  archivePath: string;
  /**
   * Accepted bearer tokens, or a function read on every request (rotation without restart;
   * see publisherTokensFrom). An empty list accepts nobody.
   */
  tokens: readonly string[] | (() => readonly string[]);
  /** HMAC key of the presigned URLs. Default: 32 random bytes per process. */
  signingKey?: Buffer;
  /** Lifetime of a presigned URL. Default 300 s. */
  urlTtlSeconds?: number;
  /**
   * Scheme and host of the presigned URL in the redirect, e.g. https://calendar.example.com
   * behind a TLS proxy. Default: `listenUrl`, else a relative Location. Never the request's
   * Host header, which any client can set.
   */
  publicBaseUrl?: string;
  /**
   * The address the server listens on (createServer fills it in; a function is read per
   * request). Not used for wildcard binds (0.0.0.0, ::) or Unix sockets: relative Location.
   */
  listenUrl?: string | (() => string | undefined);
  /**
   * Proves that an archive loads (e.g. the loader's full load). When given, a new file is
   * published only once it passes: the publisher serves its own verified copy, and a file
   * that fails is logged and leaves the previous publication in place (checked again only
   * when the file changes). Without it, the file is served as it is.
   */
  verify?: (path: string) => Promise<void>;
  /** Clock in epoch ms (tests pin it). */
  now?: () => number;
  /**
   * The override set, served at `GET /v4/overrides` with the download's tokens and an ETag
   * (createServer fills it in from its override manager). Without it the path is not answered.
   */
  overrides?: () => string;
}

export interface PublisherInternals {
  logger?: Logger | undefined;
  /** Runs first for every request the publisher answers (the access log). */
  before?: RawHandler | undefined;
}

export interface PublishedVersion {
  /** Lower-case hex SHA-256 of the file; the ETag is this in double quotes. */
  version: string;
  etag: string;
  size: number;
  lastModified: Date;
}

/** A node:http handler: answers the request and returns true, or returns false untouched. */
export interface Publisher {
  (req: IncomingMessage, res: ServerResponse): boolean;
  /** The archive currently published, or null when there is none. */
  current(): Promise<PublishedVersion | null>;
  /** The path and query of a presigned URL for `version`, valid for `ttlSeconds`. */
  presign(version: string, ttlSeconds?: number): string;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** What every request of one publisher reads, made once. */
interface Publication {
  options: PublisherOptions;
  logger: Logger | undefined;
  before: RawHandler | undefined;
  checkToken: ReturnType<typeof tokenChecker>;
  publicBase: string | undefined;
  signer: ReturnType<typeof createSigner>;
  /** Opens the archive and finds its version; null when there is no archive. */
  openArchive: () => Promise<Opened | null>;
}

export function createPublisher(options: PublisherOptions, internals: PublisherInternals = {}): Publisher {
  const { archivePath } = options;
  const { key, ttl } = checkedSettings(options);
  const { logger, before } = internals;
  const now = options.now ?? Date.now;
  const signer = createSigner(key, ttl, now);
  const p: Publication = {
    options,
    logger,
    before,
    checkToken: tokenChecker(options.tokens),
    publicBase: options.publicBaseUrl?.replace(/\/+$/, ''),
    signer,
    openArchive: options.verify
      ? verifiedOpener(archivePath, options.verify, logger)
      : archiveOpener(archivePath, logger),
  };
  const handler = (req: IncomingMessage, res: ServerResponse): boolean => route(p, req, res);
  return Object.assign(handler, {
    current: async (): Promise<PublishedVersion | null> => {
      const o = await p.openArchive();
      if (!o) return null;
      await o.handle.close();
      return { version: o.version, etag: `"${o.version}"`, size: o.stat.size, lastModified: o.stat.mtime };
    },
    presign: signer.presign,
  });
}

/** The options a publisher cannot start without (thrown), and its signing key and URL lifetime. */
function checkedSettings(options: PublisherOptions): { key: Buffer; ttl: number } {
  if (!options.archivePath) throw new Error('publish: archivePath is required');
  if (Array.isArray(options.tokens) && options.tokens.filter((t: string) => t.length > 0).length === 0) {
    throw new Error('publish: at least one bearer token is required');
  }
  const key = options.signingKey ?? randomBytes(32);
  if (key.length < 16) throw new Error('publish: signingKey must be at least 16 bytes');
  const ttl = options.urlTtlSeconds ?? DEFAULT_URL_TTL_SECONDS;
  if (!(ttl > 0)) throw new Error('publish: urlTtlSeconds must be positive');
  return { key, ttl };
}

function route(p: Publication, req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const qAt = url.indexOf('?');
  const path = qAt === -1 ? url : url.slice(0, qAt);
  const isDownload = path === DOWNLOAD_PATH || path === `${DOWNLOAD_PATH}/`;
  const isFile = !isDownload && path.startsWith(FILES_PREFIX);
  const isOverrides = p.options.overrides !== undefined && path === OVERRIDES_PATH;
  if (!isDownload && !isFile && !isOverrides) return false;
  p.before?.(req, res);
  if (res.writableEnded) return true;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendError(req, res, { status: 405, body: { detail: `Method ${req.method ?? ''} not allowed` } });
    return true;
  }
  if (isOverrides) {
    overrideSet(p, req, res);
    return true;
  }
  const work = isDownload
    ? download(p, req, res)
    : files(p, req, res, path.slice(FILES_PREFIX.length), qAt === -1 ? '' : url.slice(qAt + 1));
  work.catch(fail(p, req, res));
  return true;
}

/** False, and the 401 answered, without a token the publisher accepts. */
function authorized(p: Publication, req: IncomingMessage, res: ServerResponse): boolean {
  if (p.checkToken(bearerToken(req))) return true;
  res.setHeader('WWW-Authenticate', 'Bearer');
  sendError(req, res, { status: 401, body: { detail: UNAUTHORIZED_DETAIL } });
  return false;
}

function fileHeaders(res: ServerResponse, o: Opened): void {
  res.setHeader('ETag', `"${o.version}"`);
  res.setHeader('Last-Modified', o.stat.mtime.toUTCString());
}

function noArchive(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Retry-After', '60');
  sendError(req, res, { status: 503, body: { detail: 'No archive is published yet' } });
}

function absoluteBase(p: Publication): string {
  if (p.publicBase) return p.publicBase;
  const { listenUrl } = p.options;
  const listen = typeof listenUrl === 'function' ? listenUrl() : listenUrl;
  if (!listen || !/^https?:\/\//.test(listen)) return '';
  const host = new URL(listen).hostname;
  // A wildcard bind is no address a client can use: let it resolve the Location itself.
  if (host === '0.0.0.0' || host === '[::]' || host === '::') return '';
  return listen.replace(/\/+$/, '');
}

async function download(p: Publication, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!authorized(p, req, res)) return;
  const o = await p.openArchive();
  if (!o) return noArchive(req, res);
  await o.handle.close();
  res.setHeader('Cache-Control', 'private, no-cache');
  fileHeaders(res, o);
  if (etagMatches(req.headers['if-none-match'], `"${o.version}"`)) {
    send(req, res, 304);
    return;
  }
  if (req.method === 'HEAD') {
    send(req, res, 200, undefined, { 'Content-Type': 'application/zip', 'Content-Length': o.stat.size });
    return;
  }
  send(req, res, 302, undefined, { Location: absoluteBase(p) + p.signer.presign(o.version), 'Content-Length': 0 });
}

async function files(
  p: Publication,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  query: string,
): Promise<void> {
  const version = signedVersion(p, req, res, rest, query);
  if (version === undefined) return;
  const o = await p.openArchive();
  if (!o) return noArchive(req, res);
  let handed = false;
  try {
    if (o.version !== version) {
      sendError(req, res, {
        status: 410,
        body: { detail: 'This archive version is no longer published; request /v4/download again' },
      });
      return;
    }
    const range = archiveHead(req, res, o);
    if (range === undefined) return;
    handed = true;
    await streamArchive(p, res, o, range);
  } finally {
    if (!handed) await o.handle.close().catch(() => undefined);
  }
}

/** The version a presigned file URL names while its signature holds; undefined when refused (answered). */
function signedVersion(
  p: Publication,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  query: string,
): string | undefined {
  const parts = rest.split('/');
  const version = parts[0] ?? '';
  if (parts.length !== 2 || parts[1] !== 'bulk.zip' || !HEX64.test(version)) {
    sendError(req, res, {
      status: 404,
      body: { detail: `Not Found: no route for ${req.method ?? 'GET'} ${FILES_PREFIX}…` },
    });
    return undefined;
  }
  const check = p.signer.check(version, query);
  if (check !== 'ok') {
    const detail = check === 'expired' ? 'This download URL has expired' : 'Invalid download URL signature';
    sendError(req, res, { status: 403, body: { detail } });
    return undefined;
  }
  return version;
}

/**
 * The headers of the open archive, whole or the range asked for: the range whose bytes are to
 * follow, or undefined when the answer is complete without them.
 */
function archiveHead(req: IncomingMessage, res: ServerResponse, o: Opened): { start: number; end: number } | undefined {
  const size = o.stat.size;
  const etag = `"${o.version}"`;
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Disposition', 'attachment; filename="bulk.zip"');
  fileHeaders(res, o);
  if (etagMatches(req.headers['if-none-match'], etag)) {
    send(req, res, 304);
    return undefined;
  }
  const ifRange = req.headers['if-range'];
  // If-Range with another validator (or a date, which we do not honour): the whole file.
  let range = ifRange === undefined || String(ifRange).trim() === etag ? parseRange(req.headers.range, size) : null;
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${size}`);
    sendError(req, res, { status: 416, body: { detail: 'Requested range not satisfiable' } });
    return undefined;
  }
  const status = range ? 206 : 200;
  range ??= { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : range.end - range.start + 1;
  const headers: Record<string, string | number> = { 'Content-Type': 'application/zip', 'Content-Length': length };
  if (status === 206) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  if (req.method === 'HEAD' || length === 0) {
    send(req, res, status, undefined, headers);
    return undefined;
  }
  res.writeHead(status, withVersion(res, headers)!);
  return range;
}

async function streamArchive(
  p: Publication,
  res: ServerResponse,
  o: Opened,
  range: { start: number; end: number },
): Promise<void> {
  const stream = o.handle.createReadStream({ start: range.start, end: range.end, autoClose: true });
  await pipeline(stream, res).catch((err: unknown) => {
    // A client going away mid-download is routine; anything else is worth a line.
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ERR_STREAM_PREMATURE_CLOSE' && code !== 'ECONNRESET' && code !== 'EPIPE') {
      p.logger?.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'publish: streaming the archive failed',
      );
    }
    res.destroy();
  });
}

/** The override set as the file holds it; replicas serve what it says. */
function overrideSet(p: Publication, req: IncomingMessage, res: ServerResponse): void {
  if (!authorized(p, req, res)) return;
  const body = Buffer.from(p.options.overrides!());
  const etag = `"${createHash('sha256').update(body).digest('hex')}"`;
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  if (etagMatches(req.headers['if-none-match'], etag)) return send(req, res, 304, undefined, headers);
  send(req, res, 200, body, headers);
}

function fail(p: Publication, req: IncomingMessage, res: ServerResponse) {
  return (err: unknown) => {
    p.logger?.error(
      { err: err instanceof Error ? err.message : String(err), path: req.url?.split('?')[0] },
      'publish: request failed',
    );
    sendError(req, res, { status: 500, body: { detail: 'Internal Server Error' } });
  };
}
