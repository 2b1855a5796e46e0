/** One query's REST route, as scripts/routes.mjs derives it from the declarations. */
export interface Route {
  /** The operation's path; each `{name}` is the parameter of that REST name. */
  readonly path: string;
  /** The library's leading arguments, in order, by parameter name. */
  readonly args: readonly string[];
  /** Further positional arguments that may be left out. */
  readonly rest: readonly string[];
  /** The last argument as an object: the library's key of each parameter. */
  readonly options: Readonly<Record<string, string>>;
  /** The REST name of a parameter whose name differs from the library's (`instant` → `datetime_utc`). */
  readonly names?: Readonly<Record<string, string>>;
  /** Parameters that are instants: epoch milliseconds or a Date are sent as ISO 8601. */
  readonly instants?: readonly string[];
  /** The body holds the answer under this key (`{ "is_available": true }`). */
  readonly unwrap?: string;
  /** The library answers a series the body lists as an array (bars). */
  readonly spread?: boolean;
  /** The argument sent as the request's body (a JSON array), by a POST: the timestamps of a check. */
  readonly body?: string;
}
