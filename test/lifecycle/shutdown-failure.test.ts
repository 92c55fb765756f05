import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemorydClient } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { spawnCommand, waitForHealthy, type SpawnedDaemon } from '../helpers/spawn-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// A daemon whose shutdown fails (its queued fact re-confirmations cannot be written) exits 1
// at SIGTERM; whoever started it (a terminal, systemd's journal) reads why on stderr, not
// only in the log files. The daemon runs as `npm start` runs it, from the sources under tsx.
const defer = cleanupAfterEach();

function startDaemonProcess(dataDir: string): SpawnedDaemon {
  const spawned = spawnCommand(process.execPath, ['--import', 'tsx', join('scripts', 'start.ts')], {
    MEMORYD_DATA_DIR: dataDir,
    MEMORYD_EMBEDDER: 'hashing',
    MEMORYD_WARM_UP_EXCHANGES: '0',
  });
  defer(async () => {
    if (spawned.child.exitCode === null && spawned.child.signalCode === null) {
      spawned.child.kill('SIGKILL');
      await spawned.exited;
    }
  });
  return spawned;
}

// `chattr +i` makes a file immutable even for root, whom file modes do not stop.
function makeImmutable(path: string): boolean {
  try {
    execFileSync('chattr', ['+i', path], { stdio: 'ignore' });
  } catch {
    return false;
  }
  defer(() => execFileSync('chattr', ['-i', path], { stdio: 'ignore' }));
  return true;
}

describe('a daemon whose shutdown fails', () => {
  it('exits 1 at SIGTERM and says why on stderr: the re-confirmations it could not write, the database and the cause', async (context) => {
    const temp = makeTempDir('memoryd-shutdown-failure-');
    defer(temp.remove);
    const spawned = startDaemonProcess(temp.dir);
    const socketPath = join(temp.dir, 'memoryd.sock');
    await waitForHealthy(socketPath, spawned);
    const client = new MemorydClient({ socketPath, timeoutMs: 10_000 });
    defer(() => client.close());
    await client.addFact({ fact: 'My editor is Helix', domain: 'preferences' });
    // A question the fact answers queues its re-confirmation, written by a batch every 5 minutes or at shutdown.
    const asked = await client.context('chat', { message: 'Which editor do I use?' });
    expect(asked.messages.map((message) => message.content).join('\n')).toContain('My editor is Helix');
    client.close();

    // The database's WAL can no longer be written: the last flush fails with a disk I/O error.
    const dbPath = join(temp.dir, 'memoryd.db');
    if (!makeImmutable(`${dbPath}-wal`)) context.skip('chattr cannot make a file immutable here (needs root and a file system with the attribute)');
    spawned.child.kill('SIGTERM');
    expect(await spawned.exited).toEqual({ code: 1, signal: null });
    expect(spawned.output.stderr).toContain(
      `memoryd: stopped after SIGTERM, exit code 1: the queued fact re-confirmations could not be written to the database ${dbPath} before it closed (disk I/O error): they are lost`,
    );
    expect(spawned.output.stderr).toContain(`(the log files in ${join(temp.dir, 'logs')} have the details)`);
  });
});
