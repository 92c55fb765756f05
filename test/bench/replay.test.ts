import { describe, expect, it } from 'vitest';
import { reachedConversations, replaySteps, type ReplayStep } from '../../src/bench/replay.js';
import { parseLocomo } from '../../src/eval/locomo-data.js';

const conversation = (name: string, a: string, b: string) =>
  parseLocomo(
    {
      speaker_a: a,
      speaker_b: b,
      session_1_date_time: '1:56 pm on 1 May, 2023',
      session_1: [
        { speaker: a, dia_id: 'D1:1', text: `${name}: hello` },
        { speaker: b, dia_id: 'D1:2', text: `${name}: hi` },
      ],
      qa: [],
    },
    name,
  );

function first(steps: Iterable<ReplayStep>, count: number): ReplayStep[] {
  const taken: ReplayStep[] = [];
  for (const step of steps) {
    if (taken.length === count) break;
    taken.push(step);
  }
  return taken;
}

describe('the benchmark replay', () => {
  it('replays the LoCoMo conversations one after another, in the order given, then the synthetic chat', () => {
    const steps = first(replaySteps([conversation('conv-1', 'Ana', 'Bo'), conversation('conv-2', 'Cy', 'Di')], 42), 6);
    expect(steps.slice(0, 4).map((step) => [step.kind, step.text, step.source])).toEqual([
      ['user', 'conv-1: hello', 'locomo'],
      ['assistant', 'conv-1: hi', 'locomo'],
      ['user', 'conv-2: hello', 'locomo'],
      ['assistant', 'conv-2: hi', 'locomo'],
    ]);
    expect(steps.slice(4).map((step) => [step.kind, step.source])).toEqual([
      ['user', 'synthetic'],
      ['assistant', 'synthetic'],
    ]);
    // Without LoCoMo the same synthetic chat starts at once.
    expect(first(replaySteps([], 42), 2)).toEqual(steps.slice(4));
  });

  it('names only the conversations whose turns a replay of so many LoCoMo user turns reached', () => {
    const conversations = [conversation('conv-1', 'Ana', 'Bo'), conversation('conv-2', 'Cy', 'Di'), conversation('conv-3', 'Ed', 'Flo')];
    expect(reachedConversations(conversations, 0)).toEqual([]);
    expect(reachedConversations(conversations, 1)).toEqual(['conv-1']);
    expect(reachedConversations(conversations, 2)).toEqual(['conv-1', 'conv-2']);
    expect(reachedConversations(conversations, 3)).toEqual(['conv-1', 'conv-2', 'conv-3']);
  });
});
