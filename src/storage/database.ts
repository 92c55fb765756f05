import { accessSync, chmodSync, closeSync, constants, existsSync, fsyncSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { count } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
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
 * durable commit, which syncs with FULL. Throws `NewerDatabaseError` for a database a
 * newer memoryd has migrated, before any change.
 */
export function openDatabase(path: string): Database {
  return prepareDatabase(path, { checkIntegrity: false }).database;
}

/** What opening the daemon's database did besides opening it. */
export interface OpenedDatabase {
  readonly database: Database;
  /** The file did not exist: SQLite made a new, empty database. */
  readonly created: boolean;
  /** The migrations applied, or null when the database had them all. */
  readonly migrated: AppliedMigrations | null;
}

/** The migrations one start applied: their names in order, and the newest one before and after. */
export interface AppliedMigrations {
  readonly names: readonly string[];
  /** The newest migration the database had before, null for a new database. */
  readonly from: string | null;
  readonly to: string;
}

/**
 * `openDatabase` for the daemon's start: first runs `PRAGMA quick_check` on an existing
 * file (throwing `DamagedDatabaseError` with SQLite's first complaint, before anything is
 * changed) and says whether it created the file and which migrations it applied.
 */
export function openDatabaseAtStart(path: string): OpenedDatabase {
  return prepareDatabase(path, { checkIntegrity: true });
}

/** A database file SQLite finds damaged (`quick_check`), or that is not a database at all. */
export class DamagedDatabaseError extends AppError {
  constructor(
    readonly path: string,
    /** SQLite's first complaint, as it says it. */
    readonly complaint: string,
    cause?: unknown,
  ) {
    super('STORAGE', `the database ${path} is damaged: ${complaint}`, { cause });
  }
}

/** A database holding migrations this memoryd does not know: a newer memoryd migrated it. */
export class NewerDatabaseError extends AppError {
  constructor(
    readonly path: string,
    /** What `__drizzle_migrations` records of them: each one's time (its name's, in the newer memoryd) and SQL hash. */
    readonly unknown: ReadonlyArray<{ createdAt: number; hash: string }>,
  ) {
    const count = unknown.length;
    super('STORAGE', `the database ${path} holds ${count} migration${count === 1 ? '' : 's'} this memoryd does not know: a newer memoryd migrated it`);
  }
}

function prepareDatabase(path: string, options: { checkIntegrity: boolean }): OpenedDatabase {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const created = !existsSync(path);
  const sqlite = openRaw(path, {});
  try {
    if (options.checkIntegrity && !created) assertIntact(sqlite, path);
    // Before the first write, so only a new database takes it (an existing one keeps its own).
    sqlite.pragma(`page_size = ${PAGE_SIZE}`);
    configure(sqlite);
    const recorded = recordedMigrations(sqlite);
    assertNotNewer(path, recorded);
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    restrictToOwner([path, `${path}-wal`, `${path}-shm`]);
    return { database: { db, sqlite, path, close: () => sqlite.close() }, created, migrated: appliedMigrations(recorded) };
  } catch (error) {
    sqlite.close();
    if (error instanceof DamagedDatabaseError || error instanceof NewerDatabaseError) throw error;
    if (DAMAGED.test(sqliteCode(error))) throw new DamagedDatabaseError(path, messageOf(error), error);
    throw new AppError('STORAGE', `cannot prepare the database ${path}: ${messageOf(error)}`, { cause: error });
  }
}

// Refuses a database holding migrations this memoryd does not know, before any change.
function assertNotNewer(path: string, recorded: ReadonlyArray<{ createdAt: number; hash: string }>): void {
  const unknown = recorded.filter((row) => !knownMigrations().some((migration) => migration.createdAt === row.createdAt));
  if (unknown.length > 0) throw new NewerDatabaseError(path, unknown);
}

// SQLite's answers for a file that is not a database, or one whose pages are damaged.
const DAMAGED = /^SQLITE_(NOTADB|CORRUPT)(_|$)/;

function sqliteCode(error: unknown): string {
  return error instanceof BetterSqlite3.SqliteError ? error.code : '';
}

// quick_check reads every page and checks each b-tree's structure, but not that indexes
// match their tables (integrity_check's slow part): enough to refuse a file SQLite cannot
// read, at a cost the README states. Its first row is 'ok' or the first complaint.
function assertIntact(sqlite: BetterSqlite3.Database, path: string): void {
  const [first] = integrityComplaints(sqlite, 'quick_check', 1);
  if (first !== undefined) throw new DamagedDatabaseError(path, first);
}

/**
 * What SQLite finds wrong with the database (`integrity_check`, or the faster `quick_check`),
 * at most `max` complaints; none when it is intact.
 */
export function integrityComplaints(sqlite: BetterSqlite3.Database, check: 'integrity_check' | 'quick_check', max = 10): string[] {
  const rows = sqlite.pragma(`${check}(${max})`, { simple: false }) as Array<Record<string, unknown>>;
  // One row may hold several lines, under a "*** in database main ***" heading.
  const complaints = rows.flatMap((row) => String(Object.values(row)[0]).split('\n')).filter((line) => !/^\*\*\* in database /.test(line));
  return complaints.length === 1 && complaints[0] === 'ok' ? [] : complaints.slice(0, max);
}

interface KnownMigration {
  name: string;
  createdAt: number;
}

// This memoryd's migrations, oldest first, read once: drizzle records each as its journal
// time (`when`, as created_at; readMigrationFiles' `folderMillis`) and the SHA-256 of its
// SQL; the time is what it compares, so it is what names a migration here (a hash changes
// with a checkout's line endings).
let known: readonly KnownMigration[] | null = null;

function knownMigrations(): readonly KnownMigration[] {
  known ??= (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> }).entries.map(
    (entry) => ({ name: entry.tag, createdAt: entry.when }),
  );
  return known;
}

