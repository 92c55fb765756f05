import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/errors.js';
import { joinChunks, toChunk } from '../../src/tokens/chunks.js';
import type { EncodingName, MessageRole, Tokenizer } from '../../src/tokens/tokenizer.js';
import { ENCODINGS } from '../../src/tokens/tokenizer.js';
import { chunkableTextArb } from './text-arbitraries.js';
import { loadTokenizers } from './tokenizers.js';

let tokenizers: Record<EncodingName, Tokenizer>;
beforeAll(async () => {
  tokenizers = await loadTokenizers();
});

const roleArb = fc.constantFrom<MessageRole>('system', 'user', 'assistant', 'tool');

describe.each(ENCODINGS)('chunk additivity with %s', (encoding) => {
  it('count(join(chunks)) === Σ count(chunk) and the message cost adds up', () => {
    fc.assert(
      fc.property(fc.array(chunkableTextArb, { minLength: 1, maxLength: 12 }), roleArb, (texts, role) => {
        const tokenizer = tokenizers[encoding];
        const chunks = texts.map(toChunk);
        const sum = chunks.reduce((total, chunk) => total + tokenizer.count(chunk), 0);
        expect(tokenizer.count(joinChunks(chunks))).toBe(sum);
        expect(tokenizer.messageCost(role, joinChunks(chunks))).toBe(tokenizer.count(role) + 4 + sum);
      }),
      { numRuns: 500 },
    );
  });

  it('holds on the boundaries that break naive joins', () => {
    const tokenizer = tokenizers[encoding];
    const awkward = ['end.', '/path/to/file', '//comment', '...', "'s own", ' \n  leading ws', 'x', '<|endoftext|>', '😀', '\u0301accent first', '```', 'a'.repeat(300), '='.repeat(100)];
    for (const a of awkward) {
      for (const b of awkward) {
        const chunks = [toChunk(a), toChunk(b)];
        expect(tokenizer.count(joinChunks(chunks))).toBe(tokenizer.count(chunks[0] ?? '') + tokenizer.count(chunks[1] ?? ''));
      }
    }
  });
});

describe('toChunk', () => {
  it('normalises to NFC, trims, and ends with exactly one newline', () => {
    expect(toChunk('  cafe\u0301  \n\n')).toBe('café\n');
    expect(toChunk('line one\nline two')).toBe('line one\nline two\n');
  });

  it('puts a space before a leading slash', () => {
    expect(toChunk('/usr/bin')).toBe(' /usr/bin\n');
  });

  it('needs that space: o200k merges "\\n/" after punctuation into one piece', () => {
    const o200k = tokenizers.o200k_base;
    // Without the space the joined prompt can count MORE than the sum (7 vs 6 here).
    expect(o200k.count('done!\n/usr/bin/env\n')).toBeGreaterThan(o200k.count('done!\n') + o200k.count('/usr/bin/env\n'));
    expect(o200k.count('end.\n//c\n')).not.toBe(o200k.count('end.\n') + o200k.count('//c\n'));
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(chunkableTextArb, (text) => {
        expect(toChunk(toChunk(text))).toBe(toChunk(text));
      }),
    );
  });

  it('rejects text that is empty after trimming', () => {
    for (const empty of ['', '   ', '\n\t ']) {
      let caught: unknown;
      try {
        toChunk(empty);
      } catch (error) {
        caught = error;
      }
      expect(isAppError(caught) && caught.code === 'INVALID_REQUEST').toBe(true);
    }
  });
});
