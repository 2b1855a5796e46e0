/**
 * Webhook deliveries of change sets (docs/data-changes.md §3).
 *
 * Each URL has its own queue, persisted in `<cache>/webhooks/<url file name>/`: `queue.json`
 * (the order, attempts and next attempt of each pending delivery) and one body file per
 * delivery, so rewriting the queue after an attempt never rewrites the bodies. Only the head
 * of a queue is ever in flight, which keeps each URL's deliveries in order; URLs do not wait
 * for each other, up to `concurrency` requests at once in all.
 *
 * A receiver that hangs must delay no other (docs/benchmarks.md, "Watchers"): a request still
 * unanswered after `slowAfterMs` stops counting against `concurrency` (it goes on waiting for
 * its answer up to the timeout, in a bound of `maxOpen` requests in all), so a few hanging
 * receivers never hold the slots the others need; its retries wait on its own timer.
 *
 * Choices where the page is silent:
 * - The query string stays on the URL POSTed to: the filters are the receiver's own words and
 *   a receiver that routes on its query string keeps working; the page treats them as part
 *   of the URL.
 * - The timestamp and signature are fresh on each attempt (the body and delivery id are not),
 *   so a receiver's freshness check passes on a late retry.
 * - The 24 hours count from when the delivery was queued; a delivery whose next attempt would
 *   fall after them is dropped at once.
 * - The 1,000 cap drops the oldest delivery not in flight.
 * - A change set already pending for a URL (same delivery id) is not queued twice.
 * - Logs name a URL by its origin and path only: a query string or user info may carry a
 *   receiver's own token. The secret is used for the HMAC only and never logged.
 */
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { CalendarQueries, ChangeSet } from '@openbell/core';
import type { Logger } from 'pino';
import { fileNameFor, readJsonFile, Serial, writeAtomic } from '@openbell/loader';
import { applyFilter } from '@openbell/catalog';
import {
  DATA_CHANGED_EVENT,
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signPayload,
  TIMESTAMP_HEADER,
} from './signature.js';

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_PENDING = 1000;
export const DEFAULT_RETRY_FOR_MS = 24 * 3_600_000;
export const DEFAULT_FIRST_RETRY_MS = 1000;
export const DEFAULT_MAX_RETRY_MS = 5 * 60_000;
export const DEFAULT_WEBHOOK_CONCURRENCY = 64;
/** A request unanswered this long no longer holds a slot of `concurrency`. */
export const DEFAULT_SLOW_AFTER_MS = 1000;
/** Requests in flight at once, slow ones included. */
export const DEFAULT_MAX_OPEN = 256;

export interface HttpPostRequest {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}
/** Resolves with the status of any answer (a redirect included: never followed); rejects when none came. */
export type HttpPost = (url: string, request: HttpPostRequest) => Promise<{ status: number }>;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // Pending retries never keep a process alive that is otherwise done.
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** POST with node:http(s): no redirect is followed, and no answer within `timeoutMs` aborts. */
export const nodePost: HttpPost = (url, { headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const mod = target.protocol === 'https:' ? https : http;
    const req = mod.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        res.on('error', () => undefined);
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      },
    );
    req.on('error', reject);
    req.end(body);
  });

export interface WebhookTarget {
  /** The URL as configured (and as POSTed to). */
  url: string;
  markets: string[] | undefined;
  currencies: string[] | undefined;
}

