// The settings table (src/settings.ts) walked setting by setting: each one's flag as a user types
// it on the command line, its environment variable, its config-file key and its default, and
// their order of precedence (flag, environment, file, default). Then the flag that was once
// silently ignored (`serve --admin-token`) through a real server.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '../src/config.js';
import { buildProgram, settingsOf } from '../src/program.js';
import { flagKey, SETTINGS, type Kind } from '../src/settings.js';
import { run, serve, type Served } from './helpers.js';

/** Two texts a kind accepts and what each resolves to (distinct, to tell the sources apart). */
const VALUES: Record<Kind, [string, unknown, string, unknown]> = {
  string: ['one-value', 'one-value', 'two-value', 'two-value'],
  port: ['9001', 9001, '9002', 9002],
  minutes: ['7', 7, '8', 8],
  seconds: ['3', 3, '4.5', 4.5],
  count: ['5', 5, '6', 6],
  boolean: ['true', true, 'false', false],
  list: ['a,b', ['a', 'b'], 'c', ['c']],
  level: ['debug', 'debug', 'warn', 'warn'],
  workers: ['2', 2, '3', 3],
  urls: ['https://a.example/hook', ['https://a.example/hook'], 'https://b.example/x', ['https://b.example/x']],
  secrets: ['ops=s1', ['ops=s1'], 'ci=s2', ['ci=s2']],
  addresses: ['10.0.0.1', ['10.0.0.1'], '10.0.0.0/8', ['10.0.0.0/8']],
};

const emptyConfigHome = () => mkdtempSync(join(tmpdir(), 'openbell-settings-'));

/** Parses `openbell …argv` as the CLI does and returns the settings `serve` would run with. */
async function settingsFor(argv: string[], env: Record<string, string>, file?: string): Promise<Settings> {
  for (const s of SETTINGS) {
    vi.stubEnv(s.env, undefined);
    if ('envAlias' in s) vi.stubEnv(s.envAlias, undefined);
  }
  vi.stubEnv('XDG_CONFIG_HOME', emptyConfigHome());
  vi.stubEnv('OPENBELL_CONFIG', file);
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const program = buildProgram();
  let got: Settings | undefined;
  program.commands
    .find((c) => c.name() === 'serve')!
    .action((_o, cmd) => {
      got = settingsOf(cmd);
    });
  await program.parseAsync(['node', 'openbell', ...argv]);
  return got!;
}

/** The command-line words that give a setting the text `value` (a boolean: its flag, whatever it says). */
function flagWords(s: (typeof SETTINGS)[number], value: string): string[] {
  const name = s.flag!.split(' ')[0]!;
  return s.kind === 'boolean' ? [name] : [name, value];
}

/**
 * A boolean's value from each source, each unlike the one it beats: the file says the opposite
 * of the default, the environment the default again, and the flag what its name says (`--publish`
 * true, `--no-purge-keys` false) over an environment saying the other.
 */
function booleanValues(s: (typeof SETTINGS)[number]): { file: boolean; env: boolean; flag: boolean } {
  const byDefault = 'default' in s && s.default === true;
  return { file: !byDefault, env: byDefault, flag: !s.flag?.startsWith('--no-') };
}

afterEach(() => vi.unstubAllEnvs());

