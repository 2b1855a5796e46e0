/**
 * The operation catalogue, shared by every adapter (the REST server, the CLI, library users):
 * the declared operations, the in-process answer of one (`answerOperation`, `answer`, `invoke`),
 * the map from core's error codes to HTTP statuses, and the service bodies (/info, /health).
 *
 * The zod schemas of the answers are a subpath of their own (`@openbell/catalog/schemas`): only
 * the OpenAPI document and tests need them, and loading zod would slow every command's start.
 */
export { operations, TAGS, type Operations } from './operations/index.js';
export {
  NO_CHANGES,
  type ChangeFilterArgs,
  type ChangesQueryArgs,
  type ChangesSource,
  type OperationContext,
} from './context.js';
export {
  NO_OVERRIDES,
  NO_VERSIONS,
  type HistoryEntry,
  type OverridesSource,
  type VersionInfo,
  type VersionsSource,
} from './context.js';
export {
  endpoints,
  MEDIA_TYPES,
  type Endpoint,
  type EndpointKind,
  type Endpoints,
  type EndpointSpec,
} from './endpoints.js';
export {
  defineOperations,
  documented,
  fromQuery,
  errorStatuses,
  NEEDS,
  perform,
  readArgs,
  type ApiParam,
  type ArgsOf,
  type BodySpec,
  type CliCommand,
  type CliHint,
  type CommandName,
  type ErrorStatus,
  type Limits,
  type Need,
  type Operation,
  type ParamDocs,
  type OperationSpec,
  type Params,
  type Registry,
  type ResultOf,
  type RouteShape,
} from './registry.js';
export { openBody, tooLarge, type BodyFeed } from './body.js';
export {
  answer,
  answerOperation,
  createRouteMatcher,
  postOperations,
  readOperations,
  failure,
  invoke,
  readOperationArgs,
  runOperation,
  type AnswerOptions,
  type ArgsOutcome,
  type CompiledRoute,
  type RouteMatch,
  type RouteMatcher,
  type RouteOutcome,
} from './answer.js';
export {
  coreEntries,
  DataNotLoadedError,
  locOf,
  STATUS_OF,
  toHttp,
  type FailureCode,
  type HttpAnswer,
  type ParamLocations,
  type ValidationEntry,
} from './errors.js';
export { bulkBody, bulkError, type BulkEntry, type BulkError } from './bulk.js';
export { toCsv } from './csv.js';
export {
  healthBody,
  infoBody,
  PACKAGE_VERSION,
  SAMPLE_LABEL,
  type HealthBody,
  type InfoBody,
  type ServedMeta,
  type ServiceState,
  type UpdateState,
  type ConnectionState,
} from './info.js';
export { INTERFACE_VERSION } from './interface-version.js';
export {
  applyFilter,
  changesSource,
  getChanges,
  queryChanges,
  resolveMarkets,
  type ChangeFilterParams,
  type ChangesQuery,
  type KeptChanges,
  type ListParam,
} from './change-queries.js';
