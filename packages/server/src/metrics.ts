/**
 * `GET /metrics`: what an operator watches, in the Prometheus text format (prom-client), in a
 * registry of the server's own (docs/deployment.md "Metrics").
 *
 * A request costs the server a few microseconds, so what each one records must cost a few tens
 * of nanoseconds: the dispatcher hands its operation's index, the status and the time taken to
 * `observe`, which adds them into typed arrays (no label object, no string, no map). prom-client
 * reads them only when /metrics is asked (each metric's `collect`), so the cost of the labels
 * is paid per scrape, not per request. Labels are bounded: operation names (the catalogue's
 * operationIds, and a handful for what is answered beside them) and status codes seen.
 */
import {
  type Aggregator,
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  type MetricObjectWithValues,
  type MetricValue,
  type MetricValueWithName,
  Registry,
} from 'prom-client';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { operations } from '@openbell/catalog';
import { send } from './http/send.js';
import type { DataHolder } from './updates.js';

/** The latency buckets, seconds: 50 µs to 2.5 s (most answers take under a millisecond). */
export const BUCKETS = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 2.5];

/** Answers of the server beside the catalogue's operations, by what they are. */
export const OTHER_OPERATIONS = ['health', 'events', 'metrics', 'openapi', 'docs', 'feed', 'board', 'info', 'other'];

/** The status codes counted one by one; any other is counted with the nearest class (`2xx`…). */
const STATUSES = [200, 204, 206, 304, 400, 401, 403, 404, 405, 406, 408, 410, 413, 422, 429, 431, 500, 503];

/** What `registry.getMetricsAsJSON()` answers: one process's series, as they cross the IPC channel. */
export type MetricSnapshot = MetricObjectWithValues<MetricValue<string>>[];

/**
 * The other workers of a `serve --workers N` (metrics-cluster.ts): how many there should be, and
 * their snapshots as the primary gathered them (`fresh` of them answered this scrape; the others
 * are their last answer, from a worker alive but late).
 */
export interface MetricsPeers {
  workers: number;
  gather(): Promise<{ snapshots: MetricSnapshot[]; fresh: number }>;
}

export interface MetricsOptions {
  holder: DataHolder;
  /** How many active overrides (when overrides are configured). */
  overridesActive?: (() => number) | undefined;
  now?: () => number;
  /** In a cluster worker: the siblings whose series /metrics adds to its own. */
  peers?: MetricsPeers | undefined;
}

/**
 * How prom-client's default series combine across workers where its own choice does not fit: the
 * descriptor limit is per process, not a total, and the start time is the youngest worker's (a
 * restart shows), where prom-client leaves it out.
 */
const DEFAULT_SERIES_AGGREGATORS: Record<string, Aggregator> = {
  process_max_fds: 'first',
  process_start_time_seconds: 'max',
};

export class ServerMetrics {
  readonly registry = new Registry();
  /** Operation names, by index: the catalogue's, then OTHER_OPERATIONS. */
  readonly names: string[];
  private readonly index = new Map<string, number>();
  /** requests[op * S + s]: answers of an operation by status slot. */
  private readonly requests: Float64Array;
  /** buckets[op * B + b]: answers of an operation that took at most BUCKETS[b] (not cumulative). */
  private readonly buckets: Float64Array;
  private readonly sums: Float64Array;
  private readonly counts: Float64Array;
  private readonly statusSlot = new Map<number, number>();
  private readonly statusLabels: string[];
  private cacheHits = 0;
  private readonly peers: MetricsPeers | undefined;

  constructor(options: MetricsOptions) {
    this.peers = options.peers;
    this.names = [...Object.values(operations).map((o) => o.operationId), ...OTHER_OPERATIONS];
    this.names.forEach((n, i) => this.index.set(n, i));
    this.statusLabels = [...STATUSES.map(String), '1xx', '2xx', '3xx', '4xx', '5xx'];
    STATUSES.forEach((s, i) => this.statusSlot.set(s, i));
    const ops = this.names.length;
    this.requests = new Float64Array(ops * this.statusLabels.length);
    this.buckets = new Float64Array(ops * (BUCKETS.length + 1));
    this.sums = new Float64Array(ops);
    this.counts = new Float64Array(ops);
    collectDefaultMetrics({ register: this.registry });
    // Gauges named like counters, which promtool's lint refuses: the process's handles are in /info's counts anyway.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
      this.registry.removeSingleMetric(name);
    this.requestMetrics();
    this.dataMetrics(options);
  }

