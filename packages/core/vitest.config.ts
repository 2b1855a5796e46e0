import { defineConfig } from 'vitest/config';
// @ts-expect-error a build script without type declarations
import { writeTzdbModule } from './scripts/tzdb.mjs';
// @ts-expect-error a build script without type declarations
import { writeMethodsModule } from './scripts/methods.mjs';

// The tests import src/, which imports the generated tz data and methods (written by the build too).
writeTzdbModule();
writeMethodsModule();

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every property runs with the fixed seed (FC_SEED=<n> tries others) and "now" pinned.
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
  },
});
