import { describe, expect, it } from 'vitest';
import { endingAt, endingPhrases, matchesWords, wordMatcher } from '../../src/cache/word-matcher.js';

describe('wordMatcher', () => {
  const matcher = wordMatcher(['how are you', 'what time', 'hola'], ['sad', 'trist']);

  it.each([
    [['so', 'how', 'are', 'you'], true],
    [['how', 'are', 'they'], false],
    [['what', 'time', 'is', 'it'], true],
    [['hola'], true],
    [['saddest', 'day'], true],
    [['tristeza'], true],
    [['sa', 'd'], false],
    [[], false],
  ])('finds phrases as whole words and stems as word starts: %j → %s', (words, found) => {
    expect(matchesWords(words, matcher)).toBe(found);
  });

  it('refuses an empty stem, which would match every word', () => {
    expect(() => wordMatcher([], ['sad', ''])).toThrow(/stem is empty/);
  });
});

describe('endingAt', () => {
  const endings = endingPhrases(['right now', 'now', 'this week']);

  it.each([
    [['what', 'is', 'on', 'right', 'now'], 3],
    [['anything', 'now'], 1],
    [['plans', 'for', 'this', 'week'], 2],
    [['this', 'weekend'], -1],
    [[], -1],
  ])('says where the ending phrase starts: %j → %i', (words, at) => {
    expect(endingAt(words, endings)).toBe(at);
  });
});
