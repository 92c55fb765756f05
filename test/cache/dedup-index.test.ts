import { describe, expect, it } from 'vitest';
import { DedupProfile } from '../../src/cache/dedup-guards.js';
import { DedupIndex } from '../../src/cache/dedup-index.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { cosine } from '../../src/embeddings/vector.js';

const embedder = createHashingEmbedder();
const questions = ['Which editor do I use for work?', 'For work, which editor do I use?', 'Where does my sister live?', '¿Qué decidí sobre el despliegue?'];

function unit(values: number[]): Float32Array {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (value) => value / norm);
}

describe('DedupIndex', () => {
  it('scores sparse hashing vectors exactly as the cosine does', async () => {
    const vectors = await embedder.embedBatch(questions);
    const index = new DedupIndex(10);
    vectors.forEach((vector, i) => index.set({ key: `q${i}`, language: 'en', vector, expiresAt: 10 }));
    const query = vectors[0] as Float32Array;
    const found = index.candidates(query, 'en', 0, -1);
    expect(found.map((candidate) => candidate.key)).toEqual(expect.arrayContaining(['q0', 'q1', 'q2', 'q3']));
    for (const candidate of found) {
      const vector = vectors[Number(candidate.key.slice(1))] as Float32Array;
      expect(candidate.similarity).toBe(cosine(query, vector));
    }
  });

  it('scores dense vectors, keeps only those above the threshold, best first, and skips other languages and expired entries', () => {
    const index = new DedupIndex(10);
    index.set({ key: 'same', language: 'en', vector: unit([1, 2, 3, 4]), expiresAt: 10 });
    index.set({ key: 'close', language: 'en', vector: unit([1, 2, 3, 5]), expiresAt: 10 });
    index.set({ key: 'far', language: 'en', vector: unit([4, -3, 2, -1]), expiresAt: 10 });
    index.set({ key: 'spanish', language: 'es', vector: unit([1, 2, 3, 4]), expiresAt: 10 });
    index.set({ key: 'expired', language: 'en', vector: unit([1, 2, 3, 4]), expiresAt: 5 });
    expect(index.candidates(unit([1, 2, 3, 4]), 'en', 5, 0.9).map((candidate) => candidate.key)).toEqual(['same', 'close']);
    expect(index.prune(5)).toBe(1);
    expect(index.size).toBe(4);
  });

  it('drops the oldest entry past its capacity, and a replaced entry counts as new', () => {
    const index = new DedupIndex(2);
    const vector = unit([1, 1]);
    index.set({ key: 'a', language: 'en', vector, expiresAt: 10 });
    index.set({ key: 'b', language: 'en', vector, expiresAt: 10 });
    index.set({ key: 'a', language: 'en', vector, expiresAt: 20 });
    index.set({ key: 'c', language: 'en', vector, expiresAt: 20 });
    expect(index.candidates(vector, 'en', 0, 0.5).map((candidate) => candidate.key).sort()).toEqual(['a', 'c']);
  });

  it('keeps the profile a question was stored with, makes one once for an entry without one, and drops it with the entry', () => {
    const index = new DedupIndex(1);
    const vector = unit([1, 1]);
    const question = 'Where do I work at Acme?';
    const stored = new DedupProfile(question);
    index.set({ key: 'a', language: 'en', vector, expiresAt: 10, profile: stored });
    expect(index.profileOf('a', question)).toBe(stored);
    // Another question under the same key (a store rolled back without a scope): its row's question counts.
    expect(index.profileOf('a', 'where do i work at acme').specifics).toEqual([]);
    index.set({ key: 'a', language: 'en', vector, expiresAt: 10 });
    const made = index.profileOf('a', question);
    expect(made.specifics).toEqual(['acme']);
    expect(index.profileOf('a', question)).toBe(made);
    // Pushed out by a newer entry: nothing of it is kept.
    index.set({ key: 'b', language: 'en', vector, expiresAt: 10 });
    expect(index.profileOf('a', question)).not.toBe(index.profileOf('a', question));
  });
});
