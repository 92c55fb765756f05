import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SETTINGS } from '../config/settings.js';
import { AppError, messageOf } from '../errors.js';
import { restrictToOwner } from '../storage/database.js';
import { A_FOLDER_NOT_A_FILE, ensureUsableDir, UnusablePathError, unusableFileReason } from './path-setting.js';

/** Released when the daemon stops; the kernel releases it anyway if the process dies. */
export interface DatabaseLock {
  release(): void;
}

// Linux's own limit on symbolic links followed while resolving one path.
const MAX_SYMLINKS = 40;

/**
 * Takes the one-daemon lock of a database: an exclusive SQLite lock on `<file>.lock`
 * beside the database's real file, held by an open write transaction for as long as the
 * daemon runs. A second daemon on the same database (through another socket path, or a
 * data dir whose database is a symbolic link to this one) is refused at once instead of
 * serving beside the first with its in-memory sessions out of date. Hard links are not
 * detected: two names of one inode get two locks. The lock is a POSIX record lock: a
 * process that dies, however it dies, leaves nothing stale behind.
 * `npm run inspect-facts` and `npm run job` do not take it: they work beside the daemon.
 */
export function lockDatabase(dbPath: string): DatabaseLock {
  // Before the database is opened (which makes its directory too): MEMORYD_DB may name a
  // new one. A folder at dbPath is refused before a lock file is made beside it.
  ensureUsableDir(SETTINGS.db.env, dirname(dbPath));
  if (statSync(dbPath, { throwIfNoEntry: false })?.isDirectory() === true) {
    throw new UnusablePathError(SETTINGS.db.env, { kind: 'file', path: dbPath }, A_FOLDER_NOT_A_FILE);
  }
  let path = `${dbPath}.lock`;
  let holder: BetterSqlite3.Database;
  try {
    path = `${realDatabasePath(dbPath)}.lock`;
    holder = new BetterSqlite3(path);
    // Owner-only like the database's files; SQLite makes the lock's journal with its mode
    // (one a crash left behind is replaced, not reused: tested).
    restrictToOwner([path]);
  } catch (error) {
    if (error instanceof UnusablePathError) throw error;
    throw unusableLockFile(path, error);
  }
  try {
    holder.pragma('busy_timeout = 0');
    holder.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    holder.close();
    if (error instanceof BetterSqlite3.SqliteError && error.code === 'SQLITE_BUSY') {
      throw new AppError('ALREADY_RUNNING', `another memoryd is already using the database ${dbPath} (it holds ${path}); stop it first`, { cause: error });
    }
    throw unusableLockFile(path, error);
  }
  return { release: () => holder.close() };
}

// SQLite's answers for a file that is not a database it can read, where the lock file is.
const DAMAGED = /^SQLITE_(NOTADB|CORRUPT)(_|$)/;

// Why the lock file cannot be used and what to do, naming MEMORYD_DB, which places it. A
// damaged one (garbage, a pid written into it) holds nothing: memoryd makes it an empty
// SQLite file and only locks it. No daemon holds a lock on it either: SQLite would have
// answered SQLITE_BUSY before reading it.
function unusableLockFile(path: string, error: unknown): UnusablePathError {
  const target = { kind: 'file', path } as const;
  const code = error instanceof BetterSqlite3.SqliteError ? error.code : '';
  if (DAMAGED.test(code)) {
    const reason =
      `it is damaged (${messageOf(error)}): it is memoryd's lock file, which holds no data, and no memoryd holds it; ` +
      `delete it (rm ${path}) and start memoryd again, which makes a new one`;
    return new UnusablePathError(SETTINGS.db.env, target, reason, error);
  }
  return new UnusablePathError(SETTINGS.db.env, target, `the lock file memoryd keeps beside the database: ${unusableFileReason(SETTINGS.db.env, path, error)}`, error);
}

// The file SQLite will open for `dbPath`, every symbolic link resolved, also when that
// file does not exist yet (a new database, or a link to one another daemon has still to
// create): SQLite follows the links too, so two daemons meet at the same lock.
function realDatabasePath(dbPath: string): string {
  let current = resolve(dbPath);
  for (let hops = 0; hops <= MAX_SYMLINKS; hops++) {
    try {
      return realpathSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (!isSymbolicLink(current)) return join(realFolder(dbPath, current), basename(current));
    current = resolve(dirname(current), readlinkSync(current));
  }
  throw new AppError('STORAGE', `${dbPath}: more than ${MAX_SYMLINKS} symbolic links to follow`);
}

// The real folder of the file a link chain ends at. A link to a file in a folder that does
// not exist (a dangling memoryd.db) is refused naming MEMORYD_DB and the link, not the lock file.
function realFolder(dbPath: string, file: string): string {
  try {
    return realpathSync(dirname(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || file === resolve(dbPath)) throw error;
    const reason = `it is a symbolic link to ${file}, whose folder ${dirname(file)} does not exist: create that folder, or point the link or MEMORYD_DB at a file memoryd may create`;
    throw new UnusablePathError(SETTINGS.db.env, { kind: 'file', path: dbPath }, reason, error);
  }
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
