/**
 * The browser build (dist/browser.js, scripts/browser.mjs): at most 15 KB gzipped, one ES module
 * with nothing of Node's and nothing of the engine's in it.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const BUDGET = 15_000; // 15 KB, in the smaller reading (not KiB)
const bundle = readFileSync(new URL('../dist/browser.js', import.meta.url), 'utf8');

describe('the browser build', () => {
  it(`is at most ${BUDGET} bytes gzipped`, () => {
    const size = gzipSync(bundle, { level: 9 }).length;
    console.log(`dist/browser.js: ${bundle.length} bytes, ${size} gzipped (budget ${BUDGET})`);
    expect(size).toBeLessThanOrEqual(BUDGET);
  });

  it('imports nothing: no Node built-in, no require, no engine', () => {
    expect(bundle).not.toMatch(/\bfrom\s*["']|\bimport\s*\(|\brequire\(|node:/);
    expect(bundle).not.toMatch(/js-joda|@openbell\//);
    expect(bundle).toMatch(/export\s*\{/);
  });
});
