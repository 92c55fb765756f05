import { join } from 'node:path';

// Apart from the build itself, so that what only needs the paths (the bench, the tests
// that spawn a daemon) does not load esbuild.

/** Where `npm run build` writes the daemon as plain JavaScript, under the repo root. */
export const DIST_DIR = 'dist';
/** The compiled entry point `npm start` runs, relative to the repo root. */
export const DIST_ENTRY = join(DIST_DIR, 'scripts', 'start.js');
