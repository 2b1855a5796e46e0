/**
 * `createClient(baseUrl)`: the library's query methods over HTTP. Every method is made by one
 * loop from the route table (routes.generated.ts, derived at build time from core's QUERIES and
 * the catalogue's operations): the arguments are put under their parameters' names exactly as
 * the library's `readArguments` does (positional, then rest, then the options object; null left
 * out), written as text, and sent to the operation's path. The server reads them with the same
 * parsers, so its answers and refusals are the library's.
 */
import type { QueryMethods } from '@openbell/core/interface';
import { LRUCache } from 'lru-cache';
import { errorOf, InvalidArgumentError } from './errors.js';
import { events, type BellEventFrame, type EventsOptions } from './events.js';

export type { CallOptions, ClientOptions } from './options.js';
import type { CallOptions, ClientOptions, Kept, Shared } from './options.js';
import type { Route } from './route.js';
import { ROUTES } from './routes.generated.js';

/** The header naming the data version an answer was computed from. */
export const VERSION_HEADER = 'X-Openbell-Data-Version';

/** How the answer of a library method travels: a series (bars) as the array it lists. */
export type Remote<T> = T extends string ? T : T extends readonly unknown[] ? T : T extends Iterable<infer I> ? I[] : T;

/** An answer with what the server said of it. */
export interface Answer<T> {
  answer: T;
  /** The data version that answered (`X-Openbell-Data-Version`), null when the server named none. */
  version: string | null;
  /** The answer's validator, null for one that depends on the clock. */
  etag: string | null;
  /** True when a 304 confirmed the kept answer. */
  fromCache: boolean;
}

type Args<K extends keyof QueryMethods> = Parameters<QueryMethods[K]>;
type Result<K extends keyof QueryMethods> = Remote<ReturnType<QueryMethods[K]>>;

/** The library's query methods, answering promises. */
export type RemoteMethods = { [K in keyof QueryMethods]: (...args: Args<K>) => Promise<Result<K>> };
/** The same methods, each answer with its data version (`Answer`). */
export type RemoteMethodsWithMeta = { [K in keyof QueryMethods]: (...args: Args<K>) => Promise<Answer<Result<K>>> };

export interface OpenbellClient extends RemoteMethods {
  /** The same methods answering `{ answer, version, etag, fromCache }`. */
  readonly withMeta: RemoteMethodsWithMeta;
  /** The data version of the last answer this client (any of its views) received; null before. */
  readonly lastVersion: string | null;
  /** A view of this client (same cache) whose calls take these options. */
  with(options: CallOptions): OpenbellClient;
  /** The `/events` stream (Server-Sent Events) as an async iterator that reconnects with `Last-Event-ID`. */
  events(options?: EventsOptions): AsyncIterableIterator<BellEventFrame>;
}

/** The route of every query method: the compiler refuses a table that lacks one. */
const routes: Record<keyof QueryMethods, Route> = ROUTES;

/** A value as the query string writes it; an instant given as epoch milliseconds or a Date as ISO 8601. */
function text(value: unknown, instant: boolean): string {
  if (value instanceof Date) return value.toISOString();
  if (instant && typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString();
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}

/** The library's arguments under their parameters' names (positional, then rest, then the options object). */
function valuesOf(route: Route, args: readonly unknown[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const positional = [...route.args, ...route.rest];
  positional.forEach((p, i) => {
    values[p] = args[i];
  });
  const options = args[positional.length] as Record<string, unknown> | null | undefined;
  if (options != null) for (const key in route.options) values[route.options[key]!] = options[key];
  return values;
}

/**
 * The body of a POST (`route.body`): the list as the library reads it (an array, or one text of
 * comma-separated items; each item trimmed, empty ones left out), sent as a JSON array.
 */
export function bodyOf(route: Route, args: readonly unknown[]): string {
  const value = valuesOf(route, args)[route.body!];
  if (value === undefined || value === null) {
    const loc = ['body'];
    throw new InvalidArgumentError(
      0,
      [{ loc, msg: 'Field required', type: 'missing' }],
      [{ param: route.body!, msg: 'Field required', type: 'missing', loc }],
    );
  }
  const list = Array.isArray(value) ? value.join(',') : String(value);
  return JSON.stringify(
    list
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t.length > 0),
  );
}

/** The URL of a call: the library's arguments under their REST names, in the path or the query (but the body's). */
export function urlOf(base: string, route: Route, args: readonly unknown[], asOf: unknown): string {
  const values = valuesOf(route, args);
  if (route.body !== undefined) delete values[route.body];
  let path = route.path;
  const query = new URLSearchParams();
  for (const [p, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    const name = route.names?.[p] ?? p;
    const value = text(v, route.instants?.includes(p) ?? false);
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(value));
    else query.set(name, value);
  }
  const missing = /\{(\w+)\}/.exec(path)?.[1];
  if (missing) {
    const param = Object.entries(route.names ?? {}).find(([, rest]) => rest === missing)?.[0] ?? missing;
    const loc = ['path', missing];
    throw new InvalidArgumentError(
      0,
      [{ loc, msg: 'Field required', type: 'missing' }],
      [{ param, msg: 'Field required', type: 'missing', loc }],
    );
  }
  if (asOf !== undefined && asOf !== null) query.set('as_of', text(asOf, true));
  const q = query.toString();
  return base + path + (q ? `?${q}` : '');
}

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      done();
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });

