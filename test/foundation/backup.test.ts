import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { REPO_ROOT, spawnCommand } from '../helpers/spawn-daemon.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon } from '../helpers/test-daemon.js';

// `npm run backup -- <file>`: a consistent copy while the daemon runs and writes, every
// write it acknowledged before the backup started included (those still in the WAL too),
// checked, never over an existing file unless asked; and the README's restore puts it back.
const defer = cleanupAfterEach();

function tempDir(): string {
  const temp = makeTempDir('memoryd-backup-');
  defer(temp.remove);
  return temp.dir;
}

// scripts/backup.ts as npm runs it, as a child process: the daemon in this process keeps serving meanwhile.
async function backup(env: Record<string, string>, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = spawnCommand(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'backup.ts'), ...args], env);
  const { code } = await run.exited;
  return { code, ...run.output };
}

function factsIn(path: string): string[] {
  const db = new BetterSqlite3(path, { readonly: true });
  try {
    return db.prepare('SELECT fact FROM facts ORDER BY fact').pluck().all() as string[];
  } finally {
    db.close();
  }
}

describe('npm run backup', () => {
  it('copies a database the daemon is writing to, with every acknowledged fact, checked, and the copy restores', async () => {
    const dataDir = join(tempDir(), 'data');
    const daemon = await startTestDaemon({ dir: dataDir, keepDir: true });
    defer(() => daemon.stop());
    const before = Array.from({ length: 40 }, (_, i) => `My locker number ${i} is ${1000 + i}`);
    for (const fact of before) await daemon.client.addFact({ fact, domain: 'preferences' });
    // Acknowledged, and still in the WAL: a copy of memoryd.db alone would miss them.
    expect(statSync(`${daemon.config.dbPath}-wal`).size).toBeGreaterThan(0);

    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await daemon.client.context('busy', { message: `Turn ${written++}: tell me something about tides.` });
      }
    })();
    const destination = join(tempDir(), 'memoryd-backup.db');
    const result = await backup({ MEMORYD_DATA_DIR: dataDir }, [destination]);
    writing = false;
    await writer;

    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      new RegExp(`^backup: wrote ${destination} \\(${statSync(destination).size} bytes, 40 facts; integrity_check ok\\) from ${daemon.config.dbPath} in \\d+ ms\\n$`),
    );
    expect(result.code).toBe(0);
    expect(written).toBeGreaterThan(0);
    expect(factsIn(destination)).toEqual([...before].sort());
    expect(statSync(destination).mode & 0o777).toBe(0o600);
    const copy = new BetterSqlite3(destination, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    // The README's restore: stop the daemon, remove the -wal and -shm, copy the backup in place, start.
    await daemon.client.addFact({ fact: 'My bike is blue', domain: 'preferences' });
    await daemon.stop();
    rmSync(`${daemon.config.dbPath}-wal`, { force: true });
    rmSync(`${daemon.config.dbPath}-shm`, { force: true });
    copyFileSync(destination, daemon.config.dbPath);
    const restored = await startTestDaemon({ dir: dataDir, keepDir: true });
    defer(() => restored.stop());
    expect((await restored.client.health()).status).toBe('ok');
    expect((await restored.client.listFacts({ limit: 1000 })).facts.map((fact) => fact.fact).sort()).toEqual([...before].sort());
  });

  it('refuses an existing file unless --force, and never names the database itself', async () => {
    const dataDir = join(tempDir(), 'data');
    const daemon = await startTestDaemon({ dir: dataDir, keepDir: true });
    defer(() => daemon.stop());
    await daemon.client.addFact({ fact: 'My editor is Helix', domain: 'preferences' });
    const destination = join(tempDir(), 'existing.db');
    writeFileSync(destination, 'an earlier file\n');

    const refused = await backup({ MEMORYD_DATA_DIR: dataDir }, [destination]);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: `backup: ${destination} already exists: name another file, or add --force to replace it\n` });
    expect(readFileSync(destination, 'utf8')).toBe('an earlier file\n');

    const forced = await backup({ MEMORYD_DATA_DIR: dataDir }, [destination, '--force']);
    expect(forced.code).toBe(0);
    expect(factsIn(destination)).toEqual(['My editor is Helix']);

    const itself = await backup({ MEMORYD_DATA_DIR: dataDir }, [daemon.config.dbPath, '--force']);
    expect(itself).toEqual({
      code: 1,
      stdout: '',
      stderr: `backup: ${daemon.config.dbPath} is the database memoryd serves (MEMORYD_DB) or one of its files: name another file\n`,
    });
    expect((await daemon.client.health()).status).toBe('ok');
  });

  it('reads a relative file from where npm was run (INIT_CWD), not from the package folder npm runs it in', async () => {
    const dataDir = join(tempDir(), 'data');
    const daemon = await startTestDaemon({ dir: dataDir, keepDir: true });
    defer(() => daemon.stop());
    const caller = tempDir();
    const result = await backup({ MEMORYD_DATA_DIR: dataDir, INIT_CWD: caller }, ['copy.db']);
    expect(result.code).toBe(0);
    expect(existsSync(join(caller, 'copy.db'))).toBe(true);
  });

  it('says there is no database yet or no folder for the file (exit 1), and a missing destination is a usage error (exit 2)', async () => {
    const dataDir = join(tempDir(), 'data');
    const destination = join(tempDir(), 'copy.db');
    expect(await backup({ MEMORYD_DATA_DIR: dataDir }, [destination])).toEqual({
      code: 1,
      stdout: '',
      stderr: `backup: no database at ${join(dataDir, 'memoryd.db')} yet: start the daemon once (npm start) to create it; if memoryd runs with other settings (a service's MEMORYD_DATA_DIR or MEMORYD_DB), run this with the same\n`,
    });
    expect(existsSync(destination)).toBe(false);
    const daemon = await startTestDaemon({ dir: dataDir, keepDir: true });
    defer(() => daemon.stop());
    const nowhere = join(tempDir(), 'missing', 'copy.db');
    expect(await backup({ MEMORYD_DATA_DIR: dataDir }, [nowhere])).toEqual({
      code: 1,
      stdout: '',
      stderr: `backup: nothing written to ${nowhere}: the folder ${join(nowhere, '..')} does not exist: create it, or name a file in another\n`,
    });
    const usage = await backup({ MEMORYD_DATA_DIR: dataDir }, []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^backup: a destination file is needed\nusage: npm run backup -- <destination file> \[--force\]\n/);
  });
});

