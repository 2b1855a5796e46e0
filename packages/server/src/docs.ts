/**
 * Interactive documentation at /docs: Swagger UI served from the installed swagger-ui-dist
 * package, so it works with no network access. Only the handful of assets the page needs are
 * served; the rest of that package directory stays private. /redoc: the same document in
 * Redoc, its standalone bundle copied beside this code at build time (scripts/redoc-assets.mjs).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Express, Request, Response } from 'express';
import { STATIC_CACHE } from './http/cache-policy.js';
import { sendStatic } from './http/static-answer.js';

/** The assets change only with the installed package: a day, revalidated by ETag after. */
const ASSET_CACHE = 'public, max-age=86400, stale-while-revalidate=86400, stale-if-error=86400';
const TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'application/javascript; charset=utf-8',
  png: 'image/png',
};

const ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-16x16.png',
  'favicon-32x32.png',
]);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>openbell API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-ui-standalone-preset.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// A separate file instead of an inline script keeps the page usable under a strict CSP.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
    validatorUrl: null
  });
});
`;

export function mountDocs(app: Express): void {
  // The asset directory is resolved on the first asset request, without importing the
  // package: its entry point loads the whole multi-megabyte bundle into the server process.
  let dir: string | undefined;
  // Read once and kept with their compressed forms (http/static-answer.ts): the bundle is 1.7 MB, 460 KB gzipped.
  const kept = new Map<string, Buffer>();
  const page = Buffer.from(PAGE);
  const init = Buffer.from(INIT);
  app.get('/docs', (req: Request, res: Response) => {
    sendStatic(req, res, page, 'text/html; charset=utf-8', STATIC_CACHE);
  });
  app.get('/docs/init.js', (req: Request, res: Response) => {
    sendStatic(req, res, init, TYPES.js!, STATIC_CACHE);
  });
  app.get('/docs/:file', (req: Request, res: Response, next) => {
    const file = req.params.file;
    if (typeof file !== 'string' || !ASSETS.has(file)) {
      next();
      return;
    }
    // Only the names of ASSETS are read, so no path from the request reaches the file system.
    dir ??= path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    let body = kept.get(file);
    if (body === undefined) kept.set(file, (body = readFileSync(path.join(dir, file))));
    sendStatic(req, res, body, TYPES[file.slice(file.lastIndexOf('.') + 1)]!, ASSET_CACHE);
  });
}

const REDOC_ASSETS = new Set(['redoc.standalone.js', 'redoc.standalone.js.LICENSE.txt', 'LICENSE']);

// No inline script (a strict CSP holds) and no web fonts from elsewhere: the bundle reads
// `spec-url` from the element itself.
const REDOC_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>openbell API</title>
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
<redoc spec-url="/openapi.json"></redoc>
<script src="/redoc/redoc.standalone.js"></script>
</body>
</html>
`;

/**
 * The folder holding the bundle: ./redoc/ beside this code once built (the server's dist/, or
 * the CLI's bundle), else the devDependency's folder in this package (tests run the sources).
 * A path, not an import: the built code never resolves the `redoc` package.
 */
function redocDir(): string {
  const built = fileURLToPath(new URL('./redoc/', import.meta.url));
  if (existsSync(path.join(built, 'redoc.standalone.js'))) return built;
  return fileURLToPath(new URL('../node_modules/redoc/bundles/', import.meta.url));
}

export function mountRedoc(app: Express): void {
  let dir: string | undefined;
  app.get('/redoc', (_req: Request, res: Response) => {
    res.type('html').send(REDOC_PAGE);
  });
  app.get('/redoc/:file', (req: Request, res: Response, next) => {
    const file = req.params.file;
    if (typeof file !== 'string' || !REDOC_ASSETS.has(file)) {
      next();
      return;
    }
    dir ??= redocDir();
    if (file === 'LICENSE') {
      res.type('text/plain; charset=utf-8');
      // In the package itself (a source run) the LICENSE sits one folder up from the bundles.
      if (!existsSync(path.join(dir, file))) return void res.sendFile(file, { root: path.dirname(dir), maxAge: '1d' });
    }
    res.sendFile(file, { root: dir, maxAge: '1d' });
  });
}
