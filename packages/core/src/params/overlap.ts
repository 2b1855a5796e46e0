/** The markets of an overlap query (docs/calendar-arithmetic.md §12). */
import { InvalidArgumentError } from '../errors.js';
import type { OverlapPhase } from '../types.js';
import { normalizeMarketIdentifier } from './values.js';
import { Faults } from './faults.js';

/** How many markets one `overlap` query names: at least two, at most sixteen. */
export const MIN_OVERLAP_MARKETS = 2;
export const MAX_OVERLAP_MARKETS = 16;
/** Which phases make a market trading for `overlap`. */
export const OVERLAP_PHASES = ['primary', 'open'] as const satisfies readonly OverlapPhase[];

/** The identifiers of an `overlap` query, each normalized; every bad one is reported, naming `markets`. */
export function parseOverlapMarkets(ids: readonly string[], param = 'markets'): string[] {
  if (ids.length < MIN_OVERLAP_MARKETS || ids.length > MAX_OVERLAP_MARKETS) {
    throw InvalidArgumentError.one(
      param,
      `Give ${MIN_OVERLAP_MARKETS} to ${MAX_OVERLAP_MARKETS} markets (FinIDs or MICs, comma-separated); got ` +
        `${ids.length}`,
      'markets_count',
    );
  }
  const faults = new Faults();
  const out = ids.map((id) => faults.get(() => normalizeMarketIdentifier(id, param)));
  faults.done();
  return out;
}
