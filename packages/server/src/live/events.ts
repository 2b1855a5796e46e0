/**
 * `GET /events?markets=…` (or `subset=…`; default every market): bell events as Server-Sent
 * Events. Core's bell-event stream (`openBellEventStream`, on the server's clock) says which
 * event is due and how long to wait; this module keeps the timer and writes the frames.
 *
 * Stream (chosen where the spec is silent):
 * - `event: ready`, data `{as_of, markets}`: the FinIDs being watched, once at the start.
 * - `event: market_error`, data `{identifier, error: {status, detail}}`: an identifier that
 *   cannot be watched (what its single-market status request would answer).
 * - `event: open|close|phase`, `id: <epoch ms>:<FinID>`, data `{id, market, event, at, phase,
 *   status}` as it happens on the server's clock.
 * - `event: heartbeat`, data `{at}` (no id, so a reconnect keeps its Last-Event-ID).
 * - `event: data_changed`, data `{version, loaded_at}` after a swap; planning restarts on the
 *   new data from the current instant (and `ready`/`market_error` are sent again).
 * - `Last-Event-ID` (header, or `last_event_id` query) resumes: events after that one, up to
 *   a day back, are sent at once, then the stream goes on live.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { openBellEventStream, type BellEventStream, type StatusManyRequest } from '@openbell/core';
import { bulkError, DataNotLoadedError, toHttp } from '@openbell/catalog';
import type { Logger } from 'pino';
import { sendError } from '../http/send.js';
import type { LoadedData } from '../types.js';
import type { DataHolder } from '../updates.js';

export interface LiveOptions {
  /** The server's clock (tests pass a fake one). */
  now: () => number;
  /** How often the clock is read, ms (default 1000; an event due sooner is waited for exactly). */
  tickMs?: number;
  /** Heartbeat period, ms (default 15000). */
  heartbeatMs?: number;
  /** How far ahead events are planned, ms (default core's DEFAULT_HORIZON_MS, one hour). */
  horizonMs?: number;
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

function frame(event: string, data: unknown, id?: string): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function eventsHandler(holder: DataHolder, options: LiveOptions) {
  const tickMs = options.tickMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const { now, horizonMs, logger } = options;

  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://x');
    let data: LoadedData | undefined = holder.current;
    if (!data) {
      sendError(req, res, toHttp(new DataNotLoadedError(holder.loadError)), logger);
      return;
    }
    const request = chosenMarkets(url.searchParams);
    const lastId = (req.headers['last-event-id'] as string | undefined) ?? url.searchParams.get('last_event_id') ?? undefined;
    const open = (lastEventId?: string): BellEventStream => openBellEventStream(data!.dataset, request, { now, horizonMs, lastEventId });
    let stream: BellEventStream;
    try {
      stream = open(lastId);
    } catch (err) {
      sendError(req, res, { ...toHttp(err, { markets: 'query', subset: 'query' }), error: err }, logger);
      return;
    }

    if (req.method !== 'HEAD' && options.admitSubscriber && !options.admitSubscriber(req, res)) return;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    res.write('retry: 2000\n\n');

    const announce = () => {
      res.write(frame('ready', { as_of: new Date(stream.openedAt).toISOString(), markets: stream.markets }));
      for (const e of stream.errors) res.write(frame('market_error', { identifier: e.identifier, error: bulkError(e.error) }));
    };

    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      clearInterval(heartbeat);
      if (!res.writableEnded) res.end();
    };

    const tick = () => {
      timer = undefined;
      if (closed) return;
      // A server that stopped listening is draining: let this stream go.
      const server = (req.socket as { server?: { listening?: boolean } }).server;
      if (server && server.listening === false) return finish();
      try {
        if (holder.current && holder.current !== data) {
          data = holder.current;
          res.write(frame('data_changed', { version: data.meta.version, loaded_at: new Date(data.meta.loadedAt).toISOString() }));
          stream = open();
          announce();
        }
        for (;;) {
          const step = stream.steps.next().value;
          if (step.event) {
            const { at_ms: _ms, ...body } = step.event;
            res.write(frame(step.event.event, body, step.event.id));
            continue;
          }
          timer = setTimeout(tick, Math.min(tickMs, step.waitMs));
          break;
        }
      } catch (err) {
        res.write(frame('server_error', { detail: err instanceof Error ? err.message : 'Internal server error' }));
        timer = setTimeout(tick, tickMs);
      }
    };

    const heartbeat = setInterval(() => {
      if (!closed) res.write(frame('heartbeat', { at: new Date(now()).toISOString() }));
    }, heartbeatMs);
    // ---- data changes ----
    const unsubscribe = options.dataChanges?.subscribe((event) => {
      if (!closed) res.write(frame('data', event));
    });
    if (unsubscribe) res.once('close', unsubscribe);
    // ---- end data changes ----
    req.on('close', finish);
    res.on('error', finish);

    announce();
    tick();
  };
}
