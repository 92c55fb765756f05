import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root,
    include: ['test/**/*.test.ts'],
    exclude: ['test/reliability/**', 'node_modules/**'],
    pool: 'forks',
    setupFiles: ['test/utc-days.setup.ts'],
    globalSetup: ['test/build-daemon.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
