import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText } from '../../src/conversation/text-normalise.js';

// foldText's Unicode path, written out: what every text folds to, whatever shortcut it takes.
const unicodeFold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\p{L})\s*['’`´]\s*(s|t|m|d|re|ve|ll)\b/gu, '$1$2');

// ASCII texts rich in apostrophes, blanks and contraction endings.
const PIECES = ["'", '`', ' ', '\t', '\v', "I'm", "DON'T", 'll', 're', 've', 's', 't', 'm', 'd', 'x', 'Z', '5', '_', '.', ',', '"', "O'Neill"];
const asciiText = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 12 }).map((parts) => parts.join(''));

describe('foldText', () => {
  it.each([
    ["I'm here", 'im here'],
    ["DON'T", 'dont'],
    ['it ` s', 'its'],
    ["let ' s go", 'lets go'],
    ["O'Neill'll", "o'neillll"],
    ["5's", "5's"],
    ['Canción', 'cancion'],
    ['let’s', 'lets'],
  ])('folds %j to %j', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it('folds ASCII with apostrophes exactly as the Unicode path does', () => {
    fc.assert(
      fc.property(asciiText, (text) => {
        expect(foldText(text)).toBe(unicodeFold(text));
      }),
      { numRuns: 5000 },
    );
  });
});
