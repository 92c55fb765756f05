import { fileURLToPath } from 'node:url';
import { buildDaemon } from '../src/cli/build-daemon.js';

// Vitest global setup: the tests that start a daemon as a child run what `npm start`
// runs, the compiled daemon in dist/, built here once before any test file starts.
export async function setup(): Promise<void> {
  await buildDaemon(fileURLToPath(new URL('..', import.meta.url)));
}
