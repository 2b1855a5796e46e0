/**
 * The library's error classes as the client raises them: same names, same `code`, the fields the
 * REST body carries (the 422's faults, the 409's candidates; the others' fields read back from
 * the message, which core writes and the body passes on), and beside them the HTTP `status` and
 * the body's `detail`. Which code a status stands for comes from the catalogue's one table
 * (`CODES`, generated from STATUS_OF).
 */
import { CODES } from './routes.generated.js';

/** One 422 entry as the server writes it. */
export interface ValidationEntry {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** One faulty argument, as the library's InvalidArgumentError lists it (`param` by the library's name). */
export interface ArgumentFault {
  param: string;
  msg: string;
  type: string;
  /** Where the server read it: `['query', 'start']`, `['path', 'identifier']`. */
  loc: (string | number)[];
}

/** What every error of an answer carries. */
export class OpenbellError extends Error {
  /** The library's code (`invalid_argument`, `not_found`, …), or `http` for a status it has none for. */
  readonly code: string;
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The body's `detail`: the message, or the 422's entries. */
  readonly detail: string | ValidationEntry[];
  constructor(code: string, status: number, detail: string | ValidationEntry[], message?: string) {
    super(message ?? (typeof detail === 'string' ? detail : JSON.stringify(detail)));
    this.name = 'OpenbellError';
    this.code = code;
    this.status = status;
    this.detail = detail;
  }
}

export class InvalidArgumentError extends OpenbellError {
  readonly faults: ArgumentFault[];
  constructor(status: number, detail: ValidationEntry[], faults: ArgumentFault[]) {
    super('invalid_argument', status, detail, faults.map((f) => `${f.param}: ${f.msg}`).join('; '));
    this.name = 'InvalidArgumentError';
    this.faults = faults;
  }
}

export class NotFoundError extends OpenbellError {
  /** `market`, `mic` or `currency` when the message names one (`Market 'XXXX' was not found`). */
  readonly kind: string | undefined;
  readonly identifier: string | undefined;
  constructor(status: number, detail: string) {
    super('not_found', status, detail);
    this.name = 'NotFoundError';
    const m = /^(Market|MIC|Currency) '(.*)' was not found/.exec(detail);
    this.kind = m?.[1]?.toLowerCase();
    this.identifier = m?.[2];
  }
}

export class AmbiguousMicError extends OpenbellError {
  readonly mic: string | undefined;
  readonly candidates: string[];
  constructor(status: number, detail: string, candidates: string[]) {
    super('ambiguous', status, detail);
    this.name = 'AmbiguousMicError';
    this.mic = /^MIC '(.*?)'/.exec(detail)?.[1];
    this.candidates = candidates;
  }
}

/** Both coverage errors of the library: `finId` (a market) or `calendar` (a joined calendar, a currency, a pair). */
export class OutOfCoverageError extends OpenbellError {
  readonly finId: string | undefined;
  readonly calendar: string | undefined;
  readonly requested: string | undefined;
  readonly windowStart: string | undefined;
  readonly windowEnd: string | undefined;
  constructor(status: number, detail: string) {
    super('out_of_coverage', status, detail);
    const m = /^(.*?) is outside the coverage window of (calendar )?(\S+): (\S+) to ([^\s,;]+)/.exec(detail);
    this.name = m?.[2] ? 'CalendarOutOfCoverageError' : 'OutOfCoverageError';
    this.requested = m?.[1];
    this.finId = m && !m[2] ? m[3] : undefined;
    this.calendar = m?.[2] ? m[3] : undefined;
    this.windowStart = m?.[4];
    this.windowEnd = m?.[5];
  }
}

/** The names of the library's classes for the codes that carry no more than their message. */
const PLAIN: Record<string, string> = {
  not_in_plan: 'NotInPlanError',
  conflict: 'ConflictError',
  gone: 'GoneError',
  too_large: 'TooLargeError',
  data_error: 'DataError',
  not_loaded: 'DataNotLoadedError',
};

/**
 * The error of a refused answer: its status and body (`{ detail, candidates? }`, or text that is
 * not JSON). `names` maps a REST parameter name back to the library's (`datetime_utc` → `instant`).
 */
export function errorOf(status: number, text: string, names: Readonly<Record<string, string>> = {}): OpenbellError {
  let body: { detail?: unknown; candidates?: unknown } = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { detail: text };
  }
  const detail = body?.detail;
  const codes = CODES[status] ?? [];
  if (Array.isArray(detail) && codes.includes('invalid_argument')) {
    const entries = detail as ValidationEntry[];
    const faults = entries.map((e) => {
      const rest = String(e.loc.at(-1));
      return { param: names[rest] ?? rest, msg: e.msg, type: e.type, loc: e.loc };
    });
    return new InvalidArgumentError(status, entries, faults);
  }
  const message = typeof detail === 'string' ? detail : `HTTP ${status}`;
  const candidates = Array.isArray(body?.candidates) ? (body.candidates as string[]) : undefined;
  if (codes.includes('ambiguous') && candidates) return new AmbiguousMicError(status, message, candidates);
  if (codes.includes('not_found')) return new NotFoundError(status, message);
  if (codes.includes('out_of_coverage')) return new OutOfCoverageError(status, message);
  let code = codes.find((c) => c !== 'ambiguous') ?? 'http';
  // A 500 is the library's DataError only when it names the bad data; otherwise it is the server's own fault.
  if (code === 'data_error' && !message.startsWith('Data error: ')) code = 'http';
  const err = new OpenbellError(code, status, message);
  err.name = PLAIN[code] ?? 'OpenbellError';
  return err;
}
