import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertReplaceableModel, createStagingArea, OldCopyStranded, type Rename, type StagingArea } from '../../src/embeddings/model-swap.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { renameFailing, renameFailingInto } from './failing-rename.js';

// The swap of `fetch-model --force` on real directories, with renames that fail the way
// a file system can (a full or read-only disk, a folder that appears in the meantime).
const temp = makeTempDir('memoryd-model-swap-');
afterAll(() => temp.remove());

const MODEL_ID = 'memoryd/tiny-bert';

// A models dir with `old` as the model's config (no model when undefined) and a staging
// area holding a fresh copy, whose renames are `renameFor(the model's directory)`.
async function setUp(
  name: string,
  old: string | undefined,
  renameFor: (directory: string) => Rename,
): Promise<{ modelsDir: string; directory: string; staging: StagingArea; fresh: string }> {
  const modelsDir = join(temp.dir, name);
  const directory = join(modelsDir, MODEL_ID);
  const rename = renameFor(directory);
  if (old !== undefined) {
    await mkdir(directory, { recursive: true });
    await writeFile(join(directory, 'config.json'), old);
  }
  const staging = await createStagingArea(modelsDir, rename);
  const fresh = join(staging.modelsDir, MODEL_ID);
  await mkdir(fresh, { recursive: true });
  await writeFile(join(fresh, 'config.json'), 'fresh');
  return { modelsDir, directory, staging, fresh };
}

const config = (directory: string): string => readFileSync(join(directory, 'config.json'), 'utf8');

describe('swapping a fresh model copy in', () => {
  it('moves the fresh copy in and the old one into the staging area, which takes it away', async () => {
    const { modelsDir, directory, staging } = await setUp('swapped', 'old', () => rename);
    await staging.swapIn(MODEL_ID, directory);
    expect(config(directory)).toBe('fresh');
    expect(config(join(staging.modelsDir, 'previous copy'))).toBe('old');
    await staging.discard();
    expect(readdirSync(modelsDir)).toEqual(['memoryd']);
  });

  it('moves the old copy back when the fresh one cannot be moved in', async () => {
    const { modelsDir, directory, staging, fresh } = await setUp('restored', 'old', (into) => renameFailingInto(into, 1));
    await expect(staging.swapIn(MODEL_ID, directory)).rejects.toThrow(/^EACCES: permission denied, rename '.*tiny-bert' -> '.*tiny-bert'$/);
    expect(config(directory)).toBe('old');
    expect(config(fresh)).toBe('fresh');
    await staging.discard();
    expect(readdirSync(modelsDir)).toEqual(['memoryd']);
  });

  it('keeps the old copy in the staging area when it cannot be moved back either, and says where and what to do', async () => {
    const { modelsDir, directory, staging, fresh } = await setUp('stranded', 'old', (into) => renameFailingInto(into));
    const error: unknown = await staging.swapIn(MODEL_ID, directory).catch((thrown: unknown) => thrown);
    const keptAt = join(staging.modelsDir, 'previous copy');
    expect(error).toBeInstanceOf(OldCopyStranded);
    expect(error).toMatchObject({ code: 'EMBEDDER', keptAt, details: { directory, keptAt, freshAt: fresh, stagingDir: staging.modelsDir } });
    expect((error as Error).message).toBe(
      `could not move the fresh copy into ${directory} (EACCES: permission denied, rename '${fresh}' -> '${directory}')` +
        ` nor the old copy back (EACCES: permission denied, rename '${keptAt}' -> '${directory}'): the old copy is kept at "${keptAt}"` +
        ` and the fresh one, which loads, at "${fresh}"; move the fresh one (or the old one) to "${directory}", then delete "${staging.modelsDir}"`,
    );
    expect(existsSync(directory)).toBe(false);
    expect(config(keptAt)).toBe('old');
    expect(config(fresh)).toBe('fresh');
    // Doing as told puts the model back and leaves nothing behind.
    await rename(keptAt, directory);
    await staging.discard();
    expect(config(directory)).toBe('old');
    expect(readdirSync(modelsDir)).toEqual(['memoryd']);
  });

  it('moves nothing when the old copy cannot be moved aside', async () => {
    const { directory, staging, fresh } = await setUp('stuck', 'old', (model) => renameFailing((from) => from === model));
    await expect(staging.swapIn(MODEL_ID, directory)).rejects.toThrow(/^EACCES/);
    expect(config(directory)).toBe('old');
    expect(config(fresh)).toBe('fresh');
    expect(readdirSync(staging.modelsDir)).toEqual(['memoryd']);
  });

  it('reports the failed move itself when there was no old copy to keep', async () => {
    const { directory, staging, fresh } = await setUp('first', undefined, (into) => renameFailingInto(into));
    const error: unknown = await staging.swapIn(MODEL_ID, directory).catch((thrown: unknown) => thrown);
    expect(error).not.toBeInstanceOf(OldCopyStranded);
    expect(error).toMatchObject({ code: 'EACCES' });
    expect(existsSync(directory)).toBe(false);
    expect(config(fresh)).toBe('fresh');
  });
});

describe('what --force may replace', () => {
  it('a model, an empty folder or nothing, but not a file', async () => {
    const modelsDir = join(temp.dir, 'replaceable');
    const directory = join(modelsDir, MODEL_ID);
    await expect(assertReplaceableModel(directory, MODEL_ID)).resolves.toBeUndefined();
    await mkdir(directory, { recursive: true });
    await expect(assertReplaceableModel(directory, MODEL_ID)).resolves.toBeUndefined();
    await writeFile(join(directory, 'config.json'), '{}');
    await expect(assertReplaceableModel(directory, MODEL_ID)).resolves.toBeUndefined();
    const file = join(modelsDir, 'memoryd', 'a-file');
    await writeFile(file, 'not a model');
    await expect(assertReplaceableModel(file, 'memoryd/a-file')).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: `${file} does not look like a model (it is not a directory), so --force will not replace it; move it away, then fetch memoryd/a-file again`,
    });
  });
});
