import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { SparseVectorIndex } from '../../src/embeddings/sparse-vector-index.js';
import { cosine } from '../../src/embeddings/vector.js';
import { AppError } from '../../src/errors.js';

const embedder = createHashingEmbedder();
const TEXTS = [
  'I live in Lisbon and work at Acme',
  'My sister is called Ana',
  'From now on answer in Spanish',
  'We decided to ship the release on Friday',
  'Prefiero el té al café',
  'ok',
  '🙂',
  '',
];
const MESSAGES = ['Where do I work?', 'What did we decide about the release?', '¿Cómo se llama mi hermana?', 'hello'];
const WORDS = ['tea', 'Lisbon', 'Rust', 'sister', 'piano', 'vegan', 'Acme', 'Friday', 'chess', 'Vim', 'release', 'despliegue'];
// Enough distinct vectors for the index to switch from one-by-one comparisons to its arrays.
const MANY = Array.from({ length: 150 }, (_, i) => `Note ${i}: I prefer ${WORDS[i % WORDS.length]} and ${WORDS[(i * 5 + 3) % WORDS.length]}`);

describe('SparseVectorIndex', () => {
  // A few keys: compared one by one; many (well over 64 held): through its arrays, with
  // the changes since they were built compared on their own until they are rebuilt.
  it.each([
    { keySpace: 10, minOperations: 0 },
    { keySpace: 120, minOperations: 300 },
  ])('gives every stored vector exactly its cosine, through sets, replacements and deletes ($keySpace keys)', async ({ keySpace, minOperations }) => {
    const vectors = await embedder.embedBatch([...TEXTS, ...MANY]);
    const messages = await embedder.embedBatch(MESSAGES);
    const keys = fc.integer({ min: 0, max: keySpace - 1 });
    const operation = fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('set' as const), key: keys, text: fc.integer({ min: 0, max: vectors.length - 1 }) }), weight: 6 },
      { arbitrary: fc.record({ kind: fc.constant('delete' as const), key: keys }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('ask' as const), message: fc.integer({ min: 0, max: MESSAGES.length - 1 }) }), weight: 1 },
    );
    fc.assert(
      fc.property(fc.array(operation, { minLength: minOperations, maxLength: minOperations + 100 }), (operations) => {
        const index = new SparseVectorIndex<number>();
        const held = new Map<number, Float32Array>();
        const ask = (message: Float32Array): void => {
          const cosines = index.cosines(message);
          for (let key = 0; key < keySpace; key++) {
            const vector = held.get(key);
            expect(cosines(key)).toBe(vector === undefined ? undefined : cosine(message, vector));
          }
        };
        for (const op of operations) {
          if (op.kind === 'set') {
            const vector = vectors[op.text] as Float32Array;
            expect(index.set(op.key, vector)).toBe(true);
            held.set(op.key, vector);
          } else if (op.kind === 'delete') {
            index.delete(op.key);
            held.delete(op.key);
          } else {
            ask(messages[op.message] as Float32Array);
          }
        }
        expect(index.size).toBe(held.size);
        ask(messages[0] as Float32Array);
      }),
      { numRuns: 40 },
    );
  });

  it('gives the same cosines when it holds many vectors (its arrays), after deletes and replacements too', async () => {
    const vectors = await embedder.embedBatch(MANY);
    const messages = await embedder.embedBatch(MESSAGES);
    const index = new SparseVectorIndex<number>();
    vectors.forEach((vector, key) => index.set(key, vector));
    const check = (held: (key: number) => Float32Array | undefined): void => {
      for (const message of messages) {
        const cosines = index.cosines(message);
        vectors.forEach((_, key) => {
          const vector = held(key);
          expect(cosines(key)).toBe(vector === undefined ? undefined : cosine(message, vector));
        });
      }
    };
    check((key) => vectors[key]);
    for (let key = 0; key < vectors.length; key += 3) index.delete(key);
    for (let key = 1; key < vectors.length; key += 3) index.set(key, vectors[vectors.length - 1 - key] as Float32Array);
    check((key) => (key % 3 === 0 ? undefined : key % 3 === 1 ? vectors[vectors.length - 1 - key] : vectors[key]));
  });

  it('remembers at most 64 stale keys, also while it holds few vectors for a long time after holding many', async () => {
    const vectors = await embedder.embedBatch(MANY);
    const [message] = (await embedder.embedBatch(MESSAGES)) as Float32Array[];
    const index = new SparseVectorIndex<number>();
    vectors.forEach((vector, key) => index.set(key, vector));
    index.cosines(message as Float32Array);
    for (let key = 0; key < 100; key++) index.delete(key);
    // Churn with 50 vectors held: keys come and go, never more than 64 at once.
    let most = 0;
    for (let key = 1000; key < 1600; key++) {
      index.set(key, vectors[key % vectors.length] as Float32Array);
      index.delete(key);
      most = Math.max(most, index.staleKeys);
    }
    expect(most).toBeLessThanOrEqual(64);
    // Grown past 64 again, every cosine is still exact.
    for (let key = 2000; key < 2040; key++) index.set(key, vectors[key % vectors.length] as Float32Array);
    const cosines = index.cosines(message as Float32Array);
    for (let key = 100; key < vectors.length; key++) expect(cosines(key)).toBe(cosine(message as Float32Array, vectors[key] as Float32Array));
    for (let key = 2000; key < 2040; key++) expect(cosines(key)).toBe(cosine(message as Float32Array, vectors[key % vectors.length] as Float32Array));
    expect(cosines(5)).toBeUndefined();
    expect(cosines(1500)).toBeUndefined();
  });

  it('does not hold dense vectors nor vectors of another length, and forgets the key it held', async () => {
    const index = new SparseVectorIndex<string>();
    const [fact] = await embedder.embedBatch(['My editor is Vim']);
    expect(index.set('fact', fact as Float32Array)).toBe(true);
    expect(index.set('fact', Float32Array.from([0.5, 0.5, 0.5, 0.5]))).toBe(false);
    expect(index.size).toBe(0);
    expect(index.set('other', (await createHashingEmbedder({ dims: 64 }).embedBatch(['My editor is Vim']))[0] as Float32Array)).toBe(false);
    expect(index.size).toBe(0);
  });

  it('gives no cosine for a query of another length, and refuses scores read after a change', async () => {
    const index = new SparseVectorIndex<string>();
    const [fact, message] = await embedder.embedBatch(['My editor is Vim', 'Which editor do I use?']);
    index.set('fact', fact as Float32Array);
    expect(index.cosines(new Float32Array(3))('fact')).toBeUndefined();
    const cosines = index.cosines(message as Float32Array);
    expect(cosines('fact')).toBe(cosine(message as Float32Array, fact as Float32Array));
    index.delete('fact');
    expect(() => cosines('fact')).toThrow(AppError);
  });
});
