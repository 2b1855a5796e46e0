/** Conditional requests: the ETags of answers, and whether an If-None-Match names one. */
import fresh from 'fresh';
import { mix } from './digest.js';

/**
 * Whether an If-None-Match list names `etag` (weak comparison; `*` matches). Only that header
 * is consulted: a Last-Modified date or the request's Cache-Control never turn it into a 304.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch !== '' && fresh({ 'if-none-match': ifNoneMatch }, { etag });
}

/** The base64url digits' character codes. */
const DIGITS = Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', (c) => c.charCodeAt(0));

/**
 * Six base64url digits each of the low 32 bits of `a` and of `b` (the top four bits of each
 * sixth digit are zero), as one string: made digit by digit, the twelve one-character strings
 * and their joins were most of what an ETag allocated (about 450 bytes a request).
 */
function digits64(a: number, b: number): string {
  return String.fromCharCode(
    DIGITS[a & 63]!,
    DIGITS[(a >>> 6) & 63]!,
    DIGITS[(a >>> 12) & 63]!,
    DIGITS[(a >>> 18) & 63]!,
    DIGITS[(a >>> 24) & 63]!,
    DIGITS[(a >>> 30) & 63]!,
    DIGITS[b & 63]!,
    DIGITS[(b >>> 6) & 63]!,
    DIGITS[(b >>> 12) & 63]!,
    DIGITS[(b >>> 18) & 63]!,
    DIGITS[(b >>> 24) & 63]!,
    DIGITS[(b >>> 30) & 63]!,
  );
}

/**
 * The weak ETag of an answer keyed by its canonical key (answer-cache.ts `canonicalKey`): the
 * data's tag, then a 64-bit digest of the key. An answer that depends only on the URL and the
 * data (`cacheable`) is fixed by the two, so the pair is a valid validator whatever the bytes:
 * a request's If-None-Match can only name an earlier answer of the same URL, which is the
 * current one exactly when the tag is the same (a new version or load brings a new tag). The
 * digest only keeps the ETags of different queries apart (a client comparing them, the JSON and
 * CSV forms of one URL): two FNV-1a passes with different offsets, each finished with a
 * murmur3 mix, computed in this thread in well under a microsecond where a sha1 through
 * node:crypto took several (an object, a native call and a base64 string per request).
 */
export function keyEtag(tag: string, key: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return `W/"${tag}-${digits64(mix(a ^ key.length), mix(b))}"`;
}
