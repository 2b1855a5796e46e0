/** The command tree (commander). Commands only translate arguments and print answers. */
import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { operations, type ApiParam, type Operation, type Operations } from '@openbell/catalog';
import type { CommandOperation } from './commands/formatters.js';
import { resolveSettings, type Settings } from './config.js';
import { UserError } from './errors.js';
import { SERVE_DEFAULTS as D } from '@openbell/server/defaults';
import { settingOptions } from './settings.js';
import { addExamples, HELP, helpWidth, operationExample } from './help.js';

export const VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
      .version;
  } catch {
    return '0.0.0';
  }
})();

/** The settings of a parsed command: its flags (and the global ones), the environment, the config file. */
export function settingsOf(cmd: Command): Settings {
  const all = cmd.optsWithGlobals() as Record<string, unknown>;
  const flags: Record<string, unknown> = {};
  // Only what the command line gave: a value commander defaults (a `--no-` flag's true) would
  // otherwise beat the environment and the file.
  for (const [k, v] of Object.entries(all))
    if (
      v !== undefined &&
      k !== 'config' &&
      k !== 'json' &&
      k !== 'format' &&
      cmd.getOptionValueSourceWithGlobals(k) !== 'default'
    )
      flags[k] = v;
  return resolveSettings(flags, process.env, all.config as string | undefined);
}

export type OutputFormat = 'table' | 'json' | 'csv';

/** `--format`, with `--json` an alias of `--format json` (refused beside another format). */
function formatOf(cmd: Command): OutputFormat {
  const all = cmd.optsWithGlobals() as { json?: boolean; format?: OutputFormat };
  if (all.json && all.format && all.format !== 'json')
    throw new UserError(`--json and --format ${all.format} disagree: give one of them`);
  return all.json ? 'json' : (all.format ?? 'table');
}

/**
 * `--as-of` of every read: as REST's `as_of` (docs/overrides.md §5), a data version's id or an
 * instant. A command keeps one version, the one it loads (commands/as-of.ts).
 */
function asOfOption(): Option {
  return new Option(
    '--as-of <version|iso>',
    'answer as the data version VERSION (openbell info) did, or as the one held at the instant ISO',
  );
}

/** `--format table|json|csv` of a query command. */
function formatOption(): Option {
  return new Option(
    '--format <format>',
    'table (for people), json (the REST body; also --json) or csv (the REST CSV of a list)',
  ).choices(['table', 'json', 'csv']);
}

// Command modules are imported when their command runs, so --help, --version and argument
// errors do not wait for the loader and the data.
/** The parameter names of a command's operation, from the catalogue. */
type ParamName<K extends CommandOperation> = keyof Operations[K]['params'] & string;
/** A command's arguments for its operation, by parameter name, as typed on the command line. */
export type CommandArgs<K extends CommandOperation> = { [P in ParamName<K>]?: string | readonly string[] | boolean };
/** How a command names each parameter of its operation in error messages (`ID`, `--at`). */
export type CommandLabels<K extends CommandOperation> = { [P in ParamName<K>]?: string };

async function runQueryCommand<K extends CommandOperation>(
  cmd: Command,
  name: K,
  raw: CommandArgs<K>,
  names: CommandLabels<K>,
): Promise<unknown> {
  const settings = settingsOf(cmd);
  const format = formatOf(cmd);
  const [{ csvBody, failureOf, formatBody, runQuery }, { loadForQuery }, { outputFor }] = await Promise.all([
    import('./commands/queries.js'),
    import('./data.js'),
    import('./format.js'),
  ]);
  const data = await loadForQuery(settings, format !== 'table');
  const asOf = (cmd.opts() as { asOf?: string }).asOf;
  if (asOf !== undefined) (await import('./commands/as-of.js')).checkAsOf(asOf, data.meta);
  if ((operations[name] as Operation).cli?.stream)
    return streamQueryCommand(cmd, name, raw, names, format, data.dataset);
  const res = runQuery(data.dataset, name, raw);
  if (format === 'json') process.stdout.write(`${JSON.stringify(res.body, null, 2)}\n`);
  if (res.status >= 400) throw failureOf(res, names as Readonly<Record<string, string>>);
  if (format === 'csv') process.stdout.write(csvBody(cmd.name(), res.body, name));
  if (format === 'table') {
    const ask = (other: CommandOperation, args: Readonly<Record<string, unknown>>) =>
      runQuery(data.dataset, other, args);
    process.stdout.write(`${formatBody(name, res.body, { ...outputFor(), args: raw, ask })}\n`);
  }
  // A bulk answer shows every row; an identifier that failed still makes the exit code 1,
  // whichever command (`status ID ID…` or `statuses`) asked.
  if (name === 'getStatusMany') {
    const { anyFailed } = await import('./commands/many.js');
    if (anyFailed(res.body)) process.exitCode = 1;
  }
  return res.body;
}

