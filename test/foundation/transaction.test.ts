import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/storage/database.js';
import { durableCommitCount, onAfterCommitError, onRollback, RollbackWith, runInTransaction } from '../../src/storage/transaction.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();

function freshDatabase(): Database {
  const temp = makeTempDir('memoryd-tx-');
  const database = openDatabase(join(temp.dir, 'memoryd.db'));
  defer(() => temp.remove());
  defer(() => database.close());
  database.sqlite.exec('CREATE TABLE notes (text TEXT NOT NULL)');
  return database;
}

function note(database: Database, text: string): void {
  database.sqlite.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
}

function notes(database: Database): string[] {
  return (database.sqlite.prepare('SELECT text FROM notes ORDER BY rowid').all() as Array<{ text: string }>).map((row) => row.text);
}

describe('runInTransaction', () => {
  it('commits, then runs the after-commit callbacks in order, outside the transaction', () => {
    const database = freshDatabase();
    const seen: string[] = [];
    const result = runInTransaction(database, (scope) => {
      note(database, 'a');
      scope.afterCommit(() => seen.push(`first:${database.sqlite.inTransaction}:${notes(database).join()}`));
      scope.afterCommit(() => seen.push('second'));
      expect(database.sqlite.inTransaction).toBe(true);
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual(['first:false:a', 'second']);
  });

  it('rolls back on a throw, passes the error on and runs no callback', () => {
    const database = freshDatabase();
    const seen: string[] = [];
    const failure = new Error('boom');
    expect(() =>
      runInTransaction(database, (scope) => {
        note(database, 'lost');
        scope.afterCommit(() => seen.push('ran'));
        throw failure;
      }),
    ).toThrow(failure);
    expect(notes(database)).toEqual([]);
    expect(seen).toEqual([]);
    expect(database.sqlite.inTransaction).toBe(false);
  });

  it('a RollbackWith undoes the work and returns its value without the callbacks', () => {
    const database = freshDatabase();
    const seen: string[] = [];
    const value = runInTransaction(database, (scope) => {
      note(database, 'dry');
      scope.afterCommit(() => seen.push('ran'));
      throw new RollbackWith('dry run');
    });
    expect(value).toBe('dry run');
    expect(notes(database)).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('serves every later transaction the same way: one that failed leaves the next one whole', () => {
    const database = freshDatabase();
    for (let round = 0; round < 3; round += 1) {
      runInTransaction(database, () => note(database, `kept-${round}`));
      expect(() =>
        runInTransaction(database, () => {
          note(database, `lost-${round}`);
          throw new Error('undo');
        }),
      ).toThrow('undo');
    }
    expect(notes(database)).toEqual(['kept-0', 'kept-1', 'kept-2']);
  });

  it('a nested transaction that fails is undone alone (a savepoint); the outer one commits', () => {
    const database = freshDatabase();
    runInTransaction(database, () => {
      note(database, 'outer');
      expect(() =>
        runInTransaction(database, () => {
          note(database, 'inner');
          throw new Error('inner fails');
        }),
      ).toThrow('inner fails');
      note(database, 'after');
    });
    expect(notes(database)).toEqual(['outer', 'after']);
  });

  it('a callback that throws after the commit: the write stands, the other callbacks run, the mirrors forget, the listener hears', () => {
    const database = freshDatabase();
    const seen: string[] = [];
    const failure = new Error('index update failed');
    onRollback(database, () => seen.push('mirrors forget'));
    const heard: unknown[] = [];
    onAfterCommitError(database, (error) => heard.push(error));
    const result = runInTransaction(database, (scope) => {
      note(database, 'kept');
      scope.afterCommit(() => {
        throw failure;
      });
      scope.afterCommit(() => seen.push('second callback'));
      return 'acknowledged';
    });
    expect(result).toBe('acknowledged');
    expect(notes(database)).toEqual(['kept']);
    expect(seen).toEqual(['second callback', 'mirrors forget']);
    expect(heard).toEqual([failure]);
  });

  it('without a listener, a callback that throws after the commit is thrown once every callback has run', () => {
    const database = freshDatabase();
    const seen: string[] = [];
    expect(() =>
      runInTransaction(database, (scope) => {
        note(database, 'kept');
        scope.afterCommit(() => {
          throw new Error('index update failed');
        });
        scope.afterCommit(() => seen.push('second callback'));
      }),
    ).toThrow('index update failed');
    expect(notes(database)).toEqual(['kept']);
    expect(seen).toEqual(['second callback']);
  });

  it('keeps each database to its own transactions', () => {
    const first = freshDatabase();
    const second = freshDatabase();
    runInTransaction(first, () => {
      note(first, 'one');
      expect(second.sqlite.inTransaction).toBe(false);
      runInTransaction(second, () => note(second, 'two'));
      expect(second.sqlite.inTransaction).toBe(false);
      expect(first.sqlite.inTransaction).toBe(true);
    });
    expect([notes(first), notes(second)]).toEqual([['one'], ['two']]);
  });
});

const NORMAL = 1;
const FULL = 2;

// The level SQLite will sync this transaction's COMMIT with (it cannot change inside one).
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
