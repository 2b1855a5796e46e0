/**
 * The swappable data holder and the background update loop.
 *
 * Swapping is a single reference assignment: a handler reads `holder.current` once at the
 * start of the request and works on that object to the end, so a swap never mixes two
 * datasets inside one answer and needs no locking (handlers are synchronous anyway).
 */
import type { Logger } from 'pino';
import type { ConnectionState, UpdateState } from '@openbell/catalog';
import type { DataSource, LoadedData } from './types.js';

export type { UpdateState };
import { scrubSecrets } from '@openbell/core/secrets';
import { SERVE_DEFAULTS } from './defaults.js';

export class DataHolder {
  current: LoadedData | undefined;
  /** Set when shutdown begins: /health answers 503 `draining` so load balancers move on. */
  draining = false;
  /** Set while the first load is running or after it failed, so /health and 503s can say why. */
  loadError: string | null = null;
  readonly updates: UpdateState = {
    enabled: false,
    everyMinutes: 0,
    lastAttemptAt: null,
    lastSuccessAt: null,
    lastResult: null,
    lastError: null,
    nextCheckAt: null,
  };
  /** The running server's connection budgets and counts, for /info (set by createServer). */
  connections: (() => ConnectionState) | undefined = undefined;

  constructor(data?: LoadedData) {
    this.current = data;
  }

  /**
   * Turns the data a source hands over into the data served: the override set on top of the
   * vendor's file (overrides/manager.ts). Every swap goes through it.
   */
  decorate: ((data: LoadedData) => LoadedData) | undefined;

  swap(raw: LoadedData): void {
    const previous = this.current;
    const data = this.decorate ? this.decorate(raw) : raw;
    this.current = data;
    this.loadError = null;
    // After the assignment: the new version serves before any listener runs.
    for (const listener of this.swapListeners) {
      try {
        listener(previous, data);
      } catch {
        // A listener's fault must never undo or fail a swap.
      }
    }
  }

  private readonly swapListeners = new Set<SwapListener>();

  /**
   * Called after each swap with the data replaced (undefined for the first) and the new data; returns the unsubscribe
   * function.
   */
  onSwap(listener: SwapListener): () => void {
    this.swapListeners.add(listener);
    return () => this.swapListeners.delete(listener);
  }
}

export type SwapListener = (previous: LoadedData | undefined, next: LoadedData) => void;

/**
 * Error text fit for /info and logs. Loader errors should never carry credentials, but a
 * message quoting a request could; scrub anything that looks like one anyway.
 */
export function publicErrorMessage(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  return scrubSecrets(raw).slice(0, 500);
}

export type UpdateOutcome = 'updated' | 'up_to_date' | 'failed';

export interface Updater {
  /** Runs one check now; concurrent calls share the check in progress. */
  runNow(options?: { force?: boolean }): Promise<UpdateOutcome>;
  stop(): void;
}

export interface UpdaterOptions {
  holder: DataHolder;
  source: DataSource;
  /** 0 (or a non-remote source) disables the timer; runNow still works. */
  everyMinutes: number;
  logger: Logger;
  now?: () => number;
  /**
   * After a failed check the next one comes sooner than `everyMinutes`: this delay, doubled
   * after each further failure, never beyond the interval. Default 60 s.
   */
  retryBaseMs?: number;
}

export function createUpdater(options: UpdaterOptions): Updater {
  const { holder, source, logger } = options;
  const now = options.now ?? Date.now;
  // Timers overflow past 2^31-1 ms (~24.8 days) and would fire at once; clamp.
  const everyMs = Math.min(Math.max(0, options.everyMinutes) * 60_000, 2_147_483_647);
  const periodic = source.isRemote && everyMs > 0;
  let running: Promise<UpdateOutcome> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Failed checks in a row (reset by any success). */
  let failures = 0;
  const retryBaseMs = Math.max(1, options.retryBaseMs ?? SERVE_DEFAULTS.updateRetrySeconds * 1000);

  holder.updates.enabled = periodic;
  holder.updates.everyMinutes = periodic ? options.everyMinutes : 0;

  const attempt = async (force: boolean): Promise<UpdateOutcome> => {
    const state = holder.updates;
    state.lastAttemptAt = new Date(now()).toISOString();
    try {
      const result = await source.update({ force });
      if (result.status === 'updated') {
        holder.swap(result.data);
        state.lastResult = 'updated';
        logger.info({ version: result.data.meta.version, source: source.description }, 'data updated and swapped in');
      } else {
        state.lastResult = 'up_to_date';
        logger.debug({ source: source.description }, 'data is up to date');
      }
      state.lastSuccessAt = state.lastAttemptAt;
      state.lastError = null;
      failures = 0;
      return state.lastResult;
    } catch (err) {
      failures += 1;
      state.lastResult = 'failed';
      state.lastError = publicErrorMessage(err);
      logger.warn(
        { err: state.lastError, source: source.description, retryInMs: nextDelay() },
        'data update failed; still serving the previous data',
      );
      // Whoever ran this check (the timer or runNow), the next one comes after the backoff.
      schedule();
      return 'failed';
    }
  };

  const runNow = (opts?: { force?: boolean }): Promise<UpdateOutcome> => {
    running ??= attempt(opts?.force ?? false).finally(() => {
      running = undefined;
    });
    return running;
  };

  /** The interval, or after failures a backoff (retryBase, doubling) capped at the interval. */
  const nextDelay = (): number =>
    failures === 0 ? everyMs : Math.min(everyMs, retryBaseMs * 2 ** Math.min(failures - 1, 30));

  const schedule = () => {
    if (!periodic || stopped) return;
    if (timer) clearTimeout(timer);
    const delay = nextDelay();
    holder.updates.nextCheckAt = new Date(now() + delay).toISOString();
    // setTimeout rather than setInterval: a slow download never stacks checks, and the
    // timer is unref'd so it never keeps a process alive that is otherwise done.
    timer = setTimeout(() => {
      void runNow().finally(schedule);
    }, delay);
    timer.unref();
  };
  schedule();

  return {
    runNow,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      holder.updates.nextCheckAt = null;
    },
  };
}
