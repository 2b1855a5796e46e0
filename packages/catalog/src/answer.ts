/**
 * One operation answered without HTTP: path matching, the core call and the error mapping.
 * The dispatcher (HTTP), `answer` (a path and query) and the CLI (an operation and its
 * arguments) all go through `runOperation`, so a command's JSON is the REST body by
 * construction.
 */
import type { CalendarQueries } from '@openbell/core';
import { DataNotLoadedError, toHttp } from './errors.js';
import { operations, type Operations } from './operations/index.js';
import type { OperationContext } from './context.js';
import { perform, readArgs, type ArgsOf, type Limits, type Operation, type ResultOf } from './registry.js';

export interface CompiledRoute {
  op: Operation;
  /** Lower-case literal, or null for the placeholder at that position. */
  segments: (string | null)[];
  paramNames: (string | null)[];
}

function compile(op: Operation): CompiledRoute {
  const parts = op.path.split('/').slice(1);
  return {
    op,
    segments: parts.map((p) => (p.startsWith('{') ? null : p.toLowerCase())),
    paramNames: parts.map((p) => (p.startsWith('{') ? p.slice(1, -1) : null)),
  };
}

export interface RouteMatch {
  compiled: CompiledRoute;
  /** Path parameters as they appear in the URL (still percent-encoded). */
  params: Record<string, string>;
}

export type RouteMatcher = (path: string) => RouteMatch | null;

/** The operations asked by GET (the default routes of a matcher). */
export function readOperations(): Operation[] {
  return (Object.values(operations) as Operation[]).filter((op) => op.method === 'GET');
}

/** The operations that read a request body (POST). */
export function postOperations(): Operation[] {
  return (Object.values(operations) as Operation[]).filter((op) => op.method === 'POST');
}

/**
 * Matches a URL path (no query) against the operations' paths. Among paths of the same length,
 * those with more literal segments are tried first, so `/markets/finid/{finid}` wins over
 * `/markets/{identifier}/holidays`-like placeholders whatever the declaration order.
 */
export function createRouteMatcher(ops: readonly Operation[] = readOperations()): RouteMatcher {
  const byLength = new Map<number, CompiledRoute[]>();
  for (const c of ops.map(compile)) {
    const list = byLength.get(c.segments.length) ?? [];
    list.push(c);
    byLength.set(c.segments.length, list);
  }
  const placeholders = (c: CompiledRoute) => c.segments.filter((s) => s === null).length;
  for (const list of byLength.values()) list.sort((a, b) => placeholders(a) - placeholders(b));
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

/** The outcome of one operation: the core result, or the HTTP error answer with its cause. */
export type RouteOutcome =
  | { ok: true; value: unknown }
  | { ok: false; status: number; body: unknown; error: unknown; logCause: boolean };

/** The arguments read, or the HTTP error answer (a 422 listing every fault, a 503 without data). */
export type ArgsOutcome =
  | { ok: true; args: Record<string, unknown>; ds: CalendarQueries }
  | { ok: false; status: number; body: unknown; error: unknown; logCause: boolean };

/** The first half of `runOperation`: reading the arguments (before any work or cache lookup). */
export function readOperationArgs(
  op: Operation,
  ds: CalendarQueries | undefined,
  raw: Readonly<Record<string, unknown>>,
  loadError: string | null = null,
  limits: Limits = {},
  bodyApart = false,
): ArgsOutcome {
  try {
    const args = readArgs(op, raw, limits, bodyApart);
    if (!ds) throw new DataNotLoadedError(loadError);
    return { ok: true, args, ds };
  } catch (err) {
    return failure(op, err, raw);
  }
}

/** An error as the HTTP answer it maps to; `raw`, the request's values, gives a 422 entry its `input`. */
export function failure(
  op: Operation,
  err: unknown,
  raw?: Readonly<Record<string, unknown>>,
): { ok: false; status: number; body: unknown; error: unknown; logCause: boolean } {
  const answer = toHttp(err, op.locations, raw);
  return { ok: false, status: answer.status, body: answer.body, error: err, logCause: answer.logCause };
}

/**
 * Reads `raw` (path and query parameters, decoded, by name) with core's parsers and makes the
 * operation's core call. Validation comes first: a request with faults is a 422 listing every
 * one, even without data. `ds` undefined means no data is loaded (503, `loadError` the reason).
 */
export function runOperation(
  op: Operation,
  ds: CalendarQueries | undefined,
  raw: Readonly<Record<string, unknown>>,
  now: () => number,
  loadError: string | null = null,
  limits: Limits = {},
  context: OperationContext = {},
): RouteOutcome {
  const read = readOperationArgs(op, ds, raw, loadError, limits);
  if (!read.ok) return read;
  try {
    return { ok: true, value: op.call(read.ds, read.args, now, context) };
  } catch (err) {
    return failure(op, err, raw);
  }
}

/** The clock and what else the caller holds besides the data (a change log: `changes`). */
export interface AnswerOptions extends OperationContext {
  /** The clock for operations that read it (status without an instant); default Date.now. */
  now?: () => number;
}

function contextOf(options: AnswerOptions): OperationContext {
  return options.changes ? { changes: options.changes } : {};
}

/**
 * The REST status and body of an operation called with raw arguments (text as typed, or
 * typed values), computed in process: what the server answers for the same request.
 */
export function answerOperation<K extends keyof Operations>(
  ds: CalendarQueries | undefined,
  name: K,
  raw: Readonly<Record<string, unknown>>,
  options: AnswerOptions = {},
): { status: number; body: unknown; error?: unknown } {
  const out = runOperation(
    operations[name] as Operation,
    ds,
    raw,
    options.now ?? Date.now,
    null,
    {},
    contextOf(options),
  );
  // The typed error rides along, so a caller can tell what failed without reading the body.
  return out.ok ? { status: 200, body: out.value } : { status: out.status, body: out.body, error: out.error };
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
  const raw: Record<string, unknown> = { ...query };
  for (const [k, v] of Object.entries(match.params)) {
    try {
      raw[k] = decodeURIComponent(v);
    } catch {
      return { status: 400, body: { detail: `Malformed percent-encoding in path parameter '${k}'` } };
    }
  }
  const out = runOperation(match.compiled.op, ds, raw, options.now ?? Date.now, null, {}, contextOf(options));
  return out.ok ? { status: 200, body: out.value } : { status: out.status, body: out.body };
}

/**
 * The library's typed call: an operation by name with typed arguments, answering the core
 * result (the REST body before serialization) or throwing core's errors.
 * `invoke(ds, 'listMarketHolidays', { identifier: 'XNYS', start: '2024-01-01', end: '2024-12-31' })`.
 */
export function invoke<K extends keyof Operations>(
  ds: CalendarQueries,
  name: K,
  args: ArgsOf<Operations[K]>,
  now: () => number = Date.now,
  context: OperationContext = {},
): ResultOf<Operations[K]> {
  return perform(operations[name], ds, args as Record<string, unknown>, now, {}, context) as ResultOf<Operations[K]>;
}
