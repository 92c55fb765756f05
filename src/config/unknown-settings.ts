import type { Environment } from './config.js';
import { SETTINGS } from './settings.js';

/** A MEMORYD_* variable that is no setting, and the setting it most likely meant (null when none is close). */
export interface UnknownSetting {
  name: string;
  meant: string | null;
}

const PREFIX = 'MEMORYD_';
// A misspelling is at most this many letters away from the setting meant.
const MAX_TYPOS = 2;

/**
 * The MEMORYD_* variables of `env` that no setting reads, sorted: a misspelled one
 * (`MEMORYD_TOKENCAP`) would otherwise leave its default in place without a word.
 */
export function unknownSettings(env: Environment): UnknownSetting[] {
  const known = Object.values(SETTINGS).map((setting) => setting.env);
  return Object.keys(env)
    .filter((name) => name.startsWith(PREFIX) && env[name] !== undefined && !known.includes(name))
    .sort()
    .map((name) => ({ name, meant: closest(name, known) }));
}

function closest(name: string, known: readonly string[]): string | null {
  const squashed = name.replaceAll('_', '');
  const same = known.find((each) => each.replaceAll('_', '') === squashed);
  if (same !== undefined) return same;
  let best: string | null = null;
  let bestDistance = MAX_TYPOS + 1;
  for (const each of known) {
    const distance = editDistance(name, each);
    if (distance < bestDistance) [best, bestDistance] = [each, distance];
  }
  return best;
}

// Levenshtein distance, one row at a time.
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
