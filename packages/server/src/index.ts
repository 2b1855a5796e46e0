/**
 * The REST server, an adapter over the operation catalogue (@openbell/catalog). createServer
 * answers the data routes and /health without express and imports the express app (app.ts)
 * on the first request that needs it; the OpenAPI document and zod come with the first
 * /openapi.json. The CLI's bundle makes app.ts's own express import lazy too (its tsup config),
 * so `openbell serve` starts without express.
 */
export { createApp, inMemoryData, type AppOptions, type OpenbellApp } from './app.js';
export {
  createServer,
  clearStaleSocket,
  installShutdownHandlers,
  stopSignalJudge,
  STOP_REPEAT_MS,
  type RunningServer,
  type ServerOptions,
  type ShutdownOptions,
  type StopSignalVerdict,
} from './server.js';
export { DataHolder, createUpdater, type Updater, type UpdateOutcome, type UpdateState } from './updates.js';
export { buildOpenApiDocument } from './openapi.js';
export { createLogger, type LogFormat, type LogLevel } from './logging.js';
export { BodyCache, canonicalKey, DEFAULT_CACHE_BYTES } from './http/answer-cache.js';
export type { DataKind, DataMeta, DataSource, LoadedData, UpdateResult } from './types.js';
export { createPublisher, DEFAULT_URL_TTL_SECONDS, type Publisher, type PublisherOptions, type PublishedVersion } from './publish/handler.js';
export { publisherTokensFrom, parseTokenFile, PUBLISH_TOKENS_ENV, PUBLISH_TOKENS_FILE_ENV, type PublisherTokenSources } from './publish/tokens.js';
export * from './changes/index.js';
export type { SwapListener } from './updates.js';
export { parseAdminTokens, type AdminToken } from './overrides/tokens.js';
export { OverrideManager, newOverrideId, overrideVersion, WritesRefusedError, type OverrideChange } from './overrides/manager.js';
export { VersionHistory, type KeptVersion } from './overrides/versions.js';
export { OverrideFileError, overrideFileText, parseOverrideFile, readOverrideFile, writeOverrideFile } from './overrides/file.js';
export { VERSION_HEADER } from './http/dispatcher.js';
export type { OverrideSettings } from './server.js';
export { overridePuller } from './overrides/replica.js';
export { runPrimary, runWorker, type ClusterPlan } from './cluster.js';
export { SERVE_DEFAULTS } from './defaults.js';
