import { lstat, mkdir, mkdtemp, readdir, rename as renameOnDisk, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError, messageOf } from '../errors.js';

/** Moves a directory, as `fs/promises` rename does. */
export type Rename = (from: string, to: string) => Promise<void>;

/** Deletes a directory and all it holds. */
export type Remove = (path: string) => Promise<void>;

// A failed download may still be writing its other files into the staging folder while it
// is removed (transformers.js fetches them in parallel): ENOTEMPTY then, retried until they land.
const removeFromDisk: Remove = (path) => rm(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });

/** Where `fetch-model --force` downloads a fresh copy before it replaces the one on disk. */
export interface StagingArea {
  /** A models dir of its own (`<modelsDir>/.fetch-model-XXXXXX`), on the models dir's file system. */
  modelsDir: string;
  /** Moves the fresh copy of `modelId` (once it loads) to `directory`, and the old one (if any) into the staging area. */
  swapIn(modelId: string, directory: string): Promise<void>;
  /** Removes the staging area and all it holds. */
  discard(): Promise<void>;
}

/**
 * Refuses to let `--force` replace `directory` unless it is absent, empty, or looks like
 * a model (it has config.json): a folder that does not is someone's files, not a model.
 */
export async function assertReplaceableModel(directory: string, modelId: string): Promise<void> {
  let entries: string[];
  try {
    if (!(await stat(directory)).isDirectory()) throw notAModel(directory, modelId, 'it is not a directory');
    entries = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (entries.length === 0 || entries.includes('config.json')) return;
  throw notAModel(directory, modelId, 'it has no config.json');
}

function notAModel(directory: string, modelId: string, why: string): AppError {
  return new AppError('CONFIG_INVALID', `${directory} does not look like a model (${why}), so --force will not replace it; move it away, then fetch ${modelId} again`, {
    details: { directory, modelId },
  });
}

/**
 * A fresh staging area inside `modelsDir` (made if need be); `rename` moves the copies and
 * `remove` deletes the area (the file system's, unless a test makes them fail).
 */
export async function createStagingArea(modelsDir: string, rename: Rename = renameOnDisk, remove: Remove = removeFromDisk): Promise<StagingArea> {
  await mkdir(modelsDir, { recursive: true });
  const root = await mkdtemp(join(modelsDir, '.fetch-model-'));
  const discard = (): Promise<void> => remove(root);
  return {
    modelsDir: root,
    discard,
    swapIn: async (modelId, directory) => {
      const fresh = join(root, ...modelId.split('/'));
      // A space: no model id's owner can take this name.
      const previous = join(root, 'previous copy');
      await mkdir(dirname(directory), { recursive: true });
      const hadOne = await exists(directory);
      // Renames inside the models dir: the model is never half there, only absent for the instant between them.
      if (hadOne) await rename(directory, previous);
      try {
        await rename(fresh, directory);
      } catch (error) {
        if (!hadOne) throw error;
        try {
          await rename(previous, directory);
        } catch (restoreError) {
          // The old copy is only in the staging area now: it must not be discarded with it.
          throw new OldCopyStranded({ directory, keptAt: previous, freshAt: fresh, stagingDir: root }, error, restoreError);
        }
        throw error;
      }
    },
  };
}

/**
 * The fresh copy could not be moved in, nor the old one back: both are in the staging
 * folder, which is kept, the old one at `keptAt`.
 */
export class OldCopyStranded extends AppError {
  readonly keptAt: string;

  constructor(where: { directory: string; keptAt: string; freshAt: string; stagingDir: string }, swapError: unknown, restoreError: unknown) {
    const { directory, keptAt, freshAt, stagingDir } = where;
    // The paths are quoted: "previous copy" holds a space, and the user will paste them into a shell.
    super(
      'EMBEDDER',
      `could not move the fresh copy into ${directory} (${messageOf(swapError)}) nor the old copy back (${messageOf(restoreError)}): ` +
        `the old copy is kept at "${keptAt}" and the fresh one, which loads, at "${freshAt}"; ` +
        `move the fresh one (or the old one) to "${directory}", then delete "${stagingDir}"`,
      { cause: swapError, details: { directory, keptAt, freshAt, stagingDir } },
    );
    this.keptAt = keptAt;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
