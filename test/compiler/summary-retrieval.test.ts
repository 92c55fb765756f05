import { describe, expect, it } from 'vitest';
import { rankByBm25 } from '../../src/compiler/summary-retrieval.js';

const doc = (id: string, searchText: string) => ({ id, searchText });

describe('BM25 over archived summaries', () => {
  it('ranks summaries sharing rarer words higher and leaves out those sharing none', () => {
    const docs = [
      doc('newest', 'garden tomatoes watering schedule'),
      doc('deploy', 'kubernetes billing deployment helm charts decided'),
      doc('garden', 'garden compost tomatoes'),
      doc('trip', 'lisbon trip tram alfama'),
    ];
    const ranked = rankByBm25(['billing', 'deployment', 'garden'], docs).map((each) => each.id);
    expect(ranked[0]).toBe('deploy');
    expect(ranked).toContain('garden');
    expect(ranked).not.toContain('trip');
  });

  it('keeps the input order (newest first) on equal scores, deterministically', () => {
    const docs = [doc('b', 'alpha beta'), doc('a', 'alpha beta')];
    expect(rankByBm25(['alpha'], docs).map((each) => each.id)).toEqual(['b', 'a']);
    expect(rankByBm25(['alpha'], docs)).toEqual(rankByBm25(['alpha'], docs));
  });

  it('returns nothing for an empty archive', () => {
    expect(rankByBm25(['alpha'], [])).toEqual([]);
  });
});
