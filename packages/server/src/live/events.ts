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
      .map((e) => frameText('market_error', { identifier: e.identifier, error: bulkError(e.error, e.identifier) }))
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
  const events = new LiveEvents(holder, options);
  return (req: IncomingMessage, res: ServerResponse): void => events.subscribe(req, res);
}

/** Every channel of one server, its timers and writer, and the swaps that reach them. */
class LiveEvents implements Hub {
  private readonly tickMs: number;
  private readonly now: () => number;
  private readonly horizonMs: number | undefined;
  private readonly logger: Logger | undefined;
  private readonly channels = new Map<string, Channel>();
  private lastReplay: { memo: string; data: LoadedData; t: number; text: string } | undefined;
  private dropped = 0;
  private dropLog: NodeJS.Timeout | undefined;
  private readonly writer: FrameWriter;
  private readonly wheel: HeartbeatWheel;
  private readonly wakeups: Wakeups<Channel>;
  /** Channels told of a swap and not yet planned on its data, in turn (`swappedNext` the next). */
  private swappedQueue: Channel[] = [];
  private swappedNext = 0;
  private swappedSlices: NodeJS.Immediate | undefined;
  /** Every stream by its response, for the shared 'close' listener. */
  private readonly streams = new Map<ServerResponse, Stream>();
  private readonly onStreamClose: (this: ServerResponse) => void;

  constructor(
    private readonly holder: DataHolder,
    private readonly options: LiveOptions,
  ) {
    this.tickMs = options.tickMs ?? 1000;
    const heartbeatMs = options.heartbeatMs ?? 15_000;
    this.now = options.now;
    this.horizonMs = options.horizonMs;
    this.logger = options.logger;
    this.writer = new FrameWriter({ maxQueuedBytes: options.maxQueuedBytes, onDrop: () => this.countDrop() });
    this.wheel = new HeartbeatWheel(heartbeatMs, (subs) => {
      if (stopIfClosed(subs)) return;
      this.writer.all(subs, encodeFrame(frameText('heartbeat', { at: new Date(this.now()).toISOString() })));
    });
    this.wakeups = new Wakeups<Channel>(this.now, this.tickMs, (channel, t) => this.tick(channel, t));
    holder.onSwap((_previous, next) => this.swapped(next));
    // The change set's summary: one frame for every subscriber of every channel.
    options.dataChanges?.subscribe((event) => {
      const frame = encodeFrame(frameText('data', event));
      for (const channel of this.channels.values()) this.writer.all(channel.subs, frame);
    });
    const streams = this.streams;
    this.onStreamClose = function (this: ServerResponse): void {
      streams.get(this)?.finish();
    };
  }

  private countDrop(): void {
    this.dropped += 1;
    if (this.dropLog !== undefined) return;
    // One line per period at most, never one per subscriber.
    this.dropLog = setTimeout(() => {
      this.dropLog = undefined;
      const why = "dropped for not reading (more than their queue's bound waiting)";
      this.logger?.warn({ dropped: this.dropped }, `events: ${this.dropped} subscribers ${why}`);
      this.dropped = 0;
    }, DROP_LOG_EVERY_MS);
    this.dropLog.unref();
  }

  private send(channel: Channel, text: string): void {
    if (text !== '') this.writer.all(channel.subs, encodeFrame(text));
  }

  private schedule(channel: Channel, t: number, waitMs: number): void {
    this.wakeups.at(channel, t + waitMs);
  }

  /** Reopens `channel` on `data` at `t`, after the events due on the old data; frames as one text. */
  private reopen(channel: Channel, data: LoadedData, t: number): string {
    const before = channel.due(t).text;
    channel.open(data, t, this.horizonMs);
    return before + changedText(data) + channel.announceText(t);
  }

