/**
 * `openbell completion bash|zsh|fish`: a completion script made from the command tree itself,
 * so every command (the catalogue's among them) and its options complete without a list kept
 * by hand. Commands, then the options and subcommands of the command typed; files elsewhere.
 */
import type { Command } from 'commander';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface Entry {
  name: string;
  description: string;
  /** Long and short flags of its options (the program's global ones apart). */
  flags: string[];
  /** Subcommands (`override add|list|withdraw`). */
  subcommands: { name: string; description: string }[];
}

function flagsOf(cmd: Command): string[] {
  return cmd.options.flatMap((o) => [o.long, o.short].filter((f): f is string => typeof f === 'string'));
}

function entries(program: Command): Entry[] {
  return program.commands
    .filter((c) => c.name() !== 'help')
    .map((c) => ({
      name: c.name(),
      description: c.description(),
      flags: [...new Set([...flagsOf(c), ...c.commands.flatMap(flagsOf), '--help'])],
      subcommands: c.commands.map((s) => ({ name: s.name(), description: s.description() })),
    }));
}

/** A description on one short line, for the shells that show one. */
const short = (d: string): string => {
  const one = d.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
};
const single = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

function bash(program: Command): string {
  const list = entries(program);
  const global = [...flagsOf(program), '--help'];
  const cases = list
    .map((e) => `    ${e.name}) words=${single([...e.subcommands.map((s) => s.name), ...e.flags].join(' '))} ;;`)
    .join('\n');
  return `# openbell completion for bash. Load it with: eval "$(openbell completion bash)"
# or save it as ~/.local/share/bash-completion/completions/openbell
_openbell() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cmd="" i w
  local commands=${single(list.map((e) => e.name).join(' '))}
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    case " $commands " in *" $w "*) cmd=$w; break ;; esac
  done
  local words
  case $cmd in
    "") words="$commands "${single(global.join(' '))} ;;
${cases}
  esac
  if [[ -z $cmd || $cur == -* || -n $words ]]; then
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
  fi
  [[ \${#COMPREPLY[@]} -eq 0 ]] && COMPREPLY=($(compgen -f -- "$cur"))
  return 0
}
complete -o filenames -F _openbell openbell
`;
}

function zsh(program: Command): string {
  const list = entries(program);
  const described = (items: { name: string; description: string }[]) =>
    items.map((i) => `    ${single(`${i.name}:${short(i.description).replace(/:/g, '\\:')}`)}`).join('\n');
  const cases = list
    .map((e) => {
      const subs = e.subcommands.length
        ? `      if (( CURRENT == 3 )); then\n        local -a ` +
          `subs=(\n${described(e.subcommands).replace(/^ {4}/gm, '          ')}\n        )\n        _describe -t ` +
          `commands 'openbell ${e.name} command' subs; return\n      fi\n`
        : '';
      return `    ${e.name})\n${subs}      opts=(${e.flags.join(' ')}) ;;`;
    })
    .join('\n');
  return `#compdef openbell
# openbell completion for zsh. Load it with: source <(openbell completion zsh)
# or save it as _openbell in a directory of your $fpath
_openbell() {
  local -a commands=(
${described(list)}
  )
  if (( CURRENT == 2 )); then
    if [[ \${words[CURRENT]} == -* ]]; then compadd -- ${[...flagsOf(program), '--help'].join(' ')}; return; fi
    _describe -t commands 'openbell command' commands; return
  fi
  local -a opts
  case \${words[2]} in
${cases}
  esac
  if [[ \${words[CURRENT]} == -* ]]; then compadd -- $opts; else _files; fi
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then _openbell "$@"; else compdef _openbell openbell; fi
`;
}

function fish(program: Command): string {
  const list = entries(program);
  const lines = [
    '# openbell completion for fish. Load it with: openbell completion fish | source',
    '# or save it as ~/.config/fish/completions/openbell.fish',
    'complete -c openbell -e',
    ...flagsOf(program)
      .filter((f) => f.startsWith('--'))
      .map((f) => `complete -c openbell -n __fish_use_subcommand -l ${f.slice(2)}`),
  ];
  for (const e of list) {
    lines.push(`complete -c openbell -f -n __fish_use_subcommand -a ${e.name} -d ${single(short(e.description))}`);
    for (const s of e.subcommands) {
      lines.push(
        `complete -c openbell -f -n '__fish_seen_subcommand_from ${e.name}' -a ${s.name} -d ` +
          `${single(short(s.description))}`,
      );
    }
    for (const f of e.flags.filter((x) => x.startsWith('--')))
      lines.push(`complete -c openbell -n '__fish_seen_subcommand_from ${e.name}' -l ${f.slice(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script of `shell` for the program's commands. */
export function completionScript(program: Command, shell: Shell): string {
  return shell === 'bash' ? bash(program) : shell === 'zsh' ? zsh(program) : fish(program);
}
