/** The bearer check of /v4/download: reading the Authorization header and comparing tokens. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const UNAUTHORIZED_DETAIL = 'Missing or invalid bearer token';

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** The token of an `Authorization: Bearer <token>` header, or '' when absent or malformed. */
export function bearerToken(req: IncomingMessage): string {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return '';
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : '';
}

/**
 * Constant-time token check: the presented token and every configured token are compared as
 * SHA-256 digests (equal lengths), against all of them with no early exit, so a missing, an
 * unknown and a wrong token cost the same. `tokens` may be a function read on every check
 * (rotation); its digests are made again only when it returns another list.
 */
export function tokenChecker(tokens: readonly string[] | (() => readonly string[])): (presented: string) => boolean {
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
