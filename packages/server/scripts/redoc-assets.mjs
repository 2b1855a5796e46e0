// Copies Redoc's standalone bundle (the `redoc` package, a devDependency, MIT) into dist/redoc/,
// with its licence texts, so /redoc works offline without the package's runtime dependencies
// (react, mobx, styled-components...) being installed beside the server: the bundle holds them.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const from = dirname(createRequire(import.meta.url).resolve('redoc/package.json'));
const to = join(import.meta.dirname, '..', 'dist', 'redoc');
mkdirSync(to, { recursive: true });
for (const [src, dest] of [
  ['bundles/redoc.standalone.js', 'redoc.standalone.js'],
  ['bundles/redoc.standalone.js.LICENSE.txt', 'redoc.standalone.js.LICENSE.txt'],
  ['LICENSE', 'LICENSE'],
])
  copyFileSync(join(from, src), join(to, dest));
