import { closeSync, linkSync, openSync, readdirSync, realpathSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { systemClock } from '../clock.js';
import { loadConfig, type Config } from '../config/config.js';
import { SETTINGS } from '../config/settings.js';
import { AppError, messageOf } from '../errors.js';
import { reasonInWords } from '../lifecycle/path-setting.js';
import { DATABASE_SUFFIXES } from '../lifecycle/private-dir.js';
import { copyDatabaseTo, factCount, integrityComplaints, openDatabaseReadOnly, syncPath, type Database } from '../storage/database.js';
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, UsageError, type Command } from './command-line.js';
import type { CliIo } from './run-job-cli.js';

const USAGE = `usage: npm run backup -- <destination file> [--force]

Writes a consistent copy of memoryd's database (MEMORYD_DB) to the file, safe while
the daemon runs, checks it with PRAGMA integrity_check and prints what it wrote.
  --force   replace the file if it exists (without it, an existing file is refused)
To restore, see README.md, "Backing up and restoring".
`;

const BACKUP: Command = { name: 'backup', usage: USAGE };

interface BackupArgs {
  destination: string;
  force: boolean;
}

/**
 * `npm run backup -- <file>`: an online copy of the database, checked before it takes the
 * file's name. Returns the exit code: 0 written, 1 not written (no database, a file already
 * there, a copy or check that failed: one line on stderr, the destination untouched), 2 usage.
 */
export async function runBackupCli(argv: string[], io: CliIo & { callerCwd?: string }): Promise<number> {
  const args = readCommandArgs(BACKUP, argv, readBackupArgs, io);
  if (args instanceof CommandExit) return args.code;
  const clock = io.clock ?? systemClock;
  const started = clock.now();
  let source: Database;
  let destination: string;
  try {
    const config = loadConfig(io.env, { cwd: io.cwd });
    // Where the command was typed (npm's INIT_CWD): the settings' paths stay the package's.
    destination = resolve(io.callerCwd ?? io.cwd, args.destination);
    refuseDestination(destination, config, args.force);
    source = openDatabaseReadOnly(config.dbPath);
  } catch (error) {
    reportCommandFailure(BACKUP, error, '', io);
    return 1;
  }
  try {
    const leftovers = removeLeftoverCopies(destination);
    const facts = writeCheckedCopy(source, destination, args.force);
    const { size } = statSync(destination);
    const ms = Math.round(clock.now() - started);
    const removed = leftovers === 0 ? '' : `; removed ${leftovers} partial ${leftovers === 1 ? 'copy' : 'copies'} an interrupted backup left beside it`;
    io.stdout.write(`backup: wrote ${destination} (${size} bytes, ${facts} facts; integrity_check ok) from ${source.path} in ${ms} ms${removed}\n`);
    return 0;
  } catch (error) {
    reportCommandFailure(BACKUP, error, `nothing written to ${destination}: `, io);
    return 1;
  } finally {
    source.close();
  }
}

function partialPrefix(destination: string): string {
  return `.${basename(destination)}.partial-`;
}

