// Property tests run with a fixed seed so CI is reproducible; FC_SEED=<n> explores others.
// fast-check prints the seed and path of any counterexample it finds.
import fc from 'fast-check';
import { vi } from 'vitest';

export const DEFAULT_FC_SEED = 20231115;
const seed = Number(process.env.FC_SEED ?? DEFAULT_FC_SEED);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got '${process.env.FC_SEED}'`);
fc.configureGlobal({ seed, numRuns: 100 });

// Core has no clock (status always takes an instant), but pin "now" anyway so that no test can
// come to depend on the day it runs: Date.now() and new Date() answer this instant.
export const PINNED_NOW = '2023-11-15T17:00:00Z';
vi.setSystemTime(new Date(PINNED_NOW));
