import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { DAY_MS } from '../../src/clock.js';
import { chooseSummaries } from '../../src/compiler/prompt-summaries.js';
import { toChunk } from '../../src/tokens/chunks.js';
import { seedSummaries, summaryTopics } from '../helpers/archived-summaries.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

const LIMITS = { count: 4, tokens: 200 };

describe('chooseSummaries', () => {
  const row = (id: string, tokenCount = 20, body = `summary ${id}`) => ({ id, tokenCount, body });
  const active = ['a1', 'a2', 'a3', 'a4'].map((id) => row(id)); // oldest first

  it('gives the places to the retrieved summaries first, then to the newest active ones', () => {
    expect(chooseSummaries([row('r1'), row('r2')], active, LIMITS).map((each) => each.id)).toEqual(['r1', 'r2', 'a4', 'a3']);
    expect(chooseSummaries([row('r1'), row('r2'), row('r3'), row('r4')], active, LIMITS).map((each) => each.id)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(chooseSummaries([], active, LIMITS).map((each) => each.id)).toEqual(['a4', 'a3', 'a2', 'a1']);
  });

  it('skips a summary that would pass the token total and tries the next', () => {
    const chosen = chooseSummaries([row('r1', 90), row('r2', 90)], [row('a1', 10), row('a2', 30)], LIMITS);
    expect(chosen.map((each) => each.id)).toEqual(['r1', 'r2', 'a1']);
  });

  it('shows two summaries that read the same once, and gives the place to the next', () => {
    const same = '{"topic":"deployment","outcome":"Kubernetes, three replicas"}';
    const chosen = chooseSummaries([row('r1', 20, same)], [row('a1'), row('a2', 20, same), row('a3', 20, same), row('a4')], LIMITS);
    expect(chosen.map((each) => each.id)).toEqual(['r1', 'a4', 'a1']);
  });

  it('never holds more than the places or the tokens, nor a summary twice, whatever it is given', () => {
    const summary = fc.record({
      id: fc.constantFrom('s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'),
      tokenCount: fc.integer({ min: 0, max: 80 }),
      body: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    });
    fc.assert(
      fc.property(fc.array(summary, { maxLength: 8 }), fc.array(summary, { maxLength: 8 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 300 }), (retrieved, held, count, tokens) => {
        const chosen = chooseSummaries(retrieved, held, { count, tokens });
        expect(chosen.length).toBeLessThanOrEqual(count);
        expect(chosen.reduce((sum, each) => sum + each.tokenCount, 0)).toBeLessThanOrEqual(tokens);
        expect(new Set(chosen.map((each) => each.id)).size).toBe(chosen.length);
        expect(new Set(chosen.map((each) => each.body)).size).toBe(chosen.length);
        // The same input, the same choice.
        expect(chooseSummaries(retrieved, held, { count, tokens })).toEqual(chosen);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the summaries of a prompt that asks about the past', () => {
  let daemon: TestDaemon;
  beforeAll(async () => {
    daemon = await startTestDaemon();
  });
  afterAll(() => daemon.stop());

  const summarise = (sessionId: string, summaries: ReadonlyArray<{ topic: string; at: number }>): void => seedSummaries(daemon, sessionId, summaries);

  const now = () => daemon.clock.now();

  it('holds the four best-matching archived summaries and none of the active ones, never eight', async () => {
    summarise('deploy', [
      ...[1, 2, 3, 4, 5, 6].map((i) => ({ topic: `deployment plan ${i}`, at: now() - 3 * DAY_MS + i })),
      ...[1, 2, 3, 4].map((i) => ({ topic: `garden bed ${i}`, at: now() - DAY_MS / 2 + i })),
    ]);
    const chat = conversation(daemon.client, 'deploy');
    const asked = await chat.say('What did we decide about the deployment?', { dryRun: true });
    // Equal scores go to the newer summaries; rendered oldest first.
    expect(summaryTopics(asked)).toEqual(['deployment plan 3', 'deployment plan 4', 'deployment plan 5', 'deployment plan 6']);
    expect(asked.layout.sections.find((section) => section.id === 'summaries')?.itemsKept).toBe(4);
    const plain = await chat.say('Which seeds should I sow now?', { dryRun: true });
    expect(summaryTopics(plain)).toEqual(['garden bed 1', 'garden bed 2', 'garden bed 3', 'garden bed 4']);
  });

  it('fills the places the retrieved summaries leave with the newest active ones', async () => {
    summarise('yesterday', [
      { topic: 'old thing 1', at: now() - 5 * DAY_MS },
      { topic: 'old thing 2', at: now() - 5 * DAY_MS + 1 },
      { topic: 'kayak rental', at: now() - DAY_MS },
      { topic: 'ferry times', at: now() - DAY_MS + 1 },
      ...[1, 2, 3, 4].map((i) => ({ topic: `today item ${i}`, at: now() - 60_000 + i })),
    ]);
    const asked = await conversation(daemon.client, 'yesterday').say('What did we talk about yesterday?', { dryRun: true });
    // The active ones oldest first, then the recalled ones, the closest match last (equal scores: the newer).
    expect(summaryTopics(asked)).toEqual(['today item 3', 'today item 4', 'kayak rental', 'ferry times']);
  });

  it('keeps the summary the message asks about when a tight budget leaves room for one', async () => {
    summarise('tight', [
      { topic: 'kayak rental', at: now() - DAY_MS },
      ...[1, 2, 3, 4].map((i) => ({ topic: `today item ${i}`, at: now() - 60_000 + i })),
    ]);
    const chat = conversation(daemon.client, 'tight');
    const question = 'What did we decide about the kayak rental yesterday?';
    const roomy = await chat.say(question, { dryRun: true });
    expect(summaryTopics(roomy)).toEqual(['today item 2', 'today item 3', 'today item 4', 'kayak rental']);
    // A budget that leaves the summaries section room for one of its four (all read alike in size).
    const { tokenizer } = daemon.daemon.services.recorder;
    const size = (topic: string) => tokenizer.count(toChunk(JSON.stringify({ topic, outcome: `settled ${topic}` })));
    const others = ['today item 2', 'today item 3', 'today item 4'].reduce((sum, topic) => sum + size(topic), 0);
    const tight = await chat.say(question, { dryRun: true, budget: roomy.tokens - others });
    expect(summaryTopics(tight)).toEqual(['kayak rental']);
    const section = (response: ContextResponse, id: string) => response.layout.sections.find((each) => each.id === id);
    expect(section(tight, 'summaries')?.itemsRemoved).toBe(3);
    // The summaries paid for the budget alone.
    expect(section(tight, 'user')?.final).toBe(section(roomy, 'user')?.final);
    expect(tight.tokens).toBeLessThanOrEqual(roomy.tokens - others);
  });
});
