import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { ConfigError } from '../errors.js';

/**
 * Makes sure `dir` exists and only its owner can enter it. A directory memoryd owns
 * (the data dir) is tightened to 0700; any other directory that others can enter is
 * refused, because the socket inside it would be reachable by path.
 */
export function ensurePrivateDir(dir: string, options: { tighten: boolean; setting: string }): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  if (options.tighten) {
    chmodSync(dir, 0o700);
    return;
  }
  throw new ConfigError(
    `the directory ${dir} can be entered by other users (mode ${mode.toString(8)}); put the socket in a private directory (mode 700)`,
    [{ path: options.setting, message: `directory ${dir} has mode ${mode.toString(8)}; it must not be accessible to others` }],
  );
}
