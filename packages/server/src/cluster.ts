/**
 * `openbell serve --workers N` (the CLI hands a ClusterPlan): one primary and N worker processes (node:cluster) sharing
 * the
 * listening socket.
 *
 * - The primary owns the data source's update cycle: it loads (and, for remote data, downloads
 *   and verifies into the cache) once at start, then runs the update timer, so the vendor's
 *   endpoint is asked once per interval whatever N is. It serves no requests.
 * - Workers serve requests. They never check for updates; they load what the primary tells
 *   them to (the source's `load()`: the verified cache, the file, the sample; off-thread and
 *   sliced, so they keep answering while loading).
 * - A new version is swapped in two phases: every serving worker loads it and reports
 *   `prepared`, then the primary sends `commit` to all of them at once and each swaps by one
 *   reference assignment. Workers disagree on the version only for the time the commit
 *   messages take to arrive (well under a millisecond on an idle machine). A worker that cannot
 *   load the version is restarted instead of left behind on the old one. Rounds (updates and
 *   the first load of a new worker) run one at a time, so the cache never changes under one.
 * - SIGTERM/SIGINT to the primary: it stops the update timer, tells every worker to drain
 *   (the single-process drain: /health 503 `draining`, listener closed, responses in flight
 *   finished, `drainTimeout`), waits for all of them to exit, and exits 0 (1 when a worker did
 *   not exit cleanly). A repeat of the signal within a second of the first is the same request
 *   (a wrapper such as pnpm forwards the one the process group already got); a signal after
 *   that kills the workers and exits 1.
 * - A worker that dies otherwise is replaced (after a growing delay when it keeps dying at
 *   start). A worker that cannot listen (address in use…) stops the whole server with exit 1.
 * - The primary does nothing per request. It accepts each connection and hands it to the next
 *   free worker (round-robin: one after the other they alternate; in a burst a worker still
 *   busy acknowledging the last one is skipped, so a busy worker gets fewer, where the kernel's
 *   own choice piles them on whichever worker wakes first). Workers write their logs to the
 *   inherited stdout themselves, never through the IPC channel.
 * - `GET /metrics` answers for every worker: the primary relays the other workers' series to
 *   the one asked (metrics-cluster.ts), per scrape, never per request.
 */
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { messageLine as oneLine, type ChangeSet, type OverrideRecord } from '@openbell/core';
import type { DataSource, LoadedData, ProgressCallback, UpdateResult } from '@openbell/loader';
import type { ChangeFeed, DataChangedEvent } from './changes/index.js';
import { createLogger } from './logging.js';
import { OverrideFileError } from './overrides/file.js';
import { OverrideManager, type OverrideChange } from './overrides/manager.js';
import { overridePuller } from './overrides/replica.js';
import { VersionHistory } from './overrides/versions.js';
import {
  clearStaleSocket,
  createServer,
  stopSignalJudge,
  type OverrideSettings,
  type RunningServer,
  type ServerOptions,
} from './server.js';
import { DataHolder, createUpdater, type UpdateState, type Updater } from './updates.js';
import type { PublisherOptions } from './publish/handler.js';
import { SERVE_DEFAULTS } from './defaults.js';
import { MetricsRelay, workerMetricsLink, type MetricsToPrimary, type MetricsToWorker } from './metrics-cluster.js';

/**
 * What a cluster needs from whoever starts it (the CLI's `serve`): every setting already read,
 * and the few things that differ per process made on demand. Nothing here reads a flag.
 */
