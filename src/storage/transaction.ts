import type { Database } from './database.js';

/**
 * Handed to every write inside a transaction. In-memory state (indexes, caches) that
 * mirrors the database changes only in `afterCommit` callbacks, so a rolled-back
 * request (a dry run, an overflow, an error) leaves no trace anywhere.
 */
export interface TxScope {
  afterCommit(callback: () => void): void;
}

/** Thrown inside a transaction to undo it on purpose while still returning a value (dry runs). */
export class RollbackWith<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back on purpose');
  }
}

/**
 * Runs `work` in one synchronous SQLite transaction (better-sqlite3: BEGIN … COMMIT, or
 * ROLLBACK on any throw), then runs the after-commit callbacks in order. A
 * `RollbackWith` rolls back and returns its value without running the callbacks.
 */
export function runInTransaction<T>(database: Database, work: (scope: TxScope) => T): T {
  const callbacks: Array<() => void> = [];
  const scope: TxScope = { afterCommit: (callback) => callbacks.push(callback) };
  let result: T;
  try {
    result = database.sqlite.transaction(() => work(scope)).immediate();
  } catch (error) {
    if (error instanceof RollbackWith) return error.value as T;
    throw error;
  }
  for (const callback of callbacks) callback();
  return result;
}
