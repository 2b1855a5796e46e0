/**
 * Every setting once: its key (the config file's name), flag, environment variable, help text,
 * default and parser. The CLI's options are made from this table (`settingOptions`) and
 * `resolveSettings` reads them back under the names commander gives those very options, so a
 * flag cannot exist apart from its setting (docs/cli.md, "Settings"; CONFIG.md lists them).
 */
import { Option } from 'commander';
import { SERVE_DEFAULTS as D } from '@openbell/server/defaults';

/** How a setting's text is read (config.ts `convert`). */
export type Kind =
  | 'string'
  | 'port'
  | 'minutes'
  | 'seconds'
  | 'count'
  | 'boolean'
  | 'list'
  | 'level'
  | 'workers'
  | 'urls'
  | 'secrets'
  | 'addresses';

export const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface SettingSpec<K extends string = string> {
  key: K;
  env: string;
  /** Another environment variable read when `env` is not set (the vendor client's name). */
  envAlias?: string;
  /**
   * `--name <arg>`, `--name` for a boolean, or null for a setting kept off the command line
   * (a secret list: flags show up in process lists).
   */
  flag: string | null;
  kind: Kind;
  /** What `--help` says, before the environment variable and default it adds. */
  help: string;
  /** The value when nothing sets it; absent = unset. */
  default?: string | number | boolean;
  /** How the help names the default when it is not a value (`a quarter of --max-connections`). */
  defaultText?: string;
  /** The flag may be given several times, each adding one item. */
  repeatable?: boolean;
  /** On every command (`global`) or on `serve` only. */
  scope: 'global' | 'serve';
  /** How the help names the environment variable when it differs (`prefer env …`). */
  envText?: string;
  /**
   * An earlier spelling of a boolean's flag, still accepted but left out of `--help`: the
   * positive flag of a setting now on by default and turned off by its `--no-` flag.
   */
  formerFlag?: string;
}

const spec = <const K extends string>(s: SettingSpec<K>): SettingSpec<K> => s;

