/**
 * What happens when a new version replaces the served one: the change set is computed after
 * the swap (the new version serves at once), in slices of a few milliseconds with the event
 * loop free in between, then logged, announced to `/events` subscribers and handed to the
 * webhooks.
 *
 * Choices where the vendor is silent (docs/data-changes.md §2):
 * - The SSE `data` event is sent for every new version, including one whose tables are
 *   identical (summary `{soon: 0}`, and no change set in the log); a reload of the same
 *   version sends nothing. It follows the swap by the time the change set takes to compute.
 * - `loaded_at` is the instant of the swap on the server's clock.
 * - Data that is not a core Dataset (a library user's own CalendarQueries) cannot be compared:
 *   the event carries `summary: null` and nothing is logged.
 * - Swaps in quick succession are compared in order, each against the one before it.
 */
import { withPurgeKeys } from '../http/purge-keys.js';
import {
  Dataset,
  diffSteps,
  type CalendarQueries,
  type ChangeSet,
  type ChangeSummary,
  type DiffOptions,
} from '@openbell/core';
import type { Logger } from 'pino';
import { Serial } from '@openbell/loader';
import type { ChangeLog } from '@openbell/loader';
import type { WebhookDeliverer } from './webhooks.js';
import type { LoadedData } from '../types.js';

/** The SSE `data` event's body. */
export interface DataChangedEvent {
  from_version: string | null;
  to_version: string | null;
  summary: ChangeSummary | null;
}

export interface SliceOptions {
  /** Longest slice, ms (default 4). */
  sliceMs?: number;
  /** A monotonic clock in ms for the slices (default performance.now). */
  clock?: () => number;
  /** Runs the next slice after pending I/O (default setImmediate). */
  defer?: (fn: () => void) => void;
}

/** Core's diffSteps driven a slice at a time; answers in between are never stalled for long. */
export function computeChangeSet(
  before: Dataset,
  after: Dataset,
  options: DiffOptions,
  slicing: SliceOptions = {},
): Promise<ChangeSet | null> {
  const sliceMs = slicing.sliceMs ?? 4;
  const clock = slicing.clock ?? (() => performance.now());
  const defer = slicing.defer ?? ((fn: () => void) => setImmediate(fn));
  return new Promise((resolve, reject) => {
    let steps: Generator<void, ChangeSet | null, void>;
    try {
      steps = diffSteps(before, after, options);
    } catch (e) {
      reject(e);
      return;
    }
    const slice = () => {
      try {
        const until = clock() + sliceMs;
        for (;;) {
          const r = steps.next();
          if (r.done) {
            resolve(r.value);
            return;
          }
          if (clock() >= until) break;
        }
        defer(slice);
      } catch (e) {
        reject(e);
      }
    };
    defer(slice);
  });
}

export type DataChangedListener = (event: DataChangedEvent) => void;
/** Called with each event and its change set (null when none): a cluster primary forwards both. */
export type ChangeSetListener = (event: DataChangedEvent, changeSet: ChangeSet | null) => void;

export interface ChangeFeedOptions {
  log: ChangeLog;
  logger: Logger;
  /** Only the process that delivers (the single process, a cluster's primary) has them. */
  webhooks?: WebhookDeliverer | undefined;
  /** Epoch ms: `loaded_at`. */
  now?: () => number;
  slicing?: SliceOptions;
}

export class ChangeFeed {
  readonly log: ChangeLog;
  readonly webhooks: WebhookDeliverer | undefined;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly slicing: SliceOptions;
  private readonly listeners = new Set<ChangeSetListener>();
  private readonly work = new Serial();

  constructor(options: ChangeFeedOptions) {
    this.log = options.log;
    this.webhooks = options.webhooks;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
    this.slicing = options.slicing ?? {};
  }

  /** The SSE `data` events; returns the unsubscribe function. */
  subscribe(listener: DataChangedListener): () => void {
    return this.subscribeChangeSets((event) => listener(event));
  }

  /** Each event with its change set. */
  subscribeChangeSets(listener: ChangeSetListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Call right after a swap (DataHolder.onSwap does): returns at once; the comparison runs in
   * the background. No previous data (the first load after a start) makes no change set.
   */
  swapped(previous: LoadedData | undefined, next: LoadedData): void {
    if (!previous || previous === next) return;
    const from = previous.meta.version;
    const to = next.meta.version;
    if (from !== null && from === to) return;
    const loadedAt = this.now();
    void this.work.run(async () => {
      let summary: ChangeSummary | null = null;
      let changeSet: ChangeSet | null = null;
      const a = previous.dataset;
      const b = next.dataset;
      if (a instanceof Dataset && b instanceof Dataset) {
        try {
          const started = performance.now();
          changeSet = await computeChangeSet(
            a,
            b,
            {
              loadedAt,
              fromVersion: from,
              toVersion: to,
              ...(next.meta.origin === 'override' ? { source: 'override' as const } : {}),
            },
            this.slicing,
          );
          // The keys it touched, for a purge hook on the change feed (http/purge-keys.ts).
          if (changeSet) changeSet = withPurgeKeys(changeSet);
          summary = changeSet ? changeSet.summary : { soon: 0 };
          this.logger.info(
            { from, to, summary, ms: Math.round(performance.now() - started) },
            changeSet ? 'change set computed' : 'new version has the same content: no change set',
          );
        } catch (e) {
          this.logger.error({ from, to, err: (e as Error).message }, 'computing the change set failed');
        }
      } else {
        this.logger.debug({ from, to }, 'the data is not a core Dataset: no change set');
      }
      this.publish({ from_version: from, to_version: to, summary }, changeSet, b);
    });
  }

  /**
   * A change set computed elsewhere (a cluster worker receives the primary's), or here: logs
   * it, tells the subscribers, queues the webhooks.
   */
  publish(event: DataChangedEvent, changeSet: ChangeSet | null, dataset?: CalendarQueries): void {
    if (changeSet) {
      this.log.add(changeSet);
      this.webhooks?.enqueue(changeSet, dataset);
    }
    for (const l of this.listeners) {
      try {
        l(event, changeSet);
      } catch (e) {
        this.logger.warn({ err: (e as Error).message }, 'a data-change listener failed');
      }
    }
  }

  /** Resolves once the comparisons started so far have finished (tests; shutdown). */
  settled(): Promise<void> {
    return this.work.idle();
  }

  /** Waits for the comparisons and the files, and stops the webhooks (pending ones stay on disk). */
  async close(): Promise<void> {
    await this.settled();
    await this.log.flush();
    await this.webhooks?.close();
  }
}
