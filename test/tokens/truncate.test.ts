import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EncodingName, Tokenizer } from '../../src/tokens/tokenizer.js';
import { ENCODINGS } from '../../src/tokens/tokenizer.js';
import { truncateHeadTail } from '../../src/tokens/truncate-head-tail.js';
import { truncateTail } from '../../src/tokens/truncate-tail.js';
import { anyStringArb, textArb } from './text-arbitraries.js';
import { loadOracle, loadTokenizers } from './tokenizers.js';

let tokenizers: Record<EncodingName, Tokenizer>;
beforeAll(async () => {
  tokenizers = await loadTokenizers();
});

// True when `text` has no lone surrogate (what a cut inside a pair would leave).
function wellFormed(text: string): boolean {
  return text === Buffer.from(text, 'utf8').toString('utf8');
}

// True when offset `at` of `text` lies between the two halves of a surrogate pair.
function insidePair(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  const after = text.charCodeAt(at);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

// `text` up to one code point past `at`.
function oneCodePointMore(text: string, at: number): string {
  return text.slice(0, at + ((text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1));
}

// Lone surrogates included: a head or tail keeps the text's own (ill-formed) code points.
const anyTextArb = fc.oneof(textArb, anyStringArb, fc.tuple(anyStringArb, textArb).map(([a, b]) => a + b));

const budgetArb = fc.integer({ min: 0, max: 60 });

// Found by the truncateTail property test: BPE counts are not monotone in the suffix.
const CANCION = 'the canción  ';

it('o200k_base counts a suffix of "the canción  " above the whole phrase', () => {
  // Without this, the truncateTail case below would not test the dip it was written for.
  const tokenizer = tokenizers.o200k_base;
  expect(tokenizer.count('canción  ')).toBeGreaterThan(tokenizer.count(CANCION));
});

describe.each(ENCODINGS)('truncation with %s', (encoding) => {
  it('truncate returns a prefix that fits, that one more code point would not fit, and that keeps surrogate pairs whole', () => {
    fc.assert(
      fc.property(anyTextArb, budgetArb, (text, max) => {
        const tokenizer = tokenizers[encoding];
        const head = tokenizer.truncate(text, max);
        expect(text.startsWith(head)).toBe(true);
        expect(tokenizer.count(head)).toBeLessThanOrEqual(max);
        expect(insidePair(text, head.length)).toBe(false);
        if (wellFormed(text)) expect(wellFormed(head)).toBe(true);
        if (head !== text) expect(tokenizer.count(oneCodePointMore(text, head.length))).toBeGreaterThan(max);
      }),
      { numRuns: 400 },
    );
  });

  it('truncate keeps the head of a text that starts with a lone surrogate', () => {
    const tokenizer = tokenizers[encoding];
    const text = `\uD800hello world ${'and so on '.repeat(40)}`;
    const head = tokenizer.truncate(text, 50);
    expect(head.startsWith('\uD800hello world and so on')).toBe(true);
    expect(tokenizer.count(head)).toBeLessThanOrEqual(50);
    expect(tokenizer.count(oneCodePointMore(text, head.length))).toBeGreaterThan(50);
  });

  it('truncate keeps the text whole when it fits and cuts on a token boundary otherwise', async () => {
    const oracle = await loadOracle(encoding);
    const sentence = 'The quick brown fox jumps over the lazy dog, again and again, until the memory daemon says stop.';
    const tokens = oracle(sentence);
    expect(tokenizers[encoding].truncate(sentence, tokens.length)).toBe(sentence);
    for (let max = 0; max < tokens.length; max += 1) {
      const head = tokenizers[encoding].truncate(sentence, max);
      expect(tokenizers[encoding].count(head)).toBe(max);
      expect(oracle(head)).toEqual(tokens.slice(0, max));
    }
  });

  it('never cuts a multi-byte character in half', () => {
    const tokenizer = tokenizers[encoding];
    // One code point, four UTF-8 bytes, three tokens in both encodings.
    const perEmoji = tokenizer.count('🦩');
    expect(perEmoji).toBe(3);
    expect(tokenizer.truncate('🦩🦩🦩', 1)).toBe('');
    expect(tokenizer.truncate('🦩🦩🦩', 2)).toBe('');
    expect(tokenizer.truncate('🦩🦩🦩', 4)).toBe('🦩');
    for (let max = 0; max <= 3 * perEmoji; max += 1) {
      const head = tokenizer.truncate('ñandú 東京 🦩🦩🦩 🇪🇸', max);
      expect(wellFormed(head)).toBe(true);
      expect(tokenizer.count(head)).toBeLessThanOrEqual(max);
    }
  });

  it('truncateTail returns a suffix that fits and keeps surrogate pairs whole', () => {
    fc.assert(
      fc.property(anyTextArb, budgetArb, (text, max) => {
        const tail = truncateTail(tokenizers[encoding], text, max);
        expect(text.endsWith(tail)).toBe(true);
        expect(tokenizers[encoding].count(tail)).toBeLessThanOrEqual(max);
        expect(insidePair(text, text.length - tail.length)).toBe(false);
        if (wellFormed(text)) expect(wellFormed(tail)).toBe(true);
        if (tokenizers[encoding].count(text) <= max) expect(tail).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('truncateTail keeps a text that fits whole, even where a shorter suffix counts more', () => {
    const tokenizer = tokenizers[encoding];
    expect(truncateTail(tokenizer, CANCION, tokenizer.count(CANCION))).toBe(CANCION);
  });

  it('truncateHeadTail keeps both ends around the marker and fits', () => {
    const marker = '\n[…]\n';
    fc.assert(
      fc.property(anyTextArb, fc.integer({ min: 0, max: 80 }), (text, max) => {
        const tokenizer = tokenizers[encoding];
        const cut = truncateHeadTail(tokenizer, text, max, marker);
        expect(tokenizer.count(cut)).toBeLessThanOrEqual(max);
        if (tokenizer.count(text) <= max) expect(cut).toBe(text);
        else if (cut.includes(marker)) {
          const at = cut.indexOf(marker);
          expect(text.startsWith(cut.slice(0, at))).toBe(true);
          expect(text.endsWith(cut.slice(at + marker.length))).toBe(true);
        } else expect(text.startsWith(cut)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('truncateHeadTail on a long tool result keeps its first and last lines', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i}: status ok, 12 items processed`);
    const cut = truncateHeadTail(tokenizers[encoding], lines.join('\n'), 60, '\n[…]\n');
    expect(cut.startsWith('line 0: status ok')).toBe(true);
    expect(cut.endsWith('line 199: status ok, 12 items processed')).toBe(true);
    expect(cut).toContain('[…]');
  });
});