/**
 * A command whose answer can be too long to hold as one text: JSON (compact, the REST bytes)
 * and CSV are written piece by piece as core makes them, the table line by line.
 */
async function streamQueryCommand<K extends CommandOperation>(
  cmd: Command,
  name: K,
  raw: CommandArgs<K>,
  names: CommandLabels<K>,
  format: OutputFormat,
  ds: Parameters<typeof import('./commands/queries.js').runQuery>[0],
): Promise<void> {
  const [{ batched, failureOf, queryPieces, runQuery, writePieces }, { lineFormatters }, { outputFor }] =
    await Promise.all([import('./commands/queries.js'), import('./commands/formatters.js'), import('./format.js')]);
  const labels = names as Readonly<Record<string, string>>;
  if (format === 'table') {
    const res = runQuery(ds, name, raw);
    if (res.status >= 400) throw failureOf(res, labels);
    const lines = lineFormatters[name] as ((b: unknown, o: object) => Iterable<string>) | undefined;
    if (!lines) throw new Error(`${name} is streamed but has no line formatter`);
    const ask = (other: CommandOperation, args: Readonly<Record<string, unknown>>) => runQuery(ds, other, args);
    await writePieces(batched(lines(res.body, { ...outputFor(), args: raw, ask })));
    return;
  }
  const out = queryPieces(ds, name, raw, format);
  if (!out.ok) {
    if (format === 'json') process.stdout.write(`${JSON.stringify(out.body, null, 2)}\n`);
    throw failureOf(out, labels);
  }
  if ((await writePieces(out.pieces)) && format === 'json') process.stdout.write('\n');
}

/**
 * The command of a POST operation (`openbell check FILE`): its file is the body, read as a stream
 * (commands/check.ts).
 */
async function runBodyQueryCommand(
  cmd: Command,
  op: Operation,
  raw: Record<string, unknown>,
  names: Record<string, string>,
): Promise<void> {
  const format = formatOf(cmd);
  const [{ runBodyCommand }, { loadForQuery }, { outputFor }] = await Promise.all([
    import('./commands/check.js'),
    import('./data.js'),
    import('./format.js'),
  ]);
  const data = await loadForQuery(settingsOf(cmd), format !== 'table');
  const asOf = (cmd.opts() as { asOf?: string }).asOf;
  if (asOf !== undefined) (await import('./commands/as-of.js')).checkAsOf(asOf, data.meta);
  await runBodyCommand(op, data.dataset, raw, names, format, { ...outputFor(), args: raw });
}

/** The command-line help a catalogue parameter declares. */
function cliHelp(p: ApiParam): string {
  return p.cli && 'help' in p.cli && p.cli.help !== undefined ? p.cli.help : p.description;
}

const PLACEHOLDER: Partial<Record<ApiParam['kind'], string>> = { date: 'date', instant: 'iso', integer: 'n' };

/**
 * One command per operation with a `cli` entry in the registry: path parameters and those
 * hinted `arg` are positional arguments, the others options (`--name <value>`, required when
 * the parameter is; `--no-name` for a boolean defaulting to true). Error messages name them
 * as typed here (`ID`, `--start`).
 */