export const SETTINGS = [
  spec({
    key: 'data',
    env: 'OPENBELL_DATA',
    flag: '--data <path-or-url>',
    kind: 'string',
    scope: 'global',
    help: 'data to use: a ZIP, a directory holding csv/, or an http(s)/file URL',
  }),
  spec({
    key: 'token',
    env: 'OPENBELL_TOKEN',
    envAlias: 'TRADINGHOURS_TOKEN',
    flag: '--token <token>',
    kind: 'string',
    scope: 'global',
    help: 'token for the hosted endpoint',
    envText: 'prefer env OPENBELL_TOKEN: flags show up in process lists',
  }),
  spec({
    key: 'baseUrl',
    env: 'OPENBELL_BASE_URL',
    flag: '--base-url <url>',
    kind: 'string',
    scope: 'global',
    help: 'hosted endpoint base URL',
  }),
  spec({
    key: 'cacheDir',
    env: 'OPENBELL_CACHE_DIR',
    flag: '--cache-dir <dir>',
    kind: 'string',
    scope: 'global',
    help: 'where downloads are cached',
  }),
  spec({
    key: 'host',
    env: 'OPENBELL_HOST',
    flag: '--host <host>',
    kind: 'string',
    scope: 'serve',
    help: 'address to bind',
    default: D.host,
  }),
  spec({
    key: 'port',
    env: 'OPENBELL_PORT',
    flag: '--port <port>',
    kind: 'port',
    scope: 'serve',
    help: 'port, 0 for any free one',
    default: D.port,
  }),
  spec({
    key: 'uds',
    env: 'OPENBELL_UDS',
    flag: '--uds <path>',
    kind: 'string',
    scope: 'serve',
    help: 'listen on a Unix socket instead',
  }),
  spec({
    key: 'updateEvery',
    env: 'OPENBELL_UPDATE_EVERY',
    flag: '--update-every <minutes>',
    kind: 'minutes',
    scope: 'serve',
    help: 'minutes between update checks of remote data, 0 = never',
    default: D.updateEveryMinutes,
  }),
  spec({
    key: 'logLevel',
    env: 'OPENBELL_LOG_LEVEL',
    flag: '--log-level <level>',
    kind: 'level',
    scope: 'serve',
    help: 'log level',
    default: D.logLevel,
  }),
  spec({
    key: 'corsOrigins',
    env: 'OPENBELL_CORS_ORIGINS',
    flag: '--cors-origins <list>',
    kind: 'list',
    scope: 'serve',
    help: 'comma-separated origins allowed from browsers, or *',
  }),
  spec({
    key: 'publish',
    env: 'OPENBELL_PUBLISH',
    flag: '--publish',
    kind: 'boolean',
    scope: 'serve',
    help: 'also publish the archive at /v4/download for other instances',
    default: false,
  }),
  spec({
    key: 'publishTokens',
    env: 'OPENBELL_PUBLISH_TOKENS',
    flag: null,
    kind: 'list',
    scope: 'serve',
    help: 'bearer tokens accepted by --publish',
  }),
  spec({
    key: 'publishTokensFile',
    env: 'OPENBELL_PUBLISH_TOKENS_FILE',
    flag: '--publish-tokens-file <file>',
    kind: 'string',
    scope: 'serve',
    help: 'bearer tokens accepted by --publish, one per line',
    envText: 'env OPENBELL_PUBLISH_TOKENS_FILE; or OPENBELL_PUBLISH_TOKENS',
  }),
  spec({
    key: 'publishUrl',
    env: 'OPENBELL_PUBLISH_URL',
    flag: '--publish-url <url>',
    kind: 'string',
    scope: 'serve',
    help: 'public scheme://host for presigned links behind a proxy',
  }),
  spec({
    key: 'updateRetry',
    env: 'OPENBELL_UPDATE_RETRY',
    flag: '--update-retry <seconds>',
    kind: 'seconds',
    scope: 'serve',
    help: 'after a failed update check, seconds to the first retry, doubling up to --update-every',
    default: D.updateRetrySeconds,
  }),
  spec({
    key: 'drainTimeout',
    env: 'OPENBELL_DRAIN_TIMEOUT',
    flag: '--drain-timeout <seconds>',
    kind: 'seconds',
    scope: 'serve',
    help: 'on SIGTERM/SIGINT, seconds to finish responses in flight',
    default: D.drainTimeoutSeconds,
  }),
  spec({
    key: 'maxConnections',
    env: 'OPENBELL_MAX_CONNECTIONS',
    flag: '--max-connections <n>',
    kind: 'count',
    scope: 'serve',
    help: 'connections open at once, 0 = no cap; at the cap the longest-idle one yields to a newcomer',
    default: D.maxConnections,
  }),
  spec({
    key: 'maxConnectionsPerClient',
    env: 'OPENBELL_MAX_CONNECTIONS_PER_CLIENT',
    flag: '--max-connections-per-client <n>',
    kind: 'count',
    scope: 'serve',
    help: 'connections of one client address, 0 = no cap',
    defaultText: 'a quarter of --max-connections',
  }),
  spec({
    key: 'trustProxy',
    env: 'OPENBELL_TRUST_PROXY',
    flag: '--trust-proxy <addr>',
    kind: 'addresses',
    scope: 'serve',
    repeatable: true,
    help: 'a proxy in front (address or ADDR/PREFIX), exempt from the per-client cap; repeatable',
    envText: 'env OPENBELL_TRUST_PROXY, comma-separated',
  }),
  spec({
    key: 'maxSubscribers',
    env: 'OPENBELL_MAX_SUBSCRIBERS',
    flag: '--max-subscribers <n>',
    kind: 'count',
    scope: 'serve',
    help: '/events streams open at once, beside --max-connections and the per-client cap, 0 = no cap',
    default: D.maxSubscribers,
  }),
  spec({
    key: 'allowInsecureHttp',
    env: 'OPENBELL_ALLOW_INSECURE_HTTP',
    flag: '--allow-insecure-http',
    kind: 'boolean',
    scope: 'global',
    help: 'allow a plain-http base URL off loopback (a publisher on a private network)',
    default: false,
  }),
  spec({
    key: 'logFormat',
    env: 'OPENBELL_LOG_FORMAT',
    flag: '--log-format <format>',
    kind: 'string',
    scope: 'serve',
    help: 'auto (pretty on a terminal, JSON otherwise), pretty or json',
    default: D.logFormat,
  }),
  spec({
    key: 'maxRangeDays',
    env: 'OPENBELL_MAX_RANGE_DAYS',
    flag: '--max-range-days <n>',
    kind: 'count',
    scope: 'serve',
    help:
      "longest date range of an operation no coverage window bounds; a range inside a market's window is always " +
      'answered',
    default: D.maxRangeDays,
  }),
  spec({
    key: 'answerCache',
    env: 'OPENBELL_ANSWER_CACHE',
    flag: '--answer-cache <mib>',
    kind: 'count',
    scope: 'serve',
    help: 'MiB of cached answers per dataset, 0 = off',
    default: D.answerCacheMiB,
  }),
  spec({
    key: 'blockCache',
    env: 'OPENBELL_BLOCK_CACHE',
    flag: '--block-cache <mib>',
    kind: 'count',
    scope: 'serve',
    help: 'MiB of month blocks (long answers a month at a time) per process, 0 = off',
    default: D.blockCacheMiB,
  }),
  spec({
    key: 'cacheMaxAge',
    env: 'OPENBELL_CACHE_MAX_AGE',
    flag: '--cache-max-age <seconds>',
    kind: 'seconds',
    scope: 'serve',
    help: 'longest max-age of a data answer: how long an override may take to reach clients of a cache',
    default: D.cacheMaxAgeSeconds,
  }),
  spec({
    key: 'purgeKeys',
    env: 'OPENBELL_PURGE_KEYS',
    flag: '--no-purge-keys',
    formerFlag: '--purge-keys',
    kind: 'boolean',
    scope: 'serve',
    help: 'leave out Surrogate-Key and Cache-Tag, the keys a CDN purges data answers by (sent by default)',
    default: true,
  }),
  spec({
    key: 'metricsToken',
    env: 'OPENBELL_METRICS_TOKEN',
    flag: '--metrics-token <secret>',
    kind: 'string',
    scope: 'serve',
    help: 'GET /metrics answers only with Authorization: Bearer <secret>',
    envText: 'prefer env OPENBELL_METRICS_TOKEN; none = /metrics open',
  }),
  spec({
    key: 'headersTimeout',
    env: 'OPENBELL_HEADERS_TIMEOUT',
    flag: '--headers-timeout <seconds>',
    kind: 'seconds',
    scope: 'serve',
    help: 'seconds a client has to send request headers',
    default: D.headersTimeoutSeconds,
  }),
  spec({
    key: 'requestTimeout',
    env: 'OPENBELL_REQUEST_TIMEOUT',
    flag: '--request-timeout <seconds>',
    kind: 'seconds',
    scope: 'serve',
    help: 'seconds a client has to send a whole request',
    default: D.requestTimeoutSeconds,
  }),
  spec({
    key: 'workers',
    env: 'OPENBELL_WORKERS',
    flag: '--workers <n>',
    kind: 'workers',
    scope: 'serve',
    help: 'processes answering requests, or auto = one per core',
    default: D.workers,
  }),
  spec({
    key: 'webhook',
    env: 'OPENBELL_WEBHOOKS',
    flag: '--webhook <url>',
    kind: 'urls',
    scope: 'serve',
    repeatable: true,
    help: 'POST each change set to URL, signed; repeatable',
    envText: 'env OPENBELL_WEBHOOKS, comma-separated',
  }),
  spec({
    key: 'webhookSecret',
    env: 'OPENBELL_WEBHOOK_SECRET',
    flag: '--webhook-secret <secret>',
    kind: 'string',
    scope: 'serve',
    help: 'HMAC key of the webhook signatures, required with --webhook',
    envText: 'prefer env OPENBELL_WEBHOOK_SECRET',
  }),
  spec({
    key: 'keepChanges',
    env: 'OPENBELL_KEEP_CHANGES',
    flag: '--keep-changes <n>',
    kind: 'count',
    scope: 'serve',
    help: 'change sets and data versions kept for /changes and as_of, in memory and in the cache folder',
    default: D.keepChanges,
  }),
  spec({
    key: 'adminTokens',
    env: 'OPENBELL_ADMIN_TOKENS',
    flag: '--admin-token <name=secret>',
    kind: 'secrets',
    scope: 'serve',
    repeatable: true,
    help: 'an admin token for override writes, NAME=SECRET; repeatable',
    envText: 'prefer env OPENBELL_ADMIN_TOKENS, comma-separated; none = writes refused',
  }),
  spec({
    key: 'overrides',
    env: 'OPENBELL_OVERRIDES',
    flag: '--overrides <file>',
    kind: 'string',
    scope: 'serve',
    help: 'the override file',
    defaultText: 'overrides.json in the cache folder',
  }),
] as const;

