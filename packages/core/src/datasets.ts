/**
 * Passes over whole datasets that work on their indexes below the Dataset (versions/diff.ts,
 * tables/frozen.ts), given Datasets here: the change set between two, and thawing a frozen one.
 * They sit above the Dataset so that tables/ and versions/ never import it.
 */
import { Dataset } from './dataset.js';
import { thawIndex, type Decode, type FrozenDataset } from './tables/frozen.js';
import type { DatasetOptions } from './types.js';
import { diffIndexSteps, type ChangeSet, type DiffOptions } from './versions/diff.js';

/** The change set from `before` to `after`, or null when both hold the same tables. */
export function diff(before: Dataset, after: Dataset, options: DiffOptions): ChangeSet | null {
  const steps = diffSteps(before, after, options);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * `diff` as a generator that pauses (yields) after each market and each currency, so that a
 * server can spread the work over turns of its event loop (as `Dataset.createSteps`). Returns
 * the change set, or null.
 */
export function* diffSteps(
  before: Dataset,
  after: Dataset,
  options: DiffOptions,
): Generator<void, ChangeSet | null, void> {
  return yield* diffIndexSteps(Dataset.indexOf(before), Dataset.indexOf(after), options);
}

/**
 * The Dataset frozen by `freezeDataset`, or undefined when `options` would build another index
 * than the frozen one (then build it from the tables).
 */
export function thawDataset(frozen: FrozenDataset, options: DatasetOptions, decode: Decode): Dataset | undefined {
  const index = thawIndex(frozen, options, decode);
  return index === undefined ? undefined : Dataset.fromIndex(index, options.clock);
}
