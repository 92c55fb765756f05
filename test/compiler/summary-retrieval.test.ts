import { describe, expect, it } from 'vitest';
import { documentTerms, rankByBm25, SummaryTermsCache } from '../../src/compiler/summary-retrieval.js';

const doc = (id: string, searchText: string) => ({ id, terms: documentTerms(searchText) });

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
  });

  it('returns nothing for an empty archive', () => {
    expect(rankByBm25(['alpha'], [])).toEqual([]);
  });
});

describe('the terms cache of archived summaries', () => {
  it('reads a summary once, then answers from memory', () => {
    const cache = new SummaryTermsCache(10);
    const loads: string[] = [];
    const load = (id: string) => () => {
      loads.push(id);
      return `${id} garden garden tomatoes`;
    };
    expect(cache.terms('a', load('a'))).toEqual({ counts: new Map([['a', 1], ['garden', 2], ['tomatoes', 1]]), length: 4 });
    expect(cache.terms('a', load('a'))?.counts.get('garden')).toBe(2);
    expect(loads).toEqual(['a']);
  });

  it('drops the oldest entries beyond its capacity', () => {
    const cache = new SummaryTermsCache(2);
    const loads: string[] = [];
    const load = (id: string) => () => {
      loads.push(id);
      return id;
    };
    cache.terms('a', load('a'));
    cache.terms('b', load('b'));
    cache.terms('a', load('a'));
    cache.terms('c', load('c')); // evicts a, the oldest
    cache.terms('b', load('b'));
    cache.terms('a', load('a'));
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
    expect(cache.size).toBe(2);
  });

  it('remembers nothing for a summary that is not there', () => {
    const cache = new SummaryTermsCache(2);
    expect(cache.terms('gone', () => undefined)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('counts words as the ranking reads them: repeats and length', () => {
    expect(documentTerms('kube helm kube')).toEqual({ counts: new Map([['kube', 2], ['helm', 1]]), length: 3 });
  });
});
