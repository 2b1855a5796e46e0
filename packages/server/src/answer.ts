/**
 * One data route answered without HTTP: path matching, validation, the core call and the
 * error mapping. The dispatcher (HTTP) and the CLI (`--json`) both go through here, so a
 * command's JSON is the REST body by construction.
 */
import type { CalendarQueries } from '@openbell/core';
import {
  coreEntries,
  DataNotLoadedError,
  RequestValidationError,
  toHttp,
  zodEntries,
  type ParamNames,
  type ValidationEntry,
} from './errors.js';
import { dataRoutes, type DataRoute } from './routes.js';

export interface CompiledRoute {
  route: DataRoute;
  /** Lower-case literal, or null for the placeholder at that position. */
  segments: (string | null)[];
  paramNames: (string | null)[];
  names: ParamNames;
}

function compile(route: DataRoute): CompiledRoute {
  const parts = route.path.split('/').slice(1);
  return {
    route,
    segments: parts.map((p) => (p.startsWith('{') ? null : p.toLowerCase())),
    paramNames: parts.map((p) => (p.startsWith('{') ? p.slice(1, -1) : null)),
    names: { path: route.pathParam },
  };
}

export interface RouteMatch {
  compiled: CompiledRoute;
  /** Path parameters as they appear in the URL (still percent-encoded). */
  params: Record<string, string>;
}

export type RouteMatcher = (path: string) => RouteMatch | null;

/** Matches a URL path (no query) against the route table, first match wins as in express. */
export function createRouteMatcher(routes: readonly DataRoute[] = dataRoutes): RouteMatcher {
  // Routes with literal segments are listed before placeholder routes of the same length in
  // the table (finid/, mic/), so first match wins.
  const byLength = new Map<number, CompiledRoute[]>();
  for (const c of routes.map(compile)) {
    const list = byLength.get(c.segments.length) ?? [];
    list.push(c);
    byLength.set(c.segments.length, list);
  }
  return (path) => {
    const parts = path.split('/');
    // A trailing slash is the same route (express's non-strict routing).
    if (parts.length > 2 && parts[parts.length - 1] === '') parts.pop();
    const candidates = byLength.get(parts.length - 1);
    if (!candidates) return null;
    for (const c of candidates) {
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < c.segments.length; i++) {
        const seg = parts[i + 1]!;
        const lit = c.segments[i];
        if (lit === null) {
          if (seg === '') {
            ok = false;
            break;
          }
          params[c.paramNames[i]!] = seg;
        } else if (seg !== lit && seg.toLowerCase() !== lit) {
          ok = false;
          break;
        }
      }
      if (ok) return { compiled: c, params };
    }
    return null;
  };
}

/** The outcome of one route: the core result, or the HTTP error answer with its cause. */
export type RouteOutcome =
  | { ok: true; value: unknown }
  | { ok: false; status: number; body: unknown; error: unknown; logCause: boolean };

/**
 * Validates `rawParams` (decoded) and `rawQuery` with the route's schemas and calls it.
 * `ds` undefined means no data is loaded (503, with `loadError` as the reason).
 */
export function runRoute(
  c: CompiledRoute,
  ds: CalendarQueries | undefined,
  rawParams: Record<string, string>,
  rawQuery: Record<string, unknown>,
  now: () => number,
  loadError: string | null = null,
): RouteOutcome {
  const route = c.route;
  try {
    const q = route.query.safeParse(rawQuery);
    const p = route.params?.safeParse(rawParams);
    if (!q.success || (p && !p.success)) {
      const entries: ValidationEntry[] = [];
      if (route.probe && ds) {
        try {
          route.probe(ds, rawParams);
        } catch (err) {
          entries.push(...(coreEntries(err, c.names) ?? []));
        }
      }
      if (p && !p.success) entries.push(...zodEntries('path', p.error, rawParams));
      if (!q.success) entries.push(...zodEntries('query', q.error, rawQuery));
      throw new RequestValidationError(entries);
    }
    if (!ds) throw new DataNotLoadedError(loadError);
    return { ok: true, value: route.handle({ ds, params: p?.data ?? {}, query: q.data, now }) };
  } catch (err) {
    const names: ParamNames =
      rawQuery.datetime_utc === undefined && rawQuery.datetime !== undefined ? { ...c.names, instant: 'datetime' } : c.names;
    const answer = toHttp(err, names);
    return { ok: false, status: answer.status, body: answer.body, error: err, logCause: answer.logCause };
  }
}

export interface AnswerOptions {
  /** The clock for routes that read it (status without an instant); default Date.now. */
  now?: () => number;
}

let sharedMatcher: RouteMatcher | undefined;

/**
 * The REST answer for a GET of `path` with `query`, computed in process: `{ status, body }`
 * exactly as the server would send them (body before JSON serialization). An unknown path is
 * a 404 like the server's.
 */
export function answer(
  ds: CalendarQueries | undefined,
  path: string,
  query: Record<string, string | string[]> = {},
  options: AnswerOptions = {},
): { status: number; body: unknown } {
  const match = (sharedMatcher ??= createRouteMatcher())(path);
  if (!match) return { status: 404, body: { detail: `Not Found: no route for GET ${path}` } };
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(match.params)) {
    try {
      params[k] = decodeURIComponent(v);
    } catch {
      return { status: 400, body: { detail: `Malformed percent-encoding in path parameter '${k}'` } };
    }
  }
  const out = runRoute(match.compiled, ds, params, query, options.now ?? Date.now);
  return out.ok ? { status: 200, body: out.value } : { status: out.status, body: out.body };
}