describe('npm run backup and memoryd\'s own files', () => {
  it('never writes over the lock, the journals or the socket, --force or not', async () => {
    const dataDir = join(tempDir(), 'data');
    const daemon = await startTestDaemon({ dir: dataDir, keepDir: true });
    defer(() => daemon.stop());
    const lock = `${daemon.config.dbPath}.lock`;
    const lockBytes = readFileSync(lock);
    for (const file of [lock, `${daemon.config.dbPath}.lock-journal`, `${daemon.config.dbPath}-journal`]) {
      const refused = await backup({ MEMORYD_DATA_DIR: dataDir }, [file, '--force']);
      expect([file, refused]).toEqual([file, { code: 1, stdout: '', stderr: `backup: ${file} is the database memoryd serves (MEMORYD_DB) or one of its files: name another file\n` }]);
    }
    const socket = await backup({ MEMORYD_DATA_DIR: dataDir }, [daemon.config.socketPath, '--force']);
    expect(socket).toEqual({ code: 1, stdout: '', stderr: `backup: ${daemon.config.socketPath} is memoryd's socket (MEMORYD_SOCKET): name another file\n` });
    expect(readFileSync(lock)).toEqual(lockBytes);
    expect((await daemon.client.health()).status).toBe('ok');
  });
});

describe('a backup stopped or killed midway', () => {
  it('removes the partial copies a killed backup to the same file left, not those of a backup still running', async () => {
    const dataDir = join(tempDir(), 'data');
    const daemon = await startTestDaemon({ dir: dataDir, keepDir: true });
    defer(() => daemon.stop());
    const folder = tempDir();
    const destination = join(folder, 'copy.db');
    const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
    for (const name of [`.copy.db.partial-${gone}`, `.copy.db.partial-${gone}-journal`, `.copy.db.partial-${process.ppid}`, `.other.db.partial-${gone}`]) {
      writeFileSync(join(folder, name), 'the whole database, once');
    }
    const result = await backup({ MEMORYD_DATA_DIR: dataDir }, [destination]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/; removed 1 partial copy an interrupted backup left beside it\n$/u);
    expect(readdirSync(folder).sort()).toEqual([`.copy.db.partial-${process.ppid}`, `.other.db.partial-${gone}`, 'copy.db'].sort());
  });
});
