// The packed package must run with `npx` on a machine with only Node.js: the bundle may import
// only Node built-ins and the package's own dependencies, and the sample must ship with it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN } from './helpers.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('package', () => {
  it('declares the bin and ships dist and the sample', () => {
    expect(pkg.bin.openbell).toBe('./dist/bin.js');
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'data']));
    expect(existsSync(new URL('../data/sample.zip', import.meta.url))).toBe(true);
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('has no workspace dependencies at run time, and the bundle imports only declared ones', () => {
    for (const v of Object.values(pkg.dependencies as Record<string, string>)) expect(v).not.toMatch(/^workspace:/);
    const dist = new URL('../dist/', import.meta.url);
    const code = readdirSync(dist)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(new URL(f, dist), 'utf8'))
      .join('\n');
    // Third-party code is bundled (start-up: no module resolution, no CommonJS lexer) except
    // swagger-ui-dist, whose files /docs serves; that reference is in the serve chunk.
    expect(code).toContain('swagger-ui-dist/package.json');
    const specifiers = new Set<string>();
    for (const m of code.matchAll(
      new RegExp(
        [
          String.raw`(?:^|\n)\s*import\s(?:[^'"]*?from\s+)?["']([^"']+)["']`,
          String.raw`import\(["']([^"']+)["']\)`,
          String.raw`require\(["']([^"']+)["']\)`,
          String.raw`createRequire\([^)]*\)\.resolve\(["']([^"']+)["']\)`,
        ].join('|'),
        'g',
      ),
    )) {
      specifiers.add((m[1] ?? m[2] ?? m[3] ?? m[4])!);
    }
    const bare = [...specifiers].filter(
      (s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s),
    );
    const packages = new Set(
      bare.map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!)),
    );
    expect([...packages]).toEqual(['swagger-ui-dist']);
    for (const p of packages) expect(Object.keys(pkg.dependencies), `bundle imports ${p}`).toContain(p);
    expect([...packages].some((p) => p.startsWith('@openbell/'))).toBe(false);
  });

  it('ships a snapshot of the sample made from the shipped sample.zip', async () => {
    const { contentVersion, readSnapshot } = await import('@openbell/loader');
    const zip = fileURLToPath(new URL('../data/sample.zip', import.meta.url));
    expect(readSnapshot(zip, contentVersion(readFileSync(zip)))).toBeDefined();
  });
});
