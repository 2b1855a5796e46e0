/**
 * The command as a newcomer meets it, piped (80 columns): help wrapped at word boundaries,
 * `openbell` alone, `version`, `completion`, examples under every command, errors in a table
 * of statuses, an ambiguous MIC's candidates named once (issue 33).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, scratch, SAMPLE_ZIP } from './helpers.js';
import { buildProgram, VERSION } from '../src/program.js';

/** Every line within 80 columns, and no word cut at a line's end (the next line's first word belongs to the text). */
function expectWrapped(text: string): void {
  for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
}

describe('help', () => {
  it('openbell --help wraps at word boundaries within 80 columns', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expectWrapped(r.stdout);
    // A description long enough to wrap: its words are all there, in order, none split.
    const words = 'token for the hosted endpoint (prefer env OPENBELL_TOKEN: flags show up in process lists)';
    const flat = r.stdout.replace(/\n\s+/g, ' ');
    expect(flat).toContain(words);
  });

  it('openbell alone prints the help on stdout and exits 0', async () => {
    const r = await run([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: openbell');
    expect(r.stderr).toBe('');
  });

  it('every command has examples in its help, and its help fits 80 columns', async () => {
    const program = buildProgram();
    // `__ids` is the completion scripts' hidden helper, not a command for people.
    const names = program.commands
      .map((c) => c.name())
      .filter((n) => n !== 'help' && n !== 'override' && !n.startsWith('__'));
    expect(names.length).toBeGreaterThan(30);
    // One process for all: the help of each, as the program prints it.
    for (const name of names) {
      const cmd = program.commands.find((c) => c.name() === name)!;
      let text = '';
      cmd.configureOutput({ writeOut: (s) => (text += s) });
      cmd.outputHelp();
      expect(text, name).toMatch(/\nExamples:\n {2}\$ (openbell|eval|source) /);
      expectWrapped(text);
    }
  });

  it("a derived command's example runs on the sample", async () => {
    const help = await run(['phases', '--help']);
    const example = /\$ openbell (phases [^\n]+)\n/.exec(help.stdout)![1]!;
    const r = await run([...example.split(' '), '--data', SAMPLE_ZIP]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Primary Trading Session');
  });
});

describe('version and completion', () => {
  it('openbell version prints the version, as --version', async () => {
    const a = await run(['version']);
    const b = await run(['--version']);
    expect(a.stdout.trim()).toBe(VERSION);
    expect(b.stdout.trim()).toBe(VERSION);
  });

  it('completion scripts name every command; bash completes commands, options and subcommands', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const r = await run(['completion', shell]);
      expect(r.code, shell).toBe(0);
      for (const name of ['serve', 'phases', 'currency-holidays', 'completion'])
        expect(r.stdout, `${shell} ${name}`).toContain(name);
    }
    const script = join(scratch, 'completion.bash');
    writeFileSync(script, (await run(['completion', 'bash'])).stdout);
    const complete = (words: string[]) => {
      const quoted = words.map((w) => `'${w}'`).join(' ');
      const cmd =
        `source ${script}; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _openbell; echo ` +
        `"\${COMPREPLY[*]}"`;
      return spawnSync('bash', ['-c', cmd], { encoding: 'utf8' }).stdout.trim().split(' ');
    };
    expect(complete(['openbell', 'pha'])).toEqual(['phases', 'phase-types']);
    expect(complete(['openbell', 'phases', '--st'])).toEqual(['--start']);
    expect(complete(['openbell', 'override', 'wi'])).toEqual(['withdraw']);
    const bad = await run(['completion', 'tcsh']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('bash, zsh, fish, powershell');
  });
});

describe('errors as a newcomer reads them', () => {
  it('in a table of several statuses an error sits whole on its own lines below its row', async () => {
    const r = await run([
      'status',
      'XCME',
      'XNYS',
      'QQ.ABCDEFGHIJKLMNOP',
      '--at',
      '2023-11-15T17:00:00Z',
      '--data',
      SAMPLE_ZIP,
    ]);
    expectWrapped(r.stdout);
    const lines = r.stdout.split('\n');
    const row = lines.findIndex((l) => /^QQ\.ABCDEFGHIJKLMNOP\s+error 404$/.test(l));
    expect(row).toBeGreaterThan(0);
    expect(lines[row + 1]).toBe("  Market 'QQ.ABCDEFGHIJKLMNOP' was not found");
    // The ambiguous MIC's message, whole over its lines, names each candidate once.
    const mic = lines.findIndex((l) => /^XCME\s+error 409$/.test(l));
    const message = lines
      .slice(mic + 1)
      .filter((l, i, all) => l.startsWith('  ') && all.slice(0, i).every((x) => x.startsWith('  ')))
      .map((l) => l.trim())
      .join(' ');
    expect(message).toContain('US.CME.AGRI.GRAINS');
    expect(message.split('US.CME.AGRI.GRAINS')).toHaveLength(2);
    expect(message).not.toContain('…');
  });

  it('an ambiguous MIC names its candidates once', async () => {
    const r = await run(['market', 'XCME', '--data', SAMPLE_ZIP]);
    expect(r.code).toBe(1);
    expect(r.stderr.split('US.CME.EQUITY.USINDEX1')).toHaveLength(2);
  });
});
