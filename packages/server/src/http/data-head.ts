/**
 * The headers of a data answer (docs/rest.md "Caching"), written as one flat list
 * `[name, value, name, value, …]` by a single `res.writeHead(status, list)`.
 *
 * Node reads a flat list as it is; an object of headers (and the object spread that put one
 * together from the answer's parts) cost a third of a microsecond more a request, about as much
 * as the purge keys themselves. A URL asked again keeps its list (`DataHead`, held by its
 * reading): every value in it is a string kept elsewhere (the `Cache-Control` of each `max-age`,
 * the purge keys of each market, the URL's ETag), so a request compares them by identity and
 * writes its body's length in place; nothing is made unless one of them changed (the `max-age`
 * counting down: once a second).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DATA_VARY } from './cache-policy.js';
import type { PurgeKeys } from './purge-keys.js';
import { namedVersion, VERSION_HEADER } from './send.js';

export type HeadList = (string | number)[];

/** Where the body's length sits in a list made by `dataHead` with a length. */
const LENGTH_AT = 3;

/**
 * The headers of a data answer in the order they always had: its type and length (a 304 and a
 * streamed answer have none: `type` and `length` undefined), Vary, Cache-Control, the purge keys
 * when sent, the ETag, the encoding, the version that answered.
 */
export function dataHead(
  type: string | undefined,
  length: number | undefined,
  cc: string,
  keys: PurgeKeys | undefined,
  etag: string | undefined,
  encoding: string | undefined,
  version: string | undefined,
): HeadList {
  // Made at its size (not grown by push): a new URL makes one list.
  const n =
    4 +
    (type === undefined ? 0 : 2) +
    (length === undefined ? 0 : 2) +
    (keys === undefined ? 0 : 4) +
    (etag === undefined ? 0 : 2) +
    (encoding === undefined ? 0 : 2) +
    (version === undefined ? 0 : 2);
  const h: HeadList = new Array<string | number>(n);
  let i = 0;
  const put = (name: string, value: string | number): void => {
    h[i++] = name;
    h[i++] = value;
  };
  if (type !== undefined) put('Content-Type', type);
  if (length !== undefined) put('Content-Length', length);
  put('Vary', DATA_VARY);
  put('Cache-Control', cc);
  if (keys !== undefined) {
    put('Surrogate-Key', keys.surrogate);
    put('Cache-Tag', keys.tag);
  }
  if (etag !== undefined) put('ETag', etag);
  if (encoding !== undefined) put('Content-Encoding', encoding);
  if (version !== undefined) put(VERSION_HEADER, version);
  return h;
}

/**
 * What one answer says to caches, and the list of its headers kept while that stays the same.
 * An answer sets `cc`, `keys` and `etag` before it is sent; a URL asked again keeps its head
 * (its reading holds it), and each request sets them afresh.
 */
export class DataHead {
  /** Its `Cache-Control` (cache-policy.ts). */
  cc = '';
  /** Its purge keys, when they are sent. */
  keys: PurgeKeys | undefined = undefined;
  /** Its ETag, when it has one. */
  etag: string | undefined = undefined;
  private list: HeadList = [];
  // What `list` was made of (undefined `madeCc`: not made yet).
  private madeCc: string | undefined = undefined;
  private madeEtag: string | undefined = undefined;
  private madeKeys: PurgeKeys | undefined = undefined;
  private madeVersion: string | undefined = undefined;
  private madeType: string | undefined = undefined;
  private madeEncoding: string | undefined = undefined;
  /** Where the ETag's value sits in `list`, when it has one. */
  private etagAt = 0;

  /**
   * The list of a whole answer of `length` bytes (kept strings compare by identity): nothing is
   * made when none changed but the length, or the ETag of an answer that has one where the
   * list has one (the passing head of new URLs).
   */
  whole(type: string, length: number, encoding: string | undefined, version: string | undefined): HeadList {
    const etag = this.etag;
    if (etag !== this.madeEtag && etag !== undefined && this.madeEtag !== undefined) {
      this.list[this.etagAt] = etag;
      this.madeEtag = etag;
    }
    if (
      this.madeCc !== this.cc ||
      this.madeEtag !== etag ||
      this.madeKeys !== this.keys ||
      this.madeVersion !== version ||
      this.madeType !== type ||
      this.madeEncoding !== encoding
    ) {
      this.list = dataHead(type, length, this.cc, this.keys, etag, encoding, version);
      // The ETag's value follows type, length, Vary, Cache-Control and the purge keys.
      this.etagAt = 9 + (this.keys === undefined ? 0 : 4);
      this.madeCc = this.cc;
      this.madeEtag = etag;
      this.madeKeys = this.keys;
      this.madeVersion = version;
      this.madeType = type;
      this.madeEncoding = encoding;
    } else this.list[LENGTH_AT] = length;
    return this.list;
  }

  /** The list of a streamed answer (no length: chunked), made each time. */
  streamed(type: string, encoding: string | undefined, version: string | undefined): HeadList {
    return dataHead(type, undefined, this.cc, this.keys, this.etag, encoding, version);
  }
}

/**
 * Sends a whole data answer with `head`'s headers, then the body as one Buffer or as its pieces
 * (views of core's kept blocks, written as they are: Node hands them to the socket in one
 * writev), none for HEAD.
 */
export function sendData(
  req: IncomingMessage,
  res: ServerResponse,
  head: DataHead,
  type: string,
  body: Buffer | readonly Uint8Array[],
  length: number,
  encoding?: string,
): void {
  // writeHead reads the list before it returns: the next request may write the kept one again.
  res.writeHead(200, withPriorVary(res, head.whole(type, length, encoding, namedVersion(res))));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (Buffer.isBuffer(body)) {
    res.end(body);
    return;
  }
  res.cork();
  for (const p of body as readonly Uint8Array[]) if (p.length > 0) res.write(p);
  res.end();
  res.uncork();
}

/** A 304 of a data answer: its validator and what it says to caches, no body. */
export function sendNotModified(res: ServerResponse, head: DataHead): void {
  res.writeHead(
    304,
    withPriorVary(res, dataHead(undefined, undefined, head.cc, head.keys, head.etag, undefined, namedVersion(res))),
  );
  res.end();
}

/**
 * `list`, or a copy whose Vary also names what a header set before says the answer varies on
 * (CORS's `Origin` for a list of allowed origins): writeHead would replace it otherwise, and a
 * cache could hand one origin's `Access-Control-Allow-Origin` to another. Only a response with
 * headers set beforehand pays for the look.
 */
export function withPriorVary(res: ServerResponse, list: HeadList): HeadList {
  if (!res.hasHeader('vary')) return list;
  const copy = list.slice();
  const at = copy.indexOf('Vary') + 1;
  copy[at] = `${String(res.getHeader('vary'))}, ${copy[at]}`;
  return copy;
}
