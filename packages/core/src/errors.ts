/**
 * Typed errors: adapters (REST, CLI) map them by `code`, never by message text.
 */
export type ErrorCode =
  | 'invalid_argument'
  | 'not_found'
  | 'ambiguous'
  | 'not_in_plan'
  | 'out_of_coverage'
  | 'data_error'
  | 'conflict'
  | 'gone'
  | 'too_large';

export abstract class OpenbellError extends Error {
  abstract readonly code: ErrorCode;
}

/** One faulty input: `param` is the API parameter's name (`identifier`, `start`, `end`, `instant`, `code`, `subset`,
 * `expr`, `date`, `n`, `unit`, `convention`, `end_of_month`, `pair`, `trade_date`, `lag`, `tenor`). */
export interface ArgumentFault {
  param: string;
  msg: string;
  type: string;
  /** The value refused, as given (FastAPI's `input`); the adapter fills it from the request when absent. */
  input?: unknown;
  /** The bound crossed (FastAPI's `ctx`: `{ ge: 1 }`, `{ le: 100 }`, `{ max_length: 64 }`). */
  ctx?: Record<string, unknown>;
}

export class InvalidArgumentError extends OpenbellError {
  readonly code = 'invalid_argument' as const;
  readonly faults: ArgumentFault[];
  constructor(faults: ArgumentFault[]) {
    super(faults.map((f) => `${f.param}: ${f.msg}`).join('; '));
    this.name = 'InvalidArgumentError';
    this.faults = faults;
  }
  static one(
    param: string,
    msg: string,
    type = 'value_error',
    extra?: Pick<ArgumentFault, 'input' | 'ctx'>,
  ): InvalidArgumentError {
    return new InvalidArgumentError([extra ? { param, msg, type, ...extra } : { param, msg, type }]);
  }
}

export class NotFoundError extends OpenbellError {
  readonly code = 'not_found' as const;
  constructor(
    readonly kind: 'market' | 'mic' | 'currency' | 'version' | 'override',
    readonly identifier: string,
    message?: string,
  ) {
    super(
      message ?? `${kind === 'mic' ? 'MIC' : kind === 'market' ? 'Market' : 'Currency'} '${identifier}' was not found`,
    );
    this.name = 'NotFoundError';
  }
}

export class AmbiguousMicError extends OpenbellError {
  readonly code = 'ambiguous' as const;
  constructor(
    readonly mic: string,
    readonly candidates: string[],
  ) {
    super(`MIC '${mic}' maps to several markets (${candidates.join(', ')}); ask by FinID instead`);
    this.name = 'AmbiguousMicError';
  }
}

export class NotInPlanError extends OpenbellError {
  readonly code = 'not_in_plan' as const;
  constructor(
    /** The plan feature, or the table the archive does not hold. */
    readonly feature: 'schedules' | 'currencies' | TableName,
    message?: string,
  ) {
    super(
      message ??
        `${feature === 'schedules' ? 'Schedules, phases and status are' : 'Currencies are'} not covered by the plan ` +
          `of the loaded data`,
    );
    this.name = 'NotInPlanError';
  }
}

export class OutOfCoverageError extends OpenbellError {
  readonly code = 'out_of_coverage' as const;
  constructor(
    readonly finId: string,
    readonly requested: string,
    readonly windowStart: string,
    readonly windowEnd: string,
  ) {
    super(`${requested} is outside the coverage window of ${finId}: ${windowStart} to ${windowEnd}`);
    this.name = 'OutOfCoverageError';
  }
}

/**
 * A date (or a step of a search) outside the coverage window of a joined calendar, a currency
 * or an FX pair's calendars (docs/calendar-arithmetic.md §4–5). Same `code` as OutOfCoverageError,
 * so adapters answer it the same way (400); `calendar` is what the caller named, e.g.
 * `US.NYSE+GB.LSE` or `EUR+USD`. The window is the intersection of the members' windows; when
 * those do not overlap, `windowStart` is after `windowEnd` and every date is outside.
 */
export class CalendarOutOfCoverageError extends OpenbellError {
  readonly code = 'out_of_coverage' as const;
  constructor(
    readonly calendar: string,
    readonly requested: string,
    readonly windowStart: string,
    readonly windowEnd: string,
  ) {
    super(
      windowStart <= windowEnd
        ? `${requested} is outside the coverage window of calendar ${calendar}: ${windowStart} to ${windowEnd}`
        : `${requested} is outside the coverage window of calendar ${calendar}: the coverage windows of its members ` +
            `do not overlap (latest start ${windowStart}, earliest end ${windowEnd})`,
    );
    this.name = 'CalendarOutOfCoverageError';
  }
}

/**
 * A write that collides with what is kept (docs/overrides.md §3): an active override of the same
 * target and date (`id` names it), a withdrawal of a withdrawn one, a reopen with nothing to lift.
 */
export class ConflictError extends OpenbellError {
  readonly code = 'conflict' as const;
  constructor(
    message: string,
    readonly id?: string,
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** A version asked for (`as_of`) that is no longer kept: `oldest` names the oldest kept. */
export class GoneError extends OpenbellError {
  readonly code = 'gone' as const;
  constructor(
    message: string,
    readonly oldest: string | null,
  ) {
    super(message);
    this.name = 'GoneError';
  }
}

/**
 * An input longer than a query reads (docs/calendar-arithmetic.md §15: more timestamps than one
 * check takes, or a body over its size limit): refused whole, before any answer is made (413).
 */
export class TooLargeError extends OpenbellError {
  readonly code = 'too_large' as const;
  constructor(
    message: string,
    /** The bound crossed, in its unit (timestamps, bytes). */
    readonly limit: number,
  ) {
    super(message);
    this.name = 'TooLargeError';
  }
}

/** Where in the input tables a data problem sits. `row` is the 0-based index into the table's row array. */
export interface DataLocation {
  table: TableName;
  row?: number;
  column?: string;
}

export type TableName =
  | 'markets'
  | 'holidays'
  | 'schedules'
  | 'phaseTypes'
  | 'micMapping'
  | 'seasonDefinitions'
  | 'currencies'
  | 'currencyHolidays'
  | 'regionalHolidays';

export class DataError extends OpenbellError {
  readonly code = 'data_error' as const;
  constructor(
    message: string,
    readonly location?: DataLocation,
  ) {
    super(message);
    this.name = 'DataError';
  }
}

/**
 * A problem found while building a Dataset (docs/bulk-format.md §5). `message` starts with
 * where it is (file, line, column). `market` or `currency` names whose dates a bad row touches:
 * the queries computing from those dates answer a DataError; without either, nothing answers
 * differently.
 */
export interface DataWarning {
  message: string;
  location?: DataLocation;
  market?: string;
  currency?: string;
}

/**
 * The first line of an error's message (or of the text of a thrown value), trimmed: what one line of a log or of stderr
 * shows.
 */
export function messageLine(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.split('\n')[0]!.trim();
}
