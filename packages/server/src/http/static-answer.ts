/**
 * Answers whose bytes are fixed for the life of the process (the contract, the /docs page and
 * its assets): sent compressed when the client accepts it, each compressed form made once and
 * kept beside the bytes, with an ETag and the cache lifetime given.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { etagMatches } from './conditional.js';
import { bytesEtag } from './answer-cache.js';
import { COMPRESS_FROM, compress, encodingFor, type Encoding } from './negotiate.js';
import { send } from './send.js';

interface Packed {
  etag: string;
  forms: Partial<Record<Encoding, Buffer>>;
}
const packed = new WeakMap<Buffer, Packed>();

/** Sends `body` (kept by the caller: its compressed forms are kept while it is) as `type`, with `Cache-Control: cc`. */
export function sendStatic(req: IncomingMessage, res: ServerResponse, body: Buffer, type: string, cc: string): void {
  let p = packed.get(body);
  if (p === undefined) packed.set(body, (p = { etag: bytesEtag(body), forms: {} }));
  const compressible = body.length >= COMPRESS_FROM;
  // A Vary set before (CORS's Origin) is kept beside Accept-Encoding: writing one would replace it.
  const prior = res.getHeader('vary');
  const vary = prior === undefined ? 'Accept-Encoding' : `${String(prior)}, Accept-Encoding`;
  const base = compressible
    ? { 'Content-Type': type, Vary: vary, 'Cache-Control': cc, ETag: p.etag }
    : { 'Content-Type': type, 'Cache-Control': cc, ETag: p.etag };
  if (etagMatches(req.headers['if-none-match'], p.etag)) {
    const { 'Content-Type': _t, ...rest } = base;
    return send(req, res, 304, undefined, rest);
  }
  const encoding = compressible ? encodingFor(req) : undefined;
  if (encoding === undefined) return send(req, res, 200, body, base);
  const form = (p.forms[encoding] ??= compress(body, encoding));
  send(req, res, 200, form, { ...base, 'Content-Encoding': encoding });
}
