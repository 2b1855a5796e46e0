/**
 * Long answers written piece by piece (chunked): a slice of pieces per turn of the event loop,
 * pausing while the socket is full, so one large request never holds the others up. Each piece
 * is handed back to core once the socket has sent it (its write's callback), so the buffer of a
 * piece core wrote afresh is written again for a later one instead of left as garbage.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Logger } from 'pino';
import { releasePiece } from '@openbell/core';
import type { Encoding } from './negotiate.js';
import { withPriorVary, type HeadList } from './data-head.js';

/** Writes `piece`, handing it back to core once sent (not when the write fails: it may still be held). */
function writePiece(res: Writable, piece: Uint8Array): boolean {
  return res.write(piece, (err) => {
    if (!err) releasePiece(piece);
  });
}

/**
 * The compressor a streamed answer goes through (the same settings as a whole answer's,
 * negotiate.ts), its output piped to the response; cut when the response is.
 */
function compressor(res: ServerResponse, encoding: Encoding): Writable {
  const z =
    encoding === 'br'
      ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
      : createGzip({ level: 6 });
  z.pipe(res);
  res.once('close', () => z.destroy());
  return z;
}

/**
 * Sends the headers and `written` (pieces already produced), then the rest of `pieces`, writing
 * for at most `sliceMs` before letting the loop turn. A piece that throws cuts the answer (its
 * headers are gone), so the client sees it is incomplete. With `encoding` (the headers name it),
 * the pieces go through a compressor on their way: a long answer is compressed as it is written.
 */
export function streamPieces(
  req: IncomingMessage,
  res: ServerResponse,
  head: HeadList,
  written: readonly Uint8Array[],
  pieces: Iterator<Uint8Array>,
  sliceMs: number,
  logger: Logger,
  encoding?: Encoding,
): void {
  res.writeHead(200, withPriorVary(res, head));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const sink: Writable = encoding ? compressor(res, encoding) : res;
  for (const b of written) writePiece(sink, b);
  const pump = (): void => {
    if (res.destroyed || sink.destroyed) return;
    const t = performance.now();
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = pieces.next();
      } catch (err) {
        logger.error({ err, method: req.method, url: req.url?.split('?')[0] }, 'request failed while writing');
        res.destroy();
        return;
      }
      if (next.done) {
        sink.end();
        return;
      }
      if (!writePiece(sink, next.value)) {
        sink.once('drain', pump);
        return;
      }
      if (performance.now() - t > sliceMs) {
        setImmediate(pump);
        return;
      }
    }
  };
  setImmediate(pump);
}
