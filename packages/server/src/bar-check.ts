/**
 * `POST /markets/{id}/bars/check` (docs/calendar-arithmetic.md §15): a body of timestamps checked
 * against the market's bar grid. The range's refusals come first (the grid is made before the
 * body is read); the body is then read as it arrives, each piece fed to core's reader and each
 * timestamp to the checker, so memory holds the grid and the extras, never the body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { Logger } from 'pino';
import { DataNotLoadedError, toCsv, toHttp } from '@openbell/catalog';
import {
  MAX_CHECK_STAMPS,
  QUERIES,
  stampReader,
  type BarCheck,
  type BarCheckResult,
  type StampFormat,
} from '@openbell/core';
import { parseParams } from '@openbell/core/params';
import { send, sendError } from './http/send.js';
import type { Dispatcher } from './http/dispatcher.js';
import { CSV_TYPE, wantsCsv } from './csv.js';
import type { DataHolder } from './updates.js';

const PATH = /^\/markets\/([^/]+)\/bars\/check\/?$/;
const LOCATIONS = { identifier: 'path', start: 'query', end: 'query', period: 'query', breaks: 'query' } as const;
const { timestamps: _body, ...PARAMS } = QUERIES.checkBars.params;

class TooMany extends Error {}

/** JSON for application/json (and +json), lines for text/csv and text/plain; otherwise the first character decides. */
function formatOf(type: string | undefined, first: string): StampFormat {
  const t = (type ?? '').split(';')[0]!.trim().toLowerCase();
  if (t === 'application/json' || t.endsWith('+json')) return 'json';
  if (t.startsWith('text/')) return 'lines';
  return first.trimStart().startsWith('[') ? 'json' : 'lines';
}

export function createBarCheckHandler(holder: DataHolder, logger: Logger): Dispatcher {
  return (req, res) => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const m = PATH.exec(q < 0 ? url : url.slice(0, q));
    if (!m) return false;
    answer(req, res, holder, logger, decodeURIComponent(m[1]!), new URLSearchParams(q < 0 ? '' : url.slice(q + 1)));
    return true;
  };
}

function refuse(req: IncomingMessage, res: ServerResponse, err: unknown, logger: Logger, close: boolean): void {
  if (close) res.setHeader('Connection', 'close');
  if (err instanceof TooMany)
    return send(
      req,
      res,
      413,
      JSON.stringify({ detail: `The body holds more than ${MAX_CHECK_STAMPS} timestamps; check a shorter series` }),
      { 'Content-Type': 'application/json' },
    );
  const a = toHttp(err, LOCATIONS);
  // A fault of the body is located in it, not in the query.
  const detail = (a.body as { detail?: unknown }).detail;
  if (Array.isArray(detail))
    for (const d of detail as { loc: (string | number)[] }[]) if (d.loc[1] === 'body') d.loc = ['body'];
  sendError(req, res, { ...a, error: err }, logger);
}

function answer(
  req: IncomingMessage,
  res: ServerResponse,
  holder: DataHolder,
  logger: Logger,
  identifier: string,
  query: URLSearchParams,
): void {
  let reader: ReturnType<typeof stampReader> | undefined;
  let check: BarCheck | undefined;
  try {
    const raw: Record<string, string> = { identifier };
    for (const [k, v] of query) raw[k] = v;
    const a = parseParams(PARAMS, raw);
    const data = holder.current;
    if (!data) throw new DataNotLoadedError(holder.loadError);
    check = data.dataset.parsed.barChecker(a.identifier, a.start, a.end, a.period, a.breaks);
  } catch (err) {
    req.resume();
    return refuse(req, res, err, logger, true);
  }
  const decoder = new StringDecoder('utf8');
  let failed = false;
  const fail = (err: unknown) => {
    if (failed) return;
    failed = true;
    req.pause();
    refuse(req, res, err, logger, true);
  };
  req.on('data', (chunk: Buffer) => {
    if (failed) return;
    try {
      const text = decoder.write(chunk);
      reader ??= stampReader(formatOf(req.headers['content-type'], text), check!, () => new TooMany());
      reader.feed(text);
    } catch (err) {
      fail(err);
    }
  });
  req.on('end', () => {
    if (failed) return;
    try {
      const text = decoder.end();
      reader ??= stampReader(formatOf(req.headers['content-type'], text), check!, () => new TooMany());
      if (text) reader.feed(text);
      reader.end();
      const r = check!.result();
      if (wantsCsv(req, { format: query.get('format') ?? undefined }))
        send(req, res, 200, checkCsv(r), { 'Content-Type': CSV_TYPE });
      else send(req, res, 200, JSON.stringify(r), { 'Content-Type': 'application/json' });
    } catch (err) {
      fail(err);
    }
  });
  req.on('error', (err) => fail(err));
}

/**
 * The CSV form: the `missing` rows, then the `extra` rows, each with its `kind` (the counts are
 * the JSON answer's; a CSV reader wants the rows).
 */
export function checkCsv(r: BarCheckResult): string {
  const rows = [
    ...r.missing.map((m) => ({
      kind: 'missing',
      date: m.date,
      start: m.start,
      at: null,
      reason: null,
      holiday_name: null,
    })),
    ...r.extra.map((e) => ({
      kind: 'extra',
      date: e.date,
      start: null,
      at: e.at,
      reason: e.reason,
      holiday_name: e.holiday_name,
    })),
  ];
  return rows.length > 0 ? toCsv(rows)! : 'Kind,Date,Start,At,Reason,Holiday Name\r\n';
}
