import { beforeAll, describe, expect, it } from 'vitest';
import { bm25Prompt, recentTurnsPrompt, type BaselineFrame } from '../../src/eval/locomo-baselines.js';
import { buildBm25 } from '../../src/eval/locomo-bm25.js';
import type { LocomoTurn } from '../../src/eval/locomo-data.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

const turn = (i: number, text: string): LocomoTurn => ({ diaId: `D1:${i}`, session: 1, speaker: i % 2 ? 'A' : 'B', role: i % 2 ? 'user' : 'assistant', text, at: i });
const turns = Array.from({ length: 200 }, (_, i) => turn(i + 1, `turn ${i + 1} about ordinary things like lunch and weather`));
turns[9] = turn(10, 'I adopted a guinea pig named Oscar last spring');

describe('recentTurnsPrompt', () => {
  it('keeps the newest whole turns that fit the budget, in order, costed with RT-007', () => {
    const frame: BaselineFrame = { systemPrompt: 'You are helpful.', question: 'What is my pet called?', budget: 300, tokenizer };
    const prompt = recentTurnsPrompt(turns, frame);
    expect(prompt.contents.at(-1)).toBe(turns.at(-1)?.text);
    expect(prompt.contents).toEqual(turns.slice(-prompt.contents.length).map((t) => t.text));
    const cost =
      tokenizer.messageCost('system', frame.systemPrompt) +
      tokenizer.messageCost('user', frame.question) +
      turns.slice(-prompt.contents.length).reduce((sum, t) => sum + tokenizer.messageCost(t.role, t.text), 0);
    expect(prompt.tokens).toBe(cost);
    expect(prompt.tokens).toBeLessThanOrEqual(300);
    const next = turns[turns.length - prompt.contents.length - 1] as LocomoTurn;
    expect(prompt.tokens + tokenizer.messageCost(next.role, next.text)).toBeGreaterThan(300);
  });
});

describe('bm25Prompt', () => {
  it('puts the turn that shares rare words with the question first in line', () => {
    const frame: BaselineFrame = { systemPrompt: 'You are helpful.', question: 'What is the name of my guinea pig?', budget: 120, tokenizer };
    const prompt = bm25Prompt(turns, buildBm25(turns.map((t) => t.text)), frame);
    expect(prompt.contents).toContain('I adopted a guinea pig named Oscar last spring');
    expect(prompt.tokens).toBeLessThanOrEqual(120);
  });
});
