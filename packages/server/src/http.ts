/**
 * Running the REST server, without the rest of the package's API: a separate entry point
 * (`@openbell/server/http`) so a bundle of `openbell serve` leaves out zod and the OpenAPI
 * generator, which the server loads on the first /openapi.json request (the full entry point
 * re-exports them).
 */
export { createServer, installShutdownHandlers, stopSignalJudge, type RunningServer, type ServerOptions, type ShutdownOptions } from './server.js';
export { publisherTokensFrom, type PublisherOptions } from './publish.js';
export type { LogLevel } from './logging.js';
export { createChangeFeed, WebhookConfigError, type ChangeFeed, type ChangeTrackingOptions } from './changes/index.js';
export { createLogger } from './logging.js';
