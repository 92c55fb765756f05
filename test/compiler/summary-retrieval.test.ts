import { describe, expect, it } from 'vitest';
import { documentTerms, rankByBm25, SummaryArchiveCache } from '../../src/compiler/summary-retrieval.js';

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
  const loader = () => {
    const loads: string[] = [];
    const load = (id: string): string | undefined => {
      loads.push(id);
      return id === 'gone' ? undefined : `${id} garden garden tomatoes`;
    };
    return { loads, load };
  };
  const ids = (...names: string[]) => names.map((id) => ({ id }));

  it('reads a summary once, then answers from memory, in the order asked', () => {
    const cache = new SummaryArchiveCache(4);
    const { loads, load } = loader();
    expect(cache.archiveTerms('s', ids('a'), true, load)).toEqual([{ id: 'a', terms: { counts: new Map([['a', 1], ['garden', 2], ['tomatoes', 1]]), length: 4 } }]);
    expect(cache.archiveTerms('s', ids('b', 'a'), true, load).map((entry) => entry.id)).toEqual(['b', 'a']);
    expect(loads).toEqual(['a', 'b']);
  });

  it("drops a session's summaries that left its whole archive, and keeps them when only part of it was searched", () => {
    const cache = new SummaryArchiveCache(4);
    const { loads, load } = loader();
    cache.archiveTerms('s', ids('a', 'b', 'c'), true, load);
    cache.archiveTerms('s', ids('c'), false, load); // a day range: a and b are still archived
    expect(cache.size).toBe(3);
    cache.archiveTerms('s', ids('c', 'd'), true, load); // a and b were deleted
    expect(cache.size).toBe(2);
    cache.archiveTerms('s', ids('a', 'c', 'd'), true, load);
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('answers a whole search of the very list it last searched with the same terms, and a new list afresh', () => {
    const cache = new SummaryArchiveCache(4);
    const { loads, load } = loader();
    const archive = ids('a', 'b');
    const first = cache.archiveTerms('s', archive, true, load);
    expect(cache.archiveTerms('s', archive, true, load)).toBe(first);
    const other = cache.archiveTerms('s', ids('a', 'b'), true, load);
    expect(other).not.toBe(first);
    expect(other).toEqual(first);
    expect(cache.archiveTerms('s', ids('c'), false, load)).not.toBe(first);
    expect(loads).toEqual(['a', 'b', 'c']);
  });

  it('keeps the most recently searched sessions', () => {
    const cache = new SummaryArchiveCache(2);
    const { loads, load } = loader();
    cache.archiveTerms('s1', ids('a'), true, load);
    cache.archiveTerms('s2', ids('b'), true, load);
    cache.archiveTerms('s1', ids('a'), true, load);
    cache.archiveTerms('s3', ids('c'), true, load); // lets s2 go, the least recently searched
    cache.archiveTerms('s1', ids('a'), true, load);
    cache.archiveTerms('s2', ids('b'), true, load);
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
    expect(cache.size).toBe(2);
  });

  it('leaves out a summary that is not there and remembers nothing of it', () => {
    const cache = new SummaryArchiveCache(2);
    const { loads, load } = loader();
    expect(cache.archiveTerms('s', ids('gone', 'a'), true, load).map((entry) => entry.id)).toEqual(['a']);
    expect(cache.size).toBe(1);
    cache.archiveTerms('s', ids('gone', 'a'), true, load);
    expect(loads).toEqual(['gone', 'a', 'gone']);
  });

  it('counts words as the ranking reads them: repeats and length', () => {
    expect(documentTerms('kube helm kube')).toEqual({ counts: new Map([['kube', 2], ['helm', 1]]), length: 3 });
  });
});