function addQueryCommands(program: Command): void {
  for (const op of Object.values(operations) as Operation[]) {
    // A command written by hand (below) takes precedence over the derived one of that name.
    if (!op.cli || program.commands.some((c) => c.name() === op.cli!.command)) continue;
    const command = program
      .command(op.cli.command)
      .description(op.cli.description)
      .addOption(formatOption())
      .addOption(asOfOption());
    const example = operationExample(op, op.cli.command);
    // The --json form too when it fits a line of 80 columns.
    if (example)
      addExamples(command, `  $ ${example} --json`.length <= 80 ? [example, `${example} --json`] : [example]);
    const positional: { param: string; label: string; path: boolean }[] = [];
    const options: { param: string; key: string; flag: string; aliases: { key: string; flag: string }[] }[] = [];
    const names: Record<string, string> = {};
    for (const [name, p] of Object.entries(op.params) as [string, ApiParam][]) {
      const hint = p.cli;
      if (hint === false) continue;
      if (hint && 'arg' in hint) {
        command.argument(p.optional ? `[${hint.arg}]` : `<${hint.arg}>`, hint.help);
        positional.push({ param: name, label: hint.arg.toUpperCase(), path: op.locations[name] === 'path' });
        names[name] = hint.arg.toUpperCase();
        continue;
      }
      const flag = hint?.flag ?? name.replace(/_/g, '-');
      const help = hint?.help ?? p.description;
      // A one-letter flag is a short option (`-n 3`).
      const dash = flag.length === 1 ? '-' : '--';
      const option =
        p.kind === 'boolean'
          ? new Option(p.default === true ? `--no-${flag}` : `${dash}${flag}`, help)
          : new Option(`${dash}${flag} <${PLACEHOLDER[p.kind] ?? 'value'}>`, help);
      // An old spelling kept as a hidden alias: the required check moves to the action then.
      const aliases = (hint && 'aliases' in hint ? (hint.aliases ?? []) : []).map((a) => {
        const alias = new Option(`--${a} <${PLACEHOLDER[p.kind] ?? 'value'}>`).hideHelp();
        command.addOption(alias);
        return { key: alias.attributeName(), flag: `--${a}` };
      });
      // A parameter the body gives when left out (BodySpec.fill) is optional here, not over REST.
      const filled = op.body?.fill?.params.includes(name) === true;
      if (!p.optional && aliases.length === 0 && !filled) option.makeOptionMandatory();
      command.addOption(option);
      options.push({ param: name, key: option.attributeName(), flag: `${dash}${flag}`, aliases });
      names[name] = `${dash}${flag}`;
    }
    command.action(async (...args: unknown[]) => {
      const cmd = args[args.length - 1] as Command;
      const opts = cmd.opts();
      const raw: Record<string, unknown> = {};
      positional.forEach(({ param, label, path }, i) => {
        const value = args[i] as string | undefined;
        // An empty path parameter would name another route over REST; refuse it the same way here.
        if (path && value !== undefined && value.trim() === '') throw new UserError(`${label} must not be empty`);
        if (value !== undefined) raw[param] = value;
      });
      for (const { param, key, flag, aliases } of options) {
        if (opts[key] !== undefined) raw[param] = opts[key];
        for (const alias of aliases) {
          if (opts[alias.key] === undefined) continue;
          if (raw[param] !== undefined && raw[param] !== opts[alias.key])
            throw new UserError(`${flag} and ${alias.flag} (its old spelling) disagree: give one of them`);
          raw[param] = opts[alias.key];
        }
        if (raw[param] === undefined && aliases.length > 0 && !op.params[param]!.optional)
          throw new UserError(
            `required option '${flag} <${PLACEHOLDER[op.params[param]!.kind] ?? 'value'}>' not specified`,
          );
      }
      if (op.body) return runBodyQueryCommand(cmd, op, raw, names);
      await runQueryCommand(cmd, op.operationId as CommandOperation, raw as CommandArgs<CommandOperation>, names);
    });
  }
}

