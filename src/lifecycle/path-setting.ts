import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { AppError, messageOf } from '../errors.js';

/**
 * A path setting (MEMORYD_DATA_DIR, MEMORYD_LOGS_DIR, …) that names a folder or file the
 * daemon cannot make or open. The message names the variable, the path and the reason
 * in words; the file system's error is the `cause`.
 */
export class UnusablePathError extends AppError {
  constructor(setting: string, target: { kind: 'folder' | 'file'; path: string }, reason: string, cause?: unknown) {
    const { kind, path } = target;
    super('CONFIG_INVALID', `${setting}: cannot use the ${kind} ${path}: ${reason}`, {
      cause,
      details: { issues: [{ path: setting, message: `${path}: ${reason}` }] },
    });
  }
}

/** The error for `error`, raised while making or opening the folder or file `path` (set by `setting`). */
export function unusablePath(setting: string, target: { kind: 'folder' | 'file'; path: string }, error: unknown): UnusablePathError {
  return new UnusablePathError(setting, target, reasonInWords(target, error), error);
}

/**
 * Makes `dir` (0700 when new) and checks that this user can enter it and write in it,
 * so a folder the daemon cannot use is refused at start, naming `setting` and what to do
 * (a read-only file system, a folder this user may not write), instead of at the first write.
 */
export function ensureUsableDir(setting: string, dir: string): void {
  const target = { kind: 'folder', path: dir } as const;
  refuseUnexpandedHome(setting, target);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (thrown) {
    const error = whyNotMade(dir, thrown);
    throw new UnusablePathError(setting, target, `${reasonInWords(target, error)}${unwritableAdvice(setting, error)}`, error);
  }
}

/**
 * Refuses a path with a part that starts with "~" and is not there yet: the shell's
 * shorthand for a home folder, which only a shell expands. Written in a systemd `Environment=` line or quoted,
 * `~/mdx-data` reaches memoryd as is, resolves under the working directory and would make
 * a folder named "~" there.
 */
export function refuseUnexpandedHome(setting: string, target: { kind: 'folder' | 'file'; path: string }): void {
  const parts = target.path.split(sep);
  const at = parts.findIndex((part) => part.startsWith('~'));
  // A folder of that name that is there already is one the user made or memoryd runs on
  // ("/srv/~old/data", a data dir an earlier start made): refusing it now would start elsewhere, empty.
  if (at === -1 || existsSync(parts.slice(0, at + 1).join(sep) || sep)) return;
  const tilde = parts[at] ?? '~';
  const rest = parts.slice(at + 1);
  const meant = tilde === '~' ? join(homedir(), ...rest) : `the home folder of ${tilde.slice(1)}, then ${join(...rest)}`;
  throw new UnusablePathError(
    setting,
    target,
    `"${tilde}" is not expanded to a home folder (only a shell does that, not a systemd Environment= line or a quoted value), ` +
      `so it would be a folder named "${tilde}"; write the path out (${meant}, or $HOME/… where a shell reads it)`,
  );
}

// A recursive mkdir that fails on a read-only file system (or under a folder this user may
// not write) says ENOENT, for the first missing folder it could not make: the folder it
// could not make it in says why.
function whyNotMade(dir: string, error: unknown): unknown {
  if ((error as NodeJS.ErrnoException | undefined)?.code !== 'ENOENT') return error;
  for (let current = dirname(dir); current !== dirname(current); current = dirname(current)) {
    if (!existsSync(current)) continue;
    try {
      accessSync(current, constants.W_OK | constants.X_OK);
      return error;
    } catch (probe) {
      return probe;
    }
  }
  return error;
}

/**
 * What to do about a folder or file memoryd must write but may not, set by `setting`: a
 * sentence that starts with `; ` to follow the reason, or '' when the error says nothing
 * that helps (then the reason alone is the message).
 */
export function unwritableAdvice(setting: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'EROFS' || code.startsWith('SQLITE_READONLY')) {
    return `; remount the file system read-write, or set ${setting} to a path on one memoryd may write`;
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return `; let this user write it (\`ls -l\` shows the owner and mode, \`lsattr\` an immutable flag), or set ${setting} to a path it may write`;
  }
  return '';
}