export type SettingKey = (typeof SETTINGS)[number]['key'];

/** The option a setting is given on the command line, or null for one kept off it. */
export function settingOption(s: SettingSpec): Option | null {
  if (s.flag === null) return null;
  const env = s.envText ?? `env ${s.env}`;
  const dflt = s.defaultText ?? (s.default === undefined || s.kind === 'boolean' ? undefined : String(s.default));
  const option = new Option(s.flag, `${s.help} (${env}${dflt === undefined ? '' : `; default ${dflt}`})`);
  if (s.repeatable) option.argParser((v: string, all: string[] = []) => [...all, v]);
  if (s.kind === 'level') option.choices(LEVELS);
  return option;
}

/**
 * The options of a scope's settings, in the table's order. A former flag comes before the flag:
 * commander then gives a `--no-` flag's setting no default of its own, so an unset flag leaves
 * the setting to the environment, the file and the table's default.
 */
export function settingOptions(scope: SettingSpec['scope']): Option[] {
  return SETTINGS.filter((s) => s.scope === scope).flatMap((s: SettingSpec) => {
    const option = settingOption(s);
    if (option === null) return [];
    return s.formerFlag ? [new Option(s.formerFlag).hideHelp(), option] : [option];
  });
}

/** The name commander gives a setting's parsed flag (its `opts()` key), or null for none. */
export function flagKey(s: SettingSpec): string | null {
  return s.flag === null ? null : new Option(s.flag).attributeName();
}
