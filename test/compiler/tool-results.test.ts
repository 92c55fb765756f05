import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { fitToolResults, MIN_TOOL_RESULT_TOKENS, planToolResults, shareToolResultTokens } from '../../src/compiler/tool-results.js';
import { omittedResultsText, TOOL_RESULTS_TOKENS } from '../../src/conversation/tool-result-text.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { expectCallsRightBeforeResults } from '../conversation-flow/tool-unit-checks.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { topicEmbedder } from '../helpers/topic-embedder.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

const WORDS = ['flight', 'TP1023', 'MAD', 'LIS', '08:10', '89 EUR', 'rain', '14 °C', '{"ok":true}', 'línea', '🚀', '\n'];
const output = (words: number, seed = 0): string => Array.from({ length: words }, (_, i) => WORDS[(i * 7 + seed) % WORDS.length]).join(' ');

describe('shareToolResultTokens', () => {
  it('lets a short result keep its whole cost and gives what it leaves to the long ones', () => {
    expect(shareToolResultTokens([20, 1000], 300)).toEqual([20, 280]);
    expect(shareToolResultTokens([1000, 20, 1000], 300)).toEqual([140, 20, 140]);
    expect(shareToolResultTokens([], 300)).toEqual([]);
  });

  it('never shares out more than the room, never gives more than a cost, and never less than an even share to a cut result', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 60 }), fc.integer({ min: 0, max: 2000 }), (costs, room) => {
        const shares = shareToolResultTokens(costs, room);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBeLessThanOrEqual(room);
        const even = costs.length === 0 ? 0 : Math.floor(room / costs.length);
        shares.forEach((share, index) => {
          const cost = costs[index] as number;
          expect(share).toBeLessThanOrEqual(cost);
          if (share < cost) expect(share).toBeGreaterThanOrEqual(even);
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('planToolResults', () => {
  it('keeps every result while each can have 40 tokens, else the newest and a marker that counts the others', () => {
    for (let count = 0; count <= 50; count += 1) {
      const plan = planToolResults(tokenizer, count);
      if (count * MIN_TOOL_RESULT_TOKENS <= TOOL_RESULTS_TOKENS) {
        expect(plan).toEqual({ omitted: 0, marker: null, room: TOOL_RESULTS_TOKENS });
        continue;
      }
      expect(plan.omitted).toBeGreaterThan(0);
      expect(plan.marker?.text).toBe(omittedResultsText(plan.omitted));
      // The marker is a tool message after a stand-in call, like every result.
      const markerCost = tokenizer.messageCost('assistant', '') + tokenizer.messageCost('tool', plan.marker?.text ?? '');
      expect(plan.room).toBe(TOOL_RESULTS_TOKENS - markerCost);
      expect((count - plan.omitted) * MIN_TOOL_RESULT_TOKENS).toBeLessThanOrEqual(plan.room);
      expect(count - plan.omitted).toBeGreaterThanOrEqual(5);
    }
    expect(omittedResultsText(1)).toBe('[1 earlier tool result omitted: the tool results of one request share 300 tokens]');
  });
});

describe('fitToolResults', () => {
  it('keeps all the messages of any number of results (up to the 50 a request may carry), a call before each, within 300 tokens, losing none unseen', async () => {
    const result = fc.record({ words: fc.integer({ min: 0, max: 600 }), seed: fc.nat() });
    await fc.assert(
      fc.asyncProperty(fc.array(result, { maxLength: 50 }), async (specs) => {
        const results = specs.map((spec, index) => ({ id: `c${index}`, content: output(spec.words, spec.seed) }));
        const fitted = await fitToolResults(tokenizer, results);
        const messages = [...(fitted.marker === null ? [] : [fitted.marker.text]), ...fitted.kept.map((each) => each.kept.text)];
        // Each kept result, and the marker, may follow a stand-in of its call, an empty assistant message.
        const calls = messages.length * tokenizer.messageCost('assistant', '');
        expect(messages.reduce((sum, text) => sum + tokenizer.messageCost('tool', text), calls)).toBeLessThanOrEqual(TOOL_RESULTS_TOKENS);
        for (const each of fitted.kept) expect(each.kept.tokens).toBe(tokenizer.count(each.kept.text));
        // The newest results keep a turn, in order; the marker counts every other one.
        const omitted = results.length - fitted.kept.length;
        expect(fitted.kept.map((each) => each.result)).toEqual(results.slice(omitted));
        expect(fitted.marker?.text ?? null).toBe(omitted === 0 ? null : omittedResultsText(omitted));
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a short result whole and gives the long one the rest', async () => {
    const fitted = await fitToolResults(tokenizer, [{ content: 'Porto: 14 °C, rain' }, { content: output(2000) }]);
    expect(fitted.kept[0]?.kept.text).toBe('Porto: 14 °C, rain');
    const long = fitted.kept[1]?.kept.text ?? '';
    expect(long).toContain('[…]');
    expect(tokenizer.messageCost('tool', long)).toBeGreaterThan(TOOL_RESULTS_TOKENS - 30);
  });

  it('pauses between results without changing what is kept', async () => {
    const results = Array.from({ length: 9 }, (_, index) => ({ content: output(100 + index * 40, index) }));
    let pauses = 0;
    const paused = await fitToolResults(tokenizer, results, async () => {
      pauses += 1;
    });
    expect(paused).toEqual(await fitToolResults(tokenizer, results));
    expect(pauses).toBeGreaterThan(0);
  });
});

describe('the pending tool results of a prompt', () => {
  let daemon: TestDaemon;
  beforeAll(async () => {
    daemon = await startTestDaemon({ embedder: topicEmbedder() });
  });
  afterAll(() => daemon.stop());

  const rt007 = (response: ContextResponse): number => response.messages.reduce((sum, message) => sum + tokenizer.messageCost(message.role, message.content), 0);
  const results = (count: number, text: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => ({ toolCallId: `c${index + 1}`, name: 'search_flights', content: text(index) }));

  it('cost at most 300 tokens with eight long results (an even share with a 40-token floor made 320)', async () => {
    const chat = conversation(daemon.client, 'eight-results');
    await chat.say('[topic:5] Compare the fares for every route, please.');
    await chat.reply('[topic:5] I will look them all up.', { outputValid: true });
    const response = await chat.say('[topic:5] Which one is cheapest?', { toolResults: results(8, (index) => `[topic:5] route ${index + 1}: ${output(300, index)}`) });
    const section = response.layout.sections.find((each) => each.id === 'tool-results');
    expect(section?.base).toBeLessThanOrEqual(TOOL_RESULTS_TOKENS);
    const tools = response.messages.filter((message) => message.role === 'tool');
    expect(tools[0]?.content).toMatch(/^\[\d+ earlier tool results? omitted/);
    expect(tools.at(-1)).toMatchObject({ toolCallId: 'c8' });
    expect(response.tokens).toBe(rt007(response));
  });

  it('never push the message they came with out of the window, however many there are', async () => {
    const chat = conversation(daemon.client, 'results-keep-message');
    await chat.say('[c:0.5] Find me a flight to Lisbon on Friday.');
    await chat.reply('[c:0.5] Searching every airline now.', { outputValid: true });
    const question = '[c:0.5] Which of these leaves after noon?';
    // Six results (turns 3 to 8, recorded before it) fill the window of six by themselves:
    // the question (turn 9) stays with them.
    const response = await chat.say(question, { toolResults: results(6, (index) => `[c:0.5] flight ${index + 1}: ${output(20, index)}`) });
    expect(response.turn.summariesCreated).toBe(0);
    expect(response.turn.turnNumber).toBe(9);
    const view = await chat.view();
    expect(view.window.turns.map((turn: { turnNumber: number }) => turn.turnNumber)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(view.summaries.active).toEqual([]);
    expect(view.window.turns.find((turn: { turnNumber: number; content: string }) => turn.turnNumber === 9)?.content).toBe(question);
  });

  it('show the newest of 50 results and one marker that counts the others, instead of losing them at the window edge', async () => {
    const chat = conversation(daemon.client, 'fifty-results');
    await chat.say('Compare the fares for every route, please.');
    await chat.reply('I will look them all up.', { outputValid: true });
    const response = await chat.say('Which one is cheapest?', { toolResults: results(50, (index) => `route ${index + 1}: ${output(150, index)}`), budget: 1500 });
    const section = response.layout.sections.find((each) => each.id === 'tool-results');
    expect(section?.base).toBeLessThanOrEqual(TOOL_RESULTS_TOKENS);
    expect(section?.final).toBe(section?.base);
    const tools = response.messages.filter((message) => message.role === 'tool');
    const marker = /^\[(\d+) earlier tool results omitted/.exec(tools[0]?.content ?? '');
    expect(marker).not.toBeNull();
    expect(Number(marker?.[1]) + tools.length - 1).toBe(50);
    expect(tools.at(-1)).toMatchObject({ toolCallId: 'c50', name: 'search_flights' });
    expect(response.tokens).toBe(rt007(response));
    // The marker is a tool message too: it follows a stand-in call, as every result does.
    expectCallsRightBeforeResults(response, new Set(), tokenizer);
  });

  it('give a result recorded without an id a call to follow, under an id of its own, the same in every prompt', async () => {
    const chat = conversation(daemon.client, 'id-less-result');
    await chat.say('What is the weather in Porto?');
    await daemon.client.recordTurn('id-less-result', { role: 'tool', content: 'Porto: 14 °C, rain' });
    const response = await chat.say('Should I take an umbrella?');
    expectCallsRightBeforeResults(response, new Set(), tokenizer);
    const result = response.messages.find((message) => message.role === 'tool');
    expect(result).toMatchObject({ content: 'Porto: 14 °C, rain', toolCallId: 'memoryd#2' });
    expect((await chat.say('And tomorrow?', { dryRun: true })).messages.find((message) => message.role === 'tool')).toEqual(result);
  });
});
