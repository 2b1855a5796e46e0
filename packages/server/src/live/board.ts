/**
 * `GET /board`: the page (board-page.ts), and `GET /board/data`: what it shows, the bulk
 * status of the chosen markets (`markets` or `subset`, default every market) with the names
 * and the holiday a person needs beside it (that of the trading date the status is about), and the
 * server's clock.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStatusManyFailure, localDate, type CalendarQueries } from '@openbell/core';
import { bulkError } from '@openbell/catalog';
import { toHttp, DataNotLoadedError } from '@openbell/catalog';
import type { Logger } from 'pino';
import { sendError } from '../http/send.js';
import type { DataHolder } from '../updates.js';
import { BOARD_HTML } from './board-page.js';

/** The board's answers are of this instant: none is kept by a browser or a proxy, errors neither. */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, text: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text), ...NO_STORE });
  res.end(req.method === 'HEAD' ? undefined : text);
}

export function boardPageHandler() {
  return (req: IncomingMessage, res: ServerResponse): void => send(req, res, 200, 'text/html; charset=utf-8', BOARD_HTML);
}

function holidayOn(ds: CalendarQueries, finId: string, date: string): string | null {
  try {
    return ds.listHolidays(finId, date, date)[0]?.holiday_name ?? null;
  } catch {
    return null;
  }
}

const nextDate = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

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

export function boardDataHandler(holder: DataHolder, now: () => number, logger?: Logger) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://x');
    try {
      const data = holder.current;
      if (!data) throw new DataNotLoadedError(holder.loadError);
      const ds = data.dataset;
      const t = now();
      const markets = url.searchParams.getAll('markets');
      const subset = url.searchParams.get('subset') ?? undefined;
      const answer = ds.statusMany(markets.length ? { markets } : { subset: subset ?? '*' }, t);
      if (!markets.length) {
        // A pattern also matches replaced markets, which answer for their replacement: show
        // the replacement once (the bulk /status keeps every entry, as §6 says).
        const listed = new Set(answer.markets.map((m) => m.identifier));
        answer.markets = answer.markets.filter((m) => isStatusManyFailure(m) || m.fin_id === m.identifier || !listed.has(m.fin_id));
      }
      const body = {
        as_of: answer.as_of,
        now_ms: t,
        data: { version: data.meta.version, is_sample: data.meta.isSample, loaded_at: new Date(data.meta.loadedAt).toISOString() },
        markets: answer.markets.map((m) => {
          if (isStatusManyFailure(m)) return { identifier: m.identifier, error: bulkError(m.error) };
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
      send(req, res, 200, 'application/json; charset=utf-8', JSON.stringify(body));
    } catch (err) {
      sendError(req, res, { ...toHttp(err, {}), error: err, headers: NO_STORE }, logger);
    }
  };
}
