import { FeatureTable } from './feature-table.js';
import { STOP_WORDS, foldText, splitWords } from './text-features.js';

/**
 * The feature groups of the hashing embedder. Each group is L2-normalised on its own and
 * then mixed with a fixed weight, so the cosine of two texts is a weighted mean of the
 * per-group cosines (plus the shared constant, see `FeatureWeights.constant`).
 */
export const FEATURE_GROUPS = ['stem', 'char'] as const;
export type FeatureGroup = (typeof FEATURE_GROUPS)[number];

/** Relative weights of the groups and of the constant component every vector shares. */
export interface FeatureWeights {
  readonly constant: number;
  readonly stem: number;
  readonly char: number;
}

/** Hashed feature → accumulated (pre-sublinear) weight, one table per group. */
export type FeatureCounts = Record<FeatureGroup, FeatureTable>;

// Texts past this length are embedded by their head, like a model's maximum sequence
// length: the embedder runs on the request hot path and must stay bounded.
const MAX_EMBED_CHARS = 4096;
const STOP_WORD_WEIGHT = 0.1;
const STEM_LENGTH = 4;
const MIN_CHAR_GRAM = 3;
const MAX_CHAR_GRAM = 5;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const GROUP_SEED: Record<FeatureGroup, number> = { stem: 0x9e3779b9, char: 0xc2b2ae35 };

// FNV-1a over the UTF-16 code units of `text[start, end)`, from a seeded offset.
function fnv1a(text: string, start: number, end: number, seed: number): number {
  let hash = FNV_OFFSET ^ seed;
  for (let i = start; i < end; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

// Murmur3's finaliser: spreads FNV's weak low bits before bucket and sign are taken.
function mixHash(hash: number): number {
  let h = hash >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const OPEN_MARK = 0x3c; // '<'
const CLOSE_MARK = 0x3e; // '>'

// The n-grams of `<word>`, read from the word itself: building the padded string per word
// cost an allocation and a flatten on every word of every message.
function addCharGrams(table: FeatureTable, word: string, weight: number): void {
  const paddedLength = word.length + 2;
  for (let start = 0; start + MIN_CHAR_GRAM <= paddedLength; start++) {
    let hash = FNV_OFFSET ^ GROUP_SEED.char;
    const end = Math.min(start + MAX_CHAR_GRAM, paddedLength);
    for (let i = start; i < end; i++) {
      hash ^= i === 0 ? OPEN_MARK : i === paddedLength - 1 ? CLOSE_MARK : word.charCodeAt(i - 1);
      hash = Math.imul(hash, FNV_PRIME);
      if (i - start + 1 >= MIN_CHAR_GRAM) table.add(hash, weight);
    }
  }
}

/** Empty feature tables, to be filled by `countFeatures` (and reused, call after call). */
export function createFeatureCounts(): FeatureCounts {
  return { stem: new FeatureTable(0), char: new FeatureTable(0) };
}

/**
 * Counts the hashed features of `text` per group, into `counts` (emptied first): each
 * word's first `STEM_LENGTH` characters (a crude stemmer that works for English and
 * Spanish alike) and its character n-grams. Stop words count `STOP_WORD_WEIGHT`, so a
 * text made only of stop words still has features.
 */
export function countFeatures(text: string, counts: FeatureCounts = createFeatureCounts()): FeatureCounts {
  const words = splitWords(foldText(text.length > MAX_EMBED_CHARS ? text.slice(0, MAX_EMBED_CHARS) : text));
  counts.stem.reset(words.length);
  counts.char.reset(words.length * 8);
  for (const word of words) {
    const weight = STOP_WORDS.has(word) ? STOP_WORD_WEIGHT : 1;
    counts.stem.add(fnv1a(word, 0, Math.min(word.length, STEM_LENGTH), GROUP_SEED.stem), weight);
    addCharGrams(counts.char, word, weight);
  }
  return counts;
}

// Sub-linear term weighting, 1 + ln(tf): a repeated word should not dominate a message.
function sublinear(weight: number): number {
  return weight > 1 ? 1 + Math.log(weight) : weight;
}

/**
 * Projects the counted features into `dims` dimensions with signed hashing. Dimension 0
 * holds the constant component; the groups share dimensions 1…dims-1. The result has
 * unit length (an empty text is the constant direction alone).
 */
export function projectFeatures(counts: FeatureCounts, weights: FeatureWeights, dims: number): Float32Array {
  const vector = new Float32Array(dims);
  const buckets = dims - 1;
  vector[0] = weights.constant;
  for (const group of FEATURE_GROUPS) {
    const table = counts[group];
    // Both sums run in slot order, as before, so vectors stay the same bit for bit.
    const slots = table.occupiedSlots();
    let squared = 0;
    for (let i = 0; i < slots.length; i++) squared += sublinear(table.weightAt(slots[i] as number)) ** 2;
    if (squared === 0) continue;
    const scale = weights[group] / Math.sqrt(squared);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as number;
      const hash = mixHash(table.keyAt(slot));
      const index = 1 + ((hash & 0x7fffffff) % buckets);
      const signed = hash & 0x80000000 ? -scale : scale;
      vector[index] = (vector[index] as number) + signed * sublinear(table.weightAt(slot));
    }
  }
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += (vector[i] as number) ** 2;
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  const inverse = 1 / Math.sqrt(norm);
  for (let i = 0; i < dims; i++) vector[i] = (vector[i] as number) * inverse;
  return vector;
}
