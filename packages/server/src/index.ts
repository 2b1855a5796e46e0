export { createApp, inMemoryData, type AppOptions, type OpenbellApp } from './app.js';
export {
  createServer,
  clearStaleSocket,
  installShutdownHandlers,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_UPDATE_EVERY_MINUTES,
  DEFAULT_DRAIN_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type RunningServer,
  type ServerOptions,
  type ShutdownOptions,
} from './server.js';
export { DataHolder, createUpdater, type Updater, type UpdateOutcome, type UpdateState } from './updates.js';
export { buildOpenApiDocument } from './openapi.js';
export { createLogger, type LogFormat, type LogLevel } from './logging.js';
export { PACKAGE_VERSION, SAMPLE_LABEL } from './info.js';
export { INTERFACE_VERSION } from './interface-version.js';
export * as schemas from './schemas.js';
export { operations, TAGS, type Operations } from './operations.js';
export { defineOperations, documented, perform, type ApiParam, type ArgsOf, type CliCommand, type CliHint, type CommandName, type ErrorStatus, type Operation, type OperationSpec, type ResultOf, type Limits } from './registry.js';
export { answer, answerOperation, createRouteMatcher, invoke, runOperation, type AnswerOptions, type RouteOutcome } from './answer.js';
export { infoBody, healthBody } from './info.js';
export { BodyCache, canonicalKey, DEFAULT_CACHE_BYTES } from './http/answer-cache.js';
export type { DataKind, DataMeta, DataSource, LoadedData, UpdateResult } from './types.js';
export { createPublisher, DEFAULT_URL_TTL_SECONDS, type Publisher, type PublisherOptions, type PublishedVersion } from './publish/handler.js';
export { publisherTokensFrom, parseTokenFile, PUBLISH_TOKENS_ENV, PUBLISH_TOKENS_FILE_ENV, type PublisherTokenSources } from './publish/tokens.js';
