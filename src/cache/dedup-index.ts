import { cosine } from '../embeddings/vector.js';
import type { Language } from './cache-policy.js';

/** A cached question's vector, held in memory so a lookup never scans the table. */
export interface IndexedQuestion {
  key: string;
  language: Language;
  vector: Float32Array;
  expiresAt: number;
}

export interface DedupCandidate {
  key: string;
  similarity: number;
}

/**
 * The vectors of one embedder's unexpired cached questions. A hint, not the truth: a
 * candidate is always confirmed against its row before it answers, so an entry whose
 * row is gone (rolled back, expired by the cleanup job) only costs one primary-key read.
 */
export class DedupIndex {
  // Insertion order is age order (a replaced entry moves to the end), and every entry has
  // the same TTL, so the first entry is always the one that expires first.
  private readonly entries = new Map<string, IndexedQuestion>();

  /** `maxEntries` bounds the scan of every lookup; the oldest entries leave the index first. */
  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  set(entry: IndexedQuestion): void {
    this.entries.delete(entry.key);
    this.entries.set(entry.key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops the entries expired at `now`; returns how many. */
  prune(now: number): number {
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.entries.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  /** Unexpired entries of `language` scoring above `threshold`, best first. */
  candidates(vector: Float32Array, language: Language, now: number, threshold: number): DedupCandidate[] {
    const score = scorer(vector);
    const found: DedupCandidate[] = [];
    for (const entry of this.entries.values()) {
      if (entry.language !== language || entry.expiresAt <= now || entry.vector.length !== vector.length) continue;
      const similarity = score(entry.vector);
      if (similarity > threshold) found.push({ key: entry.key, similarity });
    }
    return found.sort((a, b) => b.similarity - a.similarity || (a.key < b.key ? -1 : 1));
  }
}

/**
 * The dot product with `query` (the cosine: vectors are unit length). A hashing vector
 * has a few dozen non-zero dimensions out of 512, so visiting only those is ~8× faster
 * than the dense loop; dense model vectors use the plain cosine.
 */
function scorer(query: Float32Array): (other: Float32Array) => number {
  const nonZero: number[] = [];
  for (let i = 0; i < query.length; i++) if (query[i] !== 0) nonZero.push(i);
  if (nonZero.length * 2 > query.length) return (other) => cosine(query, other);
  const indices = Int32Array.from(nonZero);
  const values = Float32Array.from(nonZero, (i) => query[i] as number);
  return (other) => {
    let dot = 0;
    for (let k = 0; k < indices.length; k++) dot += (values[k] as number) * (other[indices[k] as number] as number);
    return dot;
  };
}
