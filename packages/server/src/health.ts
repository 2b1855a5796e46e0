/**
 * `GET|HEAD /health` on plain node:http objects, ahead of everything else: a health check must
 * stay cheap and must not depend on express (nor on the data routes' matcher). Answers 200
 * when data is served, 503 while loading, after a failed first load, or once shutdown began
 * (`draining`, with Connection: close).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logAnswer, sendJson, type Dispatcher, type RawHandler } from './dispatch.js';
import { healthBody } from '@openbell/catalog';
import type { AccessLog } from './logging.js';
import type { DataHolder } from './updates.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export function createHealthDispatcher(holder: DataHolder, before?: RawHandler, log?: AccessLog): Dispatcher {
  // The healthy answer never changes: its text is made once.
  let okText: string | undefined;
  let okBytes = 0;
  const respond = (req: IncomingMessage, res: ServerResponse): void => {
    before?.(req, res);
    if (res.writableEnded) return;
    if (holder.current && !holder.draining) {
      if (okText === undefined) {
        okText = JSON.stringify(healthBody(holder).body);
        okBytes = Buffer.byteLength(okText);
      }
      res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': okBytes });
      res.end(req.method === 'HEAD' ? undefined : okText);
      return;
    }
    const { status, body } = healthBody(holder);
    if (holder.draining) res.shouldKeepAlive = false;
    sendJson(req, res, status, body);
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    if (url !== '/health' && !url.startsWith('/health?')) return false;
    const started = log ? log.begin() : 0;
    // CSV of a record is refused as everywhere, but only when the URL asks: a probe's Accept
    // header never turns a health check into a 406.
    if (/[?&]format=csv(&|$)/i.test(url)) {
      sendJson(req, res, 406, { detail: '/health does not answer a list: CSV is available for list answers only; ask without format=csv' });
    } else respond(req, res);
    if (log && (log.probes || res.statusCode !== 200)) logAnswer(log, req, res, started);
    return true;
  };
}
