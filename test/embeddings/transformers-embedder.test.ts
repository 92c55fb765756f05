import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embeddings/embedder.js';
import { writeTinyModel } from '../../src/embeddings/tiny-model.js';
import { createTransformersEmbedder } from '../../src/embeddings/transformers-embedder.js';
import { AppError } from '../../src/errors.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// The real transformers.js loading and pooling code, offline, on a generated tiny BERT.
// Its weights are random: these tests check mechanics, not meaning.
const temp = makeTempDir('memoryd-tiny-');
let embedder: Embedder;
let modelId: string;

beforeAll(async () => {
  ({ modelId } = await writeTinyModel(temp.dir, { dims: 24 }));
  embedder = await createTransformersEmbedder({ modelsDir: temp.dir, modelId });
});
afterAll(() => temp.remove());

const values = (vector: Float32Array | undefined) => Array.from(vector ?? [], (value) => Number(value.toFixed(5)));

describe('transformers embedder on the tiny model', () => {
  it('reads its dimensions from the model output and names model and quantization', () => {
    expect(embedder).toMatchObject({ dims: 24, kind: 'transformers', id: `transformers:${modelId}:quantized` });
  });

  it('returns unit vectors', async () => {
    for (const text of ['hello world', 'I prefer coffee', '', 'zzz unknown words']) {
      const vector = await embedder.embed(text);
      expect(vector).toHaveLength(24);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    }
  });

  it('mean-pools over the attention mask: padding in a batch does not change a vector', async () => {
    const short = 'hello';
    const long = 'hello world the server is running and we decided to deploy kubernetes today';
    const [padded] = await embedder.embedBatch([short, long]);
    expect(values(padded)).toEqual(values(await embedder.embed(short)));
  });

  it('gives different texts different vectors', async () => {
    expect(values(await embedder.embed('coffee'))).not.toEqual(values(await embedder.embed('kubernetes')));
  });

  it('is deterministic, also across loads of the same files', async () => {
    const again = await createTransformersEmbedder({ modelsDir: temp.dir, modelId });
    const text = 'remember that i prefer tea';
    expect(values(await embedder.embed(text))).toEqual(values(await embedder.embed(text)));
    expect(values(await again.embed(text))).toEqual(values(await embedder.embed(text)));
  });

  it('embeds a batch (larger than one inference slice) exactly as one by one', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `${['hello', 'my dog', 'the cat runs', 'we decided'][i % 4]} ${'world '.repeat(i % 7)}`);
    const batch = await embedder.embedBatch(texts);
    const single = await Promise.all(texts.map((text) => embedder.embed(text)));
    expect(batch.map(values)).toEqual(single.map(values));
    expect(await embedder.embedBatch([])).toEqual([]);
  });

  it('loads the unquantized file when asked, under its own id', async () => {
    const full = await createTransformersEmbedder({ modelsDir: temp.dir, modelId, quantized: false });
    expect(full.id).toBe(`transformers:${modelId}`);
  });

  it('throws an EMBEDDER AppError for a model that is not there, without going online', async () => {
    const load = createTransformersEmbedder({ modelsDir: temp.dir, modelId: 'nobody/absent' });
    await expect(load).rejects.toBeInstanceOf(AppError);
    await expect(load).rejects.toMatchObject({ code: 'EMBEDDER' });
  });
});
