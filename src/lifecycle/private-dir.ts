import { chmodSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import type { Config } from '../config/config.js';
import { SETTINGS } from '../config/settings.js';
import { ConfigError } from '../errors.js';
import { ensureUsableDir, UnusablePathError } from './path-setting.js';

const STICKY = 0o1000;
/**
 * SQLite's companions of a database file, and the daemon's lock beside it (an SQLite
 * database too: its journal stays while the daemon runs, and after a crash).
 */
export const DATABASE_SUFFIXES: readonly string[] = ['', '-wal', '-shm', '-journal', '.lock', '.lock-journal'];
// What a checkout's data/ holds before the first start (data/README.md).
const CHECKOUT_FILES = ['README.md', '.gitkeep'];

/** How `ensurePrivateDir` judges a folder, and what it says when it refuses one. */
export interface PrivateDirRule {
  /** The variable that sets the folder, named in every refusal. */
  setting: string;
  /**
   * The names an open folder may hold and still count as memoryd's own, to be tightened
   * rather than refused (a set, or a test of each name). Without it, an open folder is refused.
   */
  ownNames?: ReadonlySet<string> | ((name: string) => boolean);
  /** The folder in a refusal's words: `data dir` (the default), `logs dir`. */
  label?: string;
  /**
   * What memoryd keeps in the folder, in the advice of a refusal without `ownNames`:
   * `the socket` (the default), `the log files`.
   */
  holds?: string;
  /**
   * What other users may not do in it: `enter` (the default: a socket inside would be
   * reachable by path) or `write` (for a folder whose files are private by their own mode,
   * where another user could still plant a file or a link under a name memoryd opens).
   */
  forbid?: 'enter' | 'write';
}

// The mode bits that let other users do what a rule forbids, and its words in a refusal.
const FORBIDDEN = {
  enter: { bits: 0o077, words: 'can be entered by other users' },
  write: { bits: 0o022, words: 'can be written by other users' },
} as const;

/**
 * Makes sure `dir` exists and other users cannot do in it what `rule.forbid` says (enter
 * it, by default). A new directory is made 0700. An existing one that others can enter
 * (or write) is tightened to 0700 only when it is memoryd's own: given `ownNames`, owned
 * by this user, not a sticky shared directory like /tmp, and holding nothing but those
 * names. Anything else ($HOME, a checkout, a shared folder) is refused with what to do,
 * never silently changed: the socket inside it would be reachable by path, or a file
 * memoryd writes could be swapped for a link. A path this user cannot make or use throws
 * `UnusablePathError`.
 */
export function ensurePrivateDir(dir: string, rule: PrivateDirRule): void {
  ensureUsableDir(rule.setting, dir);
  const stats = statSync(dir);
  const mode = stats.mode & 0o7777;
  const forbidden = FORBIDDEN[rule.forbid ?? 'enter'];
  if ((mode & forbidden.bits) === 0) {
    // Others may read it but not write in it: allowed, yet made private when it is memoryd's
    // own (its files' names show when memoryd was used), as a new one would be.
    if (rule.ownNames !== undefined && (mode & FORBIDDEN.enter.bits) !== 0 && notMemorydsOwn(dir, stats.uid, mode, ownNameTest(rule.ownNames)) === null) {
      chmodSync(dir, 0o700);
    }
    return;
  }
  const shown = mode.toString(8);
  if (rule.ownNames === undefined) {
    throw new UnusablePathError(
      rule.setting,
      { kind: 'folder', path: dir },
      `it ${forbidden.words} (mode ${shown}); put ${rule.holds ?? 'the socket'} in a private folder (mode 700)`,
    );
  }
  const why = notMemorydsOwn(dir, stats.uid, mode, ownNameTest(rule.ownNames));
  if (why === null) {
    chmodSync(dir, 0o700);
    return;
  }
  throw new ConfigError(
    `the ${rule.label ?? 'data dir'} ${dir} ${forbidden.words} (mode ${shown}) and ${why}, so memoryd does not change its mode; ` +
      `run \`chmod 700 ${dir}\` if it may be private, or set ${rule.setting} to a directory of memoryd's own (a new one is made 0700)`,
    [{ path: rule.setting, message: `directory ${dir} has mode ${shown} and ${why}` }],
  );
}

function ownNameTest(ownNames: NonNullable<PrivateDirRule['ownNames']>): (name: string) => boolean {
  return typeof ownNames === 'function' ? ownNames : (name) => ownNames.has(name);
}

// Why `dir` is not memoryd's to tighten, or null when it is.
function notMemorydsOwn(dir: string, uid: number, mode: number, isOwnName: (name: string) => boolean): string | null {
  if (process.getuid !== undefined && uid !== process.getuid()) return `belongs to another user (uid ${uid})`;
  if ((mode & STICKY) !== 0) return 'is a shared directory (sticky bit)';
  const foreign = readdirSync(dir).filter((name) => !isOwnName(name));
  if (foreign.length === 0) return null;
  const named = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? `, … (${foreign.length} in all)` : '');
  return `holds files that are not memoryd's (${named})`;
}

/**
 * The names a data dir may hold and still count as memoryd's own (data/README.md lists
 * them): the database and its companions, the socket, the logs and models dirs and the
 * system prompt file under their configured and default names (a configured path deeper
 * in the data dir makes its first folder memoryd's: `db/` of `MEMORYD_DB=db/memoryd.db`),
 * and a checkout's README.
 */
export function dataDirOwnNames(config: Pick<Config, 'dataDir' | 'dbPath' | 'socketPath' | 'logsDir' | 'modelsDir' | 'systemPromptFile'>): ReadonlySet<string> {
  const inside = (path: string): string[] => {
    const within = relative(config.dataDir, path);
    const first = within.split(sep)[0] ?? '';
    return within === '' || isAbsolute(within) || first === '..' ? [] : [first];
  };
  const databases = [SETTINGS.db.default, ...inside(config.dbPath)];
  return new Set([
    ...CHECKOUT_FILES,
    ...databases.flatMap((name) => DATABASE_SUFFIXES.map((suffix) => `${name}${suffix}`)),
    ...[SETTINGS.socket, SETTINGS.logsDir, SETTINGS.modelsDir, SETTINGS.systemPromptFile].map((setting) => setting.default),
    ...[config.socketPath, config.logsDir, config.modelsDir, config.systemPromptFile].flatMap(inside),
  ]);
}
