import { SETTINGS } from '../config/settings.js';
import { AppError, isAppError } from '../errors.js';
import { openDatabase, type Database } from '../storage/database.js';
import { reasonInWords, UnusablePathError, unusableFileReason } from './path-setting.js';

// What keeps memoryd from writing a file it must write: the file system's or SQLite's code.
const UNWRITABLE = /^(EROFS|EACCES|EPERM|SQLITE_READONLY(_.*)?|SQLITE_CANTOPEN)$/;

// The code of the file system or SQLite error behind `error` (itself or a cause a few levels down).
function codeBehind(error: unknown): { code: string; error: unknown } | null {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && !isAppError(current)) return { code, error: current };
    current = current.cause;
  }
  return null;
}

/**
 * Opens the daemon's database at start; a file it may not write (a read-only file or file
 * system, a file of another user's or marked immutable) is refused naming MEMORYD_DB, the
 * file, what is wrong and what to do, instead of the bare error of the chmod or the pragma
 * that met it.
 */
export function openDaemonDatabase(dbPath: string): Database {
  try {
    return openDatabase(dbPath);
  } catch (error) {
    const behind = codeBehind(error);
    if (behind === null || !UNWRITABLE.test(behind.code)) throw error;
    throw new UnusablePathError(SETTINGS.db.env, { kind: 'file', path: dbPath }, unusableFileReason(SETTINGS.db.env, dbPath, behind.error), error);
  }
}

/**
 * The start-up error for a system prompt file that cannot be used (unreadable, not UTF-8,
 * empty, over the token cap), naming MEMORYD_SYSTEM_PROMPT and what to do; any other error
 * as it is.
 */
export function explainSystemPromptError(error: unknown, file: string): unknown {
  if (!isAppError(error) || error.code !== 'CONFIG_INVALID' || !error.message.includes(`system prompt file ${file}`)) return error;
  const setting = SETTINGS.systemPromptFile.env;
  // A file that could not be read says why in the file system's words; a bad text says it already.
  const cause = codeBehind(error);
  const why = cause === null || !/^E[A-Z]+$/.test(cause.code) ? '' : `: ${reasonInWords({ kind: 'file', path: file }, cause.error)}`;
  return new AppError(
    'CONFIG_INVALID',
    `${setting}: ${error.message}${why}; fix it (a readable UTF-8 text file, not empty, under MEMORYD_TOKEN_CAP tokens), ` +
      `or remove it or set ${setting} to another path to start with the built-in prompt`,
    { cause: error, details: { issues: [{ path: setting, message: `${file}: ${error.message}${why}` }] } },
  );
}