  /** The index of an operation name (the catalogue's operationId or one of OTHER_OPERATIONS). */
  indexOf(name: string): number {
    return this.index.get(name) ?? this.index.get('other')!;
  }

  private readonly opIndex = new Map<object, number>();
  /** The index of a catalogue operation (by its object: one map lookup). */
  indexOfOp(op: { operationId: string }): number {
    let i = this.opIndex.get(op);
    if (i === undefined) this.opIndex.set(op, (i = this.indexOf(op.operationId)));
    return i;
  }

  /**
   * One answer of operation `op` (indexOf) with `status`, begun at `startedMs` and ended at
   * `endedMs` (performance.now(); read here unless the caller has read it for its access line).
   */
  observe(op: number, status: number, startedMs: number, endedMs: number = performance.now()): void {
    const seconds = (endedMs - startedMs) / 1000;
    let slot = this.statusSlot.get(status);
    if (slot === undefined) slot = STATUSES.length + Math.min(4, Math.max(0, Math.floor(status / 100) - 1));
    this.requests[op * this.statusLabels.length + slot]!++;
    let b = 0;
    while (b < BUCKETS.length && seconds > BUCKETS[b]!) b++;
    this.buckets[op * (BUCKETS.length + 1) + b]!++;
    this.sums[op]! += seconds;
    this.counts[op]!++;
  }

  cacheHit(): void {
    this.cacheHits++;
  }

  private requestMetrics(): void {
    const self = this;
    const registers = [this.registry];
    new Counter({
      name: 'openbell_http_requests_total',
      help: 'Requests answered, by operation and status.',
      labelNames: ['operation', 'status'],
      registers,
      collect() {
        this.reset();
        const S = self.statusLabels.length;
        for (let op = 0; op < self.names.length; op++)
          for (let s = 0; s < S; s++) {
            const n = self.requests[op * S + s]!;
            if (n > 0) this.inc({ operation: self.names[op]!, status: self.statusLabels[s]! }, n);
          }
      },
    });
    new RequestDurations(this, registers);
    new Counter({
      name: 'openbell_answer_cache_hits_total',
      help: 'Answers served from the answer cache (serialized answers kept per data version).',
      registers,
      collect() {
        this.reset();
        this.inc(self.cacheHits);
      },
    });
  }

