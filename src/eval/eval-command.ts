import { join } from 'node:path';
import { UsageError } from '../cli/command-line.js';
import { SETTINGS } from '../config/settings.js';
import type { EmbedderPreference } from '../embeddings/select-embedder.js';
import { isFolder } from '../lifecycle/path-setting.js';

/** `--embedder`'s value as a preference: one of MEMORYD_EMBEDDER's values, else a UsageError. */
export function embedderPreference(raw: string): EmbedderPreference {
  const prefer = SETTINGS.embedder.parse(raw);
  if (prefer === undefined) throw new UsageError(`--embedder must be ${SETTINGS.embedder.allowed}, not ${raw}`);
  return prefer;
}

/**
 * What an eval adds to the error for a `--data` folder it cannot read: the files it reads
 * there and, when the folder given holds `subfolder` (`../shared/data` rather than
 * `../shared/data/facts`), that folder as the likely one meant.
 */
export function dataFolderHint(data: { given: string; dir: string }, files: readonly string[], subfolder: string): string {
  const needs = `the --data folder must hold ${listed(files)}`;
  // Absent or unreadable: nothing to suggest; the read error already says what failed.
  return isFolder(join(data.dir, subfolder)) ? `${needs}; did you mean --data ${join(data.given, subfolder)}?` : needs;
}

function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

