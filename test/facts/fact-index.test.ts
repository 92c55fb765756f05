import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { cosine } from '../../src/embeddings/vector.js';
import { FactIndex, indexedFact, type IndexInput } from '../../src/facts/fact-index.js';

const embedder = createHashingEmbedder();

function fact(id: string, text: string, vector: Float32Array | null): IndexInput {
  return { id, fact: text, domain: 'preferences', subject: null, confidence: 'high', status: 'active', tokenCount: 6, createdAt: 0, lastConfirmedAt: 0, vector, value: null };
}

describe('FactIndex similarities', () => {
  it("follow each fact's current vector through puts, patches and removals", async () => {
    const [tea, vim, lisbon, message] = await embedder.embedBatch(['I prefer tea', 'My editor is Vim', 'I live in Lisbon', 'Which editor do I use?']) as Float32Array[];
    const index = new FactIndex();
    index.put(indexedFact(fact('a', 'I prefer tea', tea as Float32Array)));
    index.put(indexedFact(fact('b', 'My editor is Vim', vim as Float32Array)));
    index.put(indexedFact(fact('c', 'No vector yet', null)));
    const read = (id: string): number => index.similarities(message as Float32Array)(index.get(id) ?? indexedFact(fact(id, '', null)));
    expect(read('a')).toBe(cosine(message as Float32Array, tea as Float32Array));
    expect(read('b')).toBe(cosine(message as Float32Array, vim as Float32Array));
    expect(read('c')).toBe(0);
    index.patch('a', { vector: lisbon });
    index.patch('c', { vector: vim });
    expect(read('a')).toBe(cosine(message as Float32Array, lisbon as Float32Array));
    expect(read('c')).toBe(cosine(message as Float32Array, vim as Float32Array));
    index.remove('b');
    expect(index.get('b')).toBeUndefined();
    index.replaceAll([indexedFact(fact('d', 'I prefer tea', tea as Float32Array))]);
    expect(read('d')).toBe(cosine(message as Float32Array, tea as Float32Array));
    expect(read('a')).toBe(0);
  });

  it('compare a model-like dense vector one by one, and a vector of another length not at all', () => {
    const dense = Float32Array.from([0.5, 0.5, 0.5, 0.5]);
    const index = new FactIndex();
    index.put(indexedFact(fact('dense', 'x', dense)));
    expect(index.similarities(Float32Array.from([1, 0, 0, 0]))(index.get('dense') ?? indexedFact(fact('dense', 'x', null)))).toBe(0.5);
    expect(index.similarities(new Float32Array(8))(index.get('dense') ?? indexedFact(fact('dense', 'x', null)))).toBe(0);
  });
});

describe('FactIndex sharingStems', () => {
  it('finds the facts holding a stem through puts, a put that changes the statement, removals and replaceAll', () => {
    const index = new FactIndex();
    const ids = (stems: string[]): string[] => index.sharingStems(stems).map((fact) => fact.id).sort();
    index.put(indexedFact(fact('a', 'I prefer green tea', null)));
    index.put(indexedFact(fact('b', 'My editor is Vim', null)));
    index.put(indexedFact(fact('c', 'I drink tea at noon', null)));
    expect(ids(['tea'])).toEqual(['a', 'c']);
    expect(ids(['vim', 'green', 'coffe'])).toEqual(['a', 'b']);
    index.put(indexedFact(fact('a', 'I prefer coffee', null)));
    expect(ids(['tea', 'green'])).toEqual(['c']);
    expect(ids(['coffe'])).toEqual(['a']);
    index.patch('c', { status: 'dormant' });
    expect(index.sharingStems(['tea']).map((each) => each.status)).toEqual(['dormant']);
    index.remove('b');
    expect(ids(['vim', 'edito'])).toEqual([]);
    index.replaceAll([indexedFact(fact('d', 'My editor is Helix', null))]);
    expect(ids(['tea', 'coffe', 'edito'])).toEqual(['d']);
  });
});
