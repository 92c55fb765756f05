import { AppError } from '../errors.js';

/**
 * Cosine similarity of two unit vectors (every Embedder returns unit vectors, so this is
 * their dot product). Vectors of different lengths come from different embedders and
 * are never comparable: that is a programming error.
 */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) {
    throw new AppError('EMBEDDER', `cannot compare vectors of ${a.length} and ${b.length} dimensions`, {
      details: { left: a.length, right: b.length },
    });
  }
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] as number) * (b[i] as number);
  return dot;
}

/**
 * A vector's non-zero dimensions, ascending, with their values: a hashing vector has a
 * few dozen to a hundred of its 512 (see `SparseVectorIndex`).
 */
export interface SparseVector {
  /** The dimensions of the vector it was made from. */
  readonly length: number;
  readonly indices: Int32Array;
  readonly values: Float32Array;
}

/** The sparse form of `vector`, or null when more than half of it is non-zero (a model's dense vector). */
export function sparseVector(vector: Float32Array): SparseVector | null {
  let count = 0;
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) count++;
  if (count * 2 > vector.length) return null;
  const indices = new Int32Array(count);
  const values = new Float32Array(count);
  for (let i = 0, k = 0; i < vector.length; i++) {
    const value = vector[i] as number;
    if (value === 0) continue;
    indices[k] = i;
    values[k++] = value;
  }
  return { length: vector.length, indices, values };
}

/** The vector as a little-endian float32 BLOB for SQLite (4 bytes per dimension). */
export function vectorToBuffer(vector: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(vector.length * 4);
  for (let i = 0; i < vector.length; i++) out.writeFloatLE(vector[i] as number, i * 4);
  return out;
}

/**
 * Reads a BLOB written by `vectorToBuffer`. Throws an `EMBEDDER` AppError when the
 * length does not match `dims` (a vector stored by another embedder, or a corrupt row).
 */
export function bufferToVector(buffer: Uint8Array, dims: number): Float32Array {
  if (!Number.isInteger(dims) || dims <= 0 || buffer.byteLength !== dims * 4) {
    throw new AppError('EMBEDDER', `stored vector has ${buffer.byteLength} bytes, expected ${dims} dimensions`, {
      details: { bytes: buffer.byteLength, dims },
    });
  }
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const out = new Float32Array(dims);
  for (let i = 0; i < dims; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
