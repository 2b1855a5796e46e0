// One ESM bundle (split in chunks loaded as commands need them) with the workspace packages and
// the third-party code inlined, so a command starts without resolving hundreds of files; only
// swagger-ui-dist stays a dependency (installed by npm with the tarball). The sample dataset is
// copied to data/, where the bundled loader code looks for it (../data/sample.zip from dist/),
// with a snapshot of its parsed tables and built Dataset. data/ is a build output like dist/
// (packages/cli/turbo.json), so a cached build restores it too.
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * js-joda's time-zone plugin resolves the system's zone when it is plugged in, through
 * `Intl.DateTimeFormat()`: starting ICU costs 15-40 ms, for a zone openbell never asks for
 * (core has no clock). Bundled, that resolution is made on the first `ZoneId.systemDefault()`
 * instead, with the same answer. The build fails if the plugin's code no longer has the call.
 */
const lazySystemZone: EsbuildPlugin = {
  name: 'openbell-lazy-system-zone',
  setup(build) {
    build.onLoad({ filter: /js-joda-timezone-empty\.js$/ }, (args) => {
      const call = 'extendSystemDefaultZoneId(jsJoda.ZoneId);';
      const text = readFileSync(args.path, 'utf8');
      if (text.split(call).length !== 2) throw new Error(`${args.path}: expected one '${call}' to make lazy`);
      const lazy =
        'var zoneIdClass = jsJoda.ZoneId, fallback = zoneIdClass.systemDefault, resolved;' +
        ' zoneIdClass.systemDefault = function () { if (resolved === undefined) resolved = ' +
        'getResolvedZoneId(zoneIdClass); return resolved !== null ? resolved : fallback.call(zoneIdClass); };';
      return { contents: text.replace(call, lazy), loader: 'js' };
    });
  },
};

/**
 * express requires body-parser when it is imported, for `express.json()` and its siblings,
 * which openbell never calls: with iconv-lite and raw-body, a large part of `serve`'s start.
 * Bundled, the four middleware factories become getters that require body-parser on first
 * use, with the same values. The build fails if express's code no longer has these lines.
 */
const lazyBodyParser: EsbuildPlugin = {
  name: 'openbell-lazy-body-parser',
  setup(build) {
    build.onLoad({ filter: /[\\/]express[\\/]lib[\\/]express\.js$/ }, (args) => {
      let text = readFileSync(args.path, 'utf8');
      const replace = (from: string, to: string) => {
        if (text.split(from).length !== 2) throw new Error(`${args.path}: expected one '${from}' to make lazy`);
        text = text.replace(from, to);
      };
      replace(
        "var bodyParser = require('body-parser')",
        "var bodyParser; function loadBodyParser() { return bodyParser || (bodyParser = require('body-parser')); }",
      );
      for (const name of ['json', 'raw', 'text', 'urlencoded']) {
        replace(
          `exports.${name} = bodyParser.${name}`,
          `Object.defineProperty(exports, '${name}', { enumerable: true, configurable: true, get: function () { ` +
            `return loadBodyParser().${name}; } })`,
        );
      }
      if (text.includes('bodyParser.'))
        throw new Error(`${args.path}: body-parser is used beyond the middleware factories`);
      return { contents: text, loader: 'js' };
    });
  },
};

/**
 * The server's express app (app.ts) imports express at its top, and the server's one entry
 * point re-exports createApp, so every chunk that imports the server would start express even
 * though createServer builds the app on the first request that needs it. Bundled, the import
 * becomes a function that requires express on its first call (app.ts only ever calls
 * `express()`). The build fails if app.js no longer has that import or uses express otherwise.
 */
const lazyExpressApp: EsbuildPlugin = {
  name: 'openbell-lazy-express-app',
  setup(build) {
    build.onLoad({ filter: /[\\/]server[\\/]dist[\\/]app\.js$/ }, (args) => {
      const line = "import express from 'express';";
      const text = readFileSync(args.path, 'utf8');
      if (text.split(line).length !== 2) throw new Error(`${args.path}: expected one '${line}' to make lazy`);
      if (/\bexpress\.\w/.test(text.split(line)[1]!)) throw new Error(`${args.path}: express is used beyond express()`);
      return { contents: text.replace(line, "const express = () => require('express')();"), loader: 'js' };
    });
  },
};

/**
 * commander requires child_process when it is imported, for subcommands run as executables,
 * which openbell has none of; child_process (with dgram and more) is then loaded by every
 * command. Bundled, its `spawn` is a getter that requires child_process on first use. The
 * build fails if commander's code no longer has the line or uses more of child_process.
 */
