/**
 * `openbell completion bash|zsh|fish|powershell`: a completion script made from the command
 * tree itself, so every command (the catalogue's among them) and its options complete without a
 * list kept by hand. Commands, then the options and subcommands of the command typed; where the
 * command's argument is a market or a currency, the ids of the data loaded (asked of
 * `openbell __ids markets|currencies` as the user types, so they follow the data); files elsewhere.
 */
import { operations, type ApiParam, type Operation } from '@openbell/catalog';
import type { Command } from 'commander';

export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

export type IdKind = 'markets' | 'currencies';

const MARKET_KINDS = new Set(['market_identifier', 'finid', 'mic', 'calendar_expression']);

/** Which ids a command's first argument takes, from its operation's parameters. */
export function idsOf(command: string): IdKind | undefined {
  if (command === 'status' || command === 'watch') return 'markets';
  for (const op of Object.values(operations) as Operation[]) {
    if (op.cli?.command !== command) continue;
    for (const p of Object.values(op.params) as ApiParam[]) {
      if (!p.cli || !('arg' in p.cli)) continue;
      if (p.kind === 'currency_code') return 'currencies';
      if (MARKET_KINDS.has(p.kind)) return 'markets';
      return undefined;
    }
  }
  return undefined;
}

/** The ids `__ids` prints: every market's FinID and MIC, or every currency's code. */
export function idList(
  kind: IdKind,
  ds: {
    listMarkets(): readonly { fin_id: string; mic?: string | null }[];
    listCurrencies(): readonly { currency_code: string }[];
  },
): string[] {
  if (kind === 'currencies') return ds.listCurrencies().map((c) => c.currency_code);
  return [...new Set(ds.listMarkets().flatMap((m) => (m.mic ? [m.fin_id, m.mic] : [m.fin_id])))];
}
export type Shell = (typeof SHELLS)[number];

interface Entry {
  name: string;
  description: string;
  /** Long and short flags of its options (the program's global ones apart). */
  flags: string[];
  /** Subcommands (`override add|list|withdraw`). */
  subcommands: { name: string; description: string }[];
  /** The ids its argument takes, when a market's or a currency's. */
  ids: IdKind | undefined;
}

function flagsOf(cmd: Command): string[] {
  return cmd.options.flatMap((o) => [o.long, o.short].filter((f): f is string => typeof f === 'string'));
}

function entries(program: Command): Entry[] {
  return program.commands
    .filter((c) => c.name() !== 'help' && !c.name().startsWith('__'))
    .map((c) => ({
      ids: idsOf(c.name()),
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
    .map(
      (e) =>
        `    ${e.name}) words=${single([...e.subcommands.map((s) => s.name), ...e.flags].join(' '))}` +
        `${e.ids ? `; ids=${e.ids}` : ''} ;;`,
    )
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
  local words ids=""
  case $cmd in
    "") words="$commands "${single(global.join(' '))} ;;
${cases}
  esac
  if [[ -n $ids && $cur != -* ]]; then
    COMPREPLY=($(compgen -W "$(openbell __ids $ids 2>/dev/null)" -- "$cur"))
  elif [[ -z $cmd || $cur == -* || -n $words ]]; then
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
      const ids = e.ids
        ? `      if [[ \${words[CURRENT]} != -* ]]; then compadd -- \${(f)"$(openbell __ids ${e.ids} 2>/dev/null)"}; return; fi\n`
        : '';
      return `    ${e.name})\n${subs}${ids}      opts=(${e.flags.join(' ')}) ;;`;
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
    if (e.ids)
      lines.push(
        `complete -c openbell -f -n '__fish_seen_subcommand_from ${e.name}' -a '(openbell __ids ${e.ids} 2>/dev/null)'`,
      );
  }
  return `${lines.join('\n')}\n`;
}

function powershell(program: Command): string {
  const list = entries(program);
  const ps = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const table = list
    .map((e) => `    ${ps(e.name)} = @(${[...e.subcommands.map((s) => s.name), ...e.flags].map(ps).join(', ')})`)
    .join('\n');
  const ids = list
    .filter((e) => e.ids)
    .map((e) => `    ${ps(e.name)} = ${ps(e.ids!)}`)
    .join('\n');
  return `# openbell completion for PowerShell. Load it with:
#   openbell completion powershell | Out-String | Invoke-Expression
# or add that line to your $PROFILE
Register-ArgumentCompleter -Native -CommandName openbell -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $commands = @{
${table}
  }
  $ids = @{
${ids}
  }
  $global = @(${[...flagsOf(program), '--help'].map(ps).join(', ')})
  $words = @($commandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.ToString() })
  if ($wordToComplete -ne '' -and $words.Count -gt 0) { $words = $words[0..($words.Count - 2)] }
  $cmd = $words | Where-Object { $commands.ContainsKey($_) } | Select-Object -First 1
  if (-not $cmd) {
    $candidates = @($commands.Keys | Sort-Object) + $global
  } elseif ($ids.ContainsKey($cmd) -and -not $wordToComplete.StartsWith('-')) {
    $candidates = @(& openbell __ids $ids[$cmd] 2>$null)
  } else {
    $candidates = $commands[$cmd]
  }
  $candidates | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object {
    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
  }
}
`;
}

/** The completion script of `shell` for the program's commands. */
export function completionScript(program: Command, shell: Shell): string {
  if (shell === 'powershell') return powershell(program);
  return shell === 'bash' ? bash(program) : shell === 'zsh' ? zsh(program) : fish(program);
}
