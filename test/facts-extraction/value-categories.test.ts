import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANSWER_STYLES, answerStyle, CATEGORIES, valueCategory } from '../../src/facts/extraction/value-categories.js';

type Table = ReadonlyArray<[string, readonly string[]]>;

// The search as it was written before the tables became one pattern each: every term on
// its own, the leftmost match winning, the table's order breaking ties.
function termByTerm(table: Table, folded: string): string | null {
  let best: [number, string] | null = null;
  for (const [category, terms] of table) {
    for (const term of terms) {
      const escaped = term.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
      const at = new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}+#])`, 'u').exec(folded);
      if (at && (best === null || at.index < best[0])) best = [at.index, category];
    }
  }
  return best === null ? null : best[1];
}

const allTerms = (table: Table): string[] => table.flatMap(([, terms]) => [...terms]);
// Pieces that make terms touch, overlap, extend or break one another.
const pieces = (table: Table) =>
  fc.constantFrom(...allTerms(table), ...allTerms(table).map((term) => term.slice(0, -1)), 's', 'x', '1', 'code', 'text', 'my', 'el', 'te', '+', '#', '-', ' ', ', ', '.', 'é');
const texts = (table: Table) => fc.array(pieces(table), { maxLength: 8 }).chain((parts) => fc.constantFrom(parts.join(' '), parts.join(''), parts.join('-')));

describe('value categories', () => {
  it('finds the category of the leftmost term, ties going to the table order, as the term-by-term search did', () => {
    fc.assert(
      fc.property(texts(CATEGORIES), (text) => {
        expect(valueCategory(text), text).toBe(termByTerm(CATEGORIES, text));
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(texts(ANSWER_STYLES), (text) => {
        expect(answerStyle(text), text).toBe(termByTerm(ANSWER_STYLES, text));
      }),
      { numRuns: 1000 },
    );
  });

  it('reads terms on word boundaries only', () => {
    expect(valueCategory('i prefer tabs over spaces')).toBe('indentation');
    expect(valueCategory('vim, then helix')).toBe('editor');
    expect(valueCategory('javascripty things')).toBeNull();
    expect(valueCategory('c++ or rust')).toBe('programming language');
    expect(valueCategory('c+++')).toBeNull();
    expect(answerStyle('concise answers')).toBe('length');
    expect(answerStyle('a long commute')).toBe('length');
    expect(answerStyle('nothing here')).toBeNull();
  });
});
