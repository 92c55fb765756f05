import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { cosine } from '../../src/embeddings/vector.js';
import { AppError } from '../../src/errors.js';

const embedder = createHashingEmbedder();
const norm = (vector: Float32Array) => Math.hypot(...vector);
const similarity = async (a: string, b: string) => cosine(await embedder.embed(a), await embedder.embed(b));

describe('hashing embedder', () => {
  it('names its algorithm version and dimensions', () => {
    expect(embedder).toMatchObject({ id: 'hashing-v1-512', dims: 512, kind: 'hashing' });
    expect(createHashingEmbedder({ dims: 64 }).id).toBe('hashing-v1-64');
  });

  it('rejects unusable dimensions', () => {
    for (const dims of [0, 8, 15.5, Number.NaN]) expect(() => createHashingEmbedder({ dims })).toThrow(AppError);
  });

  it('is deterministic across calls and instances', async () => {
    const text = 'We decided to deploy on Kubernetes instead of docker-compose.';
    const first = await embedder.embed(text);
    expect(Array.from(await embedder.embed(text))).toEqual(Array.from(first));
    expect(Array.from(await createHashingEmbedder().embed(text))).toEqual(Array.from(first));
  });

  // A change here means stored hashing vectors changed: bump ALGORITHM_VERSION (the id).
  it('keeps the vectors of version 1', async () => {
    const vector = await embedder.embed('Recordá que prefiero el café sin azúcar.');
    const strongest = Array.from(vector, (value, index) => ({ index, value }))
      .sort((a, b) => Math.abs(b.value) - Math.abs(a.value) || a.index - b.index)
      .slice(0, 4)
      .map(({ index, value }) => `${index}:${value.toFixed(4)}`);
    expect(strongest).toMatchInlineSnapshot(`
      [
        "218:0.4875",
        "104:0.4329",
        "250:-0.4329",
        "343:0.4329",
      ]
    `);
  });

  it('returns unit vectors of the configured length for any text', async () => {
    const small = createHashingEmbedder({ dims: 32 });
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (text) => {
        const vector = await small.embed(text);
        expect(vector).toHaveLength(32);
        expect(norm(vector)).toBeCloseTo(1, 5);
      }),
    );
  });

  it('does not throw on empty, whitespace, emoji, symbol-only or huge texts', async () => {
    const texts = ['', '   \n\t', '😀🎉👍🏽', '?!…', '\u0000\uffff\ud800', 'palabra '.repeat(200_000)];
    for (const text of texts) expect(norm(await embedder.embed(text))).toBeCloseTo(1, 5);
  });

  it('tells symbol-only messages apart', async () => {
    expect(await similarity('?', '!!!')).toBeLessThan(0.5);
  });

  it('folds case and Spanish accents', async () => {
    expect(await similarity('¿Cómo cambio mi CONTRASEÑA?', 'como cambio mi contrasena')).toBeCloseTo(1, 5);
    expect(await similarity('Canción', 'cancion')).toBeCloseTo(1, 5);
  });

  it('puts paraphrases closer than unrelated sentences, in English and Spanish', async () => {
    const cases = [
      ['How do I reset my password?', 'How can I reset my password', 'What is the weather like tomorrow?'],
      ['What did we decide about the deployment?', 'remind me what we decided on deploying', 'My favourite food is sushi'],
      ['¿Cómo reinicio mi contraseña?', 'como puedo reiniciar la contraseña', '¿Qué tiempo hará mañana?'],
      ['Decidimos usar Kubernetes para el despliegue', 'para desplegar decidimos Kubernetes', 'Me gusta el café con leche'],
    ] as const;
    for (const [text, paraphrase, unrelated] of cases) {
      const close = await similarity(text, paraphrase);
      const far = await similarity(text, unrelated);
      expect(close, `${text} / ${paraphrase}`).toBeGreaterThan(0.7);
      expect(far, `${text} / ${unrelated}`).toBeLessThan(0.3);
    }
  });

  it('embeds a batch exactly as one by one', async () => {
    const texts = ['hola', 'remember that I prefer tea', '', 'hola'];
    const batch = await embedder.embedBatch(texts);
    const single = await Promise.all(texts.map((text) => embedder.embed(text)));
    expect(batch.map((vector) => Array.from(vector))).toEqual(single.map((vector) => Array.from(vector)));
    expect(await embedder.embedBatch([])).toEqual([]);
  });
});
