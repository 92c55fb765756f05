import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { DIST_ENTRY } from '../../src/cli/dist-paths.js';
import { refuseUnexpandedHome } from '../../src/lifecycle/path-setting.js';
import { spawnCommand } from '../helpers/spawn-daemon.js';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { startPathsPerTest } from './start-paths.js';

// Start errors that used to say what the file system or SQLite said (ENOENT of a mkdir,
// SQLITE_CANTOPEN) or made a folder named "~": each names the setting, the path, what is
// wrong and what to do.
const { paths, start, defer } = startPathsPerTest('memoryd-start-words-', () => ({ MEMORYD_EMBEDDER: 'hashing' }));
const NOBODY = 65534;

function tryRun(program: string, args: string[]): boolean {
  try {
    execFileSync(program, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a path that starts with "~"', () => {
  it.each([
    ['MEMORYD_DATA_DIR', { MEMORYD_DATA_DIR: '~/mdx-data' }, (dir: string) => join(dir, '~', 'mdx-data'), join(homedir(), 'mdx-data')],
    ['MEMORYD_LOGS_DIR', { MEMORYD_DATA_DIR: 'data', MEMORYD_LOGS_DIR: '~/memoryd-logs' }, (dir: string) => join(dir, 'data', '~', 'memoryd-logs'), join(homedir(), 'memoryd-logs')],
  ])('is refused for %s with a hint to write it out, and no folder "~" is made', async (setting, env, resolved, meant) => {
    const { dir } = paths();
    expect(await start(env)).toEqual({
      code: 1,
      stderr:
        `memoryd: ${setting}: cannot use the folder ${resolved(dir)}: "~" is not expanded to a home folder (only a shell does that, not a systemd Environment= line or a quoted value), ` +
        `so it would be a folder named "~"; write the path out (${meant}, or $HOME/… where a shell reads it)\n`,
    });
    expect(existsSync(join(dir, '~'))).toBe(false);
    expect(existsSync(join(dir, 'data', '~'))).toBe(false);
  });

  it('is used when a folder of that name is there already (one made on purpose, or by an earlier start)', () => {
    const { dir } = paths();
    const target = (path: string) => ({ kind: 'folder' as const, path });
    expect(() => refuseUnexpandedHome('MEMORYD_DATA_DIR', target(join(dir, '~old', 'data')))).toThrow(/is not expanded to a home folder/);
    mkdirSync(join(dir, '~old'));
    expect(() => refuseUnexpandedHome('MEMORYD_DATA_DIR', target(join(dir, '~old', 'data')))).not.toThrow();
  });
});

describe('a data dir that does not exist on a read-only file system', () => {
  it('says it is on a read-only file system and what to do, not ENOENT', async (context: TestContext) => {
    const { dir, folder } = paths();
    const mount = join(dir, 'read-only');
    mkdirSync(mount);
    if (!tryRun('mount', ['--bind', folder, mount])) context.skip('no bind mounts here (needs root): no read-only file system to start on');
    defer(() => execFileSync('umount', [mount]));
    if (!tryRun('mount', ['-o', 'remount,ro,bind', mount])) context.skip('cannot remount a bind mount read-only here');
    const dataDir = join(mount, 'memoryd', 'data');
    expect(await start({ MEMORYD_DATA_DIR: dataDir })).toEqual({
      code: 1,
      stderr: `memoryd: MEMORYD_DATA_DIR: cannot use the folder ${dataDir}: it is on a read-only file system; remount the file system read-write, or set MEMORYD_DATA_DIR to a path on one memoryd may write\n`,
    });
  });
});

describe("a database file of another user's (mode 600)", () => {
  // Root opens any file, so the daemon runs as nobody (setpriv) on a database root owns.
  it('says permission denied and what to do', async (context: TestContext) => {
    if (process.getuid?.() !== 0) context.skip('needs root, to start the daemon as another user');
    if (!tryRun('setpriv', ['--version'])) context.skip('setpriv is not installed');
    const { dir } = paths();
    chmodSync(dir, 0o755);
    const dataDir = join(dir, 'data');
    const first = await startTestDaemon({ dir: dataDir, keepDir: true });
    await first.stop();
    const dbPath = join(dataDir, 'memoryd.db');
    for (const name of ['', '-wal', '-shm']) rmSync(`${dbPath}${name}.lock-journal`, { force: true });
    // nobody's data dir and lock file; root's database, 600.
    for (const path of [dataDir, join(dataDir, 'logs'), `${dbPath}.lock`]) chownSync(path, NOBODY, NOBODY);
    chmodSync(dbPath, 0o600);

    const spawned = spawnCommand('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', process.execPath, DIST_ENTRY], {
      MEMORYD_DATA_DIR: dataDir,
      MEMORYD_EMBEDDER: 'hashing',
      MEMORYD_WARM_UP_EXCHANGES: '0',
    });
    const { code } = await spawned.exited;
    expect(spawned.output.stderr).toBe(
      `memoryd: MEMORYD_DB: cannot use the file ${dbPath}: permission denied (this user, uid ${NOBODY}, may not create or write it); ` +
        'let this user write it (`ls -l` shows the owner and mode, `lsattr` an immutable flag), or set MEMORYD_DB to a path it may write\n',
    );
    expect(code).toBe(1);
  });
});
