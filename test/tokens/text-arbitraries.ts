import fc from 'fast-check';

const english = ['the', 'quick', 'brown', 'fox', "don't", "it's", 'memory', 'daemon', 'Hello', 'World', 'token', 'box'];
const spanish = ['canción', 'niño', 'está', 'acción', 'pingüino', 'año', 'corazón', 'Él', 'MÁS', '¿qué?', '¡sí!'];
const cjk = ['東京', 'タワー', '的一是不', '了人我在', '한국어', '中文字符'];
const emoji = ['😀', '🎉', '👍🏽', '🇪🇸', '👨‍👩‍👧', '❤️'];
const code = ['function f(x) { return x + 1; }', 'if (a && b) {', '  }', 'const x = [1, 2, 3];', '// comment', '/usr/bin/env', 'a_b_c', 'camelCaseIdentifierThatIsQuiteLong'];
const special = ['<|endoftext|>', '<|fim_prefix|>', '<|fim_middle|>', '<|fim_suffix|>', '<|endofprompt|>', '<|im_start|>'];
const punctuation = ['.', ',', '!', '?', ':', ';', '/', '//', '=', '==', '---', '"', "'", '(', ')', '…', '—', '\\'];
const whitespace = [' ', '  ', '\t', '\n', '\n\n', '\r\n', '   \n  ', ' \u00a0 ', '\u3000'];

/** One "word" of a text: natural language, code, emoji, special tokens, punctuation or runs. */
export const wordArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...english) },
  { weight: 2, arbitrary: fc.constantFrom(...spanish) },
  { weight: 1, arbitrary: fc.constantFrom(...cjk) },
  { weight: 1, arbitrary: fc.constantFrom(...emoji) },
  { weight: 1, arbitrary: fc.constantFrom(...code) },
  { weight: 1, arbitrary: fc.constantFrom(...special) },
  { weight: 2, arbitrary: fc.constantFrom(...punctuation) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 1_000_000 }).map(String) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', 'z', '=', ' ', '-', 'é', '😀'), fc.integer({ min: 2, max: 300 })).map(([c, n]) => c.repeat(n)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
);

/** Texts of a few words joined by spaces, newlines and other whitespace runs. */
export const textArb: fc.Arbitrary<string> = fc
  .array(fc.tuple(wordArb, fc.oneof({ weight: 5, arbitrary: fc.constant(' ') }, { weight: 2, arbitrary: fc.constantFrom(...whitespace) }, { weight: 1, arbitrary: fc.constant('') })), { minLength: 1, maxLength: 24 })
  .map((parts) => parts.map(([word, gap]) => word + gap).join(''));

/** Like textArb, but never empty after trimming (what toChunk accepts). */
export const chunkableTextArb: fc.Arbitrary<string> = textArb.filter((text) => text.trim() !== '');

/** Arbitrary full-Unicode strings, lone surrogates included. */
export const anyStringArb: fc.Arbitrary<string> = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ maxLength: 40 }));
