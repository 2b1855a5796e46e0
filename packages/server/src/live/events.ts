/**
 * `GET /events?markets=…` (or `subset=…`; default every market): bell events as Server-Sent
 * Events. Core's bell-event stream (`openBellEventStream`, on the server's clock) says which
 * event is due and how long to wait; this module keeps the timers and writes the frames.
 *
 * Stream (chosen where the spec is silent):
 * - `event: ready`, data `{as_of, markets}`: the FinIDs being watched, once at the start.
 * - `event: market_error`, data `{identifier, error: {status, detail}}`: an identifier that
 *   cannot be watched (what its single-market status request would answer).
 * - `event: open|close|phase`, `id: <epoch ms>:<FinID>`, data `{id, market, event, at, phase,
 *   status}` as it happens on the server's clock.
 * - `event: heartbeat`, data `{at}` (no id, so a reconnect keeps its Last-Event-ID).
 * - `event: data_changed`, data `{version, loaded_at}` at the swap itself (not on a later
 *   tick): the events due up to the swap's instant are sent first, on the data they were
 *   planned on; planning goes on with the new data from that instant, so no event is lost or
 *   sent twice, and `ready`/`market_error` are sent again.
 * - `event: data`, the change set's summary (docs/data-changes.md §2), once it is computed.
 * - `Last-Event-ID` (header, or `last_event_id` query) resumes: events after that one, up to
 *   a day back, are sent at once (on the data served now, across any swap), then the stream
 *   goes on live.
 *
 * One process holds ten thousand subscribers (docs/benchmarks.md, "Watchers"): subscribers
 * asking for the same markets share one *channel*, which holds the one planned stream for all
 * of them, and each frame is encoded once and written to every socket (fanout.ts). The
 * channels wait on one timer for the process (wakeups.ts), and channels on different sets of
 * markets share each market's plan (core's bellEvents). A subscriber itself is a response, its
 * socket and a slot of the heartbeat wheel.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { openBellEventStream, type BellEventStream, type StatusManyRequest } from '@openbell/core';
import { bulkError, DataNotLoadedError, toHttp } from '@openbell/catalog';
import type { Logger } from 'pino';
import { sendError, VERSION_HEADER } from '../http/send.js';
import type { LoadedData } from '../types.js';
import type { DataHolder } from '../updates.js';
import { encodeFrame, FrameWriter, frameText, HeartbeatWheel, type Frame, type Subscriber } from './fanout.js';
import { Wakeups, type Waiter } from './wakeups.js';

export interface LiveOptions {
  /** The server's clock (tests pass a fake one). */
  now: () => number;
  /** How often the clock is read, ms (default 1000; an event due sooner is waited for exactly). */
  tickMs?: number;
  /** Heartbeat period, ms (default 15000). */
  heartbeatMs?: number;
  /** How far ahead events are planned, ms (default core's DEFAULT_HORIZON_MS, one hour). */
  horizonMs?: number;
  /** Queued bytes past which a subscriber that does not read is dropped (default 1 MiB). */
  maxQueuedBytes?: number;
  /** Where a failure of ours (a 500) is logged with its cause. */
  logger?: Logger;
  /** Data changes: each event is sent as `event: data` (docs/data-changes.md §2). */
  dataChanges?: { subscribe(listener: (event: unknown) => void): () => void };
  /** The server's budget of streams: false when it is full and has answered 503 itself. */
  admitSubscriber?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** `markets` (comma lists, repeated) when it names any, else `subset`; default every market. */
export function chosenMarkets(query: URLSearchParams): StatusManyRequest {
  const markets = query.getAll('markets');
  if (markets.some((v) => v.split(',').some((s) => s.trim() !== ''))) return { markets };
  return { subset: query.get('subset') ?? '*' };
}

const RETRY = encodeFrame('retry: 2000\n\n');

const serverError = (err: unknown): string =>
  frameText('server_error', { detail: err instanceof Error ? err.message : 'Internal server error' });
/**
 * Channels a swap sends data_changed and their new plan to as one frame each; beyond, every
 * channel gets data_changed before any is planned (onSwap). A plan costs about 15-70 µs.
 */
const ONE_FRAME_CHANNELS = 64;
/** How long the channels of a swap are planned before the loop turns, ms. */
const SWAP_SLICE_MS = 8;
/** How often dropped slow readers are logged at most, ms. */
const DROP_LOG_EVERY_MS = 10_000;

