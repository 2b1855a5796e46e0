/**
 * Data changes: the change log, the SSE `data` events and the webhooks, wired for one role.
 * The CLI builds one ChangeFeed per process and hands it to createServer (`changes`).
 */
import { join } from 'node:path';
import type { Logger } from 'pino';
import { ChangeFeed, type SliceOptions } from './feed.js';
import { ChangeLog } from '@openbell/loader';
import { SERVE_DEFAULTS } from '../defaults.js';
import { checkWebhookConfig, WebhookDeliverer, type HttpPost, type Timers } from './webhooks.js';

export {
  ChangeFeed,
  computeChangeSet,
  type ChangeFeedOptions,
  type ChangeSetListener,
  type DataChangedEvent,
  type DataChangedListener,
  type SliceOptions,
} from './feed.js';
export {
  checkWebhookConfig,
  nodePost,
  parseWebhookUrl,
  redactUrl,
  WebhookConfigError,
  WebhookDeliverer,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  type HttpPost,
  type Timers,
  type WebhookOptions,
  type WebhookTarget,
} from './webhooks.js';
export {
  signPayload,
  verifySignature,
  DATA_CHANGED_EVENT,
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from './signature.js';

export interface ChangeTrackingOptions {
  /** The cache folder: change sets in `changes/`, pending deliveries in `webhooks/`. None: memory only. */
  cacheDir?: string | undefined;
  /** Default 50. */
  keepChanges?: number | undefined;
  webhooks?: readonly string[] | undefined;
  webhookSecret?: string | undefined;
  logger: Logger;
  /**
   * `single` and `primary` write the files and deliver; a cluster `worker` reads the log at
   * start and then only what its primary sends it.
   */
  role?: 'single' | 'primary' | 'worker';
  now?: () => number;
  timers?: Timers;
  post?: HttpPost;
  webhookTimeoutMs?: number;
  slicing?: SliceOptions;
}

/** Throws WebhookConfigError (a URL set without a secret, a URL that is not http(s)). */
export function createChangeFeed(options: ChangeTrackingOptions): ChangeFeed {
  const role = options.role ?? 'single';
  const writes = role !== 'worker';
  const log = new ChangeLog({
    dir: options.cacheDir ? join(options.cacheDir, 'changes') : undefined,
    keep: options.keepChanges ?? SERVE_DEFAULTS.keepChanges,
    logger: options.logger,
    writes,
  });
  const urls = options.webhooks ?? [];
  const webhooks =
    writes && (urls.length > 0 || options.webhookSecret)
      ? new WebhookDeliverer({
          urls,
          secret: options.webhookSecret,
          dir: options.cacheDir ? join(options.cacheDir, 'webhooks') : undefined,
          logger: options.logger,
          ...(options.now ? { now: options.now } : {}),
          ...(options.timers ? { timers: options.timers } : {}),
          ...(options.post ? { post: options.post } : {}),
          ...(options.webhookTimeoutMs !== undefined ? { timeoutMs: options.webhookTimeoutMs } : {}),
        })
      : undefined;
  checkWebhookConfig(urls, options.webhookSecret);
  return new ChangeFeed({
    log,
    logger: options.logger,
    webhooks,
    ...(options.now ? { now: options.now } : {}),
    ...(options.slicing ? { slicing: options.slicing } : {}),
  });
}
