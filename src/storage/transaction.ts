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

type Runner = <T>(work: (scope: TxScope) => T, scope: TxScope) => T;

// In-memory mirrors of rows (the conversation store's) that must forget what a rolled-back transaction wrote.
const rollbackListeners = new WeakMap<Database['sqlite'], Array<() => void>>();

/** Calls `listener` after every rollback on this database (whole transactions and nested ones). */
export function onRollback(database: Database, listener: () => void): void {
  const listeners = rollbackListeners.get(database.sqlite) ?? [];
  listeners.push(listener);
  rollbackListeners.set(database.sqlite, listeners);
}

// better-sqlite3 builds five wrapper functions for every transaction() call: one runner per
// connection, made once, serves every transaction (nested ones become savepoints).
const runners = new WeakMap<Database['sqlite'], Runner>();

function runnerFor(sqlite: Database['sqlite']): Runner {
  let runner = runners.get(sqlite);
  if (runner === undefined) {
    const immediate = sqlite.transaction((work: (scope: TxScope) => unknown, scope: TxScope) => work(scope)).immediate;
    runner = immediate as Runner;
    runners.set(sqlite, runner);
  }
  return runner;
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
    result = runnerFor(database.sqlite)(work, scope);
  } catch (error) {
    for (const listener of rollbackListeners.get(database.sqlite) ?? []) listener();
    if (error instanceof RollbackWith) return error.value as T;
    throw error;
  }
  for (const callback of callbacks) callback();
  return result;
}
