/**
 * `serve`'s data changes: the change log in `<cache>/changes`, the pending webhook deliveries
 * in `<cache>/webhooks`, one ChangeFeed per process (a cluster's primary computes and
 * delivers; its workers log what it sends them).
 */
import { defaultCacheDir } from '@openbell/loader';
import { createChangeFeed, WebhookConfigError, type ChangeFeed } from '@openbell/server';
import type { Logger } from 'pino';
import type { Settings } from '../config.js';
import { UserError } from '../errors.js';

export function changeFeedFor(settings: Settings, logger: Logger, role: 'single' | 'primary' | 'worker'): ChangeFeed {
  if (settings.keepChanges < 1) throw new UserError('--keep-changes: expected a whole number >= 1');
  try {
    return createChangeFeed({
      cacheDir: settings.cacheDir ?? defaultCacheDir(),
      keepChanges: settings.keepChanges,
      webhooks: settings.webhook ?? [],
      webhookSecret: settings.webhookSecret,
      logger,
      role,
    });
  } catch (e) {
    // The message names the setting, never its value.
    if (e instanceof WebhookConfigError) throw new UserError(e.message);
    throw e;
  }
}
