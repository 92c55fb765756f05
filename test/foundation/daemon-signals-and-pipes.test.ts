import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { spawnDaemon, waitForHealthy } from '../helpers/spawn-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();

// The compiled daemon in a temp data dir, answering; killed after a failure.
async function startedDaemon(args: string[] = []) {
  const temp = makeTempDir('memoryd-stdio-');
  defer(temp.remove);
  const socketPath = join(temp.dir, 'memoryd.sock');
  const spawned = spawnDaemon({ MEMORYD_DATA_DIR: temp.dir, MEMORYD_EMBEDDER: 'hashing' }, args);
  defer(() => void spawned.child.kill('SIGKILL'));
  await waitForHealthy(socketPath, spawned);
  const client = new MemorydClient({ socketPath, timeoutMs: 5_000 });
  defer(() => client.close());
  return { spawned, socketPath, client };
}

describe('the daemon and the streams it writes to', () => {
  it('keeps serving once nothing reads its stdout or stderr (`| grep -m1 listening`), and still stops cleanly', async () => {
    const { spawned, socketPath, client } = await startedDaemon(['--verbose']);
    // The reader goes away: every debug line --verbose writes from now on meets EPIPE.
    spawned.child.stdout?.destroy();
    spawned.child.stderr?.destroy();
    for (let i = 0; i < 5; i += 1) {
      expect((await client.context('piped', { message: `Message ${i} about the garden` })).turn.turnNumber).toBe(i + 1);
    }
    expect((await client.health()).status).toBe('ok');
    spawned.child.kill('SIGTERM');
    expect(await spawned.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(socketPath)).toBe(false);
  });
});

describe('the signals that stop the daemon', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('%s stops it cleanly: exit 0, socket removed', async (signal) => {
    const { spawned, socketPath } = await startedDaemon();
    spawned.child.kill(signal);
    expect(await spawned.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(socketPath)).toBe(false);
  });
});
