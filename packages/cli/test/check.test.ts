/**
 * `openbell check FILE --market ID --period P` (docs/calendar-arithmetic.md §15): the summary a
 * person reads first, the range taken from the file's first and last timestamps, `--json` as
 * the REST body, and the exit code (0 when the series is the grid, 1 when anything is off).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, scratch } from './helpers.js';

// The sample's XNYS on Monday 2023-11-20: 13 half-hour bars from 09:30 to 15:30 New York time.
const grid = Array.from({ length: 13 }, (_, i) =>
  new Date(Date.parse('2023-11-20T14:30:00Z') + i * 1_800_000).toISOString().replace('.000Z', 'Z'),
);
const file = (name: string, text: string) => {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
};

describe.concurrent('openbell check', () => {
  it('a series equal to the grid: OK and exit code 0, the range from its own timestamps', async () => {
    const r = await run([
      'check',
      file('grid.csv', `time,price\n${grid.map((t) => `${t},1`).join('\n')}\n`),
      '--market',
      'XNYS',
      '--period',
      '30m',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('US.NYSE 30m bars 2023-11-20 to 2023-11-20: OK');
    expect(r.stdout).toContain('expected 13, given 13, matched 13');
  });

  it('a series with a gap, a repeat and a stamp off the grid: the summary first, then the rows, exit code 1', async () => {
    const series = [...grid.slice(0, 4), ...grid.slice(5), grid[2]!, '2023-11-20T15:07:00Z'];
    const path = file('gaps.json', JSON.stringify(series));
    const r = await run(['check', path, '--market', 'XNYS', '--period', '30m']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout.split('\n').slice(0, 4)).toEqual([
      'US.NYSE 30m bars 2023-11-20 to 2023-11-20: NOT OK',
      '  expected 13, given 14, matched 12',
      '  missing  1',
      '  extra    2 (1 duplicate, 1 off_grid)',
    ]);
    expect(r.stdout).toContain('2023-11-20  2023-11-20T11:30:00-05:00');
    const json = await run([
      'check',
      path,
      '--market',
      'XNYS',
      '--period',
      '30m',
      '--start',
      '2023-11-20',
      '--end',
      '2023-11-21',
      '--json',
    ]);
    expect(json.code).toBe(1);
    const body = JSON.parse(json.stdout);
    expect(body).toMatchObject({ start: '2023-11-20', end: '2023-11-21', expected: 26, given: 14, matched: 12 });
    expect(body.missing).toHaveLength(14);
  });

  it('standard input (-), the range from its own timestamps: read once for the range, kept for the check', async () => {
    const series = grid.slice(0, 12).join('\n');
    const r = await run(['check', '-', '--market', 'XNYS', '--period', '30m'], {}, `${series}\n`);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      'US.NYSE 30m bars 2023-11-20 to 2023-11-20: NOT OK',
      '  expected 13, given 12, matched 12',
      '  missing  1',
    ]);
  });

  it('an unreadable line is a one-line error naming the file and the line', async () => {
    const r = await run([
      'check',
      file('bad.txt', `${grid[0]}\nsoon\n`),
      '--market',
      'XNYS',
      '--period',
      '30m',
      '--start',
      '2023-11-20',
      '--end',
      '2023-11-20',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Line 2: 'soon'");
  });
});
