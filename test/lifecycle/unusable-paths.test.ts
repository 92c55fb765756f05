import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { startDaemon } from '../../src/daemon.js';
import { startPathsPerTest } from './start-paths.js';

const { paths, start, defer } = startPathsPerTest('memoryd-paths-');
const asRoot = process.getuid?.() === 0;

let dir: string;
let file: string;
let folder: string;
beforeEach(() => {
  ({ dir, file, folder } = paths());
});

describe('a path setting the daemon cannot use', () => {
  it.each([
    ['MEMORYD_DATA_DIR as a file', () => ({ MEMORYD_DATA_DIR: file }), () => `memoryd: MEMORYD_DATA_DIR: cannot use the folder ${file}: it is a file, not a folder\n`],
    [
      'MEMORYD_DATA_DIR under a file',
      () => ({ MEMORYD_DATA_DIR: join(file, 'data') }),
      () => `memoryd: MEMORYD_DATA_DIR: cannot use the folder ${join(file, 'data')}: ${file} is a file, not a folder\n`,
    ],
    [
      'MEMORYD_LOGS_DIR as a file',
      () => ({ MEMORYD_DATA_DIR: join(dir, 'data'), MEMORYD_LOGS_DIR: file }),
      () => `memoryd: MEMORYD_LOGS_DIR: cannot use the folder ${file}: it is a file, not a folder\n`,
    ],
    [
      "MEMORYD_SOCKET's folder as a file",
      () => ({ MEMORYD_DATA_DIR: join(dir, 'data'), MEMORYD_SOCKET: join(file, 'x.sock') }),
      () => `memoryd: MEMORYD_SOCKET: cannot use the folder ${file}: it is a file, not a folder\n`,
    ],
    [
      'MEMORYD_DB as a folder',
      () => ({ MEMORYD_DATA_DIR: join(dir, 'data'), MEMORYD_DB: folder }),
      () => `memoryd: MEMORYD_DB: cannot use the file ${folder}: it is a folder, not a file\n`,
    ],
    [
      "MEMORYD_DB's folder as a file",
      () => ({ MEMORYD_DATA_DIR: join(dir, 'data'), MEMORYD_DB: join(file, 'x.db') }),
      () => `memoryd: MEMORYD_DB: cannot use the folder ${file}: it is a file, not a folder\n`,
    ],
  ])('stops with exit code 1 and one line naming the variable, the path and why, without a stack: %s', async (_name, env, line) => {
    const { code, stderr } = await start(env());
    expect(stderr).toBe(line());
    expect(code).toBe(1);
  });

  it('makes no lock file beside a folder given as MEMORYD_DB', async () => {
    await start({ MEMORYD_DATA_DIR: join(dir, 'data'), MEMORYD_DB: folder });
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it("is a CONFIG_INVALID error naming the setting, with the file system's error as its cause", async () => {
    const config = loadConfig({ MEMORYD_DATA_DIR: join(dir, 'data'), MEMORYD_LOGS_DIR: file }, { cwd: dir });
    await expect(startDaemon({ config, scheduler: false })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      details: { issues: [{ path: 'MEMORYD_LOGS_DIR', message: `${file}: it is a file, not a folder` }] },
      cause: { code: 'EEXIST' },
    });
  });

  // Root may enter and write any folder, so only another user meets a permission error.
  it.skipIf(asRoot)('says "permission denied" for a data dir and a logs dir this user may not write in (skipped as root: root is never denied)', async () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    defer(() => chmodSync(locked, 0o700));
    const data = await start({ MEMORYD_DATA_DIR: join(locked, 'data') });
    expect(data.stderr).toMatch(new RegExp(`^memoryd: MEMORYD_DATA_DIR: cannot use the folder ${join(locked, 'data')}: permission denied .*\\n$`));
    expect(data.code).toBe(1);
    const logs = await start({ MEMORYD_DATA_DIR: join(dir, 'data'), MEMORYD_LOGS_DIR: locked });
    expect(logs.stderr).toMatch(new RegExp(`^memoryd: MEMORYD_LOGS_DIR: cannot use the folder ${locked}: permission denied .*\\n$`));
    expect(logs.code).toBe(1);
  });
});
