// One vocabulary (issue 49): `--start/--end` everywhere (old spellings hidden aliases), `--as-of`
// on every read, CSV wherever the answer is rows, Title Case headers, tables that never hide a
// column behind "…", and `openbell info` folded at word boundaries at 80 columns.
import { operations, type Operation } from '@openbell/catalog';
import { describe, expect, it } from 'vitest';
import { PLAIN, table } from '../src/format.js';
import { buildProgram } from '../src/program.js';
import { run } from './helpers.js';

const AT = '2023-11-15T17:00:00Z';

describe('one option vocabulary', () => {
  it('dates takes --start/--end; --from/--to still work, hidden from help', async () => {
    const now = await run(['dates', 'US.NYSE', '--rule', 'imm', '--start', '2024-01', '--end', '2024-06', '--json']);
    const old = await run(['dates', 'US.NYSE', '--rule', 'imm', '--from', '2024-01', '--to', '2024-06', '--json']);
    expect(now.code, now.stderr).toBe(0);
    expect(old.stdout).toBe(now.stdout);
    expect(JSON.parse(now.stdout)).toHaveLength(2);
    const help = (await run(['dates', '--help'])).stdout;
    expect(help).toMatch(/--start <value>/);
    expect(help).not.toMatch(/--from|--to\b/);
    const both = await run([
      'dates',
      'US.NYSE',
      '--rule',
      'imm',
      '--start',
      '2024-01',
      '--from',
      '2023-01',
      '--end',
      '2024-06',
    ]);
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/--start and --from \(its old spelling\) disagree/);
    const missing = await run(['dates', 'US.NYSE', '--rule', 'imm', '--start', '2024-01']);
    expect(missing.stderr).toMatch(/required option '--end <value>' not specified/);
  });

  it('no command of the catalogue takes --from or --to: a range is --start/--end', () => {
    const program = buildProgram();
    for (const c of program.commands) {
      const flags = c.options.filter((o) => !o.hidden).map((o) => o.long);
      expect(flags, c.name()).not.toContain('--from');
      expect(flags, c.name()).not.toContain('--to');
    }
  });

  it('every read takes --as-of', () => {
    const program = buildProgram();
    const reads = (Object.values(operations) as Operation[]).flatMap((op) => (op.cli ? [op.cli.command] : []));
    for (const name of [...new Set([...reads, 'status'])]) {
      const c = program.commands.find((x) => x.name() === name)!;
      expect(
        c.options.some((o) => o.long === '--as-of'),
        name,
      ).toBe(true);
    }
  });

  it('--as-of answers as the loaded version (by id or instant) and refuses anything else', async () => {
    const info = JSON.parse((await run(['info', '--json'])).stdout) as { data: { version: string } };
    const plain = await run(['status', 'XNYS', '--at', AT, '--json']);
    for (const asOf of [info.data.version, '2024-07-16T09:00:00Z']) {
      const r = await run(['status', 'XNYS', '--at', AT, '--as-of', asOf, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(plain.stdout);
    }
    const bad = await run(['holidays', 'XNYS', '--start', '2024-01-01', '--end', '2024-01-31', '--as-of', 'yesterday']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--as-of: 'yesterday' is neither the version of the data loaded \(sha256:/);
  });
});

describe('CSV wherever the answer is rows', () => {
  it('the status of several markets: one row a market, with the instant asked', async () => {
    const r = await run(['status', 'XNYS', 'XLON', '--at', AT, '--format', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Identifier,FinID,Status,Reason,Until,Next Bell,Phase,Timezone,As Of');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^XNYS,US\.NYSE,Open,Primary Trading Session,/);
    expect(lines[2]).toMatch(/^XLON,GB\.LSE,Closed,/);
    expect(lines[1]).toMatch(/,2023-11-15T17:00:00\+00:00$/);
  });
});

describe('one header style', () => {
  it.each([
    [['dates', 'US.NYSE', '--rule', 'imm', '--start', '2024-01', '--end', '2024-06'], 'Nominal'],
    [['overlap', '--markets', 'XNYS,XLON', '--start', '2023-11-15', '--end', '2023-11-15'], 'Start'],
    [['clock-changes', 'XNYS', '--start', '2023-01-01', '--end', '2023-12-31'], 'Offset Before  Offset After'],
  ])('openbell %j prints Title Case headers', async (args, expected) => {
    const r = await run(args);
    expect(r.code, r.stderr).toBe(0);
    const header = r.stdout.split('\n')[0]!;
    expect(header).toContain(expected);
    for (const word of header.trim().split(/\s+/)) expect(word, header).toMatch(/^[A-Z]/);
  });
});

describe('tables never hide a column behind "…"', () => {
  it('too wide even with every flexible column at its floor: one block a row, nothing cut', () => {
    const rows = [
      ['ovr_0123456789ab', 'early_close', 'US.NYSE', '2024-07-03', 'a long holiday name', 'ops', '2024-07-01'],
    ];
    const text = table(['ID', 'Kind', 'Target', 'Date', 'Name', 'By', 'Withdrawn'], rows, { ...PLAIN, width: 60 });
    expect(text).not.toContain('…');
    expect(text).toMatch(/^By\s+ops$/m);
    expect(text).toMatch(/^Withdrawn\s+2024-07-01$/m);
    for (const l of text.split('\n')) expect(l.length).toBeLessThanOrEqual(60);
  });
});

describe('openbell info at 80 columns', () => {
  it('never breaks the version hash or the sample label mid-word', async () => {
    const r = await run(['info']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
    // The hash whole on one line (below its key when it does not fit beside it).
    expect(r.stdout).toMatch(/^\s*sha256:[0-9a-f]{64}$/m);
    // Every word of the label whole: the lines joined give it back.
    const label = lines.slice(lines.findIndex((l) => l.startsWith('OPEN DATA'))).join(' ');
    expect(label).toContain("exchanges' notices and the laws (docs/open-data.md); dates past a market's");
    for (const l of lines) expect(l, l).not.toMatch(/\w-$/);
  });
});
