/**
 * Translation of failures into the HTTP answers of docs/semantics.md §7. Core errors are
 * recognised by their `code` only (never by message or class identity, so two copies of core
 * in one process still map correctly).
 */
import type { ErrorCode } from '@openbell/core';

/** A failure's code: core's, or the adapter's own when no data is loaded yet. */
export type FailureCode = ErrorCode | 'not_loaded';

/**
 * The HTTP status of each code, the one table: toHttp answers with it and each operation's
 * documented statuses (registry.ts NEEDS) are read through it.
 */
export const STATUS_OF = {
  out_of_coverage: 400,
  not_in_plan: 403,
  not_found: 404,
  ambiguous: 409,
  conflict: 409,
  gone: 410,
  too_large: 413,
  invalid_argument: 422,
  data_error: 500,
  not_loaded: 503,
} as const satisfies Record<FailureCode, number>;

export type ErrorStatus = (typeof STATUS_OF)[FailureCode];
export interface ValidationEntry {
  loc: (string | number)[];
  msg: string;
  type: string;
  /** The value refused, as the request gave it (null when it was missing), as FastAPI says. */
  input?: unknown;
  /** The bound crossed, where one was. */
  ctx?: Record<string, unknown>;
}

export interface HttpAnswer {
  status: number;
  body: { detail: string | ValidationEntry[]; candidates?: string[] };
  /** The cause belongs in the log (a fault of ours, not of the request). */
  logCause: boolean;
}

/** No dataset has been loaded yet (first download still running, or it failed). */
export class DataNotLoadedError extends Error {
  readonly code = 'not_loaded' as const;
  constructor(reason: string | null) {
    super(
      reason
        ? `Calendar data is not loaded: the last load attempt failed (${reason}); retrying in the background`
        : 'Calendar data is not loaded yet; try again shortly',
    );
    this.name = 'DataNotLoadedError';
  }
}

/** Where each parameter of an operation travels (path, query or body), for the 422 `loc`. */
export type ParamLocations = Readonly<Record<string, 'path' | 'query' | 'body'>>;

/**
 * `['path', 'identifier']`, `['query', 'start']`: a parameter the operation does not declare is a
 * query one; the body's parameter (and a fault of the body itself) is `['body']`, the whole body.
 */
export function locOf(param: string, locations: ParamLocations): (string | number)[] {
  const at = locations[param] ?? 'query';
  return at === 'body' ? ['body'] : [at, param];
}

/**
 * Core's InvalidArgumentError faults as 422 entries. `inputs` (the request's raw values by name)
 * gives each entry its `input` when the fault does not carry its own: the text refused, or
 * null for a parameter left out (FastAPI's `input`).
 */
export function coreEntries(
  err: unknown,
  locations: ParamLocations,
  inputs?: Readonly<Record<string, unknown>>,
): ValidationEntry[] | undefined {
  const e = err as { code?: unknown; faults?: unknown };
  if (e?.code !== 'invalid_argument' || !Array.isArray(e.faults)) return undefined;
  return (
    e.faults as { param: string; msg: string; type: string; input?: unknown; ctx?: Record<string, unknown> }[]
  ).map((f) => {
    const entry: ValidationEntry = { loc: locOf(f.param, locations), msg: f.msg, type: f.type };
    const input = f.input !== undefined ? f.input : inputs ? (inputs[f.param] ?? null) : undefined;
    if (input !== undefined) entry.input = input;
    if (f.ctx) entry.ctx = f.ctx;
    return entry;
  });
}

export function toHttp(
  err: unknown,
  locations: ParamLocations = {},
  inputs?: Readonly<Record<string, unknown>>,
): HttpAnswer {
  const e = err as { code?: unknown; message?: unknown; candidates?: unknown; status?: unknown; expose?: unknown };
  const message = typeof e?.message === 'string' ? e.message : '';
  switch (e?.code) {
    case 'invalid_argument': {
      const entries = coreEntries(err, locations, inputs);
      if (entries && entries.length > 0) return { status: 422, body: { detail: entries }, logCause: false };
      break;
    }
    case 'ambiguous':
      return {
        status: STATUS_OF.ambiguous,
        body: { detail: message, candidates: Array.isArray(e.candidates) ? (e.candidates as string[]) : [] },
        logCause: false,
      };
    case 'data_error':
      // The message describes the data (which season, which year), not our internals, and
      // is what an operator needs to see; the stack stays in the log.
      return { status: STATUS_OF.data_error, body: { detail: `Data error: ${message}` }, logCause: true };
    case 'not_found':
    case 'not_in_plan':
    case 'out_of_coverage':
    case 'conflict':
    case 'gone':
    case 'too_large':
    case 'not_loaded':
      return { status: STATUS_OF[e.code], body: { detail: message }, logCause: false };
    default:
      break;
  }
  // Errors raised by express itself for a bad request (malformed percent-encoding in the path,
  // for instance) carry a 4xx status and a message meant for the client.
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    const safe = e.expose === true || err instanceof URIError;
    return { status: e.status, body: { detail: (safe && message) || 'Bad request' }, logCause: false };
  }
  return { status: 500, body: { detail: 'Internal server error' }, logCause: true };
}
