/**
 * The operation registry's machinery: what an operation declares (operations/ holds the
 * entries, a file per topic) and what is derived from a declaration for every adapter:
 *
 * - the REST route: its path, which parameters come from the path and which from the query,
 *   the 422 `loc` of each parameter, the error statuses it may answer, whether a 200 body may
 *   be cached (answer.ts here, the server's dispatcher);
 * - the OpenAPI document and /docs (the server's openapi.ts);
 * - the CLI command, its arguments and options, the names its error messages use;
 * - the library's typed call, `invoke(ds, 'listMarketHolidays', { identifier, start, end })`.
 *
 * Validation is core's: parameters are read with core's parsers (`parseParams`), which report
 * every fault at once; the registry only says which parser each parameter uses. What a parser
 * answers is the parsed value (an epoch day, epoch milliseconds, a normalized identifier), and
 * `call` passes it to core's queries over parsed values (`ds.parsed`): text is read once.
 */
import type { CalendarQueries, TextReader } from '@openbell/core';
import type { Query } from '@openbell/core/interface';
import type { OperationContext } from './context.js';
// The parsers alone (not the engine): the CLI builds its commands from the registry before any data is loaded.
import {
  checkDaySpan,
  DEFAULT_MAX_RANGE_DAYS,
  parseParams,
  type EpochDay,
  type Param,
  type ParamInputs,
  type ParamValues,
} from '@openbell/core/params';
import type { z } from 'zod';
import { STATUS_OF, type ErrorStatus, type FailureCode } from './errors.js';
import type * as SchemaModule from './schemas.js';

type Schemas = typeof SchemaModule;

/** Error statuses an operation can answer, for the document. */
export type { ErrorStatus };

/**
 * What an operation looks up (OperationSpec.needs), with the failures that lookup may answer (their statuses: errors.ts
 * STATUS_OF).
 */
export const NEEDS = {
  data: ['data_error'],
  market: ['not_found', 'ambiguous', 'data_error'],
  range: ['out_of_coverage', 'not_found', 'ambiguous', 'data_error'],
  currency: ['not_found', 'data_error'],
  calendar: ['out_of_coverage', 'not_found', 'ambiguous', 'data_error'],
  fx: ['out_of_coverage', 'not_found', 'data_error'],
  changes: ['not_found', 'gone'],
  change_set: ['not_found'],
} as const satisfies Record<string, readonly FailureCode[]>;
export type Need = keyof typeof NEEDS;

/** Parameter kinds that accept any value, so never answer a 422. */
const NEVER_INVALID: ReadonlySet<string> = new Set(['text']);

/**
 * The statuses besides 200 an operation may answer, from its declaration: its lookup's, 403
 * when its plan may lack what it needs, 422 when a parameter can be invalid, and 503 (no data
 * loaded) for every one. Ascending.
 */
export function errorStatuses(spec: {
  needs?: Need | undefined;
  plan?: string | undefined;
  table?: string | undefined;
  params: Params;
  body?: unknown;
}): ErrorStatus[] {
  const out = new Set<ErrorStatus>((spec.needs ? NEEDS[spec.needs] : []).map((code) => STATUS_OF[code]));
  // A body can be longer than its limit: 413, refused before any answer is made.
  if (spec.body) out.add(STATUS_OF.too_large);
  if (spec.plan || spec.table) out.add(STATUS_OF.not_in_plan);
  if (Object.values(spec.params).some((p) => !NEVER_INVALID.has(p.kind))) out.add(STATUS_OF.invalid_argument);
  out.add(STATUS_OF.not_loaded);
  return [...out].sort((a, b) => a - b);
}

/**
 * How a parameter appears on the command line: a positional argument (`<id>`, `[pattern]`
 * when optional), an option under another name than the parameter's (`--at`), or not at all.
 * Without a hint a parameter is the option `--<name>` (underscores become dashes), required
 * when the parameter is; a boolean defaulting to true becomes `--no-<name>`.
 */
