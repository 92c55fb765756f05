import { promptUsage, SPEC_USAGE_THRESHOLDS } from '../compiler/compile-prompt.js';
import type { UsageThresholds } from '../config/config.js';
import { SETTINGS } from '../config/settings.js';
import { AppError, isAppError } from '../errors.js';
import { DamagedDatabaseError, NewerDatabaseError, openDatabaseAtStart, type OpenedDatabase } from '../storage/database.js';
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
 * Opens the daemon's database at start, checked (`openDatabaseAtStart`). A file it may not
 * write (a read-only file or file system, a file of another user's or marked immutable), a
 * damaged one and one a newer memoryd has migrated are refused naming MEMORYD_DB, the file,
 * what is wrong and what to do, instead of the bare error of the chmod or the pragma that
 * met it, or of serving it.
 */
export function openDaemonDatabase(dbPath: string): OpenedDatabase {
  const setting = SETTINGS.db.env;
  const target = { kind: 'file', path: dbPath } as const;
  try {
    return openDatabaseAtStart(dbPath);
  } catch (error) {
    if (error instanceof DamagedDatabaseError) throw new UnusablePathError(setting, target, damagedReason(error), error);
    if (error instanceof NewerDatabaseError) throw new UnusablePathError(setting, target, newerReason(error), error);
    const behind = codeBehind(error);
    if (behind === null || !UNWRITABLE.test(behind.code)) throw error;
    throw new UnusablePathError(setting, target, unusableFileReason(setting, dbPath, behind.error), error);
  }
}

// How to put a backup back, for a database memoryd will not serve.
function restoreAdvice(path: string, lead = 'restore it from a backup'): string {
  return (
    `${lead}: with memoryd stopped, delete ${path}-wal and ${path}-shm, then copy the backup to ${path} ` +
    '(README, "Backing up and restoring"; `npm run backup` makes one while memoryd runs)'
  );
}

function damagedReason(error: DamagedDatabaseError): string {
  const notADatabase = codeBehind(error)?.code === 'SQLITE_NOTADB';
  const what = notADatabase ? `it is not an SQLite database (${error.complaint})` : `it is damaged (PRAGMA quick_check: ${error.complaint})`;
  const otherwise = notADatabase
    ? `; or, if it is not memoryd's database, set ${SETTINGS.db.env} to memoryd's`
    : '; memoryd does not serve a damaged database, which would lose or garble what it reads';
  return `${what}; ${restoreAdvice(error.path)}${otherwise}`;
}

function newerReason(error: NewerDatabaseError): string {
  const newest = Math.max(...error.unknown.map((migration) => migration.createdAt));
  const count = error.unknown.length;
  return (
    `a newer memoryd has migrated it: it holds ${count} migration${count === 1 ? '' : 's'} this memoryd does not know ` +
    `(the newest made ${new Date(newest).toISOString()}), and this memoryd would misread it; ` +
    `run that newer memoryd on it, or ${restoreAdvice(error.path, 'restore the backup taken before the upgrade')}`
  );
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

/**
 * The largest share of MEMORYD_TOKEN_CAP that what every prompt holds whatever the
 * conversation (the system prompt with its frame, and the shortest user message) may take
 * before start warns. Under it, at least 40 % of the cap is left for the message, the
 * facts (150 tokens base), the summaries (200) and the window before a prompt reaches the
 * `critical` level (90 %); over it, a message of a few lines is enough to make every prompt
 * critical and drop the memory. With the built-in prompt (~390 tokens) it asks for a cap of
 * about 800.
 */
export const SYSTEM_PROMPT_MAX_SHARE = 0.5;

/** What every prompt of the daemon holds whatever the conversation: the system prompt, and the frames around it and the message. */
export interface FixedPromptLoad {
  /** The system prompt's own tokens and where it comes from ('built-in' or the file). */
  system: { tokens: number; source: string };
  /** The system message's frame and a user message of one token, with its frame. */
  frames: number;
}

/**
 * A warning for start when the system prompt leaves too little of the cap for the rest of
 * every prompt (over SYSTEM_PROMPT_MAX_SHARE, see there), naming MEMORYD_SYSTEM_PROMPT and
 * MEMORYD_TOKEN_CAP, what it costs and what to do; null otherwise. A warning, not a refusal
 * as a system prompt over the whole cap is (every context call would then be a 422): such
 * a daemon answers every call, within the cap, only with less memory than it should.
 */
export function systemPromptRoomWarning(
  load: FixedPromptLoad,
  config: { tokenCap: number; systemPromptFile: string; usageThresholds?: UsageThresholds },
): string | null {
  const { tokenCap } = config;
  const fixed = load.system.tokens + load.frames;
  if (fixed <= tokenCap * SYSTEM_PROMPT_MAX_SHARE) return null;
  const setting = SETTINGS.systemPromptFile.env;
  const cap = SETTINGS.tokenCap.env;
  const builtIn = load.system.source === 'built-in';
  const prompt = builtIn ? `the built-in system prompt (no file at ${setting}=${config.systemPromptFile})` : `the system prompt file ${load.system.source} (${setting})`;
  const share = Math.round((fixed / tokenCap) * 100);
  const neededCap = Math.ceil(fixed / SYSTEM_PROMPT_MAX_SHARE);
  const longestPrompt = Math.floor(tokenCap * SYSTEM_PROMPT_MAX_SHARE) - load.frames;
  const shorter = builtIn ? `write a system prompt of at most ${longestPrompt} tokens to ${config.systemPromptFile}` : `shorten that file to at most ${longestPrompt} tokens`;
  return (
    `${prompt} is ${load.system.tokens} tokens: with the shortest message, ${fixed} of ${cap}=${tokenCap} (${share} %) go to every prompt, ` +
    `leaving ${tokenCap - fixed} for the message, facts, summaries and the window: ${whatItMeans(fixed, tokenCap, config.usageThresholds ?? SPEC_USAGE_THRESHOLDS)}; raise ${cap} to at least ${neededCap}, or ${shorter}`
  );
}

// What the fixed load means for every prompt, by the threshold a short message already
// reaches (the levels of promptUsage), else for the prompts of a long conversation.
function whatItMeans(fixed: number, tokenCap: number, thresholds: UsageThresholds): string {
  const { level } = promptUsage(fixed, tokenCap, thresholds);
  if (level === 'critical') return `a short message already makes a prompt critical (${thresholds.critical} % of the cap), with facts, summaries and turns dropped`;
  if (level === 'compress') return `a short message already takes a prompt past the compress threshold (${thresholds.compress} % of the cap)`;
  if (level === 'warning') return `a short message already takes a prompt past the warning threshold (${thresholds.warning} % of the cap)`;
  return `the prompts of a long conversation reach the critical threshold (${thresholds.critical} % of the cap) and may lose facts, summaries or turns`;
}