/** The subscribers of one request (the same markets in the same order) and their one planned stream. */
class Channel implements Waiter {
  readonly subs = new Set<Subscriber>();
  stream!: BellEventStream;
  data!: LoadedData;
  /** The instant the stream's clock reads: set before each step, so every step of one turn sees one instant. */
  t = 0;
  /** When it asks its stream again (wakeups.ts); undefined while it is not waiting. */
  dueAt: number | undefined = undefined;
  /** A swap it was told of (data_changed sent) and is not yet planned on: its data and instant. */
  swapped: { data: LoadedData; at: number } | undefined = undefined;
  /** `ready` without `as_of`'s value, and the `market_error` frames, of the current stream. */
  private marketsJson = '[]';
  private errorsText = '';

  constructor(
    readonly key: string,
    readonly request: StatusManyRequest,
  ) {}

  /** Opens the stream on `data` at instant `t` (throws the request's fault). */
  open(data: LoadedData, t: number, horizonMs: number | undefined, lastEventId?: string): void {
    this.t = t;
    const stream = openBellEventStream(data.dataset, this.request, { now: () => this.t, horizonMs, lastEventId });
    this.stream = stream;
    this.data = data;
    this.marketsJson = JSON.stringify(stream.markets);
    this.errorsText = stream.errors
      .map((e) => frameText('market_error', { identifier: e.identifier, error: bulkError(e.error) }))
      .join('');
  }

  /** `ready` at `t` and the `market_error` frames. */
  announceText(t: number): string {
    const asOf = JSON.stringify(new Date(t).toISOString());
    return `event: ready\ndata: {"as_of":${asOf},"markets":${this.marketsJson}}\n\n${this.errorsText}`;
  }

  /** The events due at `t`, as text (empty when none), and how long until the next may be. */
  due(t: number): { text: string; waitMs: number } {
    this.t = t;
    let text = '';
    for (;;) {
      const step = this.stream.steps.next().value;
      if (step.event) {
        const { at_ms: _ms, ...body } = step.event;
        text += frameText(step.event.event, body, step.event.id);
        continue;
      }
      return { text, waitMs: step.waitMs };
    }
  }
}

