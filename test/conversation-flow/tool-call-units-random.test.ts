import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContextResponse, SessionResponse } from '../../src/api/schemas/sessions.js';
import { MemorydApiError } from '../../src/client/memoryd-client.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { daemonPerFile } from '../helpers/test-daemon.js';
import { topicEmbedder } from '../helpers/topic-embedder.js';
import { expectCallsRightBeforeResults, expectMirrorMatchesDisk, expectTogether, liveTurnOf } from './tool-unit-checks.js';

const test = daemonPerFile({ env: { MEMORYD_LOG_LEVEL: 'warn' }, embedder: topicEmbedder() });
let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

// What an assistant may do next. `picks` choose among the calls still waiting for a
// result; `unknown` adds a result of a call never recorded. Topics 0–2: a user message on
// another topic than the last one is a topic shift (the topic embedder gives cosine 0).
const step = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('say' as const), topic: fc.nat(2), picks: fc.array(fc.nat(), { maxLength: 3 }), unknown: fc.nat(5), dryRun: fc.nat(6), tight: fc.nat(8) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('reply' as const), topic: fc.nat(2) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('call' as const), topic: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('result' as const), pick: fc.nat(), unknown: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'end' as const }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

// A result as the model knows it: whether its call was still held when it was recorded.
interface Answer {
  bound: boolean;
}

let sessions = 0;

async function play(steps: readonly Step[]): Promise<void> {
  const sessionId = `random-${(sessions += 1)}`;
  const { client } = test;
  const waiting: string[] = [];
  const answers = new Map<string, Answer>();
  let ids = 0;
  let view: SessionResponse | null = null;
  const held = (id: string): boolean => view !== null && [...view.window.turns, ...view.openSegment.turns].some((turn) => turn.toolCallId === id && turn.role === 'assistant');
  const take = (picks: readonly number[]): string[] => [...new Set(picks.map((pick) => waiting[pick % waiting.length] as string))].filter((id) => id !== undefined);
  const check = (response: ContextResponse, extra: readonly string[]) => expectCallsRightBeforeResults(response, new Set([...answers.keys(), ...extra]), tokenizer);

  for (const [index, each] of steps.entries()) {
    if (each.kind === 'say') {
      const picked = waiting.length === 0 ? [] : take(each.picks);
      const ids_ = each.unknown === 0 ? [...picked, `u${(ids += 1)}`] : picked;
      const toolResults = ids_.map((id) => ({ toolCallId: id, name: 'get_weather', content: `[topic:${each.topic}] ${id}: ${index} °C` }));
      const request = { message: `[topic:${each.topic}] question ${index} about it?`, toolResults, ...(each.tight === 0 ? { budget: 800 } : {}) };
      if (each.dryRun === 0) check(await client.context(sessionId, { ...request, dryRun: true }), ids_);
      check(await client.context(sessionId, request), []);
      for (const id of ids_) answers.set(id, { bound: held(id) });
      waiting.splice(0, waiting.length, ...waiting.filter((id) => !ids_.includes(id)));
    } else if (each.kind === 'reply') {
      await client.recordTurn(sessionId, { role: 'assistant', content: `[topic:${each.topic}] answer ${index}.` });
    } else if (each.kind === 'call') {
      const id = `c${(ids += 1)}`;
      await client.recordTurn(sessionId, { role: 'assistant', content: `[topic:${each.topic}] get_weather(${id})`, toolCallId: id, toolName: 'get_weather' });
      waiting.push(id);
    } else if (each.kind === 'result') {
      const id = each.unknown === 0 || waiting.length === 0 ? `u${(ids += 1)}` : (waiting.splice(each.pick % waiting.length, 1)[0] as string);
      answers.set(id, { bound: held(id) });
      await client.recordTurn(sessionId, { role: 'tool', content: `${id}: ${index} °C`, toolCallId: id, toolName: 'get_weather' });
    } else if (view !== null) {
      await client.endSession(sessionId);
    }
    view = await client.session(sessionId).catch((error: unknown) => {
      if (error instanceof MemorydApiError && error.status === 404) return null;
      throw error;
    });
    if (view === null) continue;
    // A call and the result recorded while it was held stay together: both in the window,
    // both in the open segment, or in one summary (or both gone: archived or purged).
    for (const [id, answer] of answers) {
      if (!answer.bound) continue;
      const live = [...view.window.turns, ...view.openSegment.turns];
      const result = live.find((turn) => turn.toolCallId === id && turn.role === 'tool');
      if (result !== undefined) expectTogether(view, liveTurnOf(view, id, 'assistant'), result.turnNumber);
      else expect(live.filter((turn) => turn.toolCallId === id)).toEqual([]);
    }
    expectMirrorMatchesDisk(test.daemon.daemon, sessionId);
  }
  // Every prompt is checked as it comes; one more reads the session as it ends.
  check(await client.context(sessionId, { message: 'And now?', dryRun: true }), []);
}

describe('tool calls and results in random conversations', () => {
  it('every prompt shows each result right after its call and each answered call right before its result; no pair is split', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 45 }), async (steps) => {
        await play(steps);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
