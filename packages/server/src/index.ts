/**
 * The REST server, an adapter over the operation catalogue (@openbell/catalog). createServer
 * answers the data routes and /health without express and imports the express app (app.ts)
 * on the first request that needs it; the OpenAPI document and zod come with the first
 * /openapi.json. The CLI's bundle makes app.ts's own express import lazy too (its tsup config),
 * so `openbell serve` starts without express.
 */
export { createApp } from './app.js';
export {
  createServer,
  installShutdownHandlers,
  type RunningServer,
  type ServerOptions,
} from './server.js';
export { createLogger, type LogLevel } from './logging.js';
export type { DataKind, DataMeta, DataSource, LoadedData, UpdateResult } from './types.js';
export type { Publisher, PublisherOptions } from './publish/handler.js';
export { publisherTokensFrom } from './publish/tokens.js';
export * from './changes/index.js';
export type { SwapListener } from './updates.js';
export { parseAdminTokens, type AdminToken } from './overrides/tokens.js';
export { OverrideFileError, writeOverrideFile } from './overrides/file.js';
export type { OverrideSettings } from './server.js';
export { runPrimary, runWorker, type ClusterPlan } from './cluster.js';
export { SERVE_DEFAULTS } from './defaults.js';
