import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensurePrivateDir } from '../../src/lifecycle/private-dir.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();

function openFolder(mode: number): string {
  const temp = makeTempDir('memoryd-private-dir-');
  defer(temp.remove);
  const dir = join(temp.dir, 'open');
  mkdirSync(dir);
  chmodSync(dir, mode);
  return dir;
}

describe('the advice of a refused open folder', () => {
  it('names what the folder holds: the log files for the logs dir, not a socket', () => {
    const dir = openFolder(0o777);
    expect(() => ensurePrivateDir(dir, { setting: 'MEMORYD_LOGS_DIR', label: 'logs dir', holds: 'the log files', forbid: 'write' })).toThrow(
      `MEMORYD_LOGS_DIR: cannot use the folder ${dir}: it can be written by other users (mode 777); put the log files in a private folder (mode 700)`,
    );
    expect(statSync(dir).mode & 0o777).toBe(0o777);
  });

  it('still speaks of the socket for the socket folder', () => {
    const dir = openFolder(0o755);
    expect(() => ensurePrivateDir(dir, { setting: 'MEMORYD_SOCKET' })).toThrow(
      `MEMORYD_SOCKET: cannot use the folder ${dir}: it can be entered by other users (mode 755); put the socket in a private folder (mode 700)`,
    );
  });
});
