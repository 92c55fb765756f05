import { copyFileSync, mkdirSync, openSync, readdirSync, readFileSync, closeSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { startPathsPerTest } from './start-paths.js';

// What start does with the database file before serving it: refuses a damaged one and one
// a newer memoryd migrated (naming MEMORYD_DB, the file, what is wrong and what to do),
// logs the migrations it applies, and says when it made a new, empty database.
const { paths, start } = startPathsPerTest('memoryd-db-start-', () => ({ MEMORYD_EMBEDDER: 'hashing' }));

const MIGRATIONS = fileURLToPath(new URL('../../src/storage/migrations', import.meta.url));
const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> };
const tags = journal.entries.map((entry) => entry.tag);

const restore = (dbPath: string): string =>
  `restore it from a backup: with memoryd stopped, delete ${dbPath}-wal and ${dbPath}-shm, then copy the backup to ${dbPath} ` +
  '(README, "Backing up and restoring"; `npm run backup` makes one while memoryd runs)';

// A data dir with a database the daemon made and stopped on, holding a few facts.
async function stoppedDatabase(): Promise<{ dataDir: string; dbPath: string }> {
  const dataDir = join(paths().dir, 'data');
  const daemon = await startTestDaemon({ dir: dataDir, keepDir: true });
  for (const fact of ['My editor is Helix', 'My shell is fish', 'I live in Lisbon']) {
    await daemon.client.addFact({ fact, domain: 'preferences' });
  }
  await daemon.stop();
  return { dataDir, dbPath: join(dataDir, 'memoryd.db') };
}

function logLines(dataDir: string): Array<Record<string, unknown>> {
  const logs = join(dataDir, 'logs');
  return readdirSync(logs)
    .flatMap((name) => readFileSync(join(logs, name), 'utf8').split('\n'))
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('a damaged database at start', () => {
  it("is refused with SQLite's first complaint and what to do, and left as it was", async () => {
    const { dataDir, dbPath } = await stoppedDatabase();
    // Garbage over the last page: a b-tree page SQLite cannot read, as a copy torn by a checkpoint leaves.
    const pageSize = 1024;
    const bytes = readFileSync(dbPath).length;
    const fd = openSync(dbPath, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, bytes - pageSize);
    closeSync(fd);
    const damaged = readFileSync(dbPath);

    const { code, stderr } = await start({ MEMORYD_DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^memoryd: MEMORYD_DB: cannot use the file .*: it is damaged \(PRAGMA quick_check: Tree \d+ page \d+[^)\n]*\); /);
    expect(stderr).toContain(`cannot use the file ${dbPath}: `);
    expect(stderr).toContain(`; ${restore(dbPath)}; memoryd does not serve a damaged database, which would lose or garble what it reads\n`);
    expect(readFileSync(dbPath).equals(damaged)).toBe(true);
  });

  it('is refused naming MEMORYD_DB and what to do when the file is not a database at all', async () => {
    const dataDir = join(paths().dir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    const dbPath = join(dataDir, 'memoryd.db');
    writeFileSync(dbPath, 'these are my notes, not a database\n'.repeat(200));
    expect(await start({ MEMORYD_DATA_DIR: dataDir })).toEqual({
      code: 1,
      stderr:
        `memoryd: MEMORYD_DB: cannot use the file ${dbPath}: it is not an SQLite database (file is not a database); ${restore(dbPath)}; ` +
        "or, if it is not memoryd's database, set MEMORYD_DB to memoryd's\n",
    });
  });
});

describe('migrations at start', () => {
  it('refuses a database a newer memoryd migrated, naming it and what to do, and applies nothing', async () => {
    const { dataDir, dbPath } = await stoppedDatabase();
    const newer = Date.UTC(2030, 0, 2, 3, 4, 5);
    const db = new BetterSqlite3(dbPath);
    db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('f'.repeat(64), newer);
    db.close();

    expect(await start({ MEMORYD_DATA_DIR: dataDir })).toEqual({
      code: 1,
      stderr:
        `memoryd: MEMORYD_DB: cannot use the file ${dbPath}: a newer memoryd has migrated it: it holds 1 migration this memoryd does not know ` +
        '(the newest made 2030-01-02T03:04:05.000Z), and this memoryd would misread it; run that newer memoryd on it, or ' +
        restore(dbPath).replace('restore it from a backup', 'restore the backup taken before the upgrade') +
        '\n',
    });
    const after = new BetterSqlite3(dbPath, { readonly: true });
    expect(after.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBe(tags.length + 1);
    after.close();
  });

  it('logs the migrations it applies: how many, their names, from which to which', async () => {
    const dataDir = join(paths().dir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    // A database of the release before the last two migrations.
    const release = join(paths().dir, 'release');
    mkdirSync(join(release, 'meta'), { recursive: true });
    const entries = journal.entries.slice(0, -2);
    for (const entry of entries) copyFileSync(join(MIGRATIONS, `${entry.tag}.sql`), join(release, `${entry.tag}.sql`));
    writeFileSync(join(release, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    const old = new BetterSqlite3(join(dataDir, 'memoryd.db'));
    migrate(drizzle(old), { migrationsFolder: release });
    old.close();

    const daemon = await startTestDaemon({ dir: dataDir, keepDir: true });
    await daemon.stop();
    const again = await startTestDaemon({ dir: dataDir, keepDir: true });
    await again.stop();

    const applied = logLines(dataDir).filter((line) => line.msg === 'applied migrations');
    expect(applied).toEqual([
      expect.objectContaining({ level: 30, count: 2, migrations: tags.slice(-2), from: tags.at(-3), to: tags.at(-1), dbPath: join(dataDir, 'memoryd.db') }),
    ]);
  });
});

describe('a new database at start', () => {
  it('is said in the log (and by npm start on stdout: system-prompt-room.test.ts) when start creates the file, and not when it exists', async () => {
    const dataDir = join(paths().dir, 'mistyped');
    const dbPath = join(dataDir, 'memoryd.db');
    const first = await startTestDaemon({ dir: dataDir, keepDir: true });
    await first.stop();
    expect(first.daemon.createdDatabase).toBe(true);

    const second = await startTestDaemon({ dir: dataDir, keepDir: true });
    await second.stop();
    expect(second.daemon.createdDatabase).toBe(false);

    const lines = logLines(dataDir);
    expect(lines.filter((line) => line.msg === 'created a new, empty database')).toEqual([expect.objectContaining({ level: 30, dbPath })]);
    expect(lines.filter((line) => line.msg === 'applied migrations')).toEqual([
      expect.objectContaining({ count: tags.length, migrations: tags, from: null, to: tags.at(-1) }),
    ]);
  });
});
