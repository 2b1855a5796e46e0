// One ESM file with the workspace packages inlined; third-party packages stay ordinary
// dependencies (installed by npm with the tarball). The sample dataset is copied to data/,
// where the bundled loader code looks for it (../data/sample.zip from dist/), with a snapshot of
// its parsed tables. data/ is a build output like dist/ (packages/cli/turbo.json), so a cached
// build restores it too.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  // The loader's worker (off-thread parsing) is its own file beside the bundle: the loader
  // looks for ./worker.js next to its code.
  entry: { bin: 'src/bin.ts', worker: '../loader/src/worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  noExternal: [/^@openbell\//],
  banner: { js: '#!/usr/bin/env node' },
  async onSuccess() {
    mkdirSync('data', { recursive: true });
    copyFileSync('../loader/data/sample.zip', 'data/sample.zip');
    // The sample's parsed tables, so `openbell status` does not inflate and parse the CSVs on
    // each start; tagged with the archive's content version (loader snapshot.ts).
    const { contentVersion, encodeSnapshot, parseArchive, snapshotPath } = await import('@openbell/loader');
    const bytes = readFileSync('data/sample.zip');
    writeFileSync(snapshotPath('data/sample.zip'), encodeSnapshot(parseArchive(new Uint8Array(bytes)), contentVersion(bytes)));
  },
});
