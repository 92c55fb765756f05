import BetterSqlite3 from 'better-sqlite3';
import { AppError } from '../errors.js';

/** Released when the daemon stops; the kernel releases it anyway if the process dies. */
export interface DatabaseLock {
  readonly path: string;
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
    holder = new BetterSqlite3(path);
  } catch (error) {
    throw new AppError('STORAGE', `cannot open the lock file ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    holder.pragma('busy_timeout = 0');
    holder.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    holder.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new AppError('ALREADY_RUNNING', `another memoryd is already using the database ${dbPath} (it holds ${path}); stop it first`, { cause: error });
    }
    throw new AppError('STORAGE', `cannot lock ${path}: ${(error as Error).message}`, { cause: error });
  }
  return { path, release: () => holder.close() };
}