// The partial copies (and their journals) of earlier backups to the same file whose process no
// longer runs (a SIGKILL, a power cut): each holds up to the whole database. Returns how many copies.
function removeLeftoverCopies(destination: string): number {
  const prefix = partialPrefix(destination);
  const folder = dirname(destination);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)(-journal)?$/u.exec(name.slice(prefix.length));
    if (match === null || processRuns(Number(match[1]))) continue;
    rmSync(join(folder, name), { force: true });
    if (match[2] === undefined) removed += 1;
  }
  return removed;
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readBackupArgs(argv: readonly string[]): BackupArgs {
  const { values, positionals } = parseOrRefuse(argv, { allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  const [destination, ...rest] = positionals;
  if (destination === undefined || destination === '') throw new UsageError('a destination file is needed');
  if (rest.length > 0) throw new UsageError(`unexpected argument ${rest.join(' ')} (one destination file)`);
  return { destination, force: values.force };
}

// The database itself, its -wal, -shm and journal, the daemon's lock beside it and the
// daemon's socket are never a destination, --force or not: a copy renamed over the lock
// lets a second daemon serve the same database, one over the socket cuts every client off.
function refuseDestination(destination: string, config: Pick<Config, 'dbPath' | 'socketPath'>, force: boolean): void {
  const existing = statSync(destination, { throwIfNoEntry: false });
  if (existing?.isDirectory() === true) throw new AppError('CONFIG_INVALID', `${destination} is a folder: name the backup file, e.g. ${join(destination, 'memoryd-backup.db')}`);
  const target = realOrSelf(destination);
  const database = realOrSelf(config.dbPath);
  if (DATABASE_SUFFIXES.some((suffix) => `${database}${suffix}` === target)) {
    throw new AppError('CONFIG_INVALID', `${destination} is the database memoryd serves (${SETTINGS.db.env}) or one of its files: name another file`);
  }
  if (realOrSelf(config.socketPath) === target) {
    throw new AppError('CONFIG_INVALID', `${destination} is memoryd's socket (${SETTINGS.socket.env}): name another file`);
  }
  if (existing !== undefined && !force) {
    throw new AppError('CONFLICT', `${destination} already exists: name another file, or add --force to replace it`);
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

// Copies into a new file beside the destination, checks the copy, and only then gives it
// the destination's name: a copy that fails never replaces or leaves a file there (one
// killed midway leaves its partial copy: see removeLeftoverCopies).
function writeCheckedCopy(source: Database, destination: string, force: boolean): number {
  const partial = join(dirname(destination), `${partialPrefix(destination)}${process.pid}`);
  try {
    // Owner-only from the start (VACUUM INTO takes an empty file): a backup holds everything the database does.
    closeSync(openSync(partial, 'wx', 0o600));
    copyDatabaseTo(source, partial);
    const facts = checkCopy(partial);
    if (force) renameSync(partial, destination);
    else placeWithoutReplacing(partial, destination);
    // The new name is durable only once its folder is synced.
    syncPath(dirname(destination));
    return facts;
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
    throw explainCopyError(error, source.path, destination);
  }
}

// Puts the copy at `destination` unless a file was made there since the first look, where a
// rename would replace it: a hard link refuses one. File systems without hard links (vfat,
// exFAT, many CIFS and sshfs mounts: EPERM, ENOTSUP) get an empty placeholder made with "wx",
// which refuses one too, then the rename over that placeholder.
function placeWithoutReplacing(partial: string, destination: string): void {
  try {
    linkSync(partial, destination);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    closeSync(openSync(destination, 'wx', 0o600));
    renameSync(partial, destination);
    return;
  }
  unlinkSync(partial);
}

// The copy's own integrity_check (every page, every index against its table) and its facts.
function checkCopy(path: string): number {
  const copy = openDatabaseReadOnly(path);
  try {
    const complaints = integrityComplaints(copy.sqlite, 'integrity_check', 5);
    if (complaints.length > 0) {
      throw new AppError(
        'STORAGE',
        `the copy fails PRAGMA integrity_check (${complaints.join('; ')}), so the database itself may be damaged: ` +
          'stop memoryd and run `sqlite3 <MEMORYD_DB> "PRAGMA integrity_check"`; restore an earlier backup if it fails too',
      );
    }
    return factCount(copy);
  } finally {
    copy.close();
  }
}

function explainCopyError(error: unknown, dbPath: string, destination: string): unknown {
  const code = error instanceof BetterSqlite3.SqliteError ? error.code : (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EEXIST') return new AppError('CONFLICT', `${destination} was made while the copy ran: name another file, or add --force to replace it`, { cause: error });
  if (code?.startsWith('SQLITE_BUSY') === true) {
    return new AppError('STORAGE', `the database ${dbPath} stayed busy for 5 s (${messageOf(error)}): memoryd holds no lock that long, so try again`, { cause: error });
  }
  if (code === 'ENOENT') return new AppError('CONFIG_INVALID', `the folder ${dirname(destination)} does not exist: create it, or name a file in another`, { cause: error });
  if (code !== undefined && /^E[A-Z]+$/.test(code)) {
    const folder = { kind: 'folder', path: dirname(destination) } as const;
    return new AppError('CONFIG_INVALID', `cannot write in the folder ${folder.path}: ${reasonInWords(folder, error)}`, { cause: error });
  }
  return error;
}
