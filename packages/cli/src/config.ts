/**
 * Settings from, in order of precedence: command-line flags, OPENBELL_* environment variables
 * (then TRADINGHOURS_TOKEN, the vendor client's name, for the token), the config file (JSON),
 * defaults. Every key is documented in CONFIG.md; settings.ts is the single table of them, from
 * which the CLI's options are made too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, homedir } from 'node:os';
import { join } from 'node:path';
import { FALSE_WORDS, parseBoolean, TRUE_WORDS } from '@openbell/core/params';
import { UserError } from './errors.js';
import { flagKey, LEVELS, SETTINGS, type SettingKey, type SettingSpec } from './settings.js';

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
  /** Connections of one client address; undefined = a quarter of maxConnections, 0 = no cap. */
  maxConnectionsPerClient: number | undefined;
  /** Addresses (or ADDR/PREFIX ranges) of proxies in front, exempt from the per-client cap. */
  trustProxy: string[] | undefined;
  /** `/events` streams open at once (0 = no cap). */
  maxSubscribers: number;
  /** Send the token to a plain-http base URL off loopback (a publisher on a private network). */
  allowInsecureHttp: boolean;
  /** `auto` (pretty on a terminal, JSON otherwise), `pretty` or `json`. */
  logFormat: string;
  /** Longest date range of phases, days and sessions, in days. */
  maxRangeDays: number;
  /** MiB of serialized answers kept per dataset (0 disables the cache). */
  answerCache: number;
  /** MiB of month blocks (the JSON of phases, days, sessions and bars a month at a time) per process. */
  blockCache: number;
  /** The longest max-age of a data answer, seconds. */
  cacheMaxAge: number;
  /** Send Surrogate-Key and Cache-Tag on data answers. */
  purgeKeys: boolean;
  /** The bearer token of GET /metrics; none = open. Never printed. */
  metricsToken: string | undefined;
  /** Seconds a client has to send a request's headers. */
  headersTimeout: number;
  /** Seconds a client has to send a whole request. */
  requestTimeout: number;
  /** `serve` processes answering requests (node:cluster); 1 = a single process. */
  workers: number;
  /** URLs told of each new change set (POST, signed). */
  webhook: string[] | undefined;
  /** The HMAC key of webhook signatures; required with `webhook`. Never printed. */
  webhookSecret: string | undefined;
  /** Change sets (and data versions) kept in memory and in the cache folder. */
  keepChanges: number;
  /** `NAME=SECRET` admin tokens of the override writes; none disables writes. Never printed. */
  adminTokens: string[] | undefined;
  /** The override file (default `overrides.json` in the cache folder). */
  overrides: string | undefined;
}

// The interface and the table name the same settings: a key in one only fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const TABLE_NAMES_EVERY_SETTING: Same<SettingKey, keyof Settings> = true;
void TABLE_NAMES_EVERY_SETTING;

type KeySpec = SettingSpec<SettingKey>;

/** Every setting's default, from the table (the server's own defaults, @openbell/server/defaults). */
const DEFAULTS: Record<string, unknown> = Object.fromEntries(
  SETTINGS.flatMap((s: KeySpec) => (s.default === undefined ? [] : [[s.key, s.default]])),
);
const LEVEL_NAMES: readonly string[] = LEVELS;

/** `$XDG_CONFIG_HOME/openbell/config.json`, else `~/.config/openbell/config.json`. */
export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'openbell', 'config.json');
}

