import { describe, expect, it } from 'vitest';
import { mentionsSecret, secretValueSpans } from '../../src/credentials.js';

// Payment card numbers: 13 to 19 digits that pass the Luhn checksum. The facts tier asks
// whether a text holds one; the summaries ask where every one is. Both read one pattern.
const slices = (text: string): string[] => secretValueSpans(text).map((span) => text.slice(span.start, span.end));

describe('payment card numbers', () => {
  it('are found past a number that fails the Luhn check, and not without one that passes', () => {
    expect(mentionsSecret('my order 1234 5678 9012 3456 was paid with 4111 1111 1111 1111')).toBe(true);
    expect(mentionsSecret('my order 1234 5678 9012 3456 was paid on time')).toBe(false);
  });

  it('are all found where a text holds several, in text order', () => {
    const text = 'Cards 4111 1111 1111 1111 and 5500-0000-0000-0004; order 1234 5678 9012 3456.';
    // Each card twice: as a card number, and as a long run of digits (an account number's shape).
    expect(slices(text)).toEqual(['4111 1111 1111 1111', '4111 1111 1111 1111', '5500-0000-0000-0004', '5500-0000-0000-0004', '1234 5678 9012 3456']);
  });

  it('are found at the start of a text right after a search that stopped at its first card', () => {
    const text = '5500 0000 0000 0004 is the card I use';
    const before = slices(text);
    expect(before).toEqual(['5500 0000 0000 0004', '5500 0000 0000 0004']);
    // Stops at the first card of a longer text: where it stopped must not be where the next search starts.
    expect(mentionsSecret('i paid yesterday with 4111 1111 1111 1111 and again with 4111 1111 1111 1111')).toBe(true);
    expect(slices(text)).toEqual(before);
    expect(mentionsSecret(text)).toBe(true);
  });
});

describe('identifiers', () => {
  it('are no card or account number: the digits of a UUID or of a hex id stay, a number alone is still found', () => {
    // "14-7511-4741-9296" of the first is 14 digits in dash-split groups, and passes the Luhn check.
    const ids = ['99ca7d14-7511-4741-9296-b0655577370d', '550E8400-E29B-41D4-A716-446655440000', 'e3b0c44298fc1c149afbf4c8996fb924', 'marker-f6064829-6180-4319-b5bb-a5216a424326'];
    for (const id of ids) {
      expect(slices(`request ${id} failed`), id).toEqual([]);
      expect(mentionsSecret(`request ${id} failed`), id).toBe(false);
    }
    expect(slices('account 7511-4741-9296 on file')).toEqual(['7511-4741-9296']);
    expect(slices('card 4111-1111-1111-1111.')).toEqual(['4111-1111-1111-1111', '4111-1111-1111-1111']);
    // A card touching letters that make no identifier is still one.
    for (const text of ['VISA4111111111111111', 'ref A-4111111111111111', '4111-1111-1111-1111-exp']) expect(mentionsSecret(text.toLowerCase()), text).toBe(true);
  });
});
