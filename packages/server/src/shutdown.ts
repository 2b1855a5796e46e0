/**
 * The process's stop signals: SIGTERM and SIGINT close the server gracefully and exit 0; a
 * repeat within a second of the first is the same request; one after that exits at once.
 */
import type { Logger } from 'pino';

export interface ShutdownOptions {
  signals?: NodeJS.Signals[];
  /** Called after a clean close (default process.exit). */
  exit?: (code: number) => void;
  logger?: Logger;
  /** A stop signal this many milliseconds or less after the first is a repeat of it (default 1000). */
  repeatWithinMs?: number;
  /** The clock, in milliseconds, that tells a repeat from a later signal (default performance.now). */
  now?: () => number;
}

/** How long after the first stop signal another one is the same request to stop. */
export const STOP_REPEAT_MS = 1000;

export type StopSignalVerdict = 'stop' | 'repeat' | 'force';

/**
 * Tells the first stop signal, a repeat of it, and a later one apart. Under `pnpm start` (or any
 * wrapper that forwards signals) one Ctrl-C or one SIGTERM to the process group reaches the
 * server twice within milliseconds: directly, and again from the wrapper. Forcing exit on that
 * second copy would cut the answers the first one is draining, so a signal (SIGINT or SIGTERM
 * alike) within `repeatWithinMs` of the first is ignored, and only one after that forces exit.
 */
export function stopSignalJudge(
  options: Pick<ShutdownOptions, 'repeatWithinMs' | 'now'> = {},
): () => StopSignalVerdict {
  const within = options.repeatWithinMs ?? STOP_REPEAT_MS;
  const now = options.now ?? (() => performance.now());
  let first: number | undefined;
  return () => {
    const t = now();
    if (first === undefined) {
      first = t;
      return 'stop';
    }
    return t - first <= within ? 'repeat' : 'force';
  };
}

/**
 * Wires SIGTERM/SIGINT to a graceful close and exit 0. A repeat of the signal within a second
 * of the first is the same request (see `stopSignalJudge`); a signal after that exits at once
 * with 1. Returns a function that removes the handlers.
 */
export function installShutdownHandlers(
  running: { close(): Promise<void> },
  options: ShutdownOptions = {},
): () => void {
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const judge = stopSignalJudge(options);
  const handler = (signal: NodeJS.Signals) => {
    const verdict = judge();
    if (verdict === 'repeat') {
      options.logger?.info(
        { signal },
        'signal repeated within a second of the first: still finishing in-flight requests',
      );
      return;
    }
    if (verdict === 'force') {
      options.logger?.warn({ signal }, 'second signal: exiting without waiting');
      exit(1);
      return;
    }
    options.logger?.info({ signal }, 'shutting down: finishing in-flight requests');
    running.close().then(
      () => exit(0),
      (err: unknown) => {
        options.logger?.error({ err }, 'error while shutting down');
        exit(1);
      },
    );
  };
  for (const s of signals) process.on(s, handler);
  return () => {
    for (const s of signals) process.off(s, handler);
  };
}
