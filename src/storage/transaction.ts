import BetterSqlite3 from 'better-sqlite3';
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

/** The storage error of a write that failed, as `lastWriteFailure` reports it. */
export interface WriteFailure {
  /** SQLite's extended code: `SQLITE_FULL`, `SQLITE_IOERR_WRITE`, … */
  code: string;
  message: string;
}

// What one connection keeps between transactions. better-sqlite3 builds five wrapper
// functions for every transaction() call: one runner per connection, made once, serves
// every transaction (nested ones become savepoints).
interface Connection {
  readonly runner: Runner;
  /** Why every transaction is refused before it begins (see refuseWrites), or null. */
  refusal: (() => AppError) | null;
  /** The latest write that failed with a storage error, until a write commits after it. */
  failure: (WriteFailure & { changesAfter: number }) | null;
  changeCount: BetterSqlite3.Statement | null;
}

const connections = new WeakMap<Database['sqlite'], Connection>();

function connectionOf(sqlite: Database['sqlite']): Connection {
  let connection = connections.get(sqlite);
  if (connection === undefined) {
    const immediate = sqlite.transaction((work: (scope: TxScope) => unknown, scope: TxScope) => work(scope)).immediate;
    connection = { runner: immediate as Runner, refusal: null, failure: null, changeCount: null };
    connections.set(sqlite, connection);
  }
  return connection;
}

/**
 * Refuses every transaction on this database before it begins, with the error `refusal`
 * makes (an `UNAVAILABLE` one: the database file is gone), until called with null. A
 * refused transaction runs nothing, so it changes nothing, in memory or on disk.
 */
export function refuseWrites(database: Database, refusal: (() => AppError) | null): void {
  connectionOf(database.sqlite).refusal = refusal;
}

/**
 * The storage error (a full disk, an I/O error, a read-only or unopenable file, a
 * corrupt one) of the latest transaction that failed with one, or null when none did or
 * a transaction that changed rows has committed since.
 */
export function lastWriteFailure(database: Database): WriteFailure | null {
  const failure = connectionOf(database.sqlite).failure;
  return failure === null ? null : { code: failure.code, message: failure.message };
}

// SQLite's codes for a file it cannot write, as opposed to a constraint or a busy lock.
const STORAGE_FAILURE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB)(_|$)/;

// The SQLite error behind `error` (itself or a cause a few levels down) when it says the file cannot be written or used.
function storageFailureOf(error: unknown): WriteFailure | null {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof BetterSqlite3.SqliteError && STORAGE_FAILURE.test(current.code)) return { code: current.code, message: current.message };
    current = current.cause;
  }
  return null;
}

// Rows changed on the connection since it opened (rolled-back changes included), read
// only while a failure is on record. A connection that cannot even say that is broken:
// NaN keeps the failure on record (no comparison with it holds).
function changesSoFar(connection: Connection, sqlite: Database['sqlite']): number {
  try {
    connection.changeCount ??= sqlite.prepare('SELECT total_changes()').pluck();
    return Number(connection.changeCount.get());
  } catch {
    return Number.NaN;
  }
}

// A commit that changed rows says writes work again; one that changed none (a read) says nothing.
function noteCommit(connection: Connection, sqlite: Database['sqlite']): void {
  const { failure } = connection;
  if (failure !== null && !sqlite.inTransaction && changesSoFar(connection, sqlite) > failure.changesAfter) connection.failure = null;
}

// A failure with a storage error goes on record; the changes of any rollback (a dry run's
// included) never count as written. Returns the storage error, if any.
function noteRollback(connection: Connection, sqlite: Database['sqlite'], error: unknown): WriteFailure | null {
  const storage = storageFailureOf(error);
  if (storage !== null) connection.failure = { code: storage.code, message: storage.message, changesAfter: changesSoFar(connection, sqlite) };
  else if (connection.failure !== null) connection.failure.changesAfter = changesSoFar(connection, sqlite);
  return storage;
}

/**
 * A write refused for lack of space (SQLITE_FULL: the disk, or the database's page limit,
 * is full): the database is unavailable for writes until there is room, which is no bug
 * of memoryd's, so it is an `UNAVAILABLE` naming the file and the cause, like a write
 * while the database file is gone. Nothing of the transaction was written.
 */
export class DatabaseFullError extends AppError {
  constructor(path: string, failure: WriteFailure, cause: unknown) {
    super('UNAVAILABLE', `memoryd cannot write to the database ${path}: ${failure.code} (${failure.message}); nothing was written, retry once there is space`, {
      cause,
      details: { down: ['db'], path, cause: failure.code },
    });
  }
}

