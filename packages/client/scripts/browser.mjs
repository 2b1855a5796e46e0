/**
 * The browser build, dist/browser.js: the client and its two small dependencies in one minified
 * ES module, resolved with the `browser` conditions (no Node built-ins; the build fails on one).
 * test/size.test.ts holds it to 15 KB gzipped.
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/index.js'],
  outfile: 'dist/browser.js',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  legalComments: 'eof',
  logLevel: 'warning',
});
