/**
 * A replica's side of `/v4/overrides` (docs/overrides.md §4): with each update check it asks its
 * publisher for the override set (the download's bearer token, If-None-Match), serves what it
 * gets, and from then on refuses writes naming the publisher. A source that does not answer the
 * path (the vendor's own endpoint: 404) has no override set to follow, and writes stay local.
 */
import type { Logger } from 'pino';
import { OVERRIDES_PATH } from '@openbell/loader';
import { parseOverrideFile } from './file.js';
import type { OverrideManager } from './manager.js';

export interface PullOptions {
  /** The publisher's base URL, as the loader downloads from it. */
  baseUrl: string;
  token?: string | undefined;
  manager: OverrideManager;
  logger: Logger;
  fetch?: typeof fetch;
}

export function overridePuller(options: PullOptions): () => Promise<void> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const url = `${base}${OVERRIDES_PATH}`;
  const get = options.fetch ?? fetch;
  let etag: string | undefined;
  return async () => {
    let res: Response;
    try {
      res = await get(url, {
        headers: {
          accept: 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(etag ? { 'if-none-match': etag } : {}),
        },
        signal: AbortSignal.timeout(30_000),
      });
    } catch (e) {
      // The message names the URL (no token in it), never a header.
      options.logger.warn(
        { url, err: (e as Error).message },
        "the publisher's override set could not be fetched; the set served stays",
      );
      return;
    }
    if (res.status === 304) return;
    if (res.status === 404) {
      await res.body?.cancel();
      return;
    }
    if (!res.ok) {
      await res.body?.cancel();
      options.logger.warn({ url, status: res.status }, 'the publisher refused the override set; the set served stays');
      return;
    }
    let records;
    try {
      records = parseOverrideFile(await res.text(), url);
    } catch (e) {
      options.logger.error(
        { err: (e as Error).message },
        "the publisher's override set was refused whole; the set served stays",
      );
      return;
    }
    etag = res.headers.get('etag') ?? undefined;
    options.manager.followPublisher(base);
    if (options.manager.replace(records))
      options.logger.info({ publisher: base, overrides: records.length }, "publisher's override set served");
  };
}