export function eventsHandler(holder: DataHolder, options: LiveOptions) {
  const tickMs = options.tickMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const { now, horizonMs, logger } = options;
  const channels = new Map<string, Channel>();
  let lastReplay: { memo: string; data: LoadedData; t: number; text: string } | undefined;
  let dropped = 0;
  let dropLog: NodeJS.Timeout | undefined;
  const writer = new FrameWriter({
    maxQueuedBytes: options.maxQueuedBytes,
    onDrop: () => {
      dropped += 1;
      if (dropLog !== undefined) return;
      // One line per period at most, never one per subscriber.
      dropLog = setTimeout(() => {
        dropLog = undefined;
        const why = "dropped for not reading (more than their queue's bound waiting)";
        logger?.warn({ dropped }, `events: ${dropped} subscribers ${why}`);
        dropped = 0;
      }, DROP_LOG_EVERY_MS);
      dropLog.unref();
    },
  });
  const wheel = new HeartbeatWheel(heartbeatMs, (subs) => {
    if (stopIfClosed(subs)) return;
    writer.all(subs, encodeFrame(frameText('heartbeat', { at: new Date(now()).toISOString() })));
  });

  /** A server that stopped listening is draining: its streams are let go (true when it did). */
  function stopIfClosed(subs: Set<Subscriber>): boolean {
    const first = subs.values().next().value;
    const server = first && (first.socket as { server?: { listening?: boolean } }).server;
    if (server?.listening !== false) return false;
    for (const sub of subs) if ((sub.socket as { server?: unknown }).server === server) sub.finish();
    return true;
  }

  const send = (channel: Channel, text: string): void => {
    if (text !== '') writer.all(channel.subs, encodeFrame(text));
  };

  const schedule = (channel: Channel, t: number, waitMs: number): void => wakeups.at(channel, t + waitMs);

  const changedText = (data: LoadedData): string =>
    frameText('data_changed', { version: data.meta.version, loaded_at: new Date(data.meta.loadedAt).toISOString() });

  /** Reopens `channel` on `data` at `t`, after the events due on the old data; frames as one text. */
  const reopen = (channel: Channel, data: LoadedData, t: number): string => {
    const before = channel.due(t).text;
    channel.open(data, t, horizonMs);
    return before + changedText(data) + channel.announceText(t);
  };

  const tick = (channel: Channel, t = now()): void => {
    wakeups.cancel(channel);
    if (channel.subs.size === 0 || stopIfClosed(channel.subs)) return;
    if (channel.swapped) {
      // Told of a swap and still waiting for its slice: planned now (a newcomer joins it).
      finishSwap(channel, t);
      return;
    }
    const current = holder.current;
    replan(channel, t, () => (current && current !== channel.data ? reopen(channel, current, t) : ''));
  };

  const wakeups = new Wakeups<Channel>(now, tickMs, (channel, t) => tick(channel, t));

  // A swap reaches every subscriber at once, not on its channel's next tick: the events due on
  // the old data, data_changed, then the channel planned again on the new data from the swap's
  // instant. With few channels each gets that as one frame. With many (subscribers on different
  // sets of markets), data_changed goes to every channel at once and the planning follows in
  // slices of the loop, so neither the last channel's data_changed nor other requests wait for
  // ten thousand plannings (docs/benchmarks.md, "Watchers").
  holder.onSwap((_previous, next) => {
    const t = now();
    const stale = [...channels.values()].filter((channel) => channel.data !== next);
    // Channels still unplanned after an earlier swap are planned on its data first.
    for (const channel of stale) if (channel.swapped) finishSwap(channel, t);
    if (stale.length <= ONE_FRAME_CHANNELS) {
      for (const channel of stale) replan(channel, t, () => reopen(channel, next, t));
      return;
    }
    const changed = changedText(next);
    const changedFrame = encodeFrame(changed);
    for (const channel of stale) {
      try {
        const before = channel.due(t).text;
        if (before === '') writer.all(channel.subs, changedFrame);
        else send(channel, before + changed);
        wakeups.cancel(channel);
        channel.swapped = { data: next, at: t };
        swappedQueue.push(channel);
      } catch (err) {
        logger?.error({ err }, 'events: planning on the old data failed');
        send(channel, serverError(err));
        schedule(channel, t, tickMs);
      }
    }
    swappedSlices ??= setImmediate(planSwapped);
  });

  /** Channels told of a swap and not yet planned on its data, in turn (`swappedNext` the next). */
  let swappedQueue: Channel[] = [];
  let swappedNext = 0;
  let swappedSlices: NodeJS.Immediate | undefined;
  function planSwapped(): void {
    swappedSlices = undefined;
    const t = now();
    const started = performance.now();
    while (swappedNext < swappedQueue.length) {
      const channel = swappedQueue[swappedNext++]!;
      if (channel.swapped === undefined) continue;
      if (channel.subs.size === 0 || stopIfClosed(channel.subs)) {
        channel.swapped = undefined;
        continue;
      }
      finishSwap(channel, t);
      if (performance.now() - started >= SWAP_SLICE_MS) break;
    }
    if (swappedNext < swappedQueue.length) swappedSlices = setImmediate(planSwapped);
    else {
      swappedQueue = [];
      swappedNext = 0;
    }
  }

  /** Plans `channel` on the data of the swap it was told of, from the swap's instant; sends what is due at `t`. */
  function finishSwap(channel: Channel, t: number): void {
    const { data, at } = channel.swapped!;
    channel.swapped = undefined;
    replan(channel, t, () => {
      channel.open(data, at, horizonMs);
      return channel.announceText(at);
    });
  }

  /** Sends `first()` and the events due at `t` to `channel` as one frame, and schedules it. */
  function replan(channel: Channel, t: number, first: () => string): void {
    try {
      const text = first();
      const { text: events, waitMs } = channel.due(t);
      send(channel, text + events);
      schedule(channel, t, waitMs);
    } catch (err) {
      logger?.error({ err }, 'events: planning failed');
      send(channel, serverError(err));
      schedule(channel, t, tickMs);
    }
  }

  // The change set's summary: one frame for every subscriber of every channel.
  options.dataChanges?.subscribe((event) => {
    const frame = encodeFrame(frameText('data', event));
    for (const channel of channels.values()) writer.all(channel.subs, frame);
  });

  /** Every stream by its response, for the shared 'close' listener. */
  const streams = new Map<ServerResponse, Stream>();
  const hub: Hub = {
    release(sub, channel) {
      streams.delete(sub.res);
      channel.subs.delete(sub);
      wheel.remove(sub);
      if (channel.subs.size === 0) {
        wakeups.cancel(channel);
        if (channels.get(channel.key) === channel) channels.delete(channel.key);
      }
    },
  };
  function onStreamClose(this: ServerResponse): void {
    streams.get(this)?.finish();
  }

  /** The channel of `request`, caught up to `t` on the data served (made when new; throws the request's fault). */
  const channelFor = (key: string, request: StatusManyRequest, data: LoadedData, t: number): Channel => {
    const channel = channels.get(key);
    if (channel) {
      // Events due by now (and a data change not yet announced) go to those already there,
      // before the newcomer joins.
      tick(channel, t);
      if (channel.data === data) return channel;
    }
    const fresh = new Channel(key, request);
    fresh.open(data, t, horizonMs);
    if (!channel) channels.set(key, fresh);
    return channel ?? fresh;
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://x');
    const data: LoadedData | undefined = holder.current;
    if (!data) {
      sendError(req, res, toHttp(new DataNotLoadedError(holder.loadError)), logger);
      return;
    }
    const request = chosenMarkets(url.searchParams);
    const key = JSON.stringify(request);
    const header = req.headers['last-event-id'] as string | undefined;
    const lastId = header ?? url.searchParams.get('last_event_id') ?? undefined;
    const t = now();
    let channel: Channel;
    let resumed = '';
    try {
      channel = channelFor(key, request, data, t);
      if (lastId !== undefined) {
        // The events missed since lastId, up to `t` (planned no further: the channel sends the
        // ones after `t`). Clients reconnecting together after a restart ask the same: the
        // last replay is kept for its request, id, data and instant.
        const memo = `${key}\n${lastId}`;
        if (lastReplay?.memo === memo && lastReplay.data === data && lastReplay.t === t) resumed = lastReplay.text;
        else {
          const replay = new Channel(key, request);
          replay.open(data, t, 1, lastId);
          resumed = replay.due(t).text;
          lastReplay = { memo, data, t, text: resumed };
        }
      }
    } catch (err) {
      if (data.meta.version) res.setHeader(VERSION_HEADER, data.meta.version);
      sendError(req, res, { ...toHttp(err, { markets: 'query', subset: 'query' }), error: err }, logger);
      return;
    }

    if (req.method !== 'HEAD' && options.admitSubscriber && !options.admitSubscriber(req, res)) return;
    res.writeHead(200, streamHeaders(req.httpVersion === '1.0', data.meta.version));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // Sends the headers with the first frame; from then on frames go to the socket as they are.
    res.write(RETRY.body);
    const socket = req.socket;
    const direct = req.httpVersion !== '1.0' && res.socket === socket && socket.writable;
    const sub = new Stream(hub, channel, res, socket, direct);
    writer.write(sub, encodeFrame(channel.announceText(t) + resumed));
    if (sub.closed) return;
    channel.subs.add(sub);
    wheel.add(sub);
    streams.set(res, sub);
    if (channel.dueAt === undefined) tick(channel);
    // Shared listeners (no closure, no once wrapper per stream): 'close' comes once, and
    // finish() ignores a second call.
    res.on('close', onStreamClose);
    res.on('error', onStreamClose);
  };
}

/** What a stream needs of its handler when it ends. */
interface Hub {
  release(sub: Stream, channel: Channel): void;
}

/** A stream's headers: framed by this module (fanout.ts), so the encoding is stated, not left to Node. */
function streamHeaders(http10: boolean, version: string | null): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  };
  if (!http10) headers['Transfer-Encoding'] = 'chunked';
  // Passed with the others rather than set beforehand: a header set with setHeader makes Node
  // keep every header of the response in an object of its own for the stream's whole life.
  if (version) headers[VERSION_HEADER] = version;
  return headers;
}

/**
 * One subscriber. Its methods are shared and its fields few: ten thousand of them are what a
 * process holds between events (docs/benchmarks.md, "Watchers").
 */
class Stream implements Subscriber {
  slot = 0;
  closed = false;

  constructor(
    private readonly hub: Hub,
    private readonly channel: Channel,
    readonly res: ServerResponse,
    readonly socket: Socket,
    readonly direct: boolean,
  ) {}

  finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.hub.release(this, this.channel);
    if (!this.res.writableEnded) this.res.end();
  }
}

export type { Frame };
