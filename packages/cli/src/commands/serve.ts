/**
 * `openbell serve`: the REST server over the configured source, optionally publishing the
 * archive it serves as a hosted `/v4/download` endpoint.
 */
import cluster from 'node:cluster';
import { join } from 'node:path';
import {
  createLogger,
  createServer,
  installShutdownHandlers,
  OverrideFileError,
  runPrimary,
  runWorker,
  type ClusterPlan,
  parseAdminTokens,
  publisherTokensFrom,
  type AdminToken,
  type LogLevel,
  type OverrideSettings,
  type PublisherOptions,
  type ServerOptions,
} from '@openbell/server';
import { DEFAULT_BASE_URL, defaultCacheDir, verifyPathOffThread } from '@openbell/loader';
import type { Settings } from '../config.js';
import { progressBar, SAMPLE_NOTICE, sourceFor } from '../data.js';
import { oneLine, UserError } from '../errors.js';
import { changeFeedFor } from './data-changes.js';

function publishOptions(settings: Settings, archivePath: string | null): PublisherOptions {
  if (!archivePath) throw new UserError('--publish needs a ZIP archive to publish; --data points at a directory');
  let tokens: () => readonly string[];
  try {
    tokens = publisherTokensFrom({
      file: settings.publishTokensFile,
      env: { OPENBELL_PUBLISH_TOKENS: (settings.publishTokens ?? []).join(',') },
    });
    tokens();
  } catch (e) {
    throw new UserError(`--publish: ${oneLine(e).replace(/^publish: /, '')}`);
  }
  return {
    archivePath,
    tokens,
    // A file is published only once it loads; a bad one keeps the previous publication.
    verify: async (path: string) => {
      await verifyPathOffThread(path);
    },
    ...(settings.publishUrl ? { publicBaseUrl: settings.publishUrl } : {}),
  };
}

/** Why the server could not listen, as a user error naming the setting, when it is the address's fault. */
function listenFault(e: unknown, settings: Settings): UserError | undefined {
  const { code, syscall } = (e ?? {}) as NodeJS.ErrnoException;
  // A cluster worker's listen fails in the primary's bind ('bind').
  if (syscall !== 'listen' && syscall !== 'getaddrinfo' && syscall !== 'bind') return undefined;
  const where = settings.uds ? `--uds ${settings.uds}` : `--host ${settings.host} --port ${settings.port}`;
  const why: Record<string, string> = {
    EADDRINUSE: 'the address is already in use',
    EACCES: 'permission denied',
    EADDRNOTAVAIL: 'the address is not available on this machine',
    ENOTFOUND: 'the host name does not resolve',
    EAI_AGAIN: 'the host name does not resolve',
    ENOENT: 'the directory does not exist',
    ENOTDIR: 'a parent is not a directory',
  };
  return code && why[code] ? new UserError(`cannot listen on ${where}: ${why[code]} (${code})`) : undefined;
}

/** Overrides of `serve` (docs/overrides.md): the admin tokens, the file, the versions kept. */
function overrideSettingsOf(settings: Settings): OverrideSettings {
  let tokens: AdminToken[];
  try {
    tokens = parseAdminTokens(settings.adminTokens ?? []);
  } catch (e) {
    throw new UserError(`--admin-token: ${oneLine(e)}`);
  }
  const cacheDir = settings.cacheDir ?? defaultCacheDir();
  return {
    file: settings.overrides ?? join(cacheDir, 'overrides.json'),
    tokens,
    keepVersions: settings.keepChanges,
    versionsFile: join(cacheDir, 'versions.json'),
  };
}

/**
 * The publisher a replica follows (docs/overrides.md §4): a remote source at a base URL of its
 * own, not the vendor's endpoint (which has no override set to follow).
 */
function publisherOf(settings: Settings, remote: boolean): { baseUrl: string; token?: string | undefined } | undefined {
  if (!remote || !settings.baseUrl) return undefined;
  const base = settings.baseUrl.replace(/\/+$/, '');
  return base === DEFAULT_BASE_URL ? undefined : { baseUrl: base, token: settings.token };
}

