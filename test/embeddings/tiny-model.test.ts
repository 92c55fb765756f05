import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTinyModel } from '../../src/embeddings/tiny-model.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-tiny-files-');
afterAll(() => temp.remove());

describe('writeTinyModel', () => {
  it('lays the model out as transformers.js expects', async () => {
    const { modelId } = await writeTinyModel(join(temp.dir, 'layout'), { modelId: 'test/tiny' });
    const root = join(temp.dir, 'layout', 'test', 'tiny');
    expect(modelId).toBe('test/tiny');
    expect((await readdir(root)).sort()).toEqual(['config.json', 'onnx', 'tokenizer.json', 'tokenizer_config.json']);
    expect((await readdir(join(root, 'onnx'))).sort()).toEqual(['model.onnx', 'model_quantized.onnx']);
    const tokenizer = JSON.parse(await readFile(join(root, 'tokenizer.json'), 'utf8')) as { model: { vocab: Record<string, number> } };
    expect(tokenizer.model.vocab).toMatchObject({ '[PAD]': 0, '[UNK]': 1, '[CLS]': 2, '[SEP]': 3 });
  });

  it('writes byte-identical weights for a seed and different ones for another seed', async () => {
    const weights = async (name: string, seed: number) => {
      const { modelId } = await writeTinyModel(join(temp.dir, name), { seed });
      return readFile(join(temp.dir, name, modelId, 'onnx', 'model.onnx'));
    };
    const first = await weights('a', 7);
    expect((await weights('b', 7)).equals(first)).toBe(true);
    expect((await weights('c', 8)).equals(first)).toBe(false);
  });
});
