import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../errors.js';

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
 * so a folder the daemon cannot use is refused at start, naming `setting`, instead of at
 * the first write.
 */
export function ensureUsableDir(setting: string, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    throw unusablePath(setting, { kind: 'folder', path: dir }, error);
  }
}

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

function reasonInWords({ kind, path }: { kind: 'folder' | 'file'; path: string }, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
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
