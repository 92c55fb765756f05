import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabaseReadOnly } from '../../src/storage/database.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

// The read-only commands (inspect-facts, backup) on a database in a folder nothing can be
// made in (a read-only mount, a snapshot): SQLite needs to make the WAL database's -shm
// there, and said only "unable to open database file". `chattr +i` makes a folder so even
// for root, whom file modes do not stop; where it is not available the test is skipped.
const defer = cleanupAfterEach();

function chattr(flag: '+i' | '-i', path: string): boolean {
  try {
    execFileSync('chattr', [flag, path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a database in a folder nothing can be made in', () => {
  it('is refused by the read-only opening with the folder named and what to do', async (context) => {
    const temp = makeTempDir('memoryd-ro-');
    defer(temp.remove);
    const dataDir = join(temp.dir, 'data');
    const daemon = await startTestDaemon({ dir: dataDir, keepDir: true });
    await daemon.client.addFact({ fact: 'My editor is Helix', domain: 'preferences' });
    await daemon.stop();
    const dbPath = join(dataDir, 'memoryd.db');
    expect(existsSync(`${dbPath}-shm`)).toBe(false);
    if (!chattr('+i', dataDir)) context.skip();
    defer(() => void chattr('-i', dataDir));
    expect(() => openDatabaseReadOnly(dbPath)).toThrow(
      `cannot read the database ${dbPath} (MEMORYD_DB): its folder ${dataDir} cannot be written by this user, and SQLite must make memoryd.db-shm there to read a WAL database; ` +
        'copy the data dir to a writable folder and run this on the copy (with the daemon stopped, or from a backup)',
    );
    chattr('-i', dataDir);
    const database = openDatabaseReadOnly(dbPath);
    database.close();
  });
});