/** Examples of the commands written by hand (the catalogue's derive theirs from its examples). */
const EXAMPLES: Record<string, readonly string[]> = {
  serve: [
    'openbell serve',
    'openbell serve --host 0.0.0.0 --port 8080 --cors-origins "*"',
    'openbell serve --data ./archive.zip --workers auto',
  ],
  import: ['openbell import', 'openbell import --force'],
  info: ['openbell info', 'openbell info --check --json'],
  status: ['openbell status XNYS', 'openbell status XNYS XLON XTKS --at 2023-11-15T17:00:00Z'],
  watch: ['openbell watch XNYS XLON', 'openbell watch XNYS --exec \'notify-send "$OPENBELL_MARKET $OPENBELL_EVENT"\''],
  diff: ['openbell diff old.zip new.zip', 'openbell diff ./2024-01 https://example.com/archive.zip --json'],
  changes: ['openbell changes', 'openbell changes --server http://127.0.0.1:8000 --markets XNYS'],
  'override add': ['openbell override add closure XNYS 2025-01-09 --reason "exchange notice"'],
  'override list': ['openbell override list --target XNYS --all'],
  'override withdraw': ['openbell override withdraw ovr_0123456789abcdef'],
  version: ['openbell version'],
  man: ['openbell man | man -l -', 'openbell man > openbell.1'],
  completion: [
    'eval "$(openbell completion bash)"',
    'source <(openbell completion zsh)',
    'openbell completion fish | source',
    'openbell completion powershell | Out-String | Invoke-Expression',
  ],
};

/**
 * `error: unknown option '--jsn'\n(Did you mean --json?)`
 * → `openbell: unknown option '--jsn' (Did you mean --json?)`.
 */
export function oneLineCommanderError(str: string): string {
  return `openbell: ${str
    .replace(/^error:\s*/, '')
    .trim()
    .replace(/\s*\n\s*/g, ' ')}`;
}

export function buildProgram(): Command {
  const program = programRoot();
  addServingCommands(program);
  addMarketCommands(program);
  addChangeCommands(program);
  addOverrideCommands(program);
  addToolCommands(program);
  addQueryCommands(program);
  addHandWrittenExamples(program);
  return program;
}

/** `openbell` itself: its global settings, help and the way it fails. */
function programRoot(): Command {
  const program = new Command('openbell')
    .description('Trading calendars: market holidays, trading phases, market status and currency settlement holidays.')
    .version(VERSION, '-v, --version');
  for (const option of settingOptions('global')) program.addOption(option);
  program
    .option('--config <file>', 'config file (env OPENBELL_CONFIG; default ~/.config/openbell/config.json)')
    .option('--json', 'print the REST body as JSON (query commands: the same as --format json)')
    .addHelpText(
      'after',
      '\nConfiguration: flags, then OPENBELL_* environment variables, then the config\nfile (see CONFIG.md).',
    )
    // Before any .command(): subcommands copy these settings when they are created. Errors
    // become one line (commander puts its "Did you mean" suggestion on a second one) and are
    // thrown to bin.ts instead of exiting, so every failure leaves through the same exit codes.
    .exitOverride()
    .configureHelp(HELP)
    .configureOutput({
      outputError: (str, write) => write(`${oneLineCommanderError(str)}\n`),
      getOutHelpWidth: () => helpWidth(process.stdout),
      getErrHelpWidth: () => helpWidth(process.stderr),
    });
  addExamples(program, [
    'openbell status XNYS',
    'openbell phases US.NYSE --start 2023-11-20 --end 2023-11-24',
    'openbell serve --port 8000',
    'openbell completion bash',
  ]);
  return program;
}

