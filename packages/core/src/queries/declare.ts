/**
 * The shape of a query's declaration (`Query`, made by `queriesOf`) and the parameters several
 * queries share. Each topic's file declares its queries with them beside its rules; index.ts
 * gathers the entries into `QUERIES`. The shared parameters are one object each, so every query
 * reads `identifier` or `start` with the same parser.
 */
import {
  BELL_EVENTS,
  CONVENTIONS,
  MAX_STEPS,
  param,
  withDefault,
  type Param,
  type ParamValues,
} from '../params/params.js';

type Params = Record<string, Param>;
type Name<S> = keyof S & string;

/**
 * The public members of a class of rules, as a caller sees them: what a declaration's `run` may
 * call. `dataset.parsed` (every topic's rules at once) is one of each.
 */
export type Surface<C> = { readonly [K in keyof C]: C[K] };

/** One query of the library, declared once. */
export interface Query<
  S extends Params = Params,
  A extends readonly Name<S>[] = readonly Name<S>[],
  R extends readonly Name<S>[] = readonly Name<S>[],
  O extends Record<string, Name<S>> = Record<string, Name<S>>,
  T = unknown,
  // The rules `run` calls: its topic's, which `dataset.parsed` holds with all the others.
  // biome-ignore lint/suspicious/noExplicitAny: any set of rules, as callers hold `dataset.parsed`
  Q = any,
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
  readonly run: (q: Q, a: ParamValues<S>, now: () => number) => T;
}

/**
 * The declarer of queries over the rules `Q` (a topic's `Surface`): declares a query; the
 * method's argument types and its answer are inferred from it.
 */
export function queriesOf<Q>() {
  return function query<
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
    run: (q: Q, a: ParamValues<S>, now: () => number) => T;
  }): Query<S, A, R, O, T, Q> {
    return { rest: [] as unknown as R, options: {} as O, ...spec };
  };
}

// Each declaration: the query's parameters (the parsers of params/params.ts, by the names REST
// and the errors use), the order in which the library takes them, and its call on the rules
// beside it. `Dataset` gets one method per entry (dataset.ts, interface.ts says how) and the
// catalogue one REST operation (`fromQuery`), so both read and refuse arguments identically by
// construction.

// The parameters several queries share.

export const identifier = param.marketIdentifier();
export const code = param.currencyCode();
export const start = param.day();
export const end = param.day();
export const follow = withDefault(param.boolean(), true);
export const expr = param.expression();
export const convention = withDefault(param.enum(CONVENTIONS), 'following');
export const steps = param.integer({ min: -MAX_STEPS, max: MAX_STEPS });
export const event = withDefault(param.enum(BELL_EVENTS), 'open');
export const pair = param.pair();
export const range = { identifier, start, end };
export const rangeArgs = ['identifier', 'start', 'end'] as const;
