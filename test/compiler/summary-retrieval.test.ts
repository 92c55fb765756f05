import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArchiveIndex } from '../../src/compiler/archive-index.js';
import { documentTerms, rankByBm25, scoreByBm25 } from '../../src/compiler/bm25.js';
import { SummaryArchiveCache } from '../../src/compiler/summary-retrieval.js';

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
    expect(cache.archiveTerms('s', ids('a'), load)).toEqual([{ id: 'a', terms: { counts: new Map([['a', 1], ['garden', 2], ['tomatoes', 1]]), length: 4 } }]);
    expect(cache.archiveTerms('s', ids('b', 'a'), load).map((entry) => entry.id)).toEqual(['b', 'a']);
    expect(loads).toEqual(['a', 'b']);
  });

  it("drops a session's summaries that left its whole archive, and keeps them when only part of it was searched", () => {
    const cache = new SummaryArchiveCache(4);
    const { loads, load } = loader();
    cache.rankWhole('s', ids('a', 'b', 'c'), ['garden'], load);
    cache.archiveTerms('s', ids('c'), load); // a day range: a and b are still archived
    expect(cache.size).toBe(3);
    cache.rankWhole('s', ids('c', 'd'), ['garden'], load); // a and b were deleted
    expect(cache.size).toBe(2);
    cache.rankWhole('s', ids('a', 'c', 'd'), ['garden'], load);
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('ranks a whole archive from its index exactly as BM25 over the same summaries does, as the archive changes', () => {
    const vocabulary = ['garden', 'tomatoes', 'deploy', 'helm', 'billing', 'lisbon', 'tram', 'kube', 'budget', 'decided'];
    // Repeated texts make ties, which must fall to the newer summary.
    const text = fc.oneof(
      fc.constantFrom('garden tomatoes', 'deploy helm kube', 'garden'),
      fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 8 }).map((words) => words.join(' ')),
    );
    // Each step archives a new summary, drops the oldest, drops one from the middle, asks
    // about a day range (a part of the archive) or searches the whole archive.
    const step = fc.oneof(
      fc.record({ kind: fc.constant('archive' as const), text }),
      fc.record({ kind: fc.constant('drop-oldest' as const) }),
      fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('range' as const), at: fc.nat(), words: fc.array(fc.constantFrom(...vocabulary), { maxLength: 4 }) }),
      fc.record({ kind: fc.constant('search' as const), words: fc.array(fc.constantFrom(...vocabulary, 'absent'), { minLength: 1, maxLength: 10 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const index = new ArchiveIndex();
        const texts = new Map<string, string>();
        let archive: Array<{ id: string }> = [];
        let next = 0;
        const load = (id: string): string | undefined => texts.get(id);
        for (const each of steps) {
          if (each.kind === 'archive') {
            const id = `s${next++}`;
            texts.set(id, each.text);
            archive = [{ id }, ...archive];
          } else if (each.kind === 'drop-oldest') {
            archive = archive.slice(0, -1);
          } else if (each.kind === 'drop' && archive.length > 0) {
            const at = each.at % archive.length;
            archive = [...archive.slice(0, at), ...archive.slice(at + 1)];
          } else if (each.kind === 'range' && archive.length > 0) {
            // A day range adds the summaries it read to the index, as archiveTerms does.
            for (const { id } of archive.slice(each.at % archive.length)) index.add(id, documentTerms(texts.get(id) as string));
          } else if (each.kind === 'search') {
            const documents = archive.map(({ id }) => ({ id, terms: documentTerms(texts.get(id) as string) }));
            index.sync(archive, load);
            expect(index.rank(each.words)).toEqual(rankByBm25(each.words, documents).map(({ id }) => id));
            // The same scores to the last bit, not only the same order.
            const byPlace = (a: { index: number }, b: { index: number }) => a.index - b.index;
            expect(index.score(each.words).sort(byPlace)).toEqual(
              scoreByBm25(each.words, documents).map(({ document, index, score }) => ({ id: document.id, index, score })),
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads no summary again for a whole search of an unchanged archive, and only the new one after an archiving', () => {
    const cache = new SummaryArchiveCache(4);
    const { loads, load } = loader();
    const archive = ids('a', 'b');
    expect(cache.rankWhole('s', archive, ['garden'], load)).toEqual(['a', 'b']);
    expect(cache.rankWhole('s', archive, ['tomatoes'], load)).toEqual(['a', 'b']);
    expect(cache.rankWhole('s', ids('c', 'a'), ['b'], load)).toEqual([]);
    // Equal scores: the newer summary first, though it joined the index last.
    expect(cache.rankWhole('s', ids('c', 'a'), ['garden'], load)).toEqual(['c', 'a']);
    expect(loads).toEqual(['a', 'b', 'c']);
    expect(cache.size).toBe(2);
  });

  it('keeps the most recently searched sessions', () => {
    const cache = new SummaryArchiveCache(2);
    const { loads, load } = loader();
    cache.rankWhole('s1', ids('a'), ['garden'], load);
    cache.rankWhole('s2', ids('b'), ['garden'], load);
    cache.rankWhole('s1', ids('a'), ['garden'], load);
    cache.rankWhole('s3', ids('c'), ['garden'], load); // lets s2 go, the least recently searched
    cache.rankWhole('s1', ids('a'), ['garden'], load);
    cache.rankWhole('s2', ids('b'), ['garden'], load);
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
    expect(cache.size).toBe(2);
  });

  it('leaves out a summary that is not there and remembers nothing of it', () => {
    const cache = new SummaryArchiveCache(2);
    const { loads, load } = loader();
    expect(cache.rankWhole('s', ids('gone', 'a'), ['garden'], load)).toEqual(['a']);
    expect(cache.size).toBe(1);
    cache.rankWhole('s', ids('gone', 'a'), ['garden'], load);
    expect(loads).toEqual(['gone', 'a', 'gone']);
  });

  it('counts words as the ranking reads them: repeats and length', () => {
    expect(documentTerms('kube helm kube')).toEqual({ counts: new Map([['kube', 2], ['helm', 1]]), length: 3 });
  });
});
