import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { mapError } from '../../src/api/error-mapping.js';
import { RollbackWith, runInTransaction, unusableDatabaseErrorOf } from '../../src/storage/transaction.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// A database file that cannot be used after the daemon started (a disk I/O error, a file
// or file system gone read-only, a file SQLite cannot open) is no bug of memoryd's, as a
// full disk is not: a 503 UNAVAILABLE naming the file and what is wrong, nothing changed.
const defer = cleanupAfterEach();

async function started(): Promise<TestDaemon> {
  const daemon = await startTestDaemon();
  defer(() => daemon.stop());
  return daemon;
}

type ErrorAnswer = { error: { code: string; message: string; details: Record<string, unknown> } };

async function addFact(daemon: TestDaemon, fact: string): Promise<{ status: number; body: ErrorAnswer }> {
  const response = await daemon.client.raw('POST', '/v1/facts', JSON.stringify({ fact, domain: 'preferences' }));
  return { status: response.status, body: JSON.parse(response.body) as ErrorAnswer };
}

function storedFacts(daemon: TestDaemon): string[] {
  const rows = daemon.daemon.context.database.sqlite.prepare('select fact from facts order by fact').all() as Array<{ fact: string }>;
  return rows.map((row) => row.fact);
}

function logged(daemon: TestDaemon): string {
  const dir = daemon.config.logsDir;
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('');
}

// `chattr +i` makes a file immutable even for root, whom file modes do not stop.
function canMakeImmutable(path: string): boolean {
  try {
    execFileSync('chattr', ['+i', path], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a write to a database file that cannot be used', () => {
  it('answers 503 naming the file and that it is read-only, changes nothing, and writes again once it can', async () => {
    const daemon = await started();
    expect((await addFact(daemon, 'My editor is Helix')).status).toBe(201);
    // SQLite's own read-only refusal on the daemon's connection, as for a file or file system gone read-only.
    daemon.daemon.context.database.sqlite.pragma('query_only = 1');

    const refused = await addFact(daemon, 'My shell is fish');
    const { dbPath } = daemon.config;
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('UNAVAILABLE');
    expect(refused.body.error.message).toBe(
      `memoryd cannot use the database ${dbPath}: the file or its file system is read-only (SQLITE_READONLY: attempt to write a readonly database); nothing was changed; ` +
        "make the file, its folder and its -wal and -shm files writable by memoryd's user (or remount the file system read-write), then retry",
    );
    expect(refused.body.error.details).toEqual({ down: ['db'], path: dbPath, cause: 'SQLITE_READONLY' });
    expect(logged(daemon)).toContain('SQLITE_READONLY');

    daemon.daemon.context.database.sqlite.pragma('query_only = 0');
    expect(storedFacts(daemon)).toEqual(['My editor is Helix']);
    expect((await addFact(daemon, 'My shell is fish')).status).toBe(201);
  });

  it('answers 503 naming the file and a disk I/O error when its WAL cannot be written', async (context) => {
    const daemon = await started();
    expect((await addFact(daemon, 'My editor is Helix')).status).toBe(201);
    const wal = `${daemon.config.dbPath}-wal`;
    if (!canMakeImmutable(wal)) {
      context.skip('chattr cannot make a file immutable here (needs root and a file system with the attribute): no disk I/O error to provoke');
    }
    execFileSync('chattr', ['+i', wal]);
    defer(() => execFileSync('chattr', ['-i', wal]));

    const refused = await addFact(daemon, 'My shell is fish');
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(new RegExp(`^memoryd cannot use the database ${daemon.config.dbPath}: a disk I/O error \\(SQLITE_IOERR_WRITE: disk I/O error\\); nothing was changed; check the disk`)),
      details: { down: ['db'], path: daemon.config.dbPath, cause: 'SQLITE_IOERR_WRITE' },
    });
    expect((await daemon.client.raw('GET', '/v1/health')).status).toBe(503);

    execFileSync('chattr', ['-i', wal]);
    expect(storedFacts(daemon)).toEqual(['My editor is Helix']);
  });
});

