/**
 * @openbell/client: the library's query methods against any openbell server, with `fetch` alone
 * (Node 20+ and browsers). docs/client.md.
 */
export {
  createClient,
  VERSION_HEADER,
  type Answer,
  type CallOptions,
  type ClientOptions,
  type OpenbellClient,
  type Remote,
  type RemoteMethods,
  type RemoteMethodsWithMeta,
} from './client.js';
export {
  AmbiguousMicError,
  InvalidArgumentError,
  NotFoundError,
  OpenbellError,
  OutOfCoverageError,
  type ArgumentFault,
  type ValidationEntry,
} from './errors.js';
export type { BellEventFrame, EventsOptions } from './events.js';
export type { Route } from './route.js';
export { ROUTES } from './routes.generated.js';
