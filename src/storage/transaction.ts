import { AppError } from '../errors.js';
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

// Who hears of an after-commit callback that threw (the composition root logs it).
const afterCommitErrorListeners = new WeakMap<Database['sqlite'], Array<(error: unknown) => void>>();

/**
 * Calls `listener` with the error of an after-commit callback that threw. The transaction
 * has committed by then, so it still returns its result: a client must not read a failure
 * for a write that is on disk (a resend would record it twice). Without a listener the
 * error is thrown, once every callback has run.
 */
export function onAfterCommitError(database: Database, listener: (error: unknown) => void): void {
  const listeners = afterCommitErrorListeners.get(database.sqlite) ?? [];
  listeners.push(listener);
  afterCommitErrorListeners.set(database.sqlite, listeners);
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

export interface TransactionOptions {
  /**
   * Commit with `synchronous = FULL`: SQLite fsyncs the WAL before the commit returns, so
   * what the transaction wrote survives an OS crash or a power loss, not only a crash of
   * the process (spec §4: a new or changed fact is durable before it is acknowledged).
   * Costs one fsync (~170 µs against ~15 µs for a NORMAL commit); every other
   * transaction stays on the connection's NORMAL.
   */
  durable?: boolean;
}

const SYNC_FULL = 2;

// Commits that SQLite ran with synchronous ≥ FULL, read inside each durable transaction.
const durableCommits = new WeakMap<Database['sqlite'], number>();

/** How many transactions committed durably on this connection (tests check which writes paid for an fsync). */
export function durableCommitCount(database: Database): number {
  return durableCommits.get(database.sqlite) ?? 0;
}

/**
 * Runs `work` in one synchronous SQLite transaction (better-sqlite3: BEGIN … COMMIT, or
 * ROLLBACK on any throw), then runs the after-commit callbacks in order (see
 * onAfterCommitError for one that throws). A
 * `RollbackWith` rolls back and returns its value without running the callbacks.
 * `durable` commits with an fsync (see TransactionOptions).
 */
export function runInTransaction<T>(database: Database, work: (scope: TxScope) => T, options?: TransactionOptions): T {
  return options?.durable === true ? runDurably(database, work) : run(database, work);
}

function run<T>(database: Database, work: (scope: TxScope) => T): T {
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
  runAfterCommit(database, callbacks);
  return result;
}

// Every callback runs even if one before it threw. A throw leaves some in-memory mirror
// behind the database: the row mirrors forget what they hold (as after a rollback) and
// re-read it; the error goes to the listeners, or is thrown when there are none.
function runAfterCommit(database: Database, callbacks: ReadonlyArray<() => void>): void {
  let failure: { error: unknown } | null = null;
  for (const callback of callbacks) {
    try {
      callback();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure === null) return;
  for (const listener of rollbackListeners.get(database.sqlite) ?? []) listener();
  const listeners = afterCommitErrorListeners.get(database.sqlite) ?? [];
  if (listeners.length === 0) throw failure.error;
  for (const listener of listeners) listener(failure.error);
}

// SQLite refuses to change `synchronous` inside a transaction, so the level is raised
// before BEGIN and restored after COMMIT or ROLLBACK. A nested durable transaction is a
// savepoint: the outer commit decides, so the outer one must be durable too.
function runDurably<T>(database: Database, work: (scope: TxScope) => T): T {
  const { sqlite } = database;
  const previous = syncLevel(sqlite);
  if (sqlite.inTransaction) {
    if (previous < SYNC_FULL) {
      throw new AppError('INTERNAL', 'a durable transaction cannot nest inside one that commits with synchronous=NORMAL');
    }
    return run(database, work);
  }
  if (previous < SYNC_FULL) sqlite.pragma('synchronous = FULL');
  try {
    return run(database, (scope) => {
      // The level this transaction's COMMIT will sync with (it cannot change until then).
      if (syncLevel(sqlite) >= SYNC_FULL) scope.afterCommit(() => durableCommits.set(sqlite, durableCommitCount(database) + 1));
      return work(scope);
    });
  } finally {
    // Still inside a transaction only if COMMIT and ROLLBACK both failed; FULL then stays, which is safe.
    if (previous < SYNC_FULL && !sqlite.inTransaction) sqlite.pragma(`synchronous = ${previous}`);
  }
}

function syncLevel(sqlite: Database['sqlite']): number {
  return Number(sqlite.pragma('synchronous', { simple: true }));
}
