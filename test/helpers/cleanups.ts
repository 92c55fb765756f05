import { afterEach } from 'vitest';

/**
 * Registers an afterEach that runs, newest first, what the test deferred; returns the
 * `defer` function. Call once at the top of a test file.
 */
export function cleanupAfterEach(): (cleanup: () => unknown) => void {
  const pending: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of pending.splice(0).reverse()) await cleanup();
  });
  return (cleanup) => {
    pending.push(cleanup);
  };
}
