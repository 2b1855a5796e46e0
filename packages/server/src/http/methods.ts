/**
 * A known path asked with a method it does not answer: 405 with `Allow` (RFC 9110 §15.5.6),
 * not the 404 of an unknown path; `OPTIONS` on a known path: 204 with `Allow` (and, when the
 * origin is allowed, the CORS preflight headers the `before` hook sets). The paths are the
 * catalogue's operations and endpoints and the server's own pages; an unknown path keeps its
 * 404, whatever the method (docs/rest.md "Methods").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRouteMatcher, endpoints, postOperations } from '@openbell/catalog';
import type { Dispatcher, RawHandler } from './dispatcher.js';
import { send, sendError } from './send.js';
import type { AccessLog } from '../logging.js';
import { logAnswer } from '../logging.js';

const READ = ['GET', 'HEAD', 'OPTIONS'] as const;

/** The server's pages outside the catalogue: their exact paths, and /docs's and /redoc's assets below them. */
const OWN_PATHS = new Set(['/health', '/info', '/openapi.json', '/docs', '/redoc']);

/** `{name}` templates matched by segments (a placeholder never matches an empty segment). */
function templateMatcher(templates: readonly string[]): (path: string) => boolean {
  const compiled = templates.map((t) =>
    t
      .split('/')
      .slice(1)
      .map((s) => (s.startsWith('{') ? null : s.toLowerCase())),
  );
  return (path) => {
    const parts = path.split('/').slice(1);
    return compiled.some(
      (segs) =>
        segs.length === parts.length &&
        segs.every((s, i) => (s === null ? parts[i] !== '' : s === parts[i]!.toLowerCase())),
    );
  };
}

export interface MethodOptions {
  /** Methods a path answers beyond the read ones (the override writes), by path. */
  writes?: ((path: string) => readonly string[]) | undefined;
  /** Runs before the answer (CORS: on OPTIONS it sets the preflight headers). */
  before?: RawHandler | undefined;
  log?: AccessLog | undefined;
}

/** The methods `path` answers, or undefined when no route has that path. */
export function allowedMethods(
  options: Pick<MethodOptions, 'writes'> = {},
): (path: string) => readonly string[] | undefined {
  const operation = createRouteMatcher();
  // The POST operations' paths answer POST (and OPTIONS; another method is a 405 naming them).
  const posted = createRouteMatcher(postOperations());
  const endpoint = templateMatcher(Object.values(endpoints).map((e) => e.path));
  return (raw) => {
    const path = raw.length > 1 && raw.endsWith('/') ? raw.slice(0, -1) : raw;
    const writes = [...(options.writes?.(path) ?? []), ...(posted(path) !== null ? ['POST'] : [])];
    const known =
      OWN_PATHS.has(path) ||
      path.startsWith('/docs/') ||
      path.startsWith('/redoc/') ||
      operation(path) !== null ||
      endpoint(path);
    if (!known && writes.length === 0) return undefined;
    return known ? [...READ, ...writes] : [...writes, 'OPTIONS'];
  };
}

/**
 * Answers OPTIONS and the methods a known path does not take (GET and HEAD too where the path
 * takes only POST); false for reads of a readable path, and for any method on an unknown path. Runs after the routes that take other methods (the writes).
 */
export function createMethodDispatcher(options: MethodOptions = {}): Dispatcher {
  const allowed = allowedMethods(options);
  return (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const methods = allowed(q === -1 ? url : url.slice(0, q));
    if (methods === undefined) return false;
    // A read goes on to the pages' routes, unless the path only takes writes (the bar check's POST): a 405 then.
    if ((method === 'GET' || method === 'HEAD') && methods.includes('GET')) return false;
    const started = options.log ? options.log.begin() : 0;
    const allow = methods.join(', ');
    if (method === 'OPTIONS') {
      // Kept when the CORS hook answers the preflight itself.
      res.setHeader('Allow', allow);
      options.before?.(req, res);
      if (!res.writableEnded) send(req, res, 204, undefined, { Allow: allow });
    } else {
      sendError(req, res, {
        status: 405,
        body: {
          detail: `Method ${method} is not allowed on ${url.slice(0, q === -1 ? undefined : q)}; it answers ${allow}`,
        },
        headers: { Allow: allow },
      });
    }
    if (options.log) logAnswer(options.log, req, res, started);
    return true;
  };
}