describe('a read outside any transaction from a database file that cannot be used', () => {
  it('answers 503 naming the file and a disk I/O error, logged with the route', async () => {
    const daemon = await started();
    expect((await addFact(daemon, 'My editor is Helix')).status).toBe(201);
    // SQLite failing the facts list's read, as on a disk that returns an I/O error: the list is read without a transaction.
    const { sqlite } = daemon.daemon.context.database;
    const prepare = sqlite.prepare.bind(sqlite);
    const failing = vi.spyOn(sqlite, 'prepare').mockImplementation((source: string) => {
      if (/^select .* from "facts"/.test(source)) throw new BetterSqlite3.SqliteError('disk I/O error', 'SQLITE_IOERR_READ');
      return prepare(source);
    });
    defer(() => failing.mockRestore());

    const response = await daemon.client.raw('GET', '/v1/facts');
    const { dbPath } = daemon.config;
    expect(response.status).toBe(503);
    expect((JSON.parse(response.body) as ErrorAnswer).error).toEqual({
      code: 'UNAVAILABLE',
      message:
        `memoryd cannot use the database ${dbPath}: a disk I/O error (SQLITE_IOERR_READ: disk I/O error); nothing was changed; ` +
        'check the disk and the file system (the kernel log says more), then retry',
      details: { down: ['db'], path: dbPath, cause: 'SQLITE_IOERR_READ' },
    });
    expect(logged(daemon)).toMatch(/"route":"\/v1\/facts".*SQLITE_IOERR_READ/);
    // Once, by the server, with SQLite's error behind it.
    expect(logged(daemon).split('\n').filter((line) => line.includes('"msg":"memoryd cannot use the database'))).toHaveLength(1);

    failing.mockRestore();
    expect((await daemon.client.raw('GET', '/v1/facts')).status).toBe(200);
  });
});

describe('the storage error of an unusable database', () => {
  it('is thrown by a transaction that meets SQLITE_CANTOPEN, also as the cause of another error, naming the file', () => {
    const database = tempDatabase(defer);
    const cantOpen = new BetterSqlite3.SqliteError('unable to open database file', 'SQLITE_CANTOPEN');
    const wrapped = new Error('reading the session failed', { cause: cantOpen });
    let thrown: unknown;
    try {
      runInTransaction(database, () => {
        throw wrapped;
      });
    } catch (error) {
      thrown = error;
    }
    const mapped = mapError(thrown);
    expect(mapped.status).toBe(503);
    expect(mapped.internal).toBe(false);
    expect(mapped.body.error).toEqual({
      code: 'UNAVAILABLE',
      message:
        `memoryd cannot use the database ${database.path}: the file, its folder or one of its -wal and -shm files cannot be opened (SQLITE_CANTOPEN: unable to open database file); ` +
        "nothing was changed; check that the database's folder and files are there and memoryd's user may open them, then retry or restart memoryd",
      details: { down: ['db'], path: database.path, cause: 'SQLITE_CANTOPEN' },
    });
    expect((thrown as Error).cause).toBe(wrapped);
  });

  it('is thrown for a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB), saying that retrying does not mend it and what does', () => {
    const database = tempDatabase(defer);
    for (const [code, text] of [['SQLITE_CORRUPT', 'database disk image is malformed'], ['SQLITE_NOTADB', 'file is not a database']] as const) {
      const damaged = new BetterSqlite3.SqliteError(text, code);
      let thrown: unknown;
      try {
        runInTransaction(database, () => {
          throw damaged;
        });
      } catch (error) {
        thrown = error;
      }
      expect(mapError(thrown)).toMatchObject({
        status: 503,
        internal: false,
        body: {
          error: {
            code: 'UNAVAILABLE',
            message:
              `memoryd cannot use the database ${database.path}: the file is damaged (${code}: ${text}); nothing was changed; retrying does not mend it: ` +
              'stop memoryd and restore the latest backup (README, "Backing up and restoring"); a start refuses a damaged file and says so',
            details: { down: ['db'], path: database.path, cause: code },
          },
        },
      });
      expect(mapError(unusableDatabaseErrorOf(database, damaged))).toMatchObject({ status: 503, body: { error: { details: { cause: code } } } });
    }
  });

  it('is made for a read outside a transaction, and for no other SQLite error nor an AppError', () => {
    const database = tempDatabase(defer);
    const ioError = new BetterSqlite3.SqliteError('disk I/O error', 'SQLITE_IOERR_FSYNC');
    const unusable = unusableDatabaseErrorOf(database, ioError);
    expect(mapError(unusable)).toMatchObject({ status: 503, body: { error: { code: 'UNAVAILABLE', details: { down: ['db'], path: database.path, cause: 'SQLITE_IOERR_FSYNC' } } } });
    expect(unusableDatabaseErrorOf(database, unusable)).toBeNull();
    const constraint = new BetterSqlite3.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE');
    expect(unusableDatabaseErrorOf(database, constraint)).toBeNull();
    expect(mapError(constraint)).toMatchObject({ status: 500, internal: true, body: { error: { code: 'INTERNAL' } } });
    expect(() => runInTransaction(database, () => {
      throw constraint;
    })).toThrow(constraint);
    // A rollback on purpose is no failure at all.
    expect(runInTransaction(database, () => {
      throw new RollbackWith('undone');
    })).toBe('undone');
  });
});
