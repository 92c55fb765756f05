import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runStart } from '../../src/cli/start.js';
import { captureProcessOutput } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-start-usage-');
afterAll(() => temp.remove());

describe('npm start -- --help', () => {
  it('names every signal that stops the daemon, SIGHUP included (exit 0, nothing started)', async () => {
    // --help never starts a daemon; the data dir is a scratch one should it do so.
    const { value, stdout, stderr } = await captureProcessOutput(() => runStart(['--help'], { MEMORYD_DATA_DIR: join(temp.dir, 'data') }, temp.dir));
    expect({ value, stderr }).toEqual({ value: 0, stderr: '' });
    expect(stdout.split('\n').slice(0, 4)).toEqual([
      'usage: npm start [-- --verbose]',
      '',
      'Runs memoryd in the foreground on its Unix socket until SIGTERM, SIGINT or',
      'SIGHUP (the terminal that ran it closed).',
    ]);
  });
});
