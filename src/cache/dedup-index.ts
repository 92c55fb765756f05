import { SparseVectorIndex } from '../embeddings/sparse-vector-index.js';
import { cosine } from '../embeddings/vector.js';
import { DedupProfile } from './dedup-guards.js';
import type { Language } from './query-text.js';

/** A cached question's vector, held in memory so a lookup never scans the table. */
export interface IndexedQuestion {
  key: string;
  language: Language;
  vector: Float32Array;
  expiresAt: number;
  /** The question's profile for the dedup guards: given when it is stored, else made by `profileOf`. */
  profile?: DedupProfile;
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
  // Hashing vectors are compared through their sparse forms, all at once; a model's dense
  // vectors one by one.
  private readonly sparse = new SparseVectorIndex<string>();

  /** `maxEntries` bounds the scan of every lookup; the oldest entries leave the index first. */
  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  set(entry: IndexedQuestion): void {
    this.entries.delete(entry.key);
    this.entries.set(entry.key, entry);
    this.sparse.set(entry.key, entry.vector);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.sparse.delete(key);
  }

  /**
   * The dedup profile of the question under `key`, whose row reads `question`: made at most
   * once while its entry lasts, and dropped with it. The row is the truth: an entry loaded at
   * start holds no profile, and one set by a store that rolled back may hold the profile of
   * another question under the same key. A cached question is its own head (`store`
   * refuses longer ones), so the head's text is the row's.
   */
  profileOf(key: string, question: string): DedupProfile {
    const entry = this.entries.get(key);
    if (entry?.profile?.text === question) return entry.profile;
    const profile = new DedupProfile(question);
    if (entry) entry.profile = profile;
    return profile;
  }

  /** Drops the entries expired at `now`; returns how many. */
  prune(now: number): number {
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  /** Unexpired entries of `language` scoring above `threshold`, best first. */
  candidates(vector: Float32Array, language: Language, now: number, threshold: number): DedupCandidate[] {
    const found: DedupCandidate[] = [];
    const indexed = this.sparse.cosines(vector);
    for (const entry of this.entries.values()) {
      if (entry.language !== language || entry.expiresAt <= now || entry.vector.length !== vector.length) continue;
      const similarity = indexed(entry.key) ?? cosine(vector, entry.vector);
      if (similarity > threshold) found.push({ key: entry.key, similarity });
    }
    return found.sort((a, b) => b.similarity - a.similarity || (a.key < b.key ? -1 : 1));
  }
}
