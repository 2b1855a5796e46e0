/**
 * The man page made from the same declarations as --help, shipped as dist/openbell.1 (named by
 * package.json's `man`); completion of market ids and currency codes from the loaded data, and
 * a PowerShell script (issue 49).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/program.js';
import { manPage } from '../src/man.js';
import { idsOf } from '../src/commands/completion.js';
import { BIN, cleanEnv, run, scratch } from './helpers.js';

const roff = (s: string) => s.replace(/-/g, '\\-');

describe('the man page', () => {
  it('names every command and every visible option of each, as --help does (and not the hidden ones)', () => {
    const program = buildProgram();
    const page = manPage(program, '9.9.9', '2026-01-02');
    expect(page.startsWith('.TH OPENBELL 1 "2026-01-02" "openbell 9.9.9"')).toBe(true);
    for (const c of program.commands.filter((x) => x.name() !== 'help' && !x.name().startsWith('__'))) {
      expect(page, c.name()).toContain(`.B openbell ${roff(c.name())} `);
      const help = c.createHelp();
      for (const o of help.visibleOptions(c))
        if (o.long !== '--help') expect(page, `${c.name()} ${o.long}`).toContain(roff(help.optionTerm(o)));
    }
    expect(page).not.toContain('__ids');
    expect(page).not.toMatch(/\\-\\-from /);
    expect(page).toContain(roff('--as-of <version|iso>'));
  });

  it('the build wrote it to dist/openbell.1, and `openbell man` prints the same page', async () => {
    const built = readFileSync(new URL('../dist/openbell.1', import.meta.url), 'utf8');
    const printed = (await run(['man'])).stdout;
    const undated = (s: string) => s.replace(/^\.TH OPENBELL 1 "[^"]*"/, '.TH OPENBELL 1 ""');
    expect(undated(built)).toBe(undated(printed));
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      man: string[];
      files: string[];
    };
    expect(pkg.man).toEqual(['./dist/openbell.1']);
    expect(pkg.files).toContain('dist');
    // A man reader takes it: no roff warnings.
    const man = spawnSync('man', ['--warnings', '-l', '-'], {
      input: built,
      encoding: 'utf8',
      env: { ...process.env, MANWIDTH: '80' },
    });
    if (man.error === undefined && man.status === 0) {
      expect(man.stderr).toBe('');
      expect(man.stdout).toContain('openbell dates');
    }
  });
});

describe('completion of ids from the loaded data', () => {
  it('knows which commands take a market and which a currency', () => {
    expect(idsOf('status')).toBe('markets');
    expect(idsOf('holidays')).toBe('markets');
    expect(idsOf('currency-holidays')).toBe('currencies');
    expect(idsOf('markets')).toBeUndefined();
  });

  it('bash completes the FinIDs and MICs, and the currency codes, of the data loaded', async () => {
    // `openbell` on the PATH, as after an install: the scripts ask it for the ids.
    const bin = join(scratch, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'openbell'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'openbell'), 0o755);
    const script = join(scratch, 'ids.bash');
    writeFileSync(script, (await run(['completion', 'bash'])).stdout);
    const env = { ...cleanEnv(), PATH: `${bin}:${process.env.PATH}` };
    const complete = (words: string[]) => {
      const quoted = words.map((w) => `'${w}'`).join(' ');
      const cmd = `source ${script}; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _openbell; echo "\${COMPREPLY[*]}"`;
      return spawnSync('bash', ['-c', cmd], { encoding: 'utf8', env }).stdout.trim().split(' ');
    };
    expect(complete(['openbell', 'status', 'XNY'])).toEqual(['XNYS']);
    expect(complete(['openbell', 'holidays', 'US.NY'])).toEqual(['US.NYSE']);
    expect(complete(['openbell', 'currency-holidays', 'EU'])).toEqual(['EUR']);
    // Options still complete after the command.
    expect(complete(['openbell', 'status', '--as'])).toEqual(['--as-of']);
    const ids = await run(['__ids', 'currencies']);
    expect(ids.stdout.split('\n')).toContain('USD');
  });

  it('zsh and fish ask the same ids; PowerShell has a script of its own', async () => {
    expect((await run(['completion', 'zsh'])).stdout).toContain('openbell __ids markets');
    expect((await run(['completion', 'fish'])).stdout).toContain("-a '(openbell __ids currencies 2>/dev/null)'");
    const ps = await run(['completion', 'powershell']);
    expect(ps.code, ps.stderr).toBe(0);
    expect(ps.stdout).toContain('Register-ArgumentCompleter -Native -CommandName openbell');
    for (const name of ['serve', 'phases', 'currency-holidays', '--as-of']) expect(ps.stdout).toContain(`'${name}'`);
    expect(ps.stdout).toContain("'status' = 'markets'");
    expect(ps.stdout).toContain('& openbell __ids $ids[$cmd]');
    const pwsh = spawnSync('pwsh', ['-NoProfile', '-Command', '-'], { input: ps.stdout, encoding: 'utf8' });
    if (pwsh.error === undefined) expect(pwsh.status, pwsh.stderr).toBe(0);
  });
});
