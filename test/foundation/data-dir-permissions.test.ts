import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

const defer = cleanupAfterEach();

// A data dir others can enter (mode 755 or as given), holding `files`.
function openDataDir(files: string[], mode = 0o755): string {
  const temp = makeTempDir('memoryd-datadir-');
  defer(temp.remove);
  const dir = join(temp.dir, 'data');
  mkdirSync(dir);
  for (const file of files) writeFileSync(join(dir, file), 'kept as it is\n');
  chmodSync(dir, mode);
  return dir;
}

describe('the data dir permissions', () => {
  it("tightens to 0700 a data dir that holds only memoryd's own files (a checkout's data/ with its README, a previous run's logs)", async () => {
    const dir = openDataDir(['README.md']);
    mkdirSync(join(dir, 'logs'));
    const daemon = await startTestDaemon({ dir, keepDir: true });
    defer(() => daemon.stop());
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect((await daemon.client.health()).status).toBe('ok');
  });

  it("counts as memoryd's the lock's journal a killed daemon leaves and the folders of paths set deeper in the data dir", async () => {
    const dir = openDataDir(['memoryd.db.lock-journal']);
    mkdirSync(join(dir, 'db'));
    writeFileSync(join(dir, 'db', 'memoryd.db.lock-journal'), '');
    const daemon = await startTestDaemon({ dir, keepDir: true, env: { MEMORYD_DB: join(dir, 'db', 'memoryd.db') } });
    defer(() => daemon.stop());
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('refuses a data dir others can enter that holds other files, naming it and what to do, and changes nothing in it', async () => {
    const dir = openDataDir(['notes.txt', 'package.json']);
    await expect(startTestDaemon({ dir, keepDir: true })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: `the data dir ${dir} can be entered by other users (mode 755) and holds files that are not memoryd's (notes.txt, package.json), so memoryd does not change its mode; run \`chmod 700 ${dir}\` if it may be private, or set MEMORYD_DATA_DIR to a directory of memoryd's own (a new one is made 0700)`,
    });
    expect(statSync(dir).mode & 0o777).toBe(0o755);
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', 'package.json']);
  });

  it('refuses a shared directory with the sticky bit (like /tmp), even an empty one', async () => {
    const dir = openDataDir([], 0o1777);
    await expect(startTestDaemon({ dir, keepDir: true })).rejects.toThrow(/is a shared directory \(sticky bit\)/);
    expect(statSync(dir).mode & 0o7777).toBe(0o1777);
    expect(existsSync(join(dir, 'memoryd.db'))).toBe(false);
  });

  it('makes a new data dir 0700, and starts in it again after a clean stop', async () => {
    const temp = makeTempDir('memoryd-datadir-');
    defer(temp.remove);
    const dir = join(temp.dir, 'fresh', 'data');
    const first = await startTestDaemon({ dir, keepDir: true });
    await first.client.json('POST', '/v1/sessions/s-1/context', { message: 'hello' });
    await first.stop();
    chmodSync(dir, 0o755);
    const second = await startTestDaemon({ dir, keepDir: true });
    defer(() => second.stop());
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
