import { describe, expect, it } from 'vitest';
import { AskedQuestions } from '../../src/cache/asked-questions.js';

describe('AskedQuestions', () => {
  it('does not hold a question never seen (the response cache judges it)', () => {
    const asked = new AskedQuestions(2);
    asked.note('a', 3);
    expect(asked.askedAt('a')).toBe(3);
    expect(asked.askedAt('never asked')).toBeUndefined();
  });

  it('forgets the oldest questions first, so a question forgotten is never taken as asked later than it was', () => {
    const asked = new AskedQuestions(1);
    asked.note('early', 0);
    // A fact changes (generation 1), then more questions push 'early' and then 'later' out.
    asked.note('later', 1);
    asked.note('latest', 1);
    expect(asked.askedAt('latest')).toBe(1);
    // Asked at 0, before the change: not held, rather than taken as asked at generation 1.
    expect(asked.askedAt('early')).toBeUndefined();
    expect(asked.askedAt('later')).toBeUndefined();
  });

  it('starts a new asking after an answer was offered, and keeps the generation of the turn that asked for its later answers', () => {
    const asked = new AskedQuestions(10);
    asked.note('a', 2);
    asked.note('a', 5);
    expect(asked.askedAt('a')).toBe(2);
    asked.offered('a', 2, 's1#1');
    expect(asked.askedAt('a')).toBe(2);
    asked.note('a', 5);
    expect(asked.askedAt('a')).toBe(5);
    expect(asked.askedAt('a', 's1#1')).toBe(2);
    expect(asked.askedAt('a', 's2#4')).toBe(5);
    // A generation not known is not kept for the turn.
    asked.offered('b', undefined, 's3#1');
    expect(asked.askedAt('b', 's3#1')).toBeUndefined();
  });
});
