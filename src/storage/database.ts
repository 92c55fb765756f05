import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { SETTINGS } from '../config/settings.js';
import { AppError, messageOf } from '../errors.js';
import { A_FOLDER_NOT_A_FILE, isFolder } from '../lifecycle/path-setting.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema>;

/** An open database: the drizzle handle for queries and the raw handle for pragmas and transactions. */
export interface Database {
  readonly db: Db;
  readonly sqlite: BetterSqlite3.Database;
  readonly path: string;
  close(): void;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const BUSY_TIMEOUT_MS = 5000;

/**
 * The page size of a new database. Every commit appends each page it changed to the WAL,
 * whole: a replayed exchange (a context call and its answer) changes ~11 pages, 45 KiB at
 * SQLite's default 4096 and 19 KiB at 1024. An fsync must write out every byte appended
 * since the last one, so the durable commit of a fact (after ~55 exchanges on NORMAL)
 * costs less than half as much, and so do WAL checkpoints; rows are small (a turn's text
 * is a few hundred bytes), so smaller pages cost reads little (README, Durability).
 */
export const PAGE_SIZE = 1024;

/**
 * Opens (creating if needed) the database file with WAL, synchronous=NORMAL, foreign
 * keys and a busy timeout, and applies pending migrations. With WAL, NORMAL makes every
 * committed transaction survive a crash of the process; only a power loss or OS crash
 * can roll back the last transactions (the file itself stays consistent). Transactions
 * that must survive those too (new or changed facts) ask `runInTransaction` for a
 * durable commit, which syncs with FULL.
 */
export function openDatabase(path: string): Database {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const sqlite = openRaw(path, {});
  try {
    // Before the first write, so only a new database takes it (an existing one keeps its own).
    sqlite.pragma(`page_size = ${PAGE_SIZE}`);
    configure(sqlite);
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    restrictToOwner([path, `${path}-wal`, `${path}-shm`]);
    return { db, sqlite, path, close: () => sqlite.close() };
  } catch (error) {
    sqlite.close();
    throw new AppError('STORAGE', `cannot prepare the database ${path}: ${messageOf(error)}`, { cause: error });
  }
}

/**
 * Opens an existing database that has every migration of this memoryd, read-write with
 * the daemon's settings, for tools that write beside the daemon (`npm run job`). Never
 * creates the file and never migrates (the daemon does, at start): throws `NOT_FOUND`
 * when there is no database and `STORAGE` when migrations are pending.
 */
export function openMigratedDatabase(path: string): Database {
  assertExists(path);
  const sqlite = openRaw(path, { fileMustExist: true });
  try {
    configure(sqlite);
    const pending = pendingMigrations(sqlite);
    if (pending > 0) throw new AppError('STORAGE', `${olderSchema(path, pending)}, then try again`);
    return { db: drizzle(sqlite, { schema }), sqlite, path, close: () => sqlite.close() };
  } catch (error) {
    sqlite.close();
    if (error instanceof AppError) throw error;
    throw new AppError('STORAGE', `cannot prepare the database ${path}: ${messageOf(error)}`, { cause: error });
  }
}

/**
 * Opens an existing database read-only, for tools that run beside the daemon
 * (`npm run inspect-facts`). Never migrates and never writes.
 */
export function openDatabaseReadOnly(path: string): Database {
  assertExists(path);
  const sqlite = openRaw(path, { readonly: true, fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return { db: drizzle(sqlite, { schema }), sqlite, path, close: () => sqlite.close() };
}

/**
 * How many of this memoryd's migrations the database has not applied, by drizzle's own
 * rule (those newer than the newest one recorded). Reads only.
 */
export function pendingMigrations(sqlite: BetterSqlite3.Database): number {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const recorded = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get() !== undefined;
  const newest = recorded ? (sqlite.prepare('SELECT max(created_at) FROM __drizzle_migrations').pluck().get() as number | null) : null;
  return migrations.filter((migration) => newest === null || Number(newest) < migration.folderMillis).length;
}

/** The sentence a tool says about a database that needs `pending` migrations. */
export function olderSchema(path: string, pending: number): string {
  return `the database ${path} is older than this memoryd (${pending} migration${pending === 1 ? '' : 's'} pending): start the daemon (npm start) so it migrates`;
}

function configure(sqlite: BetterSqlite3.Database): void {
  sqlite.pragma('journal_mode = WAL');
  // The connection that switches a new database to WAL keeps synchronous=FULL (~170 µs per
  // insert vs ~15 µs); reopened, better-sqlite3's build defaults to NORMAL. Said either way.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
}

function assertExists(path: string): void {
  if (!existsSync(path)) {
    throw new AppError('NOT_FOUND', `no database at ${path} yet: start the daemon once (npm start) to create it`);
  }
}

function openRaw(path: string, options: BetterSqlite3.Options): BetterSqlite3.Database {
  try {
    return new BetterSqlite3(path, options);
  } catch (error) {
    // SQLite says only "unable to open database file" for a folder at the path.
    const why = isFolder(path) ? A_FOLDER_NOT_A_FILE : messageOf(error);
    throw new AppError('STORAGE', `cannot open the database ${path} (${SETTINGS.db.env}): ${why}`, { cause: error });
  }
}


/** Makes each of `files` that exists owner-only (0600): SQLite creates its files under the process umask. */
export function restrictToOwner(files: readonly string[]): void {
  for (const file of files) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