  private tick(channel: Channel, t = this.now()): void {
    this.wakeups.cancel(channel);
    if (channel.subs.size === 0 || stopIfClosed(channel.subs)) return;
    if (channel.swapped) {
      // Told of a swap and still waiting for its slice: planned now (a newcomer joins it).
      this.finishSwap(channel, t);
      return;
    }
    const current = this.holder.current;
    this.replan(channel, t, () => (current && current !== channel.data ? this.reopen(channel, current, t) : ''));
  }

  // A swap reaches every subscriber at once, not on its channel's next tick: the events due on
  // the old data, data_changed, then the channel planned again on the new data from the swap's
  // instant. With few channels each gets that as one frame. With many (subscribers on different
  // sets of markets), data_changed goes to every channel at once and the planning follows in
  // slices of the loop, so neither the last channel's data_changed nor other requests wait for
  // ten thousand plannings (docs/benchmarks.md, "Watchers").
  private swapped(next: LoadedData): void {
    const t = this.now();
    const stale = [...this.channels.values()].filter((channel) => channel.data !== next);
    // Channels still unplanned after an earlier swap are planned on its data first.
    for (const channel of stale) if (channel.swapped) this.finishSwap(channel, t);
    if (stale.length <= ONE_FRAME_CHANNELS) {
      for (const channel of stale) this.replan(channel, t, () => this.reopen(channel, next, t));
      return;
    }
    const changed = changedText(next);
    const changedFrame = encodeFrame(changed);
    for (const channel of stale) {
      try {
        const before = channel.due(t).text;
        if (before === '') this.writer.all(channel.subs, changedFrame);
        else this.send(channel, before + changed);
        this.wakeups.cancel(channel);
        channel.swapped = { data: next, at: t };
        this.swappedQueue.push(channel);
      } catch (err) {
        this.logger?.error({ err }, 'events: planning on the old data failed');
        this.send(channel, serverError(err));
        this.schedule(channel, t, this.tickMs);
      }
    }
    this.swappedSlices ??= setImmediate(() => this.planSwapped());
  }

  private planSwapped(): void {
    this.swappedSlices = undefined;
    const t = this.now();
    const started = performance.now();
    const queue = this.swappedQueue;
    while (this.swappedNext < queue.length) {
      const channel = queue[this.swappedNext++]!;
      if (channel.swapped === undefined) continue;
      if (channel.subs.size === 0 || stopIfClosed(channel.subs)) {
        channel.swapped = undefined;
        continue;
      }
      this.finishSwap(channel, t);
      if (performance.now() - started >= SWAP_SLICE_MS) break;
    }
    if (this.swappedNext < this.swappedQueue.length) this.swappedSlices = setImmediate(() => this.planSwapped());
    else {
      this.swappedQueue = [];
      this.swappedNext = 0;
    }
  }

  /** Plans `channel` on the data of the swap it was told of, from the swap's instant; sends what is due at `t`. */
  private finishSwap(channel: Channel, t: number): void {
    const { data, at } = channel.swapped!;
    channel.swapped = undefined;
    this.replan(channel, t, () => {
      channel.open(data, at, this.horizonMs);
      return channel.announceText(at);
    });
  }

  /** Sends `first()` and the events due at `t` to `channel` as one frame, and schedules it. */
  private replan(channel: Channel, t: number, first: () => string): void {
    try {
      const text = first();
      const { text: events, waitMs } = channel.due(t);
      this.send(channel, text + events);
      this.schedule(channel, t, waitMs);
    } catch (err) {
      this.logger?.error({ err }, 'events: planning failed');
      this.send(channel, serverError(err));
      this.schedule(channel, t, this.tickMs);
    }
  }

  release(sub: Stream, channel: Channel): void {
    this.streams.delete(sub.res);
    channel.subs.delete(sub);
    this.wheel.remove(sub);
    if (channel.subs.size === 0) {
      this.wakeups.cancel(channel);
      if (this.channels.get(channel.key) === channel) this.channels.delete(channel.key);
    }
  }

