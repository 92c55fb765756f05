import { describe, expect, it } from 'vitest';
import { AskedQuestions } from '../../src/cache/asked-questions.js';

describe('AskedQuestions', () => {
  it('takes a question never seen as asked when the process started', () => {
    const asked = new AskedQuestions(2);
    asked.note('a', 3);
    expect(asked.askedAt('a')).toBe(3);
    expect(asked.askedAt('never asked')).toBe(0);
  });

  it('takes a question forgotten before later ones as asked when the process started, so a fact change since refuses its answer', () => {
    const asked = new AskedQuestions(1);
    asked.note('early', 0);
    // A fact changes (generation 1), then more questions push 'early' and then 'later' out.
    asked.note('later', 1);
    asked.note('latest', 1);
    expect(asked.askedAt('latest')).toBe(1);
    // Asked at 0, before the change: its answer must not be stored at generation 1.
    expect(asked.askedAt('early')).toBe(0);
    expect(asked.askedAt('later')).toBe(0);
    expect(asked.askedAt('never asked')).toBe(0);
  });

  it('forgets a question once its answer is offered', () => {
    const asked = new AskedQuestions(10);
    asked.note('a', 2);
    asked.note('a', 5);
    expect(asked.askedAt('a')).toBe(2);
    asked.forget('a');
    expect(asked.askedAt('a')).toBe(0);
  });
});
