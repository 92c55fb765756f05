import { statSync, type Stats } from 'node:fs';
import type { Logger } from '../discardable/logger.js';
import { AppError } from '../errors.js';
import type { Database } from '../storage/database.js';
import { refuseWrites } from '../storage/transaction.js';

/** How often the daemon compares the database's path with the file it has open. */
export const DATABASE_FILE_CHECK_MS = 1000;

/** Whether the database's path still names the file the daemon has open. */
export interface DatabaseFileWatch {
  /** Compares now (one stat): what is wrong, or null. Writes are refused while it is not null. */
  check(): string | null;
}

/**
 * Watches that `database.path` still names the file the connection has open. A data dir
 * deleted under the daemon (`rm -rf`) leaves SQLite writing into unlinked files, which
 * the next start never sees: every write acknowledged then would be lost. Once the path
 * is gone or names another file, every write is refused (transactions with a 503
 * `UNAVAILABLE` before they begin; any other write by SQLite, the connection being made
 * `query_only`) until the same file is back at the path. Checked every
 * `DATABASE_FILE_CHECK_MS` on an unref'd timer (so a request pays nothing) and on every
 * `check()` (health); the timer ends itself once the connection is closed.
 */
export function watchDatabaseFile(database: Database, logger: Logger, intervalMs = DATABASE_FILE_CHECK_MS): DatabaseFileWatch {
  const opened = statSync(database.path);
  let problem: string | null = null;
  let unchecked: string | null = null;
  const check = (): string | null => {
    if (!database.sqlite.open) {
      clearInterval(timer);
      return problem;
    }
    let now: string | null;
    try {
      now = fileProblem(database.path, opened);
      unchecked = null;
    } catch (error) {
      // The path cannot be looked at (a permission): what was known stands. Logged once per kind of error.
      const code = String((error as NodeJS.ErrnoException).code);
      if (code !== unchecked) logger.warn({ part: 'storage', path: database.path, err: error }, 'cannot check that the database file is still at its path');
      unchecked = code;
      return problem;
    }
    if (now !== problem) {
      problem = now;
      applyProblem(database, problem, logger);
    }
    return problem;
  };
  const timer = setInterval(check, intervalMs).unref();
  return { check };
}

function applyProblem(database: Database, problem: string | null, logger: Logger): void {
  const { path } = database;
  if (problem === null) {
    database.sqlite.pragma('query_only = OFF');
    refuseWrites(database, null);
    logger.warn({ part: 'storage', path }, 'the database file is back at its path: writes are taken again');
    return;
  }
  refuseWrites(database, () => new AppError('UNAVAILABLE', `memoryd refuses writes: ${problem}`, { details: { down: ['db'], path } }));
  database.sqlite.pragma('query_only = ON');
  logger.error({ part: 'storage', path }, `${problem}: writes are refused`);
}

// Why `path` no longer names the file `opened` describes, or null when it still does.
function fileProblem(path: string, opened: Stats): string | null {
  let now: Stats | undefined;
  try {
    now = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    // ENOTDIR: a folder on the way is a file now, so the database is not there either.
    if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
  }
  if (now !== undefined && now.dev === opened.dev && now.ino === opened.ino) return null;
  if (now === undefined) {
    return `the database file ${path} is gone (deleted or moved while memoryd ran), so a write would go to a file the next start does not open; restart memoryd (it opens what is at that path then: a new, empty database if nothing is)`;
  }
  // The -wal and -shm at the path are the replaced file's: SQLite would replay that WAL onto
  // the new file at the next start, which then refuses it as damaged.
  return (
    `the database file ${path} is another file now (replaced while memoryd ran), so a write would go to a file the next start does not open; ` +
    `stop memoryd, delete ${path}-wal and ${path}-shm (they belong to the file that was replaced), then start it to open the new file`
  );
}
