import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { mapError, unusableDatabaseError } from '../../src/api/error-mapping.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
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

describe('the error mapping of an unusable database', () => {
  it('maps SQLITE_CANTOPEN, also as the cause of a storage error, to a 503 naming the file', () => {
    const cantOpen = new BetterSqlite3.SqliteError('unable to open database file', 'SQLITE_CANTOPEN');
    const wrapped = new Error('reading the session failed', { cause: cantOpen });
    const mapped = mapError(unusableDatabaseError(wrapped, '/srv/memoryd/memoryd.db'));
    expect(mapped.status).toBe(503);
    expect(mapped.internal).toBe(false);
    expect(mapped.body.error).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/^memoryd cannot use the database \/srv\/memoryd\/memoryd\.db: the file, its folder or one of its -wal and -shm files cannot be opened \(SQLITE_CANTOPEN: /),
      details: { down: ['db'], path: '/srv/memoryd/memoryd.db', cause: 'SQLITE_CANTOPEN' },
    });
  });

  it('answers 503 without the file where no daemon names it, and keeps other SQLite errors a 500', () => {
    const ioError = new BetterSqlite3.SqliteError('disk I/O error', 'SQLITE_IOERR_FSYNC');
    expect(mapError(ioError)).toMatchObject({ status: 503, body: { error: { code: 'UNAVAILABLE', details: { down: ['db'], cause: 'SQLITE_IOERR_FSYNC' } } } });
    expect(mapError(ioError).body.error.message).toMatch(/^memoryd cannot use its database: a disk I\/O error/);
    const constraint = new BetterSqlite3.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE');
    expect(mapError(constraint)).toMatchObject({ status: 500, internal: true, body: { error: { code: 'INTERNAL' } } });
  });
});