/** The wait `Retry-After` asks for (seconds or an HTTP date), in ms; undefined without one. */
function retryAfter(res: Response): number | undefined {
  const v = res.headers.get('Retry-After');
  if (v === null) return undefined;
  if (/^\s*\d+\s*$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The signal of one attempt: the caller's, and the timeout's. */
export function attemptSignal(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal | undefined {
  const timeout = timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined;
  if (signal && timeout) return AbortSignal.any([signal, timeout]);
  return signal ?? timeout;
}

/**
 * GETs `url` (POSTs `body` when given): revalidates a kept answer, retries a 429 or 503, refuses
 * with the library's error twin. A POST's answer is never kept.
 */
async function request(
  shared: Shared,
  call: CallOptions,
  url: string,
  route: Route,
  body?: string,
): Promise<Answer<string>> {
  const { options } = shared;
  const kept = body === undefined ? shared.cache?.get(url) : undefined;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (kept) headers['If-None-Match'] = kept.etag;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const posted: RequestInit = body === undefined ? {} : { method: 'POST', body };
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const signal = attemptSignal(call.signal, call.timeoutMs ?? 30_000);
    const res = await shared.fetch(url, { ...posted, headers, ...(signal ? { signal } : {}) });
    const version = res.headers.get(VERSION_HEADER);
    if (res.status === 304 && kept) {
      await res.body?.cancel();
      shared.lastVersion = version ?? kept.version;
      return { answer: kept.text, version: shared.lastVersion, etag: kept.etag, fromCache: true };
    }
    if ((res.status === 429 || res.status === 503) && attempt < retries) {
      const wait = retryAfter(res) ?? (options.retryDelayMs ?? 500) * 2 ** attempt;
      if (wait <= (options.maxRetryDelayMs ?? 30_000)) {
        await res.body?.cancel();
        await sleep(wait, call.signal);
        continue;
      }
    }
    const text = await res.text();
    if (!res.ok) throw errorOf(res.status, text, inverse(route.names));
    const etag = res.headers.get('ETag');
    if (etag && body === undefined) shared.cache?.set(url, { text, etag, version });
    shared.lastVersion = version;
    return { answer: text, version, etag, fromCache: false };
  }
}

const inverse = (names: Readonly<Record<string, string>> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(names ?? {}).map(([a, b]) => [b, a]));

/** One library method's call over HTTP. */
async function ask(shared: Shared, call: CallOptions, route: Route, args: unknown[]): Promise<Answer<unknown>> {
  const url = urlOf(shared.base, route, args, call.asOf);
  const got = await request(shared, call, url, route, route.body === undefined ? undefined : bodyOf(route, args));
  const body = JSON.parse(got.answer);
  return { ...got, answer: route.unwrap ? body[route.unwrap] : body };
}

function view(shared: Shared, call: CallOptions): OpenbellClient {
  const methods: Record<string, unknown> = {};
  const withMeta: Record<string, unknown> = {};
  for (const [name, route] of Object.entries(routes)) {
    withMeta[name] = (...args: unknown[]) => ask(shared, call, route, args);
    methods[name] = async (...args: unknown[]) => (await ask(shared, call, route, args)).answer;
  }
  const client = Object.assign(methods as unknown as RemoteMethods, {
    withMeta: withMeta as unknown as RemoteMethodsWithMeta,
    with: (more: CallOptions) => view(shared, { ...call, ...more }),
    events: (options: EventsOptions = {}) => events(shared, { ...call, ...options }),
  });
  return Object.defineProperty(client, 'lastVersion', {
    get: () => shared.lastVersion,
    enumerable: true,
  }) as OpenbellClient;
}

/**
 * A client of the openbell server at `baseUrl` (`http://127.0.0.1:8000`, or a path prefix behind
 * a proxy) whose methods are the library's query methods: same names, arguments and answers, as
 * promises; refusals as the library's error classes with the HTTP `status` and `detail`.
 */
export function createClient(baseUrl: string | URL, options: ClientOptions = {}): OpenbellClient {
  const entries = options.cacheEntries ?? 500;
  const shared: Shared = {
    base: String(baseUrl).replace(/\/+$/, ''),
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    options,
    cache:
      entries > 0
        ? new LRUCache<string, Kept>({
            max: entries,
            maxSize: options.cacheSize ?? 16 * 1024 * 1024,
            sizeCalculation: (k) => k.text.length + 1,
          })
        : undefined,
    lastVersion: null,
  };
  return view(shared, { signal: options.signal, timeoutMs: options.timeoutMs, asOf: options.asOf } as CallOptions);
}