  private dataMetrics(options: MetricsOptions): void {
    const { holder } = options;
    const now = options.now ?? Date.now;
    const registers = [this.registry];
    const seconds = (iso: string | null | undefined): number | undefined => {
      if (!iso) return undefined;
      const t = Date.parse(iso);
      return Number.isNaN(t) ? undefined : t / 1000;
    };
    // Across workers (metrics-cluster.ts): what every worker holds alike is taken once, from the
    // worker answering; the data's load is the oldest a worker serves; connections add up.
    const gauge = (name: string, help: string, value: () => number | undefined, aggregator: Aggregator = 'first') =>
      new Gauge({
        name,
        help,
        registers,
        aggregator,
        collect() {
          const v = value();
          this.reset();
          if (v !== undefined) this.set(v);
        },
      });
    gauge(
      'openbell_data_loaded_timestamp_seconds',
      'When the data served was loaded (Unix seconds).',
      () => seconds(holder.current?.meta.loadedAt),
      'min',
    );
    gauge(
      'openbell_data_age_seconds',
      'Seconds since the data served was fetched from its source (downloaded, else loaded).',
      () => {
        const meta = holder.current?.meta;
        const at = seconds(meta?.downloadedAt ?? meta?.loadedAt);
        return at === undefined ? undefined : Math.max(0, now() / 1000 - at);
      },
      'max',
    );
    gauge(
      'openbell_data_loaded',
      '1 when data is served, 0 while none is loaded.',
      () => (holder.current ? 1 : 0),
      'min',
    );
    gauge('openbell_update_enabled', '1 when the server checks its source for new data.', () =>
      holder.updates.enabled ? 1 : 0,
    );
    gauge('openbell_update_last_check_timestamp_seconds', 'When the last update check ended (Unix seconds).', () =>
      seconds(holder.updates.lastAttemptAt),
    );
    gauge(
      'openbell_update_last_success_timestamp_seconds',
      'When the last update check succeeded (Unix seconds).',
      () => seconds(holder.updates.lastSuccessAt),
    );
    gauge(
      'openbell_update_last_check_success',
      '1 when the last update check succeeded, 0 when it failed (absent before the first).',
      () => (holder.updates.lastAttemptAt ? (holder.updates.lastError === null ? 1 : 0) : undefined),
    );
    gauge('openbell_update_next_check_timestamp_seconds', 'When the next update check is due (Unix seconds).', () =>
      seconds(holder.updates.nextCheckAt),
    );
    gauge('openbell_overrides_active', 'Overrides applied to the data served.', () =>
      options.overridesActive ? options.overridesActive() : 0,
    );
    const conn = () => holder.connections?.();
    gauge('openbell_events_subscribers', '/events streams open.', () => conn()?.subscribers ?? 0, 'sum');
    gauge('openbell_connections_open', 'Connections open (event streams apart).', () => conn()?.open ?? 0, 'sum');
    new Counter({
      name: 'openbell_connections_refused_total',
      help: 'Newcomers and /events requests turned away at the front door, by the budget that was full.',
      labelNames: ['reason'],
      registers,
      collect() {
        this.reset();
        const c = conn();
        if (!c) return;
        this.inc({ reason: 'limit' }, c.refused.limit);
        this.inc({ reason: 'per_client' }, c.refused.perClient);
        this.inc({ reason: 'subscribers' }, c.refused.subscribers);
        this.inc({ reason: 'dropped' }, c.dropped);
        this.inc({ reason: 'timed_out' }, c.timedOut);
      },
    });
  }

  /** The histogram's series, cumulative, for HistogramView. */
  histogramRows(): { name: string; cumulative: number[]; sum: number; count: number }[] {
    const rows = [];
    const B = BUCKETS.length + 1;
    for (let op = 0; op < this.names.length; op++) {
      if (this.counts[op] === 0) continue;
      const cumulative: number[] = [];
      let acc = 0;
      for (let b = 0; b < B; b++) cumulative.push((acc += this.buckets[op * B + b]!));
      rows.push({ name: this.names[op]!, cumulative, sum: this.sums[op]!, count: this.counts[op]! });
    }
    return rows;
  }

  /** This process's series (`getMetricsAsJSON`), each saying how it combines with other workers'. */
  async snapshot(): Promise<MetricSnapshot> {
    const series = await this.registry.getMetricsAsJSON();
    for (const metric of series) metric.aggregator = DEFAULT_SERIES_AGGREGATORS[metric.name] ?? metric.aggregator;
    return series;
  }

  /**
   * The text of /metrics and its Content-Type. One process and N workers take the same path:
   * prom-client's `AggregatorRegistry.aggregate` over the snapshots (this process's first, so a
   * `first` series is the answering worker's), which formats each series from its `get()`.
   */
  async text(): Promise<{ body: string; type: string }> {
    const own = await this.snapshot();
    const workers = this.peers?.workers ?? 1;
    const others = this.peers ? await this.peers.gather() : { snapshots: [], fresh: 0 };
    const reporting = [
      gaugeSeries(
        'openbell_workers',
        'Worker processes configured to serve requests (--workers; 1 for one process).',
        workers,
      ),
      gaugeSeries(
        'openbell_workers_reporting',
        'Workers whose series answered this scrape (fewer than openbell_workers: one is restarting or was late).',
        1 + others.fresh,
      ),
    ];
    const registry = AggregatorRegistry.aggregate<typeof Registry.PROMETHEUS_CONTENT_TYPE>([
      own,
      ...others.snapshots,
      reporting,
    ]);
    return { body: await registry.metrics(), type: registry.contentType };
  }
}