// The newest migration the database records, or null for none.
function newestRecorded(recorded: ReadonlyArray<{ createdAt: number }>): number | null {
  return recorded.reduce<number | null>((max, row) => (max === null || row.createdAt > max ? row.createdAt : max), null);
}

// Drizzle's own rule: the known migrations newer than the newest recorded one are pending.
function pendingOf(recorded: ReadonlyArray<{ createdAt: number }>): readonly KnownMigration[] {
  const newest = newestRecorded(recorded);
  return knownMigrations().filter((migration) => newest === null || migration.createdAt > newest);
}

function recordedMigrations(sqlite: BetterSqlite3.Database): Array<{ createdAt: number; hash: string }> {
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (table === undefined) return [];
  const rows = sqlite.prepare('SELECT hash, created_at FROM __drizzle_migrations ORDER BY created_at').all() as Array<{ hash: string; created_at: number | string }>;
  return rows.map((row) => ({ createdAt: Number(row.created_at), hash: row.hash }));
}

// What drizzle's migrate just applied: what was pending before it ran (`recorded`).
function appliedMigrations(recorded: ReadonlyArray<{ createdAt: number }>): AppliedMigrations | null {
  const applied = pendingOf(recorded);
  const last = applied.at(-1);
  if (last === undefined) return null;
  const newest = newestRecorded(recorded);
  const from = knownMigrations().filter((migration) => newest !== null && migration.createdAt <= newest).at(-1)?.name ?? null;
  return { names: applied.map((migration) => migration.name), from, to: last.name };
}

/**
 * Opens an existing database that has every migration of this memoryd, read-write with
 * the daemon's settings, for tools that write beside the daemon (`npm run job`). Never
 * creates the file and never migrates (the daemon does, at start): throws `NOT_FOUND`
 * when there is no database, `STORAGE` when migrations are pending and `NewerDatabaseError`
 * for a database a newer memoryd migrated.
 */
export function openMigratedDatabase(path: string): Database {
  assertExists(path);
  const sqlite = openRaw(path, { fileMustExist: true });
  try {
    configure(sqlite);
    // A job must not write into a database a newer memoryd migrated: it would misread it.
    const recorded = recordedMigrations(sqlite);
    assertNotNewer(path, recorded);
    const pending = pendingOf(recorded).length;
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
  try {
    // The first read of a WAL database opens (or creates) its -shm: on a read-only folder
    // SQLite then says only "unable to open database file".
    sqlite.pragma('schema_version', { simple: true });
  } catch (error) {
    sqlite.close();
    throw unreadableInReadOnlyFolder(path, error) ?? error;
  }
  return { db: drizzle(sqlite, { schema }), sqlite, path, close: () => sqlite.close() };
}

// SQLite's bare "unable to open database file" for a WAL database in a folder no file can be
// made in (a read-only mount, a snapshot): it must make the -shm beside the file to read it.
function unreadableInReadOnlyFolder(path: string, error: unknown): AppError | null {
  if (sqliteCode(error) !== 'SQLITE_CANTOPEN') return null;
  const folder = dirname(path);
  try {
    accessSync(folder, constants.W_OK);
    return null;
  } catch (access) {
    const why = (access as NodeJS.ErrnoException).code === 'EROFS' ? 'is on a read-only file system' : 'cannot be written by this user';
    return new AppError(
      'STORAGE',
      `cannot read the database ${path} (${SETTINGS.db.env}): its folder ${folder} ${why}, and SQLite must make ${basename(path)}-shm there to read a WAL database; ` +
        'copy the data dir to a writable folder and run this on the copy (with the daemon stopped, or from a backup)',
      { cause: error },
    );
  }
}

/**
 * How many of this memoryd's migrations the database has not applied, by drizzle's own
 * rule (those newer than the newest one recorded). Reads only.
 */
export function pendingMigrations(sqlite: BetterSqlite3.Database): number {
  return pendingOf(recordedMigrations(sqlite)).length;
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
  // A deleted row's bytes are zeroed in the pages a write rewrites anyway (no extra I/O):
  // a summarised turn's text, an erased fact's old text do not linger in live pages. A
  // page freed whole keeps its bytes until reused (the hourly TTL cleanup's secure delete
  // and WAL truncation do more for the discardable tier).
  sqlite.pragma('secure_delete = FAST');
}

function assertExists(path: string): void {
  if (!existsSync(path)) {
    // A daemon run as a service often has its own MEMORYD_DATA_DIR, which a shell lacks.
    throw new AppError(
      'NOT_FOUND',
      `no database at ${path} yet: start the daemon once (npm start) to create it; if memoryd runs with other settings (a service's MEMORYD_DATA_DIR or MEMORYD_DB), run this with the same`,
    );
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

/**
 * Writes a consistent copy of `database` to `path`, which must not exist or be empty, with
 * one `VACUUM INTO`: a single read transaction, so the copy is one committed state (the
 * WAL's included) however the daemon writes meanwhile, and it blocks no writer (WAL
 * readers never do). SQLite does not sync the new file; this does, before returning.
 */
export function copyDatabaseTo(database: Database, path: string): void {
  database.sqlite.prepare('VACUUM INTO ?').run(path);
  syncPath(path);
}

/** fsyncs a file, or a folder (which makes a name made or changed in it durable). */
export function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** How many facts the database holds, whatever their status. */
export function factCount(database: Database): number {
  return database.db.select({ facts: count() }).from(schema.facts).get()?.facts ?? 0;
}