/**
 * Why memoryd cannot use the file `path` (a database or its lock file), with what to do,
 * after `error`. SQLite's SQLITE_CANTOPEN says no more than "unable to open database file":
 * when the file's folder cannot be written, that is said instead, as the reason.
 */
export function unusableFileReason(setting: string, path: string, error: unknown): string {
  let cause = error;
  let reason = reasonInWords({ kind: 'file', path }, error);
  const denied = (error as NodeJS.ErrnoException | undefined)?.code === 'SQLITE_CANTOPEN' ? deniedFile(path) : null;
  if (denied !== null) {
    cause = denied.error;
    const words = reasonInWords({ kind: 'file', path: denied.file }, denied.error);
    reason = denied.file === path ? words : `its ${denied.file.slice(path.length)} file ${denied.file}: ${words}`;
  } else if ((error as NodeJS.ErrnoException | undefined)?.code === 'SQLITE_CANTOPEN') {
    const folder = dirname(path);
    try {
      accessSync(folder, constants.W_OK | constants.X_OK);
    } catch (probe) {
      cause = probe;
      reason = `${reason}: its folder ${folder} ${FOLDER_PROBLEM[(probe as NodeJS.ErrnoException).code ?? ''] ?? `cannot be written (${messageOf(probe)})`}`;
    }
  }
  return `${reason}${unwritableAdvice(setting, cause)}`;
}

// The first of the database file and its -wal and -shm files that exists and this user may
// not read and write (another user's, mode 600), with the file system's error: SQLite says
// only SQLITE_CANTOPEN for it.
function deniedFile(path: string): { file: string; error: unknown } | null {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (!existsSync(file)) continue;
    try {
      accessSync(file, constants.R_OK | constants.W_OK);
    } catch (error) {
      return { file, error };
    }
  }
  return null;
}

const FOLDER_PROBLEM: Record<string, string> = {
  EROFS: 'is on a read-only file system',
  EACCES: 'may not be written by this user',
  EPERM: 'may not be written by this user',
  ENOENT: 'does not exist',
};

/** Why a folder setting cannot use its path: a file is there. */
export const A_FILE_NOT_A_FOLDER = 'it is a file, not a folder';
/** Why a file setting cannot use its path: a folder is there. */
export const A_FOLDER_NOT_A_FILE = 'it is a folder, not a file';

/** Whether `path` is a folder; false when it is anything else, absent or cannot be looked at. */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Why `error` (a file system or SQLite error) keeps memoryd from making or opening the folder or file `path`, in words. */
export function reasonInWords({ kind, path }: { kind: 'folder' | 'file'; path: string }, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_READONLY')) return 'it is read-only, or on a read-only file system';
  switch (code) {
    case 'EEXIST':
      // mkdir's answer for a file where the folder should be.
      return kind === 'folder' ? A_FILE_NOT_A_FOLDER : 'it already exists';
    case 'ENOTDIR': {
      const file = nearestFile(path);
      return file === undefined ? 'a part of it is a file, not a folder' : `${file} is a file, not a folder`;
    }
    case 'EISDIR':
      return A_FOLDER_NOT_A_FILE;
    case 'EACCES':
    case 'EPERM':
      return `permission denied (this user, uid ${process.getuid?.() ?? '?'}, may not create or write it)`;
    case 'EROFS':
      return 'it is on a read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    case 'SQLITE_CANTOPEN':
      return 'SQLite cannot open or create it';
    case 'SQLITE_NOTADB':
      return 'it is not an SQLite database';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

// The first existing ancestor of `path`, when it is not a folder.
function nearestFile(path: string): string | undefined {
  for (let current = dirname(path); current !== dirname(current); current = dirname(current)) {
    try {
      return statSync(current).isDirectory() ? undefined : current;
    } catch {
      // Not there (or not visible): look one level up.
    }
  }
  return undefined;
}
