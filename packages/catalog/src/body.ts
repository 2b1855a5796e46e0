/**
 * Reading a POST operation's body as it arrives (registry.ts BodySpec): bytes in, decoded as UTF-8
 * piece by piece and fed to the operation's reader, counted against its size limit. The server
 * feeds the pieces of a request, the command line those of a file; neither keeps the body.
 */
import { TooLargeError, type CalendarQueries } from '@openbell/core';
import { thousands } from './operations/shared.js';
import type { Operation } from './registry.js';

/** One body being read: `feed` each piece as it comes (throws a refusal), then `end` for the answer. */
export interface BodyFeed {
  feed(piece: Uint8Array): void;
  end(): unknown;
}

/** The refusal of a body over `maxBytes` (413). */
export function tooLarge(maxBytes: number): TooLargeError {
  return new TooLargeError(`The body is longer than the limit of ${thousands(maxBytes)} bytes`, maxBytes);
}

/**
 * Starts reading the body of `op` with its other arguments `args` (read without the body's
 * parameter: readArgs with `bodyApart`); throws their refusals, which therefore come before any
 * byte of the body is read. `type` is the body's media type as sent.
 */
export function openBody(
  op: Operation,
  ds: CalendarQueries,
  args: Record<string, unknown>,
  type: string | undefined,
): BodyFeed {
  const body = op.body;
  if (!body) throw new Error(`${op.operationId} reads no body`);
  const reader = body.read(ds, args as never, type);
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  return {
    feed(piece) {
      bytes += piece.byteLength;
      if (bytes > body.maxBytes) throw tooLarge(body.maxBytes);
      reader.feed(decoder.decode(piece, { stream: true }));
    },
    end() {
      reader.feed(decoder.decode());
      return reader.end();
    },
  };
}
