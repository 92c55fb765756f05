import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingModelFiles } from '../../src/embeddings/model-files.js';
import { selectEmbedder } from '../../src/embeddings/select-embedder.js';
import { writeTinyModel } from '../../src/embeddings/tiny-model.js';
import { AppError } from '../../src/errors.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-select-');
afterAll(() => temp.remove());

async function modelsDir(name: string): Promise<{ dir: string; modelId: string }> {
  const dir = join(temp.dir, name);
  const { modelId } = await writeTinyModel(dir);
  return { dir, modelId };
}

describe('selectEmbedder', () => {
  it('picks the model when its files are on disk', async () => {
    const { dir, modelId } = await modelsDir('present');
    const { embedder, reason } = await selectEmbedder({ modelsDir: dir, modelId });
    expect(embedder.kind).toBe('transformers');
    expect(reason).toContain(modelId);
  });

  it('falls back to hashing, saying which files are missing and how to fetch them', async () => {
    const dir = join(temp.dir, 'empty');
    const { embedder, reason } = await selectEmbedder({ modelsDir: dir, modelId: 'Xenova/all-MiniLM-L6-v2' });
    expect(embedder.kind).toBe('hashing');
    expect(reason).toBe(
      `model Xenova/all-MiniLM-L6-v2 not found in ${dir} (missing config.json, tokenizer.json, tokenizer_config.json, ` +
        'onnx/model_quantized.onnx); using hashing-v1-512; run `npm run fetch-model`',
    );
  });

  it('falls back to hashing with the load error when the onnx file is corrupt', async () => {
    const { dir, modelId } = await modelsDir('corrupt-onnx');
    await writeFile(join(dir, modelId, 'onnx', 'model_quantized.onnx'), 'not a protobuf');
    const { embedder, reason } = await selectEmbedder({ modelsDir: dir, modelId });
    expect(embedder.kind).toBe('hashing');
    expect(reason).toMatch(new RegExp(`^model ${modelId} in .* failed to load \\(.+\\); using hashing-v1-512; `));
    expect(reason).toContain(`; run \`npm run fetch-model -- --force\` (it downloads a fresh copy and replaces the broken one only once the new one loads), or delete ${join(dir, modelId)} and run \`npm run fetch-model\``);
  });

  it('counts a required file that is not a readable regular file as missing', async () => {
    const { dir, modelId } = await modelsDir('directory-for-a-file');
    await rm(join(dir, modelId, 'tokenizer.json'));
    await mkdir(join(dir, modelId, 'tokenizer.json'));
    expect(await missingModelFiles(dir, modelId, true)).toEqual(['tokenizer.json']);
    const { embedder, reason } = await selectEmbedder({ modelsDir: dir, modelId });
    expect(embedder.kind).toBe('hashing');
    expect(reason).toContain('(missing tokenizer.json)');
  });

  it('falls back to hashing when the tokenizer is not JSON', async () => {
    const { dir, modelId } = await modelsDir('corrupt-tokenizer');
    await writeFile(join(dir, modelId, 'tokenizer.json'), '{ truncated');
    const { embedder, reason } = await selectEmbedder({ modelsDir: dir, modelId });
    expect(embedder.kind).toBe('hashing');
    expect(reason).toContain('failed to load');
  });

  it('uses hashing when asked to, even with a model on disk', async () => {
    const { dir, modelId } = await modelsDir('preferred-hashing');
    const { embedder, reason } = await selectEmbedder({ modelsDir: dir, modelId, prefer: 'hashing' });
    expect(embedder.kind).toBe('hashing');
    expect(reason).toContain('preference');
  });

  it('throws an EMBEDDER AppError when the model is demanded but missing or broken', async () => {
    const missing = selectEmbedder({ modelsDir: join(temp.dir, 'none'), modelId: 'a/b', prefer: 'transformers' });
    await expect(missing).rejects.toBeInstanceOf(AppError);
    await expect(missing).rejects.toThrow(/not found.*npm run fetch-model/);

    const { dir, modelId } = await modelsDir('demanded-corrupt');
    await writeFile(join(dir, modelId, 'onnx', 'model_quantized.onnx'), 'garbage');
    const broken = selectEmbedder({ modelsDir: dir, modelId, prefer: 'transformers' });
    await expect(broken).rejects.toMatchObject({ code: 'EMBEDDER' });
    await expect(broken).rejects.toThrow(`delete ${join(dir, modelId)} and run`);
  });
});
