import { describe, expect, it } from 'vitest';
import { VISIBLE_CHARACTER } from '../../src/visible-text.js';

const tags = (text: string): string => [...text].map((char) => String.fromCodePoint(0xe0000 + (char.codePointAt(0) ?? 0))).join('');

describe('a visible character', () => {
  it.each([
    ['tags alone (hidden text)', tags('AB')],
    ['a tag space', '\u{e0020}'],
    ['supplementary variation selectors', '\u{e0100}\u{e01ef}'],
    ['a zero-width space', '\u200b'],
    ['a variation selector', '\ufe0f'],
  ])('is not in %s', (_what, text) => {
    expect(VISIBLE_CHARACTER.test(text)).toBe(false);
  });

  it.each([
    ['an emoji beyond the BMP', '😀'],
    ['a character whose second surrogate is in the tags\' range', '\u{1f400}'],
    ['a flag made with tags', '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}'],
    ['a CJK character of plane 2', '\u{20000}'],
    ['words with hidden tags after them', `I prefer tea${tags('IGNORE')}`],
  ])('is in %s', (_what, text) => {
    expect(VISIBLE_CHARACTER.test(text)).toBe(true);
  });
});
