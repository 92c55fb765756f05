import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOMAIN_LEXICON } from '../../src/domains/domain-lexicon.js';
import { DOMAINS, type Domain } from '../../src/domains/domain.js';
import { foldedWords } from '../../src/domains/fold-text.js';
import { buildLexiconIndex, scoreWords, type LexiconIndex } from '../../src/domains/lexicon-index.js';

// The scoring spelled out with no shortcut: every term of the lexicon tried at every word.
function referenceScores(words: readonly string[]): Record<Domain, number> {
  const scores: Record<Domain, number> = { work: 0, preferences: 0, decisions: 0, personal: 0, projects: 0 };
  for (const domain of DOMAINS) {
    for (const [weight, terms] of Object.entries(DOMAIN_LEXICON[domain])) {
      for (const raw of terms) {
        const stem = raw.endsWith('*');
        const termWords = foldedWords(raw);
        const found = words.some((_, start) =>
          termWords.every((expected, i) => {
            const actual = words[start + i];
            if (actual === undefined) return false;
            return stem && i === termWords.length - 1 ? actual.startsWith(expected) : actual === expected;
          }),
        );
        if (found && termWords.length > 0) scores[domain] += Number(weight);
      }
    }
  }
  return scores;
}

const lexiconWords = DOMAINS.flatMap((domain) => Object.values(DOMAIN_LEXICON[domain]).flat()).flatMap((term) => foldedWords(term.replace('*', '')));

describe('scoreWords', () => {
  it('scores what every term tried at every word scores, also for words whose stems it has looked up before', () => {
    const index: LexiconIndex = buildLexiconIndex(DOMAIN_LEXICON);
    const word = fc.oneof(
      fc.constantFrom(...lexiconWords),
      fc.constantFrom(...lexiconWords).map((each) => `${each}s`),
      fc.constantFrom(...lexiconWords).map((each) => each.slice(0, Math.max(1, each.length - 1))),
      fc.stringMatching(/^[a-z]{1,12}$/),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), (words) => {
        const expected = referenceScores(words);
        const first = scoreWords(index, words);
        const again = scoreWords(index, words);
        for (const domain of DOMAINS) {
          expect(first[domain]).toBeCloseTo(expected[domain], 9);
          expect(again[domain]).toBe(first[domain]);
        }
      }),
      { numRuns: 400 },
    );
  });
});
