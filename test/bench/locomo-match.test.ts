import { describe, expect, it } from 'vitest';
import { containsAnswer, matchEvidence, normaliseAnswer, preparePromptText } from '../../src/eval/locomo-match.js';

describe('normaliseAnswer (SQuAD)', () => {
  it('lowercases, drops punctuation and articles, collapses spaces', () => {
    expect(normaliseAnswer('The Sunday before 25 May, 2023!')).toBe('sunday before 25 may 2023');
    expect(normaliseAnswer('  An  apple,  a pear\tand THE plum. ')).toBe('apple pear and plum');
    expect(normaliseAnswer("Caroline's")).toBe('caroline s');
  });

  it('keeps accented letters and digits', () => {
    expect(normaliseAnswer('Mañana, a las 10:30 en León')).toBe('mañana las 10 30 en león');
  });

  it('does not remove articles inside words', () => {
    expect(normaliseAnswer('theatre and anathema')).toBe('theatre and anathema');
  });
});

describe('containsAnswer', () => {
  const prompt = preparePromptText(['Melanie ran a charity race on the Sunday before 25 May, 2023.', 'She paints.']);

  it('finds the normalised answer as whole words', () => {
    expect(containsAnswer('the sunday before 25 May 2023', prompt)).toBe(true);
    expect(containsAnswer('Charity race', prompt)).toBe(true);
  });

  it('does not match inside a word, nor an answer that is only punctuation', () => {
    expect(containsAnswer('paint', prompt)).toBe(false);
    expect(containsAnswer('ace', prompt)).toBe(false);
    expect(containsAnswer('?!', prompt)).toBe(false);
  });
});

describe('matchEvidence', () => {
  const prompt = preparePromptText([
    'Summaries: {"topic":"adoption","discussed":["adoption agencies","interview"],"outcome":"passed the interviews"}',
    "Hey Mel!   I passed the adoption\nagency interviews last Friday!",
  ]);

  it('finds a turn verbatim despite different whitespace', () => {
    const match = matchEvidence('Hey Mel! I passed the adoption agency interviews last Friday!', prompt);
    expect(match).toEqual({ verbatim: true, wordShare: 1, fuzzy: true });
  });

  it('counts the share of content words for the fuzzy criterion', () => {
    const paraphrase = matchEvidence('Adoption agency interviews went great, passed last Friday', prompt);
    expect(paraphrase.verbatim).toBe(false);
    // content words: adoption agency interviews went great passed last friday → 6 of 8 present
    expect(paraphrase.wordShare).toBeCloseTo(6 / 8);
    expect(paraphrase.fuzzy).toBe(false);
    expect(matchEvidence('I passed the adoption agency interviews!', prompt).fuzzy).toBe(true);
  });

  it('is not fooled by a turn of stopwords the prompt lacks', () => {
    expect(matchEvidence('Wow, so what?', preparePromptText(['nothing here'])).fuzzy).toBe(false);
  });
});