/** A gauge of one value, as a snapshot holds it. */
function gaugeSeries(name: string, help: string, value: number): MetricSnapshot[number] {
  return {
    name,
    help,
    type: 'gauge' as never,
    aggregator: 'first',
    values: [{ value, labels: {} }],
    collect: () => {},
  };
}

/**
 * The latency histogram per operation, read from ServerMetrics' arrays when scraped: a
 * prom-client Histogram whose public `get` (what `getMetricsAsJSON` and so /metrics read)
 * answers the series kept by `observe` (prom-client's own observe costs a label lookup per
 * request, about a microsecond).
 */
const DURATION_HELP =
  'Time to answer a request (to the last byte handed to the socket, or to the first of a stream), by operation.';

class RequestDurations extends Histogram<'operation'> {
  constructor(
    private readonly source: ServerMetrics,
    registers: Registry[],
  ) {
    super({
      name: 'openbell_http_request_duration_seconds',
      help: DURATION_HELP,
      labelNames: ['operation'],
      buckets: BUCKETS,
      registers,
      aggregator: 'sum',
    });
  }

  override async get(): Promise<MetricObjectWithValues<MetricValueWithName<'operation' | 'le'>>> {
    const values: MetricValueWithName<'operation' | 'le'>[] = [];
    const name = 'openbell_http_request_duration_seconds';
    for (const row of this.source.histogramRows()) {
      row.cumulative.forEach((n, b) =>
        values.push({
          metricName: `${name}_bucket`,
          labels: { operation: row.name, le: b < BUCKETS.length ? BUCKETS[b]! : '+Inf' },
          value: n,
        }),
      );
      values.push({ metricName: `${name}_sum`, labels: { operation: row.name }, value: row.sum });
      values.push({ metricName: `${name}_count`, labels: { operation: row.name }, value: row.count });
    }
    return {
      name,
      help: DURATION_HELP,
      type: 'histogram' as never,
      values,
      aggregator: 'sum',
      collect: () => undefined,
    };
  }
}

export const METRICS_PATH = '/metrics';

const NO_STORE = 'no-store';

/**
 * The answer of `GET /metrics`: the registry's text. With `token`, only a request with
 * `Authorization: Bearer <token>` is answered (401 otherwise, the token compared in constant
 * time and never logged).
 */
export function metricsHandler(
  metrics: ServerMetrics,
  token: string | undefined,
): (req: IncomingMessage, res: ServerResponse) => void {
  const want = token === undefined ? undefined : createHash('sha256').update(token).digest();
  const index = metrics.indexOf('metrics');
  return (req, res) => {
    const t0 = performance.now();
    if (want !== undefined) {
      const auth = req.headers.authorization ?? '';
      const given = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
      // Digests of both: equal lengths for timingSafeEqual whatever was sent.
      if (!timingSafeEqual(createHash('sha256').update(given).digest(), want)) {
        send(
          req,
          res,
          401,
          JSON.stringify({ detail: '/metrics needs the metrics token: Authorization: Bearer <token>' }),
          {
            'WWW-Authenticate': 'Bearer',
            'Cache-Control': NO_STORE,
          },
        );
        metrics.observe(index, 401, t0);
        return;
      }
    }
    metrics.text().then(
      ({ body, type }) => {
        send(req, res, 200, body, { 'Content-Type': type, 'Cache-Control': NO_STORE });
        metrics.observe(index, 200, t0);
      },
      (err: unknown) => {
        send(req, res, 500, JSON.stringify({ detail: `metrics failed: ${String(err)}` }), {
          'Cache-Control': NO_STORE,
        });
        metrics.observe(index, 500, t0);
      },
    );
  };
}
