// The house rule of issue 47: the pages (docs/, README.md, the packages' RULES.md and CONFIG.md)
// and the source comments name today's paths. The root script lists them
// (`node scripts/docs-paths.mjs --all`) and says how a name is looked for.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a root script without type declarations
import { namedPaths, namesIn, resolverOf } from '../../../scripts/docs-paths.mjs';

interface Named {
  file: string;
  line: number;
  name: string;
  exists: boolean;
}

describe('the paths the docs name', () => {
  const all = namedPaths() as Named[];

  it('reads the pages and the comments of every package', () => {
    const files = new Set(all.map((n) => n.file));
    for (const f of ['README.md', 'docs/architecture.md', 'docs/sample-rules.md', 'packages/core/test/RULES.md'])
      expect(files).toContain(f);
    const packages = new Set(all.map((n) => n.file.match(/^packages\/([^/]+)\//)?.[1]).filter(Boolean));
    for (const p of ['core', 'catalog', 'loader', 'server', 'cli', 'client']) expect(packages).toContain(p);
    expect(all.length).toBeGreaterThan(800);
  });

  it('finds every named path in the tree', () => {
    const stale = all.filter((n) => !n.exists).map((n) => `${n.file}:${n.line} ${n.name}`);
    expect(stale).toEqual([]);
  });

  it('tells a stale name from a live one', () => {
    const resolves = resolverOf() as (name: string, from: string) => boolean;
    // Rooted, package-relative, under packages/, and a bare file name found by its ending.
    expect(resolves('packages/core/src/queries/holidays.ts', 'docs/x.md')).toBe(true);
    expect(resolves('src/rules/many.ts', 'packages/core/test/many.test.ts')).toBe(true);
    expect(resolves('src/server.ts', 'docs/x.md')).toBe(true);
    expect(resolves('core/src/wire/listing-json.ts', 'docs/x.md')).toBe(true);
    expect(resolves('queries/holidays.js', 'docs/x.md')).toBe(true);
    expect(resolves('archive.test.ts', 'docs/x.md')).toBe(true);
    // The names issue 47 found stale: the flat layout before rules/, a renamed test.
    expect(resolves('packages/core/src/queries.ts', 'docs/x.md')).toBe(false);
    expect(resolves('src/many.ts', 'packages/core/test/many.test.ts')).toBe(false);
    expect(resolves('core/src/status.ts', 'docs/x.md')).toBe(false);
    expect(resolves('sample-data.test.ts', 'docs/x.md')).toBe(false);
  });

  it('takes path-like words and leaves relative imports, URLs and wildcards out', () => {
    const text =
      'See `packages/core/src/dataset.ts`, src/server.ts and json.ts; not ./local.ts, ' +
      'https://example.com/src/a.ts, packages/*/src or @openbell/core.';
    expect(namesIn(text)).toEqual(['packages/core/src/dataset.ts', 'src/server.ts', 'json.ts']);
  });
});
