// The README's "A first look" snippet, run from the repository root exactly as written (issue
// 49: it failed there with ERR_MODULE_NOT_FOUND): the root's package.json names the workspace
// packages the snippet imports, so a newcomer's `node first-look.mjs` at the root resolves them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README = readFileSync(new URL('README.md', `file://${ROOT}`), 'utf8');

/** The first code block under "## A first look". */
function snippet(): string {
  const section = README.split('## A first look')[1]!;
  const m = /```js\n([\s\S]*?)```/.exec(section);
  if (!m) throw new Error('no js block under "A first look"');
  return m[1]!;
}

describe('README "A first look"', () => {
  it('runs from the repository root as written, printing what its comments say', () => {
    const code = snippet();
    const r = spawnSync(process.execPath, ['--input-type=module'], { cwd: ROOT, input: code, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    // Each console.log's comment is what it prints (the last one's on the line below it).
    const expected = code.split('\n').flatMap((l, i, all) => {
      if (!l.startsWith('console.log(')) return [];
      const inline = /\/\/ (.*)$/.exec(l)?.[1];
      return [(inline ?? all[i + 1]!.replace(/^\/\/ /, '')).replace(/ \(.*\)$/, '')];
    });
    expect(r.stdout.trimEnd().split('\n')).toEqual(expected);
  });
});

describe('docs/drop-in.md', () => {
  it('every row of its tables has as many cells as its header (no `|` inside a cell)', () => {
    const text = readFileSync(new URL('docs/drop-in.md', `file://${ROOT}`), 'utf8');
    const cells = (l: string) => l.replace(/`[^`]*`/g, 'code').split('|').length;
    let header: number | undefined;
    let rows = 0;
    for (const line of text.split('\n')) {
      if (!line.startsWith('|')) {
        header = undefined;
        continue;
      }
      header ??= cells(line);
      expect(line.split('|').length, line).toBe(header);
      rows++;
    }
    expect(rows).toBeGreaterThan(10);
  });
});
