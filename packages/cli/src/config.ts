/**
 * Settings from, in order of precedence: command-line flags, OPENBELL_* environment variables
 * (then TRADINGHOURS_TOKEN, the vendor client's name, for the token), the config file (JSON),
 * defaults. Every key is documented in CONFIG.md; the table below is
 * the single list of them.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { join } from 'node:path';
import { FALSE_WORDS, TRUE_WORDS } from '@openbell/core/params';
import * as z from 'zod/mini';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_UPDATE_EVERY_MINUTES } from '@openbell/core/protocol';
import { UserError } from './errors.js';

export interface Settings {
  token: string | undefined;
  data: string | undefined;
  baseUrl: string | undefined;
  cacheDir: string | undefined;
  host: string;
  port: number;
  uds: string | undefined;
  updateEvery: number;
  logLevel: string;
  corsOrigins: string[] | undefined;
  publish: boolean;
  publishTokens: string[] | undefined;
  publishTokensFile: string | undefined;
  publishUrl: string | undefined;
  /** Seconds before the first retry of a failed update check (doubling, capped at updateEvery). */
  updateRetry: number;
  /** Seconds the drain on SIGTERM/SIGINT waits for responses in flight. */
  drainTimeout: number;
  /** Connections open at once (0 = no cap). */
  maxConnections: number;
  /** Send the token to a plain-http base URL off loopback (a publisher on a private network). */
  allowInsecureHttp: boolean;
  /** `auto` (pretty on a terminal, JSON otherwise), `pretty` or `json`. */
  logFormat: string;
  /** Longest date range of phases, days and sessions, in days. */
  maxRangeDays: number;
  /** MiB of serialized answers kept per dataset (0 disables the cache). */
  answerCache: number;
  /** Seconds a client has to send a request's headers. */
  headersTimeout: number;
  /** Seconds a client has to send a whole request. */
  requestTimeout: number;
  /** `serve` processes answering requests (node:cluster); 1 = a single process. */
  workers: number;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Text as flags and the environment give it, trimmed. */
const trimmed = z.string().check(z.trim());
/** A number: a JSON number, or text that reads as one. */
const anyNumber = z.union([z.number(), z.pipe(trimmed.check(z.minLength(1)), z.transform(Number))]);
/** A whole number: a JSON integer, or digits. */
const wholeNumber = z.union([z.number().check(z.int()), z.pipe(trimmed.check(z.regex(/^\d+$/)), z.transform(Number))]);
const atLeast = (schema: typeof anyNumber, min: number, max = Infinity) => schema.check(z.refine((n) => Number.isFinite(n) && n >= min && n <= max));

/**
 * What each kind of setting accepts and makes of it, and what an unacceptable value is told
 * (`got` adds the value given).
 */
const KINDS = {
  string: { schema: trimmed.check(z.minLength(1)), expected: 'expected a non-empty string', got: false },
  level: { schema: z.enum(LEVELS), expected: `expected one of ${LEVELS.join(', ')}`, got: false },
  port: { schema: atLeast(wholeNumber, 0, 65535), expected: 'expected a port number 0-65535', got: true },
  minutes: { schema: atLeast(anyNumber, 0), expected: 'expected minutes >= 0 (0 turns updates off)', got: true },
  seconds: { schema: atLeast(anyNumber, 0), expected: 'expected seconds >= 0', got: true },
  count: { schema: atLeast(wholeNumber, 0, Number.MAX_SAFE_INTEGER), expected: 'expected a whole number >= 0 (0 = no limit)', got: true },
  workers: {
    schema: z.union([z.pipe(z.pipe(trimmed.check(z.toLowerCase()), z.literal('auto')), z.transform(() => availableParallelism())), atLeast(wholeNumber, 1, Number.MAX_SAFE_INTEGER)]),
    expected: 'expected a whole number >= 1 or "auto"',
    got: true,
  },
  boolean: {
    // The words every boolean input accepts (core's list, as in query strings).
    schema: z.union([z.boolean(), z.pipe(trimmed.check(z.toLowerCase(), z.refine((v) => TRUE_WORDS.includes(v) || FALSE_WORDS.includes(v))), z.transform((v) => TRUE_WORDS.includes(v)))]),
    expected: `expected true or false (${TRUE_WORDS.join('/')} or ${FALSE_WORDS.join('/')})`,
    got: false,
  },
  list: {
    schema: z.pipe(z.union([z.array(z.string()), z.pipe(z.string(), z.transform((v) => v.split(/[\s,]+/)))]), z.transform((items) => items.map((i) => i.trim()).filter((i) => i.length > 0))),
    expected: 'expected a comma- or space-separated string or a list of strings',
    got: false,
  },
};
type Kind = keyof typeof KINDS;

interface KeySpec {
  key: keyof Settings;
  env: string;
  flag: string;
  kind: Kind;
  /** Another environment variable read when `env` is not set (the vendor client's name). */
  envAlias?: string;
}

