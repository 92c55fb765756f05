import { describe, expect, it } from 'vitest';
import { QueryAnalysis } from '../../src/cache/query-text.js';
import { standsAlone } from '../../src/cache/self-contained.js';

// An analysis that counts how often its words are read: a deterministic measure of the
// work `standsAlone` does on a question (never a wall-clock limit: machines are shared).
class CountingAnalysis extends QueryAnalysis {
  reads = 0;

  override get words(): readonly string[] {
    const words = super.words;
    return new Proxy(words, {
      get: (target, key, receiver) => {
        if (typeof key === 'string' && /^\d+$/u.test(key)) this.reads++;
        return Reflect.get(target, key, receiver);
      },
    });
  }
}

describe('standsAlone: persons it does not name', () => {
  it('tells a named person from one it points back to', () => {
    expect(standsAlone(new QueryAnalysis('When did Marie Curie win her first prize?'))).toBe(true);
    expect(standsAlone(new QueryAnalysis('Where does my sister live and what does she do?'))).toBe(true);
    expect(standsAlone(new QueryAnalysis('Where does she live and what does my sister do?'))).toBe(false);
    expect(standsAlone(new QueryAnalysis('When did she win the prize Marie Curie won?'))).toBe(false);
  });

  it('reads the words a bounded number of times each, however many persons a question names', () => {
    const readsFor = (persons: number): number => {
      const analysis = new CountingAnalysis(`Does Marie know that ${'she and '.repeat(persons)}her sister are here?`);
      expect(standsAlone(analysis)).toBe(true);
      return analysis.reads / analysis.text.split(' ').length;
    };
    // Per word, the reads stay the same from 10 to 300 persons: linear, not quadratic.
    expect(readsFor(300)).toBeLessThan(2 * readsFor(10));
  });
});
