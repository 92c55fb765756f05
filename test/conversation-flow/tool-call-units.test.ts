import { beforeAll, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { topicEmbedder } from '../helpers/topic-embedder.js';
import { expectCallsRightBeforeResults, expectMirrorMatchesDisk, expectTogether, liveTurnOf, placesOf, roles } from './tool-unit-checks.js';

const defer = cleanupAfterEach();
let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

async function daemon(options: Parameters<typeof startTestDaemon>[0] = {}): Promise<TestDaemon> {
  const started = await startTestDaemon({ env: { MEMORYD_LOG_LEVEL: 'warn' }, ...options });
  defer(() => started.stop());
  return started;
}

// The calls an assistant makes, through the typed client.
function chatOn(test: TestDaemon, sessionId: string) {
  const { client } = test;
  return {
    say: (message: string, extra: { toolResults?: Array<{ toolCallId: string; name: string; content: string }>; dryRun?: boolean } = {}) =>
      client.context(sessionId, { message, ...extra }),
    reply: async (content: string) => (await client.recordTurn(sessionId, { role: 'assistant', content })).turn.turnNumber,
    call: async (toolCallId: string, content = `[c:0.5] get_weather(${toolCallId})`) =>
      (await client.recordTurn(sessionId, { role: 'assistant', content, toolCallId, toolName: 'get_weather' })).turn.turnNumber,
    result: async (toolCallId: string, content: string) => (await client.recordTurn(sessionId, { role: 'tool', content, toolCallId, toolName: 'get_weather' })).turn.turnNumber,
    view: () => client.session(sessionId),
  };
}

const weather = (toolCallId: string, content = 'Paris: 18C, sunny') => ({ toolCallId, name: 'get_weather', content });

describe('a tool call and its result in the prompt', () => {
  it('the tester’s sequence: a result sent with the next message never shows without its call, and is summarised with it', async () => {
    // The default hashing embedder, as the daemon the tester started: "And?" is a topic shift.
    const test = await daemon();
    const chat = chatOn(test, 'S');
    const prompts: ContextResponse[] = [];
    prompts.push(await chat.say('What is the weather in Paris?'));
    const call = await chat.call('w1', 'get_weather(...)');
    prompts.push(await chat.say('And?', { toolResults: [weather('w1')] }));
    const view = await chat.view();
    await chat.reply('It is 18C and sunny in Paris.');
    prompts.push(await chat.say('Tell me more about it 0'));
    await chat.reply('It stays sunny all week.');
    prompts.push(await chat.say('Tell me more about it 1'));
    for (const prompt of prompts) expectCallsRightBeforeResults(prompt, new Set(['w1']), tokenizer);
    expect(roles(prompts[1]?.messages ?? [])).toEqual(['user', 'assistant:w1', 'tool:w1', 'user']);
    // The result is recorded right after its call, before the message it came with.
    expect([liveTurnOf(view, 'w1', 'assistant'), liveTurnOf(view, 'w1', 'tool'), prompts[1]?.turn.turnNumber]).toEqual([call, call + 1, call + 2]);
    expectTogether(await chat.view(), call, call + 1);
    expectMirrorMatchesDisk(test.daemon, 'S');
  });

  it('moves a call that other turns followed up to its result, from the window or the open segment, with the next message or as a turn', async () => {
    const test = await daemon({ embedder: topicEmbedder() });
    for (const [place, exchanges] of [['window', 1], ['segment', 3]] as const) {
      for (const via of ['context', 'turns'] as const) {
        const sessionId = `${place}-${via}`;
        const chat = chatOn(test, sessionId);
        await chat.say('[c:0.5] Find me the weather in Lisbon.');
        const call = await chat.call('f1');
        for (let i = 0; i < exchanges; i += 1) {
          await chat.say(`[c:0.5] While it runs, question ${i} about the hotel?`);
          await chat.reply(`[c:0.5] Hotel answer ${i}.`);
        }
        expect(placesOf(await chat.view()).get(call)).toBe(place);
        if (via === 'turns') await chat.result('f1', 'Lisbon: 21 °C');
        const prompt = await chat.say('[c:0.5] So, the weather?', via === 'context' ? { toolResults: [weather('f1', 'Lisbon: 21 °C')] } : {});
        expectCallsRightBeforeResults(prompt, new Set(['f1']), tokenizer);
        expect(roles(prompt.messages).slice(-3)).toEqual(['assistant:f1', 'tool:f1', 'user']);
        const view = await chat.view();
        const [moved, result] = [liveTurnOf(view, 'f1', 'assistant'), liveTurnOf(view, 'f1', 'tool')];
        expect(moved).toBe(result - 1);
        expectTogether(view, moved, result);
        // Later turns move the pair out of the window together, and into one summary.
        for (let i = 0; i < 5; i += 1) {
          await chat.reply(`[c:0.5] Weather detail ${i}.`);
          expectCallsRightBeforeResults(await chat.say(`[c:0.5] And detail ${i}?`), new Set(['f1']), tokenizer);
        }
        const later = await chat.view();
        expect(placesOf(later).get(moved)).toMatch(/^summary:/);
        expectTogether(later, moved, result);
        expectMirrorMatchesDisk(test.daemon, sessionId);
      }
    }
  });

  it('a call that moves up to its result keeps the window at its size: the turns it left behind leave the window', async () => {
    const test = await daemon({ embedder: topicEmbedder() });
    for (const results of [['k1'], ['k1', 'k2']]) {
      const chat = chatOn(test, `size-${results.length}`);
      await chat.say('[c:0.5] Find me the weather in Lisbon and Faro.');
      const calls = [];
      for (const id of results) calls.push(await chat.call(id));
      for (let i = 0; i < 2; i += 1) {
        await chat.say(`[c:0.5] While it runs, question ${i} about the hotel?`);
        await chat.reply(`[c:0.5] Hotel answer ${i}.`);
      }
      const before = placesOf(await chat.view());
      expect(before.get(calls[0] ?? 0)).toMatch(/^(window|segment)$/);
      expect(before.get(calls.at(-1) ?? 0)).toBe('window');
      const prompt = await chat.say('[c:0.5] So, the weather?', { toolResults: results.map((id) => weather(id, `[c:0.5] ${id}: 21 °C`)) });
      expectCallsRightBeforeResults(prompt, new Set(results), tokenizer);
      const view = await chat.view();
      // The calls, their results and the message are one unit; older turns leave as usual.
      expect(prompt.turn.windowTurns).toBe(view.window.turns.length);
      expect(view.window.turns.length).toBe(Math.max(prompt.turn.windowSize, 2 * results.length + 1));
      expectMirrorMatchesDisk(test.daemon, `size-${results.length}`);
    }
  });

  it('shows a stand-in call before a result whose call was summarised or never recorded, in this prompt and the next', async () => {
    const test = await daemon({ embedder: topicEmbedder() });
    const chat = chatOn(test, 'stand-in');
    await chat.say('[c:0.5] What is the weather in Porto?');
    const call = await chat.call('p1');
    for (let i = 0; i < 5; i += 1) {
      await chat.say(`[c:0.5] Meanwhile, question ${i}?`);
      await chat.reply(`[c:0.5] Answer ${i}.`);
    }
    expect(placesOf(await chat.view()).get(call)).toMatch(/^summary:/);
    const prompt = await chat.say('[c:0.5] Any news?', { toolResults: [weather('p1', 'Porto: 14 °C, rain'), weather('x1', 'Lisbon: 21 °C')] });
    expectCallsRightBeforeResults(prompt, new Set(['p1', 'x1']), tokenizer);
    expect(prompt.messages.find((message) => message.role === 'assistant' && message.toolCallId === 'p1')).toEqual({
      role: 'assistant',
      content: '',
      toolCallId: 'p1',
      name: 'get_weather',
    });
    expect(prompt.layout.sections.find((section) => section.id === 'tool-results')).toMatchObject({ itemsKept: 2 });
    await chat.reply('[c:0.5] Rain in Porto, sun in Lisbon.');
    const next = await chat.say('[c:0.5] Thanks, and tomorrow?');
    expectCallsRightBeforeResults(next, new Set(['p1', 'x1']), tokenizer);
    expect(roles(next.messages).filter((role) => role.endsWith('p1') || role.endsWith('x1'))).toEqual(['assistant:p1', 'tool:p1', 'assistant:x1', 'tool:x1']);
    // Through /turns too.
    await chat.result('x2', 'Faro: 25 °C');
    expectCallsRightBeforeResults(await chat.say('[c:0.5] And Faro?'), new Set(['p1', 'x1', 'x2']), tokenizer);
  });

  it('places several results of several calls (window, open segment, summarised, unknown) in one call, the same in a dry run and after a restart', async () => {
    const temp = makeTempDir();
    defer(temp.remove);
    const embedder = topicEmbedder();
    const first = await startTestDaemon({ env: { MEMORYD_LOG_LEVEL: 'warn' }, dir: temp.dir, keepDir: true, embedder });
    const chat = chatOn(first, 'many');
    const exchange = async (i: number) => {
      await chat.say(`[c:0.5] Question ${i}?`);
      await chat.reply(`[c:0.5] Answer ${i}.`);
    };
    await chat.say('[c:0.5] Weather for four cities, please.');
    const gone = await chat.call('gone');
    for (let i = 0; i < 2; i += 1) await exchange(i);
    const open = await chat.call('open');
    for (let i = 2; i < 4; i += 1) await exchange(i);
    const near = await chat.call('near');
    await chat.say('[c:0.5] Question 4?');
    const last = await chat.call('last');
    const places = placesOf(await chat.view());
    expect([places.get(gone) ?? 'gone', places.get(open), places.get(near), places.get(last)]).toEqual([
      expect.stringMatching(/^summary:|^gone$/),
      'segment',
      'window',
      'window',
    ]);
    const request = { toolResults: ['last', 'near', 'open', 'gone', 'unknown'].map((id) => weather(id, `[c:0.5] ${id}: 20 °C`)) };
    const answered = new Set(request.toolResults.map((result) => result.toolCallId));
    const before = await chat.view();
    const dry = await chat.say('[c:0.5] So?', { ...request, dryRun: true });
    expect({ ...(await chat.view()), stats: null }).toEqual({ ...before, stats: null });
    expectMirrorMatchesDisk(first.daemon, 'many');
    const real = await chat.say('[c:0.5] So?', request);
    expect(real.messages).toEqual(dry.messages);
    expectCallsRightBeforeResults(real, answered, tokenizer);
    const view = await chat.view();
    for (const id of ['last', 'near', 'open']) expect(liveTurnOf(view, id, 'tool')).toBe(liveTurnOf(view, id, 'assistant') + 1);
    expectMirrorMatchesDisk(first.daemon, 'many');
    const preview = await chat.say('[c:0.5] Which is warmest?', { dryRun: true });
    expectCallsRightBeforeResults(preview, answered, tokenizer);
    await first.stop();

    const second = await daemon({ dir: temp.dir, keepDir: true, embedder });
    const again = chatOn(second, 'many');
    expect({ ...(await again.view()), stats: null }).toEqual({ ...view, stats: null });
    expect((await again.say('[c:0.5] Which is warmest?', { dryRun: true })).messages).toEqual(preview.messages);
    for (let i = 0; i < 6; i += 1) {
      await again.reply(`[c:0.5] Warmest ${i}.`);
      expectCallsRightBeforeResults(await again.say(`[c:0.5] More ${i}?`), answered, tokenizer);
      const now = await again.view();
      for (const id of ['last', 'near', 'open']) expectTogether(now, liveTurnOf(view, id, 'assistant'), liveTurnOf(view, id, 'tool'));
    }
    expectMirrorMatchesDisk(second.daemon, 'many');
  });
});
