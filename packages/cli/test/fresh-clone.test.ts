/**
 * A newcomer's checkout (issue 33): in a fresh clone, the second `pnpm build` is a full turbo
 * cache hit. A task whose outputs are also its inputs (core's generated tzdb.generated.ts,
 * the CLI's data/) misses on every build after the first, and `pnpm openbell …` then
 * rebuilds for many seconds on its first run after `pnpm start`.
 *
 * Offline: pnpm installs from its store (`--offline`). Slow (two builds of the workspace), so
 * it may be skipped, but only when asked: OPENBELL_SKIP_FRESH_CLONE=1.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const skip = process.env.OPENBELL_SKIP_FRESH_CLONE === '1';
const dir = skip ? '' : mkdtempSync(path.join(tmpdir(), 'openbell-clone-'));
// The clone holds a whole install and two builds: removing it takes a while on a busy machine.
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 5 * 60_000);

/** pnpm as the test runs under it (`pnpm test`), else the pinned one through npx. */
function pnpm(args: string[], cwd: string): { status: number | null; out: string } {
  const execpath = process.env.npm_execpath;
  const [cmd, pre] =
    execpath && /pnpm/.test(execpath) ? [process.execPath, [execpath]] : ['npx', ['-y', 'pnpm@10.34.8']];
  // The clone's own cache, whatever the caller's turbo settings say.
  const env: NodeJS.ProcessEnv = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', CI: '1' };
  for (const k of Object.keys(env)) if (k.startsWith('TURBO_') && k !== 'TURBO_TELEMETRY_DISABLED') delete env[k];
  const r = spawnSync(cmd, [...pre, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

describe.skipIf(skip)('a fresh clone', () => {
  it('builds once, then the second build is a full cache hit', { timeout: 30 * 60_000 }, () => {
    const clone = path.join(dir, 'repo');
    const git = spawnSync('git', ['clone', '--quiet', root, clone], { encoding: 'utf8' });
    expect(git.status, git.stderr).toBe(0);
    const install = pnpm(['install', '--offline', '--frozen-lockfile'], clone);
    expect(install.status, install.out).toBe(0);
    const first = pnpm(['build', '--output-logs=none'], clone);
    expect(first.status, first.out).toBe(0);
    const second = pnpm(['build', '--output-logs=hash-only'], clone);
    expect(second.status, second.out).toBe(0);
    const tally = /Cached:\s+(\d+) cached, (\d+) total/.exec(second.out);
    expect(tally, second.out).not.toBeNull();
    // Every task restored from the cache: name the ones that were not.
    const missed = second.out.split('\n').filter((l) => /cache miss/.test(l));
    expect(missed).toEqual([]);
    expect(tally![1]).toBe(tally![2]);
    // And the clone's tracked files are as they were checked out.
    const status = spawnSync('git', ['status', '--porcelain'], { cwd: clone, encoding: 'utf8' });
    expect(status.stdout).toBe('');
  });
});
