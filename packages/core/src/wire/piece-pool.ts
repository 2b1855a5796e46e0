/**
 * Buffers lent out as the pieces of an answer written afresh (the months of a range too long for
 * its blocks to be kept), taken back from a consumer that is done with a piece and written again
 * for a later one. Written into fresh buffers, a 31-year answer leaves its whole size (11.5 MiB for
 * US.NYSE) to the garbage collector, whose young generation may well not run once while it is
 * sent; lent and handed back, it goes out through a few buffers.
 *
 * Handing a piece back is optional (a consumer that keeps pieces, or drops them, never does) and
 * safe for any bytes: only a piece lent here, not handed back yet, goes back to the pool.
 */

/** The pool holds at most this many buffers, and this many bytes. */
const MAX_FREE = 16;
const MAX_FREE_BYTES = 1024 * 1024;

const free: Uint8Array[] = [];
let freeBytes = 0;
/** Each piece lent and not handed back, with the whole buffer it is the start of. */
const lent = new WeakMap<Uint8Array, Uint8Array>();

/**
 * A buffer of at least `capacity` bytes from the pool, or undefined when none is that large (one
 * that is not is let go, so the pool follows the sizes asked for).
 */
export function pooledBuffer(capacity: number): Uint8Array | undefined {
  for (let i = free.length - 1; i >= 0; i--) {
    const b = free[i]!;
    if (b.length >= capacity) {
      free.splice(i, 1);
      freeBytes -= b.length;
      return b;
    }
  }
  const old = free.shift();
  if (old !== undefined) freeBytes -= old.length;
  return undefined;
}

/** Records `piece` (the start of `whole`) as lent: handing it back returns `whole` to the pool. */
export function lend(piece: Uint8Array, whole: Uint8Array): Uint8Array {
  lent.set(piece, whole);
  return piece;
}

/**
 * Hands back a piece of an answer its consumer is done with (written to the socket, copied):
 * its buffer may be written again for a later piece. Anything else is ignored.
 */
export function releasePiece(piece: Uint8Array): void {
  const whole = lent.get(piece);
  if (whole === undefined) return;
  lent.delete(piece);
  if (free.length >= MAX_FREE || freeBytes + whole.length > MAX_FREE_BYTES) return;
  free.push(whole);
  freeBytes += whole.length;
}

/** Buffers in the pool, and their bytes (for tests). */
export function pooledPieces(): { buffers: number; bytes: number } {
  return { buffers: free.length, bytes: freeBytes };
}
