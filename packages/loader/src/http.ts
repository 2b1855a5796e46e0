/**
 * HTTP for downloads: manual redirects (the bearer token never leaves the origin it was meant
 * for), typed errors that never carry a token or a presigned query, a stall timeout rather
 * than a total one (a large archive on a slow line is fine as long as bytes keep coming),
 * bounded retries with backoff for failures that retrying can fix, and a size cap.
 */
import { redactUrl } from '@openbell/core/secrets';
import { LoaderError } from './errors.js';
import type { ProgressCallback } from './types.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpOptions {
  fetch?: FetchLike;
  /** Longest wait for response headers, and longest stall between body chunks (ms). */
  timeoutMs?: number;
  /** Further attempts after a retryable failure (network, timeout, 429, 5xx). */
  retries?: number;
  /** First backoff delay (ms); doubles on each attempt, with jitter. */
  retryDelayMs?: number;
  /** Largest body accepted (bytes). */
  maxBytes?: number;
  onProgress?: ProgressCallback;
}

export { redactUrl };

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 3;
export const DEFAULT_RETRY_DELAY_MS = 1_000;
export const DEFAULT_MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024;
const MAX_REDIRECTS = 5;
/** A Retry-After longer than this is not waited for: the next scheduled update will come. */
const MAX_RETRY_AFTER_MS = 60_000;

export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

export interface RequestSpec {
  method: 'GET' | 'HEAD';
  url: string;
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer` to `tokenOrigin` only (never after a redirect elsewhere). */
  token?: string;
  tokenOrigin?: string;
}

export interface FetchedResponse {
  response: Response;
  /** The URL that answered, after redirects (redact before showing it). */
  finalUrl: string;
  /** Headers of the first answer (the redirect, when there was one): the hosted ETag lives there. */
  firstHeaders: Headers;
  /** Aborts the request; used by the body reader's stall timer. */
  abort: (reason: Error) => void;
}

function timeoutError(url: string, ms: number, what: string): LoaderError {
  return new LoaderError('timeout', `${what} from ${redactUrl(url)} timed out after ${ms} ms`);
}

function networkError(url: string, err: unknown): LoaderError {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const raw = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
  // Messages from fetch may quote the URL, credentials and signature included.
  const why = raw.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s)'"]+/gi, (u) => redactUrl(u));
  return new LoaderError('network', `could not reach ${redactUrl(url)} (${why})`);
}

/**
 * One request with redirects followed by hand. Resolves once headers arrive; the caller reads
 * (or cancels) the body. Non-2xx/304 answers are returned too: `statusError` classifies them.
 */
export async function send(spec: RequestSpec, options: HttpOptions = {}): Promise<FetchedResponse> {
  const doFetch = options.fetch ?? (globalThis.fetch as FetchLike);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let url = spec.url;
  let method = spec.method;
  let firstHeaders: Headers | undefined;
  for (let hop = 0; ; hop++) {
    const target = new URL(url);
    const headers: Record<string, string> = { 'user-agent': 'openbell', ...spec.headers };
    if (spec.token && spec.tokenOrigin && target.origin === spec.tokenOrigin)
      headers.authorization = `Bearer ${spec.token}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timeoutError(url, timeoutMs, 'waiting for an answer')), timeoutMs);
    let response: Response;
    try {
      response = await doFetch(url, { method, headers, redirect: 'manual', signal: controller.signal });
    } catch (err) {
      if (controller.signal.aborted && controller.signal.reason instanceof LoaderError) throw controller.signal.reason;
      throw networkError(url, err);
    } finally {
      clearTimeout(timer);
    }
    firstHeaders ??= response.headers;
    const location = response.headers.get('location');
    if ([301, 302, 303, 307, 308].includes(response.status) && location) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS)
        throw new LoaderError('http', `too many redirects from ${redactUrl(spec.url)}`, { status: response.status });
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new LoaderError('http', `${redactUrl(url)} redirected to an invalid URL`, { status: response.status });
      }
      if (next.protocol !== 'https:' && next.protocol !== 'http:') {
        throw new LoaderError('http', `${redactUrl(url)} redirected to an unsupported scheme ${next.protocol}`, {
          status: response.status,
        });
      }
      if (target.protocol === 'https:' && next.protocol === 'http:' && !isLoopback(next.hostname)) {
        throw new LoaderError('http', `${redactUrl(url)} redirected to plain http (${redactUrl(next)}); refused`, {
          status: response.status,
        });
      }
      if (response.status === 303) method = method === 'HEAD' ? 'HEAD' : 'GET';
      url = next.toString();
      continue;
    }
    return { response, finalUrl: url, firstHeaders, abort: (reason) => controller.abort(reason) };
  }
}

