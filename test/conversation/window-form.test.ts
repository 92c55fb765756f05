import { beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_ELISION_MARKER, windowForm, windowFormLimit } from '../../src/conversation/window-form.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

const steps = (count: number): string => Array.from({ length: count }, (_, i) => `Step ${i + 1}: set option ${i + 1} of the upstream block, then reload nginx.`).join('\n');

function turnOf(role: 'user' | 'assistant' | 'tool', content: string, toolCallId: string | null = null) {
  return { role, content, toolCallId, tokenCount: tokenizer.messageCost(role, content) };
}

describe('windowForm', () => {
  it('is half the window cap', () => {
    expect(windowFormLimit(1200)).toBe(600);
    expect(windowFormLimit(301)).toBe(150);
  });

  it('leaves a turn whole up to half the cap', () => {
    const text = steps(30);
    const turn = turnOf('assistant', text);
    expect(turn.tokenCount).toBeLessThanOrEqual(600);
    expect(windowForm(tokenizer, turn, 1200)).toBeNull();
    // The same text over half a smaller cap is clipped.
    expect(windowForm(tokenizer, turn, 2 * turn.tokenCount - 2)).not.toBeNull();
  });

  it('keeps the head and the tail of a longer answer around a marker, its message costing exactly what it says and at most half the cap', () => {
    const turn = turnOf('assistant', steps(200));
    const form = windowForm(tokenizer, turn, 1200);
    expect(form).not.toBeNull();
    const { text, tokens } = form!;
    expect(tokens).toBe(tokenizer.messageCost('assistant', text));
    expect(tokens).toBeLessThanOrEqual(600);
    // Nearly all of the room is used.
    expect(tokens).toBeGreaterThan(560);
    expect(text.startsWith('Step 1: set option 1 ')).toBe(true);
    expect(text.endsWith('Step 200: set option 200 of the upstream block, then reload nginx.')).toBe(true);
    expect(text).toContain(WINDOW_ELISION_MARKER);
    expect(text).not.toContain('Step 100:');
    // A pure function of the turn: the same form every time.
    expect(windowForm(tokenizer, turn, 1200)).toEqual(form);
  });

  it('clips a long user message too, to half of the configured cap', () => {
    const turn = turnOf('user', steps(60));
    const form = windowForm(tokenizer, turn, 400);
    expect(form!.tokens).toBeLessThanOrEqual(200);
    expect(form!.tokens).toBe(tokenizer.messageCost('user', form!.text));
    expect(form!.text).toContain(WINDOW_ELISION_MARKER);
  });

  it('bounds what it tokenizes: a 200 KB answer, or one of a single repeated letter, still fits', () => {
    for (const content of [steps(3000), 'a'.repeat(60_000)]) {
      const turn = turnOf('assistant', content);
      const form = windowForm(tokenizer, turn, 1200);
      expect(form!.tokens).toBeLessThanOrEqual(600);
      expect(form!.tokens).toBe(tokenizer.messageCost('assistant', form!.text));
      expect(form!.text.length).toBeLessThan(content.length / 4);
    }
  });

  it('holds the marker once, when one end of the text is sparse in tokens and the other dense', () => {
    const sparseThenDense = `Intro line.\n${'-'.repeat(40_000)}\nmiddle\n${'数据库迁移计划已经完成。'.repeat(2000)}`;
    const denseThenSparse = `${'数据库迁移计划已经完成。'.repeat(2000)}${' '.repeat(40_000)}The end.`;
    for (const content of [sparseThenDense, denseThenSparse]) {
      const form = windowForm(tokenizer, turnOf('assistant', content), 1200);
      expect(form!.text.split(WINDOW_ELISION_MARKER)).toHaveLength(2);
      expect(form!.tokens).toBeLessThanOrEqual(600);
      expect(form!.tokens).toBe(tokenizer.messageCost('assistant', form!.text));
    }
    expect(windowForm(tokenizer, turnOf('assistant', sparseThenDense), 1200)!.text.startsWith('Intro line.')).toBe(true);
    expect(windowForm(tokenizer, turnOf('assistant', denseThenSparse), 1200)!.text.endsWith('The end.')).toBe(true);
  });

  it('never clips a tool result or a tool call: a call and its results are one unit, kept whole', () => {
    expect(windowForm(tokenizer, turnOf('tool', steps(200), 'c1'), 1200)).toBeNull();
    expect(windowForm(tokenizer, turnOf('assistant', steps(200), 'c1'), 1200)).toBeNull();
  });

  it('leaves whole a text of which no head and tail fit (only whitespace)', () => {
    const turn = { role: 'assistant' as const, content: '\n'.repeat(5000), toolCallId: null, tokenCount: 700 };
    expect(windowForm(tokenizer, turn, 1200)).toBeNull();
  });
});
