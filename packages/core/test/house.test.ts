// The house rule of issue 47: every function of packages/*/src fits a screen (150 lines), so a
// function is read top down as a few named steps rather than scrolled through. The root script
// lists them (`node scripts/long-functions.mjs --all`).
import { describe, expect, it } from 'vitest';
// @ts-expect-error a root script without type declarations
import { allFunctions, LIMIT } from '../../../scripts/long-functions.mjs';

interface Found {
  file: string;
  name: string;
  line: number;
  lines: number;
}

describe('the house', () => {
  const all = allFunctions() as Found[];

  it('finds the functions of every package', () => {
    const packages = new Set(all.map((f) => f.file.split('/')[1]));
    for (const p of ['core', 'catalog', 'loader', 'server', 'cli']) expect(packages).toContain(p);
    expect(all.length).toBeGreaterThan(1000);
  });

  it(`has no function over ${LIMIT} lines`, () => {
    const over = all.filter((f) => f.lines > LIMIT).map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(over).toEqual([]);
  });
});
