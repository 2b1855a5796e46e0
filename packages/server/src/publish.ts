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
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { copyFile, mkdtemp, open, rename, rm, stat, utimes, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Stats } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { DOWNLOAD_PATH, FILES_PREFIX } from '@openbell/core/protocol';
import { sendJson, type RawHandler } from './dispatch.js';

export { DOWNLOAD_PATH, FILES_PREFIX };
export const DEFAULT_URL_TTL_SECONDS = 300;
export const PUBLISH_TOKENS_ENV = 'OPENBELL_PUBLISH_TOKENS';
export const PUBLISH_TOKENS_FILE_ENV = 'OPENBELL_PUBLISH_TOKENS_FILE';

export const UNAUTHORIZED_DETAIL = 'Missing or invalid bearer token';

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
const DIGITS = /^\d{1,12}$/;

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** The token of an `Authorization: Bearer <token>` header, or '' when absent or malformed. */
function bearerToken(req: IncomingMessage): string {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return '';
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : '';
}

/**
 * Constant-time token check: the presented token and every configured token are compared as
 * SHA-256 digests (equal lengths), against all of them with no early exit, so a missing, an
 * unknown and a wrong token cost the same.
 */
function tokenChecker(tokens: PublisherOptions['tokens']): (presented: string) => boolean {
  const digestsOf = (list: readonly string[]) => list.filter((t) => t.length > 0).map(sha256);
  let lastList: readonly string[] | undefined;
  let lastDigests: Buffer[] = [];
  const digests = (): Buffer[] => {
    const list = typeof tokens === 'function' ? tokens() : tokens;
    if (list !== lastList) {
      lastList = list;
      lastDigests = digestsOf(list);
    }
    return lastDigests;
  };
  return (presented) => {
    const want = digests();
    const got = sha256(presented);
    let ok = 0;
    for (const d of want) ok |= timingSafeEqual(got, d) ? 1 : 0;
    // '' never matches: an absent header did the same work as a wrong token.
    return ok === 1 && presented.length > 0;
  };
}

/** Whether an If-None-Match / If-Range list names `etag` (weak comparison, `*` matches). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  for (const raw of header.split(',')) {
    const t = raw.trim();
    if (t === '*') return true;
    if ((t.startsWith('W/') ? t.slice(2) : t) === etag) return true;
  }
  return false;
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * A single `bytes=` range against a file of `size` bytes: {start, end} (inclusive),
 * 'unsatisfiable', or null to answer the whole file (no header, malformed, other unit or
 * several ranges).
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  if (b !== '' && Number(b) < start) return null;
  if (start >= size) return 'unsatisfiable';
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  return { start, end };
}

interface Opened {
  handle: FileHandle;
  stat: Stats;
  version: string;
}

/** Snapshot folders of verified publications, removed when the process exits. */
const snapshotDirs = new Set<string>();
function removeAtExit(dir: string): void {
  if (snapshotDirs.size === 0) {
    process.once('exit', () => {
      for (const d of snapshotDirs) rmSync(d, { recursive: true, force: true });
    });
  }
  snapshotDirs.add(dir);
}

