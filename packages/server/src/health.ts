/**
 * `GET|HEAD /health` on plain node:http objects, ahead of everything else: a health check must
 * stay cheap and must not depend on express (nor on the data routes' matcher). Answers 200
 * when data is served, 503 while loading, after a failed first load, or once shutdown began
 * (`draining`, with Connection: close).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type Dispatcher, type RawHandler } from './dispatch.js';
import { healthBody } from './info.js';
import type { DataHolder } from './updates.js';

export function createHealthDispatcher(holder: DataHolder, before?: RawHandler): Dispatcher {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    if (url !== '/health' && !url.startsWith('/health?')) return false;
    before?.(req, res);
    if (res.writableEnded) return true;
    const { status, body } = healthBody(holder);
    if (holder.draining) res.shouldKeepAlive = false;
    sendJson(req, res, status, body);
    return true;
  };
}
