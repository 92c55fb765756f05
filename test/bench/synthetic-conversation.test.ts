import { describe, expect, it } from 'vitest';
import { syntheticConversation, type SyntheticExchange } from '../../src/bench/synthetic-conversation.js';

function take(seed: number, n: number): SyntheticExchange[] {
  const generator = syntheticConversation({ seed });
  return Array.from({ length: n }, () => generator.next().value);
}

const words = (text: string): number => text.split(/\s+/).filter((w) => w !== '').length;

describe('syntheticConversation', () => {
  it('yields the same exchanges for the same seed', () => {
    expect(take(42, 2000)).toEqual(take(42, 2000));
  });

  it('yields different exchanges for different seeds', () => {
    const a = take(1, 50).map((e) => e.user);
    const b = take(2, 50).map((e) => e.user);
    expect(a).not.toEqual(b);
  });

  it('numbers the exchanges from 1 and keeps every message within 5–80 words', () => {
    const exchanges = take(7, 3000);
    expect(exchanges.map((e) => e.index)).toEqual(exchanges.map((_, i) => i + 1));
    for (const e of exchanges) {
      expect(words(e.user)).toBeGreaterThanOrEqual(5);
      expect(words(e.user)).toBeLessThanOrEqual(80);
      expect(words(e.assistant)).toBeGreaterThanOrEqual(5);
      expect(words(e.assistant)).toBeLessThanOrEqual(80);
    }
  });

  it('mixes topics, Spanish, facts to remember and tool results', () => {
    const exchanges = take(7, 3000);
    const topics = new Set(exchanges.map((e) => e.topic));
    const spanish = exchanges.filter((e) => e.language === 'es').length / exchanges.length;
    expect(topics.size).toBeGreaterThanOrEqual(6);
    expect(spanish).toBeGreaterThan(0.03);
    expect(spanish).toBeLessThan(0.5);
    const facts = exchanges.filter((e) => e.kind === 'fact');
    expect(facts.length).toBeGreaterThan(10);
    expect(facts.every((e) => /^(remember|please remember|from now on|recordá|recuerda)/i.test(e.user))).toBe(true);
    const tools = exchanges.filter((e) => e.toolResult !== null);
    expect(tools.length).toBeGreaterThan(30);
    expect(tools.every((e) => e.kind === 'tool' && e.toolResult?.toolCallId === `call_${e.index}`)).toBe(true);
  });

  it('switches topic every 15–51 exchanges', () => {
    const exchanges = take(3, 3000);
    const runs: number[] = [];
    let run = 1;
    for (let i = 1; i < exchanges.length; i++) {
      if (exchanges[i]?.topic === exchanges[i - 1]?.topic) run++;
      else (runs.push(run), (run = 1));
    }
    expect(runs.length).toBeGreaterThan(40);
    // After the first, a run is the shift exchange plus 15–50 more on the new topic.
    for (const length of runs.slice(1)) {
      expect(length).toBeGreaterThanOrEqual(16);
      expect(length).toBeLessThanOrEqual(51);
    }
  });
});