  /** The channel of `request`, caught up to `t` on the data served (made when new; throws the request's fault). */
  private channelFor(key: string, request: StatusManyRequest, data: LoadedData, t: number): Channel {
    const channel = this.channels.get(key);
    if (channel) {
      // Events due by now (and a data change not yet announced) go to those already there,
      // before the newcomer joins.
      this.tick(channel, t);
      if (channel.data === data) return channel;
    }
    const fresh = new Channel(key, request);
    fresh.open(data, t, this.horizonMs);
    if (!channel) this.channels.set(key, fresh);
    return channel ?? fresh;
  }

  /**
   * The events missed since lastId, up to `t` (planned no further: the channel sends the
   * ones after `t`). Clients reconnecting together after a restart ask the same: the
   * last replay is kept for its request, id, data and instant.
   */
  private replay(key: string, request: StatusManyRequest, data: LoadedData, t: number, lastId: string): string {
    const memo = `${key}\n${lastId}`;
    const last = this.lastReplay;
    if (last?.memo === memo && last.data === data && last.t === t) return last.text;
    const replay = new Channel(key, request);
    replay.open(data, t, 1, lastId);
    const text = replay.due(t).text;
    this.lastReplay = { memo, data, t, text };
    return text;
  }

  /** `GET /events`: the request's channel, its missed events, then the stream. */
  subscribe(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const data: LoadedData | undefined = this.holder.current;
    if (!data) {
      sendError(req, res, toHttp(new DataNotLoadedError(this.holder.loadError)), this.logger);
      return;
    }
    const request = chosenMarkets(url.searchParams);
    const key = JSON.stringify(request);
    const header = req.headers['last-event-id'] as string | undefined;
    const lastId = header ?? url.searchParams.get('last_event_id') ?? undefined;
    const t = this.now();
    let channel: Channel;
    let resumed = '';
    try {
      channel = this.channelFor(key, request, data, t);
      if (lastId !== undefined) resumed = this.replay(key, request, data, t, lastId);
    } catch (err) {
      if (data.meta.version) res.setHeader(VERSION_HEADER, data.meta.version);
      const inputs = Object.fromEntries(url.searchParams);
      sendError(req, res, { ...toHttp(err, { markets: 'query', subset: 'query' }, inputs), error: err }, this.logger);
      return;
    }
    this.open(req, res, channel, data, t, resumed);
  }

  /** The stream's headers and first frames; then it is one of its channel's subscribers. */
  private open(
    req: IncomingMessage,
    res: ServerResponse,
    channel: Channel,
    data: LoadedData,
    t: number,
    resumed: string,
  ): void {
    const admit = this.options.admitSubscriber;
    if (req.method !== 'HEAD' && admit && !admit(req, res)) return;
    res.writeHead(200, streamHeaders(req.httpVersion === '1.0', data.meta.version));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // Sends the headers with the first frame; from then on frames go to the socket as they are.
    res.write(RETRY.body);
    const socket = req.socket;
    const direct = req.httpVersion !== '1.0' && res.socket === socket && socket.writable;
    const sub = new Stream(this, channel, res, socket, direct);
    this.writer.write(sub, encodeFrame(channel.announceText(t) + resumed));
    if (sub.closed) return;
    channel.subs.add(sub);
    this.wheel.add(sub);
    this.streams.set(res, sub);
    if (channel.dueAt === undefined) this.tick(channel);
    // Shared listeners (no closure, no once wrapper per stream): 'close' comes once, and
    // finish() ignores a second call.
    res.on('close', this.onStreamClose);
    res.on('error', this.onStreamClose);
  }
}

/** A server that stopped listening is draining: its streams are let go (true when it did). */
function stopIfClosed(subs: Set<Subscriber>): boolean {
  const first = subs.values().next().value;
  const server = first && (first.socket as { server?: { listening?: boolean } }).server;
  if (server?.listening !== false) return false;
  for (const sub of subs) if ((sub.socket as { server?: unknown }).server === server) sub.finish();
  return true;
}

function changedText(data: LoadedData): string {
  return frameText('data_changed', {
    version: data.meta.version,
    loaded_at: new Date(data.meta.loadedAt).toISOString(),
  });
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