describe('every setting, from the one table', () => {
  for (const s of SETTINGS) {
    const [text1, value1, text2, value2] = VALUES[s.kind];
    it(`${s.key}: ${s.flag ?? '(no flag)'}, ${s.env}, "${s.key}" in the file, default`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'openbell-settings-'));
      const file = join(dir, 'config.json');
      const bool = booleanValues(s);
      const fileValue = s.kind === 'boolean' ? bool.file : text2;
      writeFileSync(file, JSON.stringify({ [s.key]: fileValue }));
      const serveFirst = s.scope === 'serve';
      const argv = (words: string[]) => (serveFirst ? ['serve', ...words] : [...words, 'serve']);

      // Default: nothing given.
      const defaults = await settingsFor(argv([]), {});
      expect(defaults[s.key as keyof Settings], 'default').toEqual('default' in s ? s.default : undefined);
      // The file alone.
      expect((await settingsFor(argv([]), {}, file))[s.key as keyof Settings], 'file').toEqual(
        s.kind === 'boolean' ? bool.file : value2,
      );
      // The environment beats the file.
      const envGiven = s.kind === 'boolean' ? String(bool.env) : text1;
      expect((await settingsFor(argv([]), { [s.env]: envGiven }, file))[s.key as keyof Settings], 'env').toEqual(
        s.kind === 'boolean' ? bool.env : value1,
      );
      if ('envAlias' in s) {
        expect((await settingsFor(argv([]), { [s.envAlias]: text2 }))[s.key as keyof Settings], 'alias').toEqual(
          value2,
        );
      }
      if (s.flag === null) {
        // Kept off the command line: no option carries it.
        const serveCmd = buildProgram().commands.find((c) => c.name() === 'serve')!;
        expect(serveCmd.options.some((o) => o.attributeName() === s.key)).toBe(false);
        return;
      }
      // The flag beats the environment and the file.
      const envText = s.kind === 'boolean' ? String(!bool.flag) : text2;
      const flagged = await settingsFor(argv(flagWords(s, text1)), { [s.env]: envText }, file);
      expect(flagged[s.key as keyof Settings], 'flag').toEqual(s.kind === 'boolean' ? bool.flag : value1);
      expect(flagKey(s)).not.toBeNull();
    });
  }

  it('purge keys are on unless turned off; the former --purge-keys is still accepted, out of --help', async () => {
    expect((await settingsFor(['serve'], {})).purgeKeys).toBe(true);
    expect((await settingsFor(['serve', '--no-purge-keys'], {})).purgeKeys).toBe(false);
    expect((await settingsFor(['serve'], { OPENBELL_PURGE_KEYS: 'false' })).purgeKeys).toBe(false);
    expect((await settingsFor(['serve', '--purge-keys'], { OPENBELL_PURGE_KEYS: 'false' })).purgeKeys).toBe(true);
    const serveCmd = buildProgram().commands.find((c) => c.name() === 'serve')!;
    const help = serveCmd.helpInformation();
    expect(help).toContain('--no-purge-keys');
    expect(help).not.toMatch(/--purge-keys/);
  });

  it('a repeatable flag given twice keeps both', async () => {
    const s = await settingsFor(['serve', '--admin-token', 'ops=a', '--admin-token', 'ci=b'], {});
    expect(s.adminTokens).toEqual(['ops=a', 'ci=b']);
    const t = await settingsFor(['serve', '--trust-proxy', '10.0.0.1', '--trust-proxy', '::1'], {});
    expect(t.trustProxy).toEqual(['10.0.0.1', '::1']);
  });

  it('a bad flag value is refused naming the flag', async () => {
    await expect(settingsFor(['serve', '--port', 'x'], {})).rejects.toThrow(/--port: expected a port/);
    await expect(settingsFor(['serve', '--admin-token', ' '], {})).resolves.toMatchObject({ adminTokens: [] });
  });

  it('CONFIG.md has a row per setting naming its environment variable and flag', () => {
    const rows = readFileSync(join(import.meta.dirname, '..', 'CONFIG.md'), 'utf8')
      .split('\n')
      .map((l) => l.split('|').map((c) => c.trim()));
    for (const s of SETTINGS) {
      const row = rows.find((r) => r[1] === `\`${s.key}\``);
      expect(row, s.key).toBeDefined();
      expect(row![2], s.key).toContain(s.env);
      const flag = s.flag && `\`${s.scope === 'serve' ? 'serve ' : ''}${s.flag.split(' ')[0]}`;
      if (flag) expect(row![3]!.startsWith(flag) && /^[` ]/.test(row![3]!.slice(flag.length)), s.key).toBe(true);
      else expect(row![3], s.key).toMatch(/^none/);
    }
  });

  it('every option of `serve` and of the program is a setting, --config, --json or --help', () => {
    const program = buildProgram();
    const serveCmd = program.commands.find((c) => c.name() === 'serve')!;
    const keys = new Set(SETTINGS.map((s) => flagKey(s)));
    for (const o of [...serveCmd.options, ...program.options]) {
      if (['config', 'json', 'version'].includes(o.attributeName())) continue;
      expect(keys.has(o.attributeName()), o.long).toBe(true);
    }
  });
});

describe('serve --admin-token through a real server', () => {
  const running: Served[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
  });

  it('turns override writes on, as OPENBELL_ADMIN_TOKENS does', async () => {
    const secret = 'flag-admin-secret-5d1c';
    const s = await serve([
      '--cache-dir',
      mkdtempSync(join(tmpdir(), 'openbell-flag-')),
      '--admin-token',
      `ops=${secret}`,
    ]);
    running.push(s);
    const added = await run(
      [
        'override',
        'add',
        'closure',
        'XNYS',
        '2030-07-05',
        '--name',
        'Flag test',
        '--reason',
        'admin token from the flag',
        '--server',
        s.url,
        '--json',
      ],
      { OPENBELL_ADMIN_TOKEN: secret },
    );
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ target: 'US.NYSE' });
    expect(s.stderr() + s.stdout()).not.toContain(secret);
  });
});
