/**
 * `GET|HEAD /health` on plain node:http objects, ahead of everything else: a health check must
 * stay cheap and must not depend on express (nor on the data routes' matcher). Answers 200
 * when data is served, 503 while loading, after a failed first load, or once shutdown began
 * (`draining`, with Connection: close).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher, RawHandler } from './http/dispatcher.js';
import { send } from './http/send.js';
import { healthBody } from '@openbell/catalog';
import { logAnswer, type AccessLog } from './logging.js';
import type { DataHolder } from './updates.js';

export function createHealthDispatcher(holder: DataHolder, before?: RawHandler, log?: AccessLog): Dispatcher {
  // A probe asks the server, never a cache on the way.
  const NO_STORE = { 'Cache-Control': 'no-store' };
  // The healthy answer never changes: its text is made once.
  let ok: Buffer | undefined;
  const respond = (req: IncomingMessage, res: ServerResponse): void => {
    before?.(req, res);
    if (res.writableEnded) return;
    if (holder.current && !holder.draining) {
      ok ??= Buffer.from(JSON.stringify(healthBody(holder).body));
      return send(req, res, 200, ok, NO_STORE);
    }
    const { status, body } = healthBody(holder);
    if (holder.draining) res.shouldKeepAlive = false;
    send(req, res, status, JSON.stringify(body), NO_STORE);
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    if (url !== '/health' && !url.startsWith('/health?')) return false;
    const started = log ? log.begin() : 0;
    // CSV of a record is refused as everywhere, but only when the URL asks: a probe's Accept
    // header never turns a health check into a 406.
    if (/[?&]format=csv(&|$)/i.test(url)) {
      send(
        req,
        res,
        406,
        JSON.stringify({
          detail: '/health does not answer a list: CSV is available for list answers only; ask without format=csv',
        }),
      );
    } else respond(req, res);
    if (log && (log.probes || res.statusCode !== 200)) logAnswer(log, req, res, started);
    return true;
  };
}
