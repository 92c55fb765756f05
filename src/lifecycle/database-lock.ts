import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { AppError, messageOf } from '../errors.js';

/** Released when the daemon stops; the kernel releases it anyway if the process dies. */
export interface DatabaseLock {
  release(): void;
}

/**
 * Takes the one-daemon lock of a database: an exclusive SQLite lock on `<dbPath>.lock`,
 * held by an open write transaction for as long as the daemon runs. A second daemon on
 * the same database (through another socket path, say) is refused at once instead of
 * serving beside the first with its in-memory sessions out of date. The lock is a POSIX
 * record lock: a process that dies, however it dies, leaves nothing stale behind.
 * `npm run inspect-facts` and `npm run job` do not take it: they work beside the daemon.
 */
export function lockDatabase(dbPath: string): DatabaseLock {
  const path = `${dbPath}.lock`;
  let holder: BetterSqlite3.Database;
  try {
    // Before the database is opened (which makes its directory too): MEMORYD_DB may name a new one.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    holder = new BetterSqlite3(path);
  } catch (error) {
    throw new AppError('STORAGE', `cannot open the lock file ${path}: ${messageOf(error)}`, { cause: error });
  }
  try {
    holder.pragma('busy_timeout = 0');
    holder.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    holder.close();
    if (error instanceof BetterSqlite3.SqliteError && error.code === 'SQLITE_BUSY') {
      throw new AppError('ALREADY_RUNNING', `another memoryd is already using the database ${dbPath} (it holds ${path}); stop it first`, { cause: error });
    }
    throw new AppError('STORAGE', `cannot lock ${path}: ${messageOf(error)}`, { cause: error });
  }
  return { release: () => holder.close() };
}

