/**
 * The man page, openbell(1), made from the same command tree as `--help` (commander's own help
 * model: each command's usage, description, arguments and visible options), so the two cannot
 * disagree. `openbell man` prints it; the build writes it to dist/openbell.1 (tsup.config.ts),
 * which package.json's `man` names, so `npm install -g openbell` installs it.
 */
import type { Command } from 'commander';

/** Text as roff reads it literally: backslashes, and a leading dot or quote. */
function esc(s: string): string {
  return s
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/^([.'])/gm, '\\&$1');
}

function options(cmd: Command): string[] {
  const help = cmd.createHelp();
  return help
    .visibleOptions(cmd)
    .flatMap((o) => ['.TP', `.B ${esc(help.optionTerm(o))}`, esc(help.optionDescription(o))]);
}

function argumentsOf(cmd: Command): string[] {
  const help = cmd.createHelp();
  return help
    .visibleArguments(cmd)
    .flatMap((a) => ['.TP', `.I ${esc(help.argumentTerm(a))}`, esc(help.argumentDescription(a))]);
}

function section(cmd: Command, path: string): string[] {
  const out = ['.SS', `.B ${esc(`${path} ${cmd.usage()}`)}`];
  out.push('.PP', esc(cmd.description()));
  const args = argumentsOf(cmd);
  if (args.length) out.push('.PP', 'Arguments:', '.RS', ...args, '.RE');
  const opts = options(cmd).filter((l) => !l.includes('\\-\\-help'));
  if (opts.length) out.push('.PP', 'Options:', '.RS', ...opts, '.RE');
  for (const sub of cmd.commands) out.push(...section(sub, `${path} ${sub.name()}`));
  return out;
}

/** `date`: the page's date (the build's), left out when not given. */
export function manPage(program: Command, version: string, date = ''): string {
  const lines = [
    `.TH OPENBELL 1 "${date}" "openbell ${esc(version)}" "User Commands"`,
    '.SH NAME',
    `openbell \\- ${esc(program.description())}`,
    '.SH SYNOPSIS',
    '.B openbell',
    '[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]',
    '.SH DESCRIPTION',
    esc(
      'A self-hosted trading-calendar service and command-line tool. Every query command answers from the ' +
        'same engine as the REST server, as a table (for people), the REST body (--format json, or --json) or ' +
        'its CSV (--format csv).',
    ),
    '.SH GLOBAL OPTIONS',
    ...options(program),
    '.SH COMMANDS',
    // `__ids` (hidden from --help) is the completion scripts' helper: hidden here too.
    ...program.commands
      .filter((c) => c.name() !== 'help' && !c.name().startsWith('__'))
      .flatMap((c) => section(c, `openbell ${c.name()}`)),
    '.SH ENVIRONMENT',
    esc('Every setting of the config file has an OPENBELL_* variable (see CONFIG.md in the package); a flag wins over'),
    esc('the environment, which wins over the config file. NO_COLOR turns colour off, FORCE_COLOR=1 on.'),
    '.SH FILES',
    '.TP',
    '.I ~/.config/openbell/config.json',
    'the config file (OPENBELL_CONFIG, --config)',
    '.TP',
    '.I ~/.cache/openbell',
    'the cache folder: the downloaded archive, change sets and data versions',
    '.SH EXIT STATUS',
    esc('0 on success; 1 for a usage or data error (a message on stderr); 2 for an internal error.'),
    '.SH SEE ALSO',
    esc('openbell <command> --help; the REST documentation at /docs and /redoc of a running openbell serve.'),
  ];
  return `${lines.join('\n')}\n`;
}
