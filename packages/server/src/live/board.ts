/**
 * `GET /board`: the page (board-page.ts), and `GET /board/data`: what it shows, the bulk
 * status of the chosen markets (`markets` or `subset`, default every market) with the names
 * and the holiday a person needs beside it (that of the trading date the status is about), and the
 * server's clock.
 *
 * A thousand pages open on desks poll it every 30 s and all at once after each bell event
 * (docs/benchmarks.md, "Watchers"), so what it answers is kept per query and data until it can
 * change: the next bell event of its markets (an open, a close or a phase), or the next whole
 * UTC minute, where any local midnight falls (the day's holiday and a status's reason move
 * with the local date). In between only `as_of` and `now_ms` are new: the rest is kept as bytes,
 * so a page's answer costs no JSON and no encoding of its own (bench/board.mjs).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatDay, isStatusManyFailure, localDate, tryParseDay, type CalendarQueries } from '@openbell/core';
import { bulkError } from '@openbell/catalog';
import { toHttp, DataNotLoadedError } from '@openbell/catalog';
import type { Logger } from 'pino';
import { sendError, withVersion } from '../http/send.js';
import type { LoadedData } from '../types.js';
import type { DataHolder } from '../updates.js';
import { BOARD_HTML } from './board-page.js';

/** The board's answers are of this instant: none is kept by a browser or a proxy, errors neither. */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, text: string): void {
  res.writeHead(
    status,
    withVersion(res, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text), ...NO_STORE }),
  );
  res.end(req.method === 'HEAD' ? undefined : text);
}

export function boardPageHandler() {
  return (req: IncomingMessage, res: ServerResponse): void =>
    send(req, res, 200, 'text/html; charset=utf-8', BOARD_HTML);
}

function holidayOn(ds: CalendarQueries, finId: string, date: string): string | null {
  try {
    return ds.listHolidays(finId, date, date)[0]?.holiday_name ?? null;
  } catch {
    return null;
  }
}

const nextDate = (date: string): string => formatDay(tryParseDay(date)! + 1);

/**
 * The holiday beside a status: that of the trading date its current phase belongs to (an
 * evening session opens the next date's trading, docs/semantics.md §4), else of the local
 * date; `holiday_next` when that is the next trading date, so the board can say so.
 */
export function boardHoliday(
  ds: CalendarQueries,
  finId: string,
  today: string,
  phase: { start: string; phase_type: string } | null,
): { holiday: string | null; holiday_date: string | null; holiday_next: boolean } {
  let date = today;
  if (phase) {
    try {
      const days = ds.listDays(finId, today, nextDate(today));
      const day = days.find((d) => d.phases.some((p) => p.start === phase.start && p.phase_type === phase.phase_type));
      if (day) date = day.date;
    } catch {
      // Outside the coverage window or a bad row: the local date's holiday, as before.
    }
  }
  const holiday = holidayOn(ds, finId, date);
  return { holiday, holiday_date: holiday === null ? null : date, holiday_next: holiday !== null && date > today };
}

/** Queries kept at once (least recently answered out). */
const KEPT_QUERIES = 64;
const MINUTE_MS = 60_000;

interface Kept {
  data: LoadedData;
  from: number;
  until: number;
  /** The body's bytes from `"data":` to its end: encoded once, written as they are to every page. */
  tail: Buffer;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A kept answer: its own instant's head (ASCII) and the kept bytes, in one write. */
function sendKept(req: IncomingMessage, res: ServerResponse, head: string, tail: Buffer): void {
  res.writeHead(
    200,
    withVersion(res, { 'Content-Type': JSON_TYPE, 'Content-Length': head.length + tail.length, ...NO_STORE }),
  );
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.cork();
  res.write(head, 'latin1');
  res.end(tail);
  res.uncork();
}

/** `as_of` as the bulk status writes it: the whole second, in UTC. */
function asOfText(t: number): string {
  return `${new Date(Math.floor(t / 1000) * 1000).toISOString().slice(0, 19)}+00:00`;
}

export function boardDataHandler(holder: DataHolder, now: () => number, logger?: Logger) {
  const kept = new Map<string, Kept>();
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://x');
    try {
      const data = holder.current;
      if (!data) throw new DataNotLoadedError(holder.loadError);
      const ds = data.dataset;
      const t = now();
      const markets = url.searchParams.getAll('markets');
      const subset = url.searchParams.get('subset') ?? undefined;
      const key = markets.length ? `m:${markets.join('&')}` : `s:${subset ?? '*'}`;
      const hit = kept.get(key);
      if (hit && hit.data === data && t >= hit.from && t < hit.until) {
        kept.delete(key);
        kept.set(key, hit);
        sendKept(req, res, `{"as_of":"${asOfText(t)}","now_ms":${t},`, hit.tail);
        return;
      }
      const answer = ds.statusMany(markets.length ? { markets } : { subset: subset ?? '*' }, t);
      if (!markets.length) {
        // A pattern also matches replaced markets, which answer for their replacement: show
        // the replacement once (the bulk /status keeps every entry, as §6 says).
        const listed = new Set(answer.markets.map((m) => m.identifier));
        answer.markets = answer.markets.filter(
          (m) => isStatusManyFailure(m) || m.fin_id === m.identifier || !listed.has(m.fin_id),
        );
      }
      const body = {
        as_of: answer.as_of,
        now_ms: t,
        data: {
          version: data.meta.version,
          is_sample: data.meta.isSample,
          loaded_at: new Date(data.meta.loadedAt).toISOString(),
        },
        markets: answer.markets.map((m) => {
          if (isStatusManyFailure(m)) return { identifier: m.identifier, error: bulkError(m.error, m.identifier) };
          const market = ds.getMarket(m.fin_id);
          return {
            ...m,
            mic: market.mic,
            exchange_name: market.exchange_name,
            market_name: market.market_name,
            ...boardHoliday(ds, m.fin_id, localDate(m.timezone, t), m.phase),
          };
        }),
      };
      const text = JSON.stringify(body);
      const watched = answer.markets.flatMap((m) => (isStatusManyFailure(m) ? [] : [m.fin_id]));
      const next = watched.length ? ds.bellEvents(watched, t, MINUTE_MS).events[0]?.at_ms : undefined;
      const until = Math.min(next ?? Infinity, (Math.floor(t / MINUTE_MS) + 1) * MINUTE_MS);
      kept.delete(key);
      kept.set(key, { data, from: t, until, tail: Buffer.from(text.slice(text.indexOf(',"data":') + 1)) });
      if (kept.size > KEPT_QUERIES) kept.delete(kept.keys().next().value!);
      send(req, res, 200, JSON_TYPE, text);
    } catch (err) {
      sendError(req, res, { ...toHttp(err, {}), error: err, headers: NO_STORE }, logger);
    }
  };
}
