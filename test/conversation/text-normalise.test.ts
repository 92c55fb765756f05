import { describe, expect, it } from 'vitest';
import { foldText } from '../../src/conversation/text-normalise.js';

// foldText's Unicode path, written out: what every text folds to, whatever shortcut it takes.
const unicodeFold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\p{L})\s*['’`´]\s*(s|t|m|d|re|ve|ll)\b/gu, '$1$2');

// A seeded generator of ASCII texts rich in apostrophes, spaces and contraction endings.
function asciiTexts(count: number, seed: number): string[] {
  const pieces = ["'", '`', ' ', '\t', '\v', "I'm", "DON'T", 'll', 're', 've', 's', 't', 'm', 'd', 'x', 'Z', '5', '_', '.', ',', '"', "O'Neill"];
  let state = seed;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 8;
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + (next() % 12) }, () => pieces[next() % pieces.length]).join(''));
}

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
    for (const text of asciiTexts(5000, 7)) expect(foldText(text), JSON.stringify(text)).toBe(unicodeFold(text));
  });
});
