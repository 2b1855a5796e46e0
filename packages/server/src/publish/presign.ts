/**
 * Presigned download URLs: `/v4/files/<version>/bulk.zip?expires=<unix s>&signature=<b64url>`,
 * an HMAC over `"<version>\n<expires>"`, valid without a token until it expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILES_PREFIX } from '@openbell/loader';

export const DEFAULT_URL_TTL_SECONDS = 300;

const DIGITS = /^\d{1,12}$/;

export type SignatureCheck = 'ok' | 'invalid' | 'expired';

export interface Signer {
  /** The path and query of a presigned URL for `version`, valid for `ttlSeconds`. */
  presign(version: string, ttlSeconds?: number): string;
  /** Whether the query of a presigned URL for `version` holds a valid, unexpired signature. */
  check(version: string, query: string): SignatureCheck;
}

/** Signs with `key`; `now` is the clock in epoch ms. */
export function createSigner(key: Buffer, defaultTtlSeconds: number, now: () => number): Signer {
  const sign = (version: string, expires: number): string =>
    createHmac('sha256', key).update(`${version}\n${expires}`).digest('base64url');
  return {
    presign(version, ttlSeconds = defaultTtlSeconds) {
      const expires = Math.floor(now() / 1000) + Math.ceil(ttlSeconds);
      return `${FILES_PREFIX}${version}/bulk.zip?expires=${expires}&signature=${sign(version, expires)}`;
    },
    check(version, query) {
      const params = new URLSearchParams(query);
      const expires = params.get('expires') ?? '';
      const signature = params.get('signature') ?? '';
      if (!DIGITS.test(expires)) return 'invalid';
      const expected = Buffer.from(sign(version, Number(expires)));
      const given = Buffer.from(signature);
      // Compare the canonical encodings: base64url decoding would accept variants of the last char.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Math.floor(now() / 1000) > Number(expires) ? 'expired' : 'ok';
    },
  };
}
