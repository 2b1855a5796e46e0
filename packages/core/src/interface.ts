/**
 * How a query's declaration becomes the library's method: the `Query` shape (its parameters,
 * the order in which the library takes them, its call on the queries over parsed values), the
 * method's argument types inferred from it, and the reading of a library call's arguments with
 * the same parsers REST uses (`readArguments`). The declarations themselves (`QUERIES`) sit in
 * queries.ts beside the rules they call, so a query is written in one file; the catalogue builds
 * its REST operations from the same entries (`fromQuery`). docs/architecture.md "Adding an
 * operation".
 */
import { param, parseParams, type Param, type ParamValues } from './params/params.js';
import type { ParsedQueries } from './queries.js';

type Params = Record<string, Param>;
/** The queries over parsed values as their public members (`dataset.parsed`, or a stand-in answering alike). */
export type ParsedQuerySurface = { readonly [K in keyof ParsedQueries]: ParsedQueries[K] };
type Name<S> = keyof S & string;

/** One query of the library, declared once. */
export interface Query<
  S extends Params = Params,
  A extends readonly Name<S>[] = readonly Name<S>[],
  R extends readonly Name<S>[] = readonly Name<S>[],
  O extends Record<string, Name<S>> = Record<string, Name<S>>,
  T = unknown,
> {
  /** The parameters, in the order their faults are reported (the REST order too). */
  readonly params: S;
  /** The library's leading arguments, in order; each is required by the method's type. */
  readonly args: A;
  /** Further positional arguments the method's type lets a caller leave out (defaults apply). */
  readonly rest: R;
  /** The last argument as an object: the library's key for each parameter (`forceClose` → `force_close`). */
  readonly options: O;
  /** The answer, from the parsed values; `now` stands for the present when an instant is left out. */
  readonly run: (q: ParsedQuerySurface, a: ParamValues<S>, now: () => number) => T;
}

/** Declares a query; the method's argument types and its answer are inferred from it. */
export function query<
  S extends Params,
  const A extends readonly Name<S>[],
  T,
  const R extends readonly Name<S>[] = [],
  const O extends Record<string, Name<S>> = Record<never, never>,
>(spec: {
  params: S;
  args: A;
  rest?: R;
  options?: O;
  run: (q: ParsedQuerySurface, a: ParamValues<S>, now: () => number) => T;
}): Query<S, A, R, O, T> {
  return { rest: [] as unknown as R, options: {} as O, ...spec };
}

/** What a caller may pass for one parameter: its input type, and null for an optional one. */
type InputOf<P> = P extends Param<unknown, infer I, infer Opt> ? (Opt extends true ? I | null | undefined : I) : never;
type Inputs<S, N> = { -readonly [K in keyof N]: N[K] extends keyof S ? InputOf<S[N[K]]> : never };
type OptionsOf<S, O> = { [K in keyof O]?: O[K] extends keyof S ? InputOf<S[O[K]]> : never };

/** The arguments of the library's method for a query. */
export type ArgumentsOf<Q> =
  Q extends Query<infer S, infer A, infer R, infer O>
    ? keyof O extends never
      ? [...Inputs<S, A>, ...Partial<Inputs<S, R>>]
      : [...Inputs<S, A>, ...Partial<Inputs<S, R>>, options?: OptionsOf<S, O>]
    : never;

/** The library's method for a query. */
export type MethodOf<Q> = Q extends Query<any, any, any, any, infer T> ? (...args: ArgumentsOf<Q>) => T : never;

/**
 * A library caller's value as the parsers take it: null is left out, a Date is its epoch
 * milliseconds, a list of numbers is its comma-separated text.
 */
function inputOf(value: unknown): unknown {
  if (value === null) return undefined;
  if (value instanceof Date) return value.getTime();
  if (Array.isArray(value)) return value.map(String);
  return value;
}

/** The arguments of a library call as parsed values (every fault at once, as REST reports them). */
export function readArguments<S extends Params>(q: Query<S>, args: ArrayLike<unknown>): ParamValues<S> {
  const raw: Record<string, unknown> = {};
  const positional = [...q.args, ...q.rest];
  for (let i = 0; i < positional.length; i++) raw[positional[i]!] = inputOf(args[i]);
  const options = args[positional.length];
  if (options !== undefined && options !== null) {
    for (const key in q.options) raw[q.options[key]!] = inputOf((options as Record<string, unknown>)[key]);
  }
  return parseParams(q.params, raw);
}

const instantParams = { instant: param.instant() };

/** A required instant of a library call (epoch milliseconds, a Date or ISO 8601 text), as `instant`. */
export function readInstantArgument(value: unknown): number {
  return parseParams(instantParams, { instant: inputOf(value) }).instant;
}
