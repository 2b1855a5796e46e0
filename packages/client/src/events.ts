/**
 * `client.events({ markets })`: the server's `/events` stream (Server-Sent Events, docs/rest.md)
 * read with `fetch`, as an async iterator. When the connection ends or fails it reconnects after
 * the server's `retry` (or `retryMs`), sending the last event's id as `Last-Event-ID`, so the
 * server sends what was missed first. Ends when the caller stops iterating or its signal aborts.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { CallOptions, Shared } from './options.js';
import { errorOf, OpenbellError } from './errors.js';

/** One frame of the stream: `ready`, `market_error`, `open`, `close`, `phase`, `heartbeat`, `data_changed`, `data`. */
export interface BellEventFrame {
  event: string;
  /** `<epoch ms>:<FinID>` for a bell event; what `Last-Event-ID` resumes from. */
  id: string | undefined;
  /** The frame's JSON: for a bell event `{ id, market, event, at, phase, status }`. */
  data: unknown;
}

export interface EventsOptions {
  /** FinIDs or MICs to watch (a list or comma-separated); default every market (or `subset`). */
  markets?: readonly string[] | string;
  /** A FinID pattern instead of `markets` (`US*`). */
  subset?: string;
  /** Resume after this event id, as a reconnect does. */
  lastEventId?: string;
  /** The wait before reconnecting until the server names one with `retry:` (default 1000 ms). */
  retryMs?: number;
  /**
   * A connection that brings nothing for this long is taken as lost and made again (default
   * 45 s: the server sends a heartbeat every 15 s); 0 never.
   */
  idleMs?: number;
  signal?: AbortSignal;
}

function frameOf(m: EventSourceMessage): BellEventFrame {
  let data: unknown = m.data;
  try {
    data = JSON.parse(m.data);
  } catch {
    // not JSON: the text as it came
  }
  return { event: m.event ?? 'message', id: m.id, data };
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export async function* events(
  shared: Shared,
  options: EventsOptions & CallOptions,
): AsyncIterableIterator<BellEventFrame> {
  const query = new URLSearchParams();
  const { markets, subset } = options;
  if (markets !== undefined) query.set('markets', typeof markets === 'string' ? markets : markets.join(','));
  if (subset !== undefined) query.set('subset', subset);
  const qs = query.toString();
  const url = `${shared.base}/events${qs ? `?${qs}` : ''}`;
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  let lastId = options.lastEventId;
  let retry = options.retryMs ?? 1000;
  let connected = false;
  try {
    while (!signal.aborted) {
      const frames: BellEventFrame[] = [];
      const parser = createParser({
        onEvent: (m) => {
          if (m.id) lastId = m.id;
          frames.push(frameOf(m));
        },
        onRetry: (ms) => {
          retry = ms;
        },
      });
      // This connection's own end: a silence longer than idleMs drops it, and the loop connects again.
      const line = new AbortController();
      const idleMs = options.idleMs ?? 45_000;
      let idle: ReturnType<typeof setTimeout> | undefined;
      const awake = () => {
        clearTimeout(idle);
        if (idleMs > 0) idle = setTimeout(() => line.abort(), idleMs);
      };
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream', ...shared.options.headers };
        if (lastId) headers['Last-Event-ID'] = lastId;
        awake();
        const res = await shared.fetch(url, { headers, signal: AbortSignal.any([signal, line.signal]) });
        if (res.status !== 200 || !res.body) {
          const text = await res.text();
          // Full (503) or limited (429): wait as told, then try again.
          if (res.status === 503 || res.status === 429) {
            await pause(Number(res.headers.get('Retry-After') ?? 0) * 1000 || retry, signal);
            continue;
          }
          throw errorOf(res.status, text);
        }
        connected = true;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
          // The caller's time with a frame is not the server's silence.
          clearTimeout(idle);
          while (frames.length) yield frames.shift()!;
          awake();
        }
      } catch (err) {
        if (signal.aborted) return;
        // A refusal, or a server never reached: the caller hears of it. A dropped stream reconnects.
        if (err instanceof OpenbellError || !connected) throw err;
      } finally {
        clearTimeout(idle);
        line.abort();
      }
      await pause(retry, signal);
    }
  } finally {
    stop.abort();
  }
}