/** createServer's options from the settings, without the data (single process and cluster workers alike). */
export function serverOptions(settings: Settings): ServerOptions {
  return {
    host: settings.host,
    port: settings.port,
    ...(settings.uds ? { socketPath: settings.uds } : {}),
    updateEveryMinutes: settings.updateEvery,
    updateRetryMs: Math.max(1, settings.updateRetry * 1000),
    drainTimeoutMs: settings.drainTimeout * 1000,
    maxConnections: settings.maxConnections,
    ...(settings.maxConnectionsPerClient !== undefined
      ? { maxConnectionsPerClient: settings.maxConnectionsPerClient }
      : {}),
    ...(settings.trustProxy ? { trustProxy: settings.trustProxy } : {}),
    maxSubscribers: settings.maxSubscribers,
    maxRangeDays: settings.maxRangeDays,
    cacheBytes: settings.answerCache * 1024 * 1024,
    blockBytes: settings.blockCache * 1024 * 1024,
    headersTimeoutMs: settings.headersTimeout * 1000,
    cacheMaxAge: settings.cacheMaxAge,
    purgeKeys: settings.purgeKeys,
    ...(settings.metricsToken ? { metrics: { token: settings.metricsToken } } : {}),
    requestTimeoutMs: settings.requestTimeout * 1000,
    logLevel: settings.logLevel as LogLevel,
    logFormat: logFormatOf(settings),
    // The data routes answer without express: loading it waits for a request that needs it.
    expressOnDemand: true,
    ...(settings.corsOrigins ? { corsOrigins: settings.corsOrigins.includes('*') ? '*' : settings.corsOrigins } : {}),
  };
}

/** Pretty lines for a person at a terminal, JSON lines for everything else (files, collectors). */
function logFormatOf(settings: Settings): 'json' | 'pretty' {
  return settings.logFormat === 'auto'
    ? process.stdout.isTTY
      ? 'pretty'
      : 'json'
    : (settings.logFormat as 'json' | 'pretty');
}

/** Everything a cluster's primary and workers need, read from the settings here (the server reads no flag). */
function clusterPlan(settings: Settings): ClusterPlan {
  return {
    workers: settings.workers,
    server: serverOptions(settings),
    source: (onProgress) => sourceFor(settings, onProgress, true),
    changeFeed: (logger, role) => changeFeedFor(settings, logger, role),
    overrides: overrideSettingsOf(settings),
    publisher: (remote) => publisherOf(settings, remote),
    ...(settings.publish ? { publish: (archivePath: string | null) => publishOptions(settings, archivePath) } : {}),
    progress: () => progressBar(),
    sampleNotice: SAMPLE_NOTICE,
    listenFault: (e) => listenFault(e, settings),
    userError: (message) => new UserError(message),
  };
}

export async function serve(settings: Settings, err: NodeJS.WritableStream = process.stderr): Promise<void> {
  if (cluster.isWorker) return runWorker(clusterPlan(settings));
  if (settings.workers > 1) return runPrimary(clusterPlan(settings), err);
  // Before loading: a webhook without a secret is a start-up error.
  const logger = createLogger(settings.logLevel as LogLevel, logFormatOf(settings));
  const changes = changeFeedFor(settings, logger, 'single');
  const bar = await progressBar();
  const source = sourceFor(settings, bar.onProgress, true);
  const publish = settings.publish ? publishOptions(settings, source.archivePath()) : undefined;
  if (source.kind === 'sample') err.write(`${SAMPLE_NOTICE}\n`);
  else err.write(`Loading data from ${source.description}\n`);
  // Loaded before listening: bad data, a refused token or an unreachable endpoint stop here
  // with exit 1 instead of a server answering 503 (a remote source starts from its cache).
  const data = await source.load().finally(() => bar.stop());

  const running = await createServer({
    ...serverOptions(settings),
    data,
    source,
    logger,
    changes,
    overrideSettings: { ...overrideSettingsOf(settings), pullFrom: publisherOf(settings, source.isRemote) },
    ...(publish ? { publish } : {}),
  }).catch((e: unknown) => {
    if (e instanceof OverrideFileError) throw new UserError(e.message);
    throw listenFault(e, settings) ?? e;
  });
  installShutdownHandlers(running, { logger: running.logger });
  // SIGHUP re-reads the override file (docs/overrides.md §4), as configuration management expects.
  process.on('SIGHUP', () => void running.overrides?.reload());
  err.write(
    `Serving ${data.meta.isSample ? 'the bundled open dataset (not vendor data)' : data.meta.source} (version ` +
      `${data.meta.version ?? 'n/a'})\n`,
  );
  if (source.isRemote)
    err.write(
      `Checking for updates every ${settings.updateEvery} minutes${settings.updateEvery === 0 ? ' (off)' : ''}\n`,
    );
  if (publish) err.write(`Publishing ${publish.archivePath} at ${running.url}/v4/download\n`);
  const docs = running.url.startsWith('unix:') ? '/docs over the socket' : `${running.url}/docs`;
  err.write(`openbell listening on ${running.url} (docs at ${docs})\n`);
}
