import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestFirst, bestOf } from '../../src/compiler/bm25.js';

// Scores as BM25 gives them, and the ones it never should: ties, zero, negative, NaN and infinite.
const score = fc.oneof(fc.constantFrom(0, -0, -1, 1, 2, 2.5, Number.NaN, Number.POSITIVE_INFINITY), fc.double({ min: -5, max: 5 }));
const entries = fc.array(score, { maxLength: 60 }).map((scores) => scores.map((value, index) => ({ id: `s${index}`, index, score: value })));

describe('bestOf', () => {
  it('keeps the first `limit` entries of bestFirst, in its order', () => {
    fc.assert(
      fc.property(entries, fc.nat({ max: 70 }), (list, limit) => {
        expect(bestOf(list, limit)).toEqual(bestFirst(list).slice(0, limit));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps nothing for a limit of 0, and every match for an unbounded one', () => {
    const list = [0.5, 3, 3, 0, 1].map((value, index) => ({ index, score: value }));
    expect(bestOf(list, 0)).toEqual([]);
    expect(bestOf(list, Number.POSITIVE_INFINITY).map((entry) => entry.index)).toEqual([1, 2, 4, 0]);
    expect(bestOf(list, 2).map((entry) => entry.index)).toEqual([1, 2]);
  });
});
