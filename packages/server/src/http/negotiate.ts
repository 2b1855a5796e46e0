/**
 * Content negotiation of compressed answers: which encoding the request accepts, and the
 * compression itself.
 */
import type { IncomingMessage } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip';

/** Bodies from this size on are compressed when the client accepts it. */
export const COMPRESS_FROM = 8 * 1024;

const OFFERED: Encoding[] = ['br', 'gzip'];

/** negotiator's `preferred` option (documented since 1.0), missing from its published types. */
type EncodingNegotiator = {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
};

/** The encoding to answer in: the client's preference by q-value, brotli on a tie; none without Accept-Encoding. */
export function encodingFor(req: IncomingMessage): Encoding | undefined {
  if (req.headers['accept-encoding'] === undefined) return undefined;
  return (new Negotiator(req) as unknown as EncodingNegotiator).encoding(OFFERED, { preferred: OFFERED }) as
    | Encoding
    | undefined;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  // Quality 4 brotli and level 6 gzip: most of the size gain for little CPU on JSON.
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}
