import { scoreBm25 } from '../compiler/bm25.js';
import { normaliseAnswer } from './locomo-match.js';

/** Okapi BM25 over a fixed set of documents; `scores` ranks them against one query. */
export interface Bm25Index {
  scores(query: string): number[];
}

/** Builds the index once per conversation (terms: SQuAD-normalised words). */
export function buildBm25(documents: readonly string[]): Bm25Index {
  const docs = documents.map(terms);
  const averageLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length);
  const documentFrequency = new Map<string, number>();
  const termCounts = docs.map((d) => {
    const counts = new Map<string, number>();
    for (const term of d) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    return counts;
  });
  return {
    scores: (query) => {
      const queryTerms = [...new Set(terms(query))];
      return termCounts.map((counts, i) => {
        const length = docs[i]?.length ?? 0;
        let score = 0;
        for (const term of queryTerms) {
          const tf = counts.get(term) ?? 0;
          if (tf > 0) score += scoreBm25(tf, documentFrequency.get(term) ?? 0, docs.length, length, averageLength);
        }
        return score;
      });
    },
  };
}

function terms(text: string): string[] {
  return normaliseAnswer(text).split(' ').filter((w) => w !== '');
}
