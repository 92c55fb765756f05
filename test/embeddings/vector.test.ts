import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';
import { bufferToVector, cosine, sparseVector, vectorToBuffer } from '../../src/embeddings/vector.js';
import { AppError } from '../../src/errors.js';

function unit(values: number[]): Float32Array {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (value) => value / norm);
}

describe('cosine', () => {
  it('is the dot product of unit vectors', () => {
    expect(cosine(unit([1, 2, 3]), unit([1, 2, 3]))).toBeCloseTo(1, 6);
    expect(cosine(unit([1, 0]), unit([0, 1]))).toBe(0);
    expect(cosine(unit([1, 1]), unit([-1, -1]))).toBeCloseTo(-1, 6);
  });

  it('refuses vectors of different lengths with an EMBEDDER error', () => {
    const call = () => cosine(new Float32Array(3), new Float32Array(4));
    expect(call).toThrow(AppError);
    expect(call).toThrow(/3 and 4 dimensions/);
  });
});

describe('sparse vectors', () => {
  it('keep the non-zero dimensions of a hashing vector in order, with their values', async () => {
    const [vector] = await createHashingEmbedder().embedBatch(['I prefer tea over coffee']);
    const sparse = sparseVector(vector as Float32Array);
    if (sparse === null) throw new Error('a hashing vector should be sparse');
    const dense = new Float32Array(sparse.length);
    sparse.indices.forEach((index, k) => (dense[index] = sparse.values[k] as number));
    expect(Array.from(dense)).toEqual(Array.from(vector as Float32Array));
    expect([...sparse.indices].every((index, k) => k === 0 || index > (sparse.indices[k - 1] as number))).toBe(true);
    expect(sparse.indices.length).toBeLessThan(sparse.length / 2);
  });

  it('are not made for dense vectors', () => {
    expect(sparseVector(unit([1, 2, 3, 0]))).toBeNull();
    expect(sparseVector(unit([0, 0, 1, 1]))?.indices).toEqual(Int32Array.from([2, 3]));
  });
});

describe('vector BLOBs', () => {
  it('round-trips float32 values exactly', () => {
    const vector = Float32Array.from([0.1, -2.5, 3e-7, 0, -0, 1e30]);
    const buffer = vectorToBuffer(vector);
    expect(buffer.byteLength).toBe(24);
    expect(Array.from(bufferToVector(buffer, 6))).toEqual(Array.from(vector));
  });

  it('reads a BLOB that is a view into a larger buffer (as drivers may return)', () => {
    const payload = vectorToBuffer(Float32Array.from([1.5, -0.25]));
    const padded = Buffer.concat([Buffer.from([9, 9, 9]), payload]);
    expect(Array.from(bufferToVector(padded.subarray(3), 2))).toEqual([1.5, -0.25]);
  });

  it('throws an EMBEDDER AppError when the length does not match the dimensions', () => {
    const buffer = vectorToBuffer(new Float32Array(4));
    for (const dims of [3, 5, 0]) {
      try {
        bufferToVector(buffer, dims);
        expect.unreachable(`dims ${dims} should have thrown`);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('EMBEDDER');
      }
    }
    expect(() => bufferToVector(Buffer.alloc(7), 2)).toThrow(/7 bytes/);
  });
});
