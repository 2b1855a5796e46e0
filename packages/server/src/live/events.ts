/**
 * `GET /events?markets=…` (or `subset=…`; default every market): bell events as Server-Sent
 * Events. Core plans the events (`bellEvents`, pure, from an instant and a horizon); this
 * module only keeps time: it plans ahead, and writes each event once the clock passes it.
 *
 * Stream (chosen where the issue is silent):
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
import type { CalendarQueries, PlannedBellEvent } from '@openbell/core';
import { eventIdInstant } from '@openbell/core';
import { bulkError } from '@openbell/catalog';
import type { LoadedData } from '../types.js';
import type { DataHolder } from '../updates.js';

export interface LiveOptions {
  /** The server's clock (tests pass a fake one). */
  now: () => number;
  /** How often the clock is read, ms (default 1000; an event due sooner is waited for exactly). */
  tickMs?: number;
  /** Heartbeat period, ms (default 15000). */
  heartbeatMs?: number;
  /** How far ahead events are planned, ms (default one hour). */
  horizonMs?: number;
}

const MAX_RESUME_MS = 86_400_000;
const MAX_IDENTIFIERS = 1000;

/** `markets` (comma lists, repeated) or `subset`; default every market. */
export function chosenIdentifiers(ds: CalendarQueries, query: URLSearchParams): string[] {
  const markets = query.getAll('markets').flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  if (markets.length) return markets;
  return ds.listMarkets(query.get('subset') ?? '*').map((m) => m.fin_id);
}

function sendJsonError(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function frame(event: string, data: unknown, id?: string): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function eventsHandler(holder: DataHolder, options: LiveOptions) {
  const tickMs = options.tickMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const horizonMs = options.horizonMs ?? 3_600_000;
  const { now } = options;

  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://x');
    let data: LoadedData | undefined = holder.current;
    if (!data) {
      sendJsonError(res, 503, { detail: holder.loadError ? `Calendar data is not loaded: ${holder.loadError}` : 'Calendar data is not loaded yet; try again shortly' });
      return;
    }
    const requested = url.searchParams.getAll('markets').flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
    if (requested.length > MAX_IDENTIFIERS) {
      sendJsonError(res, 422, { detail: [{ loc: ['query', 'markets'], msg: `At most ${MAX_IDENTIFIERS} identifiers per request, got ${requested.length}`, type: 'too_long' }] });
      return;
    }

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

    const lastId = (req.headers['last-event-id'] as string | undefined) ?? url.searchParams.get('last_event_id') ?? undefined;
    let ids: string[] = [];
    let queue: PlannedBellEvent[] = [];
    let plannedTo = 0;
    let afterId: string | undefined;

    const start = (resumeFrom?: string) => {
      const ds = data!.dataset;
      ids = chosenIdentifiers(ds, url.searchParams);
      const t = now();
      queue = [];
      plannedTo = t;
      afterId = undefined;
      const at = resumeFrom !== undefined ? eventIdInstant(resumeFrom) : undefined;
      if (at !== undefined && at <= t && t - at <= MAX_RESUME_MS) {
        plannedTo = at;
        afterId = resumeFrom;
      }
      const plan = ds.bellEvents(ids, t, 0);
      const bad = new Set(plan.errors.map((e) => e.identifier));
      const watched = [...new Set(ids.filter((id) => !bad.has(id)).map((id) => ds.getMarket(id).fin_id))];
      res.write(frame('ready', { as_of: new Date(t).toISOString(), markets: watched }));
      for (const e of plan.errors) res.write(frame('market_error', { identifier: e.identifier, error: bulkError(e.error) }));
      ids = ids.filter((id) => !bad.has(id));
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
          start();
        }
        const t = now();
        if (t + horizonMs / 2 > plannedTo) {
          const to = t + horizonMs;
          const plan = data!.dataset.bellEvents(ids, plannedTo, to - plannedTo, afterId ? { afterId } : {});
          afterId = undefined;
          queue.push(...plan.events);
          plannedTo = to;
        }
        while (queue.length && queue[0]!.at_ms <= t) {
          const e = queue.shift()!;
          const { at_ms: _ms, ...body } = e;
          res.write(frame(e.event, body, e.id));
        }
        const next = queue[0] ? Math.max(0, Math.min(tickMs, queue[0].at_ms - t)) : tickMs;
        timer = setTimeout(tick, next);
      } catch (err) {
        res.write(frame('server_error', { detail: err instanceof Error ? err.message : 'Internal server error' }));
        timer = setTimeout(tick, tickMs);
      }
    };

    const heartbeat = setInterval(() => {
      if (!closed) res.write(frame('heartbeat', { at: new Date(now()).toISOString() }));
    }, heartbeatMs);
    req.on('close', finish);
    res.on('error', finish);

    start(lastId);
    tick();
  };
}
