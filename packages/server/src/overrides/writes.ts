/**
 * The service's only writes: `POST /overrides` and `DELETE /overrides/{id}` (docs/overrides.md
 * §3). In order: a replica refuses (403 naming its publisher); no admin token configured
 * refuses (403); an address past its failures answers 429; a missing or unknown secret 401;
 * then the body (415, 413, 422) and the override's own checks. A refused write changes nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { toHttp } from '@openbell/catalog';
import { send, sendError } from '../http/send.js';
import { VERSION_HEADER, type Dispatcher } from '../http/dispatcher.js';
import type { AccessLog } from '../logging.js';
import { FailureLimiter } from './limiter.js';
import type { OverrideManager } from './manager.js';
import { bearerOf, tokenName, type AdminToken } from './tokens.js';

export const MAX_BODY_BYTES = 64 * 1024;

export interface WriteOptions {
  manager: OverrideManager;
  tokens: readonly AdminToken[];
  logger: Logger;
  log?: AccessLog | undefined;
  limiter?: FailureLimiter;
}

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request's body, at most MAX_BODY_BYTES (413 past it, without reading the rest). */
function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES)
    return Promise.reject(new BodyError(413, `the body is ${declared} bytes; at most ${MAX_BODY_BYTES} are accepted`));
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyError(413, `the body is over ${MAX_BODY_BYTES} bytes`));
        req.pause();
        return;
      }
      parts.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(parts, size)));
    req.on('error', reject);
  });
}

const isJson = (type: string | undefined): boolean => {
  const t = (type ?? '').split(';')[0]!.trim().toLowerCase();
  return t === 'application/json' || (t.startsWith('application/') && t.endsWith('+json'));
};

/** The override's own refusals, with the body's fields as their `loc`. */
function refusal(err: unknown): { status: number; body: unknown; logCause: boolean } {
  const answer = toHttp(err, {});
  const e = err as { code?: string; id?: string };
  if (answer.status === 422 && Array.isArray(answer.body.detail)) {
    return {
      ...answer,
      body: { detail: answer.body.detail.map((d) => ({ ...d, loc: ['body', d.loc[d.loc.length - 1]!] })) },
    };
  }
  if (e?.code === 'conflict' && e.id) return { ...answer, body: { ...answer.body, id: e.id } };
  return answer;
}

/** The version the write made, named by its answer. */
function setVersion(res: ServerResponse, version: string | null): void {
  if (version) res.setHeader(VERSION_HEADER, version);
}

export function createWriteHandler(options: WriteOptions): Dispatcher {
  const { manager, tokens, logger, log } = options;
  const limiter = options.limiter ?? new FailureLimiter();

  const handle = async (req: IncomingMessage, res: ServerResponse, id: string | null): Promise<void> => {
    const fail = (status: number, detail: string, headers?: Record<string, string>) =>
      sendError(req, res, { status, body: { detail }, ...(headers ? { headers } : {}) });
    const publisher = manager.publisher();
    if (publisher)
      return fail(
        403,
        `this server is a replica: writes are refused here; make overrides on its publisher, ${publisher}`,
      );
    if (tokens.length === 0)
      return fail(
        403,
        'writes are disabled: no admin token is configured (--admin-token NAME=SECRET or OPENBELL_ADMIN_TOKENS)',
      );
    const address = req.socket.remoteAddress ?? 'unknown';
    const wait = limiter.blockedFor(address);
    if (wait > 0)
      return fail(429, `too many failed write attempts from this address; try again in ${wait} s`, {
        'Retry-After': String(wait),
      });
    const secret = bearerOf(req.headers.authorization);
    const name = secret === null ? null : tokenName(tokens, secret);
    if (name === null) {
      limiter.fail(address);
      logger.warn(
        { method: req.method, path: req.url?.split('?')[0], address },
        secret === null ? 'override write without a token refused' : 'override write with an unknown token refused',
      );
      return fail(
        401,
        secret === null
          ? 'an admin token is required: Authorization: Bearer <secret>'
          : 'the token is not an admin token of this service',
        { 'WWW-Authenticate': 'Bearer realm="openbell"' },
      );
    }
    try {
      let record;
      if (id === null) {
        if (!isJson(req.headers['content-type']))
          return fail(415, `Content-Type must be application/json, got '${req.headers['content-type'] ?? 'none'}'`);
        const bytes = await readBody(req);
        let body: unknown;
        try {
          body = JSON.parse(bytes.toString('utf8'));
        } catch {
          return sendError(req, res, {
            status: 422,
            body: { detail: [{ loc: ['body'], msg: 'the body is not valid JSON', type: 'json_invalid' }] },
          });
        }
        record = await manager.create(body, name);
        logger.info(
          { id: record.id, kind: record.kind, target: record.target, date: record.date, by: name },
          'override made',
        );
        setVersion(res, manager.version());
        return send(req, res, 201, JSON.stringify(record), { Location: `/overrides/${record.id}` });
      }
      record = await manager.withdraw(id, name);
      logger.info({ id, by: name }, 'override withdrawn');
      setVersion(res, manager.version());
      return send(req, res, 200, JSON.stringify(record));
    } catch (err) {
      // The rest of an oversized body is not read: the connection cannot carry another request.
      if (err instanceof BodyError) return fail(err.status, err.message, { Connection: 'close' });
      return sendError(req, res, { ...refusal(err), error: err }, logger);
    }
  };

  return (req, res) => {
    const method = req.method;
    if (method !== 'POST' && method !== 'DELETE') return false;
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    let id: string | null;
    if (method === 'POST' && (path === '/overrides' || path === '/overrides/')) id = null;
    else if (
      method === 'DELETE' &&
      path.startsWith('/overrides/') &&
      path.length > '/overrides/'.length &&
      !path.slice(11).includes('/')
    )
      id = decodeURIComponent(path.slice(11));
    else return false;
    if (log) log.follow(req, res, log.begin());
    handle(req, res, id).then(
      () => undefined,
      (err: unknown) => {
        logger.error({ err }, 'override write failed');
        if (!res.headersSent) sendError(req, res, { status: 500, body: { detail: 'Internal server error' } });
      },
    );
    return true;
  };
}
