/**
 * Translation of failures into the HTTP answers of engine-semantics §7. Core errors are
 * recognised by their `code` only (never by message or class identity, so two copies of core
 * in one process still map correctly).
 */
import type { z } from 'zod';

export interface ValidationEntry {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface HttpAnswer {
  status: number;
  body: { detail: string | ValidationEntry[]; candidates?: string[] };
  /** The cause belongs in the log (a fault of ours, not of the request). */
  logCause: boolean;
}

/** A request that failed the route's zod schemas (possibly with core faults appended). */
export class RequestValidationError extends Error {
  constructor(readonly entries: ValidationEntry[]) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

/** No dataset has been loaded yet (first download still running, or it failed). */
export class DataNotLoadedError extends Error {
  constructor(reason: string | null) {
    super(
      reason
        ? `Calendar data is not loaded: the last load attempt failed (${reason}); retrying in the background`
        : 'Calendar data is not loaded yet; try again shortly',
    );
    this.name = 'DataNotLoadedError';
  }
}

/** How a route names its inputs, so core's parameter names land on the right `loc`. */
export interface ParamNames {
  /** Name of the route's path placeholder (identifier, finid, mic, code). */
  path?: string | undefined;
  /** Query name the instant came from (datetime_utc or its alias datetime). */
  instant?: string | undefined;
}

const PATH_LIKE = new Set(['identifier', 'finid', 'fin_id', 'mic', 'code']);

export function locOf(param: string, names: ParamNames): (string | number)[] {
  if (PATH_LIKE.has(param)) return ['path', names.path ?? param];
  if (param === 'instant') return ['query', names.instant ?? 'datetime_utc'];
  return ['query', param];
}

const ZOD_TYPES: Record<string, string> = {
  invalid_type: 'string_type',
  invalid_format: 'value_error',
  too_small: 'value_error',
  too_big: 'value_error',
};

/** One entry per zod issue, placed under `where` (query or path). */
export function zodEntries(
  where: 'query' | 'path',
  error: z.ZodError,
  input: Record<string, unknown>,
): ValidationEntry[] {
  return error.issues.map((issue) => {
    const name = issue.path[0];
    const key = typeof name === 'string' || typeof name === 'number' ? name : '';
    let type = (issue as { params?: { type?: unknown } }).params?.type;
    if (typeof type !== 'string') {
      type = issue.code === 'invalid_type' && input[key] === undefined ? 'missing' : (ZOD_TYPES[issue.code] ?? issue.code);
    }
    return { loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], msg: issue.message, type: type as string };
  });
}

/** Core's InvalidArgumentError faults as 422 entries. */
export function coreEntries(err: unknown, names: ParamNames): ValidationEntry[] | undefined {
  const e = err as { code?: unknown; faults?: unknown };
  if (e?.code !== 'invalid_argument' || !Array.isArray(e.faults)) return undefined;
  return (e.faults as { param: string; msg: string; type: string }[]).map((f) => ({
    loc: locOf(f.param, names),
    msg: f.msg,
    type: f.type,
  }));
}

export function toHttp(err: unknown, names: ParamNames): HttpAnswer {
  if (err instanceof RequestValidationError) {
    return { status: 422, body: { detail: err.entries }, logCause: false };
  }
  if (err instanceof DataNotLoadedError) {
    return { status: 503, body: { detail: err.message }, logCause: false };
  }
  const e = err as { code?: unknown; message?: unknown; candidates?: unknown; status?: unknown; expose?: unknown };
  const message = typeof e?.message === 'string' ? e.message : '';
  switch (e?.code) {
    case 'invalid_argument': {
      const entries = coreEntries(err, names);
      if (entries && entries.length > 0) return { status: 422, body: { detail: entries }, logCause: false };
      break;
    }
    case 'not_found':
      return { status: 404, body: { detail: message }, logCause: false };
    case 'ambiguous':
      return {
        status: 409,
        body: { detail: message, candidates: Array.isArray(e.candidates) ? (e.candidates as string[]) : [] },
        logCause: false,
      };
    case 'not_in_plan':
      return { status: 403, body: { detail: message }, logCause: false };
    case 'out_of_coverage':
      return { status: 400, body: { detail: message }, logCause: false };
    case 'data_error':
      // The message describes the data (which season, which year), not our internals, and
      // is what an operator needs to see; the stack stays in the log.
      return { status: 500, body: { detail: `Data error: ${message}` }, logCause: true };
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
