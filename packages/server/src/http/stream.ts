/**
 * Long answers written piece by piece (chunked): a slice of pieces per turn of the event loop,
 * pausing while the socket is full, so one large request never holds the others up.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { withVersion } from './send.js';

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
  for (const b of written) res.write(b);
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
      if (!res.write(next.value)) {
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