const statKey = (s: Stats): string => `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;

async function hashHandle(handle: FileHandle, size: number): Promise<string> {
  const hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(Math.min(Math.max(size, 1), 1 << 20));
  let pos = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buf, 0, buf.length, pos);
    if (bytesRead === 0) break;
    hash.update(buf.subarray(0, bytesRead));
    pos += bytesRead;
  }
  return hash.digest('hex');
}

export function createPublisher(options: PublisherOptions, internals: PublisherInternals = {}): Publisher {
  const { archivePath } = options;
  if (!archivePath) throw new Error('publish: archivePath is required');
  if (Array.isArray(options.tokens) && options.tokens.filter((t: string) => t.length > 0).length === 0) {
    throw new Error('publish: at least one bearer token is required');
  }
  const { logger, before } = internals;
  const key = options.signingKey ?? randomBytes(32);
  if (key.length < 16) throw new Error('publish: signingKey must be at least 16 bytes');
  const ttl = options.urlTtlSeconds ?? DEFAULT_URL_TTL_SECONDS;
  if (!(ttl > 0)) throw new Error('publish: urlTtlSeconds must be positive');
  const now = options.now ?? Date.now;
  const checkToken = tokenChecker(options.tokens);
  const publicBase = options.publicBaseUrl?.replace(/\/+$/, '');

  // Hashes by file identity; a handful is plenty (current and the one before).
  const hashes = new Map<string, Promise<string>>();
  let lastLogged: string | undefined;

  const sign = (version: string, expires: number): string =>
    createHmac('sha256', key).update(`${version}\n${expires}`).digest('base64url');

  const presign = (version: string, ttlSeconds = ttl): string => {
    const expires = Math.floor(now() / 1000) + Math.ceil(ttlSeconds);
    return `${FILES_PREFIX}${version}/bulk.zip?expires=${expires}&signature=${sign(version, expires)}`;
  };

  /** Opens the archive and finds its version; null when there is no archive. */
  const openArchive = async (): Promise<Opened | null> => (options.verify ? openVerified(options.verify) : openFile());

  // ---- verified publication (options.verify) ----
  let published: { version: string; path: string; size: number; mtime: Date } | null = null;
  /** Identity of the file last examined, accepted or refused: examined again only when it changes. */
  let examinedKey: string | undefined;
  let examining: Promise<void> | undefined;
  let snapshotDir: string | undefined;

  const examine = async (verify: (path: string) => Promise<void>): Promise<void> => {
    let st: Stats;
    try {
      st = await stat(archivePath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // keep what is published
      throw err;
    }
    const k = statKey(st);
    if (k === examinedKey || !st.isFile()) return;
    if (!snapshotDir) {
      snapshotDir = await mkdtemp(join(tmpdir(), 'openbell-published-'));
      removeAtExit(snapshotDir);
    }
    const copy = join(snapshotDir, `incoming-${randomBytes(6).toString('hex')}.zip`);
    await copyFile(archivePath, copy);
    const after = await stat(archivePath);
    if (statKey(after) !== k) {
      // Changed while copying (written in place): look again on the next request.
      await rm(copy, { force: true });
      return;
    }
    const handle = await open(copy, 'r');
    let version: string;
    try {
      version = await hashHandle(handle, st.size);
    } finally {
      await handle.close();
    }
    if (published?.version === version) {
      examinedKey = k;
      await rm(copy, { force: true });
      return;
    }
    try {
      await verify(copy);
    } catch (err) {
      examinedKey = k;
      await rm(copy, { force: true });
      logger?.error(
        { err: err instanceof Error ? err.message : String(err), file: archivePath, sha256: version, keeping: published ? `"${published.version}"` : null },
        'publish: the archive does not load; keeping the previous publication',
      );
      return;
    }
    const path = join(snapshotDir, `${version}.zip`);
    await rename(copy, path);
    await utimes(path, st.atime, st.mtime);
    const before = published;
    published = { version, path, size: st.size, mtime: st.mtime };
    examinedKey = k;
    logger?.info({ etag: `"${version}"`, size: st.size }, 'publishing archive');
    // Downloads in progress keep their open handle (POSIX); new ones get the new version.
    if (before && before.path !== path) await rm(before.path, { force: true }).catch(() => undefined);
  };

  const openVerified = async (verify: (path: string) => Promise<void>): Promise<Opened | null> => {
    examining ??= examine(verify).finally(() => {
      examining = undefined;
    });
    await examining;
    const p = published;
    if (!p) return null;
    let handle: FileHandle;
    try {
      handle = await open(p.path, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return openVerified(verify); // replaced meanwhile
      throw err;
    }
    return { handle, stat: await handle.stat(), version: p.version };
  };

  const openFile = async (): Promise<Opened | null> => {
    for (let attempt = 0; ; attempt++) {
      let handle: FileHandle;
      try {
        handle = await open(archivePath, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        const k = statKey(stat);
        let p = hashes.get(k);
        if (!p) {
          p = hashHandle(handle, stat.size);
          hashes.set(k, p);
          p.catch(() => hashes.delete(k));
          while (hashes.size > 4) hashes.delete(hashes.keys().next().value!);
        }
        const version = await p;
        // Written in place while we hashed: hash again (an atomic rename never gets here).
        const after = await handle.stat();
        if (statKey(after) !== k && attempt < 3) {
          hashes.delete(k);
          await handle.close();
          continue;
        }
        if (version !== lastLogged) {
          lastLogged = version;
          logger?.info({ etag: `"${version}"`, size: stat.size }, 'publishing archive');
        }
        return { handle, stat, version };
      } catch (err) {
        await handle.close().catch(() => undefined);
        throw err;
      }
    }
  };

  const fileHeaders = (res: ServerResponse, o: Opened) => {
    res.setHeader('ETag', `"${o.version}"`);
    res.setHeader('Last-Modified', o.stat.mtime.toUTCString());
  };

  const noArchive = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Retry-After', '60');
    sendJson(req, res, 503, { detail: 'No archive is published yet' });
  };

  const absoluteBase = (): string => {
    if (publicBase) return publicBase;
    const listen = typeof options.listenUrl === 'function' ? options.listenUrl() : options.listenUrl;
    if (!listen || !/^https?:\/\//.test(listen)) return '';
    const host = new URL(listen).hostname;
    // A wildcard bind is no address a client can use: let it resolve the Location itself.
    if (host === '0.0.0.0' || host === '[::]' || host === '::') return '';
    return listen.replace(/\/+$/, '');
  };

  const download = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!checkToken(bearerToken(req))) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      sendJson(req, res, 401, { detail: UNAUTHORIZED_DETAIL });
      return;
    }
    const o = await openArchive();
    if (!o) return noArchive(req, res);
    await o.handle.close();
    res.setHeader('Cache-Control', 'private, no-cache');
    fileHeaders(res, o);
    if (etagMatches(req.headers['if-none-match'], `"${o.version}"`)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': o.stat.size });
      res.end();
      return;
    }
    res.writeHead(302, { Location: absoluteBase() + presign(o.version), 'Content-Length': 0 });
    res.end();
  };

  const verify = (version: string, query: string): 'ok' | 'invalid' | 'expired' => {
    const params = new URLSearchParams(query);
    const expires = params.get('expires') ?? '';
    const signature = params.get('signature') ?? '';
    if (!DIGITS.test(expires)) return 'invalid';
    const expected = Buffer.from(sign(version, Number(expires)));
    const given = Buffer.from(signature);
    // Compare the canonical encodings: base64url decoding would accept variants of the last char.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Math.floor(now() / 1000) > Number(expires) ? 'expired' : 'ok';
  };

  const files = async (req: IncomingMessage, res: ServerResponse, rest: string, query: string): Promise<void> => {
    const parts = rest.split('/');
    const version = parts[0] ?? '';
    if (parts.length !== 2 || parts[1] !== 'bulk.zip' || !HEX64.test(version)) {
      sendJson(req, res, 404, { detail: `Not Found: no route for ${req.method ?? 'GET'} ${FILES_PREFIX}…` });
      return;
    }
    const check = verify(version, query);
    if (check !== 'ok') {
      sendJson(req, res, 403, {
        detail: check === 'expired' ? 'This download URL has expired' : 'Invalid download URL signature',
      });
      return;
    }
    const o = await openArchive();
    if (!o) return noArchive(req, res);
    let handed = false;
    try {
      if (o.version !== version) {
        sendJson(req, res, 410, {
          detail: 'This archive version is no longer published; request /v4/download again',
        });
        return;
      }
      const size = o.stat.size;
      const etag = `"${o.version}"`;
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('Accept-Ranges', 'bytes');
      res.setHeader('Content-Disposition', 'attachment; filename="bulk.zip"');
      fileHeaders(res, o);
      if (etagMatches(req.headers['if-none-match'], etag)) {
        res.statusCode = 304;
        res.end();
        return;
      }
      const ifRange = req.headers['if-range'];
      // If-Range with another validator (or a date, which we do not honour): the whole file.
      let range = ifRange === undefined || String(ifRange).trim() === etag ? parseRange(req.headers.range, size) : null;
      if (range === 'unsatisfiable') {
        res.setHeader('Content-Range', `bytes */${size}`);
        sendJson(req, res, 416, { detail: 'Requested range not satisfiable' });
        return;
      }
      const status = range ? 206 : 200;
      range ??= { start: 0, end: size - 1 };
      const length = size === 0 ? 0 : range.end - range.start + 1;
      const headers: Record<string, string | number> = { 'Content-Type': 'application/zip', 'Content-Length': length };
      if (status === 206) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
      res.writeHead(status, headers);
      if (req.method === 'HEAD' || length === 0) {
        res.end();
        return;
      }
      handed = true;
      const stream = o.handle.createReadStream({ start: range.start, end: range.end, autoClose: true });
      await pipeline(stream, res).catch((err: unknown) => {
        // A client going away mid-download is routine; anything else is worth a line.
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'ERR_STREAM_PREMATURE_CLOSE' && code !== 'ECONNRESET' && code !== 'EPIPE') {
          logger?.warn({ err: err instanceof Error ? err.message : String(err) }, 'publish: streaming the archive failed');
        }
        res.destroy();
      });
    } finally {
      if (!handed) await o.handle.close().catch(() => undefined);
    }
  };

  const fail = (req: IncomingMessage, res: ServerResponse) => (err: unknown) => {
    logger?.error({ err: err instanceof Error ? err.message : String(err), path: req.url?.split('?')[0] }, 'publish: request failed');
    if (res.headersSent) res.destroy();
    else sendJson(req, res, 500, { detail: 'Internal Server Error' });
  };

  const handler = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '/';
    const qAt = url.indexOf('?');
    const path = qAt === -1 ? url : url.slice(0, qAt);
    const isDownload = path === DOWNLOAD_PATH || path === `${DOWNLOAD_PATH}/`;
    const isFile = !isDownload && path.startsWith(FILES_PREFIX);
    if (!isDownload && !isFile) return false;
    before?.(req, res);
    if (res.writableEnded) return true;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendJson(req, res, 405, { detail: `Method ${req.method ?? ''} not allowed` });
      return true;
    }
    const work = isDownload
      ? download(req, res)
      : files(req, res, path.slice(FILES_PREFIX.length), qAt === -1 ? '' : url.slice(qAt + 1));
    work.catch(fail(req, res));
    return true;
  };

  return Object.assign(handler, {
    current: async (): Promise<PublishedVersion | null> => {
      const o = await openArchive();
      if (!o) return null;
      await o.handle.close();
      return { version: o.version, etag: `"${o.version}"`, size: o.stat.size, lastModified: o.stat.mtime };
    },
    presign,
  });
}

/** Tokens from a file's text: one per line, blank lines and `#` comment lines ignored. */
export function parseTokenFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('#'));
}