/** serve, import, info. */
function addServingCommands(program: Command): void {
  const serveCommand = program
    .command('serve')
    .description('run the REST server (the bundled open dataset when no data or token is configured)');
  // Every serving setting's flag, made from the settings table (settings.ts).
  for (const option of settingOptions('serve')) serveCommand.addOption(option);
  serveCommand.action(async (_opts, cmd: Command) => {
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
}

// Many markets: the status of several IDs as one table, and watch.
function addMarketCommands(program: Command): void {
  program
    .command('status')
    .argument('<ids...>', 'FinIDs or MICs (several: one table, the body of GET /status)')
    .option('--at <iso>', cliHelp(operations.getMarketStatus.params.datetime_utc))
    .addOption(formatOption())
    .addOption(asOfOption())
    .description(operations.getMarketStatus.cli!.description)
    .action(async (ids: string[], opts: { at?: string }, cmd: Command) => {
      const at = opts.at !== undefined ? { datetime_utc: opts.at } : {};
      if (ids.length === 1) {
        await runQueryCommand(
          cmd,
          'getMarketStatus',
          { identifier: ids[0]!, ...at },
          { identifier: 'ID', datetime_utc: '--at' },
        );
        return;
      }
      await runQueryCommand(
        cmd,
        'getStatusMany',
        { markets: ids.join(','), ...at },
        { markets: 'ID', datetime_utc: '--at' },
      );
    });

  program
    .command('watch')
    .argument('<ids...>', 'FinIDs or MICs')
    .option(
      '--exec <cmd>',
      'run CMD (through the shell) on each event: OPENBELL_EVENT, OPENBELL_MARKET, OPENBELL_AT, OPENBELL_PHASE, ' +
        'OPENBELL_STATUS, OPENBELL_EVENT_ID, and the event as JSON on stdin',
    )
    .description('print each opening, closing and phase change as it happens (until Ctrl-C)')
    .action(async (ids: string[], opts: { exec?: string }, cmd: Command) => {
      const json = Boolean(cmd.optsWithGlobals().json);
      const [{ watch, eventLine, runExec }, { loadForQuery }] = await Promise.all([
        import('./commands/many.js'),
        import('./data.js'),
      ]);
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
}

// Data changes: between two archives, or as a server kept them.
function addChangeCommands(program: Command): void {
  program
    .command('diff')
    .argument('<old>', 'the earlier archive: a ZIP, a directory holding csv/, or an http(s)/file URL')
    .argument('<new>', 'the later archive, the same kinds')
    .description(
      'what changed from one archive to another: markets, holidays, schedules, currencies (--json: the change set)',
    )
    .action(async (oldRef: string, newRef: string, _opts: unknown, cmd: Command) => {
      const { diffCommand } = await import('./commands/changes.js');
      await diffCommand(settingsOf(cmd), oldRef, newRef, Boolean(cmd.optsWithGlobals().json));
    });

  program
    .command('changes')
    .description('change sets a server kept: asked of a running server with --server, else read from the cache folder')
    .option('--since <version>', 'every change set after this version (default: the latest alone)')
    .option('--markets <list>', 'only the changes of these markets: comma-separated FinIDs or MICs')
    .option('--currencies <list>', 'only the changes of these currencies: comma-separated codes')
    .option(
      '--server <url>',
      'ask the openbell server at URL (e.g. http://127.0.0.1:8000) instead of reading the cache folder',
    )
    .action(async (opts: { since?: string; markets?: string; currencies?: string; server?: string }, cmd: Command) => {
      const { changesCommand } = await import('./commands/changes.js');
      await changesCommand(settingsOf(cmd), opts, Boolean(cmd.optsWithGlobals().json));
    });
}

// Overrides on a running server (docs/overrides.md §3). `--token` here is an admin token: the
// program's own `--token` (the vendor's) may have taken it, so both places are read.
function targetOf(
  opts: Record<string, unknown>,
  cmd: Command,
): { server: string | undefined; token: string | undefined } {
  const all = cmd.optsWithGlobals() as Record<string, unknown>;
  return {
    server: (opts.server ?? all.server) as string | undefined,
    token: (opts.token ?? all.token) as string | undefined,
  };
}

function serverOption(c: Command): Command {
  return c
    .option('--server <url>', `the openbell server (env OPENBELL_SERVER; default http://${D.host}:${D.port})`)
    .option(
      '--token <secret>',
      'an admin token of the server (prefer env OPENBELL_ADMIN_TOKEN: flags show up in process lists)',
    );
}

/** override add, list, withdraw. */
function addOverrideCommands(program: Command): void {
  const override = program
    .command('override')
    .description("local overrides of the vendor's data on a running server: add, list, withdraw");
  serverOption(
    override
      .command('add')
      .description('make an override: closure, early_close, late_open or reopen of a market or currency date')
      .argument('<kind>', 'closure, early_close, late_open or reopen')
      .argument('<target>', 'FinID, MIC or currency code')
      .argument('<date>', 'YYYY-MM-DD')
      .option('--name <name>', 'the holiday name answers show (all kinds but reopen)')
      .option('--reason <text>', 'why, for the audit (required)')
      .option('--open <hh:mm>', 'late_open: local time the market opens')
      .option('--close <hh:mm>', 'early_close: local time the market closes'),
  ).action(
    async (kind: string, target: string, date: string, opts: Record<string, string | undefined>, cmd: Command) => {
      const { overrideAdd } = await import('./commands/override.js');
      await overrideAdd(
        targetOf(opts, cmd),
        { kind, target, date, name: opts.name, reason: opts.reason, open: opts.open, close: opts.close },
        Boolean(cmd.optsWithGlobals().json),
      );
    },
  );
  serverOption(
    override
      .command('list')
      .description('the overrides of the server, newest first')
      .option('--target <id>', 'only those of this market or currency')
      .option('--all', 'the withdrawn ones too')
      .addOption(formatOption()),
  ).action(async (opts: Record<string, string | boolean | undefined>, cmd: Command) => {
    const { overrideList } = await import('./commands/override.js');
    await overrideList({ ...opts, ...targetOf(opts, cmd) }, formatOf(cmd));
  });
  serverOption(
    override
      .command('withdraw')
      .description('withdraw an override: its date answers as the vendor says again')
      .argument('<id>', 'the override id (ovr_…)'),
  ).action(async (id: string, opts: Record<string, string | undefined>, cmd: Command) => {
    const { overrideWithdraw } = await import('./commands/override.js');
    await overrideWithdraw(targetOf(opts, cmd), id, Boolean(cmd.optsWithGlobals().json));
  });
}

/** version, completion. */
function addToolCommands(program: Command): void {
  program
    .command('version')
    .description('the version of openbell (as --version)')
    .action(() => {
      process.stdout.write(`${VERSION}\n`);
    });

  program
    .command('man')
    .description('print the manual page, openbell(1), made from the same declarations as --help (roff)')
    .action(async () => {
      const { manPage } = await import('./man.js');
      process.stdout.write(manPage(program, VERSION, process.env.OPENBELL_MAN_DATE ?? ''));
    });

  // What the completion scripts ask as the user types: the ids of the data loaded, one a line.
  program
    .command('__ids', { hidden: true })
    .argument('<kind>', 'markets or currencies')
    .action(async (kind: string, _opts: unknown, cmd: Command) => {
      if (kind !== 'markets' && kind !== 'currencies') throw new UserError(`unknown kind '${kind}'`);
      const [{ idList }, { loadForQuery }] = await Promise.all([
        import('./commands/completion.js'),
        import('./data.js'),
      ]);
      const data = await loadForQuery(settingsOf(cmd), true);
      process.stdout.write(`${idList(kind, data.dataset).join('\n')}\n`);
    });

  program
    .command('completion')
    .argument('<shell>', 'bash, zsh, fish or powershell')
    .description('print the shell completion script of every command and option')
    .action(async (shell: string) => {
      const { completionScript, SHELLS } = await import('./commands/completion.js');
      if (!(SHELLS as readonly string[]).includes(shell))
        throw new UserError(`unknown shell '${shell}': expected one of ${SHELLS.join(', ')}`);
      process.stdout.write(completionScript(program, shell as (typeof SHELLS)[number]));
    });
}

function addHandWrittenExamples(program: Command): void {
  for (const [name, lines] of Object.entries(EXAMPLES)) {
    const [top, sub] = name.split(' ');
    let cmd = program.commands.find((c) => c.name() === top);
    if (sub) cmd = cmd?.commands.find((c) => c.name() === sub);
    if (cmd) addExamples(cmd, lines);
  }
}
