import { chmodSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import type { Config } from '../config/config.js';
import { SETTINGS } from '../config/settings.js';
import { ConfigError } from '../errors.js';
import { ensureUsableDir, UnusablePathError } from './path-setting.js';

const STICKY = 0o1000;
// SQLite's companions of a database file, and the daemon's lock beside it (an SQLite
// database too: its journal stays while the daemon runs, and after a crash).
const DATABASE_SUFFIXES = ['', '-wal', '-shm', '-journal', '.lock', '.lock-journal'];
// What a checkout's data/ holds before the first start (data/README.md).
const CHECKOUT_FILES = ['README.md', '.gitkeep'];

/**
 * Makes sure `dir` exists and only its owner can enter it. A new directory is made 0700.
 * An existing one that others can enter is tightened to 0700 only when it is memoryd's
 * own: given `ownNames`, owned by this user, not a sticky shared directory like /tmp,
 * and holding nothing but those names. Anything else ($HOME, a checkout, a shared
 * folder) is refused with what to do, never silently changed: the socket inside it
 * would be reachable by path. A path this user cannot make or use throws `UnusablePathError`.
 */
export function ensurePrivateDir(dir: string, options: { setting: string; ownNames?: ReadonlySet<string> }): void {
  ensureUsableDir(options.setting, dir);
  const stats = statSync(dir);
  const mode = stats.mode & 0o7777;
  if ((mode & 0o077) === 0) return;
  const shown = mode.toString(8);
  if (options.ownNames === undefined) {
    throw new UnusablePathError(
      options.setting,
      { kind: 'folder', path: dir },
      `it can be entered by other users (mode ${shown}); put the socket in a private folder (mode 700)`,
    );
  }
  const why = notMemorydsOwn(dir, stats.uid, mode, options.ownNames);
  if (why === null) {
    chmodSync(dir, 0o700);
    return;
  }
  throw new ConfigError(
    `the data dir ${dir} can be entered by other users (mode ${shown}) and ${why}, so memoryd does not change its mode; ` +
      `run \`chmod 700 ${dir}\` if it may be private, or set ${options.setting} to a directory of memoryd's own (a new one is made 0700)`,
    [{ path: options.setting, message: `directory ${dir} has mode ${shown} and ${why}` }],
  );
}

// Why `dir` is not memoryd's to tighten, or null when it is.
function notMemorydsOwn(dir: string, uid: number, mode: number, ownNames: ReadonlySet<string>): string | null {
  if (process.getuid !== undefined && uid !== process.getuid()) return `belongs to another user (uid ${uid})`;
  if ((mode & STICKY) !== 0) return 'is a shared directory (sticky bit)';
  const foreign = readdirSync(dir).filter((name) => !ownNames.has(name));
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
