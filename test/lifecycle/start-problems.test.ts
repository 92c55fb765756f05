import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { startPathsPerTest } from './start-paths.js';

// Start-up problems that used to stop the daemon with a bare error (EPERM of a chmod, "file
// is not a database", "cannot read the system prompt file"): each now names the setting,
// the path, what is wrong and what to do. Run as root, file modes deny nothing, so a read-only
// file system is a read-only bind mount and a file memoryd may not write is an immutable
// one (chattr +i); a test that cannot make either here is skipped, saying so.
const { paths, start, defer } = startPathsPerTest('memoryd-start-problems-', () => ({ MEMORYD_EMBEDDER: 'hashing' }));

function tryRun(program: string, args: string[]): boolean {
  try {
    execFileSync(program, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// `source` seen read-only at `target` (a new folder), until the test ends.
function readOnlyMount(context: TestContext, source: string, target: string): void {
  mkdirSync(target);
  if (!tryRun('mount', ['--bind', source, target])) context.skip('no bind mounts here (needs root): no read-only file system to start on');
  defer(() => execFileSync('umount', [target]));
  if (!tryRun('mount', ['-o', 'remount,ro,bind', target])) context.skip('cannot remount a bind mount read-only here');
}

function immutable(context: TestContext, path: string): void {
  if (!tryRun('chattr', ['+i', path])) context.skip('chattr cannot make a file immutable here (needs root and a file system with the attribute)');
  defer(() => execFileSync('chattr', ['-i', path]));
}

describe('starting where memoryd may not write', () => {
  it('names the data dir on a read-only file system and what to do', async (context) => {
    const { dir, folder } = paths();
    const dataDir = join(dir, 'read-only');
    readOnlyMount(context, folder, dataDir);
    expect(await start({ MEMORYD_DATA_DIR: dataDir })).toEqual({
      code: 1,
      stderr: `memoryd: MEMORYD_DATA_DIR: cannot use the folder ${dataDir}: it is on a read-only file system; remount the file system read-write, or set MEMORYD_DATA_DIR to a path on one memoryd may write\n`,
    });
  });

  it('names a database reached through a link onto a read-only file system, by its lock file, and what to do', async (context) => {
    const { dir, folder } = paths();
    const readOnly = join(dir, 'read-only');
    readOnlyMount(context, folder, readOnly);
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    symlinkSync(join(readOnly, 'memoryd.db'), join(dataDir, 'memoryd.db'));
    const lockFile = join(readOnly, 'memoryd.db.lock');
    expect(await start({ MEMORYD_DATA_DIR: dataDir })).toEqual({
      code: 1,
      stderr:
        `memoryd: MEMORYD_DB: cannot use the file ${lockFile}: the lock file memoryd keeps beside the database: SQLite cannot open or create it: its folder ${readOnly} is on a read-only file system; ` +
        'remount the file system read-write, or set MEMORYD_DB to a path on one memoryd may write\n',
    });
  });

  it('names a database file memoryd may not write and what to do', async (context) => {
    const { dir } = paths();
    const dataDir = join(dir, 'data');
    const first = await startTestDaemon({ dir: dataDir, keepDir: true });
    await first.stop();
    const dbPath = join(dataDir, 'memoryd.db');
    immutable(context, dbPath);
    const { code, stderr } = await start({ MEMORYD_DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `memoryd: MEMORYD_DB: cannot use the file ${dbPath}: permission denied (this user, uid ${process.getuid?.() ?? '?'}, may not create or write it); ` +
        'let this user write it (`ls -l` shows the owner and mode, `lsattr` an immutable flag), or set MEMORYD_DB to a path it may write\n',
    );
  });
});

describe('starting on a database that is a dangling link', () => {
  it('names MEMORYD_DB, the link and the missing folder it points into', async () => {
    const { dir } = paths();
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    const dbPath = join(dataDir, 'memoryd.db');
    const target = join(dir, 'gone', 'x.db');
    symlinkSync(target, dbPath);
    expect(await start({ MEMORYD_DATA_DIR: dataDir })).toEqual({
      code: 1,
      stderr:
        `memoryd: MEMORYD_DB: cannot use the file ${dbPath}: it is a symbolic link to ${target}, whose folder ${join(dir, 'gone')} does not exist: ` +
        'create that folder, or point the link or MEMORYD_DB at a file memoryd may create\n',
    });
  });
});

describe('starting beside a damaged lock file', () => {
  it.each([
    ['garbage', Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 131 + 7) % 256))],
    ['a pid that is not a number', 'not-a-pid\n'],
    ['a pid', '4242\n'],
  ])('says the lock file holding %s is damaged, that it holds no data, and to delete it', async (_, content) => {
    const { dir } = paths();
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    const lockFile = join(dataDir, 'memoryd.db.lock');
    writeFileSync(lockFile, content);
    expect(await start({ MEMORYD_DATA_DIR: dataDir })).toEqual({
      code: 1,
      stderr:
        `memoryd: MEMORYD_DB: cannot use the file ${lockFile}: it is damaged (file is not a database): it is memoryd's lock file, which holds no data, and no memoryd holds it; ` +
        `delete it (rm ${lockFile}) and start memoryd again, which makes a new one\n`,
    });
  });

  it('starts beside an empty lock file, which is what a stopped daemon leaves', async () => {
    const { dir } = paths();
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    writeFileSync(join(dataDir, 'memoryd.db.lock'), '');
    const daemon = await startTestDaemon({ dir: dataDir, keepDir: true });
    defer(() => daemon.stop());
    expect((await daemon.client.health()).status).toBe('ok');
  });
});

describe('a system prompt file that cannot be used', () => {
  const advice =
    'fix it (a readable UTF-8 text file, not empty, under MEMORYD_TOKEN_CAP tokens), or remove it or set MEMORYD_SYSTEM_PROMPT to another path to start with the built-in prompt';

  it('names MEMORYD_SYSTEM_PROMPT, the path and why it cannot be read', async () => {
    const { folder } = paths();
    expect(await start({ MEMORYD_DATA_DIR: join(paths().dir, 'data'), MEMORYD_SYSTEM_PROMPT: folder })).toEqual({
      code: 1,
      stderr: `memoryd: MEMORYD_SYSTEM_PROMPT: cannot read the system prompt file ${folder}: it is a folder, not a file; ${advice}\n`,
    });
  });

  it.each([
    ['not UTF-8 text', Buffer.from([0xff, 0xfe, 0x41]), 'is not UTF-8 text'],
    ['empty', '  \n', 'is empty'],
    ['over the token cap', 'word '.repeat(600), 'is 601 tokens: it must leave room under MEMORYD_TOKEN_CAP (512)'],
  ])('names MEMORYD_SYSTEM_PROMPT and the path of a file %s', async (_, content, problem) => {
    const { dir } = paths();
    const file = join(dir, 'prompt.md');
    writeFileSync(file, content);
    expect(await start({ MEMORYD_DATA_DIR: join(dir, 'data'), MEMORYD_SYSTEM_PROMPT: file, MEMORYD_TOKEN_CAP: '512' })).toEqual({
      code: 1,
      stderr: `memoryd: MEMORYD_SYSTEM_PROMPT: the system prompt file ${file} ${problem}; ${advice}\n`,
    });
  });
});
