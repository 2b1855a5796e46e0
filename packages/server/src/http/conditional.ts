/** Conditional requests: whether an If-None-Match names the answer's current ETag. */
import fresh from 'fresh';

/**
 * Whether an If-None-Match list names `etag` (weak comparison; `*` matches). Only that header
 * is consulted: a Last-Modified date or the request's Cache-Control never turn it into a 304.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch !== '' && fresh({ 'if-none-match': ifNoneMatch }, { etag });
}
