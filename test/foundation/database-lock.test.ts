import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

async function started(dir: string): Promise<TestDaemon> {
  const daemon = await startTestDaemon({ dir, keepDir: true });
  defer(() => daemon.stop());
  return daemon;
}

// Two data dirs side by side; `linked`'s memoryd.db is a symbolic link to `owner`'s.
function linkedDataDirs(): { owner: string; linked: string } {
  const temp = makeTempDir('memoryd-lock-');
  defer(temp.remove);
  const owner = join(temp.dir, 'owner');
  const linked = join(temp.dir, 'linked');
  mkdirSync(owner, { mode: 0o700 });
  mkdirSync(linked, { mode: 0o700 });
  symlinkSync(join(owner, 'memoryd.db'), join(linked, 'memoryd.db'));
  return { owner, linked };
}

describe('the one-daemon lock of a database', () => {
  it('refuses a daemon whose memoryd.db is a symbolic link to a database another daemon serves', async () => {
    const { owner, linked } = linkedDataDirs();
    const first = await started(owner);
    await expect(startTestDaemon({ dir: linked, keepDir: true })).rejects.toMatchObject({
      code: 'ALREADY_RUNNING',
      message: expect.stringContaining(`another memoryd is already using the database ${join(linked, 'memoryd.db')} (it holds ${join(owner, 'memoryd.db.lock')})`),
    });
    expect(existsSync(join(linked, 'memoryd.db.lock'))).toBe(false);
    expect((await first.client.health()).status).toBe('ok');
  });

  it('locks the link target also when the daemon through the link creates the database', async () => {
    const { owner, linked } = linkedDataDirs();
    const first = await started(linked);
    expect(existsSync(join(owner, 'memoryd.db'))).toBe(true);
    await expect(startTestDaemon({ dir: owner, keepDir: true })).rejects.toMatchObject({ code: 'ALREADY_RUNNING' });
    expect((await first.client.health()).status).toBe('ok');
  });

  it('keeps the lock file and its journal owner-only, like the database files', async () => {
    const temp = makeTempDir('memoryd-lock-');
    defer(temp.remove);
    await started(temp.dir);
    const lockFiles = readdirSync(temp.dir).filter((name) => name.startsWith('memoryd.db.lock'));
    expect(lockFiles).toContain('memoryd.db.lock');
    for (const name of lockFiles) expect([name, (statSync(join(temp.dir, name)).mode & 0o777).toString(8)]).toEqual([name, '600']);
  });

  it('replaces a journal a crash left beside the lock with an owner-only one', async () => {
    const temp = makeTempDir('memoryd-lock-');
    defer(temp.remove);
    const journal = join(temp.dir, 'memoryd.db.lock-journal');
    writeFileSync(journal, '', { mode: 0o644 });
    await started(temp.dir);
    expect((statSync(journal).mode & 0o777).toString(8)).toBe('600');
  });
});
