import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach } from 'vitest';
import { runStart } from '../../src/cli/start.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { captureProcessOutput } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** A fresh temp folder per test with a plain file and a folder in it, to point path settings at. */
export interface StartPaths {
  readonly dir: string;
  readonly file: string;
  readonly folder: string;
}

/**
 * Registers, for the calling test file, a fresh `StartPaths` before each test (removed
 * after it), and returns a reader of the current one and `start`: `npm start` in process
 * with `env` over `defaults`, its exit code and what it wrote to stderr.
 */
export function startPathsPerTest(prefix: string, defaults: (paths: StartPaths) => Record<string, string> = () => ({})) {
  const defer = cleanupAfterEach();
  let current: StartPaths | undefined;
  beforeEach(() => {
    const temp = makeTempDir(prefix);
    defer(temp.remove);
    const file = join(temp.dir, 'a-file');
    writeFileSync(file, 'not a folder\n');
    const folder = join(temp.dir, 'a-folder');
    mkdirSync(folder);
    current = { dir: temp.dir, file, folder };
  });
  const paths = (): StartPaths => {
    if (current === undefined) throw new Error('startPathsPerTest: read the paths inside a test');
    return current;
  };
  const start = async (env: Record<string, string>): Promise<{ code: number; stderr: string }> => {
    const { dir } = paths();
    const { value, stderr } = await captureProcessOutput(() => runStart([], { MEMORYD_WARM_UP_EXCHANGES: '0', ...defaults(paths()), ...env }, dir));
    return { code: value, stderr };
  };
  return { paths, start, defer };
}
