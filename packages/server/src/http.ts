/**
 * Running the REST server, without the rest of the package's API: a separate entry point
 * (`@openbell/server/http`) so a bundle of `openbell serve` leaves out zod and the OpenAPI
 * generator, which the server loads on the first /openapi.json request (the full entry point
 * re-exports them).
 */
export { createServer, installShutdownHandlers, type RunningServer, type ServerOptions, type ShutdownOptions } from './server.js';
export { publisherTokensFrom } from './publish/tokens.js';
export type { PublisherOptions } from './publish/handler.js';
export type { LogLevel } from './logging.js';