// SQLite's codes for a database file memoryd cannot use right now, beside SQLITE_FULL: no
// bug of memoryd's, and nothing the client did. A damaged file (SQLITE_CORRUPT, _NOTADB:
// a disk failing, a file copied over the live one) is the operator's too, but retrying
// does not mend it: the advice says what does.
const UNUSABLE_DATABASE: ReadonlyArray<{ code: RegExp; what: string; todo: string }> = [
  {
    code: /^SQLITE_(CORRUPT|NOTADB)(_|$)/,
    what: 'the file is damaged',
    todo: 'retrying does not mend it: stop memoryd and restore the latest backup (README, "Backing up and restoring"); a start refuses a damaged file and says so',
  },
  { code: /^SQLITE_IOERR(_|$)/, what: 'a disk I/O error', todo: 'check the disk and the file system (the kernel log says more), then retry' },
  {
    code: /^SQLITE_READONLY(_|$)/,
    what: 'the file or its file system is read-only',
    todo: "make the file, its folder and its -wal and -shm files writable by memoryd's user (or remount the file system read-write), then retry",
  },
  {
    code: /^SQLITE_CANTOPEN$/,
    what: 'the file, its folder or one of its -wal and -shm files cannot be opened',
    todo: "check that the database's folder and files are there and memoryd's user may open them, then retry or restart memoryd",
  },
];

/**
 * A statement that failed because the database file cannot be used (see UNUSABLE_DATABASE):
 * an `UNAVAILABLE`, as for a full disk, naming the file, what is wrong and what to do. Its
 * transaction, if any, rolled back: nothing was changed.
 */
export class UnusableDatabaseError extends AppError {
  constructor(path: string, failure: WriteFailure, unusable: { what: string; todo: string }, cause: unknown) {
    super(
      'UNAVAILABLE',
      `memoryd cannot use the database ${path}: ${unusable.what} (${failure.code}: ${failure.message}); nothing was changed; ${unusable.todo}`,
      { cause, details: { down: ['db'], path, cause: failure.code } },
    );
  }
}

function unusableDatabaseError(path: string, failure: WriteFailure, cause: unknown): UnusableDatabaseError | null {
  const unusable = UNUSABLE_DATABASE.find((each) => each.code.test(failure.code));
  return unusable === undefined ? null : new UnusableDatabaseError(path, failure, unusable, cause);
}

/**
 * The `UnusableDatabaseError` for an error SQLite raised outside `runInTransaction` (a plain
 * read; a transaction maps its own), or null for any other error and for an `AppError`.
 */
export function unusableDatabaseErrorOf(database: Database, error: unknown): UnusableDatabaseError | null {
  if (error instanceof AppError) return null;
  const failure = storageFailureOf(error);
  return failure === null ? null : unusableDatabaseError(database.path, failure, error);
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
 * `durable` commits with an fsync (see TransactionOptions). A database file that cannot
 * take the transaction throws `DatabaseFullError` or `UnusableDatabaseError`.
 */
export function runInTransaction<T>(database: Database, work: (scope: TxScope) => T, options?: TransactionOptions): T {
  const connection = connectionOf(database.sqlite);
  if (connection.refusal !== null) throw connection.refusal();
  return options?.durable === true ? runDurably(database, connection, work) : run(database, connection, work);
}

function run<T>(database: Database, connection: Connection, work: (scope: TxScope) => T): T {
  const callbacks: Array<() => void> = [];
  const scope: TxScope = { afterCommit: (callback) => callbacks.push(callback) };
  let result: T;
  try {
    result = connection.runner(work, scope);
  } catch (error) {
    for (const listener of rollbackListeners.get(database.sqlite) ?? []) listener();
    const storage = noteRollback(connection, database.sqlite, error);
    if (error instanceof RollbackWith) return error.value as T;
    // Already an AppError (a nested transaction's DatabaseFullError among them) keeps its own code.
    if (storage === null || error instanceof AppError) throw error;
    throw storage.code === 'SQLITE_FULL' ? new DatabaseFullError(database.path, storage, error) : (unusableDatabaseError(database.path, storage, error) ?? error);
  }
  if (connection.failure !== null) noteCommit(connection, database.sqlite);
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
function runDurably<T>(database: Database, connection: Connection, work: (scope: TxScope) => T): T {
  const { sqlite } = database;
  const previous = syncLevel(sqlite);
  if (sqlite.inTransaction) {
    if (previous < SYNC_FULL) {
      throw new AppError('INTERNAL', 'a durable transaction cannot nest inside one that commits with synchronous=NORMAL');
    }
    return run(database, connection, work);
  }
  if (previous < SYNC_FULL) sqlite.pragma('synchronous = FULL');
  try {
    return run(database, connection, (scope) => {
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
