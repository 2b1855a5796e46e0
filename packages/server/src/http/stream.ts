/**
 * Long answers written piece by piece (chunked): a slice of pieces per turn of the event loop,
 * pausing while the socket is full, so one large request never holds the others up. Each piece
 * is handed back to core once the socket has sent it (its write's callback), so the buffer of a
 * piece core wrote afresh is written again for a later one instead of left as garbage.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { releasePiece } from '@openbell/core';
import { withVersion } from './send.js';

/** Writes `piece`, handing it back to core once sent (not when the write fails: it may still be held). */
function writePiece(res: ServerResponse, piece: Uint8Array): boolean {
  return res.write(piece, (err) => {
    if (!err) releasePiece(piece);
  });
}

/**
 * Sends the headers and `written` (pieces already produced), then the rest of `pieces`, writing
 * for at most `sliceMs` before letting the loop turn. A piece that throws cuts the answer (its
 * headers are gone), so the client sees it is incomplete.
 */
export function streamPieces(
  req: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
  written: readonly Uint8Array[],
  pieces: Iterator<Uint8Array>,
  sliceMs: number,
  logger: Logger,
): void {
  res.writeHead(200, withVersion(res, headers)!);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  for (const b of written) writePiece(res, b);
  const pump = (): void => {
    if (res.destroyed) return;
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
        res.end();
        return;
      }
      if (!writePiece(res, next.value)) {
        res.once('drain', pump);
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
