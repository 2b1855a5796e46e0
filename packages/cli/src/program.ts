/** The command tree (commander). Commands only translate arguments and print answers. */
import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import type { QueryRequest, queries } from './commands/queries.js';
import { resolveSettings, type Settings } from './config.js';

export const VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();

function settingsOf(cmd: Command): Settings {
  const all = cmd.optsWithGlobals() as Record<string, unknown>;
  const flags: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(all)) if (v !== undefined && k !== 'config' && k !== 'json') flags[k] = v;
  return resolveSettings(flags, process.env, all.config as string | undefined);
}

// Command modules are imported when their command runs, so --help, --version and argument
// errors do not wait for the engine, its time-zone database and the loader to load.
async function runQueryCommand(cmd: Command, make: (q: typeof queries) => QueryRequest): Promise<void> {
  const settings = settingsOf(cmd);
  const json = Boolean(cmd.optsWithGlobals().json);
  const [{ failureOf, queries, runQuery }, { loadForQuery }] = await Promise.all([import('./commands/queries.js'), import('./data.js')]);
  const req = make(queries);
  const data = await loadForQuery(settings, json);
  const res = runQuery(data.dataset, req);
  if (json) process.stdout.write(`${JSON.stringify(res.body, null, 2)}\n`);
  if (res.status >= 400) throw failureOf(res, req);
  if (!json) process.stdout.write(`${req.human(res.body)}\n`);
  lastBody = res.body;
}

/** The body of the last query command (the bulk status reads it for its exit code). */
let lastBody: unknown;

/** `error: unknown option '--jsn'\n(Did you mean --json?)` → `openbell: unknown option '--jsn' (Did you mean --json?)`. */
export function oneLineCommanderError(str: string): string {
  return `openbell: ${str.replace(/^error:\s*/, '').trim().replace(/\s*\n\s*/g, ' ')}`;
}

