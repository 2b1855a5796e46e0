/**
 * How the commands' help reads at 80 columns and piped: wrapped at word boundaries to the
 * terminal's width (80 off a terminal), the subcommands listed without `[options]` so their
 * descriptions keep a column wide enough to wrap in, and examples under each command.
 */
import type { Command, HelpConfiguration } from 'commander';
import type { ApiParam, Operation } from '@openbell/catalog';

/** The terminal's width when stdout is one, else 80 (piped help reads as at an 80-column terminal). */
export function helpWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout): number {
  return stream.isTTY && stream.columns ? stream.columns : 80;
}

/** `<ids...>`, `[pattern]`: an argument as the usage line shows it. */
function argTerm(arg: { name(): string; required: boolean; variadic: boolean }): string {
  const name = `${arg.name()}${arg.variadic ? '...' : ''}`;
  return arg.required ? `<${name}>` : `[${name}]`;
}

export const HELP: HelpConfiguration = {
  helpWidth: helpWidth(),
  // Commander leaves a description unwrapped when its column is narrower than 40: wrap down to 24.
  minWidthToWrap: 24,
  sortSubcommands: false,
  subcommandTerm: (cmd: Command) => [cmd.name(), ...cmd.registeredArguments.map(argTerm)].join(' '),
};

/** Examples under a command's help, each a line `  $ openbell …`. */
export function addExamples(command: Command, lines: readonly string[]): Command {
  if (lines.length === 0) return command;
  return command.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}`);
}

/** A shell word: quoted when it holds anything a shell reads specially. */
const word = (v: string): string => (/^[\w.,:+@/=-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);

/**
 * The example of a derived command, from its parameters' documented examples: the positional
 * arguments, then every required option (optional ones only when nothing else is required).
 */
export function operationExample(op: Operation, command: string): string | undefined {
  return operationExampleArgs(op, command)?.map(word).join(' ');
}

/**
 * The same example as the words a shell would pass (`openbell` first): what tests run for a
 * command nobody wrote a case for.
 */
export function operationExampleArgs(op: Operation, command: string): string[] | undefined {
  const parts = ['openbell', command];
  const optional: string[][] = [];
  for (const [name, p] of Object.entries(op.params) as [string, ApiParam][]) {
    const hint = p.cli;
    if (hint === false) continue;
    // The command line's own example of an argument (a file's name for a body), else the parameter's.
    const example = hint && 'arg' in hint && hint.example !== undefined ? hint.example : p.example;
    // A parameter the body gives when left out (BodySpec.fill) is shown as the optional one it is here.
    const optionalHere = p.optional || op.body?.fill?.params.includes(name) === true;
    if (hint && 'arg' in hint) {
      if (example === undefined) {
        if (!p.optional) return undefined;
        continue;
      }
      // The file of a body first (`openbell check prices.csv --market …`), where a reader looks for it.
      if (name === op.body?.param) parts.splice(2, 0, example);
      else parts.push(example);
      continue;
    }
    if (p.kind === 'boolean' || example === undefined) {
      if (!optionalHere) return undefined;
      continue;
    }
    const flag = hint?.flag ?? name.replace(/_/g, '-');
    const option = [`${flag.length === 1 ? '-' : '--'}${flag}`, example];
    if (optionalHere) optional.push(option);
    else parts.push(...option);
  }
  // A command of optional options alone shows its first one.
  if (parts.length === 2 && optional.length > 0) parts.push(...optional[0]!);
  return parts;
}
