import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { spawnCommand, waitForHealthy } from '../helpers/spawn-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();

describe('npm start', () => {
  it('stops the daemon on a SIGTERM sent to npm: npm exits 0 once the daemon has removed its socket, nothing left serving', async () => {
    const temp = makeTempDir('memoryd-npm-start-');
    defer(temp.remove);
    const dataDir = join(temp.dir, 'data');
    const socketPath = join(dataDir, 'memoryd.sock');
    // --ignore-scripts skips prestart (the build): the test run's global setup built dist/ once.
    // A group of its own, so that whatever outlives npm can be killed after a failure.
    const npm = spawnCommand('npm', ['start', '--ignore-scripts'], { MEMORYD_DATA_DIR: dataDir, MEMORYD_EMBEDDER: 'hashing', MEMORYD_WARM_UP_EXCHANGES: '0' }, { detached: true });
    defer(() => {
      try {
        process.kill(-(npm.child.pid as number), 'SIGKILL');
      } catch {
        // the group is gone: nothing outlived npm
      }
    });
    await waitForHealthy(socketPath, npm);

    npm.child.kill('SIGTERM');
    expect(await npm.exited).toEqual({ code: 0, signal: null });
    expect(npm.output.stdout).toMatch(/listening on/);
    // A node left running (npm's shell killed, node orphaned) would still serve on the socket.
    expect(existsSync(socketPath)).toBe(false);
  });
});