/** The error for an answer that is neither success nor 304, or null when there is none. */
export function statusError(
  res: Response,
  url: string,
  context: { hosted: boolean; hadToken: boolean },
): LoaderError | null {
  const s = res.status;
  if ((s >= 200 && s < 300) || s === 304) return null;
  const where = redactUrl(url);
  if (s === 401) {
    const why = context.hadToken
      ? 'the token was refused; check OPENBELL_TOKEN (or the token in your configuration)'
      : 'a token is required; set OPENBELL_TOKEN';
    return new LoaderError('unauthorized', `${where} answered 401 Unauthorized: ${why}`, { status: s });
  }
  if (s === 403) {
    const presigned = new URL(url).search.length > 1;
    const why = presigned
      ? 'the download link was refused (it may have expired; try again)'
      : context.hosted
        ? 'the token is not allowed to download this data'
        : 'access denied';
    return new LoaderError('forbidden', `${where} answered 403 Forbidden: ${why}`, { status: s });
  }
  if (s === 404) return new LoaderError('not_found', `${where} answered 404 Not Found`, { status: s });
  return new LoaderError('http', `${where} answered HTTP ${s}${res.statusText ? ` ${res.statusText}` : ''}`, {
    status: s,
  });
}

/** Whether another attempt could succeed. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof LoaderError)) return false;
  if (err.code === 'network' || err.code === 'timeout') return true;
  return (
    err.code === 'http' && err.status !== undefined && (err.status === 429 || err.status === 408 || err.status >= 500)
  );
}

/** Milliseconds a Retry-After header asks for, when it is reasonable. */
export function retryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  const secs = Number(value);
  const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(value) - nowMs;
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_RETRY_AFTER_MS ? ms : undefined;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `attempt` up to 1 + retries times while it fails retryably, backing off between tries. */
export async function withRetries<T>(attempt: () => Promise<T>, options: HttpOptions = {}): Promise<T> {
  const retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
  const base = Math.max(0, options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= retries || !isRetryable(err)) throw err;
      const asked = (err as LoaderError & { retryAfterMs?: number }).retryAfterMs;
      const backoff = base * 2 ** i * (0.75 + Math.random() * 0.5);
      await sleep(asked ?? backoff);
    }
  }
}

/**
 * Reads a body into memory with the size cap, the stall timeout and progress reports. A body
 * shorter than its Content-Length is a network failure (retryable), not an archive to parse.
 */
export async function readBody(fetched: FetchedResponse, options: HttpOptions = {}): Promise<Uint8Array> {
  const { response, finalUrl } = fetched;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const lengthHeader = response.headers.get('content-length');
  const total = lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  if (total !== undefined && total > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new LoaderError(
      'too_large',
      `${redactUrl(finalUrl)} offers ${total} bytes, more than the ${maxBytes}-byte download limit`,
    );
  }
  const body = response.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stalled: LoaderError | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = timeoutError(finalUrl, timeoutMs, 'the download stalled; waiting for data');
      fetched.abort(stalled);
      reader.cancel(stalled).catch(() => undefined);
    }, timeoutMs);
  };
  options.onProgress?.({ loaded: 0, total });
  try {
    arm();
    for (;;) {
      let step: Awaited<ReturnType<typeof reader.read>>;
      try {
        step = await reader.read();
      } catch (err) {
        if (stalled) throw stalled;
        throw networkError(finalUrl, err);
      }
      if (stalled) throw stalled;
      if (step.done) break;
      loaded += step.value.byteLength;
      if (loaded > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new LoaderError(
          'too_large',
          `the download from ${redactUrl(finalUrl)} passed the ${maxBytes}-byte limit`,
        );
      }
      chunks.push(step.value);
      options.onProgress?.({ loaded, total });
      arm();
    }
  } finally {
    clearTimeout(timer);
  }
  if (total !== undefined && loaded !== total) {
    throw new LoaderError(
      'network',
      `the download from ${redactUrl(finalUrl)} ended after ${loaded} of ${total} bytes`,
    );
  }
  const out = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
