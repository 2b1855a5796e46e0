#!/usr/bin/env node
// `pnpm openbell …` at the workspace root. pnpm runs a binary of the root's node_modules/.bin
// when no script has that name, and does so without printing its "> script" banner on stdout
// (a root script would print it, which breaks `pnpm openbell … --json | jq`). This builds the
// CLI and what it depends on (turbo, quiet, cached), then runs packages/cli/dist/bin.js in this
// same process, so stdout holds the command's output and nothing else.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const turbo = fileURLToPath(new URL('node_modules/.bin/turbo', pathToFileURL(root)));
const build = spawnSync(
  turbo,
  ['run', 'build', '--filter=openbell...', '--output-logs=errors-only', '--log-prefix=none'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
    encoding: 'utf8',
    shell: process.platform === 'win32',
  },
);
if (build.status !== 0) {
  // Turbo's report (the failing task's log) goes to stderr, never to stdout.
  process.stderr.write(build.stdout ?? '');
  process.stderr.write(`openbell: building the CLI failed${build.error ? `: ${build.error.message}` : ''}\n`);
  process.exit(1);
}
await import(pathToFileURL(`${root}packages/cli/dist/bin.js`).href);
