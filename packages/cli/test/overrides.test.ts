// Overrides through the command (docs/overrides.md §3–4): `openbell override add|list|withdraw`
// against a running server; the file re-read on SIGHUP; `serve --workers 2`, where a write
// reaches every worker; a process killed while writing the file leaves the old or the new one;
// no secret in any output.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run, scratch, serve, type Served } from './helpers.js';
import { getFresh, waitFor } from './processes.js';

const ADMIN = 'cli-admin-secret-77aa';
const running: Served[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

const get = getFresh;
const closed = async (url: string, date: string) =>
  (JSON.parse((await get(`${url}/markets/XHKG/days?start=${date}&end=${date}`)).body) as { is_open: boolean }[])[0]!
    .is_open === false;

describe('openbell override', () => {
  it('adds, lists and withdraws against a server, and never prints the token', async () => {
    const cache = join(scratch, 'ovr-cli');
    const s = await serve(['--cache-dir', cache], { OPENBELL_ADMIN_TOKENS: `ops=${ADMIN}` });
    running.push(s);
    const env = { OPENBELL_ADMIN_TOKEN: ADMIN };
    // An empty list says so, not a bare header (issue 49).
    const none = await run(['override', 'list', '--server', s.url], env);
    expect(none.stdout).toBe('no overrides in force (--all: the withdrawn ones too)\n');
    expect((await run(['override', 'list', '--all', '--target', 'XHKG', '--server', s.url], env)).stdout).toBe(
      'no overrides of XHKG\n',
    );
    const added = await run(
      [
        'override',
        'add',
        'closure',
        'XHKG',
        '2024-07-16',
        '--name',
        'Typhoon signal No. 8',
        '--reason',
        'HKO signal 8',
        '--server',
        s.url,
        '--json',
      ],
      env,
    );
    expect(added.code, added.stderr).toBe(0);
    const record = JSON.parse(added.stdout) as { id: string; target: string };
    expect(record.target).toBe('HK.HKEX');
    expect(await closed(s.url, '2024-07-16')).toBe(true);

    const list = await run(['override', 'list', '--server', s.url], env);
    expect(list.stdout).toContain(record.id);
    expect(list.stdout).toContain('Typhoon signal No. 8');
    // The rows as CSV too (issue 49: CSV wherever the answer is rows), one record a line.
    const csv = await run(['override', 'list', '--server', s.url, '--format', 'csv'], env);
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...rows] = csv.stdout.trim().split('\r\n');
    expect(header).toMatch(/^Id,Kind,Target,Date/i);
    expect(rows.some((r) => r.startsWith(`${record.id},`) && r.includes('Typhoon signal No. 8'))).toBe(true);

    const bad = await run(
      [
        'override',
        'add',
        'early_close',
        'XHKG',
        '2024-07-17',
        '--name',
        'x',
        '--reason',
        'y',
        '--close',
        '23:30',
        '--server',
        s.url,
      ],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/422 close:/);

    const wrong = await run(['override', 'withdraw', record.id, '--server', s.url, '--token', 'not-the-admin-secret']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/401/);
    expect(wrong.stderr).not.toContain('not-the-admin-secret');

    const withdrawn = await run(['override', 'withdraw', record.id, '--server', s.url], env);
    expect(withdrawn.code, withdrawn.stderr).toBe(0);
    expect(withdrawn.stdout).toMatch(/Withdrawn\s+\S+ by ops/);
    // At 80 columns (not a terminal) `--all` never hides who made a record or that it is
    // withdrawn: too wide for a table, each record is a block with every field whole.
    const all = await run(['override', 'list', '--all', '--server', s.url], env);
    expect(all.stdout).not.toContain('…');
    for (const line of all.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(all.stdout).toMatch(/^By\s+ops$/m);
    expect(all.stdout).toMatch(/^Withdrawn\s+\d{4}-\d{2}-\d{2}T\S+Z$/m);
    expect(all.stdout).toContain('Typhoon signal No. 8');
    expect(await closed(s.url, '2024-07-16')).toBe(false);
    for (const out of [added, list, bad, wrong, withdrawn]) expect(out.stdout + out.stderr).not.toContain(ADMIN);
    expect(s.stdout() + s.stderr()).not.toContain(ADMIN);
  });

  it('re-reads the file on SIGHUP; an invalid file is refused and the set stays', async () => {
    const cache = join(scratch, 'ovr-hup');
    mkdirSync(cache, { recursive: true });
    const file = join(cache, 'hand.json');
    writeFileSync(file, JSON.stringify({ overrides: [] }));
    const s = await serve(['--cache-dir', cache, '--overrides', file, '--log-level', 'info', '--log-format', 'json']);
    running.push(s);
    const rec = {
      id: 'ovr_handmade0001',
      kind: 'closure',
      target: 'HK.HKEX',
      date: '2024-07-18',
      name: 'By hand',
      open: null,
      close: null,
      reason: 'config management',
      created_at: '2024-07-17T00:00:00Z',
      created_by: 'cm',
      withdrawn_at: null,
      withdrawn_by: null,
      superseded: false,
    };
    writeFileSync(file, JSON.stringify({ overrides: [rec] }));
    s.child.kill('SIGHUP');
    await waitFor('the hand-made override', () => closed(s.url, '2024-07-18'));
    writeFileSync(file, JSON.stringify({ overrides: [{ ...rec, date: 'soon' }] }));
    s.child.kill('SIGHUP');
    await waitFor('the refusal in the log', () => s.stdout().includes('override file was refused'));
    expect(s.stdout()).toMatch(/overrides\[0\] \(ovr_handmade0001\), field 'date'/);
    expect(await closed(s.url, '2024-07-18')).toBe(true);
  });

  it('with --workers 2, a write reaches every worker before its answer is out', async () => {
    const cache = join(scratch, 'ovr-workers');
    const s = await serve(['--cache-dir', cache, '--workers', '2'], { OPENBELL_ADMIN_TOKENS: `ops=${ADMIN}` }, 60_000);
    running.push(s);
    const added = await run(
      [
        'override',
        'add',
        'closure',
        'XHKG',
        '2024-07-16',
        '--name',
        'Typhoon',
        '--reason',
        'r',
        '--server',
        s.url,
        '--json',
      ],
      { OPENBELL_ADMIN_TOKEN: ADMIN },
    );
    expect(added.code, added.stderr).toBe(0);
    // Fresh connections alternate between the workers: every one already answers the write.
    const pids = new Set<number>();
    const versions = new Set<string | undefined>();
    for (let i = 0; i < 8; i++) {
      const res = await get(`${s.url}/info`);
      pids.add((JSON.parse(res.body) as { process: { pid: number } }).process.pid);
      versions.add(res.version);
    }
    expect(pids.size).toBe(2);
    expect([...versions]).toHaveLength(1);
    expect([...versions][0]).toContain('+ovr.');
    expect(await closed(s.url, '2024-07-16')).toBe(true);
    expect(await closed(s.url, '2024-07-16')).toBe(true);
    const file = JSON.parse(readFileSync(join(cache, 'overrides.json'), 'utf8')) as { overrides: { id: string }[] };
    expect(file.overrides.map((o) => o.id)).toEqual([JSON.parse(added.stdout).id]);
    // Two workers, one target and date at once: one wins, the other is refused.
    const both = await Promise.all(
      [0, 1].map(() =>
        run(['override', 'add', 'closure', 'XHKG', '2024-07-19', '--name', 'x', '--reason', 'y', '--server', s.url], {
          OPENBELL_ADMIN_TOKEN: ADMIN,
        }),
      ),
    );
    expect(both.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(both.find((r) => r.code === 1)!.stderr).toMatch(/409/);
  });

  it('a process killed while writing the file leaves the old file or the new one', async () => {
    const dir = join(scratch, 'ovr-crash');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'overrides.json');
    const server = new URL('../../server/dist/index.js', import.meta.url).href;
    const a = '{"overrides":[]}\n';
    const b = `{"overrides":[${'"x",'.repeat(20_000)}"x"]}\n`;
    writeFileSync(file, a);
    for (let round = 0; round < 8; round++) {
      const child = spawn(process.execPath, [
        '--input-type=module',
        '-e',
        `const { writeOverrideFile } = await import(${JSON.stringify(server)});
         const [f, a, b] = [${JSON.stringify(file)}, ${JSON.stringify(a)}, ${JSON.stringify(b)}];
         for (let i = 0; ; i++) await writeOverrideFile(f, i % 2 ? a : b);`,
      ]);
      await new Promise((r) => setTimeout(r, 150 + round * 37));
      child.kill('SIGKILL');
      await new Promise((r) => child.on('exit', r));
      const text = readFileSync(file, 'utf8');
      expect([a, b]).toContain(text);
    }
  });
});
