import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The notice tests read the archive the way a user meets it, through the loader. The loader
// depends on this package (it serves the archive by default), so a package dependency back
// would be a cycle: the tests reach the loader's source by an alias instead.
export default defineConfig({
  resolve: {
    alias: { '@openbell/loader': fileURLToPath(new URL('../loader/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
