import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/storage/database.js';
import { durableCommitCount, RollbackWith, runInTransaction } from '../../src/storage/transaction.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();
const NORMAL = 1;
const FULL = 2;

function freshDatabase(): Database {
  const temp = makeTempDir('memoryd-durable-');
  const database = openDatabase(join(temp.dir, 'memoryd.db'));
  defer(() => temp.remove());
  defer(() => database.close());
  database.sqlite.exec('CREATE TABLE notes (text TEXT NOT NULL)');
  return database;
}

function note(database: Database, text: string): void {
  database.sqlite.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
}

/** The level SQLite will sync this transaction's COMMIT with (it cannot change inside one). */
function syncLevel(database: Database): number {
  return Number(database.sqlite.pragma('synchronous', { simple: true }));
}

describe('durable transactions', () => {
  it('commit with synchronous=FULL, and the connection goes back to NORMAL after', () => {
    const database = freshDatabase();
    expect(syncLevel(database)).toBe(NORMAL);
    const seen = runInTransaction(database, () => {
      note(database, 'fact');
      return syncLevel(database);
    }, { durable: true });
    expect(seen).toBe(FULL);
    expect(durableCommitCount(database)).toBe(1);
    expect(syncLevel(database)).toBe(NORMAL);
  });

  it('leave every other transaction on NORMAL, uncounted', () => {
    const database = freshDatabase();
    const seen = runInTransaction(database, () => {
      note(database, 'turn');
      return syncLevel(database);
    });
    expect(seen).toBe(NORMAL);
    expect(durableCommitCount(database)).toBe(0);
  });

  it('count only what committed: a rollback or a throw is no durable commit, and NORMAL comes back', () => {
    const database = freshDatabase();
    expect(runInTransaction(database, () => {
      note(database, 'dry');
      throw new RollbackWith('dry run');
    }, { durable: true })).toBe('dry run');
    expect(() => runInTransaction(database, () => {
      note(database, 'lost');
      throw new Error('boom');
    }, { durable: true })).toThrow('boom');
    expect(durableCommitCount(database)).toBe(0);
    expect(syncLevel(database)).toBe(NORMAL);
  });

  it('refuse to nest inside a NORMAL transaction (its commit would not sync), and nest inside a durable one', () => {
    const database = freshDatabase();
    expect(() => runInTransaction(database, () => runInTransaction(database, () => note(database, 'inner'), { durable: true }))).toThrow(/cannot nest/);
    runInTransaction(database, () => {
      runInTransaction(database, () => note(database, 'inner'), { durable: true });
      note(database, 'outer');
    }, { durable: true });
    expect(durableCommitCount(database)).toBe(1);
    expect(syncLevel(database)).toBe(NORMAL);
  });

  it('count per connection', () => {
    const first = freshDatabase();
    const second = freshDatabase();
    runInTransaction(first, () => note(first, 'one'), { durable: true });
    expect([durableCommitCount(first), durableCommitCount(second)]).toEqual([1, 0]);
  });
});