/** A configured URL: http(s) only, with its own `markets` / `currencies` filters read from its query. */
export function parseWebhookUrl(raw: string): WebhookTarget {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new Error(`webhook URL is not a URL: ${redactUrl(raw)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new Error(`webhook URL must be http or https: ${redactUrl(raw)}`);
  const list = (name: string) => {
    const items = u.searchParams
      .getAll(name)
      .flatMap((v) => v.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    return items.length ? items : undefined;
  };
  return { url: u.toString(), markets: list('markets'), currencies: list('currencies') };
}

/** Origin and path only: what logs and errors may show of a URL. */
export function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '<invalid URL>';
  }
}

interface Pending {
  /** X-Openbell-Delivery: the change set's to_version. */
  id: string;
  body: string;
  enqueuedAt: number;
  attempts: number;
  nextAt: number;
}
interface Persisted {
  id: string;
  file: string;
  enqueued_at: number;
  attempts: number;
  next_at: number;
}

interface TargetState extends WebhookTarget {
  label: string;
  queue: Pending[];
  inFlight: Pending | undefined;
  timer: unknown;
  dir: string | undefined;
  writes: Serial;
}

export interface WebhookOptions {
  urls: readonly string[];
  /** Required when `urls` is not empty. */
  secret: string | undefined;
  /** `<cache>/webhooks`; none keeps the queues in memory only. */
  dir?: string | undefined;
  logger: Logger;
  /** Epoch ms (the signature timestamps, the retry schedule). */
  now?: () => number;
  timers?: Timers;
  post?: HttpPost;
  timeoutMs?: number;
  maxPending?: number;
  retryForMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Requests in flight at once, over every URL, not counting the slow ones. */
  concurrency?: number;
  /** After this long unanswered a request is slow: it no longer counts against `concurrency`. */
  slowAfterMs?: number;
  /** Requests in flight at once, slow ones included. */
  maxOpen?: number;
}

export class WebhookConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookConfigError';
  }
}

/**
 * Throws WebhookConfigError for a URL set without a secret or a URL that is not http(s); the message never holds the
 * secret.
 */
export function checkWebhookConfig(urls: readonly string[], secret: string | undefined): void {
  if (urls.length > 0 && !secret) {
    throw new WebhookConfigError(
      'a webhook secret is required when a webhook URL is set (--webhook-secret or OPENBELL_WEBHOOK_SECRET)',
    );
  }
  for (const u of urls) {
    try {
      parseWebhookUrl(u);
    } catch (e) {
      throw new WebhookConfigError((e as Error).message);
    }
  }
}

export class WebhookDeliverer {
  private readonly targets: TargetState[];
  private readonly secret: string;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly post: HttpPost;
  private readonly timeoutMs: number;
  private readonly maxPending: number;
  private readonly retryForMs: number;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly concurrency: number;
  private readonly slowAfterMs: number;
  private readonly maxOpen: number;
  /** Requests in flight that are not slow (yet). */
  private active = 0;
  /** Requests in flight, slow ones included. */
  private open = 0;
  /** Targets whose head is due but waits for a free slot. */
  private readonly waiting: TargetState[] = [];
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(options: WebhookOptions) {
    checkWebhookConfig(options.urls, options.secret);
    // Held privately: never part of an error, a log line or a serialized object.
    this.secret = options.secret ?? '';
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? realTimers;
    this.post = options.post ?? nodePost;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    this.maxPending = Math.max(1, options.maxPending ?? DEFAULT_MAX_PENDING);
    this.retryForMs = options.retryForMs ?? DEFAULT_RETRY_FOR_MS;
    this.firstRetryMs = options.firstRetryMs ?? DEFAULT_FIRST_RETRY_MS;
    this.maxRetryMs = options.maxRetryMs ?? DEFAULT_MAX_RETRY_MS;
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY);
    this.slowAfterMs = options.slowAfterMs ?? DEFAULT_SLOW_AFTER_MS;
    this.maxOpen = Math.max(this.concurrency, options.maxOpen ?? DEFAULT_MAX_OPEN);
    const seen = new Set<string>();
    this.targets = [];
    for (const raw of options.urls) {
      const t = parseWebhookUrl(raw);
      if (seen.has(t.url)) continue;
      seen.add(t.url);
      const state: TargetState = {
        ...t,
        label: redactUrl(t.url),
        queue: [],
        inFlight: undefined,
        timer: undefined,
        dir: options.dir ? join(options.dir, fileNameFor(t.url)) : undefined,
        writes: new Serial(),
      };
      if (state.dir) this.restore(state);
      this.targets.push(state);
    }
    for (const t of this.targets) this.pump(t);
  }

  /** The configured URLs, redacted (fit for /info and logs). */
  describe(): { url: string; markets?: string[]; currencies?: string[]; pending: number }[] {
    return this.targets.map((t) => ({
      url: t.label,
      ...(t.markets ? { markets: t.markets } : {}),
      ...(t.currencies ? { currencies: t.currencies } : {}),
      pending: t.queue.length,
    }));
  }

  /** Pending deliveries of one URL (as configured), or of all. */
  pending(url?: string): number {
    if (url === undefined) return this.targets.reduce((n, t) => n + t.queue.length, 0);
    const want = parseWebhookUrl(url).url;
    return this.targets.find((t) => t.url === want)?.queue.length ?? 0;
  }

  /**
   * Queues a change set for every URL its filter leaves something of. Returns at once: the
   * POSTs and the files happen in the background.
   */
  enqueue(changeSet: ChangeSet, dataset?: CalendarQueries): void {
    if (this.closed) return;
    const id = changeSet.to_version ?? changeSet.loaded_at;
    // A large change set is costly to serialize: once for every URL without a filter.
    let whole: string | undefined;
    for (const t of this.targets) {
      if (t.inFlight?.id === id || t.queue.some((p) => p.id === id)) continue;
      let body: string;
      if (!t.markets && !t.currencies) {
        if (changeSet.changes.length === 0) continue;
        body = whole ??= JSON.stringify(changeSet);
      } else {
        const filtered = applyFilter(changeSet, dataset, { markets: t.markets, currencies: t.currencies });
        if (filtered.changes.length === 0) continue;
        body = JSON.stringify(filtered);
      }
      const at = this.now();
      const p: Pending = { id, body, enqueuedAt: at, attempts: 0, nextAt: at };
      t.queue.push(p);
      const dropped: Pending[] = [];
      while (t.queue.length > this.maxPending) {
        const i = t.queue.findIndex((q) => q !== t.inFlight);
        dropped.push(...t.queue.splice(i, 1));
      }
      for (const d of dropped)
        this.logger.warn(
          { webhook: t.label, delivery: d.id, maxPending: this.maxPending },
          'webhook queue full: oldest pending delivery dropped',
        );
      this.save(t, [p], dropped);
      this.pump(t);
    }
  }

  /** Resolves when no request is in flight and every file write has finished (tests; shutdown). */
  async settled(): Promise<void> {
    for (;;) {
      if (this.open > 0) await new Promise<void>((r) => this.idleWaiters.push(r));
      await Promise.all(this.targets.map((t) => t.writes.idle()));
      if (this.open === 0) return;
    }
  }

  /**
   * Stops sending (timers cleared) and resolves once the files are written; pending
   * deliveries stay in them for the next start. A request in flight is not waited for: it
   * is sent again then (at least once).
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.targets) if (t.timer !== undefined) this.timers.clearTimeout(t.timer);
    await Promise.all(this.targets.map((t) => t.writes.idle()));
  }

  private delayAfter(attempts: number): number {
    return Math.min(this.maxRetryMs, this.firstRetryMs * 2 ** Math.min(attempts - 1, 40));
  }

  private pump(t: TargetState): void {
    if (this.closed || t.inFlight || t.queue.length === 0) return;
    if (t.timer !== undefined) {
      this.timers.clearTimeout(t.timer);
      t.timer = undefined;
    }
    const head = t.queue[0]!;
    const wait = head.nextAt - this.now();
    if (wait > 0) {
      t.timer = this.timers.setTimeout(() => {
        t.timer = undefined;
        this.pump(t);
      }, wait);
      return;
    }
    if (this.active >= this.concurrency || this.open >= this.maxOpen) {
      if (!this.waiting.includes(t)) this.waiting.push(t);
      return;
    }
    this.send(t, head);
  }

  private send(t: TargetState, p: Pending): void {
    t.inFlight = p;
    this.active += 1;
    this.open += 1;
    let slow = false;
    // Unanswered for long: its slot goes to the next URL waiting, while it waits on.
    const slowTimer = this.timers.setTimeout(() => {
      slow = true;
      this.active -= 1;
      this.pumpWaiting();
    }, this.slowAfterMs);
    const timestamp = Math.floor(this.now() / 1000);
    const headers = {
      'Content-Type': 'application/json',
      [EVENT_HEADER]: DATA_CHANGED_EVENT,
      [DELIVERY_HEADER]: p.id,
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signPayload(this.secret, timestamp, p.body),
      'User-Agent': 'openbell-webhooks',
    };
    let outcome: { ok: boolean; why: string };
    Promise.resolve()
      .then(() => this.post(t.url, { headers, body: p.body, timeoutMs: this.timeoutMs }))
      .then(
        (res) => {
          outcome =
            res.status >= 200 && res.status < 300
              ? { ok: true, why: '' }
              : { ok: false, why: `answered ${res.status}` };
        },
        (e: unknown) => {
          const err = e as { name?: string; code?: string; message?: string };
          const why =
            err?.name === 'TimeoutError' || err?.name === 'AbortError'
              ? `no answer within ${this.timeoutMs} ms`
              : err?.code
                ? `${err.code}`
                : 'request failed';
          outcome = { ok: false, why };
        },
      )
      .then(() => {
        this.timers.clearTimeout(slowTimer);
        if (!slow) this.active -= 1;
        this.open -= 1;
        this.settle(t, p, outcome);
      })
      .catch((e: unknown) =>
        this.logger.error({ webhook: t.label, err: (e as Error).message }, 'webhook delivery bookkeeping failed'),
      );
  }

  private settle(t: TargetState, p: Pending, outcome: { ok: boolean; why: string }): void {
    t.inFlight = undefined;
    const index = t.queue.indexOf(p);
    p.attempts += 1;
    if (outcome.ok) {
      if (index >= 0) t.queue.splice(index, 1);
      this.logger.info({ webhook: t.label, delivery: p.id, attempts: p.attempts }, 'webhook delivered');
      this.save(t, [], [p]);
    } else {
      const delay = this.delayAfter(p.attempts);
      const at = this.now();
      if (at + delay - p.enqueuedAt > this.retryForMs) {
        if (index >= 0) t.queue.splice(index, 1);
        this.logger.error(
          { webhook: t.label, delivery: p.id, attempts: p.attempts, lastError: outcome.why },
          'webhook delivery dropped: no success within the retry window',
        );
        this.save(t, [], [p]);
      } else {
        p.nextAt = at + delay;
        this.logger.warn(
          { webhook: t.label, delivery: p.id, attempts: p.attempts, err: outcome.why, retryInMs: delay },
          'webhook delivery failed; will retry',
        );
        this.save(t, [], []);
      }
    }
    this.pump(t);
    this.pumpWaiting();
    if (this.open === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private pumpWaiting(): void {
    while (this.active < this.concurrency && this.open < this.maxOpen && this.waiting.length) {
      this.pump(this.waiting.shift()!);
    }
  }

  /**
   * Writes new bodies, then the queue, then removes bodies no longer pending (that order survives a crash anywhere).
   */
  private save(t: TargetState, added: Pending[], removed: Pending[]): void {
    const dir = t.dir;
    if (!dir) return;
    const snapshot: Persisted[] = t.queue.map((p) => ({
      id: p.id,
      file: `${fileNameFor(p.id)}.json`,
      enqueued_at: p.enqueuedAt,
      attempts: p.attempts,
      next_at: p.nextAt,
    }));
    const bodies = added.map((p) => ({ file: `${fileNameFor(p.id)}.json`, body: p.body }));
    const gone = removed.map((p) => `${fileNameFor(p.id)}.json`).filter((f) => !snapshot.some((s) => s.file === f));
    void t.writes
      .run(async () => {
        for (const b of bodies) await writeAtomic(join(dir, b.file), b.body);
        await writeAtomic(join(dir, 'queue.json'), JSON.stringify({ pending: snapshot }));
        for (const f of gone) await rm(join(dir, f), { force: true });
      })
      .catch((e: unknown) =>
        this.logger.warn(
          { webhook: t.label, err: (e as Error).message },
          'cannot write the webhook queue; pending deliveries are kept in memory',
        ),
      );
  }

  private restore(t: TargetState): void {
    const dir = t.dir!;
    const raw = readJsonFile(join(dir, 'queue.json'), this.logger, 'a webhook queue') as
      | { pending?: unknown }
      | undefined;
    if (!raw || !Array.isArray(raw.pending)) return;
    for (const e of raw.pending as Partial<Persisted>[]) {
      if (!e || typeof e.id !== 'string' || typeof e.file !== 'string' || /[/\\]/.test(e.file)) continue;
      const body = readJsonFile(join(dir, e.file), this.logger, 'a pending webhook body');
      if (body === undefined) continue;
      t.queue.push({
        id: e.id,
        body: JSON.stringify(body),
        enqueuedAt: typeof e.enqueued_at === 'number' ? e.enqueued_at : this.now(),
        attempts: typeof e.attempts === 'number' ? e.attempts : 0,
        nextAt: typeof e.next_at === 'number' ? e.next_at : this.now(),
      });
    }
    if (t.queue.length)
      this.logger.info({ webhook: t.label, pending: t.queue.length }, 'resuming pending webhook deliveries');
  }
}