export interface PublisherTokenSources {
  /** A token file (one per line, `#` comments). Default: $OPENBELL_PUBLISH_TOKENS_FILE. */
  file?: string | undefined;
  /** Where OPENBELL_PUBLISH_TOKENS (comma-separated) and _FILE are read. Default process.env. */
  env?: NodeJS.ProcessEnv | undefined;
}

/**
 * The publisher's tokens from configuration: a file and/or the comma-separated
 * OPENBELL_PUBLISH_TOKENS. Returns a function for PublisherOptions.tokens that re-reads the
 * file when it changes (rotation without restart; an unreadable file keeps the last tokens).
 * Throws, naming the settings but never a token, when nothing is configured or found.
 */
export function publisherTokensFrom(sources: PublisherTokenSources = {}): () => readonly string[] {
  const env = sources.env ?? process.env;
  const file = sources.file ?? (env[PUBLISH_TOKENS_FILE_ENV] || undefined);
  const fromEnv = (env[PUBLISH_TOKENS_ENV] ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
  if (!file) {
    if (fromEnv.length === 0) {
      throw new Error(`publish: no bearer tokens configured (set ${PUBLISH_TOKENS_ENV} or ${PUBLISH_TOKENS_FILE_ENV})`);
    }
    const fixed = Object.freeze(fromEnv);
    return () => fixed;
  }
  let key = '';
  let tokens: readonly string[] = [];
  const refresh = (): readonly string[] => {
    try {
      const s = statSync(file);
      const k = `${s.ino}:${s.size}:${s.mtimeMs}`;
      if (k !== key) {
        const list = [...fromEnv, ...parseTokenFile(readFileSync(file, 'utf8'))];
        key = k;
        tokens = Object.freeze(list);
      }
    } catch {
      // Keep the last good list; the first read below reports the problem.
    }
    return tokens;
  };
  try {
    statSync(file);
  } catch (err) {
    throw new Error(`publish: cannot read the token file ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  if (refresh().length === 0) {
    throw new Error(`publish: no bearer tokens in ${file}${fromEnv.length === 0 ? ` or ${PUBLISH_TOKENS_ENV}` : ''}`);
  }
  return refresh;
}