export function buildProgram(): Command {
  const program = new Command('openbell')
    .description('Trading calendars: market holidays, trading phases, market status and currency settlement holidays.')
    .version(VERSION, '-v, --version')
    .option('--data <path-or-url>', 'data to use: a ZIP, a directory holding csv/, or an http(s)/file URL (env OPENBELL_DATA)')
    .option('--token <token>', 'token for the hosted endpoint (prefer env OPENBELL_TOKEN: flags show up in process lists)')
    .option('--base-url <url>', 'hosted endpoint base URL (env OPENBELL_BASE_URL)')
    .option('--cache-dir <dir>', 'where downloads are cached (env OPENBELL_CACHE_DIR)')
    .option('--config <file>', 'config file (env OPENBELL_CONFIG; default ~/.config/openbell/config.json)')
    .option('--json', 'print the REST body as JSON')
    .addHelpText('after', '\nConfiguration: flags, then OPENBELL_* environment variables, then the config file. See CONFIG.md.')
    // Before any .command(): subcommands copy these settings when they are created. Errors
    // become one line (commander puts its "Did you mean" suggestion on a second one) and are
    // thrown to bin.ts instead of exiting, so every failure leaves through the same exit codes.
    .exitOverride()
    .configureOutput({ outputError: (str, write) => write(`${oneLineCommanderError(str)}\n`) });

  program
    .command('serve')
    .description('run the REST server (the bundled sample dataset when no data or token is configured)')
    .option('--host <host>', 'address to bind (env OPENBELL_HOST; default 127.0.0.1)')
    .option('--port <port>', 'port, 0 for any free one (env OPENBELL_PORT; default 8000)')
    .option('--uds <path>', 'listen on a Unix socket instead (env OPENBELL_UDS)')
    .option('--update-every <minutes>', 'minutes between update checks of remote data, 0 = never (env OPENBELL_UPDATE_EVERY; default 360)')
    .addOption(new Option('--log-level <level>', 'log level (env OPENBELL_LOG_LEVEL; default info)').choices(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']))
    .option('--cors-origins <list>', 'comma-separated origins allowed from browsers, or * (env OPENBELL_CORS_ORIGINS)')
    .option('--publish', 'also publish the archive at /v4/download for other instances (env OPENBELL_PUBLISH)')
    .option('--publish-tokens-file <file>', 'bearer tokens accepted by --publish, one per line (env OPENBELL_PUBLISH_TOKENS_FILE; or OPENBELL_PUBLISH_TOKENS)')
    .option('--publish-url <url>', 'public scheme://host for presigned links behind a proxy (env OPENBELL_PUBLISH_URL)')
    .action(async (_opts, cmd: Command) => {
      const { serve } = await import('./commands/serve.js');
      await serve(settingsOf(cmd));
    });

  program
    .command('import')
    .description('download or update the cached archive from the hosted endpoint or a data URL')
    .option('--force', 'download even when the cached copy is current')
    .action(async (opts: { force?: boolean }, cmd: Command) => {
      const { importArchive } = await import('./commands/import.js');
      await importArchive(settingsOf(cmd), Boolean(opts.force));
    });

  program
    .command('info')
    .description('what data is loaded: source, version, download time, plan, counts')
    .option('--check', 'also ask whether a newer version is available (HEAD, downloads nothing)')
    .action(async (opts: { check?: boolean }, cmd: Command) => {
      const { info } = await import('./commands/info.js');
      await info(settingsOf(cmd), { check: Boolean(opts.check), json: Boolean(cmd.optsWithGlobals().json) });
    });

  program
    .command('markets')
    .argument('[pattern]', 'FinID pattern, * matches any run of characters (US*, *.CME.*)')
    .description('list markets')
    .action(async (pattern: string | undefined, _o, cmd: Command) => runQueryCommand(cmd, (q) => q.markets(pattern)));

  program
    .command('market')
    .argument('<id>', 'FinID or MIC')
    .option('--no-follow', 'show a replaced market as stored instead of its replacement')
    .description('one market (a replaced market answers with its replacement)')
    .action(async (id: string, opts: { follow: boolean }, cmd: Command) => runQueryCommand(cmd, (q) => q.market(id, opts.follow)));

  for (const [name, what] of [
    ['holidays', 'market holidays and half days'],
    ['phases', 'trading phases (open ones marked *), times in the market\'s timezone'],
    ['days', 'one line per date: open, settlement, holiday, trading hours'],
  ] as const) {
    program
      .command(name)
      .argument('<id>', 'FinID or MIC')
      .requiredOption('--start <date>', 'first local date, YYYY-MM-DD')
      .requiredOption('--end <date>', 'last local date, YYYY-MM-DD')
      .description(what)
      .action(async (id: string, opts: { start: string; end: string }, cmd: Command) =>
        runQueryCommand(cmd, (q) => q[name](id, opts.start, opts.end)),
      );
  }

  program
    .command('schedules')
    .argument('<id>', 'FinID or MIC')
    .description('the schedule rows behind the phases')
    .action(async (id: string, _o, cmd: Command) => runQueryCommand(cmd, (q) => q.schedules(id)));

  // ---- issue 15: many markets (status of several IDs as one table; watch) ----
  program
    .command('status')
    .argument('<ids...>', 'FinIDs or MICs (several: one table, the body of GET /status)')
    .option('--at <iso>', 'instant, ISO 8601 with Z or an offset (default: now)')
    .description('open or closed at an instant, why, until when, and the next bell')
    .action(async (ids: string[], opts: { at?: string }, cmd: Command) => {
      if (ids.length === 1) return runQueryCommand(cmd, (q) => q.status(ids[0]!, opts.at));
      const { statusManyRequest, anyFailed } = await import('./commands/many.js');
      await runQueryCommand(cmd, () => statusManyRequest(ids, opts.at));
      // The table shows every row; an identifier that failed still makes the exit code 1.
      if (anyFailed(lastBody)) process.exitCode = 1;
    });

  program
    .command('watch')
    .argument('<ids...>', 'FinIDs or MICs')
    .option('--exec <cmd>', 'run CMD (through the shell) on each event: OPENBELL_EVENT, OPENBELL_MARKET, OPENBELL_AT, OPENBELL_PHASE, OPENBELL_STATUS, OPENBELL_EVENT_ID, and the event as JSON on stdin')
    .description('print each opening, closing and phase change as it happens (until Ctrl-C)')
    .action(async (ids: string[], opts: { exec?: string }, cmd: Command) => {
      const json = Boolean(cmd.optsWithGlobals().json);
      const [{ watch, eventLine, runExec }, { loadForQuery }] = await Promise.all([import('./commands/many.js'), import('./data.js')]);
      const data = await loadForQuery(settingsOf(cmd), json);
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        await watch(data.dataset, ids, {
          signal: stop.signal,
          onError: (id, message) => process.stderr.write(`openbell: ${id}: ${message}\n`),
          onEvent: async (e) => {
            const { at_ms: _ms, ...body } = e;
            process.stdout.write(`${json ? JSON.stringify(body) : eventLine(e)}\n`);
            if (opts.exec) {
              const code = await runExec(opts.exec, e);
              if (code !== 0) process.stderr.write(`openbell: --exec exited with ${code ?? 'an error'} for ${e.id}\n`);
            }
          },
        });
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
  // ---- end issue 15 ----

  program
    .command('currencies')
    .description('list currencies')
    .action(async (_o, cmd: Command) => runQueryCommand(cmd, (q) => q.currencies()));

  program
    .command('currency')
    .argument('<code>', 'ISO 4217 code')
    .description('one currency')
    .action(async (code: string, _o, cmd: Command) => runQueryCommand(cmd, (q) => q.currency(code)));

  program
    .command('currency-holidays')
    .argument('<code>', 'ISO 4217 code')
    .requiredOption('--start <date>', 'first date, YYYY-MM-DD')
    .requiredOption('--end <date>', 'last date, YYYY-MM-DD')
    .description('settlement holidays of a currency')
    .action(async (code: string, opts: { start: string; end: string }, cmd: Command) =>
      runQueryCommand(cmd, (q) => q.currencyHolidays(code, opts.start, opts.end)),
    );

  return program;
}