export interface ClusterPlan {
  workers: number;
  /** createServer's options without the data (the same as one process's). */
  server: ServerOptions;
  /** The data source; `onProgress` only in the primary, which downloads. */
  source(onProgress?: ProgressCallback): DataSource;
  /** The process's change feed: the primary computes and delivers, workers log what it sends. */
  changeFeed(logger: ReturnType<typeof createLogger>, role: 'primary' | 'worker'): ChangeFeed;
  overrides: OverrideSettings;
  /** The publisher a replica follows, when the source is remote (docs/overrides.md §4). */
  publisher(remote: boolean): { baseUrl: string; token?: string | undefined } | undefined;
  /** `--publish`: the hosted archive's options (throws the caller's own error when it cannot). */
  publish?: (archivePath: string | null) => PublisherOptions;
  /** A progress display for the primary's first download. */
  progress(): Promise<{ onProgress: ProgressCallback; stop: () => void }>;
  /** Said before the first load when the source is the bundled sample. */
  sampleNotice: string;
  /** Why listening failed, as the caller's own error naming its setting; undefined when not the address's fault. */
  listenFault(e: unknown): Error | undefined;
  /** The caller's error for a fault the user can mend (a bad override file, a worker that cannot listen). */
  userError(message: string): Error;
}

type ToWorker =
  | MetricsToWorker
  | { t: 'prepare'; seq: number; version: string | null; publishKey?: string }
  | { t: 'commit'; seq: number }
  | { t: 'updates'; state: UpdateState }
  | { t: 'drain' }
  // The primary computes each change set once; workers log it and tell their /events streams.
  | { t: 'changes'; event: DataChangedEvent; changeSet: ChangeSet | null }
  // The primary owns the override file: every worker serves the set it sends.
  | { t: 'overrides'; records: OverrideRecord[] }
  | {
      t: 'ovr_kept';
      seq: number;
      records?: OverrideRecord[];
      error?: { message: string; code?: string; id?: string; status?: number };
    };
type ToPrimary =
  | MetricsToPrimary
  | { t: 'prepared'; seq: number; version: string | null }
  | { t: 'prepare_failed'; seq: number; error: string }
  | { t: 'hello' }
  | { t: 'listening'; url: string }
  | { t: 'fatal'; message: string }
  // A write a worker was asked for, kept (checked, written) by the primary.
  | { t: 'ovr_keep'; seq: number; change: OverrideChange };

/** Longest wait for a worker to load a version before it is replaced. */
const PREPARE_TIMEOUT_MS = 10 * 60_000;
/** A worker dying sooner than this after its start counts as a crash loop (restart delay grows). */
const EARLY_DEATH_MS = 5_000;

function send(target: Worker | NodeJS.Process, message: ToWorker | ToPrimary): void {
  try {
    if (target.send) (target.send as (m: unknown) => boolean)(message);
  } catch {
    // The channel is closing (the worker or the primary is exiting): nothing to tell.
  }
}

// ---------------------------------------------------------------------------------------------
// Worker