/**
 * How a parameter appears on the command line: a positional argument, or a flag (with the old
 * spellings it still accepts as hidden `aliases`, e.g. `from` for `start`), or not at all.
 */
export type CliHint =
  | {
      arg: string;
      help: string /** The command line's example, when not the parameter's (a file's name). */;
      example?: string;
    }
  | { flag: string; help?: string; aliases?: readonly string[] }
  | false;

/** A core parameter with its documentation. */
export type ApiParam<T = unknown, I = unknown, O extends boolean = boolean> = Param<T, I, O> & {
  readonly description: string;
  readonly example?: string;
  readonly cli?: CliHint;
};

/** Attaches documentation (and a command-line hint) to a core parameter. */
export function documented<T, I, O extends boolean>(
  p: Param<T, I, O>,
  docs: { description: string; example?: string; cli?: CliHint },
): ApiParam<T, I, O> {
  return { ...p, ...docs };
}

export type Params = Record<string, ApiParam>;

/** What the HTTP interface says of a parameter that a query of core declares: its documentation alone. */
export type ParamDocs = { description: string; example?: string; cli?: CliHint };

/** A core parameter with its documentation, keeping its value, input and optionality types. */
type Documented<P> = P extends Param<infer T, infer I, infer O> ? ApiParam<T, I, O> : never;

/**
 * The parameters and call of an operation that answers one of core's queries (its declaration
 * in its topic's file of core's queries/, where the library's method comes from too): the parameters exactly as the
 * query declares them (parsers, defaults, order), each with its documentation, and the query's
 * call. The library and REST therefore read and refuse arguments alike by construction.
 */
export function fromQuery<S extends Record<string, Param>, T>(
  query: Query<S, any, any, any, T>,
  docs: { [K in keyof S]: ParamDocs },
): {
  params: { [K in keyof S]: Documented<S[K]> };
  query: Query<S, any, any, any, T>;
} {
  const params = {} as { [K in keyof S]: Documented<S[K]> };
  for (const name in query.params) {
    // The documentation alone: a declared parameter passed as `docs` lends its words, never its parser.
    const { description, example, cli } = docs[name];
    params[name] = {
      ...(query.params[name] as Param as Documented<S[typeof name]>),
      description,
      ...(example === undefined ? {} : { example }),
      ...(cli === undefined ? {} : { cli }),
    };
  }
  return { params, query };
}

