/**
 * Writing one frame to many `/events` subscribers (docs/benchmarks.md, "Watchers").
 *
 * A frame is encoded once, as a Buffer that already carries its HTTP chunk header, and written
 * as it is to every subscriber's socket: one `socket.write` each, no string or Buffer made per
 * subscriber. So a bell event or a data change costs what a bare `node:http` loop costs to
 * write one frame to as many sockets.
 *
 * A subscriber that stops reading would keep every frame sent to it in memory: once more than
 * `maxQueuedBytes` wait in its socket (`res.writableLength`, what the kernel did not take), it
 * is dropped, and nobody else waits for it (writes never block).
 *
 * Heartbeats come from one timer wheel for the whole process rather than a timer per
 * subscriber: a subscriber sits in one of the wheel's slots, and each turn of the wheel
 * heartbeats one slot, so 10,000 idle subscribers cost no timer of their own and their
 * heartbeats are spread over the period instead of coming all at once.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Queued bytes past which a subscriber that does not read is dropped (docs/benchmarks.md). */
export const DEFAULT_MAX_QUEUED_BYTES = 1 << 20;

const CRLF = Buffer.from('\r\n');

/** One SSE frame, encoded once: `body` for a response Node frames itself, `chunk` framed for the socket. */
export interface Frame {
  readonly body: Buffer;
  readonly chunk: Buffer;
}

export function encodeFrame(text: string): Frame {
  const body = Buffer.from(text);
  const head = Buffer.from(`${body.length.toString(16)}\r\n`, 'latin1');
  const chunk = Buffer.allocUnsafe(head.length + body.length + 2);
  head.copy(chunk, 0);
  body.copy(chunk, head.length);
  CRLF.copy(chunk, head.length + body.length);
  return { body, chunk };
}

/** `event: …` (and `id: …`) with its JSON data, as one frame's text. */
export function frameText(event: string, data: unknown, id?: string): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface Subscriber {
  readonly res: ServerResponse;
  readonly socket: Socket;
  /**
   * True when the response is chunked and already on its socket: frames go to the socket as
   * `chunk`. Otherwise (HTTP/1.0, a response still waiting behind a pipelined one) through
   * `res.write` as `body`, which frames them itself.
   */
  readonly direct: boolean;
  /** The heartbeat wheel's slot. */
  slot: number;
  closed: boolean;
  /** Ends the subscription (its channel, its slot, its response). */
  finish(): void;
}

export interface WriterOptions {
  maxQueuedBytes?: number | undefined;
  /** Told of each subscriber dropped for not reading. */
  onDrop?: (sub: Subscriber) => void;
}

/** Writes frames to subscribers, dropping the ones that stopped reading. */
export class FrameWriter {
  private readonly maxQueued: number;
  private readonly onDrop: ((sub: Subscriber) => void) | undefined;

  constructor(options: WriterOptions = {}) {
    this.maxQueued = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.onDrop = options.onDrop;
  }

  write(sub: Subscriber, frame: Frame): void {
    if (sub.closed) return;
    if (sub.direct) sub.socket.write(frame.chunk);
    else sub.res.write(frame.body);
    if (sub.res.writableLength > this.maxQueued) {
      sub.finish();
      // Its queue is not sent: the socket goes now, and with it the memory it holds.
      sub.socket.destroy();
      this.onDrop?.(sub);
    }
  }

  /** One frame to every subscriber of `subs` (a snapshot is not needed: finish() only marks and deletes). */
  all(subs: Iterable<Subscriber>, frame: Frame): void {
    for (const sub of subs) this.write(sub, frame);
  }
}

/**
 * The heartbeat wheel: `slots` sets of subscribers, one of which is heartbeaten every
 * `periodMs / slots`. Runs only while someone is subscribed; never keeps the process alive.
 */
export class HeartbeatWheel {
  private readonly slots: Set<Subscriber>[];
  private next = 0;
  private placed = 0;
  private count = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly stepMs: number;

  constructor(
    periodMs: number,
    private readonly beat: (subs: Set<Subscriber>) => void,
  ) {
    // Below ~1.6 s a period is a test's: one slot, heartbeats exactly every period.
    const n = periodMs >= 1600 ? 16 : 1;
    this.slots = Array.from({ length: n }, () => new Set<Subscriber>());
    this.stepMs = periodMs / n;
  }

  add(sub: Subscriber): void {
    sub.slot = this.placed++ % this.slots.length;
    this.slots[sub.slot]!.add(sub);
    this.count += 1;
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.turn(), this.stepMs);
      this.timer.unref();
    }
  }

  remove(sub: Subscriber): void {
    if (!this.slots[sub.slot]!.delete(sub)) return;
    this.count -= 1;
    if (this.count === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private turn(): void {
    const slot = this.slots[this.next]!;
    this.next = (this.next + 1) % this.slots.length;
    if (slot.size > 0) this.beat(slot);
  }
}
