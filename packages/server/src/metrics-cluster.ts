/**
 * `GET /metrics` under `serve --workers N` (cluster.ts): one answer for the whole server,
 * whichever worker the scrape reaches (docs/deployment.md "Metrics").
 *
 * The worker asked sends `metrics_ask` to the primary. The primary sends `metrics_get` to every
 * other serving worker over the IPC channel they already share. It waits at most
 * PEER_TIMEOUT_MS for their `metrics_json` (prom-client's `getMetricsAsJSON`), then sends what
 * it has back in `metrics_all`. The asking worker adds its own snapshot, taken locally, and
 * formats the sum (metrics.ts `text`). The primary only relays. It hands every new connection
 * to a worker, so formatting there would hold up connections to all of them. Formatting in the
 * answering worker holds up only that worker's.
 *
 * A worker that dies during the wait is dropped at once (on its 'exit'), without waiting out
 * the timeout. A worker that is alive but late is counted from its last answer. That keeps the
 * summed counters from dipping because one worker was slow, which Prometheus would read as a
 * counter reset and a spike in `rate()`. `openbell_workers_reporting` says how many answered.
 * A dead worker's counts leave the sum with it, and its replacement counts from zero.
 */
import type { Worker } from 'node:cluster';
import type { MetricSnapshot, MetricsPeers } from './metrics.js';

/** How long the primary waits for the other workers' series before answering with those it has. */
export const PEER_TIMEOUT_MS = 1000;

export type MetricsToWorker =
  | { t: 'metrics_get'; seq: number }
  | { t: 'metrics_all'; seq: number; snapshots: MetricSnapshot[]; fresh: number };
export type MetricsToPrimary =
  | { t: 'metrics_ask'; seq: number }
  | { t: 'metrics_json'; seq: number; series: MetricSnapshot };

type Reply = (series: MetricSnapshot | undefined) => void;

/** The primary's part: asks the serving workers for their series and relays them to the one asking. */
export class MetricsRelay {
  private round = 0;
  /** Replies awaited, by round, then by worker id. */
  private readonly waiting = new Map<number, Map<number, Reply>>();
  /** Each live worker's last answer, used when it is late. */
  private readonly last = new Map<number, MetricSnapshot>();

  constructor(
    private readonly send: (worker: Worker, message: MetricsToWorker) => void,
    private readonly timeoutMs = PEER_TIMEOUT_MS,
  ) {}

  /** A worker's message; true when it was one of the metrics'. `serving`: the workers that serve now. */
  heard(worker: Worker, message: { t: string }, serving: () => Worker[]): boolean {
    const m = message as MetricsToPrimary;
    if (m.t === 'metrics_ask') {
      void this.relay(
        worker,
        m.seq,
        serving().filter((w) => w !== worker),
      );
      return true;
    }
    if (m.t === 'metrics_json') {
      this.last.set(worker.id, m.series);
      this.waiting.get(m.seq)?.get(worker.id)?.(m.series);
      return true;
    }
    return false;
  }

  /** A worker exited: nobody waits for it, and its last series are forgotten. */
  gone(worker: Worker): void {
    this.last.delete(worker.id);
    for (const replies of this.waiting.values()) replies.get(worker.id)?.(undefined);
  }

  private async relay(asker: Worker, seq: number, others: Worker[]): Promise<void> {
    const round = ++this.round;
    const replies = new Map<number, Reply>();
    this.waiting.set(round, replies);
    const answers = others.map(
      (w) =>
        new Promise<MetricSnapshot | undefined>((resolve) => {
          replies.set(w.id, resolve);
          this.send(w, { t: 'metrics_get', seq: round });
        }),
    );
    const timer = setTimeout(() => {
      for (const reply of replies.values()) reply(undefined);
    }, this.timeoutMs);
    const got = await Promise.all(answers);
    clearTimeout(timer);
    this.waiting.delete(round);
    const snapshots: MetricSnapshot[] = [];
    let fresh = 0;
    got.forEach((series, i) => {
      const worker = others[i]!;
      const kept = worker.isDead() ? undefined : this.last.get(worker.id);
      if (series) fresh += 1;
      if (series ?? kept) snapshots.push((series ?? kept)!);
    });
    this.send(asker, { t: 'metrics_all', seq, snapshots, fresh });
  }
}

/**
 * A worker's part: the peers its /metrics adds to its own series, and its answers to the
 * primary's `metrics_get`. It waits for the primary twice the primary's own timeout, then answers
 * with its own series alone (the primary gone or stuck).
 */
export function workerMetricsLink(
  workers: number,
  toPrimary: (message: MetricsToPrimary) => void,
  own: () => Promise<MetricSnapshot> | undefined,
  timeoutMs = 2 * PEER_TIMEOUT_MS,
): { peers: MetricsPeers; heard(message: { t: string }): boolean } {
  let seq = 0;
  const asked = new Map<number, (answer: { snapshots: MetricSnapshot[]; fresh: number }) => void>();
  const peers: MetricsPeers = {
    workers,
    gather: () =>
      new Promise((resolve) => {
        const n = ++seq;
        asked.set(n, resolve);
        toPrimary({ t: 'metrics_ask', seq: n });
        setTimeout(() => {
          if (asked.delete(n)) resolve({ snapshots: [], fresh: 0 });
        }, timeoutMs).unref();
      }),
  };
  const heard = (message: { t: string }): boolean => {
    const m = message as MetricsToWorker;
    if (m.t === 'metrics_get') {
      // No metrics here (turned off, or not serving yet): an empty snapshot adds nothing. A
      // snapshot that failed is not answered: the primary uses this worker's last one.
      (own() ?? Promise.resolve([])).then(
        (series) => toPrimary({ t: 'metrics_json', seq: m.seq, series }),
        () => undefined,
      );
      return true;
    }
    if (m.t === 'metrics_all') {
      const resolve = asked.get(m.seq);
      asked.delete(m.seq);
      resolve?.({ snapshots: m.snapshots, fresh: m.fresh });
      return true;
    }
    return false;
  };
  return { peers, heard };
}