/** The command of an operation on the command line. */
export interface CliCommand {
  command: string;
  description: string;
  /**
   * The answer can be too long to hold as one text (a year of one-minute bars): the command
   * writes `--format json` and `csv` from the operation's `bodyChunks` and `csvChunks`, piece
   * by piece, and its text formatter row by row.
   */
  stream?: boolean;
  /**
   * The answer says something is off (a series with missing or extra bars): the command prints
   * it as usual, then exits with code 1, as for a refusal.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the answer's type is the operation's, which this entry does not carry
  failed?: (answer: any) => boolean;
}

/**
 * How an operation with a request body reads it (OperationSpec.body; docs/architecture.md "A POST
 * operation"). One of its parameters travels in the body instead of the URL: the library and
 * `invoke` take it as an argument like any other (the operation's `call`), while REST and the
 * command line feed the body, as it arrives, to `read`, which turns it into the query's input
 * piece by piece, so memory is bounded by what the query keeps, never by the body.
 */
export interface BodySpec<S extends Params = Params, R = unknown> {
  /** The parameter the body carries (a 422 of it, or of the body, is located `['body']`). */
  param: keyof S & string;
  /** The media types accepted, each with its schema and example (the OpenAPI document's `requestBody`). */
  media: Readonly<Record<string, { schema: (schemas: Schemas) => z.ZodType; example: unknown }>>;
  /** The most bytes a body may hold: a longer one is refused with 413 (TooLargeError) before any answer. */
  maxBytes: number;
  /**
   * Starts the reading of one body, once the other parameters are read (`args` lacks `param`): their
   * refusals come before the first byte is read. `type` is the body's media type as sent
   * (undefined when none: a file). The reader is fed the body's text in pieces; `end` answers as
   * `call` does for the same values.
   */
  read(ds: CalendarQueries, args: ParamValues<S>, type: string | undefined): TextReader<R>;
  /**
   * Parameters the command line may leave out although REST requires them (the range of a series):
   * a first reading of the body gives their text (`raw` the command's other arguments as typed), or
   * null when it cannot, which `unfilled` then explains after the file's name.
   */
  fill?: {
    params: readonly (keyof S & string)[];
    read(ds: CalendarQueries, raw: Readonly<Record<string, unknown>>): TextReader<Record<string, string> | null>;
    unfilled: string;
  };
}

/** One operation, declared once. */
export interface OperationSpec<
  S extends Params,
  R,
  Tag extends string = string,
  C extends CliCommand | undefined = CliCommand | undefined,
> {
  /**
   * REST path; each `{name}` placeholder is the parameter of that name, the others are query
   * parameters (but `body.param`).
   */
  path: string;
  /** `POST` for an operation that reads a request body (`body`); GET (and HEAD) otherwise. */
  method?: 'GET' | 'POST';
  /** What a POST operation reads from its body, and how (BodySpec). */
  body?: BodySpec<S, R>;
  /** The CSV form of an answer that is not a list of records (a POST's, asked with `format=csv`). */
  csv?(answer: R): string;
  tag: Tag;
  summary: string;
  description?: string;
  /** The parameters, in the order their faults are reported (path parameters always first). */
  params: S;
  /**
   * The core call, on the dataset's queries over parsed values (`ds.parsed`) with `args` as the
   * parameters' parsers answered them. `now` is the clock, for operations whose default instant is the present;
   * `context` what the adapter holds besides the data (context.ts), for the few operations
   * that read it.
   */
  call?(ds: CalendarQueries, args: ParamValues<S>, now: () => number, context: OperationContext): R;
  /**
   * The query of core this operation answers (core's queries/, whose entry the library's
   * method comes from too): its call, when the operation declares none. `fromQuery` gives it
   * with the query's parameters.
   */
  query?: Query<any, any, any, any, R>;
  /**
   * The 200 body's bytes (`JSON.stringify` of `call`'s answer, UTF-8) as core writes them:
   * used instead of stringifying `call`'s answer.
   */
  bytes?(ds: CalendarQueries, args: ParamValues<S>, now: () => number): Uint8Array;
  /**
   * The 200 body's schema (documentation; schemas.ts checks it against core's record types),
   * from the schemas module: only the OpenAPI document and the tests load zod, not answering.
   */
  response: (schemas: Schemas) => z.ZodType<NoInfer<R>>;
  /**
   * What the operation looks up, which says the errors it may answer (NEEDS): `data` any rows
   * (a data error), `market` one market (unknown, ambiguous MIC), `range` a market's dates or
   * instants (also out of coverage), `currency` one currency, `calendar` the members of a
   * joined calendar, `fx` the currencies of a pair, `changes` the change log after a version
   * (unknown, or older than those kept), `change_set` one logged change set. Nothing for an
   * answer that never fails.
   */
  needs?: Need;
  /** What the plan of the data must include; core answers not_in_plan (403) otherwise. */
  plan?: 'schedules' | 'currencies';
  /**
   * The archive's file the operation lists (`phases.csv`, …): an archive without it answers
   * 403 naming the file, as a plan without the table does.
   */
  table?: string;
  /**
   * The answer depends only on the URL and the dataset (no clock): a 200 body may be reused until the data is swapped.
   */
  cacheable?: boolean;
  /**
   * The parameters that stand for the present when absent (`datetime_utc`, `after`): the answer
   * depends on the clock only when none is given. Given one, it depends on the URL and the
   * dataset alone, and carries an ETag as a `cacheable` answer does (the body is not kept).
   */
  clock?: readonly string[];
  /**
   * The operation's cost grows with its `start`..`end` range and no coverage window bounds
   * that range: the adapters refuse a range longer than their cap (`--max-range-days`, default
   * ten years) with a 422 naming it. A range a window bounds (`needs` range or calendar: the
   * market's or the calendar's window, refused with 400 when the range leaves it) is never
   * capped: it is answered whatever its length, streamed when long (docs/rest.md "Limits").
   */
  rangeCapped?: boolean;
  /**
   * The 200 body's bytes (`JSON.stringify` of `call`'s answer, UTF-8) in consecutive pieces,
   * written by core without building the records, so the server can produce and write a long
   * answer over several turns of its event loop. Pieces may be views of memory core keeps
   * (month blocks): the caller never writes in them.
   */
  bodyChunks?(ds: CalendarQueries, args: ParamValues<S>): Iterable<Uint8Array>;
  /**
   * The CSV body's bytes in pieces, as `bodyChunks` for JSON: for a list too long to build as
   * records and then as one text (the answer of `toCsv` otherwise). Its arguments are checked
   * before the first piece, so a refusal is still a whole error answer.
   */
  csvChunks?(ds: CalendarQueries, args: ParamValues<S>): Iterable<Uint8Array>;
  /** The command-line command; operations without one are REST and library only. */
  cli?: C;
}

/** A declared operation with what the adapters derive from it. */
export interface Operation<
  S extends Params = Params,
  R = unknown,
  Tag extends string = string,
  C extends CliCommand | undefined = CliCommand | undefined,
> extends OperationSpec<S, R, Tag, C> {
  /** The call: the declared one, or the query's. */
  call(ds: CalendarQueries, args: ParamValues<S>, now: () => number, context: OperationContext): R;
  /** The registry key: OpenAPI operationId and the library's name for the call. */
  readonly operationId: string;
  /** Names of the path placeholders, in path order. */
  readonly pathParams: readonly string[];
  /** Names of the query parameters, in declaration order. */
  readonly queryParams: readonly string[];
  /** Where each parameter travels in a REST request (the first element of a 422 `loc`). */
  readonly locations: Readonly<Record<string, 'path' | 'query' | 'body'>>;
  /** Statuses besides 200 the operation may answer (errorStatuses of the declaration). */
  readonly errors: readonly ErrorStatus[];
  /** The request's method: POST with a body, GET otherwise. */
  readonly method: 'GET' | 'POST';
  /** The parameters read from the path and the query: all but the body's. */
  readonly urlParams: Params;
}

type Specs = Record<string, OperationSpec<any, any, any, any>>;
export type Registry<M extends Specs> = {
  readonly [K in keyof M]: M[K] extends OperationSpec<infer S, infer R, infer T, infer C>
    ? Operation<S, R, T, C>
    : never;
};

/** Where a declared path's parameters travel: what every catalogue entry derives from its path. */
export interface RouteShape {
  /** Names of the path placeholders, in path order. */
  readonly pathParams: readonly string[];
  /** Names of the query parameters, in declaration order. */
  readonly queryParams: readonly string[];
  /** Where each parameter travels in a REST request (the first element of a 422 `loc`). */
  readonly locations: Readonly<Record<string, 'path' | 'query' | 'body'>>;
  /** The parameters, path ones first. */
  readonly params: Params;
}

/** The path and query parameters of an entry: each `{name}` of its path is the parameter of that name. */
export function routeShape(id: string, path: string, declared: Params, body?: string): RouteShape {
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  for (const name of pathParams) {
    if (!(name in declared)) throw new Error(`${id}: path placeholder {${name}} is not among its params`);
  }
  if (body !== undefined && (!(body in declared) || pathParams.includes(body)))
    throw new Error(`${id}: the body's parameter ${body} is not among its query params`);
  const queryParams = Object.keys(declared).filter((n) => !pathParams.includes(n) && n !== body);
  const params: Params = {};
  const locations: Record<string, 'path' | 'query' | 'body'> = {};
  for (const n of pathParams) (params[n] = declared[n]!), (locations[n] = 'path');
  for (const n of queryParams) (params[n] = declared[n]!), (locations[n] = 'query');
  // The body's parameter last, and core's faults of the body itself (its `body` param) located in it.
  if (body !== undefined) (params[body] = declared[body]!), (locations[body] = 'body'), (locations.body = 'body');
  return { pathParams, queryParams, locations, params };
}

/** Lookups whose coverage window bounds an operation's range (OperationSpec.rangeCapped). */
const WINDOWED: ReadonlySet<Need | undefined> = new Set<Need | undefined>(['range', 'calendar']);

/** Completes the declarations: ids, path and query parameters, their order and locations, error statuses. */
export function defineOperations<M extends Specs>(specs: M): Registry<M> {
  const out: Record<string, Operation> = {};
  for (const [operationId, spec] of Object.entries(specs)) {
    if (spec.rangeCapped && WINDOWED.has(spec.needs))
      throw new Error(`operation ${operationId}: a coverage window bounds its range; it cannot be rangeCapped`);
    const { query } = spec;
    const call = spec.call ?? (query && ((ds: CalendarQueries, a, now) => query.run(ds.parsed, a, now)));
    if (!call) throw new Error(`operation ${operationId}: it declares neither a call nor a query`);
    if ((spec.method === 'POST') !== (spec.body !== undefined))
      throw new Error(`operation ${operationId}: a POST reads a body, and only a POST declares one`);
    const shape = routeShape(`operation ${operationId}`, spec.path, spec.params, spec.body?.param);
    const urlParams: Params = { ...shape.params };
    if (spec.body) delete urlParams[spec.body.param];
    out[operationId] = {
      ...spec,
      call,
      ...shape,
      operationId,
      errors: errorStatuses(spec),
      method: spec.method ?? 'GET',
      urlParams,
    };
  }
  return out as Registry<M>;
}

/** The typed arguments of an operation: what a library caller passes. */
export type ArgsOf<O> = O extends Operation<infer S, any, any, any> ? ParamInputs<S> : never;
/** The typed result of an operation. */
export type ResultOf<O> = O extends Operation<any, infer R, any, any> ? R : never;
/** The names of the operations of `M` that have a command. */
export type CommandName<M> = {
  [K in keyof M]: M[K] extends Operation<any, any, any, infer C> ? ([C] extends [undefined] ? never : K) : never;
}[keyof M];

/**
 * Runs an operation on `ds` with raw arguments (text, as typed in a URL or on a command line,
 * or typed values): core reads and checks every parameter (an InvalidArgumentError lists every
 * fault), then makes the call. Throws core's errors.
 */
export function perform<O extends Operation>(
  op: O,
  ds: CalendarQueries,
  raw: Readonly<Record<string, unknown>>,
  now: () => number = Date.now,
  limits: Limits = {},
  context: OperationContext = {},
): ResultOf<O> {
  return op.call(ds, readArgs(op, raw, limits), now, context) as ResultOf<O>;
}

/** What the adapters bound: the longest date range of a `rangeCapped` operation (none a window bounds). */
export interface Limits {
  /** Days, both ends included; default DEFAULT_MAX_RANGE_DAYS (ten years). */
  maxRangeDays?: number | undefined;
}

/**
 * Core reads and checks the arguments, then the range cap applies (a 422 naming it). The
 * values are parsed (epoch days, epoch milliseconds, normalized identifiers, parsed
 * expressions): the only reading of the text, as `call` hands them to core's parsed queries.
 */
export function readArgs(
  op: Operation,
  raw: Readonly<Record<string, unknown>>,
  limits: Limits = {},
  /** The body is read apart (a POST answered from its body): its parameter is not among `raw`. */
  bodyApart = false,
): Record<string, unknown> {
  const args = parseParams(bodyApart ? op.urlParams : op.params, raw) as Record<string, unknown>;
  if (op.rangeCapped)
    checkDaySpan(args.start as EpochDay, args.end as EpochDay, limits.maxRangeDays ?? DEFAULT_MAX_RANGE_DAYS);
  return args;
}
