import { describe, expect, it } from 'vitest';
import { FIRST_PERSON } from '../../src/cache/dedup-lexicon.js';
import { QUESTION_AUXILIARIES, QUESTION_WORDS } from '../../src/cache/policy-lexicon.js';
import { ASKING_WORDS, ELLIPTICAL_AUXILIARIES, FIRST_PERSON_PLURAL, OPEN_QUESTION_WORDS, USER_WORDS } from '../../src/cache/reference-lexicon.js';

// The lists of what a question names are read off the policy's and the guards' lists, so
// a word added to one (a question word, a person, an auxiliary) counts everywhere.
const sorted = (words: Iterable<string>): string[] => [...words].sort();

describe('reference lexicon: derived from the question words, persons and auxiliaries', () => {
  it('asks with every question word but those that ask anything ("what", "qué")', () => {
    expect(sorted([...ASKING_WORDS, ...OPEN_QUESTION_WORDS])).toEqual(sorted(QUESTION_WORDS));
    expect(OPEN_QUESTION_WORDS.filter((word) => ASKING_WORDS.has(word))).toEqual([]);
    expect(OPEN_QUESTION_WORDS.every((word) => QUESTION_WORDS.has(word))).toBe(true);
  });

  it('counts as the user every first person but the plural ("we" are the user and the assistant)', () => {
    expect(sorted([...USER_WORDS, ...FIRST_PERSON_PLURAL])).toEqual(sorted(FIRST_PERSON));
    expect(FIRST_PERSON_PLURAL.filter((word) => USER_WORDS.has(word))).toEqual([]);
    expect([...USER_WORDS].filter((word) => ['i', 'my', 'mi', 'yo', 'conmigo'].includes(word))).toHaveLength(5);
  });

  it('ends an elliptical question with every auxiliary that opens one but the forms of "be"', () => {
    const be = ['is', 'are', 'was', 'were', 'am', 'isnt', 'arent', 'wasnt'];
    expect([...QUESTION_AUXILIARIES].filter((word) => !be.includes(word) && !ELLIPTICAL_AUXILIARIES.has(word))).toEqual([]);
    expect(be.filter((word) => ELLIPTICAL_AUXILIARIES.has(word))).toEqual([]);
  });
});