export const KEYS: readonly KeySpec[] = [
  { key: 'token', env: 'OPENBELL_TOKEN', envAlias: 'TRADINGHOURS_TOKEN', flag: '--token', kind: 'string' },
  { key: 'data', env: 'OPENBELL_DATA', flag: '--data', kind: 'string' },
  { key: 'baseUrl', env: 'OPENBELL_BASE_URL', flag: '--base-url', kind: 'string' },
  { key: 'cacheDir', env: 'OPENBELL_CACHE_DIR', flag: '--cache-dir', kind: 'string' },
  { key: 'host', env: 'OPENBELL_HOST', flag: '--host', kind: 'string' },
  { key: 'port', env: 'OPENBELL_PORT', flag: '--port', kind: 'port' },
  { key: 'uds', env: 'OPENBELL_UDS', flag: '--uds', kind: 'string' },
  { key: 'updateEvery', env: 'OPENBELL_UPDATE_EVERY', flag: '--update-every', kind: 'minutes' },
  { key: 'logLevel', env: 'OPENBELL_LOG_LEVEL', flag: '--log-level', kind: 'level' },
  { key: 'corsOrigins', env: 'OPENBELL_CORS_ORIGINS', flag: '--cors-origins', kind: 'list' },
  { key: 'publish', env: 'OPENBELL_PUBLISH', flag: '--publish', kind: 'boolean' },
  { key: 'publishTokens', env: 'OPENBELL_PUBLISH_TOKENS', flag: '--publish-tokens', kind: 'list' },
  { key: 'publishTokensFile', env: 'OPENBELL_PUBLISH_TOKENS_FILE', flag: '--publish-tokens-file', kind: 'string' },
  { key: 'publishUrl', env: 'OPENBELL_PUBLISH_URL', flag: '--publish-url', kind: 'string' },
  { key: 'updateRetry', env: 'OPENBELL_UPDATE_RETRY', flag: '--update-retry', kind: 'seconds' },
  { key: 'drainTimeout', env: 'OPENBELL_DRAIN_TIMEOUT', flag: '--drain-timeout', kind: 'seconds' },
  { key: 'maxConnections', env: 'OPENBELL_MAX_CONNECTIONS', flag: '--max-connections', kind: 'count' },
  { key: 'maxRangeDays', env: 'OPENBELL_MAX_RANGE_DAYS', flag: '--max-range-days', kind: 'count' },
  { key: 'logFormat', env: 'OPENBELL_LOG_FORMAT', flag: '--log-format', kind: 'string' },
  { key: 'allowInsecureHttp', env: 'OPENBELL_ALLOW_INSECURE_HTTP', flag: '--allow-insecure-http', kind: 'boolean' },
  { key: 'answerCache', env: 'OPENBELL_ANSWER_CACHE', flag: '--answer-cache', kind: 'count' },
  { key: 'headersTimeout', env: 'OPENBELL_HEADERS_TIMEOUT', flag: '--headers-timeout', kind: 'seconds' },
  { key: 'requestTimeout', env: 'OPENBELL_REQUEST_TIMEOUT', flag: '--request-timeout', kind: 'seconds' },
  { key: 'workers', env: 'OPENBELL_WORKERS', flag: '--workers', kind: 'workers' },
];

const DEFAULTS = { host: DEFAULT_HOST, port: DEFAULT_PORT, updateEvery: DEFAULT_UPDATE_EVERY_MINUTES, logLevel: 'info', publish: false, updateRetry: 60, drainTimeout: 30, maxConnections: 1000, maxRangeDays: 3653, answerCache: 64, logFormat: 'auto', allowInsecureHttp: false, headersTimeout: 10, requestTimeout: 30, workers: 1 };

/** `$XDG_CONFIG_HOME/openbell/config.json`, else `~/.config/openbell/config.json`. */
export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'openbell', 'config.json');
}

function readConfigFile(path: string, explicit: boolean): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (!explicit && (e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UserError(`cannot read the config file ${path}: ${(e as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new UserError(`the config file ${path} is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UserError(`the config file ${path} must hold a JSON object`);
  }
  const known = new Set(KEYS.map((k) => k.key));
  for (const k of Object.keys(parsed)) {
    if (!known.has(k as KeySpec['key'])) throw new UserError(`the config file ${path} has an unknown key "${k}" (known: ${[...known].join(', ')})`);
  }
  return parsed as Record<string, unknown>;
}

/** Every setting, in KEYS order (a value refused first is the first in that order), with its default. */
const SETTINGS = z.object(
  Object.fromEntries(
    KEYS.map((spec) => {
      const schema = KINDS[spec.kind].schema;
      const fallback = (DEFAULTS as Record<string, unknown>)[spec.key];
      return [spec.key, fallback === undefined ? z.optional(schema) : z._default(schema, fallback as never)];
    }),
  ),
);

/**
 * Resolves every setting. `flags` holds commander's parsed options (camelCase keys, only
 * those given); `configPath` is --config.
 */
export function resolveSettings(flags: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env, configPath?: string): Settings {
  const explicit = configPath ?? (env.OPENBELL_CONFIG || undefined);
  const file = explicit ?? defaultConfigPath(env);
  const fromFile = readConfigFile(file, explicit !== undefined);
  // Each setting's value from the first layer that has one, and where it came from.
  const given: Record<string, unknown> = {};
  const where: Record<string, string> = {};
  const take = (spec: KeySpec, value: unknown, from: string) => {
    given[spec.key] = value;
    where[spec.key] = from;
  };
  for (const spec of KEYS) {
    if (flags[spec.key] !== undefined) take(spec, flags[spec.key], spec.flag);
    else if (env[spec.env] !== undefined && env[spec.env] !== '') take(spec, env[spec.env], spec.env);
    else if (spec.envAlias && env[spec.envAlias] !== undefined && env[spec.envAlias] !== '') take(spec, env[spec.envAlias], spec.envAlias);
    else if (fromFile[spec.key] !== undefined) take(spec, fromFile[spec.key], `${file}: "${spec.key}"`);
  }
  const read = SETTINGS.safeParse(given);
  if (!read.success) {
    const key = String(read.error.issues[0]!.path[0]);
    const spec = KEYS.find((k) => k.key === key)!;
    const { expected, got } = KINDS[spec.kind];
    throw new UserError(`${where[key]}: ${expected}${got ? `, got ${JSON.stringify(given[key])}` : ''}`);
  }
  return read.data as unknown as Settings;
}