// Kept by hand rather than a zod schema: zod/mini shares zod's core chunk with the OpenAPI
// generator in the bundle, which put it on every command's start (+70 ms CPU, bench/startup.mjs).
function convert(spec: KeySpec, value: unknown, where: string): unknown {
  const bad = (what: string) => new UserError(`${where}: ${what}`);
  switch (spec.kind) {
    case 'string':
      if (typeof value !== 'string' || value.trim() === '') throw bad('expected a non-empty string');
      return value.trim();
    case 'level':
      if (typeof value !== 'string' || !LEVEL_NAMES.includes(value))
        throw bad(`expected one of ${LEVEL_NAMES.join(', ')}`);
      return value;
    case 'port': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\d+$/.test(value.trim())
            ? Number(value)
            : NaN;
      if (!Number.isInteger(n) || n < 0 || n > 65535)
        throw bad(`expected a port number 0-65535, got ${JSON.stringify(value)}`);
      return n;
    }
    case 'minutes': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n) || n < 0)
        throw bad(`expected minutes >= 0 (0 turns updates off), got ${JSON.stringify(value)}`);
      return n;
    }
    case 'seconds': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n) || n < 0) throw bad(`expected seconds >= 0, got ${JSON.stringify(value)}`);
      return n;
    }
    case 'count': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\d+$/.test(value.trim())
            ? Number(value)
            : NaN;
      if (!Number.isSafeInteger(n) || n < 0)
        throw bad(`expected a whole number >= 0 (0 = no limit), got ${JSON.stringify(value)}`);
      return n;
    }
    case 'workers': {
      if (typeof value === 'string' && value.trim().toLowerCase() === 'auto') return availableParallelism();
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\d+$/.test(value.trim())
            ? Number(value)
            : NaN;
      if (!Number.isSafeInteger(n) || n < 1)
        throw bad(`expected a whole number >= 1 or "auto", got ${JSON.stringify(value)}`);
      return n;
    }
    case 'boolean':
      // The words every boolean input accepts (core's list, as in query strings).
      try {
        return parseBoolean(value, spec.key);
      } catch {
        throw bad(`expected true or false (${TRUE_WORDS.join('/')} or ${FALSE_WORDS.join('/')})`);
      }
    case 'urls': {
      // A URL's own query may hold commas (`?markets=A,B`): split only where the next URL starts.
      const items = Array.isArray(value)
        ? value
        : typeof value === 'string'
          ? value.split(/,(?=\s*https?:\/\/)/i)
          : null;
      if (!items || items.some((i) => typeof i !== 'string'))
        throw bad('expected comma-separated URLs or a list of URLs');
      return (items as string[]).map((i) => i.trim()).filter((i) => i.length > 0);
    }
    case 'secrets': {
      // NAME=SECRET pairs, comma-separated in one text: a secret may hold anything but a comma.
      const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
      if (!items || items.some((i) => typeof i !== 'string'))
        throw bad('expected NAME=SECRET pairs, comma-separated, or a list of them');
      return (items as string[]).map((i) => i.trim()).filter((i) => i.length > 0);
    }
    case 'addresses': {
      const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : null;
      if (!items || items.some((i) => typeof i !== 'string'))
        throw bad('expected IP addresses or ADDR/PREFIX ranges, comma- or space-separated or a list');
      const list = (items as string[]).map((i) => i.trim()).filter((i) => i.length > 0);
      for (const item of list)
        if (!isAddressOrRange(item)) throw bad(`"${item}" is not an IP address or ADDR/PREFIX range`);
      return list;
    }
    case 'list': {
      const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : null;
      if (!items || items.some((i) => typeof i !== 'string'))
        throw bad('expected a comma- or space-separated string or a list of strings');
      return (items as string[]).map((i) => i.trim()).filter((i) => i.length > 0);
    }
  }
}

function isAddressOrRange(item: string): boolean {
  // node:net only when the setting is used: every command resolves settings at its start.
  const { isIP } = createRequire(import.meta.url)('node:net') as typeof import('node:net');
  const [addr = '', prefix, ...rest] = item.split('/');
  const family = isIP(addr.startsWith('::ffff:') && isIP(addr.slice(7)) === 4 ? addr.slice(7) : addr);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
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
  const known = new Set<string>(SETTINGS.map((k) => k.key));
  for (const k of Object.keys(parsed)) {
    if (!known.has(k))
      throw new UserError(`the config file ${path} has an unknown key "${k}" (known: ${[...known].join(', ')})`);
  }
  return parsed as Record<string, unknown>;
}

/**
 * Resolves every setting. `flags` holds commander's parsed options under the names commander
 * gives the table's flags (`--admin-token` → `adminToken`; only those given); `configPath` is
 * --config.
 */
export function resolveSettings(
  flags: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
  configPath?: string,
): Settings {
  const explicit = configPath ?? (env.OPENBELL_CONFIG || undefined);
  const file = explicit ?? defaultConfigPath(env);
  const fromFile = readConfigFile(file, explicit !== undefined);
  const out: Record<string, unknown> = { ...DEFAULTS };
  for (const spec of SETTINGS as readonly KeySpec[]) {
    const flag = flagKey(spec);
    if (flag !== null && flags[flag] !== undefined)
      out[spec.key] = convert(spec, flags[flag], spec.flag!.split(' ')[0]!);
    else if (env[spec.env] !== undefined && env[spec.env] !== '')
      out[spec.key] = convert(spec, env[spec.env], spec.env);
    else if (spec.envAlias && env[spec.envAlias] !== undefined && env[spec.envAlias] !== '')
      out[spec.key] = convert(spec, env[spec.envAlias], spec.envAlias);
    else if (fromFile[spec.key] !== undefined)
      out[spec.key] = convert(spec, fromFile[spec.key], `${file}: "${spec.key}"`);
  }
  return out as unknown as Settings;
}
