import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EncodingName, Tokenizer } from '../../src/tokens/tokenizer.js';
import { ENCODINGS } from '../../src/tokens/tokenizer.js';
import { anyStringArb, textArb } from './text-arbitraries.js';
import { loadOracle, loadTokenizers } from './tokenizers.js';

let tokenizers: Record<EncodingName, Tokenizer>;
beforeAll(async () => {
  tokenizers = await loadTokenizers();
});

describe.each(ENCODINGS)('tokenizer %s', (encoding) => {
  let oracle: (text: string) => number[];
  beforeAll(async () => {
    oracle = await loadOracle(encoding);
  });

  it('counts exactly what js-tiktoken counts, on mixed text', () => {
    fc.assert(
      fc.property(fc.oneof(textArb, anyStringArb), (text) => {
        expect(tokenizers[encoding].count(text)).toBe(oracle(text).length);
      }),
      { numRuns: 300 },
    );
  });

  it('counts long single pieces exactly (the inputs js-tiktoken is quadratic on)', () => {
    const random = (length: number, alphabet: string, seed: number): string => {
      let state = seed;
      let text = '';
      for (let i = 0; i < length; i += 1) {
        state = (state * 1103515245 + 12345) % 2147483648;
        text += alphabet[state % alphabet.length];
      }
      return text;
    };
    const inputs = [
      'a'.repeat(2048),
      '='.repeat(2048),
      ' '.repeat(2048),
      '\n'.repeat(1024),
      'é'.repeat(700),
      '😀'.repeat(300),
      random(2048, 'abcdefghijklmnopqrstuvwxyz', 7),
      random(2048, 'abcABC', 11),
      random(1024, '=-+*#!?.,;:/', 13),
      random(1024, ' \t\n', 17),
      `${'x'.repeat(500)} ${'-'.repeat(500)}\n${' '.repeat(300)}y${'😀'.repeat(100)}`,
    ];
    for (const text of inputs) expect(tokenizers[encoding].count(text)).toBe(oracle(text).length);
  });

  it('counts the same from its cache of counted pieces, before and after the cache fills and is cleared', () => {
    const letters = (n: number): string => {
      let word = '';
      for (let rest = n + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) word = String.fromCharCode(97 + ((rest - 1) % 26)) + word;
      return word;
    };
    // More distinct pieces than the cache keeps (4096), then the first ones again.
    const words = Array.from({ length: 6000 }, (_, i) => ` ${letters(i * 7919)}`);
    const first = words.slice(0, 200).join('');
    const whole = words.join('');
    const tokenizer = tokenizers[encoding];
    const firstCount = tokenizer.count(first);
    expect(firstCount).toBe(oracle(first).length);
    expect(tokenizer.count(first)).toBe(firstCount);
    expect(tokenizer.count(whole)).toBe(oracle(whole).length);
    expect(tokenizer.count(first)).toBe(firstCount);
    expect(tokenizer.count(`${first}, déjà vu 😀`)).toBe(oracle(`${first}, déjà vu 😀`).length);
  });

  it('completes on 64 KB of hostile text with a plausible count', () => {
    const hostile = ['a'.repeat(65_536), '='.repeat(65_536), ' '.repeat(65_536), 'aé😀= '.repeat(8_192), `${'b'.repeat(30_000)}${'-'.repeat(30_000)}`];
    for (const text of hostile) {
      const bytes = Buffer.byteLength(text, 'utf8');
      const count = tokenizers[encoding].count(text);
      // No token is longer than 256 bytes and none shorter than one byte.
      expect(count).toBeGreaterThanOrEqual(Math.ceil(bytes / 256));
      expect(count).toBeLessThanOrEqual(bytes);
    }
    expect(tokenizers[encoding].count('a'.repeat(65_536))).toBe(8_192);
  });

  it('treats special-token strings as ordinary text', () => {
    for (const special of ['<|endoftext|>', '<|fim_prefix|>', '<|fim_middle|>', '<|fim_suffix|>', '<|endofprompt|>']) {
      const text = `before ${special} after`;
      const count = tokenizers[encoding].count(text);
      expect(count).toBe(oracle(text).length);
      expect(count).toBeGreaterThan(tokenizers[encoding].count('before  after') + 1);
    }
  });

  it('prices a message as count(role) + count(content) + 4', () => {
    const tokenizer = tokenizers[encoding];
    for (const role of ['system', 'user', 'assistant', 'tool'] as const) {
      expect(tokenizer.messageCost(role, 'Hola, ¿qué tal?')).toBe(tokenizer.count(role) + tokenizer.count('Hola, ¿qué tal?') + 4);
      expect(tokenizer.messageCost(role, '')).toBe(tokenizer.count(role) + 4);
    }
  });

  it('counts the empty string as zero', () => {
    expect(tokenizers[encoding].count('')).toBe(0);
  });
});