export async function runWorker(plan: ClusterPlan): Promise<void> {
  const source = plan.source();
  const logger = createLogger(plan.server.logLevel, plan.server.logFormat);
  const changes = plan.changeFeed(logger, 'worker');
  let pending: { seq: number; data: LoadedData } | undefined;
  let running: RunningServer | undefined;
  let updates: UpdateState | undefined;
  let publishKey: Buffer | undefined;
  let draining = false;
  /** The primary's override set, and the writes waiting for it to keep them. */
  let overrideRecords: OverrideRecord[] = [];
  let keepSeq = 0;
  const keeping = new Map<number, { resolve: (r: OverrideRecord[]) => void; reject: (e: Error) => void }>();
  const keepThroughPrimary = (change: OverrideChange): Promise<OverrideRecord[]> =>
    new Promise((resolve, reject) => {
      const seq = ++keepSeq;
      keeping.set(seq, { resolve, reject });
      send(process, { t: 'ovr_keep', seq, change });
      setTimeout(() => {
        if (keeping.delete(seq)) reject(new Error('the primary did not keep the override in time'));
      }, 10_000).unref();
    });

  // /metrics answers for every worker: its siblings' series come through the primary.
  const metricsLink = workerMetricsLink(
    plan.workers,
    (m) => send(process, m),
    () => running?.metrics?.snapshot(),
  );
  const metrics = plan.server.metrics === false ? false : { ...plan.server.metrics, peers: metricsLink.peers };

  const drain = () => {
    if (draining) return;
    draining = true;
    (running ? running.close() : Promise.resolve()).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', drain);
  process.on('SIGINT', drain);
  // The primary is gone (killed): nobody will coordinate swaps any more; finish and leave.
  process.on('disconnect', drain);

  const start = async (data: LoadedData) => {
    const publish = plan.publish
      ? { ...plan.publish(source.archivePath()), ...(publishKey ? { signingKey: publishKey } : {}) }
      : undefined;
    try {
      // No `source`: the worker never checks for updates, the primary does.
      // The primary owns the file and writes the kept versions' list; this worker only reads the list.
      const overrideSettings = {
        ...plan.overrides,
        file: undefined,
        writeVersions: false,
        watchMs: 0,
        commit: keepThroughPrimary,
        records: overrideRecords,
      };
      running = await createServer({
        ...plan.server,
        metrics,
        data,
        logger,
        changes,
        computeChanges: false,
        overrideSettings,
        ...(publish ? { publish } : {}),
      });
    } catch (e) {
      // Exit once the message is out, so the primary stops instead of restarting this worker.
      const message: ToPrimary = { t: 'fatal', message: oneLine(plan.listenFault(e) ?? e) };
      process.send?.(message, undefined, {}, () => process.exit(1));
      setTimeout(() => process.exit(1), 1000);
      return;
    }
    if (updates) Object.assign(running.holder.updates, updates);
    if (draining) void running.close();
    send(process, { t: 'listening', url: running.url });
  };

  process.on('message', (raw: unknown) => {
    const m = raw as ToWorker;
    if (metricsLink.heard(m)) return;
    switch (m.t) {
      case 'prepare':
        if (m.publishKey) publishKey = Buffer.from(m.publishKey, 'hex');
        source.load().then(
          (data) => {
            if (data.meta.version !== m.version) {
              send(process, {
                t: 'prepare_failed',
                seq: m.seq,
                error: `expected version ${m.version}, loaded ${data.meta.version}`,
              });
              return;
            }
            pending = { seq: m.seq, data };
            send(process, { t: 'prepared', seq: m.seq, version: data.meta.version });
          },
          (e: unknown) => send(process, { t: 'prepare_failed', seq: m.seq, error: oneLine(e) }),
        );
        break;
      case 'commit': {
        if (pending?.seq !== m.seq) break;
        const { data } = pending;
        pending = undefined;
        if (running) running.holder.swap(data);
        else void start(data);
        break;
      }
      case 'updates':
        updates = m.state;
        if (running) Object.assign(running.holder.updates, m.state);
        break;
      case 'drain':
        drain();
        break;
      case 'changes':
        changes.publish(m.event, m.changeSet);
        break;
      case 'overrides':
        overrideRecords = m.records;
        running?.overrides?.replace(m.records);
        break;
      case 'ovr_kept': {
        const waiting = keeping.get(m.seq);
        keeping.delete(m.seq);
        if (!waiting) break;
        if (m.records) waiting.resolve(m.records);
        else
          waiting.reject(
            Object.assign(new Error(m.error?.message ?? 'refused'), {
              code: m.error?.code,
              id: m.error?.id,
              status: m.error?.status,
              expose: m.error?.status !== undefined,
            }),
          );
        break;
      }
    }
  });
  // Messages that arrive before a listener exists are lost: the primary waits for this one.
  send(process, { t: 'hello' });
}

// ---------------------------------------------------------------------------------------------
// Primary

/** The primary's holder: keeps the update state for /info, but never the data (workers hold it). */
class StateOnlyHolder extends DataHolder {
  override swap(): void {
    this.loadError = null;
  }
}

export async function runPrimary(plan: ClusterPlan, err: NodeJS.WritableStream = process.stderr): Promise<void> {
  const settings = plan.server;
  // Round-robin is node's default on Linux but not on Windows; NODE_CLUSTER_SCHED_POLICY still
  // wins for whoever wants the kernel's choice. The kernel's choice (SCHED_NONE: workers accept
  // on the shared socket) was measured against it (bench/workers.mjs, docs/benchmarks.md
  // "Workers"): keep-alive connections went 11/5 and 10/6 instead of 8/8, and CPU per request
  // was no lower; the primary's part under round-robin is once per connection, not per request.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_RR;
  const logger = createLogger(settings.logLevel, settings.logFormat);
  // Only the primary compares versions and delivers webhooks; a bad webhook setting stops here.
  const changes = plan.changeFeed(logger, 'primary');
  const { source, first } = await loadFirst(plan, err);
  const kept = await keepOverrides(plan, first, changes, source, logger);
  if (settings.socketPath) await clearStaleSocket(settings.socketPath);
  const primary = new Primary(plan, err, logger, changes, source, first, kept);
  primary.listenToSignals();
  await primary.start();
}

/** The data source and its first load, which also puts a verified archive in the cache for the workers. */
async function loadFirst(
  plan: ClusterPlan,
  err: NodeJS.WritableStream,
): Promise<{ source: DataSource; first: LoadedData }> {
  const bar = await plan.progress();
  const source = plan.source(bar.onProgress);
  plan.publish?.(source.archivePath()); // the same user errors as one process
  if (source.kind === 'sample') err.write(`${plan.sampleNotice}\n`);
  else err.write(`Loading data from ${source.description}\n`);
  // As with one process: bad data, a refused token or an unreachable endpoint stop here (exit 1).
  // This load also puts a verified archive in the cache for the workers to load.
  const first = await source.load().finally(() => bar.stop());
  return { source, first };
}

/** The primary's override set over its data, and how a replica pulls its publisher's. */
interface KeptOverrides {
  dataHolder: DataHolder;
  overrides: OverrideManager;
  pullOverrides: () => Promise<unknown>;
}

// The override set lives here (its file, hand edits, SIGHUP); the workers serve what it sends
// them, and their writes come here to be checked and kept one at a time.
async function keepOverrides(
  plan: ClusterPlan,
  first: LoadedData,
  changes: ChangeFeed,
  source: DataSource,
  logger: ReturnType<typeof createLogger>,
): Promise<KeptOverrides> {
  const overrideSettings = plan.overrides;
  const dataHolder = new DataHolder(first);
  dataHolder.onSwap((previous, next) => {
    if (previous) changes.swapped(previous, next);
  });
  const versions = new VersionHistory({
    keep: overrideSettings.keepVersions,
    file: overrideSettings.versionsFile,
    logger,
  });
  await versions.restore();
  const overrides = new OverrideManager({ holder: dataHolder, logger, file: overrideSettings.file, history: versions });
  await overrides.start().catch((e: unknown) => {
    throw e instanceof OverrideFileError ? plan.userError(e.message) : e;
  });
  // A replica follows its publisher's set, asked with each update check.
  const publisher = plan.publisher(source.isRemote);
  const pullOverrides = publisher
    ? overridePuller({ ...publisher, manager: overrides, logger })
    : async () => undefined;
  await pullOverrides();
  return { dataHolder, overrides, pullOverrides };
}

/** The primary once its data is loaded: its workers, the rounds that swap versions into them, its shutdown. */
class Primary {
  private readonly count: number;
  private readonly settings: ServerOptions;
  private version: string | null;
  private readonly served: string;
  private readonly dataHolder: DataHolder;
  private readonly overrides: OverrideManager;
  private readonly pullOverrides: () => Promise<unknown>;
  private readonly publishKey: string | undefined;
  /** Workers by id, with when they started and whether they serve (committed their first version). */
  private readonly workers = new Map<number, { worker: Worker; startedAt: number; serving: boolean }>();
  private shuttingDown = false;
  private seq = 0;
  private earlyDeaths = 0;
  // Rounds run one at a time (a promise chain as a lock).
  private chain: Promise<unknown> = Promise.resolve();
  private readonly updateEvery: number;
  private readonly holder = new StateOnlyHolder();
  private readonly updater: Updater;
  private announced = false;
  private listening = 0;
  private resolveStarted!: () => void;
  private rejectStarted!: (e: Error) => void;
  private readonly started: Promise<void>;
  private exiting: Promise<void> | undefined;
  private readonly metricsRelay = new MetricsRelay(send);

  constructor(
    private readonly plan: ClusterPlan,
    private readonly err: NodeJS.WritableStream,
    private readonly logger: ReturnType<typeof createLogger>,
    private readonly changes: ChangeFeed,
    private readonly source: DataSource,
    first: LoadedData,
    kept: KeptOverrides,
  ) {
    this.count = plan.workers;
    this.settings = plan.server;
    this.version = first.meta.version;
    this.served = first.meta.isSample ? 'the bundled open dataset (not vendor data)' : first.meta.source;
    this.dataHolder = kept.dataHolder;
    this.overrides = kept.overrides;
    this.pullOverrides = kept.pullOverrides;
    this.publishKey = plan.publish ? randomBytes(32).toString('hex') : undefined;
    changes.subscribeChangeSets((event, changeSet) => {
      // Every live worker, booting ones too: one that read the log before this set was written would miss it.
      for (const w of this.workers.values()) if (!w.worker.isDead()) send(w.worker, { t: 'changes', event, changeSet });
    });
    // A new override set (a write, a withdrawal, the file re-read) reaches every worker at once.
    this.dataHolder.onSwap(() => {
      for (const w of this.workers.values())
        if (!w.worker.isDead()) send(w.worker, { t: 'overrides', records: [...this.overrides.all()] });
    });
    this.updateEvery = this.settings.updateEveryMinutes ?? SERVE_DEFAULTS.updateEveryMinutes;
    this.updater = createUpdater({
      holder: this.holder,
      source: this.coordinated(),
      everyMinutes: this.updateEvery,
      logger,
      retryBaseMs: this.settings.updateRetryMs ?? SERVE_DEFAULTS.updateRetrySeconds * 1000,
    });
    this.started = new Promise<void>((resolve, reject) => {
      this.resolveStarted = resolve;
      this.rejectStarted = reject;
    });
    cluster.on('exit', (worker, code, signal) => this.exited(worker, code, signal));
  }

  /** Forks the workers; resolves once every one listens. */
  start(): Promise<void> {
    for (let i = 0; i < this.count; i += 1) this.fork();
    return this.started;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Asks each worker to load `version`; resolves with those that did (the others are replaced). */
  private prepare(targets: Worker[], round: number, v: string | null, withKey: boolean): Promise<Worker[]> {
    return Promise.all(targets.map((worker) => this.prepareOne(worker, round, v, withKey))).then((ok) =>
      ok.filter((w): w is Worker => w !== null),
    );
  }

  private prepareOne(worker: Worker, round: number, v: string | null, withKey: boolean): Promise<Worker | null> {
    const { logger, publishKey } = this;
    return new Promise<Worker | null>((resolve) => {
      const done = (ok: boolean, why?: string) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        if (!ok) {
          if (why)
            logger.error(
              { worker: worker.id, pid: worker.process.pid, version: v, err: why },
              'worker could not load the version; replacing it',
            );
          if (!worker.isDead()) worker.process.kill('SIGKILL');
        }
        resolve(ok ? worker : null);
      };
      const onMessage = (m: ToPrimary) => {
        if (m.t === 'prepared' && m.seq === round) done(true);
        else if (m.t === 'prepare_failed' && m.seq === round) done(false, m.error);
      };
      const onExit = () => done(false);
      const timer = setTimeout(
        () => done(false, `no answer within ${PREPARE_TIMEOUT_MS / 1000} s`),
        PREPARE_TIMEOUT_MS,
      );
      timer.unref();
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      send(worker, { t: 'prepare', seq: round, version: v, ...(withKey && publishKey ? { publishKey } : {}) });
    });
  }

  /** All the workers commit together: the messages go out back to back. */
  private commit(ready: Worker[], round: number): void {
    for (const w of ready) send(w, { t: 'commit', seq: round });
  }

  private broadcastState(): void {
    for (const { worker } of this.workers.values()) send(worker, { t: 'updates', state: { ...this.holder.updates } });
  }

  /** The first round of a new worker: load the current version, then start serving it. */
  private boot(worker: Worker): Promise<void> {
    return this.serial(async () => {
      if (this.shuttingDown || worker.isDead()) return;
      const round = ++this.seq;
      const ok = await this.prepare([worker], round, this.version, true);
      if (ok.length === 0 || this.shuttingDown) return;
      send(worker, { t: 'updates', state: { ...this.holder.updates } });
      send(worker, { t: 'overrides', records: [...this.overrides.all()] });
      this.commit(ok, round);
      const entry = this.workers.get(worker.id);
      if (entry) entry.serving = true;
    });
  }

  // The update cycle is the single-process one (createUpdater: interval, backoff, known-bad
  // versions), over a source whose update also swaps the new version into every worker.
  private coordinated(): DataSource {
    const source = this.source;
    return {
      description: source.description,
      get kind() {
        return source.kind;
      },
      isRemote: source.isRemote,
      archivePath: () => source.archivePath(),
      load: () => source.load(),
      check: () => source.check(),
      update: (options) =>
        this.serial(async (): Promise<UpdateResult> => {
          const result = await source.update(options);
          if (result.status === 'updated') await this.swapIn(result.data);
          await this.pullOverrides();
          return result;
        }).finally(() => setImmediate(() => this.broadcastState())),
    };
  }

  /** A new version, prepared in every serving worker, then committed in all of them at once. */
  private async swapIn(data: LoadedData): Promise<void> {
    this.version = data.meta.version;
    const round = ++this.seq;
    const targets = [...this.workers.values()].filter((w) => w.serving && !w.worker.isDead()).map((w) => w.worker);
    const ready = await this.prepare(targets, round, this.version, false);
    this.commit(ready, round);
    this.logger.info({ version: this.version, workers: ready.length }, 'new data version swapped into every worker');
    // The override set goes on top of it; the holder's swap compares the two versions.
    this.dataHolder.swap(data);
  }

  private fork(): void {
    const worker = cluster.fork();
    this.workers.set(worker.id, { worker, startedAt: Date.now(), serving: false });
    // A message to a worker that is exiting fails later with EPIPE as an 'error' event, not at
    // the send: without a listener it would take the primary down mid-shutdown.
    worker.on('error', (e: Error) =>
      this.logger.debug({ worker: worker.id, err: e.message }, 'message to an exiting worker not delivered'),
    );
    worker.on('message', (m: ToPrimary) => this.heard(worker, m));
  }

  private heard(worker: Worker, m: ToPrimary): void {
    const serving = () =>
      [...this.workers.values()].filter((w) => w.serving && !w.worker.isDead()).map((w) => w.worker);
    if (this.metricsRelay.heard(worker, m, serving)) return;
    // A worker still starting when the shutdown began missed the drain message: tell it now.
    if (m.t === 'hello') {
      if (this.shuttingDown) send(worker, { t: 'drain' });
      else void this.boot(worker);
    } else if (m.t === 'listening') {
      this.logger.info({ worker: worker.id, pid: worker.process.pid, url: m.url }, 'worker listening');
      this.listening += 1;
      if (!this.announced && this.listening >= this.count) {
        this.announced = true;
        this.announce(m.url);
        this.resolveStarted();
      }
    } else if (m.t === 'ovr_keep') {
      this.keep(worker, m.seq, m.change);
    } else if (m.t === 'fatal') {
      this.rejectStarted(this.plan.userError(m.message));
      void this.shutdown('fatal', 1);
    }
  }

  /** Every worker listens: what is served, and where. */
  private announce(url: string): void {
    const { err, source, updateEvery } = this;
    err.write(`Serving ${this.served} (version ${this.version ?? 'n/a'}) with ${this.count} workers\n`);
    if (source.isRemote)
      err.write(`Checking for updates every ${updateEvery} minutes${updateEvery === 0 ? ' (off)' : ''}\n`);
    if (this.plan.publish) err.write(`Publishing ${source.archivePath()} at ${url}/v4/download\n`);
    err.write(
      `openbell listening on ${url} ` +
        `(docs at ${url.startsWith('unix:') ? '/docs over the socket' : `${url}/docs`})\n`,
    );
  }

  /** A worker's override write, kept here; the worker hears the set kept or why not. */
  private keep(worker: Worker, seq: number, change: OverrideChange): void {
    this.overrides.keep(change).then(
      (records) => send(worker, { t: 'ovr_kept', seq, records }),
      (e: unknown) => {
        const f = e as { message?: string; code?: string; id?: string; status?: number };
        const error = {
          message: String(f?.message ?? e),
          ...(f?.code ? { code: f.code } : {}),
          ...(f?.id ? { id: f.id } : {}),
          ...(f?.status ? { status: f.status } : {}),
        };
        send(worker, { t: 'ovr_kept', seq, error });
      },
    );
  }

  private exited(worker: Worker, code: number, signal: string): void {
    const entry = this.workers.get(worker.id);
    this.workers.delete(worker.id);
    this.metricsRelay.gone(worker);
    if (this.shuttingDown) return;
    const lived = entry ? Date.now() - entry.startedAt : 0;
    this.earlyDeaths = lived < EARLY_DEATH_MS ? this.earlyDeaths + 1 : 0;
    const delay = this.earlyDeaths === 0 ? 0 : Math.min(30_000, 500 * 2 ** (this.earlyDeaths - 1));
    this.logger.warn(
      { worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delay },
      'worker died; starting another',
    );
    setTimeout(() => {
      if (!this.shuttingDown) this.fork();
    }, delay).unref();
  }

  private shutdown(why: string, code = 0): Promise<void> {
    this.exiting ??= this.drainWorkers(why, code);
    return this.exiting;
  }

  private async drainWorkers(why: string, code: number): Promise<void> {
    const { logger } = this;
    this.shuttingDown = true;
    this.updater.stop();
    logger.info({ reason: why, workers: this.workers.size }, 'shutting down: every worker drains');
    const alive = [...this.workers.values()].map((w) => w.worker).filter((w) => !w.isDead());
    let clean = code === 0;
    const exits = alive.map(
      (w) =>
        new Promise<void>((resolve) => {
          w.once('exit', (c, s) => {
            if (c !== 0 || s) clean = false;
            resolve();
          });
        }),
    );
    for (const w of alive) send(w, { t: 'drain' });
    // The workers' own drain cuts connections after drainTimeout; this is the backstop.
    const backstop = setTimeout(
      () => {
        logger.error('workers did not exit after the drain timeout; killing them');
        for (const w of alive) if (!w.isDead()) w.process.kill('SIGKILL');
      },
      (this.settings.drainTimeoutMs ?? SERVE_DEFAULTS.drainTimeoutSeconds * 1000) + 10_000,
    );
    backstop.unref();
    await Promise.all(exits);
    clearTimeout(backstop);
    // The change log's and the webhook queues' files finish being written; in-flight POSTs are resent at the next
    // start.
    await this.changes.close().catch(() => undefined);
    logger.info('every worker finished: openbell server closed');
    process.exit(clean ? 0 : 1);
  }

  listenToSignals(): void {
    const judge = stopSignalJudge();
    const onSignal = (signal: NodeJS.Signals) => {
      const verdict = judge();
      if (verdict === 'repeat') {
        this.logger.info({ signal }, 'signal repeated within a second of the first: the workers are still draining');
        return;
      }
      if (verdict === 'force') {
        this.logger.warn({ signal }, 'second signal: killing the workers without waiting');
        for (const { worker } of this.workers.values()) if (!worker.isDead()) worker.process.kill('SIGKILL');
        process.exit(1);
      }
      void this.shutdown(signal);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGHUP', () => void this.overrides.reload());
    process.on('SIGINT', onSignal);
  }
}
