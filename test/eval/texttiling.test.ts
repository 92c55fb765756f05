import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import {
  analyseTextTiling,
  DEFAULT_TEXTTILING_PARAMS,
  textTilingBoundaries,
  textTilingTerms,
} from '../../src/eval/texttiling.js';

// Every line of a topic reduces to the same two terms, so the block cosines are easy to
// compute by hand: 1 inside a topic, 1/√2 when one block holds one line of each, 0 across.
const CATS = ['The kitten and its whiskers!', 'Kittens have whiskers.', 'whiskers on a KITTEN', 'my kitten, whiskers and all'];
const MUSIC = ['Guitar chords', 'chords on the guitar', 'Guitars need chords?', 'the chord guitar'];

function dialogue(first: number, second: number): string[] {
  const pick = (lines: string[], n: number): string[] => Array.from({ length: n }, (_, i) => lines[i % lines.length] ?? '');
  return [...pick(CATS, first), ...pick(MUSIC, second)];
}

describe('textTilingTerms', () => {
  it('keeps folded content words of 3+ letters, without stop words, plural -s stripped', () => {
    expect(textTilingTerms("I LOVE my Kittens, they're great! An ox at the Café")).toEqual(['kitten', 'cafe']);
    expect(textTilingTerms('glass bus chorus tennis dogs')).toEqual(['glass', 'bus', 'chorus', 'tennis', 'dog']);
  });

  it('reduces every line of the test topics to the same two terms', () => {
    for (const line of CATS) expect(textTilingTerms(line).sort()).toEqual(['kitten', 'whisker']);
    for (const line of MUSIC) expect(textTilingTerms(line).sort()).toEqual(['chord', 'guitar']);
  });
});

describe('TextTiling on two separate vocabularies (k = 2, hand-computed)', () => {
  it('4 + 4 utterances: scores, smoothing, depth and one boundary before utterance 4', () => {
    const analysis = analyseTextTiling(dialogue(4, 4));
    const half = Math.SQRT1_2;
    expect(analysis.positions).toEqual([2, 3, 4, 5, 6]);
    expectClose(analysis.similarity, [1, half, 0, half, 1]);
    // Moving average of 3, the ends kept: 1, (1 + ½√2)/3, √2/3, …
    const inner = (1 + half) / 3;
    const middle = (2 * half) / 3;
    expectClose(analysis.smoothed, [1, inner, middle, inner, 1]);
    // Depth at 4: (1 − √2/3) on each side; at 3 and 5 one side only, the other falls.
    expectClose(analysis.depth, [0, 1 - inner, 2 * (1 - middle), 1 - inner, 0]);
    expect(analysis.boundaries).toEqual([4]);
  });

  it.each([
    [4, 4],
    [5, 5],
    [3, 6],
    [6, 3],
  ])('%i cat lines then %i music lines: the boundary is the first music line', (first, second) => {
    expect(textTilingBoundaries(dialogue(first, second))).toEqual([first]);
  });

  it('the same boundary under the liberal mean − σ cutoff', () => {
    expect(textTilingBoundaries(dialogue(4, 4), { ...DEFAULT_TEXTTILING_PARAMS, cutoff: 'mean-sd' })).toEqual([4]);
  });

  it("Hearst's proviso keeps the slopes beside the valley from becoming boundaries", () => {
    // Depths 0.431, 1.057, 0.431 at 3, 4, 5 all exceed mean − σ/2 ≈ 0.190.
    expect(textTilingBoundaries(dialogue(4, 4), { ...DEFAULT_TEXTTILING_PARAMS, minBoundaryDistance: 1 })).toEqual([3, 4, 5]);
  });

  it('two switches far enough apart give two boundaries', () => {
    const lines = [...dialogue(4, 4), ...CATS];
    expect(textTilingBoundaries(lines)).toEqual([4, 8]);
  });
});

describe('TextTiling on a single topic', () => {
  it('no boundary when every block pair is equally cohesive', () => {
    // Two speakers alternate on one topic: every block of 2 holds one line of each.
    const baking = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 'baking bread with flour' : 'the oven needs yeast and dough'));
    const analysis = analyseTextTiling(baking);
    expectClose(analysis.similarity, analysis.positions.map(() => 1));
    expect(analysis.boundaries).toEqual([]);
  });

  it('no boundary in a dialogue without content words', () => {
    expect(textTilingBoundaries(Array.from({ length: 10 }, () => 'yes, ok, lol'))).toEqual([]);
  });
});

describe('short dialogues', () => {
  it.each([0, 1, 2, 3])('%i utterances (< 2k): nothing scored, no boundary', (n) => {
    const analysis = analyseTextTiling(dialogue(n, 0));
    expect(analysis.positions).toEqual([]);
    expect(analysis.cutoff).toBeNull();
    expect(analysis.boundaries).toEqual([]);
  });

  it('exactly 2k utterances: one gap is scored, a lone score has no depth', () => {
    const analysis = analyseTextTiling(dialogue(2, 2));
    expect(analysis.positions).toEqual([2]);
    expect(analysis.similarity).toEqual([0]);
    expect(analysis.boundaries).toEqual([]);
  });

  it('k = 3 needs 6 utterances', () => {
    const params = { ...DEFAULT_TEXTTILING_PARAMS, blockSize: 3 };
    expect(analyseTextTiling(dialogue(3, 2), params).positions).toEqual([]);
    expect(analyseTextTiling(dialogue(3, 3), params).positions).toEqual([3]);
  });
});

describe('determinism and invariants', () => {
  const word = fc.constantFrom('kitten', 'guitar', 'bread', 'travel', 'football', 'garden', 'the', 'lol', 'yes');
  const utterance = fc.array(word, { maxLength: 6 }).map((words) => words.join(' '));

  it('same input, same output; boundaries sorted, scored, and far enough apart', () => {
    fc.assert(
      fc.property(fc.array(utterance, { maxLength: 30 }), fc.constantFrom(1, 2, 3), (lines, blockSize) => {
        const params = { ...DEFAULT_TEXTTILING_PARAMS, blockSize };
        const boundaries = textTilingBoundaries(lines, params);
        expect(textTilingBoundaries([...lines], params)).toEqual(boundaries);
        boundaries.forEach((position, i) => {
          expect(position).toBeGreaterThanOrEqual(blockSize);
          expect(position).toBeLessThanOrEqual(lines.length - blockSize);
          const next = boundaries[i + 1];
          if (next !== undefined) expect(next - position).toBeGreaterThanOrEqual(params.minBoundaryDistance);
        });
      }),
    );
  });

  it.each([
    { blockSize: 0 },
    { blockSize: 1.5 },
    { smoothingRounds: -1 },
    { minBoundaryDistance: 0 },
  ])('rejects %j', (bad) => {
    const call = (): number[] => textTilingBoundaries(dialogue(4, 4), { ...DEFAULT_TEXTTILING_PARAMS, ...bad });
    expect(call).toThrow(AppError);
    expect(call).toThrow(/must be an integer/);
  });
});

function expectClose(actual: readonly number[], expected: readonly number[]): void {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, i) => expect(actual[i]).toBeCloseTo(value, 10));
}
