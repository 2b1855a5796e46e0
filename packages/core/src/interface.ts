/**
 * How a query's declaration becomes the library's method: the method's argument types inferred
 * from the declaration (`ArgumentsOf`, `MethodOf`, `QueryMethods`) and the reading of a library
 * call's arguments with the same parsers REST uses (`readArguments`). The declarations
 * themselves (`QUERIES`, and the `Query` shape) sit in queries/, each in its topic's file beside
 * the rules it calls, so a query is written in one file; the catalogue builds its REST operations from the same
 * entries (`fromQuery`). docs/architecture.md "Adding an operation".
 */
import { param, parseParams, type Param, type ParamValues } from './params/params.js';
import type { Query } from './queries/index.js';

export type { ParsedQuerySurface, Query } from './queries/index.js';

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
export function readArguments<S extends Record<string, Param>>(q: Query<S>, args: ArrayLike<unknown>): ParamValues<S> {
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

// The library's methods, one per declaration of QUERIES, each `MethodOf` its declaration: written
// out member by member, with each declaration's TSDoc, by scripts/methods.mjs at build, so that
// hover and "go to definition" on a `Dataset` method land on its description.
export type { QueryMethods } from './methods.generated.js';
