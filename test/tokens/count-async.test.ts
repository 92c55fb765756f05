import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import { ENCODINGS } from '../../src/tokens/tokenizer.js';

describe.each(ENCODINGS)('countAsync (%s)', (encoding) => {
  it('gives exactly count on any text, short or long', async () => {
    const tokenizer = await createTokenizer(encoding);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 1, max: 40 }), async (text, repeat) => {
        const long = text.repeat(repeat * 20);
        expect(await tokenizer.countAsync(long)).toBe(tokenizer.count(long));
        expect(await tokenizer.messageCostAsync('tool', long)).toBe(tokenizer.messageCost('tool', long));
      }),
      { numRuns: 40 },
    );
  });

  it('lets timers run while it counts one enormous piece (250 KB of spaces)', async () => {
    const tokenizer = await createTokenizer(encoding);
    const text = `x${' '.repeat(250 * 1024)}x`;
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const counted = await tokenizer.countAsync(text);
    clearInterval(timer);
    expect(counted).toBe(tokenizer.count(text));
    expect(ticks).toBeGreaterThan(0);
  });
});