const lazyChildProcess: EsbuildPlugin = {
  name: 'openbell-lazy-child-process',
  setup(build) {
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const line = "const childProcess = require('node:child_process');";
      const text = readFileSync(args.path, 'utf8');
      if (text.split(line).length !== 2) throw new Error(`${args.path}: expected one '${line}' to make lazy`);
      const uses = text.split(line)[1]!.match(/childProcess\.\w+/g) ?? [];
      if (uses.some((u) => u !== 'childProcess.spawn'))
        throw new Error(`${args.path}: child_process is used beyond spawn`);
      const lazy = "const childProcess = { get spawn() { return require('node:child_process').spawn; } };";
      return { contents: text.replace(line, lazy), loader: 'js' };
    });
  },
};

/**
 * JSON files of bundled packages (iconv-lite's code tables, mime-db's list: 800 KB) as
 * `JSON.parse` of their text instead of object literals: V8 then scans one string where it
 * parsed every element, for code compiled at each start whether it runs or not. The value is
 * what Node's require gives (JSON.parse); a file JSON.parse refuses keeps esbuild's loader.
 */
const jsonAsText: EsbuildPlugin = {
  name: 'openbell-json-as-text',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.json$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8').replace(/^\uFEFF/, '');
      try {
        JSON.parse(text);
      } catch {
        return undefined;
      }
      return { contents: `module.exports = JSON.parse(${JSON.stringify(text)});`, loader: 'js' };
    });
  },
};

export default defineConfig({
  // The loader's worker (off-thread parsing) is its own file beside the bundle: the loader
  // looks for ./worker.js next to its code.
  entry: { bin: 'src/bin.ts', worker: '../loader/src/worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  // The CommonJS packages a query command loads are bundled too: Node would otherwise scan
  // each with its CommonJS lexer (js-joda's 400 KB above all) and resolve every file at start.
  // js-joda's core and its time-zone plugin must be bundled together (one ZoneRulesProvider).
  // express and pino too: resolving and reading their few hundred files is most of `serve`'s
  // start. swagger-ui-dist stays external: /docs serves files from its folder.
  noExternal: [
    /^@openbell\//,
    /^@js-joda\//,
    'commander',
    'papaparse',
    'fflate',
    'picocolors',
    'cli-progress',
    'zod',
    '@asteasolutions/zod-to-openapi',
    'express',
    'pino',
    'pino-pretty',
  ],
  esbuildPlugins: [lazySystemZone, lazyBodyParser, lazyExpressApp, lazyChildProcess, jsonAsText],
  // Bundled CommonJS code calls require() for Node's modules; ESM has none of its own. Made on
  // a chunk's first call only: most chunks never call it, and createRequire is not free.
  banner: {
    js:
      "#!/usr/bin/env node\nimport { createRequire as __openbellCreateRequire } from 'node:module';\nlet " +
      '__openbellRequire;\nconst require = function (id) { return (__openbellRequire ??= ' +
      '__openbellCreateRequire(import.meta.url))(id); };',
  },
  async onSuccess() {
    // Redoc's standalone bundle, which the server's build copied beside its code: /redoc looks
    // for it in ./redoc/ next to the (bundled) server code.
    cpSync('../server/dist/redoc', 'dist/redoc', { recursive: true });
    // The man page, from the command tree the bundle just built (`openbell man`), dated by the
    // build; package.json's `man` names it, so the tarball ships it and npm installs it.
    const { execFileSync } = await import('node:child_process');
    const page = execFileSync(process.execPath, ['dist/bin.js', 'man'], {
      env: { ...process.env, OPENBELL_MAN_DATE: new Date().toISOString().slice(0, 10), NO_COLOR: '1' },
    });
    writeFileSync('dist/openbell.1', page);
    mkdirSync('data', { recursive: true });
    copyFileSync('../opendata/data/sample.zip', 'data/sample.zip');
    // The sample's parsed tables and the Dataset built from them, so `openbell status` neither
    // parses the CSVs nor builds every market's indexes on each start; tagged with the
    // archive's content version and bytes (loader snapshot.ts).
    const { contentVersion, encodeSnapshot, parseArchive, snapshotPath } = await import('@openbell/loader');
    const bytes = readFileSync('data/sample.zip');
    writeFileSync(
      snapshotPath('data/sample.zip'),
      encodeSnapshot(parseArchive(new Uint8Array(bytes)), contentVersion(bytes), bytes),
    );
  },
});
