import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

// The full reliability suite (`npm run test:reliability`): child daemons, kills, a long
// fuzz run. One file at a time, so timing figures are not skewed by each other.
export default defineConfig({
  test: {
    root,
    include: ['test/reliability/**/*.test.ts'],
    pool: 'forks',
    setupFiles: ['test/utc-days.setup.ts'],
    globalSetup: ['test/build-daemon.setup.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
