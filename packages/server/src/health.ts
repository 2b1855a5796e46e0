/**
 * `GET|HEAD /health` on plain node:http objects, ahead of everything else: a health check must
 * stay cheap and must not depend on express (nor on the data routes' matcher). Answers 200
 * when data is served, 503 while loading, after a failed first load, or once shutdown began
 * (`draining`, with Connection: close).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawHandler } from './http/dispatcher.js';
import { JSON_TYPE, namedVersion, send, VERSION_HEADER } from './http/send.js';
import { healthBody } from '@openbell/catalog';
import { logAnswer, type AccessLog } from './logging.js';
import type { DataHolder } from './updates.js';

/**
 * The /health dispatcher. It may be given the request's start (performance.now()) by a caller
 * that has read the clock already (routes.ts, for the metrics), which the access log then uses.
 */
export function createHealthDispatcher(
  holder: DataHolder,
  before?: RawHandler,
  log?: AccessLog,
): (req: IncomingMessage, res: ServerResponse, started?: number) => boolean {
  // A probe asks the server, never a cache on the way.
  const NO_STORE = { 'Cache-Control': 'no-store' };
  // The healthy answer never changes: its text is made once, its headers once per version named.
  let ok: Buffer | undefined;
  let okHead: (string | number)[] = [];
  let okVersion: string | undefined = '';
  const respond = (req: IncomingMessage, res: ServerResponse): void => {
    before?.(req, res);
    if (res.writableEnded) return;
    if (holder.current && !holder.draining) {
      ok ??= Buffer.from(JSON.stringify(healthBody(holder).body));
      const version = namedVersion(res);
      if (version !== okVersion) {
        okVersion = version;
        okHead = ['Content-Type', JSON_TYPE, 'Content-Length', ok.length, 'Cache-Control', 'no-store'];
        if (version !== undefined) okHead.push(VERSION_HEADER, version);
      }
      // writeHead reads the list before it returns.
      res.writeHead(200, okHead);
      res.end(req.method === 'HEAD' ? undefined : ok);
      return;
    }
    const { status, body } = healthBody(holder);
    if (holder.draining) res.shouldKeepAlive = false;
    send(req, res, status, JSON.stringify(body), NO_STORE);
  };
  return (req: IncomingMessage, res: ServerResponse, given?: number) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    if (url !== '/health' && !url.startsWith('/health?')) return false;
    const started = given ?? (log ? log.begin() : 0);
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
